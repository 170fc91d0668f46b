"""Baton at the table: the damage roll says first that the attack hit (GM walkthrough 3: the prompt
after a hit did not say so). "If they succeed on the skill check, they deal the weapon's damage to the
opponent; otherwise, they miss the target and deal no damage at all." """

from __future__ import annotations

from vantage.engine.protocol.commands import Answer, Attack, SetTableDice
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.decisions import Decision


def _after_the_attack_roll(fight, make, *faces: int):
    """Bram's Longsword against Cult, who resists with Dodge 1 (the default); Bram's 2d6 typed at the
    table as ``faces``. The fight and what it waits for next."""
    f = fight(make("bram", "sellsword", (2, 2), "party"), make("cult", "cultist", (3, 2), "enemy"))
    f.start("party")
    f.do(SetTableDice(tokens=("bram",)))
    f.do(Attack("bram", "cult", "Longsword"))
    (resist,) = ask_pending(f.enc)
    assert resist.prompt.endswith("resist?")
    f.do(Answer(choice=resist.default))
    f.do(Answer(faces=faces))
    (waiting,) = ask_pending(f.enc)
    return f, waiting


def test_the_damage_roll_says_it_is_a_hit(fight, make):
    _, decision = _after_the_attack_roll(fight, make, 4, 5)  # 9 + Fight 2 = 11 against 7 + Dodge 1
    assert decision.dice is not None
    assert decision.dice.needs == "a hit (11 against 8): roll damage"
    assert decision.dice.sentence == ("Bram's Longsword damage to Cult: 1d6 — "
                                      "a hit (11 against 8): roll damage")


def test_a_critical_taken_as_damage_says_so_before_the_roll(fight, make):
    """ "On rolling a critical success on an attack roll, the character may choose to deal extra
    damage equal to the maximum damage value of that attack, instead of gaining a Boon." """
    f, choice = _after_the_attack_roll(fight, make, 6, 6)
    assert isinstance(choice, Decision) and choice.dice is None
    assert [c.value for c in choice.choices] == ["damage", "boon"]
    f.do(Answer(choice="damage"))
    (decision,) = ask_pending(f.enc)
    assert decision.dice is not None
    assert decision.dice.needs == "a critical hit (14 against 8): roll damage, and its maximum is added"
