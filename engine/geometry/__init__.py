"""Tactical geometry on the square grid (shapely, no Qt): reach, arcs, flanking, charge lanes,
line of sight and cover, elevation and area templates. Everything is re-exported here."""

from engine.geometry.arcs import Arc, ArcReading, ArcWidths, arc_of, arc_polygons, bearing
from engine.geometry.charge import ChargeLane, charge_lane, charge_lanes
from engine.geometry.elevation import elevation_difference, fall_height, ground_under, height_of
from engine.geometry.flanking import Flanking, flanking_allies
from engine.geometry.obstacles import ObstacleLayer, Obstacles, obstacles_for
from engine.geometry.reach import (
    are_enemies,
    enemies_in_reach,
    footprint_distance,
    locked_pairs,
    reach_distance,
    vertical_extra_tiles,
    within_reach,
)

__all__ = [
    "Arc",
    "ArcReading",
    "ArcWidths",
    "ChargeLane",
    "Flanking",
    "ObstacleLayer",
    "Obstacles",
    "arc_of",
    "arc_polygons",
    "bearing",
    "charge_lane",
    "charge_lanes",
    "flanking_allies",
    "obstacles_for",
    "are_enemies",
    "elevation_difference",
    "enemies_in_reach",
    "fall_height",
    "footprint_distance",
    "ground_under",
    "height_of",
    "locked_pairs",
    "reach_distance",
    "vertical_extra_tiles",
    "within_reach",
]
