"""Damage, Disability and Death; healing and rest; movement."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import ApplyDamage, EndTurn, Heal, Move, Rest
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_movement, ask_turn
from vantage.engine.rules.shattered_world.vocabulary import BindWounds


def pair(sw, **ghoul):
    enc = sw.encounter(sw.fighter("bram", (0, 0)), sw.fighter("ghoul", (1, 0), "enemy", **ghoul))
    return sw.start(enc, [9, 2])


@pytest.mark.parametrize(("hp", "at"), [(15, 3), (14, 2), (4, 1), (9, 1)])
def test_disabled_at_a_fifth_of_the_hit_points_rounded_down_but_not_less_than_1(sw, hp, at):
    """ "Any character or monster who has 1/5th or less (round down, but not less than 1) of his or her Hit
    Points left is Disabled. Movement is 1/2 normal, and all actions have an additional die of
    difficulty.\""""
    table = pair(sw, hit_points=hp)
    table.do(ApplyDamage(token="ghoul", amount=hp - at - 1))
    assert not table.enc.token("ghoul").has_condition("disabled")
    table.do(ApplyDamage(token="ghoul", amount=1))
    assert table.enc.token("ghoul").has_condition("disabled")
    move = ask_movement(table.enc, "ghoul")
    assert move.allowance.value == 5 and "disabled: half" in move.allowance.explain()


def test_at_zero_the_creature_is_dying_and_rolls_will_to_stay_conscious(sw):
    """ "Any character reduced to zero Hit Points (negatives will not be recorded) is dying. The player must
    roll a Will roll to remain conscious; however he or she is still dying and may not move around,
    fight".\""""
    table = pair(sw, abilities={"will": 11}).faces(11)
    events = table.do(ApplyDamage(token="ghoul", amount=40))
    text = table.sentences(events)
    assert text[0] == "Ghoul takes 15 damage (the GM) (Hit Points 0/15, 25 more not recorded)."
    assert (
        "Ghoul Will roll to remain conscious: 1d20 [11] = 11 → success: conscious, but still dying." in text
    )
    assert table.record("ghoul")["wounds"] == 15
    with pytest.raises(CommandRejected, match="Ghoul is dying and may not move around"):
        table.do(Move(token="ghoul", path=((1, 0), (2, 0))))


def test_each_round_an_endurance_roll_one_chance_plus_the_bonus(sw):
    """ "The player has 1 chance, plus the Endurance bonus if it's positive, to avoid death this way; so a
    character with 13 Endurance can afford to fail the first roll, but not the second. If all chances fail,
    the character is dead.\""""
    table = pair(sw, abilities={"endurance": 13, "will": 1}).faces(20)
    table.do(ApplyDamage(token="ghoul", amount=15))
    assert table.enc.token("ghoul").has_condition("unconscious")
    table.faces(14)  # round 2 begins: 14 > 13
    events = table.do(EndTurn(token="bram"))
    assert "Ghoul Endurance roll to stabilise: 1d20 [14] = 14 → failure: 1 chance left." in table.sentences(
        events
    )
    table.faces(20)
    events = table.do(EndTurn(token="bram"))
    assert table.sentences(events)[-3:-1] == [
        "Ghoul Endurance roll to stabilise: 1d20 [20] = 20 → failure: no chance left.",
        "Ghoul dies.",
    ]
    assert table.enc.token("ghoul").has_condition("dead")


