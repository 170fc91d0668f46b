"""Facing arcs: is an attacker in a defender's front, flank or back?

The arcs are wedges from the centre of the defender's footprint. The front wedge is centred on
the facing's bearing and ``front`` degrees wide; a flank wedge ``flank`` degrees wide lies on
each side of it; the back wedge is the rest. The widths are the ruleset's (there is no default:
a ruleset without facing has none). With Avorkarth's (135°, 45° each side, leaving 135° behind)
a medium token facing north has its NW, N and NE neighbours in front, W and E on the flanks and
SW, S and SE behind; a diagonal facing is the same turned 45°.

An attacker whose footprint straddles wedges is in the arc that holds the largest share of its
footprint area. Tie rule (assumed — not in the source text): equal shares go to the arc nearer
the front (front over flank over back), so an attacker must be clearly round the side to get
the better arc.

Bearings are compass bearings on screen: 0° north (up), 90° east, clockwise (y grows down).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TYPE_CHECKING, cast

from vantage.engine.model import Point, Token

if TYPE_CHECKING:  # numpy and shapely load with the first arc drawn or read, not with a ruleset (issue 32)
    import numpy as np
    from shapely.geometry import MultiPolygon, Polygon

_ARC_STEP_DEG = 3.0
#: points on the rim of each wedge when measuring shares: ≤ 7.7° apart even for a 360° wedge,
#: so the rim cuts at most 0.23 % of the radius inwards — far less than the 10 % spare radius
_WEDGE_POINTS = 48
_TIE = 1e-9


class Arc(StrEnum):
    FRONT = "front"
    FLANK = "flank"
    BACK = "back"


_ARC_ORDER = (Arc.FRONT, Arc.FLANK, Arc.BACK)


@dataclass(frozen=True)
class ArcWidths:
    """Arc widths in degrees: ``front`` centred on the facing, one ``flank`` wedge each side.

    The back arc is what is left: ``360 - front - 2 * flank``. The ruleset gives both (Avorkarth:
    ``ArcWidths(front=135, flank=45)``, leaving 135° behind).
    """

    front: float
    flank: float

    def __post_init__(self) -> None:
        if self.front < 0 or self.flank < 0 or self.front + 2 * self.flank > 360:
            raise ValueError(
                f"arc widths front {self.front}° + 2 × flank {self.flank}° must be ≥ 0 and ≤ 360°"
            )

    @property
    def back(self) -> float:
        return 360.0 - self.front - 2 * self.flank

    def spans(self, facing_deg: float) -> tuple[tuple[Arc, float, float], ...]:
        """The wedges as ``(arc, start, end)`` bearings clockwise, start < end, empty ones left out."""
        half_front = self.front / 2
        start = facing_deg - half_front
        spans = [
            (Arc.FRONT, start, start + self.front),
            (Arc.FLANK, start + self.front, start + self.front + self.flank),
            (Arc.BACK, start + self.front + self.flank, start + self.front + self.flank + self.back),
            (Arc.FLANK, start + 360 - self.flank, start + 360),
        ]
        return tuple(s for s in spans if s[2] - s[1] > 0)


@dataclass(frozen=True)
class ArcReading:
    """Which arc of the defender the attacker is in, with the footprint share in each arc."""

    arc: Arc
    shares: Mapping[Arc, float]
    explanation: str


def bearing(origin: Point, to: Point) -> float:
    """Compass bearing in degrees [0, 360) from ``origin`` to ``to`` (y down, 0 is north)."""
    dx, dy = to[0] - origin[0], to[1] - origin[1]
    return math.degrees(math.atan2(dx, -dy)) % 360


def _wedge(centre: Point, start: float, end: float, radius: float) -> Polygon:
    from shapely.geometry import Polygon

    steps = max(2, math.ceil((end - start) / _ARC_STEP_DEG) + 1)
    cx, cy = centre
    points = [centre]
    for i in range(steps):
        b = math.radians(start + (end - start) * i / (steps - 1))
        points.append((cx + radius * math.sin(b), cy - radius * math.cos(b)))
    return Polygon(points)


def _wedges(centre: Point, spans: tuple[tuple[Arc, float, float], ...], radius: float) -> np.ndarray:
    """The wedges of ``spans`` as an array of polygons, each arc drawn with the same point count."""
    import numpy as np
    import shapely

    starts = np.array([s for _, s, _ in spans])[:, None]
    ends = np.array([e for _, _, e in spans])[:, None]
    bearings = np.radians(starts + (ends - starts) * np.linspace(0.0, 1.0, _WEDGE_POINTS)[None, :])
    cx, cy = centre
    rim = np.stack([cx + radius * np.sin(bearings), cy - radius * np.cos(bearings)], axis=2)
    apex = np.broadcast_to(np.array(centre, dtype=float), (len(spans), 1, 2))
    return cast(np.ndarray, shapely.polygons(np.concatenate([apex, rim, apex], axis=1)))


def _cover_radius(defender: Token, attacker: Token) -> float:
    """A wedge radius that reaches past every corner of the attacker's footprint."""
    cx, cy = defender.centre
    x0, y0 = attacker.position
    n = attacker.footprint
    far = max(math.hypot(x - cx, y - cy) for x in (x0, x0 + n) for y in (y0, y0 + n))
    # the polygonal arc cuts the chord inwards by r(1 - cos(step/2)); 10 % spare is plenty
    return far * 1.1 + 1.0


