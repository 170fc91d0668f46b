"""A rider (a token that ``rides`` another) is drawn smaller, on top of its mount, and both can be
picked: the rider on its disc, the mount round it (issue 29: "the mount can also be targeted")."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QImage, QPainter

from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.token_item import DISC_INSET, RIDER_INSET


def _scene() -> MapScene:
    # the rider is listed first: it is still drawn and picked on top of its mount
    pony = Token("pony", "Pony", (4, 1), Side.ENEMY)  # an enemy's red ring round the party's rider
    kid = Token("kid", "Kid", (4, 1), Side.PARTY, rides="pony")
    horse = Token("horse", "Horse", (1, 1), Side.PARTY, Size.LARGE)
    rider = Token("rider", "Rider", (1, 1), Side.PARTY, rides="horse")
    return MapScene(Encounter(GameMap(7, 4), (rider, horse, kid, pony), ruleset="baton"))


def test_the_rider_is_drawn_smaller_and_above_its_mount(qtbot):
    scene = _scene()
    rider, horse = scene.token_items["rider"], scene.token_items["horse"]
    assert rider.zValue() > horse.zValue()
    rider_disc = rider.shape().boundingRect()
    assert rider_disc.width() == pytest.approx(rider.side_px * (1 - 2 * RIDER_INSET))
    assert horse.shape().boundingRect().width() == pytest.approx(horse.side_px * (1 - 2 * DISC_INSET))


def test_a_click_on_the_riders_disc_picks_the_rider_and_round_it_the_mount(qtbot):
    scene = _scene()
    assert scene.token_at_tile((1, 1)) == "rider"  # no point: the topmost, the rider
    assert scene.token_at_tile((1, 1), (1.5, 1.5)) == "rider"
    assert scene.token_at_tile((1, 1), (1.05, 1.05)) == "horse"  # the horse's rim round the rider
    assert scene.token_at_tile((2, 2), (2.5, 2.5)) == "horse"
    assert scene.token_at_tile((4, 1), (4.5, 1.5)) == "kid"  # a mount of the rider's own size
    assert scene.token_at_tile((4, 1), (4.1, 1.9)) == "pony"


def test_the_mounts_rim_shows_round_the_rider_when_rendered(qtbot):
    scene = _scene()
    side = scene.grid.scene_length(1)
    image = QImage(int(side * 7), int(side * 4), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    origin = scene.grid.footprint_rect((0, 0), 1).topLeft()
    scene.render(painter, image.rect().toRectF(), QRectF(origin.x(), origin.y(), 7 * side, 4 * side))
    painter.end()
    x0, y0 = 4 * side, 1 * side  # the pony's tile: its red ring near the edge, the kid's disc inside
    rim = QColor(image.pixel(int(x0 + side * 0.5), int(y0 + side * 0.09)))
    middle = QColor(image.pixel(int(x0 + side * 0.5), int(y0 + side * 0.5)))
    assert rim.red() > 150 and rim.blue() < 120, rim.name()
    assert middle.blue() > middle.red(), middle.name()
