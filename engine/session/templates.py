"""The GM's area templates resolved: ``place_template``, ``move_template``, ``remove_template``.

Each checks its data (a known shape, an origin on the map, a size above 0 and at most
:data:`MAX_TEMPLATE_FEET`) and raises :class:`CommandRejected` naming the problem, the encounter
untouched; a command that changes nothing returns the encounter as it was and no event.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from vantage.engine.model import AreaTemplate, Encounter, TemplateKind
from vantage.engine.protocol import template_commands as t
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.template_limits import (  # noqa: F401 (MAX_TEMPLATE_FEET: the GUI's spin boxes)
    MAX_TEMPLATE_FEET,
    count_problem,
    direction_problem,
    feet_problem,
    normal_direction,
)

Outcome = tuple[Encounter, list[Event]]


_SHAPE_WORDS = {
    TemplateKind.CIRCLE: "radius",
    TemplateKind.CONE: "cone",
    TemplateKind.LINE: "line",
    TemplateKind.SQUARE: "square",
}


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise CommandRejected(f"{what}: {value!r} is not a number")
    return float(value)


def _feet(value: Any, what: str) -> float:
    feet = _number(value, what)
    problem = feet_problem(feet)
    if problem:
        raise CommandRejected(f"{what}: {problem}")
    return feet


def _direction(value: Any, what: str) -> float:
    degrees = _number(value, what)
    problem = direction_problem(degrees)
    if problem:
        raise CommandRejected(f"{what}: {problem}")
    return normal_direction(degrees)


def _origin(value: Any, encounter: Encounter, what: str) -> tuple[float, float]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise CommandRejected(f"{what}: {value!r} is not a point (two numbers [x, y])")
    x, y = _number(value[0], what), _number(value[1], what)
    m = encounter.map
    if not (0 <= x <= m.width and 0 <= y <= m.height):
        raise CommandRejected(f"{what}: ({x:g}, {y:g}) is off the {m.width}×{m.height} map")
    return (x, y)


def _template(encounter: Encounter, template_id: str) -> AreaTemplate:
    for template in encounter.templates:
        if template.id == template_id:
            return template
    raise CommandRejected(f"there is no template {template_id!r} on this map")


def describe(template: AreaTemplate) -> str:
    """"a 20 ft radius circle at (4.5, 3.5)", "a 15 ft cone at (2, 2) towards 90°" …"""
    where = f"at ({template.origin[0]:g}, {template.origin[1]:g})"
    size = f"{template.size_feet:g} ft"
    if template.kind is TemplateKind.CIRCLE:
        return f"a {size} radius circle {where}"
    if template.kind is TemplateKind.SQUARE:
        turned = f" turned {template.direction % 360:g}°" if template.direction % 360 else ""
        return f"a {size} square {where}{turned}"
    wide = f", {template.width_feet:g} ft wide" if template.kind is TemplateKind.LINE else ""
    return f"a {size} {_SHAPE_WORDS[template.kind]}{wide} {where} towards {template.direction % 360:g}°"


def place_template(encounter: Encounter, cmd: t.PlaceTemplate) -> Outcome:
    if not cmd.id.strip():
        raise CommandRejected("a new template needs an id")
    if count_problem(len(encounter.templates) + 1):
        raise CommandRejected(f"the map already holds {len(encounter.templates):,} templates, the most an "
                              "encounter holds; remove one first")
    if any(x.id == cmd.id for x in encounter.templates):
        raise CommandRejected(f"there is already a template {cmd.id!r} on this map")
    shapes = [k.value for k in TemplateKind]
    if cmd.shape.lower() not in shapes:
        raise CommandRejected(f"{cmd.shape!r} is not a template shape ({', '.join(shapes)})")
    template = AreaTemplate(
        id=cmd.id, kind=TemplateKind(cmd.shape.lower()),
        origin=_origin(cmd.origin, encounter, "place_template origin"),
        size_feet=_feet(cmd.size_feet, "place_template size"),
        direction=_direction(cmd.direction, "place_template direction"),
        width_feet=_feet(cmd.width_feet, "place_template width"),
        shown=bool(cmd.shown), label=cmd.label,
    )
    shown = " (shown to the players)" if template.shown else ""
    event = t.TemplatePlaced(sentence=f"The GM places {describe(template)}{shown}.", template=template.id)
    return replace(encounter, templates=(*encounter.templates, template)), [event]


def move_template(encounter: Encounter, cmd: t.MoveTemplate) -> Outcome:
    old = _template(encounter, cmd.template)
    new = old
    if cmd.origin is not None:
        new = replace(new, origin=_origin(cmd.origin, encounter, "move_template origin"))
    if cmd.direction is not None:
        new = replace(new, direction=_direction(cmd.direction, "move_template direction"))
    if cmd.size_feet is not None:
        new = replace(new, size_feet=_feet(cmd.size_feet, "move_template size"))
    if cmd.width_feet is not None:
        new = replace(new, width_feet=_feet(cmd.width_feet, "move_template width"))
    if cmd.shown is not None:
        new = replace(new, shown=bool(cmd.shown))
    if cmd.label is not None:
        new = replace(new, label=cmd.label.strip())
    if new == old:
        return encounter, []
    if new.shown != old.shown and replace(new, shown=old.shown) == old:
        verb = "shows the players" if new.shown else "hides from the players"
        sentence = f"The GM {verb} {describe(new)}."
    elif new.label != old.label and replace(new, label=old.label) == old:
        sentence = f"The GM names {describe(new)} {new.label!r}." if new.label else \
            f"The GM takes the name off {describe(new)}."
    else:
        sentence = f"The GM moves the template to {describe(new)}."
    templates = tuple(new if x.id == old.id else x for x in encounter.templates)
    return replace(encounter, templates=templates), [t.TemplateMoved(sentence=sentence, template=old.id)]


def remove_template(encounter: Encounter, cmd: t.RemoveTemplate) -> Outcome:
    old = _template(encounter, cmd.template)
    templates = tuple(x for x in encounter.templates if x.id != old.id)
    event = t.TemplateRemoved(sentence=f"The GM removes {describe(old)}.", template=old.id)
    return replace(encounter, templates=templates), [event]


def templates_on_map(encounter: Encounter) -> Encounter:
    """``encounter`` without the templates whose origin lies off its map (after a resize)."""
    m = encounter.map
    kept = tuple(x for x in encounter.templates
                 if 0 <= x.origin[0] <= m.width and 0 <= x.origin[1] <= m.height)
    return encounter if kept == encounter.templates else replace(encounter, templates=kept)


TEMPLATE_HANDLERS: dict[type[Command], Callable[[Encounter, Any], Outcome]] = {
    t.PlaceTemplate: place_template,
    t.MoveTemplate: move_template,
    t.RemoveTemplate: remove_template,
}
