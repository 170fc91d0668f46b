"""The GM's free roll (``gm_roll``): "rolls it with the encounter's dice and tells the log
"GM rolls 2d6+3: 4 + 2 + 3 = 9". The encounter does not change"."""

from __future__ import annotations

import pytest
from skirmish_ruleset import registered, skirmish_encounter, skirmisher

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import command_from_dict
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import event_from_dict
from vantage.engine.protocol.gm_commands import GmRoll
from vantage.engine.session import apply, apply_all


@pytest.fixture(autouse=True)
def skirmish():
    with registered() as ruleset:
        yield ruleset


def duel():
    return skirmish_encounter(skirmisher("bram", (2, 2), "party", player=True),
                              skirmisher("ghoul", (3, 2), "enemy"))


def test_the_gm_rolls_a_formula_into_the_log_and_changes_nothing():
    enc = duel()
    dice = ScriptedDice([4, 2])
    after, events = apply(enc, GmRoll("2d6 + 3"), dice)
    assert after is enc and dice.remaining == 0
    (event,) = events
    assert event.sentence == "GM rolls 2d6+3: 4 + 2 + 3 = 9."
    assert (event.formula, event.faces, event.total) == ("2d6+3", (4, 2), 9)
    assert event_from_dict(event.to_dict()) == event


def test_a_bad_formula_is_refused_with_its_column():
    with pytest.raises(CommandRejected, match="column 5: a term"):
        apply(duel(), GmRoll("2d6+"), ScriptedDice([]))


def test_the_command_reads_from_json_and_replays_with_the_same_dice():
    """Replayable: the same commands with the same dice give the same events."""
    command = command_from_dict({"type": "gm_roll", "formula": "d20"})
    assert command == GmRoll("d20")
    first = apply_all(duel(), [command, command], ScriptedDice([7, 19]))[1]
    again = apply_all(duel(), [command, command], ScriptedDice([7, 19]))[1]
    assert [e.sentence for e in first] == [e.sentence for e in again]
    assert [e.sentence for e in first] == ["GM rolls d20: 7.", "GM rolls d20: 19."]


def test_the_gm_may_roll_while_the_table_is_asked_for_a_face():
    """A GM command is not an action of the fight: it is accepted while a decision waits."""
    from vantage.engine.protocol import commands as c

    enc = apply_all(duel(), [c.StartCombat(), c.SetTableDice(tokens=("bram",)),
                                           c.Attack("bram", "ghoul")], ScriptedDice([]))[0]
    assert enc.combat.get("pending")
    after, events = apply(enc, GmRoll("1d6"), ScriptedDice([5]))
    assert after is enc and events[0].sentence == "GM rolls 1d6: 5."
