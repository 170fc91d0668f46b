"""The shared machinery of a ruleset (engine/rules/ruleset_base.py), on a ruleset of a few lines
("Tiny") and on Skirmish: the handler table, refusals, waiting for the table and answering,
table dice, legality, the ``option`` helper, the shared ``set_condition``, the turn and round
hooks, and the default answer to every query."""

from __future__ import annotations

import sys
import types
from dataclasses import replace

import pytest
from skirmish_ruleset import SKIRMISH, registered, sample_encounter

from vantage.engine.dice import NoDice, ScriptedDice, roll
from vantage.engine.model import Condition, Encounter, GameMap, Side, Token
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules import register, unregister
from vantage.engine.rules.base import (
    ActionEconomy,
    HealthModel,
    RulesetTraits,
    TurnStructure,
    Unanswered,
)
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.decisions import Answers, Choice, Decision
from vantage.engine.rules.ruleset_base import RulesetBase
from vantage.engine.session import apply


def which_way(work: CombatWork, cmd: c.Attack) -> None:
    """Tiny's attack: refuse a missing target, ask the GM which way, then roll a d6."""
    work.token(cmd.target)
    way = work.ask(Decision("choice", None, "Which way", (Choice("left", "Left"), Choice("right", "Right"))))
    r = roll("d6", work.dice, f"{work.name(cmd.attacker)} goes {way}")
    work.emit_roll(r)
    work.emit(Note(sentence=f"{work.name(cmd.attacker)} went {way} and rolled {r.total}.",
                   token=cmd.attacker))


def stand(work: CombatWork, cmd: c.StandUp) -> None:
    """Tiny's stand-up: refused while prone is not on it, else a d20 roll."""
    if not work.has(cmd.token, "prone"):
        raise CommandRejected(f"{work.name(cmd.token)} is not prone")
    work.emit_roll(roll("d20", work.dice, "stand up"))


class Tiny(RulesetBase):
    id = "tiny"
    name = "Tiny"
    traits = RulesetTraits(TurnStructure.INITIATIVE_LIST, ActionEconomy.ACTION_POINTS, 3,
                           HealthModel.HIT_POINTS)
    handlers = {c.Attack: which_way, c.StandUp: stand}


TINY = Tiny()


@pytest.fixture(autouse=True)
def tiny(monkeypatch):
    """Tiny registered from a module of its own (the registry imports ``module:attribute``)."""
    module = types.ModuleType("tiny_ruleset_for_tests")
    module.TINY = TINY  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tiny_ruleset_for_tests", module)
    register("tiny", "tiny_ruleset_for_tests:TINY")
    with registered():
        yield TINY
    unregister("tiny")


def tiny_encounter(*conditions: str) -> Encounter:
    return Encounter(GameMap(4, 4), ruleset="tiny", tokens=(
        Token("ann", "Ann", (0, 0), Side.PARTY, conditions=tuple(Condition(n) for n in conditions)),
        Token("bob", "Bob", (1, 0), Side.PARTY),
        Token("orc", "Orc", (3, 3), Side.ENEMY),
    ))


# -- the handler table and refusals ---------------------------------------------------------------


def test_a_command_without_a_handler_is_refused_by_name():
    """``handler_for``: "{name} has no rule for a {kind!r} command"."""
    with pytest.raises(CommandRejected) as refused:
        apply(tiny_encounter(), c.EndTurn("ann"), ScriptedDice([]))
    assert refused.value.reason == "Tiny has no rule for a 'end_turn' command"


def test_the_roller_of_a_command_is_its_token_or_its_attacker():
    """``roller``: "Whose dice ``command`` rolls: its actor (``token`` or ``attacker``)"."""
    assert TINY.roller(c.StandUp("ann")) == "ann"
    assert TINY.roller(c.Attack("orc", "ann")) == "orc"
    assert TINY.roller(c.CancelPending()) is None


