"""A token on the map: a picture (or a coloured disc with initials) that syncs from the engine.

The item keeps only the token's id and the last :class:`Token` value it was synced from; it
stores no game truth. Far out, a token is a plain disc in its side's colour, so a map with
hundreds of tokens still paints fast.

In a view that stands still, each token keeps what it drew as a picture in device pixels (Qt's
``DeviceCoordinateCache``): a frame at the same zoom copies that picture in instead of calling
:meth:`TokenItem.paint` again (a token drew with a dozen antialiased calls from Python; at the
whole-map zoom of a 200 × 200 map with 500 tokens, the 22 large ones still drawn in detail took
≈ 1.5 ms of a 4.2 ms frame, issue 32). The map view switches the pictures on for the second frame
at a zoom and off for the first frame at a new one (``MapScene.keep_token_pictures``): a wheel step
paints the tokens straight onto the frame as before, instead of making ~1,800 pictures on a dense
map that the next step throws away (≈ 20 % more for that frame). The picture is made again when the
token asks to be repainted (``update()``: every change of what it shows — a sync, its health, its
turn, its selection — goes through it); a pan or a drag only moves it. The pixels are those
``paint`` draws (Qt draws it into the picture with the frame's transform and render hints; edges
differ by at most a few levels of 255 where a disc straddles a pixel). The pictures live in Qt's
pixmap cache, given :data:`PICTURE_CACHE_KB` (:func:`make_room_for_pictures`; Qt's default 10 MB
held too few: on a dense map zoomed in, pictures pushed each other out every frame and a frame
took 2–4 times as long as without them), and a token keeps one only while it is at most
:data:`PICTURE_MAX_PX` across on screen (:meth:`TokenItem.keep_picture_at`): zoomed far in, it
paints itself as before. A token outside a map view (the player window's) paints itself.

In combat a health bar sits on the disc's lower edge, drawn from the ruleset's
:class:`~vantage.engine.rules.base.Health` answer: one segment per layer in the ruleset's order
(Baton: Protection → Stamina → Health; Power Tiers: Fortitude → Health; Avorkarth: its wound
ledger), all of the same width, each filled to that layer's left / maximum. The last layer (the
one that ends the creature) is green, amber below a half, red below a quarter; the layers before
it have colours of their own. Without layers the bar is ``Health.fraction``. The bar is at least
4 device pixels high, so it stays readable on a projector zoomed out.
"""

from __future__ import annotations

import base64
import binascii
import contextlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QPixmapCache,
    QPolygonF,
    QTransform,
)
from PySide6.QtWidgets import QGraphicsItem, QGraphicsScene, QStyleOptionGraphicsItem, QWidget

from vantage.engine.model import Token
from vantage.gui.appdata.resources import resource_dir
from vantage.gui.canvas.map_grid import MapGrid
from vantage.gui.canvas.palette import initials, side_colour

if TYPE_CHECKING:
    from vantage.engine.rules.base import Health, HealthLayer

#: Below this many device pixels across a token is drawn as a plain disc.
DETAIL_MIN_PX = 14.0
#: The smallest a token is drawn on screen, in device pixels across its disc (issue 30 item 7: at
#: 1280×800 a fitted map has tiles of about 18 px): a token whose footprint is smaller on screen is
#: drawn larger than its footprint, centred on it, up to MAX_GROW times its footprint (so a whole
#: map of tokens zoomed far out does not become one blot).
MIN_TOKEN_PX = 26.0
MAX_GROW = 1.75
BADGE_FONT = QFont("Sans Serif", 7, QFont.Weight.Bold)
BADGE_INK = QColor("#222222")
#: The initials on a disc without a picture.
LABEL_COLOUR = QColor("#111111")
#: The colours of the layers before the last (protection, stamina …), in order, then again.
LAYER_COLOURS = (QColor("#3d8bfd"), QColor("#b36ae2"), QColor("#22b5b0"), QColor("#d9d9d9"))
BAR_EMPTY = QColor("#3a3a3a")
BAR_EDGE = QColor("#111111")
#: The health bar's height in scene units at zoom 1, and at least this many device pixels.
BAR_HEIGHT = 5.0
BAR_MIN_PX = 4.0
#: How far a token's disc stands in from its footprint, as a share of the footprint's side: a rider
#: (a token that ``rides`` another) is drawn smaller, on top of its mount, so the mount's rim shows
#: round it and either can be picked (:func:`disc_inset`).
DISC_INSET = 0.06
RIDER_INSET = 0.22
TOKEN_Z = 10
RIDER_SHADOW = QColor(0, 0, 0, 120)
RIDER_Z = 11


