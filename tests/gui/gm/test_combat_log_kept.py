"""The record of a fight survives (issue 27, item 6, and its "Done when": "The log survives
save/reopen, crash recovery and undo (tests)"). The walkthrough (gm-walkthrough-3 §5): "After
reopening a saved file or recovering an autosave, the log was empty. Only the state came back, so a
reopened fight has no record of how it got there."
"""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from PySide6.QtWidgets import QMessageBox
from workspaces import file_actions_on, workspace_on

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.dice import ScriptedDice
from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.protocol.combat_log import CombatLog, EarlierEntries, LogEntry
from vantage.engine.protocol.gm_commands import EditToken, Place
from vantage.engine.rules import read_command
from vantage.gui.cli import play
from vantage.gui.document import run_command
from vantage.gui.gm import launch
from vantage.gui.gm.autosave import Autosaver, pending_recoveries, write_marker_atomically
from vantage.gui.play.combat_log import CombatLog as CombatLogPanel


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


def shown(panel: CombatLogPanel) -> list[str]:
    return [panel.model.text_at(row) for row in range(panel.model.rowCount())]


def desk(qtbot, encounter=None, path=None):
    workspace = workspace_on(qtbot, encounter or demo_encounter(), path)
    workspace.document.dice = ScriptedDice([10] * 200)
    panel = CombatLogPanel(workspace.document)
    qtbot.addWidget(panel)
    return workspace, file_actions_on(workspace), panel


def play_a_little(workspace) -> None:
    document = workspace.document
    run_command(document, "Place", Place(token="bram", tile=(3, 3)))
    run_command(document, "Rename", EditToken(token="bram", name="Bram the Bold"))
    run_command(document, "Start combat", read_command({"type": "start_combat"}, document.encounter.ruleset))


def test_the_log_survives_save_and_reopen(qtbot, tmp_path):
    workspace, files, panel = desk(qtbot)
    play_a_little(workspace)
    before = shown(panel)
    assert before[:2] == ["The GM places Bram at (3, 3).", "The GM edits Bram: renamed Bram the Bold."]
    assert any(line.startswith("Combat begins") for line in before)
    target = tmp_path / "fight.json"
    assert files.save_to(target)
    saved = json.loads(target.read_text(encoding="utf-8"))["log"]["entries"]
    assert [entry["sentence"] for entry in saved] == before
    details = workspace.document.log
    # opened again, in another window: the panel shows the same lines with the same details
    other, other_files, other_panel = desk(qtbot)
    assert other_files.open_file(target)
    assert shown(other_panel) == before and other.document.log == details
    assert not other.document.is_modified()
    # the log goes on from there, and the next save keeps both
    run_command(other.document, "Place", Place(token="ogre", tile=(9, 9)))
    assert other_files.save()
    after = [e.sentence for e in load_encounter(target).log.entries]
    assert after == [*before, "The GM places Ogre at (9, 9)."]


def test_an_undone_commands_lines_leave_the_log_and_redo_brings_them_back(qtbot, tmp_path):
    workspace, files, panel = desk(qtbot)
    play_a_little(workspace)
    everything = shown(panel)
    stack = workspace.document.undo_stack
    stack.undo()  # the start of combat
    assert shown(panel) == everything[:2]
    target = tmp_path / "fight.json"
    assert files.save_to(target)
    assert [e.sentence for e in load_encounter(target).log.entries] == everything[:2]
    stack.undo()  # the rename
    assert shown(panel) == everything[:1]
    stack.redo()
    stack.redo()
    assert shown(panel) == everything
    assert files.save()
    assert [e.sentence for e in load_encounter(target).log.entries] == everything


def test_the_autosave_keeps_the_log_and_recovery_brings_it_back(qtbot, user_dir, monkeypatch):
    """A crashed run's autosave holds the log as the window showed it (its undone steps left out),
    and recovering it in the next start fills the log panel with it."""
    workspace, _files, panel = desk(qtbot)
    folder = user_dir / "autosave"
    folder.mkdir(parents=True)
    saver = Autosaver(workspace.document, folder=folder)
    play_a_little(workspace)
    workspace.document.undo_stack.undo()
    written = saver.autosave()
    assert written is not None
    before = shown(panel)
    assert [e.sentence for e in load_encounter(written).log.entries] == before
    # the run dies after that autosave (its lock goes with it): only its marker and autosave are left
    crashed = written.with_name("autosave-deadrun-0.json")
    written.rename(crashed)
    write_marker_atomically(folder / "session-deadrun.json", crashed, None, "deadrun")
    saver.clean_exit()
    window = launch_window(qtbot)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    launch.offer_recovery(window)
    assert shown(window.log_panel) == before
    assert window.document.is_modified() and pending_recoveries(folder) == []
    window.autosaver.clean_exit()


