"""What a wheel-zoom step redoes (issue 15, "Big pictures": "a fitted repaint and a wheel-zoom step
on an 8192 px picture ≤ 1.3× the floor's"). Speed stays in ``benchmarks/big_picture.py``; these
tests check the behaviour that makes a step cheap and that the look is kept: the token labels are
laid out once, not at every zoom step; the grid over a picture is the same lines the terrain chunks
draw; a wheel step still keeps the point under the cursor."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter, QTransform, QWheelEvent
from PySide6.QtWidgets import QApplication, QGraphicsView, QStyleOptionGraphicsItem

from vantage.engine.model import Condition, Encounter, GameMap, Side, Token
from vantage.gui.canvas import token_item
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.terrain_layer import TerrainLayer

GRID = QColor(0, 0, 0, 90)


def _wheel(view: MapView, pos: QPoint, delta: int) -> None:
    where = QPointF(view.viewport().mapToGlobal(pos))
    event = QWheelEvent(QPointF(pos), where, QPoint(0, 0), QPoint(0, delta), Qt.MouseButton.NoButton,
                        Qt.KeyboardModifier.NoModifier, Qt.ScrollPhase.NoScrollPhase, False)
    QApplication.sendEvent(view.viewport(), event)


def _frame(view: MapView) -> QImage:
    image = QImage(view.viewport().size(), QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    view.viewport().render(image)
    return image


# -- token labels ------------------------------------------------------------------------------------
def test_token_labels_are_laid_out_once_not_at_each_zoom_step(qtbot):
    """Issue 15: "on each zoom the tokens cost ≈2.6 ms (their text re-rendered at the new scale)".
    The initials and the condition badges are glyph outlines made once per text and size (and the
    facing notch once per disc and facing); a zoom step draws them again at the new scale without
    laying them out again."""
    tokens = (Token("a", "Bram the Bold", (2, 2), Side.PARTY, conditions=(Condition("prone"),)),
              Token("b", "Ogre", (5, 3), Side.ENEMY))
    view = MapView(MapScene(Encounter(GameMap(10, 8), tokens, ruleset="avorkarth")))
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.show()
    view.set_zoom(1.0)
    token_item.label_path.cache_clear()
    token_item.facing_notch.cache_clear()
    _frame(view)
    first = token_item.label_path.cache_info()
    notches = token_item.facing_notch.cache_info().misses
    assert notches == 1  # one notch for both: the same disc (in item units) and the same facing
    assert first.misses == 3  # "BB", "Og" and the badge's "P": laid out once each
    for step in (120, 120, -120, 120, -120, -120):
        _wheel(view, QPoint(320, 240), step)
        _frame(view)
    after = token_item.label_path.cache_info()
    assert after.misses == first.misses  # no label laid out again while zooming
    assert after.hits >= first.hits + 6 * 3  # …and every step drew all three
    assert token_item.facing_notch.cache_info().misses == notches


def test_a_label_path_is_centred_as_drawtext_centres_it(qtbot):
    """The outlines replace ``drawText(disc, AlignCenter, …)``: the same glyphs on the same spot."""
    disc = QRectF(0, 0, 90, 90)
    size = int(disc.height() * 0.36)

    def drawn(with_path: bool) -> QImage:
        image = QImage(90, 90, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(0)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        if with_path:
            label = token_item.label_path("BB", size)
            token_item.draw_label(painter, disc.center(), label, QColor("#111111"))
        else:  # what the disc drew before
            font = QFont("Sans Serif")
            font.setPixelSize(size)
            font.setBold(True)
            painter.setFont(font)
            painter.setPen(QColor("#111111"))
            painter.drawText(disc, Qt.AlignmentFlag.AlignCenter, "BB")
        painter.end()
        return image

    def ink_box(image: QImage) -> tuple[int, int, int, int]:
        ink = [(x, y) for x in range(image.width()) for y in range(image.height())
               if image.pixelColor(x, y).alpha() > 128]
        xs, ys = [x for x, _ in ink], [y for _, y in ink]
        return min(xs), min(ys), max(xs), max(ys)

    path_box, text_box = ink_box(drawn(True)), ink_box(drawn(False))
    assert all(abs(a - b) <= 1 for a, b in zip(path_box, text_box, strict=True)), (path_box, text_box)


# -- the grid over a picture -------------------------------------------------------------------------
def _layer_pixels(layer: TerrainLayer, transform: QTransform, size: tuple[int, int]) -> QImage:
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(0)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)  # as the view paints
    painter.setTransform(transform)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = layer.boundingRect()
    layer.paint(painter, option, None)
    painter.end()
    return image


def _grid_pixels_of_chunks(game_map: GameMap, transform: QTransform,
                           size: tuple[int, int]) -> set[tuple[int, int]]:
    """Where the chunk-drawn grid is: the opaque layer's pixels that are not the ground's colour."""
    with_grid, without = TerrainLayer(game_map), TerrainLayer(game_map)
    with_grid.set_grid(GRID)
    without.set_grid(None)
    a, b = _layer_pixels(with_grid, transform, size), _layer_pixels(without, transform, size)
    return {(x, y) for y in range(size[1]) for x in range(size[0]) if a.pixel(x, y) != b.pixel(x, y)}


def _painted(image: QImage) -> set[tuple[int, int]]:
    return {(x, y) for y in range(image.height()) for x in range(image.width())
            if image.pixelColor(x, y).alpha()}


@pytest.mark.parametrize(("zoom", "turn"), [(1.0, 0), (0.5, 0), (0.25, 0), (2.0, 0), (0.5, 90), (1.0, 270)])
def test_the_grid_over_a_picture_is_the_lines_the_chunks_draw(qtbot, zoom, turn):
    """Issue 15: the translucent terrain grid chunks cost a zoom step ≈2.7 ms. Over a picture the
    grid is drawn as lines over the exposed part; on open ground they are the very pixels the
    chunks' one-pixel lines cover (tile's top and left edges, one scene unit wide, at least one
    device pixel), also in the player window's quarter turns; nothing else is painted."""
    game_map = GameMap(6, 4, terrain=("road",) * 24)
    w, h = int(6 * TILE_PX * zoom), int(4 * TILE_PX * zoom)
    transform = QTransform.fromScale(zoom, zoom) * QTransform().rotate(turn)
    size = (w, h) if turn in (0, 180) else (h, w)
    shift = {0: (0, 0), 90: (h, 0), 270: (0, w)}[turn]
    transform = transform * QTransform.fromTranslate(*shift)
    over_picture = TerrainLayer(game_map, translucent=True)
    over_picture.set_grid(GRID)
    drawn = _layer_pixels(over_picture, transform, size)
    expected = _grid_pixels_of_chunks(game_map, transform, size)
    assert expected  # the chunks do draw a grid here
    assert _painted(drawn) == expected
    once = GRID.alpha()
    twice = once + once * (255 - once) / 255  # a crossing: both lines blended, as in the chunks
    alphas = {drawn.pixelColor(x, y).alpha() for x, y in expected}
    assert once in alphas
    assert all(a == once or abs(a - twice) <= 1 for a in alphas), alphas


