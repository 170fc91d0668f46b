"""The player window as a touch table (issue 30, 8): "when the GM enables it, on the player window
used as a touch table (players drag their own tokens through the same engine commands, hidden
tokens never touchable)". The touches are Qt's own (``QTest.touchEvent`` on a touchscreen device)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from touches import move, press, release
from workspaces import with_player_view

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.protocol.gm_commands import RevealFog, SetFog
from vantage.gui.appdata.player_settings import PlayerSettings, Shutter, load_settings, save_settings
from vantage.gui.document import run_command
from vantage.gui.gm.touch_table import attach_touch_table
from vantage.gui.play.tool import NOT_THERE
from vantage.gui.play.touch_table import IN_THE_DARK
from vantage.gui.workspace import ActionId, MenuId

BRAM, GHOUL_1_HIDDEN_AT = (5, 6), (7, 8)


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=False))


@pytest.fixture
def table(qtbot):
    """The demo fight, Ghoul 1 hidden on (7, 8) and Ilse hidden; the player window open."""
    encounter = demo_encounter()
    tokens = tuple(replace(t, position=GHOUL_1_HIDDEN_AT, hidden=True) if t.id == "ghoul-1"
                   else replace(t, hidden=True) if t.id == "ilse" else t for t in encounter.tokens)
    window = with_player_view(qtbot, replace(encounter, tokens=tokens), centre=(8, 8))
    controller = window.player_view.controller
    touch_table = attach_touch_table(window.workspace, controller)
    player = controller.open_player_view()
    qtbot.addWidget(player)
    player.resize(500, 300)
    QTest.qWait(0)
    return window, controller, player, touch_table


def at(player, tile) -> QPoint:
    return player.view.mapFromScene(player.scene.grid.tile_centre(tile))


def finger_drag(qtbot, player, start, end, check=None):
    viewport = player.view.viewport()
    a, b = at(player, start), at(player, end)
    press(viewport, a)
    move(viewport, a + QPoint(15, 15))
    move(viewport, b)
    if check is not None:
        check()
    release(viewport, b)
    qtbot.wait(10)  # the player window's update after the move


def allow(window, on=True):
    action = window.workspace.actions.action(ActionId.TOUCH_TABLE)
    assert action in window.workspace.actions.menu(MenuId.PLAYERS).actions()
    action.setChecked(on)


def test_the_touch_table_is_a_remembered_players_menu_toggle_off_at_first(qtbot, table):
    window, controller, player, _ = table
    action = window.workspace.actions.action(ActionId.TOUCH_TABLE)
    assert action.isCheckable() and not action.isChecked() and player.view.touch_finger is None
    allow(window)
    assert load_settings().touch_table is True and player.view.touch_finger is not None
    allow(window, False)
    assert load_settings().touch_table is False and player.view.touch_finger is None


def test_off_a_finger_on_the_player_window_does_nothing(qtbot, table):
    window, _controller, player, _ = table
    finger_drag(qtbot, player, BRAM, (6, 7))
    assert window.encounter.token("bram").position == BRAM and not window.document.log


def test_a_player_drags_a_party_token_by_the_engines_move_with_the_gms_preview(qtbot, table):
    window, _controller, player, touch_table = table
    allow(window)

    def during():
        overlay = touch_table.tool.overlay
        assert overlay.scene() is player.scene  # drawn on the players' map
        assert overlay.path is not None and overlay.path.end == (6, 7) and overlay.label
        assert overlay.warning_kinds == frozenset()  # no "!" that could point at a hidden creature

    finger_drag(qtbot, player, BRAM, (6, 7), check=during)
    assert window.encounter.token("bram").position == (6, 7)
    assert window.document.undo_stack.undoText() == "Move Bram"  # the GM's history: one step
    assert window.document.log[-1].sentence.startswith("Bram moves")
    assert window.workspace.selection.token is None  # the GM's selection stays the GM's
    assert player.shown.token("bram").position == (6, 7)
    assert "Touch table: Bram moved to (6, 7)" in window.status()


def test_enemies_and_hidden_tokens_are_never_touchable(qtbot, table):
    window, _controller, player, touch_table = table
    allow(window)
    ghoul_2 = window.encounter.token("ghoul-2").position
    finger_drag(qtbot, player, ghoul_2, (ghoul_2[0] - 1, ghoul_2[1]))  # an enemy the players see
    ilse = window.encounter.token("ilse").position
    finger_drag(qtbot, player, ilse, (ilse[0] + 1, ilse[1]))  # a party token the GM hid
    finger_drag(qtbot, player, GHOUL_1_HIDDEN_AT, (6, 8))  # a hidden enemy
    assert touch_table.tool.drag is None and not window.document.log
    assert window.encounter.token("ilse").position == ilse


def test_a_refusal_that_names_a_hidden_creature_reads_only_cannot_move_there(qtbot, table):
    window, _controller, player, touch_table = table
    allow(window)

    def during():
        refusal = touch_table.tool.overlay.refusal
        assert refusal is not None and refusal[0] == GHOUL_1_HIDDEN_AT
        assert refusal[1] == NOT_THERE and "Ghoul" not in refusal[1]

    finger_drag(qtbot, player, BRAM, GHOUL_1_HIDDEN_AT, check=during)
    assert window.encounter.token("bram").position == BRAM
    assert "Ghoul 1" in window.status()  # the GM reads the engine's whole sentence


def test_while_the_shutter_holds_or_blanks_no_finger_does_anything(qtbot, table):
    window, controller, player, _ = table
    allow(window)
    for shutter in (Shutter.HOLD, Shutter.BLANK):
        controller.set_shutter(shutter)
        finger_drag(qtbot, player, BRAM, (6, 7))
        assert window.encounter.token("bram").position == BRAM
    controller.set_shutter(Shutter.LIVE)
    finger_drag(qtbot, player, BRAM, (6, 7))
    assert window.encounter.token("bram").position == (6, 7)



def test_a_player_cannot_take_a_token_into_the_fog(qtbot, table):
    """Under the players' fog the ground is theirs neither to see nor to walk into."""
    window, _controller, player, touch_table = table
    allow(window)
    game_map = window.encounter.map
    seen = frozenset(t for t in game_map.tiles() if t[0] <= 6)  # the fog lifted up to column 6
    run_command(window.document, "Fog", SetFog(enabled=True))
    run_command(window.document, "Reveal", RevealFog(tiles=tuple(sorted(seen))))
    qtbot.wait(10)
    assert player.shown.map.fog_enabled

    def during():
        refusal = touch_table.tool.overlay.refusal
        assert refusal == ((7, 6), IN_THE_DARK)

    moves = len(window.document.log)
    finger_drag(qtbot, player, BRAM, (7, 6), check=during)
    assert window.encounter.token("bram").position == BRAM and len(window.document.log) == moves
    assert f"Bram cannot move to (7, 6): {IN_THE_DARK}" in window.status()
    finger_drag(qtbot, player, BRAM, (6, 7))  # in the light: moves
    assert window.encounter.token("bram").position == (6, 7)
