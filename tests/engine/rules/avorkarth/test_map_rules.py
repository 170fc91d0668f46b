"""The map feeds the roll: arcs, flanking, charging, locking, terrain, stance, immobilised, attacks.

Default fighters: attack 5, dodge 5, Strength 5, Longsword might 5, armour 5 from the front (full 3,
guarded 2). The first scripted face is always the acting creature's morale check.
"""

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.session import CommandRejected

OK = 12


def hits(events):
    return [e for e in events if e.kind == "hit"]


def started(*tokens, terrain=None, faces=(OK,)):
    enc = encounter(*tokens, terrain=terrain)
    enc, _ = run(enc, ScriptedDice(list(faces)), c.StartCombat())
    return enc


@pytest.mark.parametrize(("where", "category"), [((5, 4), 0), ((6, 5), 1), ((5, 6), 3)])
def test_directional_dodge_from_the_token_facing(where, category):
    """"Flank : Flank attacks increase the attack's rolling category by 1. Back : … by 3." """
    enc = started(fighter("bram", where, "party", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    _, events = run(enc, ScriptedDice([5, OK, OK]), c.Attack("bram", "ghoul"))
    assert hits(events)[0].margin == category + 0  # attack 5 vs dodge 5
    assert ("flank arc" in hits(events)[0].explanation) == (category == 1)


def test_flanking_ally_lowers_dodge():
    """"For each additional ally within melee range of a creature, reduce its dodge by 1." """
    enc = started(fighter("bram", (5, 4), "party", player=True), fighter("ada", (4, 5), "party"),
                  fighter("ghoul", (5, 5), "enemy", "N"))
    _, events = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul"))
    assert hits(events)[0].margin == 1
    assert "flanked by 1 ally" in hits(events)[0].explanation


def test_charge_across_rubble():
    """"A creature may choose to charge a target, gaining +1 to their attack … if the creature has a
    clear line between themselves and their target and is at least 3 tiles away." """
    enc = started(fighter("bram", (1, 5), "party", "E", player=True, movement=10),
                  fighter("ghoul", (6, 5), "enemy", "W"), terrain={(3, 5): "rubble"})
    enc, events = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"charge": True}))
    moved = next(e for e in events if e.kind == "moved")
    assert moved.sentence == "Bram charges 4 tiles across difficult ground at Ghoul (+1 attack)."
    assert enc.token("bram").position == (5, 5)
    assert hits(events)[0].margin == 1


def test_charge_needs_three_tiles_and_enough_movement():
    """"… and is at least 3 tiles away." (the target two tiles away is too close) Difficult terrain:
    "Half or -4 Movement (whichever is worse)"."""
    enc = started(fighter("bram", (4, 5), "party", "E", player=True), fighter("ghoul", (6, 5), "enemy", "W"))
    with pytest.raises(CommandRejected, match="cannot charge Ghoul: too close"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul", options={"charge": True}))
    enc = started(fighter("bram", (1, 5), "party", "E", player=True), fighter("ghoul", (6, 5), "enemy", "W"),
                  terrain={(3, 5): "rubble"})
    with pytest.raises(CommandRejected, match="cannot charge 4 tiles"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul", options={"charge": True}))


def test_retreating_uses_only_movement_actions():
    """"Retreating : A creature may retreat out of melee range, but may only use movement actions for
    their turn." """
    enc = started(fighter("bram", (3, 5), "party", "W", player=True), fighter("ghoul", (4, 5), "enemy", "W"),
                  fighter("wight", (0, 8), "enemy", "E"))
    enc, events = run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (2, 5), (1, 4))), c.Answer("pass"))
    assert "retreating from Ghoul" in next(e for e in events if e.kind == "moved").sentence
    with pytest.raises(CommandRejected, match="retreated this turn"):
        run(enc, ScriptedDice([]), c.Attack("bram", "wight"))


def test_terrain_lowers_the_defenders_dodge():
    """"Difficult Terrain (Brush, Marshlands, Ruin Rubble) : … - 3 Dodge." """
    enc = started(fighter("bram", (5, 4), "party", player=True), fighter("ghoul", (5, 5), "enemy", "N"),
                  terrain={(5, 5): "brush"})
    _, events = run(enc, ScriptedDice([5, OK]), c.Attack("bram", "ghoul"))
    assert hits(events)[0].margin == 3 and "difficult terrain −3" in hits(events)[0].explanation


def test_prone_target_is_immobilised_extreme_critical():
    """"Should a character be unable to move, any attack against them is considered as an extreme
    critical … ignores any Full or Guarded armour values (but not Natural)." """
    enc = started(fighter("bram", (5, 4), "party", player=True),
                  fighter("ghoul", (5, 5), "enemy", "N", conditions=("prone",)))
    _, events = run(enc, ScriptedDice([1]), c.Attack("bram", "ghoul"))
    assert [e.kind for e in events][:2] == ["hit", "roll"]  # no hit roll
    strike = next(e for e in events if e.kind == "strike")
    assert strike.margin == 5 - 0 + 3 and strike.outcome == "success"


