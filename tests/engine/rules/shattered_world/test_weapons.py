"""Ranged weapons, thrown weapons, weapon sizes, unarmed combat and mounted combat."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from vantage.engine.model import Token
from vantage.engine.protocol.commands import Attack, EndTurn, PickUp
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_attack_options, ask_movement
from vantage.engine.rules.shattered_world.attacking import range_dice
from vantage.engine.rules.shattered_world.tables import RANGES, unarmed_dice

BOW = [{"weapon": "shortbow", "skill": 14, "hand": "both", "ammo": "flight-arrow"}]


def option(enc, attacker, target, label):
    (found,) = [o for o in ask_attack_options(enc, attacker, target) if o.label == label]
    return found


def test_range_increments_add_a_die_and_beyond_the_maximum_the_attack_fails(sw):
    """ "a weapon with a range of 50' has normal difficulty up to that distance, then +1d20 at 51-100',
    +2d20 at 101-150', etc." "Attacks beyond this range will fail.\""""
    row = RANGES["Shortbow"]
    assert (row.short, row.maximum) == (50, 150)
    assert [range_dice(d, row) for d in (50, 51, 100, 101, 150, 151)] == [0, 1, 1, 2, 2, None]


def test_a_bow_shot_on_the_map_counts_the_feet_between_the_tokens(sw):
    """Distance from the map: 5 ft a square (diagonals 5 ft, assumed)."""
    enc = sw.encounter(
        sw.fighter("ada", (0, 0), weapons=BOW),
        sw.fighter("ghoul", (12, 3), "enemy"),
        sw.fighter("far", (29, 0), "enemy"),
        width=40,
    )
    table = sw.start(enc, [9, 2, 1])
    shot = option(table.enc, "ada", "ghoul", "Attack with the Shortbow")
    assert "Shortbow: normal to 50 ft, at most 150 ft; 60 ft away" in shot.explanation
    assert shot.modifiers[1].int_value == 1
    table.faces(3, 9, 4)  # the Dodge is declined, 2d20 = 12 ≤ 14, 1d8 4; a missile cannot be Parried
    events = table.do(Attack(attacker="ada", target="ghoul"), "no")
    text = table.sentences(events)
    assert "Ada Attack on Ghoul with the Shortbow: 2d20 [3, 9] = 12 → success." in text
    assert text[-1] == "Ghoul takes 4 damage from Ada's Shortbow (Shortbow 1d8 4 = 4) (Hit Points 11/15)."
    table.do(EndTurn(token="ada"))


def test_a_shot_beyond_the_maximum_range_fails_without_a_roll(sw):
    enc = sw.encounter(sw.fighter("ada", (0, 0), weapons=BOW), sw.fighter("far", (31, 0), "enemy"), width=40)
    table = sw.start(enc, [9, 2])
    events = table.do(Attack(attacker="ada", target="far"), "no")
    assert table.sentences(events)[-1] == (
        "Ada's Attack on Far with the Shortbow fails: 155 ft is beyond the maximum range of 150 ft."
    )


def test_a_melee_weapon_reaches_only_the_next_square(sw):
    enc = sw.encounter(sw.fighter("bram", (0, 0)), sw.fighter("ghoul", (2, 0), "enemy"))
    table = sw.start(enc, [9, 2])
    with pytest.raises(CommandRejected, match="^Ghoul is out of reach: 10 ft away; a melee Attack reaches"):
        table.do(Attack(attacker="bram", target="ghoul"))


