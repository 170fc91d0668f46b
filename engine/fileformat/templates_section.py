"""The ``templates`` list of an encounter file: the GM's area templates (optional; absent when
there is none, so files without templates are written as before and need no new version).

Each entry: ``{"id", "shape": circle|cone|line|square, "origin": [x, y] (tile units, on the
map), "size_feet" (> 0), "direction" (degrees, default 0), "width_feet" (default 5),
"shown" (default false), "label" (default "")}``. See docs/file-format.md.
"""

from __future__ import annotations

from typing import Any

from vantage.engine.fileformat.fields import (
    REQUIRED,
    read_bool,
    read_choice,
    read_number,
    read_objects,
    read_point,
    read_str,
)
from vantage.engine.fileformat.layers import plain_number
from vantage.engine.fileformat.problems import ProblemLog, join, show
from vantage.engine.model import AreaTemplate, TemplateKind
from vantage.engine.protocol.template_limits import (
    count_problem,
    direction_problem,
    feet_problem,
    normal_direction,
)

_SHAPES = {k.value: k for k in TemplateKind}


def encode_templates(templates: tuple[AreaTemplate, ...]) -> list[dict[str, Any]]:
    return [
        {
            "id": t.id,
            "shape": t.kind.value,
            "origin": [plain_number(t.origin[0]), plain_number(t.origin[1])],
            "size_feet": plain_number(t.size_feet),
            "direction": plain_number(t.direction),
            "width_feet": plain_number(t.width_feet),
            "shown": t.shown,
            "label": t.label,
        }
        for t in templates
    ]


def decode_templates(
    data: dict[str, Any], log: ProblemLog, bounds: tuple[int, int] | None
) -> tuple[AreaTemplate, ...]:
    """The templates of ``data["templates"]``; an entry with a problem is logged and skipped."""
    templates: list[AreaTemplate] = []
    seen: set[str] = set()
    listed = data.get("templates")
    too_many = count_problem(len(listed)) if isinstance(listed, list) else None
    if too_many:  # refused before any entry is read: 100,000 of them never finished opening
        log.add("templates", too_many)
        return ()
    for at, obj in read_objects(data, "templates", "", log):
        before = len(log.problems)
        template_id = read_str(obj, "id", at, log, non_empty=True)
        shape = read_choice(obj, "shape", at, log, _SHAPES, REQUIRED)
        origin = read_point(obj, "origin", at, log)
        size = read_number(obj, "size_feet", at, log, positive=True)
        direction = read_number(obj, "direction", at, log, 0.0)
        width = read_number(obj, "width_feet", at, log, 5.0, positive=True)
        shown = read_bool(obj, "shown", at, log, False)
        label = read_str(obj, "label", at, log, "")
        for key, value, problem in (("size_feet", size, feet_problem), ("width_feet", width, feet_problem),
                                    ("direction", direction, direction_problem)):
            why = problem(value) if value is not None else None
            if why:
                log.add(join(at, key), why)
        if origin is not None and bounds is not None:
            w, h = bounds
            if not (0 <= origin[0] <= w and 0 <= origin[1] <= h):
                log.add(join(at, "origin"), f"({origin[0]:g}, {origin[1]:g}) is off the {w}×{h} map")
        if template_id is not None and template_id in seen:
            log.add(join(at, "id"), f"{show(template_id)} is already the id of another template")
        if len(log.problems) > before or None in (template_id, shape, origin, size):
            continue
        assert template_id is not None and shape is not None and origin is not None and size is not None
        seen.add(template_id)
        templates.append(AreaTemplate(
            id=template_id, kind=shape, origin=(float(origin[0]), float(origin[1])), size_feet=size,
            direction=normal_direction(direction or 0.0), width_feet=width or 5.0, shown=bool(shown),
            label=label or "",
        ))
    return tuple(templates)
