"""Every token as a plain disc in one item, for a view zoomed out too far for a token's detail.

When even grown to its minimum size on screen (at most ``MAX_GROW`` times its footprint) a token
would be under :data:`~vantage.gui.canvas.token_item.DETAIL_MIN_PX` device pixels, it is drawn as a
disc of its side's colour and nothing else. Drawing 500 such discs as 500 items costs a call
into Python per item per frame (a whole-map frame of the 200 × 200 benchmark map took ≈ 13 ms, ≈ 2
without the tokens); this item draws them all in one call instead, while each
:class:`~vantage.gui.canvas.token_item.TokenItem` keeps its place, its shape and its events but is
flagged as painting nothing (:meth:`MapScene.dot_tokens_at`). The choice is each token's: a huge
token still large enough on screen draws its own detail while the small ones around it are discs.
What is drawn is what the items draw at that zoom: the same disc, in the same order (riders over
the tokens they ride).

In a view that stands still the discs are kept as one picture in device pixels (Qt's
``DeviceCoordinateCache``, as each token item keeps its own; switched by
``MapScene.keep_token_pictures``): a frame at the same zoom copies it in rather than drawing 500
discs again (≈ 0.9 ms of a whole-map frame, issue 32). A token moved, shown, hidden, added or
removed calls :meth:`TokenDots.changed` (``update()``), and a new zoom makes new discs: the picture
is then drawn afresh.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QGraphicsItem, QStyleOptionGraphicsItem, QWidget

from vantage.gui.canvas.palette import side_colour
from vantage.gui.canvas.token_item import RIDER_Z, TokenItem


class TokenDots(QGraphicsItem):
    """The discs of ``items()`` (the scene's token items, in the order they were added), over
    ``bounds()`` (the scene's map rectangle with a margin)."""

    def __init__(self, items: Callable[[], Iterable[TokenItem]], bounds: Callable[[], QRectF]) -> None:
        super().__init__()
        self._items = items
        self._bounds = bounds
        self.setZValue(RIDER_Z)  # nothing lies between the tokens (10) and the riders (11)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.setVisible(False)
        self._runs: list[tuple[QColor, list[QRectF]]] | None = None
        self._runs_scale = 0.0  # the device pixels per unit the runs were made for

    def boundingRect(self) -> QRectF:
        return self._bounds()

    def refresh(self) -> None:
        """Redraw (tokens came or went) and take the scene's current bounds."""
        self.prepareGeometryChange()
        self.changed()

    def changed(self) -> None:
        """A token moved or changed: draw them anew."""
        self._runs = None
        self.update()

    def runs(self, scale: float = 1.0) -> list[tuple[QColor, list[QRectF]]]:
        """The discs in drawing order (riders last), as runs of one colour, at ``scale`` device
        pixels per unit (a disc grown to its minimum size on screen, as the token item draws it)."""
        if self._runs is None or scale != self._runs_scale:
            self._runs_scale = scale
            runs: list[tuple[QColor, list[QRectF]]] = []
            items = [item for item in self._items() if item.dotted and item.isVisible()]
            for riders in (False, True):
                for item in items:
                    if (item.zValue() == RIDER_Z) != riders:
                        continue
                    colour = side_colour(item.token.side)
                    if not runs or runs[-1][0] != colour:
                        runs.append((colour, []))
                    runs[-1][1].append(item.disc_rect(scale).translated(item.pos()))
            self._runs = runs
        return self._runs

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        # one drawEllipse a disc: Qt's raster engine fills a small ellipse far quicker than a
        # path of many (≈ 1 ms for 500 against ≈ 14), and exactly as the token item does
        painter.setPen(Qt.PenStyle.NoPen)
        draw = painter.drawEllipse
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        for colour, discs in self.runs(scale):
            painter.setBrush(colour)
            for disc in discs:
                draw(disc)