def test_the_shared_set_condition_checks_its_unit_and_length():
    """``set_condition``: "give or remove a condition, timed in rounds, the bearer's turns or its
    side's turns"."""
    enc, events = apply(tiny_encounter(), c.SetCondition("ann", "dazed", rounds=2, unit="side turns"),
                        ScriptedDice([]))
    assert [e.sentence for e in events] == ["Ann is now dazed for 2 side turns (set by the GM)."]
    assert enc.token("ann").conditions == (Condition("dazed", 2, unit="side turns"),)
    with pytest.raises(CommandRejected) as refused:
        apply(enc, c.SetCondition("ann", "dazed", rounds=2, unit="weeks"), ScriptedDice([]))
    assert refused.value.reason == ("set_condition.unit: 'weeks' is not a timer unit "
                                    "(known: rounds, turns, side turns)")
    with pytest.raises(CommandRejected, match="a timed condition lasts at least 1 turn$"):
        apply(enc, c.SetCondition("ann", "dazed", rounds=0, unit="turns"), ScriptedDice([]))
    same, events = apply(enc, c.SetCondition("bob", "dazed", on=False), ScriptedDice([]))
    assert same == enc and events == []
    with pytest.raises(CommandRejected, match="there is no token 'zed' on this map"):
        apply(enc, c.SetCondition("zed", "dazed"), ScriptedDice([]))


# -- waiting for the table ------------------------------------------------------------------------


def test_a_handler_that_asks_pauses_and_keeps_the_command_answers_and_faces_in_pending():
    """"the ruleset base keeps the command, the answers so far and the faces already drawn in
    ``combat["pending"]``"."""
    before = tiny_encounter()
    after, events = apply(before, c.Attack("ann", "orc"), ScriptedDice([]))
    assert [e.kind for e in events] == ["waiting"]
    assert events[0].sentence == "Waiting for the GM: Which way." and events[0].who is None
    assert after.combat["pending"] == {
        "command": c.Attack("ann", "orc").to_dict(), "answers": [], "drawn": [],
        "decision": Decision("choice", None, "Which way", (Choice("left", "Left"), Choice("right", "Right")))
        .to_dict(),
    }
    assert TINY.pending(after) == (Decision.from_dict(after.combat["pending"]["decision"]),)
    assert replace(after, combat={}) == before


def test_the_answer_replays_the_command_with_it_and_notes_who_answered_what():
    """"then the command runs once more from the start with every answer"."""
    waiting, _ = apply(tiny_encounter(), c.Attack("ann", "orc"), ScriptedDice([]))
    done, events = apply(waiting, c.Answer(choice="right"), ScriptedDice([4]))
    assert [e.sentence for e in events] == ["The GM: Right.", "Ann goes right: 1d6 [4] = 4.",
                                            "Ann went right and rolled 4."]
    assert events[0].data == {"answer": "right"}
    assert "pending" not in done.combat


def test_an_answer_without_a_choice_to_a_decision_without_a_default_is_refused():
    """``check_choice``: "The chosen value (the default when None), or CommandRejected"."""
    waiting, _ = apply(tiny_encounter(), c.Attack("ann", "orc"), ScriptedDice([]))
    with pytest.raises(CommandRejected) as refused:
        apply(waiting, c.Answer(), ScriptedDice([]))
    assert refused.value.reason == "Which way has no default: choose one of left, right"


def test_answering_or_withdrawing_when_nothing_waits_is_refused():
    """Only a waiting action can be answered or withdrawn."""
    with pytest.raises(CommandRejected, match="^nothing is waiting for an answer$"):
        apply(tiny_encounter(), c.Answer(choice="left"), ScriptedDice([]))
    with pytest.raises(CommandRejected, match="^nothing is waiting: there is no action to withdraw$"):
        apply(tiny_encounter(), c.CancelPending(), ScriptedDice([]))


def test_a_malformed_pending_entry_is_no_decision():
    """``pending``: "The decision the engine waits for, if any" — only a well-formed entry counts."""
    assert TINY.pending(replace(tiny_encounter(), combat={"pending": "yes"})) == ()
    assert TINY.pending(replace(tiny_encounter(), combat={"pending": {"decision": 3}})) == ()


def test_the_waiting_sentence_does_not_double_a_question_mark():
    """``DecisionAwaited.sentence`` is "a GM's account of it": a prompt that asks a question reads
    "Waiting for Ghoul: … strike?", not "… strike?."."""
    enc = apply(sample_encounter(), c.StartCombat(), ScriptedDice([]))[0]
    _, events = apply(enc, c.Move("bram", ((4, 6), (4, 5), (4, 4), (3, 4))), ScriptedDice([]))
    assert events[0].sentence == "Waiting for Ghoul: Bram leaves Ghoul's reach at (4, 4): does Ghoul strike?"


# -- dice at the table ----------------------------------------------------------------------------


