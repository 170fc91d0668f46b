"""Tactical geometry on the square grid (shapely, no Qt): reach, arcs, flanking, charge lanes,
line of sight and cover, elevation and area templates. Everything is re-exported here.

The re-exports load with the module that defines them, when first asked for
(``from vantage.engine.geometry import within_reach`` loads ``reach`` only): reach and elevation
need neither numpy nor shapely, so a window that only asks who is in reach does not load them
(issue 32, start-up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.lazy_exports import lazy_exports

if TYPE_CHECKING:
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
    from vantage.engine.geometry.sight import (
        Sight,
        full_cover,
        line_of_sight,
        sight_points,
        visibility_polygon,
    )
    from vantage.engine.geometry.templates import (
        burst_tiles,
        cone_tiles,
        covered_tiles,
        line_tiles,
        square_tiles,
    )

#: Each re-exported name and the module of this package that defines it.
_HOME = {
    "Arc": "arcs", "ArcReading": "arcs", "ArcWidths": "arcs", "arc_of": "arcs", "arc_polygons": "arcs",
    "bearing": "arcs",
    "ChargeLane": "charge", "charge_lane": "charge", "charge_lanes": "charge",
    "elevation_difference": "elevation", "fall_height": "elevation", "ground_under": "elevation",
    "height_of": "elevation",
    "Flanking": "flanking", "flanking_allies": "flanking",
    "ObstacleLayer": "obstacles", "Obstacles": "obstacles", "obstacles_for": "obstacles",
    "are_enemies": "reach", "enemies_in_reach": "reach", "footprint_distance": "reach",
    "locked_pairs": "reach", "reach_distance": "reach", "vertical_extra_tiles": "reach",
    "within_reach": "reach",
    "Sight": "sight", "full_cover": "sight", "line_of_sight": "sight", "sight_points": "sight",
    "visibility_polygon": "sight",
    "burst_tiles": "templates", "cone_tiles": "templates", "covered_tiles": "templates",
    "line_tiles": "templates", "square_tiles": "templates",
}


__getattr__ = lazy_exports(__name__, _HOME)


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
