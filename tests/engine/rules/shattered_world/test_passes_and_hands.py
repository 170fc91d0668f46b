"""One Attack a pass, each of two weapons once, and no fighting while dying (issue 29, items 1–3)."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import ApplyDamage, Attack, EndTurn, Move
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.shattered_world.vocabulary import BindWounds

SWORD_AND_DAGGER = [
    {"weapon": "longsword", "skill": 12, "hand": "main"},
    {"weapon": "dagger", "skill": 12, "hand": "off"},
]
SWORD_AND_KITE = [
    {"weapon": "longsword", "skill": 12, "hand": "main"},
    {"weapon": "kite", "skill": 12, "hand": "off"},
]


def duel(sw, bram=None, ghoul=None):
    """Bram (party) beside Ghoul (enemy); Bram acts first."""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1), **(bram or {})), sw.fighter("ghoul", (2, 1), "enemy", **(ghoul or {}))
    )
    return sw.start(enc, [9, 2])


def test_a_creature_with_two_attacks_makes_one_in_its_first_pass_and_the_other_in_the_second(sw):
    """ "All characters and/or monsters make at most one Attack, in descending order. Any characters or
    monsters eligible for a second Attack then act in descending Initiative order\""""
    table = duel(sw, bram={"attacks": 2}).faces(13)
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    with pytest.raises(
        CommandRejected,
        match='made its Attack of the first pass: "All characters and/or '
        'monsters make at most one Attack, in descending order"; its second Attack comes in '
        "the second pass",
    ):
        table.do(Attack(attacker="bram", target="ghoul"))
    table.do(EndTurn(token="bram"))
    table.do(EndTurn(token="ghoul"))
    assert table.enc.combat["order"][table.enc.combat["turn"]][2] == 2  # Bram's second pass
    table.faces(13)
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    with pytest.raises(CommandRejected, match="made its Attack of the second pass"):
        table.do(Attack(attacker="bram", target="ghoul"))


def test_two_weapons_give_one_attack_in_each_pass_not_both_at_once(sw):
    """ "All characters and/or monsters make at most one Attack, in descending order" — a fighter with two
    weapons makes the second one in the second pass."""
    table = duel(sw, bram={"weapons": SWORD_AND_DAGGER}).faces(13)
    table.do(Attack(attacker="bram", target="ghoul", weapon="Longsword"), "no")
    with pytest.raises(CommandRejected, match="made its Attack of the first pass"):
        table.do(Attack(attacker="bram", target="ghoul", weapon="Dagger"))


def test_binding_wounds_takes_the_place_of_the_attack_of_its_pass(sw):
    """ "All characters and/or monsters make at most one Attack, in descending order" — binding wounds is
    made "in place of an Attack", so it is that pass's Attack."""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1), attacks=2),
        sw.fighter("ada", (1, 2)),
        sw.fighter("ghoul", (5, 5), "enemy"),
    )
    table = sw.start(enc, [9, 8, 2])
    table.faces(2)  # Ada's Will roll: conscious
    table.do(ApplyDamage(token="ada", amount=15))
    table.faces(20)  # the Endurance roll of the bound wounds fails
    table.do(BindWounds(token="bram", target="ada"))
    with pytest.raises(CommandRejected, match="made its Attack of the first pass"):
        table.do(Attack(attacker="bram", target="ghoul"))


def test_the_same_weapon_does_not_attack_in_both_passes(sw):
    """ "Characters using two weapons may Attack twice or Parry twice (once with each) in a given Round.\""""
    table = duel(sw, bram={"weapons": SWORD_AND_DAGGER}).faces(13)
    table.do(Attack(attacker="bram", target="ghoul", weapon="Longsword"), "no")
    table.do(EndTurn(token="bram"))
    table.do(EndTurn(token="ghoul"))
    with pytest.raises(
        CommandRejected,
        match='has attacked with the Longsword this Round: "Characters using '
        r"two weapons may Attack twice or Parry twice \(once with each\)\"",
    ):
        table.do(Attack(attacker="bram", target="ghoul", weapon="Longsword"))
    table.faces(9, 9)
    events = table.do(Attack(attacker="bram", target="ghoul", weapon="Dagger"), "no")
    assert "Bram Attack on Ghoul with the Dagger: 2d20 [9, 9] = 18 → failure." in table.sentences(events)