def test_table_dice_for_listed_tokens_everyone_or_nobody():
    """``SetTableDice``: "``everyone``, or the ``tokens`` listed (empty and not everyone: Vantage
    rolls every die)"; setting what is already set changes nothing."""
    enc, events = apply(tiny_encounter(), c.SetTableDice(tokens=("ann", "bob")), ScriptedDice([]))
    assert enc.combat["table_dice"] == {"everyone": False, "tokens": ["ann", "bob"]}
    assert events[0].sentence == "Ann and Bob roll their dice at the table: Vantage asks for the faces."
    again, events = apply(enc, c.SetTableDice(tokens=("ann", "bob")), ScriptedDice([]))
    assert again is enc and events == []
    enc, events = apply(enc, c.SetTableDice(everyone=True), ScriptedDice([]))
    assert enc.combat["table_dice"] == {"everyone": True, "tokens": []}
    assert events[0].sentence == "Every die is rolled at the table: Vantage asks for the faces."
    enc, events = apply(enc, c.SetTableDice(), ScriptedDice([]))
    # kept as an explicit choice: an encounter without the setting opens with the party default
    assert enc.combat["table_dice"] == {"everyone": False, "tokens": []}
    assert events[0].sentence == "Vantage rolls every die."
    with pytest.raises(CommandRejected, match="there is no token 'zed' on this map"):
        apply(enc, c.SetTableDice(tokens=("zed",)), ScriptedDice([]))


def test_a_token_listed_twice_rolls_at_the_table_once():
    """``SetTableDice``: the tokens are kept once each, in the order given."""
    enc, _ = apply(tiny_encounter(), c.SetTableDice(tokens=("bob", "ann", "bob")), ScriptedDice([]))
    assert enc.combat["table_dice"] == {"everyone": False, "tokens": ["bob", "ann"]}


def test_the_table_dice_note_names_each_token_once_with_a_verb_that_agrees():
    """The note of ``SetTableDice`` is a sentence for the log: "Ann and Ann roll …" and "Ann roll
    their dice …" are not."""
    _, events = apply(tiny_encounter(), c.SetTableDice(tokens=("ann", "ann")), ScriptedDice([]))
    assert events[0].sentence.count("Ann") == 1
    assert not events[0].sentence.startswith("Ann roll ")


def test_a_roll_at_the_table_asks_the_roller_for_the_faces_and_resumes_with_them():
    """"rolls of a token whose dice are physical stop and ask for the faces (a ``"roll"`` decision
    for ``roller``); every other roll comes from ``dice``"."""
    enc = apply(tiny_encounter("prone"), c.SetTableDice(tokens=("ann",)), ScriptedDice([]))[0]
    waiting, events = apply(enc, c.StandUp("ann"), ScriptedDice([]))
    (decision,) = TINY.pending(waiting)
    assert (decision.kind, decision.who) == ("roll", "ann")
    assert decision.prompt == "Roll 1d20 at the table: stand up"
    assert events[0].sentence == "Waiting for Ann: Roll 1d20 at the table: stand up."
    done, events = apply(waiting, c.Answer(faces=(20,)), ScriptedDice([]))
    assert [(e.kind, e.faces) for e in events] == [("roll", (20,))]
    rolled, events = apply(waiting, c.Answer(), ScriptedDice([7]))
    assert [(e.kind, e.faces) for e in events] == [("roll", (7,))]
    assert rolled.combat == done.combat
    with pytest.raises(CommandRejected, match="the table must answer first"):
        apply(waiting, c.SetTableDice(), ScriptedDice([]))


# -- legality and the option helper ---------------------------------------------------------------


def test_legality_runs_the_real_command_and_stops_at_its_first_roll_or_question():
    """``legality``: "the real command, stopped at its first roll (every check before it passed)"."""
    assert TINY.legality(tiny_encounter("prone"), c.StandUp("ann")) == (True, "")
    assert TINY.legality(tiny_encounter(), c.StandUp("ann")) == (False, "Ann is not prone")
    assert TINY.legality(tiny_encounter(), c.Attack("ann", "orc")) == (True, "")  # it would ask first
    assert TINY.legality(tiny_encounter(), c.Attack("ann", "nobody")) == (
        False, "there is no token 'nobody' on this map")


