"""Issue 16 item 9: "the cover explanation can be reached by hovering" and "Overlays start with a
sensible few, not all six at once" (remembered per user, changeable from View ▸ Overlays).

The first start and the remembered switches are the window's View ▸ Overlays (slow); the hover is
the tactics overlay's, on a workspace."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.model import Cover, Wall
from vantage.gui.appdata import overlay_settings
from vantage.gui.appdata.overlay_settings import DEFAULT_OVERLAYS, remember_overlay, shown_overlays
from vantage.gui.appdata.user_paths import settings_path
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.play.tactics_overlay import Layer, sight_tooltip, sight_words


def _own_user_dir(monkeypatch, tmp_path):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path))


@pytest.mark.slow
def test_a_first_start_shows_a_sensible_few_overlays(qtbot, monkeypatch, tmp_path):
    _own_user_dir(monkeypatch, tmp_path)
    window = MainWindow(demo_encounter())
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    checked = {layer for layer, action in window.window_actions.layers.items() if action.isChecked()}
    assert checked == set(DEFAULT_OVERLAYS) == {Layer.REACHABLE, Layer.REACH_ZONES, Layer.SIGHT}
    assert window.tactics.enabled == checked
    window.workspace.selection.select_token("bram")
    tips = [c.toolTip() for c in [*window.tactics.childItems(), *window.tactics.above.childItems()]]
    assert not any("arc" in t for t in tips) and window.tactics.lane_items == {}


@pytest.mark.slow
def test_the_gms_switches_are_remembered_for_the_next_start(qtbot, monkeypatch, tmp_path):
    _own_user_dir(monkeypatch, tmp_path)
    settings_path().write_text(json.dumps({"default_ruleset": "baton"}), encoding="utf-8")
    window = MainWindow(demo_encounter())
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    window.window_actions.layers[Layer.ARCS].trigger()  # View ▸ Overlays ▸ arcs, or Ctrl+2
    window.window_actions.layers[Layer.REACHABLE].trigger()
    saved = json.loads(settings_path().read_text(encoding="utf-8"))
    assert saved["overlays"] == {"arcs": True, "reachable": False}
    assert saved["default_ruleset"] == "baton"  # the other keys are kept
    again = MainWindow(demo_encounter())
    qtbot.addWidget(again)
    again.files.ask_unsaved = lambda: "discard"
    assert again.window_actions.layers[Layer.ARCS].isChecked()
    assert not again.window_actions.layers[Layer.REACHABLE].isChecked()
    assert again.tactics.enabled == {Layer.ARCS, Layer.REACH_ZONES, Layer.SIGHT}


def test_a_broken_settings_file_falls_back_to_the_defaults(monkeypatch, tmp_path):
    _own_user_dir(monkeypatch, tmp_path)
    settings_path().write_text("{not json", encoding="utf-8")
    assert shown_overlays() == DEFAULT_OVERLAYS
    settings_path().write_text(json.dumps({"overlays": {"arcs": "yes", "charge": True}}), encoding="utf-8")
    assert shown_overlays() == DEFAULT_OVERLAYS | {Layer.CHARGE}
    remember_overlay(Layer.CHARGE, False)
    assert shown_overlays() == DEFAULT_OVERLAYS
    assert overlay_settings.OVERLAYS_KEY in json.loads(settings_path().read_text(encoding="utf-8"))


def test_the_sight_tooltip_puts_each_reason_on_its_line():
    text = ("Ysolde sees Ghoul: 2 of 4 lines from its centre to Ghoul's corners are clear; "
            "blocked by wall (3, 1)–(3, 2) → half cover")
    assert sight_tooltip(text).split("\n") == [
        "Ysolde sees Ghoul: 2 of 4 lines from its centre to Ghoul's corners are clear",
        "blocked by wall (3, 1)–(3, 2)", "→ half cover"]
    assert sight_words(False, Cover.FULL) == "no line of sight"
    assert sight_words(True, Cover.HALF) == "half cover" and sight_words(True, Cover.NONE) == "no cover"


def test_hovering_a_token_the_cover_explanation_is_its_tooltip(qtbot, demo_play):
    """The sight line and its badge stay while the pointer rests on the hovered token or moves onto
    the badge — beside the token, never on it (issue 30 item 3: "the 'half cover'/'no cover' badge
    stays on the target and hides it") — and the badge answers the tooltip: why the cover is half."""
    e = demo_play.encounter
    bram = replace(e.token("bram"), position=(14, 10))
    # a short wall beside the ogre hides part of it from Bram: half cover
    game_map = replace(e.map, walls=(*e.map.walls, Wall((19.0, 7.5), (19.0, 8.5))))
    demo_play.document.reset(replace(e, map=game_map).with_token(bram), None)
    view = demo_play.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((14, 10)))
    overlay = demo_play.tactics
    qtbot.mouseMove(view.viewport(), view.tile_centre_in_view((19, 8)))
    assert overlay.hovered_id == "ogre"
    badge = overlay.sight_label
    assert badge is not None and badge.text() == "half cover"
    assert "blocked by wall (19, 7.5)–(19, 8.5)" in badge.toolTip()
    assert badge.toolTip() == badge.parentItem().toolTip() == overlay.sight_item.toolTip()
    ogre = demo_play.encounter.token("ogre")
    assert not badge.parentItem().sceneBoundingRect().intersects(
        demo_play.scene.grid.footprint_rect(ogre.position, ogre.footprint))
    # the pointer moves onto the badge: the sight stays, the badge is the top item there
    at = view.mapFromScene(badge.sceneBoundingRect().center())
    qtbot.mouseMove(view.viewport(), at)
    assert overlay.hovered_id == "ogre" and overlay.sight_label is not None
    top = view.itemAt(at)
    assert top is not None and "half cover" in top.toolTip()