def test_thrown_weapons_use_the_range_table_and_strength_and_can_be_picked_up(sw):
    """ "Thrown weapons can only be thrown one-handed, and you receive your Strength bonus to damage.\""""
    enc = sw.encounter(
        sw.fighter(
            "bram",
            (0, 0),
            abilities={"strength": 16},
            weapons=[{"weapon": "dagger", "skill": 12, "hand": "main"}],
        ),
        sw.fighter("ghoul", (3, 0), "enemy"),
    )
    table = sw.start(enc, [9, 2]).faces(5, 6, 4)
    events = table.do(Attack(attacker="bram", target="ghoul", weapon="Dagger", options={"throw": True}), "no")
    text = table.sentences(events)
    assert "Bram Attack on Ghoul with the Dagger: 2d20 [5, 6] = 11 → success." in text  # 15 ft: 1 increment
    assert (
        "Ghoul takes 6 damage from Bram's Dagger (Dagger 1d8 4 + Strength bonus 2 = 6) (Hit Points 9/15)."
        in text
    )
    assert text[-1] == "Bram's Dagger lies by Ghoul at (3, 0)."
    with pytest.raises(CommandRejected, match="Dagger lies at \\(3, 0\\), not on or beside Bram"):
        table.do(PickUp(token="bram", weapon="Dagger"))


def test_weapon_size_against_wielder_size(sw):
    """ "Too Large to Use: If the weapon's size category is two or more steps larger than your own (such
    as a Dwarf trying to use a Greatsword), the weapon is too large for you to use." "If the weapon's size
    category is one step larger than your own ... the weapon is two-handed for you.\""""
    enc = sw.encounter(
        sw.fighter(
            "dorin", (0, 0), size="small", weapons=[{"weapon": "greatsword", "skill": 12, "hand": "both"}]
        ),
        sw.fighter("bram", (1, 0), weapons=[{"weapon": "greatsword", "skill": 12, "hand": "main"}]),
        sw.fighter("ghoul", (1, 1), "enemy"),
    )
    table = sw.start(enc, [9, 5, 1])
    with pytest.raises(CommandRejected, match="the Greatsword is too large for Dorin to use"):
        table.do(Attack(attacker="dorin", target="ghoul"))
    table.do(EndTurn(token="dorin"))
    with pytest.raises(
        CommandRejected, match="the Greatsword is two-handed for Bram: it must be held in both hands"
    ):
        table.do(Attack(attacker="bram", target="ghoul"))


def test_a_one_handed_weapon_used_two_handed_doubles_a_positive_strength_bonus(sw):
    """ "If you use a one-handed melee weapon two-handed, you can apply double your Strength bonus to
    damage. (Negative Strength Bonuses are not doubled).\""""
    for strength, tail in (
        (16, "+ double Strength bonus 2 (one-handed weapon used two-handed) 4 = 9"),
        (7, "− Strength bonus 1 = 4"),
    ):
        enc = sw.encounter(
            sw.fighter(
                "bram",
                (0, 0),
                abilities={"strength": strength},
                weapons=[{"weapon": "longsword", "skill": 12, "hand": "both"}],
            ),
            sw.fighter("ghoul", (1, 0), "enemy"),
        )
        table = sw.start(enc, [9, 2]).faces(3, 5)
        events = table.do(Attack(attacker="bram", target="ghoul"), "no", "no")
        assert f"Longsword 1d12 5 {tail})" in table.sentences(events)[-1]


def test_bows_take_a_low_strength_penalty_and_no_bonus_unless_composite(sw):
    """ "If you have a penalty for low Strength, apply it to damage rolls when you use a bow or a sling. You
    get no Strength bonus to damage with a projectile weapon unless it's a composite shortbow or longbow
    made for higher Strength users.\""""
    cases = (
        (7, BOW, "Shortbow 1d8 5 − low Strength penalty 1 = 4"),
        (16, BOW, "Shortbow 1d8 5 = 5"),
        (
            16,
            [{"weapon": "composite-shortbow", "skill": 14, "hand": "both", "composite_bonus": 1}],
            "Composite Shortbow 1d8 5 + Strength bonus 2 (composite bow for +1) 1 = 6",
        ),
    )
    for strength, weapons, text in cases:
        enc = sw.encounter(
            sw.fighter("ada", (0, 0), abilities={"strength": strength}, weapons=weapons),
            sw.fighter("ghoul", (2, 0), "enemy"),
        )
        table = sw.start(enc, [9, 2]).faces(3, 5)
        events = table.do(Attack(attacker="ada", target="ghoul"), "no")
        assert text in table.sentences(events)[-1]