def test_stable_characters_wake_with_1_hit_point_and_may_not_act_that_round(sw):
    """ "success results in the character becoming stable"; "each Round after the character stabilizes, the
    player must make an Endurance check again, with success resulting in the character becoming conscious
    with 1 Hit Point; he or she may not act in that same Round.\""""
    table = pair(sw, abilities={"will": 1}).faces(20)
    table.do(ApplyDamage(token="ghoul", amount=15))
    table.faces(3)
    events = table.do(EndTurn(token="bram"))
    assert "Ghoul Endurance roll to stabilise: 1d20 [3] = 3 → success: stable." in table.sentences(events)
    table.faces(4)
    events = table.do(EndTurn(token="bram"))
    text = table.sentences(events)
    assert "Ghoul comes to with 1 Hit Point and may not act this Round (Hit Points 1/15, disabled)." in text
    events = table.do(EndTurn(token="bram"))
    assert "Ghoul has just come to and may not act in the same Round: the turn passes." in table.sentences(
        events
    )


def test_a_character_who_has_just_come_to_may_not_parry_or_dodge_that_round(sw):
    """ "success resulting in the character becoming conscious with 1 Hit Point; he or she may not act in
    that same Round." — a Parry and a Dodge are actions too: neither is offered."""
    from vantage.engine.protocol.commands import Attack

    table = pair(sw, abilities={"will": 1}).faces(20)
    table.do(ApplyDamage(token="ghoul", amount=15))
    table.faces(3)
    table.do(EndTurn(token="bram"))
    table.faces(4)
    table.do(EndTurn(token="bram"))  # Ghoul comes to at the start of Round 3; Bram acts
    table.faces(5, 3, 20)  # Bram hits, 3 damage; Ghoul's Will roll fails
    table.do(Attack(attacker="bram", target="ghoul"))  # no Dodge or Parry asked
    assert not [
        d for d in table.asked if "Ghoul" in d.prompt and ("Dodge" in d.prompt or "Parry" in d.prompt)
    ]
    assert table.record("ghoul")["state"] == "dying"


def test_binding_wounds_gives_an_extra_endurance_roll_once_a_round(sw):
    """ "the victim's wounds may be bound, giving an immediate extra Endurance roll by the victim to
    stabilize (one such per Round).\""""
    enc = sw.encounter(
        sw.fighter("bram", (0, 0)),
        sw.fighter("ada", (1, 0), abilities={"endurance": 13}),
        sw.fighter("ghoul", (5, 0), "enemy"),
    )
    table = sw.start(enc, [9, 5, 1]).faces(20)
    table.do(ApplyDamage(token="ada", amount=15))
    table.faces(14)
    events = table.do(BindWounds(token="bram", target="ada"))
    assert table.sentences(events)[-1] == (
        "Ada Endurance roll to stabilise (wounds bound): 1d20 [14] = 14 → failure: 1 chance left."
    )
    with pytest.raises(CommandRejected, match="already been bound this Round"):
        table.do(BindWounds(token="bram", target="ada"))


def test_healing_magic_on_the_dying_applies_half_and_wakes(sw):
    """ "if healing magic is applied, only 1/2 (round down, minimum 1 point) of the healing points are applied
    but the character will become conscious automatically (if not already) and is no longer in danger of
    death.\""""
    table = pair(sw, abilities={"will": 1}).faces(20)
    table.do(ApplyDamage(token="ghoul", amount=15))
    events = table.do(Heal(token="ghoul", amount=5))
    text = table.sentences(events)
    assert text[0] == "Healing magic on the dying Ghoul: half of 5 is 2 (round down, minimum 1)."
    assert table.record("ghoul")["state"] == "up" and table.record("ghoul")["wounds"] == 13
    table = pair(sw, abilities={"will": 1}).faces(20)
    table.do(ApplyDamage(token="ghoul", amount=15))
    table.do(Heal(token="ghoul", amount=1))
    assert table.record("ghoul")["wounds"] == 14


