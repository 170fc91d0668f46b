"""Power Tiers at the table: the defence roll says what it needs ("Defending: Roll a d20" against the
attacker's total; the attacker wins only above it, so the defence needs to reach it)."""

from __future__ import annotations

from vantage.engine.protocol.commands import Attack, SetTableDice, StartCombat
from vantage.engine.rules.asking import ask_pending


def test_the_defence_roll_at_the_table_says_the_total_to_reach(pt):
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    t.go(StartCombat(), 20, 1)
    t.go(SetTableDice(tokens=("ghoul",)))
    t.go(Attack(attacker="bram", target="ghoul"), 15)
    (decision,) = ask_pending(t.encounter)
    assert decision.dice is not None
    # "Bram's attack with the Sword beats Ghoul's defence, 15 against 14" with a natural 15 and 14:
    # both bonuses are 0 here, so the defence must reach Bram's 15
    assert decision.dice.needs == "d20 +0 must reach Bram's 15"