def test_unarmed_damage_by_strength_bonus_kicks_and_mailed_fists_one_row_more(sw):
    """ "Damage given is for Fist attacks. Advance one row for Kicks or if the Fist attack is mailed or
    otherwise metal armored. Each +1 over +8 is +1d6." (the table itself is missing: assumed rows)"""
    assert unarmed_dice(0, 0) == ("1d3", 0)
    assert unarmed_dice(0, 1) == ("1d4", 0)
    assert unarmed_dice(8, 0) == ("1d10", 0)
    assert unarmed_dice(8, 1) == ("1d10", 1)
    assert unarmed_dice(10, 0) == ("1d10", 2)


def test_unarmed_damage_is_counted_separately(sw):
    """ "Damage from unarmed combat is healed at 1 point per hour of rest, and so must be counted
    separately.\""""
    table = sw.start(
        sw.encounter(sw.fighter("bram", (0, 0), mailed_fists=True), sw.fighter("ghoul", (1, 0), "enemy")),
        [9, 2],
    ).faces(3, 4)
    events = table.do(Attack(attacker="bram", target="ghoul", weapon="fist"), "no", "no")
    assert table.sentences(events)[-1] == (
        "Ghoul takes 4 damage from Bram's Fist (Fist 1d4 4 (Strength bonus 0, "
        "one row more for a mailed fist) = 4) (Hit Points 11/15 (4 of the damage "
        "unarmed))."
    )
    assert table.record("ghoul")["unarmed"] == 4 and table.record("ghoul")["wounds"] == 0


def test_a_kicker_may_not_dodge_and_a_kick_may_not_parry(sw):
    """ "Characters using the Kick attack may not Dodge in the same Round. Kick may not be used to Parry.\""""
    enc = sw.encounter(
        sw.fighter("bram", (0, 0), weapons=[{"weapon": "great-axe", "skill": 12, "hand": "both"}]),
        sw.fighter("ghoul", (1, 0), "enemy"),
    )
    table = sw.start(enc, [9, 2]).faces(15)
    table.do(Attack(attacker="bram", target="ghoul", weapon="kick"), "no")
    table.do(EndTurn(token="bram"))
    table.faces(15)  # neither a Dodge nor a Parry is offered: the axe is in both hands, no fist, no kick
    events = table.do(Attack(attacker="ghoul", target="bram"))
    assert table.sentences(events)[-1] == "Ghoul misses Bram."
    assert table.asked[-1].prompt.startswith("Bram attacks Ghoul")


MOUNT = {
    "hit_points": 22,
    "attacks": 2,
    "speed": 120,
    "weapons": [
        {"kind": "hoof", "name": "Hooves", "damage": "1d8", "size": "M", "skill": 10},
        {"kind": "bite", "name": "Bite", "damage": "1d4", "size": "S", "skill": 9},
    ],
}


def riding(sw, rider_at: tuple[int, int], **rider: Any) -> tuple[Token, Token]:
    """A rider on a large horse (the rider ``rides`` it, on its top-left tile)."""
    horse = sw.fighter("horse", rider_at, "party", size="large", **MOUNT)
    return replace(sw.fighter("rider", rider_at, **rider), rides="horse"), horse


def test_mounted_attacks_use_the_lower_of_weapon_skill_and_ride(sw):
    """ "the attacker must use the lower of the weapon Skill Rank or the Ride (Animal) Skill Rank for all
    attack rolls.\""""
    enc = sw.encounter(*riding(sw, (0, 1), skills={"ride": 9}), sw.fighter("ghoul", (2, 1), "enemy"))
    table = sw.start(enc, [9, 5, 1])
    shot = option(table.enc, "rider", "ghoul", "Attack with the Longsword")
    assert shot.modifiers[0].value == 9 and "mounted: the lower of it and Ride 9" in shot.explanation


