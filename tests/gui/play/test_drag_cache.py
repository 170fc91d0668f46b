"""The reachable tint draws only the reachable tiles' rectangle, pixel for pixel as before.

Issue: "reachable area tinted by cost"; the drag repaints it on every mouse move, so it blends only
the tiles that can be reached instead of a whole screen of transparent pixels.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from vantage.engine.rules.asking import ask_reachable
from vantage.engine.rules.avorkarth.statblock import DEFAULT_ABILITIES, stats_dict
from vantage.engine.rules.base import Unanswered
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.play.tactics_overlay import CostTint, OverlayLayer, cost_image, reachable_extent

STATS = stats_dict(6, abilities=dict.fromkeys(DEFAULT_ABILITIES, 5), movement=12)


def _reachable(workspace):
    e = workspace.encounter
    bram = replace(e.token("bram"), position=(6, 5), stats=STATS)
    e = replace(e.with_token(bram), ruleset="avorkarth")
    found = ask_reachable(e, "bram")
    assert not isinstance(found, Unanswered), found
    return e, found


def _render(tint_of, size: tuple[int, int], scale: float) -> QImage:
    scene = QGraphicsScene()
    layer = OverlayLayer(0)
    scene.addItem(layer)
    tint_of(layer)
    image = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.white)
    painter = QPainter(image)
    source = QRectF(0, 0, size[0] / scale, size[1] / scale)
    scene.render(painter, QRectF(0, 0, *size), source)
    painter.end()
    return image


def test_extent_is_the_reachable_tiles_bounding_rectangle(workspace):
    _, found = _reachable(workspace)
    extent = reachable_extent(found)
    xs = [x for x, _ in found.tiles]
    ys = [y for _, y in found.tiles]
    assert (extent.left(), extent.top()) == (min(xs), min(ys))
    assert (extent.right(), extent.bottom()) == (max(xs) + 1, max(ys) + 1)


def test_tint_in_its_extent_draws_the_same_pixels_as_the_whole_image(workspace):
    e, found = _reachable(workspace)
    image = cost_image(found, e.map.width, e.map.height)
    size = (int(e.map.width * TILE_PX * 0.5), int(e.map.height * TILE_PX * 0.5))
    grid = workspace.scene.grid
    whole = _render(lambda parent: CostTint(image, parent, grid), size, 0.5)
    clipped = _render(lambda parent: CostTint(image, parent, grid, reachable_extent(found)), size, 0.5)
    assert whole == clipped
    blank = QImage(*size, QImage.Format.Format_ARGB32_Premultiplied)
    blank.fill(Qt.GlobalColor.white)
    assert whole != blank  # the tint did draw


def test_tint_bounds_shrink_to_the_extent(workspace):
    e, found = _reachable(workspace)
    layer = OverlayLayer(0)
    image = cost_image(found, e.map.width, e.map.height)
    tint = CostTint(image, layer, workspace.scene.grid, reachable_extent(found))
    extent = reachable_extent(found)
    assert tint.boundingRect() == QRectF(
        extent.left() * TILE_PX, extent.top() * TILE_PX, extent.width() * TILE_PX, extent.height() * TILE_PX
    )
    assert tint.boundingRect().width() < e.map.width * TILE_PX
