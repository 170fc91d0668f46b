"""Avorkarth's map parameters: the widths of its facing arcs and the charge distance."""

from __future__ import annotations

from vantage.engine.geometry.arcs import ArcWidths
from vantage.engine.rules.base import Overlay, Tactics
from vantage.engine.terrain import MovementClass

#: "Almost each creature in Avorkarth has a front, flank and back": for a creature facing north,
#: NW/N/NE are its front, W/E its flanks, SW/S/SE its back (the widths are assumed — not in the
#: source text; see docs/rules/avorkarth.md).
ARC_WIDTHS = ArcWidths(front=135.0, flank=45.0)

#: Charging: "This can only be done if the creature has a clear line between themselves and their
#: target and is at least 3 tiles away." — the target's distance (footprint to footprint) is at
#: least 3; the lane itself needs only to move (at least 1 tile; from 3 away it moves at least 2).
CHARGE_MIN_DISTANCE = 3
CHARGE_MIN_TILES = 1

#: Avorkarth draws every overlay; a drag warns where a path leaves an enemy's reach (an attack of
#: opportunity), breaks a charge lane, needs a terrain check or falls.
#: "Harsh Terrain (Quicksand) : No Movement": a charge lane through it is no lane.
CHARGE_STOPPING_TERRAIN = frozenset({MovementClass.IMPASSABLE, MovementClass.HARSH})

TACTICS = Tactics(
    ARC_WIDTHS, CHARGE_MIN_TILES, overlays=frozenset(Overlay),
    path_warnings=frozenset({"leaves_reach", "breaks_charge", "terrain_check", "fall"}),
    charge_stopping_terrain=CHARGE_STOPPING_TERRAIN, charge_min_distance=CHARGE_MIN_DISTANCE,
)