#: A token keeps its picture while its bounds are at most this many device pixels across (at zoom
#: 1 a one-tile token's are 88; a picture of 320 px is 400 KB).
PICTURE_MAX_PX = 320.0
#: The room Qt's pixmap cache is given for the tokens' pictures, in KB (a whole screen of tokens at
#: 1920 × 1080, each picture about three times its tile, and the item of discs' one screen).
PICTURE_CACHE_KB = 64 * 1024


def make_room_for_pictures() -> None:
    """Let Qt's pixmap cache hold at least PICTURE_CACHE_KB (it is only used as pictures are made)."""
    if QPixmapCache.cacheLimit() < PICTURE_CACHE_KB:
        QPixmapCache.setCacheLimit(PICTURE_CACHE_KB)


def disc_inset(token: Token) -> float:
    """The share of the footprint's side between its edge and the token's disc."""
    return RIDER_INSET if token.rides is not None else DISC_INSET


@lru_cache(maxsize=1024)
def label_path(text: str, pixel_size: int = 0, bold: bool = True) -> QPainterPath:
    """``text`` as glyph outlines centred on (0, 0) as ``drawText`` centres it in a rect (half the
    advance left, half the line height up), in the token's font of ``pixel_size`` pixels (0: the
    badges' font). Laid out once per text and size, not again at each zoom step: a zoom redraws
    the same outlines at the new scale, where ``drawText`` shapes and rasterises the glyphs anew."""
    font = QFont(BADGE_FONT)
    if pixel_size:
        font = QFont("Sans Serif")
        font.setPixelSize(pixel_size)
        font.setBold(bold)
    metrics = QFontMetricsF(font)
    path = QPainterPath()
    origin = QPointF(-metrics.horizontalAdvance(text) / 2, metrics.ascent() - metrics.height() / 2)
    path.addText(origin, font, text)
    return path


@lru_cache(maxsize=256)
def facing_notch(cx: float, cy: float, r: float, degrees: float) -> QPolygonF:
    """The facing notch of a disc of radius ``r`` centred on (cx, cy), turned ``degrees`` from
    north, in the item's units: made once per disc and facing, not at every paint."""
    w = max(4.0, r * 0.35)
    notch = QPolygonF([QPointF(0, -r - w * 0.55), QPointF(-w, -r + w * 0.7), QPointF(w, -r + w * 0.7)])
    return QTransform().translate(cx, cy).rotate(degrees).map(notch)


def draw_label(painter: QPainter, centre: QPointF, path: QPainterPath, colour: QColor) -> None:
    """Fill a :func:`label_path` at ``centre`` in ``colour`` (leaves the pen off, the brush set)."""
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.translate(centre)
    painter.drawPath(path)
    painter.translate(-centre)


def token_grow(token: Token, side: float, scale: float) -> float:
    """How much larger than its footprint (``side`` units across) ``token`` is drawn at ``scale``
    device pixels per unit: enough for its disc to be MIN_TOKEN_PX across, at most MAX_GROW, at
    least 1 (the labels beside a token use it too)."""
    across = side * (1 - 2 * disc_inset(token)) * scale
    return 1.0 if across <= 0 else max(1.0, min(MAX_GROW, MIN_TOKEN_PX / across))


def health_colour(share: float) -> QColor:
    """Green with more than half left, amber above a quarter, red below."""
    return QColor("#3cb043" if share > 0.5 else "#e0a020" if share > 0.25 else "#d0302a")


@dataclass(frozen=True)
class BarSegment:
    """One part of a health bar: the share of it that is filled (0…1), its colour and its words."""

    share: float
    colour: QColor
    text: str


def _number(value: float) -> str:
    return f"{value:g}"


def layer_text(layer: HealthLayer) -> str:
    """``"guard 2/3"``."""
    return f"{layer.name} {_number(layer.left)}/{_number(layer.maximum)}"


def health_segments(health: Health) -> tuple[BarSegment, ...]:
    """The bar's segments: one per layer (see the module text), or one of ``health.fraction``."""
    if not health.layers:
        share = max(0.0, min(1.0, health.fraction))
        return (BarSegment(share, health_colour(share), f"{share:.0%} left"),)
    out: list[BarSegment] = []
    last = len(health.layers) - 1
    for index, layer in enumerate(health.layers):
        share = max(0.0, min(1.0, layer.left / layer.maximum)) if layer.maximum > 0 else 0.0
        if layer.colour and QColor(layer.colour).isValid():
            colour = QColor(layer.colour)  # the ruleset's own colour for this layer
        else:
            colour = health_colour(share) if index == last else LAYER_COLOURS[index % len(LAYER_COLOURS)]
        out.append(BarSegment(share, colour, layer_text(layer)))
    return tuple(out)