def test_mounted_characters_may_not_use_longbows_or_two_handed_hacking(sw):
    """ "Longbows and two-handed hacking Attacks may not be used by mounted characters.\""""
    for weapons, why in (
        ([{"weapon": "longbow", "skill": 12, "hand": "both"}], "Longbows may not be used"),
        ([{"weapon": "battle-axe", "skill": 12, "hand": "both"}], "two-handed hacking Attacks"),
    ):
        enc = sw.encounter(
            *riding(sw, (0, 1), weapons=weapons, skills={"ride": 12}), sw.fighter("ghoul", (2, 1), "enemy")
        )
        table = sw.start(enc, [9, 5, 1])
        with pytest.raises(CommandRejected, match=why):
            table.do(Attack(attacker="rider", target="ghoul"))


def test_a_steed_may_bite_but_not_kick_while_its_rider_fights(sw):
    """ "Normal steeds may not Attack at the same time as the rider using hoof or claw attacks, but may bite
    normally.\""""
    enc = sw.encounter(*riding(sw, (0, 1), skills={"ride": 12}), sw.fighter("ghoul", (2, 1), "enemy"))
    table = sw.start(enc, [2, 9, 1])
    with pytest.raises(CommandRejected, match="a steed may not attack with hoof or claw at the same time"):
        table.do(Attack(attacker="horse", target="ghoul", weapon="Hooves"))
    assert option(table.enc, "horse", "ghoul", "Attack with its Bite").legal


def test_target_and_kite_shields_parry_only_on_the_shield_side_when_mounted(sw):
    """ "Mounted characters may only use Target or Kite Shields on the shield-side of the mount, but Bucklers
    are small enough to switch back and forth." (the shield side is assumed to be the left)"""
    from vantage.engine.model import Facing

    weapons = [
        {"weapon": "longsword", "skill": 12, "hand": "main"},
        {"weapon": "kite", "skill": 12, "hand": "off"},
    ]
    enc = sw.encounter(
        *riding(sw, (5, 5), weapons=weapons, skills={"ride": 12}),
        sw.fighter("left", (4, 5), "enemy"),
        sw.fighter("right", (7, 5), "enemy"),
    )
    enc = enc.with_token(replace(enc.token("rider"), facing=Facing.N))
    table = sw.start(enc, [1, 1, 9, 8]).faces(3, 5)
    table.do(Attack(attacker="left", target="rider"), "no", "no")
    assert [c.value for c in table.asked[-1].choices] == ["parry-longsword", "parry-kite", "no"]
    table.do(EndTurn(token="left"))
    table.faces(3, 5)
    table.do(Attack(attacker="right", target="rider"), "no", "no")
    assert [c.value for c in table.asked[-1].choices] == ["parry-longsword", "no"]


def test_a_dwarf_may_throw_a_spear_that_is_two_handed_for_it(sw):
    """ "You can still throw a thrown weapon with one hand even if it would be two-handed for you due to your
    size (such as a Dwarf throwing a Spear).\""""
    enc = sw.encounter(
        sw.fighter("dorin", (0, 0), size="small", weapons=[{"weapon": "spear", "skill": 12}]),
        sw.fighter("ghoul", (1, 0), "enemy"),
    )
    table = sw.start(enc, [9, 2])
    with pytest.raises(CommandRejected, match="the Spear is two-handed for Dorin"):
        table.do(Attack(attacker="dorin", target="ghoul"))
    table.faces(15)
    events = table.do(Attack(attacker="dorin", target="ghoul", options={"throw": True}), "no")
    assert "Dorin Attack on Ghoul with the Spear: 1d20 [15] = 15 → failure." in table.sentences(events)