def test_zoomed_far_out_the_grid_over_a_picture_is_left_out_as_the_chunks_leave_it(qtbot):
    """"Below this many device pixels per tile the grid lines are left out (they would be a smear)"."""
    game_map = GameMap(20, 10, terrain=("road",) * 200)
    layer = TerrainLayer(game_map, translucent=True)
    layer.set_grid(GRID)
    assert not _painted(_layer_pixels(layer, QTransform.fromScale(0.1, 0.1), (96, 48)))


def test_over_a_picture_rough_ground_is_tinted_under_the_grid_and_open_ground_left_clear(qtbot):
    """The module text: ``translucent`` "leaves open ground clear and tints the rest"; a chunk of
    only open level ground is not drawn at all."""
    terrain = ["road"] * 24
    terrain[1 * 6 + 2] = "brush"
    game_map = GameMap(6, 4, terrain=tuple(terrain))
    layer = TerrainLayer(game_map, translucent=True)
    layer.set_grid(GRID)
    image = _layer_pixels(layer, QTransform(), (288, 192))
    assert image.pixelColor(2 * 48 + 20, 1 * 48 + 20).alpha() > 0  # the brush tile, tinted
    assert image.pixelColor(4 * 48 + 20, 2 * 48 + 20).alpha() == 0  # open ground: the picture shows
    assert image.pixelColor(2 * 48, 1 * 48 + 20).alpha() > image.pixelColor(2 * 48 + 20, 1 * 48 + 20).alpha()
    clear = TerrainLayer(GameMap(6, 4, terrain=("road",) * 24), translucent=True)
    assert clear.render_chunk(48, 0, 0).isNull()
    assert not TerrainLayer(GameMap(6, 4, terrain=("road",) * 24)).render_chunk(48, 0, 0).isNull()


def test_a_grid_colour_change_over_a_picture_shows_at_once(qtbot):
    """The grid is not in the chunks over a picture, so a new colour needs no chunk redrawn."""
    game_map = GameMap(4, 4, terrain=("road",) * 16)
    layer = TerrainLayer(game_map, translucent=True)
    layer.set_grid(GRID)
    before = _layer_pixels(layer, QTransform(), (192, 192)).pixelColor(0, 20)
    layer.set_grid(QColor(255, 0, 0, 200))
    after = _layer_pixels(layer, QTransform(), (192, 192)).pixelColor(0, 20)
    assert before != after and after.red() > 150
    layer.set_grid(None)
    assert not _painted(_layer_pixels(layer, QTransform(), (192, 192)))


