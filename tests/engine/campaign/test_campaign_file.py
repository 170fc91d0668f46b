"""campaign.json: written atomically, read back the same, and a bad file refused with every problem
named by its place (docs/file-format.md, "campaign.json")."""

from __future__ import annotations

import json
import os

import pytest

from vantage.engine.campaign import (
    CAMPAIGN_FILE,
    CampaignFileError,
    EncounterStatus,
    add_character_from_template,
    add_encounter_file,
    campaign_to_dict,
    default_campaigns_folder,
    folder_name,
    load_campaign,
    loads_campaign,
    move_encounter,
    new_campaign,
    save_campaign,
    set_encounter_status,
    validate_campaign_folder,
)
from vantage.engine.fileformat import save_encounter
from vantage.engine.model import BackgroundImage, Encounter, GameMap


def _good(tmp_path):
    campaign = add_character_from_template(new_campaign(tmp_path / "c", "avorkarth", "Ashes"), "warrior",
                                           "Bram")
    save_campaign(campaign, tmp_path / "c")
    return json.loads((tmp_path / "c" / CAMPAIGN_FILE).read_text("utf-8"))


def _problems(data) -> list[str]:
    with pytest.raises(CampaignFileError) as caught:
        loads_campaign(json.dumps(data))
    return [str(p) for p in caught.value.problems]


def test_a_new_campaign_is_a_folder_with_its_file_its_encounters_and_its_pictures(tmp_path):
    campaign = new_campaign(tmp_path / "My campaign", "baton")
    assert sorted(p.name for p in (tmp_path / "My campaign").iterdir()) == ["campaign.json", "encounters",
                                                                              "pictures"]
    assert campaign.name == "My campaign" and campaign.clock == 0 and campaign.party == ()
    assert load_campaign(tmp_path / "My campaign") == campaign
    with pytest.raises(ValueError, match="already holds a campaign"):
        new_campaign(tmp_path / "My campaign", "baton")
    with pytest.raises(ValueError, match="unsupported ruleset 'chess'"):
        new_campaign(tmp_path / "other", "chess")
    assert not (tmp_path / "other").exists()


def test_the_default_folder_is_in_the_documents_folder_and_names_are_made_safe():
    assert default_campaigns_folder().name == "Vantage campaigns"
    assert folder_name('The <Long> Road: "Part 2"?') == "The Long Road Part 2"
    assert folder_name("...") == "Campaign"


@pytest.mark.parametrize(("change", "problem"), [
    (lambda d: d.update(format="vantage-encounter"),
     "format: must be 'vantage-campaign' (this is not a Vantage campaign), "
     "not a string \"vantage-encounter\""),
    (lambda d: d.update(version=9), "version: must be a version Vantage reads (1 to 1), not a number 9"),
    (lambda d: d.pop("name"), "name: is missing"),
    (lambda d: d.update(ruleset="chess"),
     "ruleset: 'chess' is not an installed ruleset (one of avorkarth, baton, power-tiers, shattered-world)"),
    (lambda d: d.update(clock=-5),
     "clock: must be the minutes of game time since the campaign began (0 or more), not a number -5"),
    (lambda d: d.update(settings={"colour": "red"}),
     "settings.colour: is not a campaign setting (known: rules)"),
    (lambda d: d["party"][0].update(size="colossal"),
     "party[0].size: must be one of tiny, small, medium, large, huge, gargantuan, not a string \"colossal\""),
    (lambda d: d["party"][0]["stats"].update(wounds="many"), "party[0].stats.wounds:"),
    (lambda d: d["party"].append(dict(d["party"][0])),
     "party[1].id: 'bram' is the id of another character too"),
    (lambda d: d["party"][0]["state"].update(record=[1]),
     "party[0].state.record: must be an object, not a list [1]"),
    (lambda d: d.update(encounters=[{"file": "../outside.json", "name": "Out"}]),
     "encounters[0].file: '../outside.json' must be a path inside the campaign folder"),
    (lambda d: d.update(encounters=[{"file": "encounters/a.json", "name": "A", "status": "won"}]),
     "encounters[0].status: must be one of prepared, running, finished, not a string \"won\""),
    (lambda d: d.update(journal=[{"date": "yesterday", "entries": []}]),
     "journal[0].date: must be a date YYYY-MM-DD, not a string \"yesterday\""),
    (lambda d: d.update(journal=[{"date": "2026-12-06", "entries": [{"title": "Fight", "lines": [3]}]}]),
     "journal[0].entries[0].lines: must be a list of sentences, not a list [3]"),
    (lambda d: d.update(extra=1), "extra: is not a field of a campaign"),
])
def test_each_problem_of_a_bad_campaign_file_names_its_place(tmp_path, change, problem):
    data = _good(tmp_path)
    change(data)
    found = _problems(data)
    assert any(p.startswith(problem) for p in found), found


