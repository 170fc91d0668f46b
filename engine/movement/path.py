"""The values a movement query answers with: a path, the events along it, and the refusal."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from vantage.engine.explain import Breakdown
from vantage.engine.model import Tile


@dataclass(frozen=True)
class PathEvent:
    """Something that happens on step ``step`` of a path (step 1 is the first move), at ``tile``.

    ``kind``: ``"leaves_reach"`` (data: enemy, reach, disengaging), ``"leaves_cover"`` (enemy;
    rules with ``leaves_cover``), ``"enters_terrain"`` (terrain, class, setbacks),
    ``"terrain_check"`` (difficulty, feet, setbacks, steps), ``"elevation_change"`` (from_ft,
    to_ft), ``"fall"`` (feet, severity) or ``"breaks_charge"`` (step, from_direction,
    to_direction; rules with ``charges``).
    """

    kind: str
    step: int
    tile: Tile
    detail: str
    data: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Path:
    """A legal move: the positions from start to end, what it costs and what happens on the way.

    ``allowance`` is the movement this path may use (after terrain rules such as Avorkarth's);
    ``retreat`` is set when a locked token moves under rules whose locked tokens must retreat
    (``MovementRules.locked_must_retreat``, Avorkarth: only movement actions this turn).
    """

    token: str
    tiles: tuple[Tile, ...]
    cost: float
    allowance: Breakdown
    events: tuple[PathEvent, ...] = ()
    retreat: bool = False

    @property
    def steps(self) -> int:
        return len(self.tiles) - 1

    @property
    def end(self) -> Tile:
        return self.tiles[-1]

    @property
    def explanation(self) -> str:
        cost = f"{self.cost:g}"
        text = f"{self.token}: {self.steps} steps to {self.end}, cost {cost} of {self.allowance.value:g}"
        lines = [text, str(self.allowance)]
        if self.retreat:
            lines.append("retreat: a locked token may only use movement for the rest of its turn")
        lines.extend(f"step {e.step} {e.tile}: {e.detail}" for e in self.events)
        return "\n".join(lines)
