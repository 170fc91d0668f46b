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
from play_workspace import PlayPanels, play_panels
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from workspaces import file_actions_on

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.protocol.gm_commands import Place
from vantage.gui.document import LogEntry, SentCommand
from vantage.gui.gm.autosave import Autosaver, forget, pending_recoveries
from vantage.gui.gm.file_actions import NewMap
from vantage.gui.play.combat_log import CombatLog, log_text


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


@pytest.fixture
def desk(qtbot) -> PlayPanels:
    """The demo map in play mode with the play panels and the window's action handlers, shown."""
    return play_panels(qtbot, demo_encounter())


def _select(qtbot, window, tile):
    pos = window.view.tile_centre_in_view(tile)
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_combat_log_shows_sentences_with_expandable_details_and_exports_text(qtbot, workspace, tmp_path):
    log_panel = CombatLog(workspace.document)
    qtbot.addWidget(log_panel)
    entry = LogEntry("Bram hits the Ghoul.", ("d20 → 15", "Hit category: 1"), "hit")
    still = Place(token="bram", tile=workspace.encounter.token("bram").position)
    workspace.document.commit("Test", SentCommand(still), workspace.encounter, (entry,))
    model = log_panel.model
    row = model.rowCount() - 1
    assert model.text_at(row) == "Bram hits the Ghoul."
    assert not model.index(row, 0).data(Qt.ItemDataRole.DecorationRole).isNull()  # its ▸
    log_panel.view.toggle(row)  # "expand a line to see its rolls and breakdown"
    assert [model.text_at(r).strip() for r in range(row + 1, model.rowCount())] == ["d20 → 15",
                                                                                    "Hit category: 1"]
    log_panel.copy()
    assert QApplication.clipboard().text() == "Bram hits the Ghoul.\n    d20 → 15\n    Hit category: 1\n"
    out = tmp_path / "log.txt"
    log_panel.export(out)
    assert out.read_text(encoding="utf-8") == log_text(workspace.document.log)
    workspace.document.undo_stack.undo()
    assert model.rowCount() == 0


def test_token_panel_shows_derived_values_and_validates_stat_edits(qtbot, desk):
    _select(qtbot, desk, (5, 6))
    panel = desk.token_panel
    assert panel.isEnabled() and panel.name_edit.text() == "Bram"
    texts = [panel.derived.item(i).text() for i in range(panel.derived.count())]
    assert "movement: 6" in texts and any(t.startswith("dodge:") for t in texts)
    panel.tabs.setCurrentWidget(panel.form)  # the Stat block tab: its block is loaded when it shows
    json_edit = panel.form.json_edit
    stats = json.loads(json_edit.toPlainText())
    stats["wounds"] = "many"
    json_edit.setPlainText(json.dumps(stats))
    assert panel.apply_stats() is False
    assert "stats.wounds" in panel.form.message.text()
    assert desk.encounter.token("bram").stats["wounds"] == 6
    stats["wounds"] = 8
    json_edit.setPlainText(json.dumps(stats))
    assert panel.apply_stats() is True
    assert desk.encounter.token("bram").stats["wounds"] == 8
    panel.name_edit.setText("Bram the Bold")
    panel.name_edit.editingFinished.emit()
    assert desk.encounter.token("bram").name == "Bram the Bold"
    assert desk.scene.token_items["bram"].token.name == "Bram the Bold"


@pytest.mark.slow  # the window's Esc (Deselect) against the panel's own Esc
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


def test_token_panel_sets_conditions_through_the_rules(qtbot, desk):
    _select(qtbot, desk, (5, 6))
    desk.token_panel.set_condition("prone", True)
    assert desk.encounter.token("bram").has_condition("prone")
    assert "prone" in desk.token_panel.conditions.item(0).text()
    desk.document.undo_stack.undo()
    assert not desk.encounter.token("bram").has_condition("prone")


@pytest.mark.slow  # files across the window: its title, its recent menu, its handlers
def test_save_open_recent_and_the_unsaved_prompt(qtbot, gm_window, tmp_path):
    files = gm_window.files
    target = tmp_path / "fight.json"
    files.ask_save_path = lambda: target
    gm_window.commands.turn_selected(1)  # nothing selected: no change
    _select(qtbot, gm_window, (5, 6))
    gm_window.commands.turn_selected(1)
    assert gm_window.document.is_modified()
    assert gm_window.windowTitle().startswith(gm_window.encounter.name + " (not saved)*")
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


def test_a_bad_file_shows_the_engines_problems_and_keeps_the_encounter(workspace, tmp_path):
    files = file_actions_on(workspace)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "vantage-encounter", "version": 1, "map": {"width": -3}}', encoding="utf-8")
    before = workspace.encounter
    assert files.open_file(bad) is False
    assert workspace.encounter is before
    assert "map" in files.last_error


def test_autosave_rotates_and_an_unclean_exit_is_offered_for_recovery(qtbot, desk, user_dir):
    folder = user_dir / "autosave"
    folder.mkdir(parents=True, exist_ok=True)
    saver = Autosaver(desk.document, folder=folder, interval_ms=60_000)
    assert saver.autosave() is None  # nothing changed yet
    _select(qtbot, desk, (5, 6))
    written = []
    for _ in range(4):
        desk.commands.turn_selected(1)
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


@pytest.mark.slow  # the shortcuts of every menu of the whole window
def test_help_overlay_lists_the_shortcuts(qtbot, gm_window):
    gm_window.commands.toggle_help()
    text = gm_window.help_overlay.label.text()
    assert gm_window.help_overlay.isVisible()
    for words in ("Turn left", "Next turn", "Undo", "Fit map", "Shift+drag a token", "Charge lanes"):
        assert words in text
    qtbot.keyClick(gm_window.help_overlay, Qt.Key.Key_Escape)
    assert not gm_window.help_overlay.isVisible()


@pytest.mark.slow  # recovery: the next start offers the work in the window
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


def test_import_map_opens_the_imported_encounter_unsaved(workspace):
    from vantage.engine.model import Encounter, GameMap

    files = file_actions_on(workspace)
    imported = Encounter(GameMap(7, 5), name="Imported cave", ruleset="avorkarth")
    files.ask_import = lambda: imported
    files.import_dialog()  # what File ▸ Import map… does
    assert workspace.encounter.name == "Imported cave" and workspace.document.path is None
    assert workspace.document.is_modified()
