"""What a placed area template covers: its outline, its tiles and the tokens inside it.

The shapes come from :mod:`vantage.engine.geometry.templates` (a tile counts when more than half
of it lies inside). Sizes are in feet and turned into tiles by the map's ``feet_per_tile``. A
token is inside a template when at least one tile of its footprint is covered (assumed — not in
any source text; a large creature is caught by a corner of a burst, as on the table).
"""

from __future__ import annotations

import shapely
from shapely import affinity

from vantage.engine.geometry.templates import burst_shape, cone_shape, covered_tiles, line_shape
from vantage.engine.model import AreaTemplate, Encounter, GameMap, TemplateKind, Tile, Token

#: A cone is as wide as it is long: a 90° sector (assumed — the engine's cone default).
CONE_ANGLE_DEG = 90.0


def template_shape(template: AreaTemplate, feet_per_tile: float) -> shapely.Geometry:
    """The area of ``template`` in tile units."""
    size = template.size_feet / feet_per_tile
    ox, oy = template.origin
    if template.kind is TemplateKind.CIRCLE:
        return burst_shape(template.origin, size)
    if template.kind is TemplateKind.CONE:
        return cone_shape(template.origin, template.direction, size, CONE_ANGLE_DEG)
    if template.kind is TemplateKind.LINE:
        end = _ahead(template.origin, template.direction, size)
        return line_shape(template.origin, end, template.width_feet / feet_per_tile)
    half = size / 2
    square = shapely.box(ox - half, oy - half, ox + half, oy + half)
    if template.direction % 360:
        return affinity.rotate(square, template.direction, origin=(ox, oy))
    return square


def _ahead(origin: tuple[float, float], bearing_deg: float, length: float) -> tuple[float, float]:
    import math

    rad = math.radians(bearing_deg)
    return (origin[0] + length * math.sin(rad), origin[1] - length * math.cos(rad))


def template_tiles(game_map: GameMap, template: AreaTemplate) -> frozenset[Tile]:
    """The map tiles more than half inside ``template``."""
    if template.size_feet <= 0:
        return frozenset()
    return covered_tiles(game_map, template_shape(template, game_map.feet_per_tile))


def tokens_inside(encounter: Encounter, template: AreaTemplate) -> tuple[Token, ...]:
    """The tokens with at least one footprint tile covered by ``template``, in the encounter's order.
    Ask it of the players' view to list only what the players may see."""
    tiles = template_tiles(encounter.map, template)
    return tuple(t for t in encounter.tokens if any(f in tiles for f in t.footprint_tiles()))
