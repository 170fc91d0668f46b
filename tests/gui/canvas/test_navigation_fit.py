"""The map view fits the whole map when asked, keeps it fitted as the window resizes, and stops
following resizes once the GM zooms."""

from __future__ import annotations

import pytest

from vantage.engine.model import Encounter, GameMap
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView


def _visible_map_fraction(view: MapView) -> float:
    seen = view.mapToScene(view.viewport().rect()).boundingRect()
    map_rect = view.map_scene().map_rect()
    inter = seen.intersected(map_rect)
    return (inter.width() * inter.height()) / (map_rect.width() * map_rect.height())


def test_fitted_view_follows_resizes_until_the_gm_zooms(qtbot) -> None:
    scene = MapScene(Encounter(GameMap(40, 30), ruleset="avorkarth"))
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(400, 300)
    view.show()
    view.fit_map()
    view.resize(1200, 900)
    qtbot.wait(10)
    assert _visible_map_fraction(view) > 0.99
    zoom_fitted = view.zoom()
    view.zoom_by(2.0)
    view.resize(600, 450)
    qtbot.wait(10)
    assert view.zoom() == pytest.approx(2.0 * zoom_fitted)
    assert _visible_map_fraction(view) < 0.5