def health_tip(health: Health) -> str:
    """Every layer on one line (``"guard 2/3 · health 7/10"``), then the ruleset's own words."""
    lines = [" · ".join(layer_text(layer) for layer in health.layers)] if health.layers else []
    if health.text and health.text not in lines:
        lines.append(health.text)
    return "\n".join(lines)


@lru_cache(maxsize=128)
def token_picture(path: str) -> QPixmap:
    if not Path(path).is_file():  # a pipe or a device would block or never end (docs/reliability.md)
        return QPixmap()
    return QPixmap(path)


#: A picture stored in the encounter file itself (gui/play/token_picture.py writes them).
DATA_IMAGE = "data:image/"


@lru_cache(maxsize=128)
def embedded_picture(image: str) -> QPixmap:
    """The picture of a ``data:image/…;base64,`` text (a null pixmap when it is not one)."""
    head, _comma, payload = image.partition(",")
    pixmap = QPixmap()
    if head.startswith(DATA_IMAGE) and head.endswith(";base64"):
        with contextlib.suppress(binascii.Error, ValueError):
            pixmap.loadFromData(base64.b64decode(payload, validate=True))
    return pixmap


def resolve_image(image: str | None, base_dir: Path | None) -> str | None:
    """The file a token's ``image`` names: as given, beside the encounter, or in ``assets/``
    (an embedded ``data:`` picture is its own answer)."""
    if not image:
        return None
    if image.startswith(DATA_IMAGE):
        return image
    candidates = [Path(image)]
    if base_dir is not None:
        candidates.append(base_dir / image)
    with contextlib.suppress(FileNotFoundError):  # no assets folder: only the first two places
        candidates.append(resource_dir("assets") / image)
    for candidate in candidates:
        if candidate.is_file():
            return str(candidate)
    return None


def centred_square(pixmap: QPixmap) -> QRectF:
    """The largest centred square of ``pixmap``: a picture that is not square is cropped, never
    squashed, before the disc clips it round."""
    w, h = pixmap.width(), pixmap.height()
    side = min(w, h)
    return QRectF((w - side) / 2, (h - side) / 2, side, side)


def token_rects_near(scene: QGraphicsScene | None, area: QRectF,
                     leave_out: str | None = None) -> list[QRectF]:
    """The footprints (scene units) of the tokens drawn in ``scene`` that meet ``area`` — what a
    label placed there should stay off — found through the scene's index, not by a scan of every
    token (a map may hold hundreds); ``leave_out``: a token id not to list."""
    if scene is None:
        return []
    return [item.mapRectToScene(item.footprint_rect()) for item in scene.items(area)
            if isinstance(item, TokenItem) and item.token_id != leave_out and item.isVisible()]


class DiscLayer(Protocol):
    """What draws the tokens' discs in one item when zoomed out (``token_dots.TokenDots``)."""

    def changed(self) -> None: ...


_DOT_CHANGES = (
    QGraphicsItem.GraphicsItemChange.ItemPositionHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemVisibleHasChanged,
    QGraphicsItem.GraphicsItemChange.ItemZValueHasChanged,
)


