"""Waiting for the table (engine/rules/decisions.py): decisions and their JSON, checking a choice
and the faces of a roll, the answers handed out in order, replayed dice and table dice."""

from __future__ import annotations

import pytest

from vantage.engine.dice import NoDice, ScriptedDice, parse, roll
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.decisions import (
    Answers,
    Choice,
    Decision,
    DecisionNeeded,
    DiceRequest,
    ReplayDice,
    TableDice,
    rolls_at_table,
)

REACTION = Decision(
    "reaction", "ghoul", "Bram leaves Ghoul's reach at (4, 4): does Ghoul strike?",
    (Choice("strike", "Strike", {"hit": 0.55}, "55% to hit"), Choice("let-go", "Let go")),
    default="let-go", at=(4, 4),
)
ROLL = Decision("roll", "bram", "Roll 2d6 at the table: damage", dice=DiceRequest("2d6", 2, 6, "damage"))


def test_a_decision_survives_its_json_with_choices_odds_dice_and_tile():
    """``to_dict``/``from_dict``: the pending decision is plain JSON in ``combat["pending"]``."""
    for decision in (REACTION, ROLL, Decision("choice", None, "Which way")):
        assert Decision.from_dict(decision.to_dict()) == decision
    data = REACTION.to_dict()
    assert data["at"] == [4, 4] and data["choices"][0] == {
        "value": "strike", "label": "Strike", "chances": {"hit": 0.55}, "explanation": "55% to hit"}
    assert "dice" not in data and "at" not in ROLL.to_dict()
    assert ROLL.to_dict()["dice"] == {"expr": "2d6", "count": 2, "sides": 6, "purpose": "damage"}


def test_a_decision_read_from_a_file_takes_its_defaults_and_ignores_a_bad_tile():
    """``from_dict`` reads what a saved file holds: missing choices, default and tile are empty."""
    decision = Decision.from_dict({"kind": "choice", "who": None, "prompt": "Which way", "at": [1]})
    assert decision == Decision("choice", None, "Which way")
    assert Choice.from_dict({"value": 1, "label": "One"}) == Choice("1", "One", {}, "")


def test_check_choice_gives_the_value_or_the_default_or_says_what_may_be_chosen():
    """``check_choice``: "The chosen value (the default when None), or CommandRejected listing the
    choices"."""
    assert REACTION.check_choice("strike") == "strike"
    assert REACTION.check_choice(None) == "let-go"
    with pytest.raises(CommandRejected) as refused:
        REACTION.check_choice("flee")
    assert refused.value.reason == ("'flee' is not an answer to \"Bram leaves Ghoul's reach at (4, 4): does "
                                    "Ghoul strike?\" (choose strike, let-go)")
    with pytest.raises(CommandRejected, match="^Which way has no default: choose one of nothing$"):
        Decision("choice", None, "Which way").check_choice(None)


def test_the_faces_of_a_roll_at_the_table_are_checked_against_its_dice():
    """``DiceRequest.check``: "The faces as a tuple, or CommandRejected naming what is wrong with them"."""
    request = DiceRequest.of(parse("2d6+1"), "damage")
    assert request == DiceRequest("2d6+1", 2, 6, "damage")
    assert request.check([6, 1]) == (6, 1)
    for faces, message in (([7, 1], "damage is 2d6+1: 7 is not a face of a d6 (1–6)"),
                           ([0, 1], "damage is 2d6+1: 0 is not a face of a d6 (1–6)"),
                           ([True, 1], "damage is 2d6+1: True is not a face of a d6 (1–6)"),
                           ([2.5, 1], "damage is 2d6+1: 2.5 is not a face of a d6 (1–6)"),
                           ([3], "damage is 2d6+1: it needs 2 faces (1–6), 1 given")):
        with pytest.raises(CommandRejected) as refused:
            request.check(faces)
        assert refused.value.reason == message
    with pytest.raises(CommandRejected, match="it needs 1 face \\(1–20\\), 0 given"):
        DiceRequest.of(parse("d20"), "attack").check([])


def test_answers_are_handed_out_in_order_and_the_next_unanswered_question_pauses():
    """``Answers.next``: "The next answer, or DecisionNeeded(decision) when the table has not answered
    it yet"."""
    answers = Answers([{"choice": "strike"}])
    assert answers.next(REACTION) == {"choice": "strike"} and answers.used == 1
    with pytest.raises(DecisionNeeded) as needed:
        answers.next(ROLL)
    assert needed.value.decision is ROLL and str(needed.value) == ROLL.prompt


def test_replay_dice_show_the_faces_drawn_before_the_pause_then_draw_new_ones():
    """``ReplayDice``: "first show the faces drawn before the command paused, then draw from
    ``source``; every face shown is kept in ``drawn``"."""
    dice = ReplayDice(ScriptedDice([5]), drawn=[3, 17])
    assert [dice.face(6), dice.face(20), dice.face(8)] == [3, 17, 5]
    assert dice.drawn == [3, 17, 5]


def test_table_dice_ask_for_the_whole_roll_of_a_physical_roller_and_draw_the_rest():
    """``TableDice``: "a roll of a token whose dice are physical stops and asks for the faces (a
    ``"roll"`` decision for that token); every other roll comes from ``dice``"."""
    bram = {"everyone": False, "tokens": ["bram"]}
    at_table = TableDice(NoDice(), Answers(), "bram", bram)
    with pytest.raises(DecisionNeeded) as needed:
        roll("2d6", at_table, "damage")
    assert needed.value.decision == ROLL
    answered = TableDice(NoDice(), Answers([{"faces": [6, 2]}]), "bram", bram)
    assert roll("2d6", answered, "damage").faces == (6, 2)
    bad = TableDice(NoDice(), Answers([{"faces": [7, 2]}]), "bram", bram)
    with pytest.raises(CommandRejected, match="7 is not a face of a d6"):
        roll("2d6", bad, "damage")
    vantage_rolls = TableDice(ScriptedDice([4, 4]), Answers(), "ada", bram)
    assert roll("2d6", vantage_rolls, "damage").faces == (4, 4)
    vantage_rolls.roller = "bram"  # ``work.rolls_by("bram")``: Bram's roll now, asked at the table
    with pytest.raises(DecisionNeeded):
        roll("2d6", vantage_rolls, "damage")


def test_whose_dice_are_at_the_table():
    """``rolls_at_table``: "Whether ``roller``'s dice are rolled at the table in this combat state"."""
    assert not rolls_at_table({}, "bram")
    assert not rolls_at_table({"table_dice": "yes"}, "bram")
    assert rolls_at_table({"table_dice": {"everyone": True, "tokens": []}}, None)
    assert rolls_at_table({"table_dice": {"everyone": False, "tokens": ["bram"]}}, "bram")
    assert not rolls_at_table({"table_dice": {"everyone": False, "tokens": ["bram"]}}, "ghoul")
    assert not rolls_at_table({"table_dice": {"everyone": False, "tokens": ["bram"]}}, None)
