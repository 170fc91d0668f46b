"""Whose dice are rolled at the table, by side: ``SetTableDice(sides=...)``, the GM window's default
(``DEFAULT_TABLE_DICE``: "the party's dice are rolled at the table, the GM's … by Vantage"), and what
a roll at the table tells the table it needs (``DiceRequest.needs``)."""

from __future__ import annotations

import pytest
from skirmish_ruleset import registered, skirmish_encounter, skirmisher

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.decisions import (
    DEFAULT_TABLE_DICE,
    Decision,
    DiceRequest,
    rolls_at_table,
    with_default_table_dice,
)
from vantage.engine.session import apply, apply_all


@pytest.fixture(autouse=True)
def skirmish():
    with registered() as ruleset:
        yield ruleset


def duel():
    return skirmish_encounter(skirmisher("bram", (2, 2), "party", player=True),
                              skirmisher("ghoul", (3, 2), "enemy"))


def test_a_side_listed_rolls_at_the_table_and_the_gm_rolls_only_under_everyone():
    """``setting_covers``: "everyone, its side listed, or the token listed. The GM's own rolls
    (roller None) are covered only by everyone"."""
    party = {"table_dice": {"everyone": False, "sides": ["party"], "tokens": []}}
    assert rolls_at_table(party, "bram", "party")
    assert not rolls_at_table(party, "ghoul", "enemy")
    assert not rolls_at_table(party, None)
    assert rolls_at_table({"table_dice": {"everyone": False, "sides": ["enemy"], "tokens": ["bram"]}},
                          "bram", "party")
    assert not rolls_at_table({"table_dice": {"everyone": False, "sides": "party", "tokens": []}},
                              "bram", "party")


def test_the_default_puts_the_party_at_the_table_and_keeps_a_setting_that_is_there():
    """``with_default_table_dice``: "DEFAULT_TABLE_DICE when it has no table-dice setting (else as it is)"."""
    enc = with_default_table_dice(duel())
    assert enc.combat["table_dice"] == dict(DEFAULT_TABLE_DICE)
    chosen = apply(duel(), c.SetTableDice(), ScriptedDice([]))[0]
    assert with_default_table_dice(chosen) is chosen
    assert chosen.combat["table_dice"] == {"everyone": False, "tokens": []}


def test_with_the_default_the_party_attack_waits_and_the_enemy_attack_is_rolled():
    """The default: "the party's dice rolled at the table, the GM's by Vantage"."""
    start = c.StartCombat(options={"first": "bram"})
    enc = apply(with_default_table_dice(duel()), start, ScriptedDice([]))[0]
    waiting = apply(enc, c.Attack("bram", "ghoul"), ScriptedDice([]))[0]
    (decision,) = ask_pending(waiting)
    assert decision.kind == "roll" and decision.who == "bram"
    assert decision.dice is not None and decision.dice.needs
    enemy_first = apply(with_default_table_dice(duel()), c.StartCombat(options={"first": "ghoul"}),
                        ScriptedDice([]))[0]
    after, events = apply(enemy_first, c.Attack("ghoul", "bram"), ScriptedDice([20, 6]))
    assert not ask_pending(after) and any(e.kind == "roll" for e in events)


def test_set_table_dice_by_side_says_so_and_refuses_an_unknown_side():
    enc, events = apply(duel(), c.SetTableDice(sides=("party", "party")), ScriptedDice([]))
    assert enc.combat["table_dice"] == {"everyone": False, "tokens": [], "sides": ["party"]}
    assert events[0].sentence == "The party roll their dice at the table: Vantage asks for the faces."
    _, events = apply(duel(), c.SetTableDice(sides=("enemy",), tokens=("bram",)), ScriptedDice([]))
    assert events[0].sentence == ("The enemies and Bram roll their dice at the table: "
                                  "Vantage asks for the faces.")
    with pytest.raises(CommandRejected, match="'pirates' is not a side"):
        apply(duel(), c.SetTableDice(sides=("pirates",)), ScriptedDice([]))