def test_option_gives_the_command_with_its_legality_and_an_explanation_that_says_why_not():
    """``option``: "An :class:`ActionOption` for ``command`` with its legality now (no odds)"."""
    legal = TINY.option(tiny_encounter("prone"), "Stand up", c.StandUp("ann"), "Ann gets up.\nIt costs 2.")
    assert (legal.legal, legal.reason, legal.summary, legal.explanation) == (
        True, "", "Ann gets up.", "Ann gets up.\nIt costs 2.")
    assert legal.chances == {} and legal.modifiers == ()
    illegal = TINY.option(tiny_encounter(), "Stand up", c.StandUp("ann"), "Ann gets up.")
    assert (illegal.legal, illegal.reason) == (False, "Ann is not prone")
    assert illegal.summary == "Not now: Ann is not prone"
    assert illegal.explanation == "Not now: Ann is not prone\nAnn gets up."
    bare = TINY.option(tiny_encounter(), "Stand up", c.StandUp("ann"))
    assert bare.explanation == "Not now: Ann is not prone"


# -- hooks ----------------------------------------------------------------------------------------


def _timed() -> Encounter:
    enc = tiny_encounter()
    for token, name, unit in (("ann", "dazed", "turns"), ("bob", "inspired", "side turns"),
                              ("orc", "blinded", "rounds"), ("ann", "slowed", "rounds")):
        enc = apply(enc, c.SetCondition(token, name, rounds=1, unit=unit), ScriptedDice([]))[0]
    return enc


def test_the_end_of_a_turn_ticks_the_bearers_turns_and_its_sides_turns():
    """``on_turn_end``: "timers in its turns and its side's turns tick"."""
    work = TINY.new_work(_timed(), NoDice(), Answers())
    TINY.on_turn_end(work, "ann")
    assert [e.sentence for e in work.events] == ["Ann is no longer dazed (its time is up).",
                                                 "Bob is no longer inspired (its time is up)."]
    assert work.has("ann", "slowed") and work.has("orc", "blinded")


def test_the_end_of_a_round_ticks_timers_in_rounds_for_everyone():
    """``on_round_end``: "timers in rounds tick for every token"."""
    work = TINY.new_work(_timed(), NoDice(), Answers())
    TINY.on_round_end(work)
    assert [e.sentence for e in work.events] == ["Ann is no longer slowed (its time is up).",
                                                 "Orc is no longer blinded (its time is up)."]
    assert work.has("ann", "dazed") and work.has("bob", "inspired")


def test_new_work_is_the_rulesets_work_class_and_knows_its_ruleset():
    """``work_class``: "the working copy a command runs on (a ruleset's subclass adds its stat blocks)"."""
    work = SKIRMISH.new_work(sample_encounter(), NoDice(), Answers())
    assert type(work).__name__ == "SkirmishWork" and work.ruleset is SKIRMISH
    assert work.creature("bram") == {"damage_guard": 0, "damage_health": 0, "major": 1, "move": 1}


# -- defaults -------------------------------------------------------------------------------------


def test_every_query_has_a_default_answer():
    """":class:`~.ruleset_base.RulesetBase` gives every query a default ("unsupported …" or nothing)"."""
    enc = tiny_encounter()
    assert TINY.tactics() == Unanswered("unsupported ruleset: Tiny does not answer tactics yet")
    assert TINY.movement(enc, "ann") == Unanswered("unsupported ruleset: Tiny does not answer movement yet")
    assert TINY.attack_options(enc, "ann", "orc") == Unanswered(
        "unsupported ruleset: Tiny does not answer attack options yet")
    assert TINY.token_actions(enc, "ann") == Unanswered(
        "unsupported ruleset: Tiny does not answer token actions yet")
    assert TINY.health(enc, "ann") == Unanswered("unsupported ruleset: Tiny does not answer health yet")
    assert TINY.turn(enc) is None and TINY.turn_options(enc) == () and TINY.pending(enc) == ()
    assert TINY.explain(enc, "ann") == {} and TINY.describe_state(enc, "ann") == {}
    assert TINY.templates() == ()
    assert TINY.stat_schema().open and TINY.stat_schema().fields == ()
    assert TINY.validate_stats({"anything": [1, 2]}) == []
    assert TINY.validate_stats([1, 2], "tokens[0].stats") == [
        ("tokens[0].stats", "a stat block is an object of named values")]
    assert TINY.damage_tracks == () and TINY.rest_kinds == ()
