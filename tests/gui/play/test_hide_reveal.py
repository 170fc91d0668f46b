"""Hide and reveal: a token can be hidden from the players and revealed again, from its context
menu, the token panel and a shortcut; the GM sees it faded; new tokens can start hidden.

Issue 16, item 4: "A token can be hidden from the players and revealed again from the context
menu, the token panel and a shortcut; the GM sees hidden tokens faded. An option places new
tokens hidden while the player view is open. Today nothing in the GUI hides a token and a new
monster appears on the projector at once."
"""
# The menu, the panel and the player view are tested on a workspace; H (a window menu's shortcut)
# and the editor's option are the window's (slow).

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
from vantage.gui.players.attach import attach_player_view


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    save_settings(PlayerSettings(fullscreen=False, labels=False))


def _players_see(players, token_id: str) -> bool:
    return token_id in players.player.scene.token_items


def _open_players(qtbot, players):
    player = players.open_player_view()
    qtbot.addWidget(player)
    return player


def _menu_entry(window, token_id: str):
    menu = window.attack_menu.build(None, token_id, window.view)
    (entry,) = [a for a in menu.actions() if "the players" in a.text()]
    return entry


def test_the_context_menu_hides_and_reveals_and_the_players_follow(qtbot, demo_panels):
    players = attach_player_view(demo_panels.workspace).controller
    _open_players(qtbot, players)
    qtbot.waitUntil(lambda: _players_see(players, "ghoul-1"))
    entry = _menu_entry(demo_panels, "ghoul-1")
    assert entry.text().startswith("Hide from the players") and entry.text().endswith("\tH")
    entry.trigger()
    assert demo_panels.document.encounter.token("ghoul-1").hidden
    qtbot.waitUntil(lambda: not _players_see(players, "ghoul-1"))
    assert demo_panels.scene.token_items["ghoul-1"].isVisible()  # the GM still sees it …
    assert "hidden from the players" in demo_panels.status()
    entry = _menu_entry(demo_panels, "ghoul-1")
    assert entry.text().startswith("Reveal to the players")
    entry.trigger()
    qtbot.waitUntil(lambda: _players_see(players, "ghoul-1"))


@pytest.mark.slow
def test_h_hides_the_selected_token_and_undo_shows_it_again(qtbot, gm_window):
    gm_window.workspace.selection.select_token("ghoul-2")
    assert gm_window.window_actions.hide_token.shortcut().toString() == "H"
    qtbot.keyClick(gm_window.view, Qt.Key.Key_H)
    assert gm_window.document.encounter.token("ghoul-2").hidden
    gm_window.document.undo_stack.undo()
    assert not gm_window.document.encounter.token("ghoul-2").hidden


def test_h_with_nothing_selected_says_what_to_do(qtbot, demo_panels):
    demo_panels.workspace.selection.select_token(None)
    demo_panels.commands.hide_selected()  # what H does
    assert "Select a token" in demo_panels.status()


def test_the_token_panel_box_hides_and_follows_the_token(qtbot, demo_panels):
    demo_panels.workspace.selection.select_token("ogre")
    panel = demo_panels.token_panel
    panel.show_token("ogre")
    assert not panel.hidden_box.isChecked()
    panel.hidden_box.click()
    assert demo_panels.document.encounter.token("ogre").hidden
    demo_panels.document.undo_stack.undo()
    assert not panel.hidden_box.isChecked()


@pytest.mark.slow
def test_a_token_placed_starts_hidden_whether_or_not_the_players_watch(qtbot, gm_window):
    """Issue 30 item 4: "a monster added while the player window is closed shows as soon as it
    opens — 'new tokens start hidden' must not depend on the window being open"."""
    gm_window.commands.set_edit_mode(True)
    first = gm_window.edit_tool.place_new_token((0, 0))
    assert gm_window.document.encounter.token(first).hidden  # no player view open: hidden all the same
    _open_players(qtbot, gm_window.player_view.controller)
    qtbot.wait(20)
    assert not _players_see(gm_window.player_view.controller, first)  # the window opened: still unseen
    second = gm_window.edit_tool.place_new_token((0, 1))
    assert gm_window.document.encounter.token(second).hidden
    qtbot.wait(20)
    assert not _players_see(gm_window.player_view.controller, second)
    gm_window.editor_panel.hide_new_box.setChecked(False)  # the GM turned the option off
    third = gm_window.edit_tool.place_new_token((0, 2))
    assert not gm_window.document.encounter.token(third).hidden
