"""What the GM's mouse is over on the map: the tile, and the token there (or None)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from vantage.engine.model import Tile


class Hover(QObject):
    """The tile and token under the GM's cursor; ``changed`` fires when either changes."""

    #: (tile or None, token id or None)
    changed = Signal(object, object)
    #: the token under the cursor changed (its id or None)
    token_changed = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._tile: Tile | None = None
        self._token: str | None = None

    @property
    def tile(self) -> Tile | None:
        return self._tile

    @property
    def token(self) -> str | None:
        return self._token

    def set(self, tile: Tile | None, token_id: str | None) -> None:
        if (tile, token_id) == (self._tile, self._token):
            return
        token_moved = token_id != self._token
        self._tile, self._token = tile, token_id
        self.changed.emit(tile, token_id)
        if token_moved:
            self.token_changed.emit(token_id)