def test_a_fumbled_attack_may_drop_the_weapon_and_picking_it_up_takes_an_attack(sw):
    """The fumble tables are empty in the text (assumed: 1d6, 5–6 the weapon falls at the wielder's feet)."""
    two = [
        {"weapon": "longsword", "skill": 12, "hand": "main"},
        {"weapon": "dagger", "skill": 12, "hand": "off"},
    ]
    enc = sw.encounter(sw.fighter("bram", (0, 0), weapons=two), sw.fighter("ghoul", (1, 0), "enemy"))
    table = sw.start(enc, [9, 2]).faces(20, 6)
    events = table.do(Attack(attacker="bram", target="ghoul"), "no")
    text = table.sentences(events)
    assert "Bram Attack Fumble: 1d6 [6] = 6 → the weapon slips from the hand." in text
    assert "Bram drops the Longsword at (0, 0)." in text
    with pytest.raises(CommandRejected, match="Bram's Longsword is dropped"):
        table.do(Attack(attacker="bram", target="ghoul", weapon="Longsword"))
    with pytest.raises(CommandRejected, match="made its Attack of the first pass"):
        table.do(PickUp(token="bram", weapon="Longsword"))  # the first pass's Attack is spent
    table.do(EndTurn(token="bram"))
    table.do(EndTurn(token="ghoul"))
    events = table.do(PickUp(token="bram", weapon="Longsword"))
    assert table.sentences(events) == ["Bram picks up the Longsword."]
    assert table.record("bram")["attacks"] == 1


def test_a_steed_carries_its_rider_and_the_rider_does_not_walk(sw):
    """ "When attacking from horseback (or other steed)": the rider is on the steed and moves with it
    (assumed: the steed moves on its own Initiative; the rider's own move is refused)."""
    from vantage.engine.protocol.commands import Move

    enc = sw.encounter(*riding(sw, (0, 1), skills={"ride": 12}), sw.fighter("ghoul", (9, 9), "enemy"))
    table = sw.start(enc, [9, 5, 1])
    with pytest.raises(CommandRejected, match="^Rider rides Horse: the steed moves, and Rider with it$"):
        table.do(Move(token="rider", path=((0, 1), (1, 1))))
    assert str(ask_movement(table.enc, "rider").allowance).endswith("; rides Horse: the steed moves → 0")
    table.do(EndTurn(token="rider"))
    events = table.do(Move(token="horse", path=((0, 1), (1, 1), (2, 1))))
    assert table.sentences(events) == [
        "Horse moves 10 ft to (2, 1); a Normal Move leaves an Attack or a Parry this Round.",
        "Rider rides along to (2, 1).",
    ]
    assert table.enc.token("rider").position == (2, 1) and table.enc.token("rider").rides == "horse"


def test_the_steed_is_attacked_with_its_own_stats_and_a_dying_steed_drops_its_rider(sw):
    """The steed is a token of its own: an Attack on it is rolled against it and its Hit Points. The text
    is silent on a fallen steed (assumed: its rider lands on the nearest free tile beside it)."""
    from vantage.engine.protocol.commands import ApplyDamage

    enc = sw.encounter(*riding(sw, (1, 1), skills={"ride": 12}), sw.fighter("ghoul", (3, 1), "enemy"))
    table = sw.start(enc, [9, 5, 1])
    table.do(EndTurn(token="rider"))
    table.do(EndTurn(token="horse"))
    table.faces(15)  # the ghoul's Attack on the horse: Combat 12 against 15, a miss
    events = table.do(Attack(attacker="ghoul", target="horse"), "no")
    assert any("Ghoul Attack on Horse" in s for s in table.sentences(events))
    table.faces(20)  # the Will roll of the dying horse
    events = table.do(ApplyDamage(token="horse", amount=22))
    assert "Rider falls from Horse, landing at (0, 0)." in table.sentences(events)
    assert table.enc.token("rider").rides is None
