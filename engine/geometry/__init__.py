"""Tactical geometry on the square grid (shapely, no Qt): reach, arcs, flanking, charge lanes,
line of sight and cover, elevation and area templates. Everything is re-exported here."""

from vantage.engine.geometry.arcs import Arc, ArcReading, ArcWidths, arc_of, arc_polygons, bearing
from vantage.engine.geometry.charge import ChargeLane, charge_lane, charge_lanes
from vantage.engine.geometry.elevation import elevation_difference, fall_height, ground_under, height_of
from vantage.engine.geometry.flanking import Flanking, flanking_allies
from vantage.engine.geometry.obstacles import ObstacleLayer, Obstacles, obstacles_for
from vantage.engine.geometry.reach import (
    are_enemies,
    enemies_in_reach,
    footprint_distance,
    locked_pairs,
    reach_distance,
    vertical_extra_tiles,
    within_reach,
)
from vantage.engine.geometry.sight import Sight, full_cover, line_of_sight, sight_points, visibility_polygon
from vantage.engine.geometry.templates import (
    burst_tiles,
    cone_tiles,
    covered_tiles,
    line_tiles,
    square_tiles,
)

__all__ = [
    "Arc",
    "ArcReading",
    "ArcWidths",
    "ChargeLane",
    "Flanking",
    "ObstacleLayer",
    "Obstacles",
    "Sight",
    "arc_of",
    "arc_polygons",
    "are_enemies",
    "bearing",
    "burst_tiles",
    "charge_lane",
    "charge_lanes",
    "cone_tiles",
    "covered_tiles",
    "elevation_difference",
    "enemies_in_reach",
    "fall_height",
    "flanking_allies",
    "footprint_distance",
    "full_cover",
    "ground_under",
    "height_of",
    "line_of_sight",
    "line_tiles",
    "locked_pairs",
    "obstacles_for",
    "reach_distance",
    "sight_points",
    "square_tiles",
    "vertical_extra_tiles",
    "visibility_polygon",
    "within_reach",
]