# -- the wheel step ------------------------------------------------------------------------------------
def _zoomed_in_view(qtbot, view_class: type[MapView] = MapView) -> MapView:  # noqa: ANN001
    """An 800×600 view of an empty 60×40 map at zoom 1.5: both scroll bars shown."""
    view = view_class(MapScene(Encounter(GameMap(60, 40), (), ruleset="avorkarth")))
    qtbot.addWidget(view)
    view.resize(800, 600)
    view.show()
    view.set_zoom(1.5)
    return view


def test_a_wheel_step_keeps_the_point_under_the_cursor_and_the_update_mode(qtbot):
    """Issue 5: "Zoom with the wheel anchored under the cursor". The step scales and scrolls as one
    change (the view redrawn whole, once) and leaves the view's own update mode as it was."""
    view = _zoomed_in_view(qtbot)
    mode = view.viewportUpdateMode()
    for pos, delta in ((QPoint(200, 150), 120), (QPoint(600, 400), -120), (QPoint(420, 310), 240)):
        before = view.mapToScene(pos)
        _wheel(view, pos, delta)
        after = view.mapToScene(pos)
        assert abs(after.x() - before.x()) < 2 and abs(after.y() - before.y()) < 2
    assert view.zoom() == pytest.approx(1.5 * 1.2**2)
    assert view.viewportUpdateMode() == mode == QGraphicsView.ViewportUpdateMode.SmartViewportUpdate


def test_the_scroll_of_a_wheel_step_is_not_blitted_before_the_redraw(qtbot):
    """The scroll that keeps the point under the cursor is part of the zoom: the scroll bars move
    with the whole viewport to be redrawn (no shift of the old frame's pixels, which the redraw
    replaces anyway), where a pan (arrow keys) still shifts the pixels and draws only the strip."""
    modes: list[QGraphicsView.ViewportUpdateMode] = []

    class Spy(MapView):
        def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802
            modes.append(self.viewportUpdateMode())
            super().scrollContentsBy(dx, dy)

    view = _zoomed_in_view(qtbot, Spy)
    modes.clear()
    _wheel(view, QPoint(150, 100), 120)
    assert modes and set(modes) == {QGraphicsView.ViewportUpdateMode.FullViewportUpdate}
    modes.clear()
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert modes == [QGraphicsView.ViewportUpdateMode.SmartViewportUpdate]


# -- the map view's scroll bars ----------------------------------------------------------------------
def test_zoomed_in_the_map_view_shows_flat_scroll_bars_in_the_margin_colour(qtbot):
    """Fusion's scroll bars are drawn with gradients (≈3 ms for a tall bar, paid on every zoom step,
    since a step changes their range). The map view's are flat: the margin's colour with a plain
    lighter handle, and the corner where they meet in the same colour, not the window's grey."""
    from vantage.gui.canvas.palette import MARGIN_COLOUR

    view = _zoomed_in_view(qtbot)
    QApplication.processEvents()
    bar = view.verticalScrollBar()
    assert bar.isVisible() and view.horizontalScrollBar().isVisible()
    assert bar.width() <= 12
    image = bar.grab().toImage()
    colours = {image.pixelColor(image.width() // 2, y).name() for y in range(image.height())}
    assert MARGIN_COLOUR.name() in colours  # the track
    handle = colours - {MARGIN_COLOUR.name()}
    assert handle and all(QColor(c).lightness() > MARGIN_COLOUR.lightness() for c in handle)
    assert len(colours) <= 6  # flat: a track and a handle (and its rounded corners), no gradient
    corner = view.cornerWidget()
    assert corner is not None and corner.isVisible()
    assert corner.grab().toImage().pixelColor(2, 2).name() == MARGIN_COLOUR.name()


# -- the picture's draw ------------------------------------------------------------------------------
def test_the_picture_is_drawn_without_antialiasing_its_edge_on_whole_pixels(qtbot):
    """The view paints antialiased, but the picture's draw takes the raster engine's coverage path
    then (1.6 of the 3.5 ms a zoom step spent on an 8192 px picture), only to soften its outer edge:
    at a fractional offset the edge pixels are the picture's or the background's, never a blend."""
    from vantage.gui.canvas.map_picture import MapPicture, PictureKey
    from vantage.gui.canvas.picture_item import PictureItem

    source = QImage(64, 64, QImage.Format.Format_RGB32)
    source.fill(QColor(250, 20, 20))
    item = PictureItem(MapPicture(PictureKey("x", 0, 0), source, (64, 64)))
    image = QImage(80, 80, QImage.Format.Format_RGB32)
    image.fill(QColor(0, 0, 0))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)  # as the view paints
    painter.setTransform(QTransform(1.13, 0, 0, 1.13, 5.5, 5.5))  # a zoom's scale and a scroll's shift
    option = QStyleOptionGraphicsItem()
    option.exposedRect = item.boundingRect()
    item.paint(painter, option, None)
    painter.end()
    edge = [image.pixelColor(x, 40).red() for x in (*range(3, 9), *range(74, 80))]
    edge += [image.pixelColor(40, y).red() for y in range(3, 9)]
    assert set(edge) <= {0, 250}, edge
    assert 250 in edge and 0 in edge