def arc_polygons(
    defender: Token, widths: ArcWidths, radius: float = 6.0
) -> dict[Arc, Polygon | MultiPolygon]:
    """The arc wedges of ``defender`` with the ruleset's ``widths``, for drawing: flanks are one
    two-part geometry."""
    from shapely.geometry import MultiPolygon

    parts: dict[Arc, list[Polygon]] = {}
    for arc, start, end in widths.spans(defender.facing.degrees):
        parts.setdefault(arc, []).append(_wedge(defender.centre, start, end, radius))
    return {arc: polys[0] if len(polys) == 1 else MultiPolygon(polys) for arc, polys in parts.items()}


def arc_of(defender: Token, attacker: Token, widths: ArcWidths) -> ArcReading:
    """The arc of ``defender`` (with the ruleset's ``widths``) that ``attacker`` is in: the one
    holding most of its footprint."""
    import shapely

    x0, y0 = attacker.position
    n = attacker.footprint
    box = shapely.box(x0, y0, x0 + n, y0 + n)
    spans = widths.spans(defender.facing.degrees)
    wedges = _wedges(defender.centre, spans, _cover_radius(defender, attacker))
    areas = dict.fromkeys(_ARC_ORDER, 0.0)
    for (arc, _, _), area in zip(spans, shapely.area(shapely.intersection(box, wedges)), strict=True):
        areas[arc] += float(area)
    total = sum(areas.values()) or 1.0
    shares = {arc: area / total for arc, area in areas.items()}
    best = max(shares.values())
    arc = next(a for a in _ARC_ORDER if shares[a] >= best - _TIE)
    return ArcReading(arc, MappingProxyType(shares), arc_explanation(defender, attacker, arc, shares))


def arc_explanation(defender: Token, attacker: Token, arc: Arc, shares: Mapping[Arc, float]) -> str:
    """The sentence of an :class:`ArcReading` (:func:`arc_of`) of ``attacker`` in ``arc`` of
    ``defender``, with the footprint's ``shares``."""
    parts = ", ".join(f"{a.value} {shares[a]:.0%}" for a in _ARC_ORDER if shares[a] > 0.005)
    return (
        f"{attacker.name} is in the {arc.value} arc of {defender.name} "
        f"(facing {defender.facing.name}; footprint {parts})"
    )


#: How near a share may come to an edge of what a reading shows and still be :func:`settled`:
#: far above what moving both tokens moves a share by (the float's last bits: under 1e-13 on
#: maps of hundreds of tiles), far below any share a footprint and a wedge make.
_EDGE = 1e-11


def settled(shares: Mapping[Arc, float]) -> bool:
    """Whether :func:`arc_of`'s arc and sentence for these ``shares`` stand clear of every edge
    they are read across — the tie (:data:`_TIE`), the 0.5 % below which a share is not named,
    and the half percent a named share is rounded at — so that the same two tokens standing
    the same way to each other anywhere else on the map read the same arc and sentence (the
    shares, worked out from other coordinates, differ only in their last bits). A share on
    such an edge (a footprint cut at exactly 12.5 %, say) is not settled: read it where it is."""
    best = max(shares.values())
    for share in shares.values():
        percent = share * 100
        if (abs(share - (best - _TIE)) <= _EDGE or abs(share - 0.005) <= _EDGE
                or abs(percent - math.floor(percent) - 0.5) <= _EDGE * 100):
            return False
    return True
