"""File ▸ Restore a backup… (issue 33, item 6: "a way to restore one from the GUI"): the
generations of the open file, newest first with their time; the chosen one opens as a new,
unsaved encounter without a file name, so nothing is overwritten unasked (saving it is Save as),
and unsaved changes are asked about first."""

from __future__ import annotations

import pytest
from workspaces import file_actions_on

from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.fileformat.backups import generations
from vantage.engine.model import Encounter, GameMap
from vantage.gui.gm.restore_backup import RestoreBackup, attach_restore_backup, generation_label
from vantage.gui.workspace import ActionId, MenuId


def _named(name: str) -> Encounter:
    return Encounter(GameMap(8, 6), name=name, ruleset="avorkarth")


def _saved_three_times(tmp_path):
    fight = tmp_path / "fight.json"
    for name in ("the GM's original", "second", "third"):
        save_encounter(_named(name), fight)
    return fight


def test_the_original_comes_back_unsaved_and_without_a_file_name(workspace, tmp_path):
    fight = _saved_three_times(tmp_path)
    files = file_actions_on(workspace)
    assert files.open_file(fight)
    said: list[str] = []
    files.message.connect(said.append)
    restore = RestoreBackup(files)
    offered = []
    restore.ask_generation = lambda path, kept: offered.append((path, kept)) or kept[-1]
    on_disk = fight.read_bytes()
    assert restore.restore_dialog() is True
    (path, kept), = offered
    assert path == fight and [load_encounter(g.path).name for g in kept] == ["second", "the GM's original"]
    assert workspace.document.encounter.name == "the GM's original"
    assert workspace.document.path is None and workspace.document.is_modified()
    assert fight.read_bytes() == on_disk  # nothing written
    assert "Save as… to keep it" in said[-1]


def test_unsaved_changes_are_asked_about_first_and_cancel_keeps_them(workspace, tmp_path):
    fight = _saved_three_times(tmp_path)
    files = file_actions_on(workspace)
    assert files.open_file(fight)
    workspace.document.mark_unsaved()
    asked = []
    files.ask_unsaved = lambda: asked.append("asked") or "cancel"
    restore = RestoreBackup(files)
    restore.ask_generation = lambda path, kept: kept[0]
    assert restore.restore_dialog() is False
    assert asked == ["asked"] and workspace.document.encounter.name == "third"
    assert workspace.document.path == fight


def test_no_file_or_no_backup_is_said_and_nothing_asked(workspace, tmp_path):
    files = file_actions_on(workspace)
    said: list[str] = []
    files.message.connect(said.append)
    restore = RestoreBackup(files)
    restore.ask_generation = lambda path, kept: pytest.fail("nothing to offer")
    assert restore.restore_dialog() is False
    assert "no file yet" in said[-1]
    fresh = tmp_path / "fresh.json"
    save_encounter(_named("only once"), fresh)
    assert files.open_file(fresh)
    assert restore.restore_dialog() is False
    assert "no backups of fresh.json yet" in said[-1]


def test_the_action_sits_after_save_as_and_labels_show_the_time(workspace, tmp_path):
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMenu

    from vantage.gui.workspace.action_registry import ActionRegistry

    registry: ActionRegistry = workspace.actions
    menu = registry.add_menu(MenuId.FILE, QMenu("&File", workspace.host))
    save_as = registry.add_action(ActionId.SAVE_AS, QAction("Save &as…", workspace.host))
    quit_action = QAction("&Quit", workspace.host)
    menu.addActions([save_as, quit_action])
    attach_restore_backup(workspace, file_actions_on(workspace))
    assert [a.text() for a in menu.actions()] == ["Save &as…", "Restore a &backup…", "&Quit"]
    kept = generations(_saved_three_times(tmp_path))
    label = generation_label(kept[0])
    assert label.endswith("KB") and ":" in label


@pytest.mark.slow  # a whole GM window
def test_the_gm_window_offers_it_in_the_file_menu_after_save_as(gm_window, tmp_path):
    menu = gm_window.workspace.actions.menu(MenuId.FILE)
    texts = [a.text() for a in menu.actions()]
    assert texts[texts.index("Save &as…") + 1] == "Restore a &backup…"
    fight = _saved_three_times(tmp_path)
    assert gm_window.files.open_file(fight)
    gm_window.restore_backup.ask_generation = lambda path, kept: kept[-1]
    menu.actions()[texts.index("Restore a &backup…")].trigger()
    assert gm_window.encounter.name == "the GM's original" and gm_window.document.path is None
    assert gm_window.windowTitle().startswith("the GM's original (not saved)*")
