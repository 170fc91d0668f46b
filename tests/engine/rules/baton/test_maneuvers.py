"""Combat maneuvers: disarm; grapple, knock down or push; breaking free; grappling sizes."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Attack, Maneuver, Move, PassInitiative, PickUp
from vantage.engine.rules.asking import ask_attack_options, ask_pending, ask_token_actions


@pytest.fixture
def pair(fight, make):
    return fight(
        make("bram", "sellsword", (2, 2)), make("cult", "cultist", (3, 2)), make("ada", "rogue", (2, 8))
    )


def test_disarm_throws_the_weapon_5_ft_per_success_level_in_a_random_direction(pair):
    """Disarm: "a Fight with [Weapon] check with a difficulty equal to 7 + the opponent's Fight with
    [Weapon] skill. On a success, the weapon falls in a random direction 5 feet away from the
    disarmed character per success level of the check"."""
    pair.start("bram")
    sentences = pair.do(Maneuver("bram", "cult", "disarm", "Longsword"), 5, 5, 3)  # 12 vs 8: 3 levels; east
    assert sentences[1] == (
        "Bram disarms Cult — dice 10 + Fight with Longsword 2 = 12 against difficulty 7 + "
        "Fight with Sickle 1 = 8: success, 3 success levels."
    )
    assert sentences[-1] == "Cult's Sickle falls 15 ft east, at (6, 2)."
    assert pair.enc.combat["items"] == [{"name": "Sickle", "tile": [6, 2], "owner": "cult"}]
    pair.do(PassInitiative("bram", "ada"))
    pair.do(PassInitiative("ada", "cult"))
    assert pair.refused(Attack("cult", "bram", "Sickle")) == "Cult's Sickle lies on the ground (disarmed)"
    assert pair.refused(PickUp("cult", "Sickle")) == "there is no Sickle on or next to Cult"
    pair.place("cult", (5, 2))
    assert "Pick up the Sickle" in [o.label for o in ask_token_actions(pair.enc, "cult")]
    pair.do(PickUp("cult", "Sickle"))
    assert pair.enc.combat["items"] == []


def test_grapple_knock_down_or_push_is_chosen_after_the_success(pair):
    """The text: "a Physique or Fight Unarmed check with a difficulty equal to 7 + the opponent's Physique,
    Fight Unarmed, or Dodge. On a success, the character chooses one of the effects"; PUSH: "pushed
    back 5 feet for every 2 success levels"."""
    pair.start("bram")
    pair.do(Maneuver("bram", "cult", "grapple"), 4, 4)  # 8 + Physique 2 = 10 against 7 + 1 = 8: 2 levels
    (decision,) = ask_pending(pair.enc)
    assert decision.who == "bram" and [c.value for c in decision.choices] == ["grapple", "knock_down", "push"]
    sentences = pair.answer("push")
    assert sentences[-1] == "Cult is pushed back 5 ft to (4, 2)."


def test_knock_down_makes_the_target_prone(pair):
    """KNOCK DOWN: "The target is thrown to the ground and becomes prone"."""
    pair.start("bram")
    pair.do(Maneuver("bram", "cult", "grapple", options={"effect": "knock_down"}), 4, 4)
    assert pair.has("cult", "prone")


def test_a_grapple_between_equals_burdens_both_and_breaking_free_costs_the_major_action(pair):
    """GRAPPLED: "If the grappling character is of equivalent size to them, the grappled character is
    burdened"; GRAPPLING: "... the grappling character is burdened"; GRAPPLE: "the grappled character
    can use their major action to make a Physique check with a difficulty equal to 7 + the Physique or
    Fight Unarmed of the grappling character"."""
    pair.start("bram")
    pair.do(Maneuver("bram", "cult", "grapple", options={"effect": "grapple"}), 4, 4)
    assert all(
        pair.has(t, c)
        for t, c in (("cult", "grappled"), ("cult", "burdened"), ("bram", "grappling"), ("bram", "burdened"))
    )
    pair.do(PassInitiative("bram", "ada"))
    pair.do(PassInitiative("ada", "cult"))
    assert "Break free" in [o.label for o in ask_attack_options(pair.enc, "cult", "bram")]
    sentences = pair.do(Maneuver("cult", "bram", "break_free"), 4, 5)  # 9 + 1 = 10 against 7 + 2 = 9
    assert sentences[1].startswith(
        "Cult breaks free of Bram — dice 9 + Physique 1 = 10 against difficulty 7 + Physique 2 = 9"
    )
    assert not pair.has("cult", "grappled") and not pair.has("bram", "burdened")


def test_a_grappled_character_is_exposed(pair):
    """GRAPPLED: "A grappled character is exposed"; GRAPPLING: exposed "except to the one being grappled"."""
    pair.start("bram")
    pair.do(Maneuver("bram", "cult", "grapple", options={"effect": "grapple"}), 4, 4)
    (attack,) = [
        o for o in ask_attack_options(pair.enc, "ada", "cult") if o.label == "Attack with the Short sword"
    ]
    assert "grappled: exposed" in attack.explanation
    (back,) = [o for o in ask_attack_options(pair.enc, "cult", "bram") if o.label == "Attack with the Sickle"]
    assert "grappling" not in back.explanation


def test_a_larger_grappler_restrains_and_carries_the_smaller(fight, make):
    """GRAPPLED: "If the grappling character is larger than them, the grappled character is
    restrained"; GRAPPLING: "If the grappled character is smaller than them, the grappling character
    can move freely and carry the grappled character along with them"."""
    f = fight(make("ogre", "ogre", (2, 2)), make("ada", "rogue", (4, 2)))
    f.start("ada", surprised=[])
    f.do(PassInitiative("ada", "ogre"))
    f.do(Maneuver("ogre", "ada", "grapple", options={"effect": "grapple"}), 6, 5)  # 11 + 5 against 7 + 3
    assert f.has("ada", "restrained") and not f.has("ogre", "burdened")
    sentences = f.do(Move("ogre", ((2, 2), (2, 3), (2, 4))))
    assert sentences[-1] == "Ogre carries Ada along to (2, 3)."
    assert f.token("ada").position == (2, 3)
