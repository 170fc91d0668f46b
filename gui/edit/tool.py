"""Edit mode on the map: paint terrain, fill, set elevation, draw and erase walls, place objects
and tokens, mark walls and objects GM only. Every stroke segment is an engine command (the GM
commands of ``vantage.engine.protocol.gm_commands``) sent through ``run_command``; each
press-drag-release is one undo step (the commands of one drag merge by their ``merge_key``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtGui import QMouseEvent, QWheelEvent

from vantage.engine import editing
from vantage.engine.model import MapObject, Side, Tile, Wall, WallKind
from vantage.engine.protocol.errors import CommandRejected
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import EncounterDocument, run_command

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command


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
    #: new tokens start hidden from the players, whether or not the player window is open (a
    #: monster set up for an ambush must not appear on the projector when it opens)
    hide_new_tokens: bool = True


#: An edit mode's name where its value capitalised does not read well.
MODE_LABELS = {EditMode.GM_ONLY: "GM only"}

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

    def status_words(self) -> str:
        mode = self.settings.mode
        return MODE_LABELS.get(mode, mode.value.capitalize())

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
        from vantage.engine.protocol.gm_commands import RemoveObjects
        point = view.map_scene().grid.map_point(view.mapToScene(event.position().toPoint()))
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
                self.send("Erase object", RemoveObjects(tile=tile))
        elif tile is not None:
            self.at_tile(tile)

    def at_tile(self, tile: Tile) -> None:
        """Apply the current tile mode at ``tile`` (terrain, fill, elevation, object, token)."""
        from vantage.engine.protocol.gm_commands import FillTerrain, PaintTerrain, PlaceObject, SetElevation
        s = self.settings
        m = self.document.encounter.map
        if s.mode is EditMode.TERRAIN:
            tiles = tuple(editing.brush_tiles(m, tile, s.brush))
            self.send(f"Paint {s.terrain}", PaintTerrain(tiles=tiles, terrain=s.terrain))
        elif s.mode is EditMode.FILL:
            self.send(f"Fill with {s.terrain}", FillTerrain(tile=tile, terrain=s.terrain))
        elif s.mode is EditMode.ELEVATION:
            tiles = tuple(editing.brush_tiles(m, tile, s.brush))
            self.send(f"Set elevation {s.elevation:g} ft", SetElevation(tiles=tiles, feet=s.elevation))
        elif s.mode is EditMode.OBJECT:
            name = f"Place {s.object_kind}" + (" (GM only)" if s.gm_only else "")
            self.send(name, PlaceObject(tile=tile, object=s.object_kind, gm_only=s.gm_only))
        elif s.mode is EditMode.TOKEN:
            self.place_new_token(tile)

    def edit_walls(self, edge: tuple[tuple[float, float], tuple[float, float]], erase: bool) -> None:
        from vantage.engine.protocol.gm_commands import SetWalls
        if erase:
            self.send("Erase wall", SetWalls(edges=(edge,), wall=None))
        else:
            kind, secret = self.settings.wall, self.settings.gm_only
            name = f"Draw {kind.value}" + (" (GM only)" if secret else "")
            self.send(name, SetWalls(edges=(edge,), wall=kind.value, gm_only=secret))

    def toggle_gm_only(self, point: tuple[float, float]) -> None:
        """Flip GM only on the wall nearest ``point`` (tile units), else the object under it."""
        from vantage.engine.protocol.gm_commands import SetGmOnly
        target = editing.gm_only_target(self.document.encounter.map, point)
        if isinstance(target, Wall):
            name = editing.gm_only_step(not target.gm_only, target.kind.value)
            self.send(name, SetGmOnly(gm_only=not target.gm_only, wall=(target.a, target.b)))
        elif isinstance(target, MapObject):
            name = editing.gm_only_step(not target.gm_only, target.name or target.id)
            self.send(name, SetGmOnly(gm_only=not target.gm_only, object=target.id))
        else:
            self.message.emit("No wall or object here to mark GM only")
            return
        self.message.emit(name)

    def send(self, name: str, command: Command) -> bool:
        """Send one stroke segment to the engine (merged into this drag's undo step); False, with
        the engine's reason in the status bar, when it refuses."""
        try:
            run_command(self.document, name, command, merge_key=self._stroke)
        except CommandRejected as refused:
            self.message.emit(refused.reason)
            return False
        return True

    def place_new_token(self, tile: Tile, image: str | None = None) -> str | None:
        """Add a token from the palette at ``tile`` (one undo step); its id, or None if refused."""
        from vantage.engine.protocol.gm_commands import AddToken
        s = self.settings
        encounter = self.document.encounter
        ids = {t.id for t in encounter.tokens}
        n = 1
        while f"token-{n}" in ids:
            n += 1
        hidden = s.hide_new_tokens  # whether or not the player window is open now: it may open later
        add = AddToken(id=f"token-{n}", name=f"{s.token_name} {n}", tile=tile, side=s.token_side.value,
                       image=image or s.token_image, hidden=hidden)
        try:
            run_command(self.document, f"Add {add.name}", add)
        except CommandRejected as refused:
            self.message.emit(refused.reason)
            return None
        if hidden:
            self.message.emit(f"{add.name} placed hidden from the players (H reveals it)")
        return add.id
