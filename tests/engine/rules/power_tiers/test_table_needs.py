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


def test_the_critical_is_announced_before_the_damage_roll_at_the_table(pt):
    """ "If the Attacker beats the defender's roll by at least 10, after all bonuses and penalties are
    applied, that is considered a critical hit. Roll damage as usual, then double the total." — the damage
    roll asked at the table says first that it is a critical hit and what that does."""
    from vantage.engine.protocol.commands import Answer

    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    t.go(StartCombat(), 20, 1)
    t.go(SetTableDice(tokens=("bram",)))
    t.go(Attack(attacker="bram", target="ghoul"))
    t.go(Answer(faces=(20,)), 4)  # Bram's 20 against Ghoul's 4
    (decision,) = ask_pending(t.encounter)
    assert decision.dice is not None and decision.prompt.startswith("Roll 1d6 at the table: Bram damage")
    assert decision.dice.needs == (
        "a critical hit (20 against 4, beaten by 16, at least 10): "
        "roll damage as usual, then the total is doubled"
    )
    t.go(Answer(faces=(3,)))
    assert "Bram deals 6 damage (1d6 rolled 3; critical hit: 3 × 2 = 6)." in t.sentences


def test_a_plain_hit_says_what_the_damage_roll_is_for(pt):
    """ "If the attacker wins the combat challenge, they will roll for damage." — a heavy attack's roll says
    its extra 2 ("Heavy Attack: ... deal an additional 2 damage on a successful hit")."""
    from vantage.engine.protocol.commands import Answer

    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    t.go(StartCombat(), 20, 1)
    t.go(SetTableDice(tokens=("bram",)))
    t.go(Attack(attacker="bram", target="ghoul", options={"style": "heavy"}))
    t.go(Answer(faces=(12,)), 10)
    (decision,) = ask_pending(t.encounter)
    assert decision.dice is not None
    assert decision.dice.needs == "a hit (12 against 10): roll damage + 2 (heavy attack)"
