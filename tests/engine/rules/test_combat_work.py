"""The working copy a command changes (engine/rules/combat_work.py) copies the combat data only
where the command touches it, and a write through it never reaches the state it was made from.

DESIGN.md: "The engine validates it (a clear error that says why it is illegal, state untouched)
or resolves it into a list of events … and a new state. The combat log, undo/redo, the headless
runner and the tests all use this one path." — an undo step is the old state, so nothing may write
into it after the fact."""

from __future__ import annotations

import copy
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from vantage.engine.dice import NoDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.rules.combat_work import CombatWork, CopyOnTouch, copy_json, settled
from vantage.engine.rules.ruleset_base import RulesetBase
from vantage.engine.simulate import policy
from vantage.engine.simulate.fight import play_fight

MAPS = Path(__file__).resolve().parents[3] / "maps"


def combat() -> dict[str, Any]:
    return {
        "started": True,
        "round": 2,
        "order": ["a", "b"],
        "rules": {"chart": {"rows": [[1, 2], [3, 4]]}},
        "grapples": [{"grappler": "a", "target": "b", "level": "partial"}],
        "creatures": {
            "a": {"wounds": [{"at": "arm", "marks": [1, 2]}], "spent": {"move": 1}, "hp": 7},
            "b": {"wounds": [], "spent": {}, "hp": 5},
        },
    }


def encounter(data: dict[str, Any] | None = None) -> Encounter:
    tokens = (Token("a", "A", (0, 0), side=Side.PARTY), Token("b", "B", (1, 0), side=Side.ENEMY))
    return Encounter(GameMap(4, 4), tokens, ruleset="tiny", combat=combat() if data is None else data)


def frozen_text(enc: Encounter) -> str:
    return json.dumps(enc.combat, sort_keys=True)


def test_writes_through_the_work_never_reach_the_state_it_was_made_from() -> None:
    enc = encounter()
    before = frozen_text(enc)
    work = CombatWork(enc, NoDice())
    a = work.creature("a")
    a["wounds"][0]["marks"].append(3)          # a list in a mapping in a list in a record
    a["wounds"].append({"at": "leg", "marks": []})
    a["spent"]["move"] = 2                      # a mapping in a record
    a["hp"] = 1
    work.combat["order"].reverse()              # a section that is a list
    work.combat["rules"]["chart"]["rows"][0][0] = 9  # lists in mappings in a section
    work.combat["grapples"][0]["level"] = "full"    # a mapping in a list section
    work.combat["creatures"]["b"]["spent"]["x"] = 1  # a record reached through the section
    after, _ = work.finish()
    assert frozen_text(enc) == before
    assert after.combat["creatures"]["a"] == {
        "wounds": [{"at": "arm", "marks": [1, 2, 3]}, {"at": "leg", "marks": []}],
        "spent": {"move": 2}, "hp": 1}
    assert after.combat["order"] == ["b", "a"]
    assert after.combat["rules"]["chart"]["rows"] == [[9, 2], [3, 4]]
    assert after.combat["grapples"][0]["level"] == "full"
    assert after.combat["creatures"]["b"]["spent"] == {"x": 1}


@pytest.mark.parametrize("reach", [
    lambda c: dict(c)["creatures"]["a"]["spent"],
    lambda c: {**c}["creatures"]["a"]["spent"],
    lambda c: dict(c.items())["creatures"]["a"]["spent"],
    lambda c: list(c.values())[-1]["a"]["spent"],
    lambda c: c.copy()["creatures"]["a"]["spent"],
    lambda c: c.get("creatures")["a"]["spent"],
    lambda c: c.setdefault("creatures", {})["a"]["spent"],
    lambda c: c.pop("creatures")["a"]["spent"],
    lambda c: c.popitem()[1]["a"]["spent"],
    lambda c: dict(c["creatures"])["a"]["spent"],
    lambda c: dict(c["creatures"].items())["a"]["spent"],
    lambda c: list(c["creatures"].values())[0]["spent"],
    lambda c: c["creatures"].pop("a")["spent"],
    lambda c: copy_json(c)["creatures"]["a"]["spent"],
    lambda c: copy.copy(c)["creatures"]["a"]["spent"],
], ids=["dict", "unpack", "items", "values", "copy", "get", "setdefault", "pop", "popitem",
        "section dict", "section items", "section values", "section pop", "copy_json", "copy.copy"])