def test_every_problem_is_reported_at_once_and_bad_json_names_the_line(tmp_path):
    data = _good(tmp_path)
    data.update(clock="noon", ruleset="chess")
    data["party"][0]["size"] = 3
    assert len(_problems(data)) == 3
    with pytest.raises(CampaignFileError) as caught:
        loads_campaign('{"format": "vantage-campaign",\n "name": }')
    assert str(caught.value.problems[0]).startswith("line 2, column 10: not valid JSON")


def test_a_folder_without_a_campaign_says_so(tmp_path):
    with pytest.raises(CampaignFileError, match="there is no campaign.json in"):
        load_campaign(tmp_path)


def test_saving_is_atomic_and_keeps_the_previous_file_as_a_backup(tmp_path, monkeypatch):
    """A failed write (the disk refuses to sync) leaves the old campaign.json whole and no temp file;
    a good one keeps the old as campaign.json.bak."""
    folder = tmp_path / "c"
    first = new_campaign(folder, "power-tiers", "First")
    second = add_character_from_template(first, "neophyte", "Ann")
    save_campaign(second, folder)
    assert load_campaign(folder) == second
    assert json.loads((folder / "campaign.json.bak").read_text("utf-8"))["party"] == []
    before = (folder / CAMPAIGN_FILE).read_bytes()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="could not save the campaign to .*: No space left on device"):
        save_campaign(first, folder)
    monkeypatch.undo()
    assert (folder / CAMPAIGN_FILE).read_bytes() == before
    assert not [p for p in folder.iterdir() if ".tmp-" in p.name]


def test_encounters_are_copied_in_with_their_pictures_ordered_and_marked(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    (source / "cave.png").write_bytes(b"\x89PNG\r\n\x1a\n")
    enc = Encounter(GameMap(4, 4, background=BackgroundImage("cave.png")), ruleset="avorkarth", name="Cave")
    save_encounter(enc, source / "cave.json")
    folder = tmp_path / "c"
    campaign = new_campaign(folder, "avorkarth")
    campaign = add_encounter_file(campaign, folder, source / "cave.json")
    campaign = add_encounter_file(campaign, folder, source / "cave.json", name="Cave again")
    assert [(e.file, e.name) for e in campaign.encounters] == [("encounters/cave.json", "Cave"),
                                                               ("encounters/cave 2.json", "Cave again")]
    assert (folder / "pictures" / "cave.png").is_file()
    copied = json.loads((folder / "encounters" / "cave.json").read_text("utf-8"))
    assert copied["map"]["background"]["path"] == "../pictures/cave.png"
    assert sorted(p.name for p in source.iterdir()) == ["cave.json", "cave.png"]  # the source untouched
    campaign = move_encounter(campaign, "encounters/cave 2.json", 0)
    campaign = set_encounter_status(campaign, "encounters/cave.json", EncounterStatus.FINISHED)
    assert [(e.name, e.status.value) for e in campaign.encounters] == [("Cave again", "prepared"),
                                                                       ("Cave", "finished")]
    save_campaign(campaign, folder)
    assert validate_campaign_folder(folder) == []
    (folder / "encounters" / "cave.json").unlink()
    assert [str(p) for p in validate_campaign_folder(folder)] == [
        "encounters[1] (encounters/cave.json): the file is missing from the campaign folder"]
    assert campaign_to_dict(load_campaign(folder))["encounters"][0]["name"] == "Cave again"
