"""Panels and files of the GM window (issue 5).

"Combat log of events in plain sentences, each expandable to its rolls and breakdown; copy/export
as text." "Token panel: the selected token's stat block (validated by its ruleset), conditions,
wounds; edit in place." "Files: new/open/save/save-as/recent files, unsaved-changes prompts,
autosave to a separate rotating file every minute and on-crash recovery offered at the next
start; errors from loading show the engine's messages in a dialog and leave the open encounter
untouched." "Keyboard shortcuts for every frequent action, listed in a help overlay (?)".
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from vantage.engine.protocol.gm_commands import Place
from vantage.gui.document import LogEntry, SentCommand
from vantage.gui.gm.autosave import Autosaver, forget, pending_recoveries
from vantage.gui.gm.file_actions import NewMap
from vantage.gui.play.combat_log import log_text


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


def _select(qtbot, window, tile):
    pos = window.view.tile_centre_in_view(tile)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_combat_log_shows_sentences_with_expandable_details_and_exports_text(qtbot, gm_window, tmp_path):
    entry = LogEntry("Bram hits the Ghoul.", ("d20 → 15", "Hit category: 1"), "hit")
    still = Place(token="bram", tile=gm_window.encounter.token("bram").position)
    gm_window.document.commit("Test", SentCommand(still), gm_window.encounter, (entry,))
    tree = gm_window.log_panel.tree
    item = tree.topLevelItem(tree.topLevelItemCount() - 1)
    assert item.text(0) == "Bram hits the Ghoul."
    assert [item.child(i).text(0) for i in range(item.childCount())] == ["d20 → 15", "Hit category: 1"]
    gm_window.log_panel.copy()
    assert QApplication.clipboard().text() == "Bram hits the Ghoul.\n    d20 → 15\n    Hit category: 1\n"
    out = tmp_path / "log.txt"
    gm_window.log_panel.export(out)
    assert out.read_text(encoding="utf-8") == log_text(gm_window.document.log)
    gm_window.window_actions.undo.trigger()
    assert tree.topLevelItemCount() == 0


def test_token_panel_shows_derived_values_and_validates_stat_edits(qtbot, gm_window):
    _select(qtbot, gm_window, (5, 6))
    panel = gm_window.token_panel
    assert panel.isEnabled() and panel.name_edit.text() == "Bram"
    texts = [panel.derived.item(i).text() for i in range(panel.derived.count())]
    assert "movement: 6" in texts and any(t.startswith("dodge:") for t in texts)
    json_edit = panel.form.json_edit
    stats = json.loads(json_edit.toPlainText())
    stats["wounds"] = "many"
    json_edit.setPlainText(json.dumps(stats))
    assert panel.apply_stats() is False
    assert "stats.wounds" in panel.form.message.text()
    assert gm_window.encounter.token("bram").stats["wounds"] == 6
    stats["wounds"] = 8
    json_edit.setPlainText(json.dumps(stats))
    assert panel.apply_stats() is True
    assert gm_window.encounter.token("bram").stats["wounds"] == 8
    panel.name_edit.setText("Bram the Bold")
    panel.name_edit.editingFinished.emit()
    assert gm_window.encounter.token("bram").name == "Bram the Bold"
    assert gm_window.scene.token_items["bram"].token.name == "Bram the Bold"


def test_escape_in_the_stat_form_reverts_the_edit_and_keeps_the_selection(qtbot, gm_window):
    """"Keyboard: Enter applies, Esc reverts" — in the GM window, where Esc alone deselects."""
    _select(qtbot, gm_window, (5, 6))
    panel = gm_window.token_panel
    panel.tabs.setCurrentIndex(1)
    wounds = panel.form.rows["wounds"].editor
    wounds.setFocus()
    wounds.setValue(9)
    qtbot.keyClick(wounds, Qt.Key.Key_Escape)
    assert wounds.value() == 6 and gm_window.workspace.selection.token == "bram"
    qtbot.keyClick(wounds, Qt.Key.Key_Escape)  # nothing to revert: the window's Esc deselects
    assert gm_window.workspace.selection.token is None


def test_token_panel_sets_conditions_through_the_rules(qtbot, gm_window):
    _select(qtbot, gm_window, (5, 6))
    gm_window.token_panel.set_condition("prone", True)
    assert gm_window.encounter.token("bram").has_condition("prone")
    assert "prone" in gm_window.token_panel.conditions.item(0).text()
    gm_window.window_actions.undo.trigger()
    assert not gm_window.encounter.token("bram").has_condition("prone")


def test_save_open_recent_and_the_unsaved_prompt(qtbot, gm_window, tmp_path):
    files = gm_window.files
    target = tmp_path / "fight.json"
    files.ask_save_path = lambda: target
    gm_window.commands.turn_selected(1)  # nothing selected: no change
    _select(qtbot, gm_window, (5, 6))
    gm_window.commands.turn_selected(1)
    assert gm_window.document.is_modified()
    assert gm_window.windowTitle().startswith(gm_window.encounter.name + "*")
    assert files.save() is True and target.is_file()
    assert not gm_window.document.is_modified()
    assert gm_window.window_actions.recent_menu.actions()[0].text() == str(target.resolve())
    gm_window.commands.turn_selected(1)
    answers = []
    files.ask_unsaved = lambda: answers.append("asked") or "cancel"
    files.ask_new_map = lambda: NewMap(10, 8, "avorkarth")
    files.new_dialog()
    assert answers == ["asked"] and gm_window.encounter.map.width == 24  # cancelled: nothing replaced
    files.ask_unsaved = lambda: "discard"
    files.new_dialog()
    assert (gm_window.encounter.map.width, gm_window.encounter.map.height) == (10, 8)
    assert files.open_file(target) is True
    assert gm_window.encounter.token("bram").facing.name == "SE"


def test_a_bad_file_shows_the_engines_problems_and_keeps_the_encounter(qtbot, gm_window, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "vantage-encounter", "version": 1, "map": {"width": -3}}', encoding="utf-8")
    before = gm_window.encounter
    assert gm_window.files.open_file(bad) is False
    assert gm_window.encounter is before
    assert "map" in gm_window.files.last_error


def test_autosave_rotates_and_an_unclean_exit_is_offered_for_recovery(qtbot, gm_window, user_dir):
    folder = user_dir / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    saver = Autosaver(gm_window.document, folder=folder, interval_ms=60_000)
    assert saver.autosave() is None  # nothing changed yet
    _select(qtbot, gm_window, (5, 6))
    written = []
    for _ in range(4):
        gm_window.commands.turn_selected(1)
        written.append(saver.autosave())
    assert len({p.name for p in written}) == 3  # three rotating files
    assert written[3] == written[0]
    # a marker from another (crashed) process points at its newest autosave
    crashed = folder / "session-999999.json"
    crashed.write_text(json.dumps({"latest": str(written[3]), "source": None}), encoding="utf-8")
    found = pending_recoveries(folder)
    assert [r.autosave for r in found] == [written[3]]
    forget(found)
    assert pending_recoveries(folder) == []
    saver.clean_exit()
    assert not saver.marker.exists()


def test_help_overlay_lists_the_shortcuts(qtbot, gm_window):
    gm_window.commands.toggle_help()
    text = gm_window.help_overlay.label.text()
    assert gm_window.help_overlay.isVisible()
    for words in ("Turn left", "Next turn", "Undo", "Fit map", "Shift+drag a token", "Charge lanes"):
        assert words in text
    qtbot.keyClick(gm_window.help_overlay, Qt.Key.Key_Escape)
    assert not gm_window.help_overlay.isVisible()


def test_the_next_start_offers_the_crashed_runs_autosave(qtbot, gm_window, user_dir, monkeypatch):
    from PySide6.QtWidgets import QMessageBox

    from vantage.engine.fileformat import save_encounter
    from vantage.gui.gm import launch

    folder = user_dir / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    e = gm_window.encounter
    crashed = e.with_token(replace(e.token("bram"), position=(2, 2)))
    autosave = folder / "autosave-999999-0.json"
    save_encounter(crashed, autosave)
    (folder / "session-999999.json").write_text(json.dumps({"latest": str(autosave), "source": None}))
    asked = []
    yes = QMessageBox.StandardButton.Yes
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: asked.append(a[2]) or yes)
    launch.offer_recovery(gm_window)
    assert asked and "did not close cleanly" in asked[0]
    assert gm_window.encounter.token("bram").position == (2, 2)
    assert gm_window.document.is_modified()
    assert pending_recoveries(folder) == []


def test_import_map_opens_the_imported_encounter_unsaved(qtbot, gm_window, monkeypatch):
    from vantage.engine.model import Encounter, GameMap

    imported = Encounter(GameMap(7, 5), name="Imported cave", ruleset="avorkarth")
    gm_window.files.ask_import = lambda: imported
    gm_window.window_actions.import_map.trigger()
    assert gm_window.encounter.name == "Imported cave" and gm_window.document.path is None
    assert gm_window.document.is_modified()
