"""Headless parity for campaigns (issue 27, item 8): ``vantage campaign new/show/add-character/rest/
journal``, ``vantage play ENC --campaign DIR`` with the party brought in and returned, and
``vantage check`` on a campaign folder — each printing JSON records like ``vantage play``."""

from __future__ import annotations

import io
import json
from dataclasses import replace

from vantage.engine.campaign import add_encounter_file, load_campaign, save_campaign
from vantage.engine.dice import NoDice
from vantage.engine.fileformat import save_encounter
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.party_commands import MarkStartArea
from vantage.engine.rules.power_tiers.bestiary import BESTIARY
from vantage.engine.session import apply
from vantage.gui.app import main
from vantage.gui.cli import campaign, check, play

WOLF = {t.id: dict(t.stats) for t in BESTIARY}["wolf"]


def _run(module, *args: str) -> tuple[int, list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    code = module.run(list(args), out, err)
    return code, out.getvalue().splitlines(), err.getvalue()


def _records(lines: list[str]) -> list[dict]:
    return [json.loads(line) for line in lines]


def _campaign_with_an_encounter(tmp_path) -> tuple[str, str]:
    folder = str(tmp_path / "Ashes")
    code, lines, _ = _run(campaign, "new", folder, "--ruleset", "power-tiers", "--name", "Ashes")
    assert code == 0 and _records(lines)[0]["type"] == "campaign_created"
    code, lines, _ = _run(campaign, "add-character", folder, "--template", "neophyte", "--name", "Bram")
    assert code == 0
    assert _records(lines)[0]["sentence"] == "Bram joins the party (Fortitude 8/8, Health 10/10)."
    enc = Encounter(GameMap(8, 6), (Token("wolf", "Wolf", (6, 3), Side.ENEMY, stats=WOLF),),
                    ruleset="power-tiers", name="Wolf den")
    enc, _ = apply(enc, MarkStartArea(tiles=((1, 1), (2, 1))), NoDice())
    save_encounter(enc, tmp_path / "wolf den.json")
    save_campaign(add_encounter_file(load_campaign(folder), folder, tmp_path / "wolf den.json"), folder)
    return folder, str(tmp_path / "Ashes" / "encounters" / "wolf den.json")


def test_play_on_a_campaign_brings_the_party_in_and_returns_it_to_the_roster(tmp_path):
    folder, encounter = _campaign_with_an_encounter(tmp_path)
    commands = tmp_path / "fight.json"
    commands.write_text(json.dumps([{"type": "start_combat"},
                                    {"type": "apply_damage", "token": "bram", "amount": 13},
                                    {"type": "end_combat"}]), "utf-8")
    code, lines, err = _run(play, encounter, "--commands", str(commands), "--campaign", folder, "--seed", "0")
    assert code == 0, err
    records = _records(lines)
    kinds = [r["type"] for r in records]
    assert kinds[0] == "party_brought" and "party_returned" in kinds and kinds[-1] == "final_state"
    changes = next(r for r in records if r["type"] == "roster_changes")["changes"]
    assert changes == ["Bram: Fortitude 8/8, Health 10/10 → Fortitude 0/8, Health 5/10, 1 wound"]
    assert [t["id"] for t in records[-1]["encounter"]["tokens"]] == ["wolf"]  # the wolf stays
    kept = load_campaign(folder)
    assert kept.member("bram").state["record"]["health"] == 5
    # "Taking 5 points of Health damage from one hit" gives a wound
    assert kept.member("bram").state["record"]["wounds"] == 1
    assert kept.encounters[0].status.value == "finished"
    assert kept.journal[-1].entries[-1].title == "Wolf den"
    assert kept.journal[-1].entries[-1].file == "encounters/wolf den.json"
    assert "Bram takes 5 damage on Health" in " ".join(kept.journal[-1].entries[-1].lines)


def test_rest_shows_and_journal_print_json_and_write_the_campaign(tmp_path):
    folder, _ = _campaign_with_an_encounter(tmp_path)
    code, lines, err = _run(campaign, "rest", folder, "--days", "2")
    assert code == 0, err
    assert _records(lines)[0]["sentence"] == "2 days pass, 2 nights slept (the clock: day 3, 00:00)."
    code, lines, _ = _run(campaign, "rest", folder, "--until", "day 3, 08:00", "--text")
    assert lines == ["8 hours pass (the clock: day 3, 08:00)."]
    code, lines, _ = _run(campaign, "show", folder)
    shown = _records(lines)[0]
    assert (shown["type"], shown["clock"]) == ("campaign", 2 * 1440 + 480)
    assert shown["clock_text"] == "day 3, 08:00"
    assert shown["summaries"] == {"bram": "Fortitude 8/8, Health 10/10"}
    code, lines, _ = _run(campaign, "show", folder, "--text")
    assert lines[:2] == ["Ashes (Power Tiers), day 3, 08:00", "  Bram: Fortitude 8/8, Health 10/10"]
    code, lines, _ = _run(campaign, "journal", folder)
    assert [e["title"] for e in _records(lines)[0]["entries"]] == [
        "Time passes: day 1, 00:00 → day 3, 00:00", "Time passes: day 3, 00:00 → day 3, 08:00"]
    code, lines, _ = _run(campaign, "journal", folder, "--markdown")
    assert lines[0] == "# Ashes — journal" and lines[2].startswith("## Session of ")


def test_bad_input_says_what_and_where_and_changes_nothing(tmp_path):
    folder, _ = _campaign_with_an_encounter(tmp_path)
    before = (tmp_path / "Ashes" / "campaign.json").read_bytes()
    code, _, err = _run(campaign, "rest", folder, "--until", "day 1")
    assert code == 1 and "'day 1' is not after the clock's day 1, 00:00" in err
    code, _, err = _run(campaign, "rest", folder, "--kind", "nap")
    assert code == 1 and "rest.rest: 'nap' is not a Power Tiers kind of rest (known: day, bed-rest)" in err
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"name": "Ann", "stats": {"tier": "god"}}), "utf-8")
    code, _, err = _run(campaign, "add-character", folder, str(bad))
    assert code == 1 and "the stat block has problems: stats.tier:" in err
    code, _, err = _run(campaign, "new", folder, "--ruleset", "baton")
    assert code == 1 and "already holds a campaign" in err
    assert (tmp_path / "Ashes" / "campaign.json").read_bytes() == before
    code, _, err = _run(campaign, "show", str(tmp_path))
    assert code == 1 and "there is no campaign.json in" in err


