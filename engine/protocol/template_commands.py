"""The GM's area templates on the map: commands to place, move (turn, resize, show) and remove
one, and their events. No ruleset judges them; ``vantage.engine.session.templates`` resolves
them. A template's ``origin`` is a point ``[x, y]`` in tile units; sizes are in feet; a
``direction`` is a compass bearing in degrees (0 north, clockwise). See docs/commands.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vantage.engine.protocol.commands import Command, cmd
from vantage.engine.protocol.events import Event, ev

Point = tuple[float, float]


@cmd
@dataclass(frozen=True)
class PlaceTemplate(Command):
    """Put a new template ``id`` of ``shape`` (circle, cone, line, square) at ``origin``:
    ``size_feet`` is a circle's radius, a cone's or a line's length, a square's side;
    ``width_feet`` a line's width; ``shown`` puts it on the projector too."""

    kind: ClassVar[str] = "place_template"
    id: str
    shape: str
    origin: Point
    size_feet: float
    direction: float = 0.0
    width_feet: float = 5.0
    shown: bool = False
    label: str = ""


@cmd
@dataclass(frozen=True)
class MoveTemplate(Command):
    """Move, turn, resize, show/hide or rename the template ``template``; a field left null stays."""

    kind: ClassVar[str] = "move_template"
    template: str
    origin: Point | None = None
    direction: float | None = None
    size_feet: float | None = None
    width_feet: float | None = None
    shown: bool | None = None
    label: str | None = None


@cmd
@dataclass(frozen=True)
class RemoveTemplate(Command):
    """Take the template ``template`` off the map."""

    kind: ClassVar[str] = "remove_template"
    template: str


@ev
@dataclass(frozen=True, kw_only=True)
class TemplatePlaced(Event):
    kind: ClassVar[str] = "template_placed"
    sentence: str
    template: str


@ev
@dataclass(frozen=True, kw_only=True)
class TemplateMoved(Event):
    kind: ClassVar[str] = "template_moved"
    sentence: str
    template: str


@ev
@dataclass(frozen=True, kw_only=True)
class TemplateRemoved(Event):
    kind: ClassVar[str] = "template_removed"
    sentence: str
    template: str