class TokenItem(QGraphicsItem):
    """One token. ``sync(token)`` moves and redraws it; ``token_id`` is all it identifies by.
    ``grid`` places it (the scene's grid)."""

    def __init__(self, token: Token, grid: MapGrid, base_dir: Path | None = None,
                 gm_view: bool = True) -> None:
        super().__init__()
        #: the scene's disc layer while it draws this token (set_dotted), else None
        self._dots: DiscLayer | None = None
        self.token_id = token.id
        self.grid = grid
        self._base_dir = base_dir
        self._gm_view = gm_view
        self.setZValue(RIDER_Z if token.rides is not None else TOKEN_Z)
        self.setAcceptHoverEvents(True)
        self.token = token
        self._bounds = QRectF()
        self.health: float | None = None
        self.segments: tuple[BarSegment, ...] = ()
        self._health_text = ""
        #: the ruleset's answer the bar shows (a sync with an equal answer repaints nothing)
        self._shown_health: Health | None = None
        self.active = False
        self._image: QPixmap | None = None
        self.sync(token)

    @property
    def dotted(self) -> bool:
        """Whether the scene's disc layer draws this token (see :meth:`set_dotted`)."""
        return self._dots is not None

    def set_dotted(self, dots: DiscLayer | None) -> None:
        """Paint nothing while ``dots`` (the scene's :class:`TokenDots`) draws this token as a
        disc, keeping place, shape and events; None: paint itself again."""
        self._dots = dots
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemHasNoContents, dots is not None)
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemSendsGeometryChanges, dots is not None)

    def itemChange(self, change: QGraphicsItem.GraphicsItemChange, value: object) -> object:
        if self._dots is not None and change in _DOT_CHANGES:
            self._dots.changed()  # a token dragged or hidden while drawn as a disc
        return super().itemChange(change, value)

    def sync(self, token: Token) -> None:
        if token.footprint != self.token.footprint:
            self.prepareGeometryChange()
        self.token = token
        self.setZValue(RIDER_Z if token.rides is not None else TOKEN_Z)
        square = self.grid.footprint_rect(token.position, token.footprint)
        side = square.width()
        spill = side * (MAX_GROW - 1) / 2 + 2  # a token drawn larger than its footprint (MIN_TOKEN_PX)
        self._bounds = QRectF(-spill, -spill, side + 2 * spill, side + 2 * spill)
        self.setPos(square.topLeft())
        path = resolve_image(token.image, self._base_dir)
        if path and path.startswith(DATA_IMAGE):
            self._image = embedded_picture(path)
        else:
            self._image = token_picture(path) if path else None
        if self._image is not None and self._image.isNull():
            self._image = None
        tip = f"{token.name} ({token.side.value}, {token.size.value}), facing {token.facing.name}"
        if token.rides is not None:
            tip += f"\nRides {token.rides}"
        if token.conditions:
            tip += "\nConditions: " + ", ".join(c.name for c in token.conditions)
        if token.hidden and self._gm_view:
            tip += "\nHidden from the players"
        self._tip = tip
        self._show_tip()
        self.update()
        if self._dots is not None:
            self._dots.changed()  # its side, size or place may have changed

    def _show_tip(self) -> None:
        self.setToolTip(f"{self._tip}\n{self._health_text}" if self._health_text else self._tip)

    def set_active(self, active: bool) -> None:
        """Mark the token whose turn it is (a glowing ring)."""
        if active != self.active:
            self.active = active
            self.update()

    def set_health(self, health: Health | None) -> None:
        """Show the ruleset's health as a bar of layered segments and explain every layer in the
        tooltip (None: no bar). An answer equal to the one shown changes nothing and repaints
        nothing: the scene asks every token's health after every command, and repainting every
        token each time made the map redraw most of itself (issue 32)."""
        if health == self._shown_health:
            return
        self._shown_health = health
        self.health = None if health is None else max(0.0, min(1.0, health.fraction))
        self.segments = () if health is None else health_segments(health)
        self._health_text = "" if health is None else health_tip(health)
        self._show_tip()
        self.update()

    def footprint_rect(self) -> QRectF:
        """The token's footprint in item units."""
        return QRectF(0, 0, self.side_px, self.side_px)

    @property
    def side_px(self) -> float:
        return self.grid.scene_length(self.token.footprint)

    def boundingRect(self) -> QRectF:
        return self._bounds

    def keep_picture_at(self, device_scale: float | None) -> None:
        """Keep what it draws as a picture (see the module's text) while its bounds are at most
        PICTURE_MAX_PX device pixels across at ``device_scale`` device pixels per unit; else (or
        None: the view is zooming) paint itself at every frame."""
        keep = device_scale is not None and self._bounds.width() * device_scale <= PICTURE_MAX_PX
        mode = QGraphicsItem.CacheMode.DeviceCoordinateCache if keep else QGraphicsItem.CacheMode.NoCache
        if self.cacheMode() != mode:
            self.setCacheMode(mode)

    def shape(self) -> QPainterPath:
        path = QPainterPath()
        inset = self.side_px * disc_inset(self.token)
        path.addEllipse(QRectF(inset, inset, self.side_px - 2 * inset, self.side_px - 2 * inset))
        return path

    def grow(self, scale: float) -> float:
        """How much larger than its footprint the token is drawn at ``scale`` (:func:`token_grow`)."""
        return token_grow(self.token, self.side_px, scale)

    def disc_rect(self, scale: float = 1.0) -> QRectF:
        """The disc in item units at ``scale`` device pixels per unit (grown on a small screen)."""
        s = self.side_px
        inset = s * disc_inset(self.token)
        disc = QRectF(inset, inset, s - 2 * inset, s - 2 * inset)
        grow = self.grow(scale)
        if grow == 1.0:
            return disc
        centre = disc.center()
        w = disc.width() * grow
        return QRectF(centre.x() - w / 2, centre.y() - w / 2, w, w)

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        t = self.token
        ring = side_colour(t.side)
        scale = QStyleOptionGraphicsItem.levelOfDetailFromTransform(painter.worldTransform())
        s = self.side_px
        disc = self.disc_rect(scale)
        if disc.width() * scale < DETAIL_MIN_PX:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ring)
            painter.drawEllipse(disc)
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setOpacity(0.55 if t.hidden and self._gm_view else 1.0)
        if self.active:
            painter.setPen(QPen(QColor(255, 225, 77, 200), max(4.0, s * 0.1)))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(disc.adjusted(-1, -1, 1, 1))
        if t.rides is not None:  # a shadow that lifts the rider off its mount
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(RIDER_SHADOW)
            painter.drawEllipse(disc.adjusted(-s * 0.05, -s * 0.03, s * 0.05, s * 0.08))
        self._paint_body(painter, disc, ring)
        self._paint_facing(painter, disc, ring)
        self._paint_badges(painter, disc)
        self._paint_health(painter, disc, scale)
        if self.isSelected():
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.setPen(QPen(QColor("#ffe14d"), 3, Qt.PenStyle.DashLine))
            painter.drawRect(QRectF(1, 1, s - 2, s - 2).united(disc))

    def _paint_body(self, painter: QPainter, disc: QRectF, ring: QColor) -> None:
        if self._image is not None:
            clip = QPainterPath()
            clip.addEllipse(disc)
            painter.save()
            painter.setClipPath(clip)
            painter.drawPixmap(disc, self._image, centred_square(self._image))
            painter.restore()
        else:
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(ring.lighter(170))
            painter.drawEllipse(disc)
            label = label_path(initials(self.token.name), max(6, int(disc.height() * 0.36)))
            draw_label(painter, disc.center(), label, LABEL_COLOUR)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(ring, max(2.0, disc.width() * 0.08)))
        painter.drawEllipse(disc)

    def _paint_facing(self, painter: QPainter, disc: QRectF, ring: QColor) -> None:
        """A notch on the rim pointing where the token faces."""
        painter.setPen(QPen(QColor("#111111"), 1.2))
        painter.setBrush(ring.darker(130))
        painter.drawPolygon(facing_notch(disc.center().x(), disc.center().y(), disc.width() / 2,
                                         self.token.facing.degrees))

    def _paint_badges(self, painter: QPainter, disc: QRectF) -> None:
        d = max(9.0, disc.width() * 0.28)
        for i, condition in enumerate(self.token.conditions[:4]):
            rect = QRectF(disc.right() - d + 2 - i * (d * 0.8), disc.top() - 2, d, d)
            painter.setPen(QPen(BADGE_INK, 1))
            painter.setBrush(QColor("#f4e04d"))
            painter.drawEllipse(rect)
            draw_label(painter, rect.center(), label_path(condition.name[:1].upper()), BADGE_INK)

    def health_bar_rect(self, scale: float = 1.0) -> QRectF:
        """Where the bar is drawn, in item units, at ``scale`` device pixels per unit."""
        disc = self.disc_rect(scale)
        height = min(disc.height() * 0.3, max(BAR_HEIGHT, BAR_MIN_PX / max(scale, 1e-6)))
        return QRectF(disc.left() + disc.width() * 0.1, disc.bottom() - height, disc.width() * 0.8, height)

    def _paint_health(self, painter: QPainter, disc: QRectF, scale: float) -> None:
        if not self.segments:
            return
        bar = self.health_bar_rect(scale)
        painter.setPen(QPen(BAR_EDGE, 1))
        painter.setBrush(BAR_EMPTY)
        painter.drawRect(bar)
        painter.setPen(Qt.PenStyle.NoPen)
        width = bar.width() / len(self.segments)
        for index, segment in enumerate(self.segments):
            if segment.share > 0:
                painter.setBrush(QBrush(segment.colour))
                left = bar.left() + index * width
                painter.drawRect(QRectF(left, bar.top(), width * segment.share, bar.height()))
        if len(self.segments) > 1:  # dark ticks between the layers
            painter.setPen(QPen(BAR_EDGE, max(1.0, 1.5 / max(scale, 1e-6))))
            for index in range(1, len(self.segments)):
                x = bar.left() + index * width
                painter.drawLine(QPointF(x, bar.top()), QPointF(x, bar.bottom()))