def test_a_shield_parries_once_a_round_and_the_sword_the_other_time(sw):
    """ "Note that this includes Shields, so a character armed with Longsword and Shield may Parry twice at
    normal odds, once with each weapon.\""""
    enc = sw.encounter(
        sw.fighter("ghoul", (2, 1), "enemy", attacks=2), sw.fighter("bram", (1, 1), weapons=SWORD_AND_KITE)
    )
    table = sw.start(enc, [9, 2])
    table.faces(4, 5, 3)  # Ghoul hits; the Kite parries (5 ≤ 12) and absorbs 3
    table.do(Attack(attacker="ghoul", target="bram"), "no", "parry-kite")
    first = table.asked[-1]
    assert [c.value for c in first.choices] == ["parry-longsword", "parry-kite", "no"]
    table.do(EndTurn(token="ghoul"))
    table.do(EndTurn(token="bram"))
    table.faces(4, 6, 3)  # the second pass: Ghoul hits again; the Longsword parries
    table.do(Attack(attacker="ghoul", target="bram"), "no", "parry-longsword")
    second = table.asked[-1]
    assert [c.value for c in second.choices] == ["parry-longsword", "no"]  # the Kite has parried
    assert "1d20 against" in second.choices[0].explanation  # at normal odds: no Stunt
    assert table.record("bram")["parries"] == 2


def test_a_character_that_falls_during_its_own_turn_may_not_fight_or_move(sw):
    """ "The player must roll a Will roll to remain conscious; however he or she is still dying and may not
    move around, fight, etc.\""""
    table = duel(sw, bram={"attacks": 2})
    table.faces(2)  # Bram's Will roll: conscious
    table.do(ApplyDamage(token="bram", amount=15))
    with pytest.raises(
        CommandRejected,
        match='Bram is dying and may not fight: "he or she is still dying and '
        'may not move around, fight, etc."',
    ):
        table.do(Attack(attacker="bram", target="ghoul"))
    with pytest.raises(CommandRejected, match="may not move around"):
        table.do(Move(token="bram", path=((1, 1), (1, 2))))


def _parry_attack_parry(sw, **combat):
    """Ghoul (two Attacks) hits Bram (Longsword and Kite): the Kite parries; Bram attacks with the
    Longsword; in the second pass Ghoul hits again and the Longsword parries. Bram's second pass is next."""
    enc = sw.encounter(
        sw.fighter("ghoul", (2, 1), "enemy", attacks=2),
        sw.fighter("bram", (1, 1), weapons=SWORD_AND_KITE),
        **combat,
    )
    table = sw.start(enc, [9, 2])
    table.faces(4, 5, 3)
    table.do(Attack(attacker="ghoul", target="bram"), "no", "parry-kite")
    table.do(EndTurn(token="ghoul"))
    table.faces(13)
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    table.do(EndTurn(token="bram"))
    table.faces(4, 6, 3, 5)  # the Longsword's Parry is a Stunt (it has attacked): 2d20 = 9
    table.do(Attack(attacker="ghoul", target="bram"), "no", "parry-longsword")
    table.do(EndTurn(token="ghoul"))
    return table


def test_the_other_reading_of_two_weapons_gives_a_second_attack_or_a_second_parry(sw):
    """ "Characters using two weapons may Attack twice or Parry twice (once with each) in a given Round." —
    the rules option ``two_weapons: "or"`` reads the "or" as the text's "Attack once or Parry once" does: the
    second weapon gives a second Attack or a second Parry, not both."""
    table = _parry_attack_parry(sw, rules={"two_weapons": "or"})
    assert "Bram has no second Attack left this Round: the turn passes." in table.sentences()
    plain = _parry_attack_parry(sw)  # the default reading: two Attacks and two Parries
    assert plain.enc.combat["order"][plain.enc.combat["turn"]][:3:2] == ["bram", 2]
    plain.faces(15, 15)
    events = plain.do(Attack(attacker="bram", target="ghoul", weapon="Kite"), "no")
    assert "Bram Attack on Ghoul with the Kite: 2d20 [15, 15] = 30 → failure." in plain.sentences(events)
