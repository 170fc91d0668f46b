"""The projector is dependable: it opens fitted, re-frames a new map, and carries nothing over.

Issue 16, item 8: "at 1920×1080 the full-screen player window showed the map as a 15–20 px
thumbnail until resized; after opening or importing another map it kept the old framing ('Locked
to scale' showed black) and a stale last-move arrow from the previous encounter." Item 10: "tools
disarm when another map opens". The same behaviours in a real window: test_projector_real_window.py.
"""

from __future__ import annotations

import pytest
from workspaces import WithPlayerView, with_player_view

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.dice import SeededDice
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.protocol.gm_commands import EditToken, Place
from vantage.engine.rules.asking import ask_turn
from vantage.gui.appdata.player_settings import Camera, PlayerSettings, save_settings
from vantage.gui.document import run_command
from vantage.gui.players.window import PlayerWindow


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=False))


def _encounter(width: int, height: int, mira_at: tuple[int, int]) -> Encounter:
    game_map = GameMap(width, height, terrain=("road",) * (width * height))
    return Encounter(game_map, (Token("mira", "Mira", mira_at, side=Side.PARTY),), ruleset="avorkarth")


def _fits(player: PlayerWindow, tolerance: float = 2.0) -> bool:
    """The whole map is on the screen and touches two opposite edges of the window."""
    rect, size = player.map_rect_on_screen(), player.size()
    inside = rect.left() >= -tolerance and rect.top() >= -tolerance \
        and rect.right() <= size.width() + tolerance and rect.bottom() <= size.height() + tolerance
    wide = abs(rect.width() - size.width()) <= tolerance
    tall = abs(rect.height() - size.height()) <= tolerance
    return inside and (wide or tall)


def _gm(qtbot) -> tuple[WithPlayerView, PlayerWindow]:
    """The GM's map (play mode, shown) with the player view attached and open."""
    window = with_player_view(qtbot, _encounter(12, 8, (1, 1)))
    player = window.player_view.controller.open_player_view()
    qtbot.addWidget(player)
    qtbot.waitExposed(player)
    return window, player


def test_the_player_window_is_fitted_as_soon_as_it_goes_full_screen(qtbot):
    """The window's own resize comes before its layout resizes the view: the camera must be framed
    on the view's size, not on the window's resize (which saw the old, tiny viewport)."""
    player = PlayerWindow(_encounter(30, 20, (1, 1)), settings=PlayerSettings(labels=False))
    qtbot.addWidget(player)
    player.place(player.screen(), True)
    qtbot.waitExposed(player)
    qtbot.waitUntil(lambda: player.isFullScreen())
    assert _fits(player), (player.map_rect_on_screen(), player.size())
    player.place(None, False)
    player.resize(700, 300)
    qtbot.waitUntil(lambda: player.size().width() == 700)
    assert _fits(player), (player.map_rect_on_screen(), player.size())


def test_another_map_is_fitted_and_brings_no_last_move_from_the_old_one(qtbot):
    window, player = _gm(qtbot)
    run_command(window.document, "Move", Place(token="mira", tile=(4, 4)))
    qtbot.waitUntil(lambda: player.last_move is not None)
    assert player.last_move.token_id == "mira"
    # another encounter whose Mira stands elsewhere, on a bigger map: no arrow between the two
    window.document.reset(_encounter(40, 10, (30, 8)), None)
    qtbot.waitUntil(lambda: player.shown.map.width == 40)
    assert player.last_move is None
    assert player.highlight.move is None
    assert _fits(player), (player.map_rect_on_screen(), player.size())


def test_locked_to_scale_shows_the_new_map_not_the_old_centre(qtbot):
    window, player = _gm(qtbot)
    controller = window.player_view.controller
    controller.update_settings(camera=Camera.LOCKED)
    controller.pan(-3, -3)
    window.document.reset(_encounter(60, 40, (50, 30)), None)
    qtbot.waitUntil(lambda: player.shown.map.width == 60)
    centre = player.view.mapToScene(player.view.viewport().rect().center())
    map_centre = player.scene.map_rect().center()
    assert abs(centre.x() - map_centre.x()) < 2 and abs(centre.y() - map_centre.y()) < 2


def test_the_fog_tool_is_put_away_when_another_map_opens(qtbot):
    window, _player = _gm(qtbot)
    controller, dock = window.player_view.controller, window.player_view.dock
    dock.tool_check.setChecked(True)
    assert window.view.tool is controller.fog_tool
    window.document.reset(_encounter(12, 8, (2, 2)), None)
    assert window.view.tool is not controller.fog_tool
    assert not dock.tool_check.isChecked()


def test_saving_under_a_new_name_is_not_another_map(qtbot, tmp_path):
    window, player = _gm(qtbot)
    run_command(window.document, "Move", Place(token="mira", tile=(4, 4)))
    qtbot.waitUntil(lambda: player.last_move is not None)
    controller = window.player_view.controller
    controller.explored = frozenset({(0, 0)})
    window.document.set_path(tmp_path / "saved.json")  # Save As: the same encounter, a new name
    assert controller.explored == {(0, 0)}
    run_command(window.document, "Move", Place(token="mira", tile=(5, 4)))
    qtbot.waitUntil(lambda: player.last_move is not None and player.last_move.end == (5.5, 4.5))


def test_the_turn_order_strip_shows_the_order_without_hidden_tokens(qtbot):
    """Issue 16, item 8: "Optional on the projector: the initiative order as a strip"."""
    window = with_player_view(qtbot, demo_encounter())
    controller = window.player_view.controller
    player = controller.open_player_view()
    qtbot.addWidget(player)
    window.document.dice = SeededDice(5)
    run_command(window.document, "Hide", EditToken(token="ogre", hidden=True))
    run_command(window.document, "Start combat", StartCombat())
    qtbot.wait(20)
    assert not player.strip.isVisible()  # off unless the GM asks for it
    player.resize(1600, 900)  # room for the whole order (a narrow strip cuts its ends: its own test)
    controller.update_settings(initiative_strip=True)
    qtbot.waitUntil(lambda: player.strip.isVisible())
    text = player.strip.text()
    turn = ask_turn(window.document.encounter)
    actor = window.document.encounter.token(turn.actor).name
    assert "Round 1" in text and f"color:#ffd84d'>{actor}<" in text
    assert "Bram" in text and "Ogre" not in text  # the hidden ogre gives nothing away
    assert player.strip.width() == player.width()
    controller.update_settings(initiative_strip=False)
    assert not player.strip.isVisible()
