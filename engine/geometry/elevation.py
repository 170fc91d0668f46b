"""Heights on the map: how high a token stands, the difference between two, a fall.

A token stands on the *highest* ground under its footprint (a large creature straddling a ledge
stands on the ledge) plus its own ``elevation`` (flying, climbing). Heights are in feet.
"""

from __future__ import annotations

from vantage.engine.model import Encounter, GameMap, Tile, Token


def ground_under(game_map: GameMap, token: Token) -> float:
    """The highest ground elevation (feet) among the in-bounds tiles of the token's footprint."""
    (x0, y0), n = token.position, token.size.footprint
    w, h, elevation = game_map.width, game_map.height, game_map.elevation
    if n == 1:  # the common case, without a list
        return elevation[y0 * w + x0] if 0 <= x0 < w and 0 <= y0 < h else 0.0
    heights = [  # row by row, as ``token.footprint_tiles()``
        elevation[y * w + x] for y in range(y0, y0 + n) if 0 <= y < h for x in range(x0, x0 + n) if 0 <= x < w
    ]
    return max(heights, default=0.0)


def height_of(game_map: GameMap, token: Token) -> float:
    """Feet above the map's zero: the ground under the token plus the token's own elevation."""
    return ground_under(game_map, token) + token.elevation


def elevation_difference(encounter: Encounter, a_id: str, b_id: str) -> float:
    """``height(a) - height(b)`` in feet: positive when ``a`` is on higher ground than ``b``."""
    game_map = encounter.map
    return height_of(game_map, encounter.token(a_id)) - height_of(game_map, encounter.token(b_id))


def fall_height(game_map: GameMap, from_tile: Tile, to_tile: Tile) -> float:
    """Feet dropped stepping from ``from_tile`` to ``to_tile``; 0 when the step is level or up."""
    drop = game_map.elevation_at(from_tile) - game_map.elevation_at(to_tile)
    return drop if drop > 0 else 0.0
