"""Critical wounds (optional, off by default) and death (engine/rules/avorkarth/critical_wounds.py)."""

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.session import CommandRejected


def _fight(rules=None):
    enc = encounter(fighter("bram", (5, 5), "party", "N", player=True, wounds=3),
                    fighter("ghoul", (5, 4), "enemy", "S"), combat={"rules": rules} if rules else None)
    return run(enc, ScriptedDice([12]), c.StartCombat())[0]


def test_off_by_default_the_player_dies():
    """"Should the character receive this many wounds, they perish." """
    enc, events = run(_fight(), ScriptedDice([]), c.ApplyDamage("bram", amount=150))
    assert enc.token("bram").has_condition("dead")
    assert events[-1].kind == "died" and events[-1].sentence == "Bram dies (the GM)."


def test_when_on_a_dying_player_keeps_one_wound_and_rolls_the_table():
    """"inflict critical wounds whenever a player dies, instead leaving them with 1 lethal wound and
    unconscious for the remainder of the current combat. Whenever this occurs, roll a die." """
    enc, events = run(_fight({"critical_wounds": True}), ScriptedDice([5]), c.ApplyDamage("bram", amount=150))
    assert not enc.token("bram").has_condition("dead")
    assert enc.token("bram").has_condition("unconscious")
    assert enc.combat["creatures"]["bram"]["lethal"] == 2 * 50
    assert enc.combat["creatures"]["bram"]["critical_wounds"] == ["torso"]
    assert any("critical wound instead — torso" in e.sentence for e in events)


def test_eyes_make_the_blind_side_the_back():
    """"1 - Eyes : Blinded on one side. That side is now considered a creature's "back" when attacked." """
    enc, _ = run(_fight({"critical_wounds": True}), ScriptedDice([1]), c.ApplyDamage("bram", amount=150))
    assert enc.token("bram").has_condition("blind-one-side")
    enc, _ = run(enc, ScriptedDice([]), c.Heal("bram", amount=100),
                 c.SetCondition("bram", "unconscious", on=False))
    enc, _ = run(enc, ScriptedDice([12]), c.Move("bram", ((5, 5), (5, 6))), c.Answer("pass"),
                 c.Face("bram", "N"), c.EndTurn("bram"))
    # the Ghoul (its turn now) attacks from Bram's left side: (4, 6) with Bram facing N
    enc, _ = run(enc, ScriptedDice([]), c.Move("ghoul", ((5, 4), (4, 5), (4, 6))))
    enc, events = run(enc, ScriptedDice([1]), c.Attack("ghoul", "bram"))
    hit = next(e for e in events if e.kind == "hit")
    assert "blinded (left) side" in hit.explanation and hit.margin == 3


def test_hips_cap_movement_at_one_tile():
    """"3 - Hips : Hips and lower limbs are crippled. 1 tile movement." """
    enc, _ = run(_fight({"critical_wounds": True}), ScriptedDice([3]), c.ApplyDamage("bram", amount=150),
                 c.Heal("bram", amount=50), c.SetCondition("bram", "unconscious", on=False))
    assert enc.token("bram").has_condition("hips-crippled")
    with pytest.raises(CommandRejected, match="cannot move that way"):
        run(enc, ScriptedDice([]), c.Move("bram", ((5, 5), (5, 6), (5, 7))))
    enc, _ = run(enc, ScriptedDice([]), c.Move("bram", ((5, 5), (5, 6))), c.Answer("pass"))
    assert enc.token("bram").position == (5, 6)


def _wounded(face):
    """Bram survives death with the critical wound rolled as ``face``, then is healed awake."""
    enc, _ = run(_fight({"critical_wounds": True}), ScriptedDice([face]), c.ApplyDamage("bram", amount=150),
                 c.Heal("bram", amount=100), c.SetCondition("bram", "unconscious", on=False))
    return enc