def test_defensive_stance_skips_the_hit_roll_from_the_front():
    """"The creature can no longer dodge regular attacks (skipping the "Hitting" phase) but can no
    longer be critically struck." """
    enc = started(fighter("ghoul", (5, 5), "enemy", "N", instinct=6), fighter("bram", (5, 3), "party", "S"))
    enc, _ = run(enc, ScriptedDice([OK]), c.Stance("ghoul", "defensive"), c.EndTurn("ghoul"),
                 c.Move("bram", ((5, 3), (5, 4))))
    _, events = run(enc, ScriptedDice([20]), c.Attack("bram", "ghoul"))
    assert events[0].kind == "hit" and "defensive stance" in events[0].sentence
    assert next(e for e in events if e.kind == "strike").outcome == "success"


def test_attack_of_opportunity_is_one_immediate_action_a_round():
    """"Whenever an attack of opportunity is given, the creature may use an immediate action to do a
    single primary attack." """
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    enc, events = run(enc, ScriptedDice([5]), c.Attack("ghoul", "bram", options={"opportunity": True}))
    assert hits(events)[0].attacker == "ghoul"
    with pytest.raises(CommandRejected, match="already used the immediate action"):
        run(enc, ScriptedDice([5]), c.Attack("ghoul", "bram", options={"opportunity": True}))


def test_dual_wielding_adds_an_attack_at_minus_one():
    """"For each additional weapon held by a creature, add another primary attack but reduce all hitting
    values by 1." """
    two = [{"name": "Axe", "might": 5}, {"name": "Dagger", "might": 3}]
    enc = started(fighter("bram", (5, 4), "party", player=True, weapons=two),
                  fighter("ghoul", (5, 5), "enemy", "N"))
    _, events = run(enc, ScriptedDice([5, 5]), c.Attack("bram", "ghoul", options={"dual_wield": True}))
    assert [h.margin for h in hits(events)] == [-1, -1]
    assert "Axe" in hits(events)[0].sentence and "Dagger" in hits(events)[1].sentence


def test_lesser_attack_uses_the_move_action_and_secondary_the_swift_action():
    """"Lesser Attack : A creature may use it's given move action to instead do a lesser attack … -1";
    "Secondary Attacks : … added to the primary attacks by using a swift action." """
    weapons = [{"name": "Claw", "might": 4}, {"name": "Bite", "might": 3, "secondary": True}]
    enc = started(fighter("bram", (5, 4), "party", player=True, weapons=weapons),
                  fighter("ghoul", (5, 5), "enemy"))
    enc, events = run(enc, ScriptedDice([5, 5]), c.Attack("bram", "ghoul", options={"lesser": True}),
                      c.Attack("bram", "ghoul", options={"secondary": True}))
    assert [h.margin for h in hits(events)] == [-1, 0]
    with pytest.raises(CommandRejected, match="already used the move action"):
        run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"lesser": True}))
    with pytest.raises(CommandRejected, match="already used the swift action"):
        run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"secondary": True}))


def test_ranged_fumble_drops_the_weapon_until_picked_up():
    """"RANGED : Fumble and drop your weapon." """
    bow = [{"name": "Bow", "might": 4, "ranged": True, "reach": 10}]
    enc = started(fighter("bram", (1, 1), "party", player=True, weapons=bow),
                  fighter("ghoul", (6, 6), "enemy"))
    enc, events = run(enc, ScriptedDice([1]), c.Attack("bram", "ghoul"))
    assert enc.combat["dropped"] == [{"owner": "bram", "weapon": "Bow", "tile": [1, 1]}]
    with pytest.raises(CommandRejected, match="dropped the Bow"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul"))
    enc, _ = run(enc, ScriptedDice([]), c.PickUp("bram", "bow"))
    assert enc.combat["dropped"] == []


def test_reach_is_checked():
    enc = started(fighter("bram", (1, 1), "party", player=True), fighter("ghoul", (6, 6), "enemy"))
    with pytest.raises(CommandRejected, match="beyond the Longsword's reach of 1"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul"))


def test_non_lethal_attacks_knock_out():
    """"If a character receives non-lethal damage equal to their total non-lethal wounds, they fall
    unconscious." """
    enc = started(fighter("bram", (5, 4), "party", player=True),
                  fighter("ghoul", (5, 5), "enemy", "N", wounds=2))
    enc = run(enc, ScriptedDice([]), c.ApplyDamage("ghoul", amount=49, track="non-lethal"))[0]
    enc, events = run(enc, ScriptedDice([14, 14]), c.Attack("bram", "ghoul", options={"lethal": False}))
    wounds = next(e for e in events if e.kind == "damage_taken")
    assert wounds.track == "non-lethal"
    assert any(e.kind == "unconscious" for e in events)
    assert enc.token("ghoul").has_condition("unconscious") and not enc.token("ghoul").has_condition("dead")


def test_the_unconscious_and_the_dead_lock_nobody():
    """Locking is "melee combat": a creature that cannot act holds nobody in it."""
    enc = started(fighter("bram", (3, 5), "party", "W", player=True),
                  fighter("ghoul", (4, 5), "enemy", "W", conditions=("unconscious",)),
                  fighter("wight", (9, 9), "enemy", "E"))
    enc, events = run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (3, 4), (4, 4))))
    assert "retreating" not in events[0].sentence
    assert enc.token("bram").position == (4, 4)