def test_a_nights_rest_heals_one_and_a_full_rest_two_unarmed_an_hour(sw):
    """ "Normal characters heal one point for each night's rest. A night's rest is 8 hours minus the Endurance
    bonus"; "Resting all day and all night doubles healing to 2 points"; unarmed damage "is healed at 1
    point per hour of rest\""""
    enc = sw.encounter(sw.fighter("bram", (0, 0), abilities={"endurance": 16}))
    table = sw.Table(enc)
    table.do(ApplyDamage(token="bram", amount=5))
    table.do(ApplyDamage(token="bram", amount=9, track="unarmed"))
    events = table.do(Rest(rest="night", duration=1))
    assert table.sentences(events)[:1] == [
        "Bram heals 7 after 1 night's rest of 8 h − Endurance bonus 2 = 6 h "
        "(Hit Points 8/15 (3 of the damage unarmed))."
    ]
    table.do(Rest(rest="full", duration=1))
    assert (
        table.record("bram") | {}
        and table.record("bram")["wounds"] == 2
        and table.record("bram")["unarmed"] == 0
    )
    table.do(ApplyDamage(token="bram", amount=3, track="unarmed"))
    table.do(Rest(rest="hours", duration=2))
    assert table.record("bram")["unarmed"] == 1 and table.record("bram")["wounds"] == 2


def test_fifty_feet_a_round_ten_squares_halved_in_chainmail(sw):
    """ "Normal Human characters can move 50 feet per Round"; "squares of 5' are used, so this is 10 squares
    movement"; "any character wearing heavy armor (chainmail or heavier) or restrictive clothing will be
    reduced to 1/2 normal movement rate.\""""
    enc = sw.encounter(
        sw.fighter("bram", (0, 0)),
        sw.fighter("ser", (0, 5), armor_type="chainmail"),
        sw.fighter("wolf", (9, 9), "enemy", speed=70),
    )
    assert ask_movement(enc, "bram").allowance.value == 10
    assert (
        ask_movement(enc, "ser").allowance.explain()
        == "Movement: squares of a 50-ft Normal Move 10, heavy-armour: half −5 = 5"
    )
    assert ask_movement(enc, "wolf").allowance.value == 14


def test_a_step_keeps_attack_and_parry_a_normal_move_leaves_one(sw):
    """ "Take a Step, Attack once and Parry once" / "Make a Normal Move, Attack once or Parry once"; "A Step
    is 5'\""""
    enc = sw.encounter(sw.fighter("bram", (0, 0)), sw.fighter("ghoul", (9, 0), "enemy"))
    table = sw.start(enc, [9, 2])
    with pytest.raises(CommandRejected, match="cannot move that way"):
        table.do(Move(token="bram", path=((0, 0), (1, 0), (2, 0)), options={"mode": "step"}))
    events = table.do(Move(token="bram", path=((0, 0), (1, 0)), options={"mode": "step"}))
    assert table.sentences(events) == ["Bram steps 5 ft to (1, 0); a Step keeps the Attack and the Parry."]
    slots = {s.name: (s.left, s.total) for s in ask_turn(table.enc).slots}
    assert slots == {"step or move": (0, 1), "attack": (1, 1), "parry": (1, 1)}
    with pytest.raises(CommandRejected, match="already moved this Round"):
        table.do(Move(token="bram", path=((1, 0), (2, 0))))
    table.do(EndTurn(token="bram"))
    events = table.do(Move(token="ghoul", path=((9, 0), (8, 0), (7, 0))))
    assert table.sentences(events) == [
        "Ghoul moves 10 ft to (7, 0); a Normal Move leaves an Attack or a Parry this Round."
    ]
    slots = {s.name: (s.left, s.total) for s in ask_turn(table.enc).slots}
    assert slots == {"step or move": (0, 1), "attack": (1, 1), "parry": (1, 1)}


