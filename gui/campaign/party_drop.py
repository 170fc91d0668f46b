"""A character dragged from the Party panel onto the map: it arrives on the tile it is dropped on,
through the engine's ``bring_party`` command (one undo step), as "Bring the party" brings them all
onto the start area.

:class:`PartyList` is the Party panel's list (an entry dragged out carries its member id);
:class:`PartyDrop` watches the map view's viewport for such a drop (an event filter: the map view
itself only knows the Creatures dock's drops)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, QObject, Qt
from PySide6.QtGui import QDrag, QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QAbstractItemView, QListWidget

from vantage.gui.canvas.map_view import MapView

#: The MIME type of a character dragged from the Party panel: its member id, UTF-8.
MEMBER_MIME = "application/x-vantage-party-member"

#: Brings the character ``member_id`` onto ``tile``; whether it came.
BringOne = Callable[[str, tuple[int, int]], bool]


class PartyList(QListWidget):
    """The roster; an entry dragged out carries its member id (``UserRole``)."""

    def __init__(self) -> None:
        super().__init__()
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)

    def startDrag(self, supportedActions: Qt.DropAction) -> None:  # noqa: N802 (Qt override)
        item = self.currentItem()
        if item is None:
            return
        drag = QDrag(self)
        drag.setMimeData(member_mime(str(item.data(Qt.ItemDataRole.UserRole))))
        drag.exec(Qt.DropAction.CopyAction)


def member_mime(member_id: str) -> QMimeData:
    data = QMimeData()
    data.setData(MEMBER_MIME, member_id.encode("utf-8"))
    return data


class PartyDrop(QObject):
    """Takes a character dropped on ``view``'s map to ``bring_one``."""

    def __init__(self, view: MapView, bring_one: BringOne) -> None:
        super().__init__(view)
        self.view = view
        self.bring_one = bring_one
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, (QDragEnterEvent, QDragMoveEvent))
            if event.mimeData().hasFormat(MEMBER_MIME):
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            if event.mimeData().hasFormat(MEMBER_MIME):
                tile = self.view.tile_at(event.position())
                member_id = bytes(event.mimeData().data(MEMBER_MIME).data()).decode("utf-8")
                if tile is not None:
                    self.bring_one(member_id, tile)
                event.acceptProposedAction()
                return True
        return False
