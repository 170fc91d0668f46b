"""Tokens keep a readable size on a small screen (issue 30 item 7: "tokens are ~18 px at 1280×800 (a
minimum on-screen size)"): a token whose disc would be smaller than MIN_TOKEN_PX on screen is drawn
that large, centred on its footprint, up to MAX_GROW times the footprint; zoomed in nothing changes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene

from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.token_item import DETAIL_MIN_PX, MAX_GROW, MIN_TOKEN_PX, TokenItem


@pytest.mark.parametrize("tile_px", [18.0, 20.0, 24.0])
def test_a_small_token_is_drawn_at_the_minimum_size(workspace, tile_px):
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    scale = tile_px / TILE_PX
    disc = item.disc_rect(scale)
    assert disc.width() * scale == pytest.approx(MIN_TOKEN_PX)
    assert disc.center() == item.disc_rect(1.0).center()  # centred on the footprint
    assert item.boundingRect().contains(disc)
    assert disc.width() * scale >= DETAIL_MIN_PX  # drawn in full: initials, ring, bar


def test_zoomed_in_the_token_is_its_footprint_and_far_out_it_grows_at_most_max_grow(workspace):
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    assert item.grow(1.0) == 1.0 and item.disc_rect(1.0).width() < TILE_PX
    assert item.grow(0.05) == MAX_GROW
    assert item.boundingRect().contains(item.disc_rect(0.05))


def test_the_painted_token_at_18_px_per_tile_is_wider_than_its_tile(workspace):
    """What the review measured: at 1280×800 the courtyard's tiles are about 18 px."""
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    scene = QGraphicsScene()
    scene.addItem(item)
    scale = 18 / TILE_PX
    image = QImage(90, 90, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    source = item.sceneBoundingRect().adjusted(-TILE_PX, -TILE_PX, TILE_PX, TILE_PX)
    scene.render(painter, QRectF(0, 0, source.width() * scale, source.height() * scale), source)
    painter.end()
    row = int((item.sceneBoundingRect().center().y() - source.top()) * scale)
    inked = [x for x in range(image.width()) if image.pixelColor(x, row) != QColor("white")]
    assert max(inked) - min(inked) + 1 >= MIN_TOKEN_PX - 2 > 18