def test_a_request_says_what_it_needs_and_keeps_it_through_json():
    """``DiceRequest``: "what it needs (needs: the target number or the odds in words, "12+ hits")"."""
    request = DiceRequest("1d20", 1, 20, "Bram attack on Ghoul", "8+ hits")
    assert request.sentence == "Bram attack on Ghoul: 1d20 — 8+ hits"
    assert DiceRequest("1d20", 1, 20, "x").sentence == "x: 1d20"
    decision = Decision("roll", "bram", "Roll 1d20 at the table: Bram attack on Ghoul", dice=request)
    assert Decision.from_dict(decision.to_dict()) == decision
    old = {"kind": "roll", "who": "bram", "prompt": "p", "dice": {"expr": "d6", "count": 1, "sides": 6,
                                                                  "purpose": "damage"}}
    assert Decision.from_dict(old).dice == DiceRequest("d6", 1, 6, "damage")


def test_the_skirmish_attack_needs_ten_plus_defence_minus_attack():
    """Skirmish: "d20 + attack against 10 + defence" — the table is told the face that hits."""
    enc = apply_all(duel(), [c.SetTableDice(tokens=("bram",)), c.StartCombat(options={"first": "bram"}),
                             c.Attack("bram", "ghoul")], ScriptedDice([]))[0]
    (decision,) = ask_pending(enc)
    assert decision.dice is not None
    stats_a = next(t for t in enc.tokens if t.id == "bram").stats
    stats_d = next(t for t in enc.tokens if t.id == "ghoul").stats
    assert decision.dice.needs == f"{max(1, 10 + stats_d['defence'] - stats_a['attack'])}+ hits"


class _Table:
    """Dice at the table that answer every roll with ``faces`` and keep what each roll said it needs."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.asked: list[tuple[str, str, str]] = []

    def face(self, sides: int) -> int:
        return self.faces.pop(0)

    def faces_for(self, expression, purpose, needs=""):
        self.asked.append((str(expression), purpose, needs))
        return tuple(self.faces.pop(0) for _ in range(expression.count))


def test_avorkarth_chart_rolls_say_the_faces_of_a_partial_and_a_full_success():
    """Avorkarth's assumed chart: "d20 + 2 per category, read on five bands" (fail up to 8, partial up
    to 11): at category 0 a partial needs 9, a success 12; at +3 (+6) 3 and 6; below, nothing succeeds."""
    from vantage.engine.rules.avorkarth.attack_roll import chart_needs, roll_on_chart
    from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART

    assert chart_needs(DEFAULT_CHART, 0) == "9+ partial, 12+ success"
    assert chart_needs(DEFAULT_CHART, 3) == "3+ partial, 6+ success"
    assert chart_needs(DEFAULT_CHART, 0, shift=-1) == "10+ partial, 13+ success"
    assert chart_needs(DEFAULT_CHART, -6) == "no face succeeds"
    table = _Table(12)
    roll_on_chart(0, table, DEFAULT_CHART, "hit roll, Bram vs Ghoul")
    assert table.asked == [("1d20", "hit roll, Bram vs Ghoul", "9+ partial, 12+ success")]


def test_a_baton_check_says_the_total_its_dice_need():
    """Baton: "difficulty 7 + skill" read as 2d6 + skill against the difficulty — the dice need
    difficulty − skill."""
    from vantage.engine.explain import Breakdown
    from vantage.engine.rules.baton.check import difficulty, make_check

    table = _Table(3, 4)
    make_check(table, "Bram attacks Cult", Breakdown("Melee", 2), difficulty(7, ("Dodge", 1)))
    assert table.asked == [("2d6", "Bram attacks Cult", "6+ succeeds")]


def test_a_token_of_a_side_at_the_table_may_still_be_rolled_by_vantage():
    """"Per side … and per token, dice are rolled by Vantage or at the table": ``vantage`` lists the
    tokens of a listed side whose dice Vantage rolls (a player who is away)."""
    setting = {"table_dice": {"everyone": False, "sides": ["party"], "tokens": [], "vantage": ["bram"]}}
    assert not rolls_at_table(setting, "bram", "party") and rolls_at_table(setting, "ada", "party")
    enc, events = apply(duel(), c.SetTableDice(sides=("party",), vantage=("bram",)), ScriptedDice([]))
    assert enc.combat["table_dice"] == {"everyone": False, "tokens": [], "sides": ["party"],
                                        "vantage": ["bram"]}
    assert events[0].sentence == ("The party roll their dice at the table: Vantage asks for the faces, "
                                  "except Bram's, which Vantage rolls.")
    with pytest.raises(CommandRejected, match="there is no token 'zed'"):
        apply(duel(), c.SetTableDice(sides=("party",), vantage=("zed",)), ScriptedDice([]))
