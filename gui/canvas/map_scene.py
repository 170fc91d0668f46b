"""The map as a Qt scene: ground, structures, background and tokens of one encounter.

A :class:`MapScene` can be shown by several views at once (the GM window and the player window).
It draws what it is given: ``set_encounter`` syncs the items from an engine value, touching only
what changed. In ``player_mode`` the scene first passes the encounter through ``view_filter``
(the engine's player-view filter: fog, hidden tokens) and leaves GM-only marks out.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QRectF, QTimer, Signal
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene

from vantage.engine.model import Encounter, GameMap, Tile, Token
from vantage.gui.canvas.ground_cache import GroundLayer
from vantage.gui.canvas.map_grid import MapGrid, grid_of
from vantage.gui.canvas.map_picture import background_path, picture_key
from vantage.gui.canvas.palette import MARGIN_COLOUR
from vantage.gui.canvas.picture_item import PictureItem
from vantage.gui.canvas.picture_loading import (
    SHOW_PROGRESS_AFTER_MS,
    DecodeProgress,
    PictureDecode,
    decoded_away,
)
from vantage.gui.canvas.structure_layer import StructureLayer, background_picture_item
from vantage.gui.canvas.terrain_layer import TerrainLayer
from vantage.gui.canvas.token_dots import TokenDots
from vantage.gui.canvas.token_item import (
    DETAIL_MIN_PX,
    MAX_GROW,
    TokenItem,
    disc_inset,
    make_room_for_pictures,
)
from vantage.gui.document import EncounterDocument

EncounterFilter = Callable[[Encounter], Encounter]


def changed_tiles(old: GameMap, new: GameMap) -> list[Tile] | None:
    """Tiles whose terrain or elevation differ; None when the maps differ in shape or kinds."""
    if (old.width, old.height) != (new.width, new.height) or dict(old.terrain_kinds) != dict(
        new.terrain_kinds
    ):
        return None
    w = new.width
    out: list[Tile] = []
    for before, after in ((old.terrain, new.terrain), (old.elevation, new.elevation)):
        if before is not after:
            out += [(i % w, i // w) for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    return out


class MapScene(QGraphicsScene):
    """The picture of one encounter. ``token_items`` maps token id → :class:`TokenItem`.

    ``grid`` is the shown map's :class:`~vantage.gui.canvas.map_grid.MapGrid` (``grid_of(map)``):
    tools convert between tiles and scene units with it, and the items the scene makes are given
    it. Another map brings another grid (its feet per tile); an item keeps the one it was made
    with, whose scene units are the same.
    """

    encounter_changed = Signal()
    #: the background's notice changed: the new sentence, "" when there is none
    background_notice_changed = Signal(str)

    def __init__(
        self,
        encounter: Encounter,
        base_dir: Path | None = None,
        player_mode: bool = False,
        view_filter: EncounterFilter | None = None,
    ) -> None:
        super().__init__()
        self.player_mode = player_mode
        self.view_filter = view_filter
        self.base_dir = base_dir
        self.setBackgroundBrush(MARGIN_COLOUR)
        self.setItemIndexMethod(QGraphicsScene.ItemIndexMethod.BspTreeIndex)
        make_room_for_pictures()  # the tokens keep what they drew as pictures (token_item)
        #: the device pixels per scene unit the tokens were last shown at (dot_tokens_at), and
        #: whether they keep pictures (keep_token_pictures: the view stands still)
        self._token_scale = 1.0
        self._token_pictures = False
        self.source_encounter = encounter
        self.encounter = self._shown(encounter)
        self.grid: MapGrid = grid_of(self.encounter.map)
        self.terrain = TerrainLayer(self.encounter.map, translucent=self.encounter.map.background is not None)
        self.structures = StructureLayer(self.encounter.map)
        self.background: PictureItem | None = None
        #: the big picture being decoded on the thread pool for this scene, and its progress dialog
        self.pending_decode: PictureDecode | None = None
        self.decode_progress: DecodeProgress | None = None
        #: what the GM should know about the background: shown downscaled, or why it is not shown
        self.background_notice: str | None = None
        self.addItem(self.terrain)
        self.addItem(self.structures)
        self._set_background()
        self.token_items: dict[str, TokenItem] = {}
        #: every token as a plain disc in one item, while the view is zoomed out (set_token_detail)
        self.token_dots = TokenDots(self.token_items.values, self._dots_rect)
        self.addItem(self.token_dots)
        #: which token items ``token_dots`` draws (dot_tokens_at, set_token_detail): none at first
        self._dotted: Callable[[TokenItem], bool] = lambda item: False
        self._tokens_by_tile: tuple[tuple[Token, ...], dict[Tile, str]] | None = None  # token_at_tile
        self._sync_tokens()
        self._fit_rect()

    def ground_layers(self) -> list[GroundLayer]:
        """The items of the map's ground, lowest first: the background picture (when shown), the
        terrain and the walls; every other item of the scene lies above them."""
        layers: list[GroundLayer] = [self.terrain, self.structures]
        return layers if self.background is None else [self.background, *layers]

    def _dots_rect(self) -> QRectF:
        margin = self.grid.tile_px
        return self.map_rect().adjusted(-margin, -margin, margin, margin)

    def token_detail(self) -> bool:
        """Whether each token draws itself (False: some or all are drawn as discs by ``token_dots``)."""
        return not self.token_dots.isVisible()

    def set_token_detail(self, detailed: bool) -> None:
        """Let each token draw itself (``detailed``), or draw them all as the plain discs a token
        draws when zoomed out (see :mod:`vantage.gui.canvas.token_dots`)."""
        self._set_dotted(lambda item: not detailed)

    def dot_tokens_at(self, device_px_per_tile: float) -> None:
        """At ``device_px_per_tile`` (the view's zoom), the tokens that are plain discs even grown
        to their minimum size on screen (MAX_GROW at most) are drawn by ``token_dots`` in one item;
        the others — a dragon among goblins — draw themselves."""
        tile = self.grid.tile_px
        self._token_scale = device_px_per_tile / tile
        self._set_dotted(lambda item: device_px_per_tile * item.side_px / tile * MAX_GROW < DETAIL_MIN_PX)

    def keep_token_pictures(self, still: bool) -> None:
        """Let the tokens and the item of discs keep what they drew as pictures (``still``: the
        view paints a second frame at its zoom), or paint straight onto each frame (a frame at a
        new zoom); see :mod:`vantage.gui.canvas.token_item`."""
        if still == self._token_pictures:
            return
        self._token_pictures = still
        for item in self.token_items.values():
            item.keep_picture_at(self._token_scale if still else None)
        self.token_dots.setCacheMode(QGraphicsItem.CacheMode.DeviceCoordinateCache if still
                                     else QGraphicsItem.CacheMode.NoCache)

    def _set_dotted(self, dotted: Callable[[TokenItem], bool]) -> None:
        self._dotted = dotted
        if self._apply_dotted():
            self.token_dots.refresh()

    def _apply_dotted(self) -> bool:
        """Give each token item to ``token_dots`` or back by ``_dotted``; whether any changed."""
        changed = False
        for item in self.token_items.values():
            # a picture while the view stands still and the token is small enough on screen
            item.keep_picture_at(self._token_scale if self._token_pictures else None)
            wanted = self._dotted(item)
            if wanted != item.dotted:
                item.set_dotted(self.token_dots if wanted else None)
                changed = True
        any_dotted = any(item.dotted for item in self.token_items.values())
        if any_dotted != self.token_dots.isVisible():
            self.token_dots.setVisible(any_dotted)
            changed = True
        return changed

    def _shown(self, encounter: Encounter) -> Encounter:
        if self.player_mode and self.view_filter is not None:
            return self.view_filter(encounter)
        return encounter

    def map_rect(self) -> QRectF:
        m = self.encounter.map
        return self.grid.map_rect(m.width, m.height)

    def _fit_rect(self) -> None:
        margin = self.grid.scene_length(2)
        self.setSceneRect(self.map_rect().adjusted(-margin, -margin, margin, margin))

    def _set_background(self) -> None:
        previous = self.background  # kept until the new item is made: the same picture is not decoded again
        if self.background is not None:
            self.removeItem(self.background)
            self.background = None
        bg = self.encounter.map.background
        notice: str | None = None
        if bg is not None:
            decode = decoded_away(background_path(bg, self.base_dir))
            if decode is not None:  # a big picture: decoded on the thread pool, the map usable meanwhile
                self._wait_for(decode)
                notice = f"Decoding the background picture {Path(bg.path).name} … (the map works meanwhile)"
            else:
                item = background_picture_item(bg, self.base_dir, self.grid)
                if isinstance(item, PictureItem):
                    self.background = item
                    self.addItem(item)
                    notice = item.notice
                else:
                    notice = item
        del previous
        self._say_background(notice)

    def _say_background(self, notice: str | None) -> None:
        if notice != self.background_notice:
            self.background_notice = notice
            self.background_notice_changed.emit(notice or "")

    def _wait_for(self, decode: PictureDecode) -> None:
        """Show the picture of ``decode`` when it is ready, if the map still wants it; progress and
        Cancel over the first view's window while it runs."""
        if self.pending_decode is decode:
            return
        self.pending_decode = decode
        decode.finished.connect(self._decode_finished)
        if not self.player_mode:  # the GM's window: its view may not be made yet, so a moment later
            QTimer.singleShot(SHOW_PROGRESS_AFTER_MS, lambda: self._show_progress(decode))

    def _show_progress(self, decode: PictureDecode) -> None:
        views = self.views()
        if self.pending_decode is decode and not decode.done and views and self.decode_progress is None:
            self.decode_progress = DecodeProgress(decode, views[0].window())
            self.decode_progress.show()

    def _decode_finished(self) -> None:
        decode, self.pending_decode = self.pending_decode, None
        if self.decode_progress is not None:
            with contextlib.suppress(RuntimeError):  # its window may be closed (the dialog gone with it)
                self.decode_progress.close()
                self.decode_progress.deleteLater()
            self.decode_progress = None
        if decode is None or not decode.done:
            return
        bg = self.encounter.map.background
        if bg is None or picture_key(background_path(bg, self.base_dir)) != decode.key:
            return  # the map changed its background meanwhile
        if decode.picture is None:
            self._say_background(f"The background picture cannot be shown: {decode.error}")
            return
        held = decode.picture  # held while the item is made from the shared copy
        self._set_background()
        del held

    def set_encounter(self, encounter: Encounter, base_dir: Path | None = None) -> None:
        """Show ``encounter``, redrawing only the chunks, structures and tokens that changed."""
        if base_dir is not None:
            self.base_dir = base_dir
        old = self.encounter
        self.source_encounter = encounter
        new = self._shown(encounter)
        self.encounter = new
        if new.map is not old.map:
            self.grid = grid_of(new.map)
            tiles = changed_tiles(old.map, new.map)
            self.terrain.set_translucent(new.map.background is not None)
            self.terrain.set_map(new.map, tiles)
            if (new.map.walls, new.map.objects) != (old.map.walls, old.map.objects):
                self.structures.set_map(new.map)
            if new.map.background != old.map.background or base_dir is not None:
                self._set_background()
            if tiles is None:
                self._fit_rect()
        self._sync_tokens()
        self.encounter_changed.emit()

    def _sync_tokens(self) -> None:
        wanted = {t.id: t for t in self.encounter.tokens}
        for token_id in list(self.token_items):
            if token_id not in wanted:
                self.removeItem(self.token_items.pop(token_id))
        for token_id, token in wanted.items():
            item = self.token_items.get(token_id)
            if item is None:
                item = TokenItem(token, self.grid, self.base_dir, gm_view=not self.player_mode)
                if not self.player_mode:
                    item.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
                self.token_items[token_id] = item
                self.addItem(item)
            elif item.token != token:
                item.sync(token)  # a new size may change whether it is a disc
        self._apply_dotted()
        if self.token_dots.isVisible():
            self.token_dots.refresh()

    def follow(self, document: EncounterDocument) -> None:
        """Show ``document``'s encounter from now on, after every change, with each token's health
        as its ruleset reads it (the GM's scene; a player scene is fed the filtered view instead)."""
        def sync() -> None:
            from vantage.engine.rules.asking import health_of_tokens  # the rules load with the late part

            self.set_encounter(document.encounter)
            health = health_of_tokens(document.encounter)
            for token_id, item in self.token_items.items():
                item.set_health(health.get(token_id))

        document.changed.connect(sync)
        sync()

    def mark_selected(self, token_id: str | None) -> None:
        """Draw ``token_id``'s token as selected, and no other (None: none)."""
        for tid, item in self.token_items.items():
            item.setSelected(tid == token_id)

    def token_at_tile(self, tile: Tile, point: tuple[float, float] | None = None) -> str | None:
        """The id of the token whose footprint covers ``tile`` (topmost), or None.

        A rider is drawn smaller, on top of its mount: given the ``point`` (in tile units) inside the
        tile, a point outside the rider's disc picks the mount under it.

        Looked up in an index of the footprints, made once per tokens value (the mouse asks on
        every move; a scan of every token grew with the token count)."""
        tokens = self.encounter.tokens
        index = self._tokens_by_tile
        if index is None or index[0] is not tokens:
            by_tile: dict[Tile, str] = {}
            drawn = sorted(tokens, key=lambda t: t.rides is not None)  # riders on top, then file order
            for token in drawn:  # later tokens are drawn on top: they win
                for covered in token.footprint_tiles():
                    by_tile[covered] = token.id
            index = self._tokens_by_tile = (tokens, by_tile)
        found = index[1].get((tile[0], tile[1]))
        if found is None or point is None:
            return found
        rider = self.encounter.token(found)
        if rider.rides is None or _on_disc(rider, point):
            return found
        mount = next((t for t in tokens if t.id == rider.rides), None)
        return mount.id if mount is not None and tuple(tile) in mount.footprint_tiles() else found


def _on_disc(token: Token, point: tuple[float, float]) -> bool:
    """Is ``point`` (tile units) on ``token``'s drawn disc?"""
    cx, cy = token.centre
    radius = token.footprint * (0.5 - disc_inset(token))
    return (point[0] - cx) ** 2 + (point[1] - cy) ** 2 <= radius**2