def test_a_character_from_a_stat_block_file(tmp_path):
    folder, _ = _campaign_with_an_encounter(tmp_path)
    block = tmp_path / "ann.json"
    block.write_text(json.dumps({"name": "Ann", "size": "small", "stats": WOLF}), "utf-8")
    code, lines, err = _run(campaign, "add-character", folder, str(block))
    assert code == 0, err
    assert load_campaign(folder).member("ann").size == "small"


def test_check_validates_a_campaign_folder_and_each_of_its_encounters(tmp_path):
    folder, encounter = _campaign_with_an_encounter(tmp_path)
    code, lines, _ = _run(check, folder)
    assert (code, lines) == (0, [f"{folder}: OK"])
    data = json.loads((tmp_path / "Ashes" / "campaign.json").read_text("utf-8"))
    data["clock"] = "noon"
    data["party"][0]["size"] = "colossal"
    (tmp_path / "Ashes" / "campaign.json").write_text(json.dumps(data), "utf-8")
    code, lines, _ = _run(check, folder)
    assert code == 1
    assert lines == [
        f"{folder}: clock: must be the minutes of game time since the campaign began (0 or more), not a "
        "string \"noon\"",
        f"{folder}: party[0].size: must be one of tiny, small, medium, large, huge, gargantuan, not a "
        "string \"colossal\"",
    ]


def test_the_vantage_command_knows_the_campaign_subcommand(tmp_path, capsys):
    assert main(["campaign", "new", str(tmp_path / "c"), "--ruleset", "avorkarth"]) == 0
    assert json.loads(capsys.readouterr().out)["campaign"]["ruleset"] == "avorkarth"


def test_a_fight_left_running_keeps_the_party_on_the_map_and_the_roster_as_it_was(tmp_path):
    folder, encounter = _campaign_with_an_encounter(tmp_path)
    commands = tmp_path / "fight.json"
    commands.write_text(json.dumps([{"type": "start_combat"},
                                    {"type": "apply_damage", "token": "bram", "amount": 3}]), "utf-8")
    code, lines, err = _run(play, encounter, "--commands", str(commands), "--campaign", folder, "--seed", "0")
    assert code == 0
    assert "the fight is not over: the party stays on the map and the roster is unchanged" in err
    records = _records(lines)
    assert "party_returned" not in [r["type"] for r in records]
    assert "bram" in [t["id"] for t in records[-1]["encounter"]["tokens"]]
    kept = load_campaign(folder)
    assert kept.member("bram").state == {} and kept.encounters[0].status.value == "running"


def test_the_party_that_cannot_arrive_is_refused_before_any_command(tmp_path):
    folder, encounter = _campaign_with_an_encounter(tmp_path)
    commands = tmp_path / "none.json"
    commands.write_text("[]", "utf-8")
    code, _, err = _run(play, encounter, "--commands", str(commands), "--campaign", folder, "--at", "9,9")
    assert code == 1 and "the party cannot be brought in: Bram cannot stand at (9, 9)" in err
    code, _, err = _run(play, encounter, "--commands", str(commands), "--campaign", folder, "--at", "nine")
    assert code == 1 and "--at 'nine': write a tile as X,Y" in err


def test_a_rest_that_asks_waits_and_answer_goes_on(tmp_path):
    """Baton: "they can try to recover from a wound of their choice" — asked, then answered."""
    folder = str(tmp_path / "B")
    assert _run(campaign, "new", folder, "--ruleset", "baton")[0] == 0
    assert _run(campaign, "add-character", folder, "--template", "sellsword", "--name", "Bram")[0] == 0
    kept = load_campaign(folder)
    member = kept.party[0]
    state = {"record": {"wounds": [{"severity": 2, "kind": "cutting"}, {"severity": 4, "kind": "blunt"}],
                        "stamina": 4}, "conditions": []}
    save_campaign(replace(kept, party=(replace(member, state=state),)), folder)
    code, lines, err = _run(campaign, "rest", folder, "--nights", "1")
    assert code == 0 and _records(lines)[-1]["type"] == "waiting"
    assert "the party waits — Bram rests: which wound to recover from?" in err
    assert load_campaign(folder).clock == 0
    code, lines, err = _run(campaign, "answer", folder, "1", "--dice", _faces(tmp_path, [6, 6, 6]))
    assert code == 0, err
    assert "Bram's moderate wound heals to severity 3." in [r["sentence"] for r in _records(lines)]
    assert load_campaign(folder).clock == 480 and load_campaign(folder).waiting is None
    code, _, err = _run(campaign, "answer", folder)
    assert code == 1 and "nothing is waiting for an answer" in err


def _faces(tmp_path, faces: list[int]) -> str:
    path = tmp_path / "faces.json"
    path.write_text(json.dumps(faces), "utf-8")
    return str(path)
