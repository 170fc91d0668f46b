"""The limits of the GM's area templates, checked in the same words wherever a template comes
from: the commands (``place_template``, ``move_template``; engine/session/templates.py) and the
encounter file's ``templates`` list (engine/fileformat/templates_section.py).

A size or width above 0 and at most :data:`MAX_TEMPLATE_FEET`; a direction, in degrees, a finite
number within ±:data:`MAX_NUMBER` (kept as its remainder of 360); at most :data:`MAX_TEMPLATES` on
one map (docs/reliability.md, "Limits").
"""

from __future__ import annotations

import math

from vantage.engine.protocol.field_values import MAX_NUMBER

#: The largest template size the GM may give, in feet (a mile; assumed — no ruleset's area is larger).
MAX_TEMPLATE_FEET = 5280.0
#: The most templates one encounter holds: far more than a table uses, few enough that a map with
#: all of them opens and draws at once.
MAX_TEMPLATES = 1000


def _number(value: object) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    number = float(value) if abs(value) <= 1e308 else math.inf
    return number if math.isfinite(number) else None


def feet_problem(value: object) -> str | None:
    """Why ``value`` is not a template size or width in feet (None when it is one)."""
    feet = _number(value)
    if feet is None:
        return f"{value!r} is not a number of feet"
    if not 0 < feet <= MAX_TEMPLATE_FEET:
        return f"{feet:g} ft must be above 0 and at most {MAX_TEMPLATE_FEET:g} ft"
    return None


def direction_problem(value: object) -> str | None:
    """Why ``value`` is not a template direction in degrees (None when it is one)."""
    degrees = _number(value)
    if degrees is None or abs(degrees) > MAX_NUMBER:
        shown = f"{degrees:g}°" if degrees is not None else repr(value)
        return f"{shown} is not a direction (degrees within ±{MAX_NUMBER:,})"
    return None


def normal_direction(degrees: float) -> float:
    """``degrees`` as 0 ≤ d < 360 (a tiny negative angle modulo 360 is 360.0 in floating point)."""
    turned = degrees % 360
    return 0.0 if turned >= 360 else turned


def count_problem(count: int) -> str | None:
    """Why ``count`` templates are too many for one encounter (None when they are not)."""
    if count > MAX_TEMPLATES:
        return f"{count:,} templates; an encounter holds at most {MAX_TEMPLATES:,}"
    return None
