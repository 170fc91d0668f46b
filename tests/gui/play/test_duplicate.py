"""Duplicate a token: Ctrl+D and the token menu's GM section.

Issue 16, item 6: "duplicate a token". The brief: "a copy on the nearest free tile, same
stats/side/size/picture, numbered name, one undo step".
"""

from __future__ import annotations

from PySide6.QtCore import Qt

from vantage.engine.demo_encounter import demo_encounter
from vantage.gui.play.creature_library import attach_creature_tools
from vantage.gui.play.duplicate import fresh_token_id, is_free, nearest_free_tile


def test_the_nearest_free_tile_is_the_tile_itself_when_free_else_the_closest_ring():
    encounter = demo_encounter()  # Bram at (5, 6), the Ogre (large) at (19, 8)
    assert nearest_free_tile(encounter, (10, 2)) == (10, 2)
    assert nearest_free_tile(encounter, (5, 6)) == (5, 5)  # straight up before the diagonals
    assert nearest_free_tile(encounter, (5, 6), skip_near=True) == (5, 5)
    tile = nearest_free_tile(encounter, (19, 8), footprint=2, skip_near=True)
    assert tile is not None and is_free(encounter, tile, 2)
    assert max(abs(tile[0] - 19), abs(tile[1] - 8)) <= 2


def test_no_room_for_the_footprint_is_none():
    encounter = demo_encounter()  # 24 × 16 tiles
    assert nearest_free_tile(encounter, (0, 0), footprint=17) is None


def test_fresh_ids_never_repeat_an_id():
    encounter = demo_encounter()
    assert fresh_token_id(encounter, "Ghoul 2") == "ghoul"
    assert fresh_token_id(encounter, "Bram") == "bram-2"
    assert fresh_token_id(encounter, "!!!") == "token"


def test_ctrl_d_copies_the_selected_token_beside_it_as_one_undo_step(qtbot, demo_panels):
    attach_creature_tools(demo_panels.workspace, demo_panels.edit_settings)
    demo_panels.workspace.selection.select_token("ghoul-1")
    steps = demo_panels.document.undo_stack.count()
    qtbot.keyClick(demo_panels.view, Qt.Key.Key_D, Qt.KeyboardModifier.ControlModifier)
    original = demo_panels.document.encounter.token("ghoul-1")
    (copy,) = [t for t in demo_panels.document.encounter.tokens if t.id not in
               {t.id for t in demo_encounter().tokens}]
    assert copy.name == "Ghoul 3"  # Ghoul 1 and Ghoul 2 are taken
    assert (copy.side, copy.size, copy.image, dict(copy.stats)) == (
        original.side, original.size, original.image, dict(original.stats))
    assert max(abs(copy.position[0] - 15), abs(copy.position[1] - 10)) == 1
    assert demo_panels.document.undo_stack.count() == steps + 1
    assert demo_panels.document.undo_stack.undoText() == "Duplicate Ghoul 1"
    assert "Ghoul 3 is a copy of Ghoul 1" in demo_panels.status()
    demo_panels.document.undo_stack.undo()
    assert copy.id not in {t.id for t in demo_panels.document.encounter.tokens}


def test_the_token_menu_gm_section_duplicates_a_large_token_and_a_hidden_one_stays_hidden(qtbot, demo_panels):
    from vantage.gui.play.visibility import set_hidden

    attach_creature_tools(demo_panels.workspace, demo_panels.edit_settings)
    set_hidden(demo_panels.document, "ogre", True)
    menu = demo_panels.attack_menu.build(None, "ogre", demo_panels.view)
    (entry,) = [a for a in menu.actions() if a.text().startswith("Duplicate")]
    assert entry.text() == "Duplicate\tCtrl+D"
    entry.trigger()
    copy = demo_panels.document.encounter.tokens[-1]
    assert copy.name == "Ogre 2" and copy.size.value == "large" and copy.hidden
    ogre_tiles = set(demo_panels.document.encounter.token("ogre").footprint_tiles())
    assert not ogre_tiles & set(copy.footprint_tiles())


def test_nothing_selected_says_so(qtbot, demo_panels):
    tools = attach_creature_tools(demo_panels.workspace, demo_panels.edit_settings)
    tools.duplicate_selected()
    assert demo_panels.status() == "Select a token to duplicate it"


def test_a_copy_starts_hidden_while_the_players_watch_if_the_editor_option_says_so(qtbot, demo_panels):
    """Issue 16 item 4: "An option places new tokens hidden while the player view is open" — a copy
    is a new token too; the menu's Duplicate and Ctrl+D follow the option alike."""
    tools = attach_creature_tools(demo_panels.workspace, demo_panels.edit_settings)
    demo_panels.workspace.watch_players_by(lambda: True)
    demo_panels.edit_settings.hide_new_tokens = True
    menu = demo_panels.attack_menu.build(None, "ghoul-2", demo_panels.view)
    (entry,) = [a for a in menu.actions() if a.text().startswith("Duplicate")]
    entry.trigger()
    copy = demo_panels.document.encounter.tokens[-1]
    assert copy.name == "Ghoul 3" and copy.hidden
    assert "hidden from the players; H reveals it" in demo_panels.status()
    demo_panels.edit_settings.hide_new_tokens = False
    demo_panels.workspace.selection.select_token("ghoul-2")
    tools.duplicate_selected()
    assert not demo_panels.document.encounter.tokens[-1].hidden