def test_a_move_of_one_square_is_a_step_unless_the_gm_says_a_normal_move(sw):
    """ "A Step is 5' (usually one map square on battle maps). A Normal Move is the character's normal
    per-round movement rate." — one square with no mode is a Step; the mode ``normal`` is the GM saying
    otherwise; the log says which slot the move spent, and the preview says it before."""
    from vantage.engine.rules.registry import get_ruleset

    enc = sw.encounter(sw.fighter("bram", (0, 0)), sw.fighter("ghoul", (9, 0), "enemy"))
    table = sw.start(enc, [9, 2])
    ruleset = get_ruleset("shattered-world")
    one, two = ((0, 0), (1, 1)), ((0, 0), (1, 0), (2, 0))
    assert ruleset.move_preview(table.enc, "bram", one, None) == "a Step: keeps the Attack and the Parry"
    assert (
        ruleset.move_preview(table.enc, "bram", two, None) == "a Normal Move: leaves an Attack or a Parry"
    )
    assert ruleset.move_preview(table.enc, "bram", one, "normal") == (
        "a Normal Move: leaves an Attack or a Parry"
    )
    events = table.do(Move(token="bram", path=one))
    assert table.sentences(events) == ["Bram steps 5 ft to (1, 1); a Step keeps the Attack and the Parry."]
    assert table.record("bram")["moved"] == "step"
    table.do(EndTurn(token="bram"))
    table.faces()
    events = table.do(Move(token="ghoul", path=((9, 0), (8, 0)), options={"mode": "normal"}))
    assert table.sentences(events) == [
        "Ghoul moves 5 ft to (8, 0); a Normal Move leaves an Attack or a Parry this Round."
    ]
    slots = {s.name: (s.left, s.total) for s in ask_turn(table.enc).slots}
    assert slots == {"step or move": (0, 1), "attack": (1, 1), "parry": (1, 1)}
    with pytest.raises(CommandRejected, match="not a The Shattered World move mode|known: step, normal"):
        table.do(Move(token="ghoul", path=((8, 0), (7, 0)), options={"mode": "dash"}))


def test_a_normal_move_after_an_attack_says_nothing_more_is_left(sw):
    """ "Make a Normal Move, Attack once or Parry once" — the preview of a Normal Move after the Attack."""
    from vantage.engine.protocol.commands import Attack
    from vantage.engine.rules.registry import get_ruleset

    table = pair(sw).faces(13)
    table.do(Attack(attacker="bram", target="ghoul"), "no")
    path = ((0, 0), (0, 1), (0, 2))
    assert get_ruleset("shattered-world").move_preview(table.enc, "bram", path, None) == (
        "a Normal Move: nothing is left after it"
    )


def test_disabled_adds_a_die_to_every_action_and_encumbered_to_dodges(sw):
    """ "all actions have an additional die of difficulty"; "Being Disabled (see below) or Encumbered (see
    Characters) adds 1d20 difficulty to all Dodge rolls.\""""
    from vantage.engine.rules.asking import ask_attack_options

    table = pair(sw, encumbered=True)
    table.do(ApplyDamage(token="bram", amount=12))  # 3 of 15 left: disabled
    (attack,) = [
        o for o in ask_attack_options(table.enc, "bram", "ghoul") if o.label == "Attack with the Longsword"
    ]
    assert attack.modifiers[1].explain() == "Difficulty: d20s added to the 1d20 = 0, disabled +1 = 1"
    table.faces(15, 15)
    from vantage.engine.protocol.commands import Attack

    table.do(Attack(attacker="bram", target="ghoul"), "no")
    dodge = table.asked[-1]
    assert "2d20 (+1d20 encumbered)" in dodge.choices[0].explanation


def test_restrictive_clothing_and_heavy_loads_halve_movement(sw):
    """ "any character wearing heavy armor (chainmail or heavier) or restrictive clothing will be reduced to
    1/2 normal movement rate. Characters carrying heavy loads will likewise be slowed.\""""
    enc = sw.encounter(
        sw.fighter("robe", (0, 0), restrictive_clothing=True), sw.fighter("mule", (0, 5), encumbered=True)
    )
    assert ask_movement(enc, "robe").allowance.value == 5
    assert (
        ask_movement(enc, "mule").allowance.explain()
        == "Movement: squares of a 50-ft Normal Move 10, heavy-load: half −5 = 5"
    )