def launch_window(qtbot):
    from vantage.engine.model import Encounter, GameMap
    from vantage.gui.gm.main_window import MainWindow

    window = MainWindow(Encounter(GameMap(6, 4), name="open", ruleset="avorkarth"), None, autosave=True)
    window.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    return window


def test_a_summarised_log_shows_its_summary_first_and_keeps_it_on_the_next_save(qtbot, tmp_path):
    path = tmp_path / "long.json"
    old = CombatLog((LogEntry("Bram hits the Ghoul.", ("d20 → 15",), "hit"),),
                    EarlierEntries(412, (("moved", 412),)))
    save_encounter(replace(demo_encounter(), log=old), path)
    workspace, files, panel = desk(qtbot)
    assert files.open_file(path)
    summary = "412 earlier entries are summarised here (an encounter file keeps the newest 5,000)."
    assert shown(panel) == [summary, "Bram hits the Ghoul."]
    run_command(workspace.document, "Place", Place(token="bram", tile=(3, 3)))
    assert files.save()
    again = load_encounter(path).log
    assert again.earlier == old.earlier and [e.sentence for e in again.entries] == [
        "Bram hits the Ghoul.", "The GM places Bram at (3, 3)."]


def test_vantage_play_keeps_the_files_log_and_adds_the_sessions(tmp_path):
    """``vantage play`` writes and keeps the log as the window does: the final state's ``log`` is
    the file's log followed by this session's entries, and ``--save`` writes it."""
    source = tmp_path / "fight.json"
    earlier = LogEntry("Bram hits the Ghoul.", ("d20 → 15",), "hit")
    save_encounter(replace(demo_encounter(), log=CombatLog((earlier,))), source)
    commands = tmp_path / "commands.json"
    commands.write_text(json.dumps([{"type": "place", "token": "bram", "tile": [3, 3]}]), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert play.run([str(source), "--commands", str(commands), "--save", str(source)], out, err) == 0, \
        err.getvalue()
    final = json.loads(out.getvalue().splitlines()[-1])["encounter"]
    sentences = ["Bram hits the Ghoul.", "The GM places Bram at (3, 3)."]
    assert [e["sentence"] for e in final["log"]["entries"]] == sentences
    assert [e.sentence for e in load_encounter(source).log.entries] == sentences
    # a refused command: what was played before it is saved with its log, and the exit is 1
    commands.write_text(json.dumps([{"type": "place", "token": "ogre", "tile": [9, 9]},
                                    {"type": "place", "token": "nobody", "tile": [1, 1]}]), encoding="utf-8")
    assert play.run([str(source), "--commands", str(commands), "--save", str(source)], out, err) == 1
    assert [e.sentence for e in load_encounter(source).log.entries] == [*sentences,
                                                                         "The GM places Ogre at (9, 9)."]


def test_export_starts_beside_the_encounters_file_never_in_the_working_folder(qtbot, tmp_path, monkeypatch):
    """The log's Export… started as "combat-log.txt" in the working folder, as Save as did."""
    from vantage.gui.appdata.resources import sample_encounters

    documents = tmp_path / "Documents"
    monkeypatch.setenv("VANTAGE_DOCUMENTS_DIR", str(documents))
    cave = tmp_path / "cave.json"
    _workspace, _files, panel = desk(qtbot, path=cave)
    assert panel.export_start() == tmp_path / "cave log.txt"
    (tmp_path / "cave log.txt").write_text("", encoding="utf-8")
    assert panel.export_start() == tmp_path / "cave log 2.txt"  # never over another file
    _workspace, _files, unsaved = desk(qtbot)
    assert unsaved.export_start() == documents / "Demo the ruined toll house log.txt"
    sample = sample_encounters()[0]
    _workspace, _files, on_sample = desk(qtbot, path=sample)
    assert on_sample.export_start() == documents / f"{sample.stem} log.txt"  # never into the install
