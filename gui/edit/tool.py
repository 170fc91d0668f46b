"""Edit mode on the map: paint terrain, fill, set elevation, draw and erase walls, place objects
and tokens, mark walls and objects GM only. Each press-drag-release is one undo step (the strokes
of one drag merge).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import StrEnum

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QMouseEvent, QWheelEvent

from vantage.engine import editing
from vantage.engine.model import GameMap, Side, Tile, Token, WallKind
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.palette import TILE_PX
from vantage.gui.document import EncounterDocument


class EditMode(StrEnum):
    TERRAIN = "terrain"
    FILL = "fill"
    ELEVATION = "elevation"
    WALL = "wall"
    ERASE = "erase"
    OBJECT = "object"
    TOKEN = "token"
    GM_ONLY = "gm-only"


@dataclass
class EditSettings:
    """What the editor panel has chosen; the tool reads it on each stroke."""

    mode: EditMode = EditMode.TERRAIN
    terrain: str = "brush"
    brush: int = 1
    elevation: float = 5.0
    wall: WallKind = WallKind.WALL
    object_kind: str = "pillar"
    gm_only: bool = False  # new walls and objects are the GM's secret (secret doors, traps)
    token_image: str | None = None
    token_side: Side = Side.ENEMY
    token_name: str = "Creature"


_strokes = itertools.count(1)


class EditTool(QObject):
    message = Signal(str)

    def __init__(self, document: EncounterDocument, settings: EditSettings | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.settings = settings or EditSettings()
        self._stroke: str | None = None
        self._last: object = None

    # -- ViewTool --------------------------------------------------------------------------
    def press(self, view: MapView, event: QMouseEvent) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        self._stroke = f"edit-{next(_strokes)}"
        self._last = None
        self._apply(view, event)
        return True

    def move(self, view: MapView, event: QMouseEvent) -> bool:
        if self._stroke is None:
            return False
        if self.settings.mode in (EditMode.TERRAIN, EditMode.ELEVATION, EditMode.WALL, EditMode.ERASE):
            self._apply(view, event)
        return True

    def release(self, view: MapView, event: QMouseEvent) -> bool:
        if self._stroke is None or event.button() != Qt.MouseButton.LeftButton:
            return False
        self._stroke = None
        return True

    def wheel(self, view: MapView, event: QWheelEvent) -> bool:
        return False

    # -- edits -----------------------------------------------------------------------------
    def _apply(self, view: MapView, event: QMouseEvent) -> None:
        p = view.mapToScene(event.position().toPoint())
        point = (p.x() / TILE_PX, p.y() / TILE_PX)
        tile = view.tile_at(event.position())
        mode = self.settings.mode
        if mode is EditMode.GM_ONLY:
            self.toggle_gm_only(point)
            return
        if mode in (EditMode.WALL, EditMode.ERASE):
            edge = editing.nearest_edge(point)
            key: object = edge if edge is not None else tile
        else:
            key = tile
        if key is None or key == self._last:
            return
        self._last = key
        if mode is EditMode.WALL:
            if edge is not None:
                self.edit_walls(edge, erase=False)
        elif mode is EditMode.ERASE:
            if edge is not None and editing.wall_on_edge(self.document.encounter.map, *edge):
                self.edit_walls(edge, erase=True)
            elif tile is not None:
                self.commit_map("Erase object", editing.remove_object_at(self.document.encounter.map, tile))
        elif tile is not None:
            self.at_tile(tile)

    def at_tile(self, tile: Tile) -> None:
        """Apply the current tile mode at ``tile`` (terrain, fill, elevation, object, token)."""
        s = self.settings
        m = self.document.encounter.map
        if s.mode is EditMode.TERRAIN:
            tiles = editing.brush_tiles(m, tile, s.brush)
            self.commit_map(f"Paint {s.terrain}", editing.paint_terrain(m, tiles, s.terrain))
        elif s.mode is EditMode.FILL:
            self.commit_map(f"Fill with {s.terrain}", editing.flood_fill(m, tile, s.terrain))
        elif s.mode is EditMode.ELEVATION:
            tiles = editing.brush_tiles(m, tile, s.brush)
            raised = editing.set_elevation(m, tiles, s.elevation)
            self.commit_map(f"Set elevation {s.elevation:g} ft", raised)
        elif s.mode is EditMode.OBJECT:
            placed = editing.place_object(m, tile, s.object_kind, s.gm_only)
            self.commit_map(f"Place {s.object_kind}" + (" (GM only)" if s.gm_only else ""), placed)
        elif s.mode is EditMode.TOKEN:
            self.place_new_token(tile)

    def edit_walls(self, edge: tuple[tuple[float, float], tuple[float, float]], erase: bool) -> None:
        m = self.document.encounter.map
        if erase:
            self.commit_map("Erase wall", editing.erase_wall(m, *edge))
        else:
            kind, secret = self.settings.wall, self.settings.gm_only
            drawn = editing.put_wall(m, *edge, kind, secret)
            self.commit_map(f"Draw {kind.value}" + (" (GM only)" if secret else ""), drawn)

    def toggle_gm_only(self, point: tuple[float, float]) -> None:
        """Flip GM only on the wall nearest ``point`` (tile units), else the object under it."""
        game_map, name = editing.toggle_gm_only(self.document.encounter.map, point)
        if name:
            self.commit_map(name, game_map)
            self.message.emit(name)
        else:
            self.message.emit("No wall or object here to mark GM only")

    def commit_map(self, name: str, game_map: GameMap) -> None:
        encounter = self.document.encounter
        if game_map is encounter.map or game_map == encounter.map:
            return
        self.document.commit(name, encounter.with_map(game_map), merge_key=self._stroke)

    def place_new_token(self, tile: Tile, image: str | None = None) -> str | None:
        """Add a token from the palette at ``tile`` (one undo step); its id, or None if occupied."""
        s = self.settings
        encounter = self.document.encounter
        taken = {t for token in encounter.tokens for t in token.footprint_tiles()}
        if tile in taken or not encounter.map.in_bounds(tile):
            self.message.emit(f"{tile} is taken or off the map")
            return None
        ids = {t.id for t in encounter.tokens}
        n = 1
        while f"token-{n}" in ids:
            n += 1
        token = Token(f"token-{n}", f"{s.token_name} {n}", tile, s.token_side, image=image or s.token_image)
        self.document.commit(f"Add {token.name}", encounter.with_token(token))
        return token.id
