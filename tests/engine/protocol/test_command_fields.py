"""Every command field is checked before the engine sees it (reliability review, defect 10 and 18:
"Validate at the edge — every command field is checked (types, finite numbers, ranges, strings that
encode) … with the place named"). The check is generic (engine/protocol/field_values.py), read from
the fields' type hints, so rulesets written later get it for free."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

import pytest

from vantage.engine.protocol.commands import Command, cmd, command_from_dict
from vantage.engine.protocol.errors import BadCommand
from vantage.engine.protocol.field_values import MAX_DEPTH, MAX_NUMBER


def refused(data: dict) -> str:
    with pytest.raises(BadCommand) as caught:
        command_from_dict(data)
    return caught.value.reason


@pytest.mark.parametrize(("data", "reason"), [
    ({"type": "place", "token": "bram", "tile": [float("nan"), 2]},
     "place.tile[0]: nan is not a whole number"),
    ({"type": "place", "token": "bram", "tile": [float("inf"), 0]},
     "place.tile[0]: inf is not a whole number"),
    ({"type": "place", "token": "bram", "tile": [1.5, 2.5]}, "place.tile[0]: 1.5 is not a whole number"),
    ({"type": "place", "token": "bram", "tile": [1, 2, 3]},
     "place.tile: [1, 2, 3] is not a pair of whole numbers"),
    ({"type": "move", "token": "ada", "path": [[1, 2], [2]]},
     "move.path[1]: [2] is not a pair of whole numbers"),
    ({"type": "move", "token": "ada", "path": [0, 0]}, "move.path[0]: 0 is not a pair of whole numbers"),
    ({"type": "move", "token": "ada", "path": [[1, 2], "N"]},
     "move.path[1]: 'N' is not a pair of whole numbers"),
    ({"type": "move", "token": "ada", "path": [[[], 5]]}, "move.path[0][0]: [] is not a whole number"),
    ({"type": "move", "token": "ada", "path": [True, []]},
     "move.path[0]: true is not a pair of whole numbers"),
    ({"type": "apply_damage", "token": "g", "amount": 10**400},
     "apply_damage.amount: a number of 401 digits"),
    ({"type": "apply_damage", "token": "g", "amount": float("nan")},
     "apply_damage.amount: nan is not a whole number"),
    ({"type": "set_condition", "token": "g", "condition": "prone", "rounds": 1e18},
     "set_condition.rounds: 1e+18 is too large"),
    ({"type": "start_combat", "participants": "bram"},
     "start_combat.participants: 'bram' is not a list of texts"),
    ({"type": "face", "token": "bram\ud800", "facing": "E"},
     "face.token: the text holds a character that cannot"),
    ({"type": "set_elevation", "tiles": [[1, 1]], "feet": float("inf")},
     "set_elevation.feet: inf is not a finite"),
    ({"type": "start_combat", "options": {"x": float("nan")}},
     "start_combat.options.x: nan is not a finite number"),
])
def test_a_bad_field_is_refused_naming_its_place_in_words(data, reason):
    assert refused(data).startswith(reason)


def test_messages_use_words_not_python_types():
    """Review 18: "apply_damage.wounds: nan is not a <class 'int'>", "'bram' is not a tuple[str, ...]"."""
    for data in ({"type": "apply_damage", "token": "g", "amount": "two"},
                 {"type": "start_combat", "participants": 3},
                 {"type": "set_condition", "token": "g", "condition": "x", "rounds": "1"}):
        reason = refused(data)
        assert "<class" not in reason and "tuple[" not in reason and "| None" not in reason, reason


def test_whole_floats_are_whole_numbers_and_tiles_become_tuples():
    move = command_from_dict({"type": "move", "token": "ada", "path": [[1, 2], [2.0, 2]]})
    assert move.path == ((1, 2), (2, 2)) and all(type(v) is int for p in move.path for v in p)


def test_free_form_values_nest_at_most_so_deep_and_stay_json():
    deep: object = 1
    for _ in range(MAX_DEPTH + 2):
        deep = [deep]
    assert "nested more than" in refused({"type": "start_combat", "options": {"x": deep}})
    start = command_from_dict({"type": "start_combat", "options": {"ambushers": ["a", "b"]}})
    assert start.options == {"ambushers": ["a", "b"]}
    assert refused({"type": "apply_damage", "token": "g", "amount": MAX_NUMBER + 1}).endswith(
        f"is too large (at most {MAX_NUMBER:,})")


def test_lists_and_literals_of_a_rulesets_command_are_checked_too():
    @cmd
    @dataclass(frozen=True)
    class Shout(Command):
        kind: ClassVar[str] = "test_shout"
        tone: Literal["loud", "soft"]
        targets: list[str]

    try:
        assert refused({"type": "test_shout", "tone": "mute", "targets": []}).startswith(
            "test_shout.tone: 'mute' is not one of 'loud', 'soft'")
        assert refused({"type": "test_shout", "tone": "loud", "targets": [1]}).startswith(
            "test_shout.targets[0]: 1 is not text")
        read = command_from_dict({"type": "test_shout", "tone": "loud", "targets": ["a"]})
        assert read == Shout("loud", ["a"])
    finally:
        del Command.registry["test_shout"]


def test_a_new_rulesets_command_gets_the_checks_for_free():
    @cmd
    @dataclass(frozen=True)
    class Teleport(Command):
        kind: ClassVar[str] = "test_teleport"
        token: str
        to: tuple[int, int]
        range_feet: float = 30.0

    try:
        assert refused({"type": "test_teleport", "token": "a", "to": [1, float("nan")]}).startswith(
            "test_teleport.to[1]: nan is not a whole number")
        assert refused({"type": "test_teleport", "token": "a", "to": [1, 2], "range_feet": float("inf")}
                       ).startswith("test_teleport.range_feet: inf is not a finite number")
        read = command_from_dict({"type": "test_teleport", "token": "a", "to": [1, 2]})
        assert read == Teleport("a", (1, 2))
    finally:
        del Command.registry["test_teleport"]
