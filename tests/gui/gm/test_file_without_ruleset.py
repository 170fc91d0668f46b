"""A file that names no ruleset is never read as some ruleset silently: the GM is asked which rules
it is played by, or it is not opened (issue 26: "no ruleset is a silent default in shared code (a
file without a ruleset is refused or asked about, with a sentence)")."""

from __future__ import annotations

import json

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.fileformat import save_encounter
from vantage.gui.gm.file_actions import FileActions


def _files(workspace, said: list[str]) -> FileActions:
    files = FileActions(workspace.document, workspace.host, workspace.open_encounter)
    files.message.connect(said.append)
    return files


def _without_ruleset(tmp_path):
    path = tmp_path / "old.json"
    save_encounter(demo_encounter(), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    del data["ruleset"]
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_the_gm_is_asked_and_the_answer_plays_the_file_until_it_is_saved(workspace, tmp_path):
    path = _without_ruleset(tmp_path)
    said: list[str] = []
    files = _files(workspace, said)
    asked = []
    files.ask_ruleset = lambda p: asked.append(p) or "baton"
    assert files.open_file(path, ask=False)
    assert asked == [path]
    assert workspace.document.encounter.ruleset == "baton" and workspace.document.path == path
    assert workspace.document.is_modified()  # the file does not say it yet
    assert "old.json is played by Baton; save to write that into the file" in said


def test_a_cancelled_question_opens_nothing_and_keeps_the_open_encounter(workspace, tmp_path):
    path = _without_ruleset(tmp_path)
    said: list[str] = []
    files = _files(workspace, said)
    before = workspace.document.encounter
    files.ask_ruleset = lambda p: None
    assert not files.open_file(path, ask=False)
    assert workspace.document.encounter is before
    assert said == ["Not opened: old.json names no ruleset"]


def test_a_file_that_names_its_ruleset_is_not_asked_about(workspace, tmp_path):
    path = tmp_path / "named.json"
    save_encounter(demo_encounter(), path)
    said: list[str] = []
    files = _files(workspace, said)
    files.ask_ruleset = lambda p: (_ for _ in ()).throw(AssertionError("asked"))
    assert files.open_file(path, ask=False)
    assert workspace.document.encounter.ruleset == "avorkarth" and not workspace.document.is_modified()