def test_every_way_of_reading_hands_out_a_private_copy(reach: Any) -> None:
    enc = encounter()
    before = frozen_text(enc)
    work = CombatWork(enc, NoDice())
    reach(work.combat)["move"] = 99
    assert frozen_text(enc) == before


def test_what_a_command_does_not_touch_stays_shared_and_the_result_is_plain() -> None:
    enc = encounter()
    work = CombatWork(enc, NoDice())
    work.creature("a")["hp"] = 3
    after, _ = work.finish()
    old, new = enc.combat, after.combat
    assert new["creatures"]["b"] is old["creatures"]["b"]  # a record it never touched
    assert new["rules"] is old["rules"] and new["grapples"] is old["grapples"]  # sections too
    assert new["creatures"]["a"] is not old["creatures"]["a"]
    assert old["creatures"]["a"]["hp"] == 7 and new["creatures"]["a"]["hp"] == 3

    def kinds(value: Any) -> set[type]:
        inner = value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
        return {type(value)}.union(*(kinds(v) for v in inner))
    assert CopyOnTouch not in kinds(new)  # plain dicts and lists only, as a file holds them


def test_a_refused_command_copies_nothing() -> None:
    enc = encounter()
    work = CombatWork(enc, NoDice())
    assert work.started and work.creature_or_none("b")["hp"] == 5
    after, _ = work.finish()
    assert all(after.combat[k] is enc.combat[k] for k in enc.combat)


def test_a_record_made_by_the_command_and_sections_set_anew_are_kept() -> None:
    enc = encounter({"creatures": {}})
    work = CombatWork(enc, NoDice())
    work.creature("a")["hp"] = 4
    work.combat["order"] = ["a"]
    work.combat.update(round=1)
    work.combat |= {"turn": 0}
    del work.combat["creatures"]["a"]["hp"]
    after, _ = work.finish()
    assert after.combat == {"creatures": {"a": {}}, "order": ["a"], "round": 1, "turn": 0}
    assert enc.combat == {"creatures": {}}


def test_settled_leaves_plain_data_as_it_is() -> None:
    data = combat()
    assert settled(data) is data
    touched = CopyOnTouch(data, 1, frozenset({"creatures"}))
    touched["creatures"]["a"]["hp"] = 0
    plain = settled(touched)
    assert type(plain) is dict and type(plain["creatures"]) is dict
    assert plain["creatures"]["a"]["hp"] == 0 and data["creatures"]["a"]["hp"] == 7


