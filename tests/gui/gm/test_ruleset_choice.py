"""A ruleset for every map (issue item 7): "New and imported maps ask which ruleset (remembered as
the default)"; and "stat blocks are validated on load with their place
(`tokens[2].stats.abilities.agility: 31 is above 30`)" — the file still opens, with a warning.
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QMessageBox
from skirmish_ruleset import registered
from workspaces import file_actions_on

from vantage.engine.fileformat import dumps_encounter
from vantage.engine.model import Encounter, GameMap
from vantage.engine.rules import ruleset_ids, ruleset_name
from vantage.gui.appdata import gm_settings
from vantage.gui.gm.file_actions import NewMap, NewMapDialog


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    return tmp_path / "user"


@pytest.fixture
def skirmish():
    with registered() as ruleset:
        yield ruleset


def test_the_new_map_dialog_offers_every_ruleset_and_the_one_chosen_last(qtbot, skirmish):
    """"The New map dialog gets a ruleset choice (every registered ruleset by name) … defaulting to
    the one chosen last"."""
    dialog = NewMapDialog(gm_settings.preferred_ruleset())
    qtbot.addWidget(dialog)
    box = dialog.ruleset_box
    names = sorted((ruleset_name(r) or r for r in ruleset_ids()), key=str.casefold)
    assert {"Avorkarth", "Skirmish"} <= set(names)
    assert [box.itemText(i) for i in range(box.count())] == names
    assert dialog.choice() == NewMap(40, 30, "avorkarth")  # nothing remembered yet
    gm_settings.remember_ruleset("skirmish")
    again = NewMapDialog(gm_settings.preferred_ruleset())
    qtbot.addWidget(again)
    assert again.choice().ruleset == "skirmish"


def test_a_new_map_is_played_by_the_chosen_ruleset_which_is_remembered(workspace, user_dir, skirmish):
    files = file_actions_on(workspace)
    files.ask_new_map = lambda: NewMap(12, 9, "skirmish")
    files.new_dialog()
    encounter = workspace.encounter
    assert (encounter.map.width, encounter.map.height, encounter.ruleset) == (12, 9, "skirmish")
    assert json.loads((user_dir / "settings.json").read_text(encoding="utf-8")) == {
        "default_ruleset": "skirmish"}
    assert gm_settings.preferred_ruleset() == "skirmish"


def test_a_remembered_ruleset_that_is_gone_falls_back_to_the_default(user_dir):
    gm_settings.remember_ruleset("skirmish")  # written while Skirmish was registered elsewhere
    assert gm_settings.remembered_ruleset() == "skirmish"
    assert gm_settings.preferred_ruleset() == "avorkarth"


def test_the_settings_file_keeps_its_other_keys(user_dir):
    user_dir.mkdir(parents=True, exist_ok=True)
    (user_dir / "settings.json").write_text('{"theme": "dark"}', encoding="utf-8")
    gm_settings.remember_ruleset("avorkarth")
    assert json.loads((user_dir / "settings.json").read_text(encoding="utf-8")) == {
        "theme": "dark", "default_ruleset": "avorkarth"}


def test_an_imported_map_remembers_its_ruleset(workspace, skirmish):
    files = file_actions_on(workspace)
    files.ask_import = lambda: Encounter(GameMap(7, 5), ruleset="skirmish", name="Imported cave")
    files.import_dialog()  # what File ▸ Import map… does
    assert workspace.encounter.ruleset == "skirmish"
    assert gm_settings.preferred_ruleset() == "skirmish"


def test_a_file_with_a_bad_stat_block_opens_with_a_warning_that_lists_the_places(workspace, tmp_path):
    """"the file still opens (the GM fixes it in the form), with a non-blocking warning that lists
    them"."""
    files = file_actions_on(workspace)
    data = json.loads(dumps_encounter(workspace.encounter))
    data["tokens"][2]["stats"]["abilities"]["agility"] = 31
    data["tokens"][4]["stats"]["wounds"] = 0
    path = tmp_path / "bad-stats.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    said = []
    files.message.connect(said.append)
    assert files.open_file(path) is True
    assert workspace.encounter.token("ghoul-1").stats["abilities"]["agility"] == 31  # opened as it is
    assert files.stat_problems == [("tokens[2].stats.abilities.agility", "31 is above 30"),
                                   ("tokens[4].stats.wounds", "0 is below 1")]
    warning = files.stat_warning
    assert isinstance(warning, QMessageBox) and warning.isVisible() and not warning.isModal()
    assert warning.informativeText().splitlines() == [
        "tokens[2].stats.abilities.agility: 31 is above 30 (Ghoul 1)",
        "tokens[4].stats.wounds: 0 is below 1 (Ogre)",
    ]
    assert "Avorkarth finds 2 problems" in warning.text()
    assert said[-1] == "Avorkarth finds 2 problems in the stat blocks of bad-stats.json"
    good = tmp_path / "good.json"
    data["tokens"][2]["stats"]["abilities"]["agility"] = 5
    data["tokens"][4]["stats"]["wounds"] = 10
    good.write_text(json.dumps(data), encoding="utf-8")
    assert files.open_file(good) is True
    assert files.stat_problems == [] and files.stat_warning is None
    assert not warning.isVisible()  # the old warning went with its file
