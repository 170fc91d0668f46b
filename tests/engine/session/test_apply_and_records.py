"""Commands and events as records, the registry, and rejection leaving the state untouched."""

import dataclasses

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.protocol import events as e
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.events import Event
from vantage.engine.rules import UnknownRuleset, get_ruleset, ruleset_ids
from vantage.engine.session import BadCommand, CommandRejected, apply, command_from_dict, event_from_dict


def _sample(cls):
    values = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            continue
        hint = str(f.type)
        if hint == "Tile":
            values[f.name] = (1, 2)
        elif hint == "Point":
            values[f.name] = (1.0, 2.0)
        elif hint == "tuple[Edge, ...]":
            values[f.name] = (((1.0, 2.0), (2.0, 2.0)),)
        elif hint.startswith("tuple[dict"):
            values[f.name] = ({"id": "x", "name": "X"},)
        elif hint.startswith("tuple[str"):
            values[f.name] = ("x",)
        elif hint.startswith("bool"):
            values[f.name] = True
        elif hint.startswith("float"):
            values[f.name] = 2.5
        else:
            values[f.name] = ((1, 2), (2, 2)) if "tuple" in hint else (3 if hint.startswith("int") else "x")
    return cls(**values)


@pytest.mark.parametrize("cls", sorted(Command.registry.values(), key=lambda k: k.kind))
def test_every_command_round_trips(cls):
    cmd = _sample(cls)
    data = cmd.to_dict()
    assert data["type"] == cls.kind
    assert command_from_dict(data) == cmd


@pytest.mark.parametrize("cls", sorted(Event.registry.values(), key=lambda k: k.kind))
def test_every_event_round_trips_and_has_a_sentence(cls):
    values = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            continue
        hint = str(f.type)
        values[f.name] = (
            (("a", 1),) if "tuple[tuple[str" in hint else (((1.0, 2.0), (2.0, 2.0)),) if "Edge" in hint
            else (1.0, 2.0) if hint == "Point" else (1, 2) if hint == "Tile" else ((1, 2),) if "tuple" in hint
            else 2 if hint.startswith(("int", "float")) else True if hint == "bool" else "text"
        )
    event = cls(**values)
    assert event_from_dict(event.to_dict()) == event
    assert event.sentence


def test_commands_from_json_lists():
    cmd = command_from_dict({"type": "move", "token": "bram", "path": [[1, 1], [2, 1]]})
    assert cmd == c.Move("bram", ((1, 1), (2, 1)))


@pytest.mark.parametrize(("data", "message"), [
    ({"type": "fly", "token": "x"}, "unknown command type 'fly'"),
    ({"type": "attack", "attacker": "a"}, "missing field(s) target"),
    ({"type": "attack", "attacker": "a", "target": "b", "options": "yes"}, "attack.options"),
    ({"type": "face", "token": "a", "facing": "N", "speed": 3}, "unknown field(s) speed"),
    (["attack"], "expected an object"),
])
def test_bad_commands_say_why(data, message):
    with pytest.raises(BadCommand, match=message.replace("(", r"\(").replace(")", r"\)")):
        command_from_dict(data)


def test_registry_finds_avorkarth_and_names_the_known_ones():
    assert get_ruleset("avorkarth").id == "avorkarth"
    assert "avorkarth" in ruleset_ids()
    with pytest.raises(UnknownRuleset, match="known: avorkarth"):
        get_ruleset("chess")


def test_rejected_command_raises_with_reason_and_leaves_state_untouched():
    """"Whenever a character is within a tile's distance, they are considered locked … Attack back, or
    retreat." """
    enc = encounter(
        fighter("bram", (2, 2), "party", "E", player=True, agility=8),
        fighter("ghoul", (3, 2), "enemy", "W"),
        fighter("wight", (6, 2), "enemy", "W"),
    )
    enc, _ = run(enc, ScriptedDice([12, 12, 12]), c.StartCombat())
    before = enc
    with pytest.raises(CommandRejected) as err:
        apply(enc, c.Attack("bram", "wight", weapon="Longsword"), ScriptedDice([]))
    assert err.value.reason == "Bram is locked by Ghoul: they may only attack back or retreat"
    assert enc == before and enc.combat == before.combat
    with pytest.raises(CommandRejected, match="it is Bram's turn"):
        apply(enc, c.Attack("ghoul", "bram"), ScriptedDice([]))


def test_unknown_ruleset_is_a_rejection():
    enc = dataclasses.replace(encounter(fighter("bram", (1, 1), "party")), ruleset="chess")
    with pytest.raises(CommandRejected, match="unsupported ruleset 'chess'"):
        apply(enc, c.Face("bram", "S"), ScriptedDice([]))


def test_events_carry_rolls_with_purpose_and_faces():
    enc = encounter(fighter("bram", (2, 2), "party", "E", player=True),
                    fighter("ghoul", (3, 2), "enemy", "W"))
    _, events = run(enc, ScriptedDice([12, 12, 12, 12]), c.StartCombat(), c.Attack("bram", "ghoul"))
    rolls = [ev for ev in events if isinstance(ev, e.RollMade)]
    assert [r.purpose for r in rolls] == [
        "morale check, Bram", "hit roll, Bram (Longsword) vs Ghoul", "strike roll, Bram (Longsword) vs Ghoul",
    ]
    assert rolls[1].faces == (12,) and rolls[1].outcome == "success"


def test_avorkarth_refuses_commands_of_other_turn_structures():
    """Avorkarth keeps an initiative list ("The highest initiative goes first"): no baton passing."""
    enc = encounter(fighter("bram", (2, 2), "party", "E", player=True),
                    fighter("ghoul", (3, 2), "enemy", "W"))
    with pytest.raises(CommandRejected, match="Avorkarth has no rule for a 'pass_initiative' command"):
        apply(enc, c.PassInitiative("bram", "ghoul"), ScriptedDice([]))