def test_arms_halve_grapple_checks():
    """"1 - Arms : Limb is cut off. Halve all strength skill and grapple checks." (the second "1" read
    as 2)"""
    enc = _wounded(2)
    assert enc.token("bram").has_condition("lost-arm")
    enc, _ = run(enc, ScriptedDice([20]), c.Maneuver("bram", "ghoul", "grapple"))
    enc, _ = run(enc, ScriptedDice([12]), c.EndTurn("bram"))
    # round end: the Ghoul escapes with d20 2 + Strength 5 = 7 against Bram's d20 2 + Strength 5 // 2 = 4
    enc, events = run(enc, ScriptedDice([2, 2, 12]), c.EndTurn("ghoul"))
    assert any("Ghoul breaks free of Bram (7 against 4)" in e.sentence for e in events)


def test_hands_forbid_two_handed_weapons():
    """"4 - Hands : Limb is cut off. … Can no longer use two-handed weapons." """
    enc = encounter(fighter("bram", (5, 5), "party", "N", player=True, wounds=3,
                            weapons=[{"name": "Greatsword", "might": 7, "hands": 2}]),
                    fighter("ghoul", (5, 4), "enemy", "S"), combat={"rules": {"critical_wounds": True}})
    enc, _ = run(enc, ScriptedDice([12, 4]), c.StartCombat(), c.ApplyDamage("bram", amount=150),
                 c.Heal("bram", amount=100), c.SetCondition("bram", "unconscious", on=False))
    with pytest.raises(CommandRejected, match="lost a hand and cannot wield the two-handed Greatsword"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul"))


def test_torso_lowers_every_ability_and_head_every_roll():
    """"5 - Torso :-1 to all ability scores … This critical wound can stack." / "6 - Head : Reduce all
    rolls results by 1." — every roll of the wounded creature reads one lower: its hit and strike
    rolls (and its maneuvers, morale, grapple and escape checks); the category is unchanged."""
    from vantage.engine.rules import get_ruleset

    torso = _wounded(5)
    assert get_ruleset("avorkarth").explain(torso, "bram")["dodge"].value == (5 + 4) // 2
    head = _wounded(6)
    # Bram: attack 5 vs dodge 5, category 0 (armour 5 against might 5: strike category 0 too)
    _, events = run(head, ScriptedDice([9]), c.Attack("bram", "ghoul"))
    hit = next(e for e in events if e.kind == "hit")
    assert hit.margin == 0 and hit.outcome == "fail"  # 9 − 1 = 8: a fail, not a partial success
    assert "head wound: every roll result −1" in hit.explanation
    _, events = run(head, ScriptedDice([12, 11]), c.Attack("bram", "ghoul"))
    assert next(e for e in events if e.kind == "hit").outcome == "partial success"  # 12 − 1 = 11
    strike = next(e for e in events if e.kind == "strike")  # parried: category −1, 11 − 1 − 2 = 8
    assert strike.outcome == "fail" and "head wound: roll result −1" in strike.explanation
    seen = get_ruleset("avorkarth").preview(head, c.Attack("bram", "ghoul"))
    assert seen.chances["critical fail"] == pytest.approx(0.15) and seen.chances["critical success"] == 0


def test_a_head_wound_lowers_the_morale_roll():
    """"6 - Head : Reduce all rolls results by 1." — the resolve check's roll too."""
    head = _wounded(6)
    enc, _ = run(head, ScriptedDice([12]), c.EndTurn("bram"))  # the Ghoul's turn: its own check
    enc, events = run(enc, ScriptedDice([12]), c.EndTurn("ghoul"))  # round 2: Bram's check
    morale = next(e for e in events if e.kind == "morale" and e.token == "bram")
    assert "head wound: roll result −1" in morale.explanation


def test_hips_forbid_charging():
    """"3 - Hips : … Can't use move based skills and actions" """
    enc = _wounded(3)
    with pytest.raises(CommandRejected, match="hips are crippled: no move-based actions"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul", options={"charge": True}))