@pytest.mark.parametrize("sample", sorted(p.name for p in MAPS.glob("0*.json")))
def test_no_command_of_a_simulated_fight_changes_the_state_it_was_applied_to(
        sample: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every command a simulated fight sends or tries (refused ones too), on every sample's
    ruleset: the encounter it was applied to reads the same afterwards — and so does each state
    the command paused in for an answer, though the command went on where it asked."""
    applied = policy.apply_answering
    checked = []
    paused: list[tuple[Encounter, str]] = []
    wait = RulesetBase._wait

    def noting_wait(self: RulesetBase, enc: Encounter, *args: Any) -> Any:
        result = wait(self, enc, *args)
        paused.append((result[0], frozen_text(result[0])))
        return result

    def checking_apply(enc: Encounter, command: Any, dice: Any, answer: Any) -> Any:
        before = frozen_text(enc)
        paused.clear()
        try:
            return applied(enc, command, dice, answer)
        finally:
            assert frozen_text(enc) == before, f"{command.kind} wrote into the state it was applied to"
            for state, text in paused:
                assert frozen_text(state) == text, f"{command.kind} wrote into a state it paused in"
            checked.append(command.kind)

    monkeypatch.setattr(policy, "apply_answering", checking_apply)
    monkeypatch.setattr(RulesetBase, "_wait", noting_wait)
    play_fight(load_encounter(MAPS / sample), seed=7, max_rounds=3)
    assert "attack" in checked


def test_a_work_made_over_a_running_work_changes_neither_that_work_nor_the_state():
    # a ruleset may look ahead with an encounter made of a running work's combat (an attack of
    # opportunity previewed mid-move): the inner work's writes stay its own
    enc = encounter()
    outer = CombatWork(enc, NoDice())
    outer.creature("a")["spent"]["move"] = 2
    inner = CombatWork(replace(enc, combat=outer.combat), NoDice())
    inner.creature("a")["spent"]["move"] = 5
    inner.creature("b")["hp"] = 0
    inner.creature("a")["spent"]["move"] = 6  # the second touch, through the short way
    looked, _ = inner.finish()
    assert outer.creature("a")["spent"] == {"move": 2} and outer.creature_or_none("b")["hp"] == 5
    assert looked.combat["creatures"]["a"]["spent"] == {"move": 6}
    assert type(looked.combat["creatures"]) is dict
    after, _ = outer.finish()
    assert after.combat["creatures"]["a"]["spent"] == {"move": 2}
    assert enc.combat["creatures"]["a"]["spent"] == {"move": 1}


def test_a_part_the_command_only_read_stays_shared_with_the_state_it_was_made_from() -> None:
    """An undo step holds only what its command changed: a creature's record, or a section, that
    was copied to be read and came out the same is the old object again in the new state."""
    enc = encounter()
    work = CombatWork(enc, NoDice())
    assert work.creature("a")["hp"] == 7 and work.combat["rules"]["chart"]["rows"][0] == [1, 2]  # read
    work.creature("b")["hp"] = 4  # changed
    after, _ = work.finish()
    assert after.combat["rules"] is enc.combat["rules"]
    assert after.combat["creatures"]["a"] is enc.combat["creatures"]["a"]
    assert after.combat["creatures"]["b"] is not enc.combat["creatures"]["b"]
    assert after.combat["creatures"]["b"]["hp"] == 4 and enc.combat["creatures"]["b"]["hp"] == 5


@pytest.mark.parametrize("was, now", [(1, 1.0), (1, True), (0, False), ([1], [1.0]), ({"x": 1}, {"x": True})])
def test_a_value_equal_in_python_but_not_in_the_file_is_kept_as_written(was: Any, now: Any) -> None:
    """1, 1.0 and True are equal in Python but a file says "1", "1.0" and "true": a command that
    writes one over the other changes the state."""
    enc = encounter({"creatures": {"a": {"v": was}}})
    work = CombatWork(enc, NoDice())
    work.creature("a")["v"] = now
    after, _ = work.finish()
    assert json.dumps(after.combat["creatures"]["a"]["v"]) == json.dumps(now)


def test_empty_mappings_and_lists_are_copied_too() -> None:
    """A record's empty mappings and lists (``copy_json`` copies them in place) are the copy's own:
    filling one never fills the record it was copied from."""
    record = {"outmaneuver": {}, "wounds": [], "durability": {"Bow": 2}, "order": ()}
    copied = copy_json(record)
    assert copied == {"outmaneuver": {}, "wounds": [], "durability": {"Bow": 2}, "order": []}
    copied["outmaneuver"]["bram"] = 1
    copied["wounds"].append("torso")
    assert record == {"outmaneuver": {}, "wounds": [], "durability": {"Bow": 2}, "order": ()}
    assert type(copied["outmaneuver"]) is dict and type(copied["wounds"]) is list


class _TableDice:
    """Dice that know whose roll it is, as the table's do."""

    def __init__(self) -> None:
        self.roller: str | None = "ann"

    def face(self, sides: int) -> int:
        return 1


def test_rolls_by_names_the_roller_inside_and_gives_it_back_after() -> None:
    """``rolls_by(token)``: the rolls inside are that token's; after — a refusal raised inside
    too — the dice name the roller they named before; dice that name none are left alone."""
    dice = _TableDice()
    work = CombatWork(encounter(), dice)
    with work.rolls_by("orc"):
        assert dice.roller == "orc"
    assert dice.roller == "ann"
    with pytest.raises(ValueError), work.rolls_by("orc"):
        assert dice.roller == "orc"
        raise ValueError("refused inside")
    assert dice.roller == "ann"
    plain = CombatWork(encounter(), NoDice())
    with plain.rolls_by("orc"):
        assert not hasattr(plain.dice, "roller")
    assert not hasattr(plain.dice, "roller")
