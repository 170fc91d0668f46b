"""What the player view remembers: its settings, and each screen's calibration.

Issue 6: "choose the screen, full screen on it (or windowed for one-monitor testing), and
remember the choice"; calibration "saved per screen".
"""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication

from vantage.engine.model import GameMap
from vantage.engine.table.calibration import Calibration, LengthUnit
from vantage.engine.table.fog import reveal_rect
from vantage.gui.appdata.player_settings import (
    Camera,
    PlayerSettings,
    calibration_file,
    load_calibration,
    load_settings,
    save_calibration,
    save_settings,
    settings_file,
)
from vantage.gui.players.fog_layer import FogLayer
from vantage.gui.players.window import screen_calibration, screen_key


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path))


def test_settings_round_trip_and_survive_a_bad_file():
    settings = PlayerSettings(screen="HDMI-1", fullscreen=False, rotation=270, mirrored=True,
                              camera=Camera.LOCKED, tile_amount=25, tile_unit=LengthUnit.MM)
    save_settings(settings)
    assert load_settings() == settings
    settings_file().write_text("{not json", encoding="utf-8")
    assert load_settings() == PlayerSettings()


def test_wrong_values_fall_back_one_by_one():
    data = {"rotation": 45, "camera": "sideways", "fullscreen": "yes", "tile_amount": -2,
            "screen": "DP-2", "mirrored": True, "vision_radius": -1}
    loaded = PlayerSettings.from_dict(data)
    assert loaded == PlayerSettings(screen="DP-2", mirrored=True)
    assert PlayerSettings.from_dict([1, 2]) == PlayerSettings()
    assert PlayerSettings(rotation=270).rotated(1).rotation == 0


def test_each_screen_keeps_its_own_calibration(qapp):
    assert load_calibration("projector A") is None
    save_calibration("projector A", Calibration(3.5, "ruler"))
    save_calibration("TV|LG|OLED55|123|3840x2160", Calibration(1.6, "screen"))
    assert load_calibration("projector A") == Calibration(3.5, "ruler")
    assert load_calibration("TV|LG|OLED55|123|3840x2160").pixels_per_mm == 1.6
    assert calibration_file("a/b") != calibration_file("a_b")  # unsafe characters cannot collide
    screen = QGuiApplication.primaryScreen()
    assert str(screen.geometry().width()) in screen_key(screen)
    assert screen_calibration(screen).pixels_per_mm > 0


def test_fog_image_is_rebuilt_only_when_the_fog_changes(qapp):
    m = GameMap(5, 5, fog_enabled=True)
    layer = FogLayer(m, opaque=True)
    assert layer.rebuilds == 1
    layer.set_fog(GameMap(5, 5, fog_enabled=True))  # an equal fog on another map object
    assert layer.rebuilds == 1
    layer.set_fog(reveal_rect(m, (0, 0), (1, 1)))
    assert layer.rebuilds == 2
    layer.set_fog(GameMap(5, 5))  # fog off: nothing to draw
    assert not layer.shows_fog and layer.boundingRect().width() > 0


@pytest.mark.parametrize("density", ["1" + "0" * 320, "-5", "0", "1e999", "NaN"])
def test_a_calibration_of_no_usable_density_is_none_not_a_crash(density):
    """A saved calibration whose density is 0, negative, infinite, not a number or an integer of
    300 digits (the settings fuzz test's find: its float would overflow) reads as none."""
    save_calibration("projector A", Calibration(3.5, "ruler"))
    path = calibration_file("projector A")
    path.write_text(path.read_text(encoding="utf-8").replace("3.5", density), encoding="utf-8")
    assert load_calibration("projector A") is None
