"""Movement, opportunity attacks, the dash, difficult terrain and falls."""

from __future__ import annotations

import pytest

from vantage.engine.model import Cover, GameMap, MapObject
from vantage.engine.protocol.commands import Attack, Move, PassInitiative, SetCondition, StandUp
from vantage.engine.rules.asking import ask_movement, ask_pending, ask_turn


def line(x0: int, x1: int, y: int = 2) -> tuple[tuple[int, int], ...]:
    step = 1 if x1 >= x0 else -1
    return tuple((x, y) for x in range(x0, x1 + step, step))


@pytest.fixture
def field(fight, make):
    return fight(
        make("bram", "sellsword", (2, 2)),
        make("ada", "rogue", (2, 6)),
        make("cult", "cultist", (1, 2)),
        width=16,
    )


def test_a_movement_goes_up_to_the_speed_split_around_an_action(field):
    """The text: "Move up to the limit of their speed"; "A character may take a major action or a minor action
    while moving"."""
    field.start("bram")
    assert field.refused(Move("bram", line(2, 9), {"mode": "disengage"})).startswith(
        "Bram cannot move that way"
    )
    field.do(Move("bram", line(2, 5), {"mode": "disengage"}))  # 3 tiles at half speed: all 6 of it
    assert {s.name: s.left for s in ask_turn(field.enc).slots}["movement"] == 0
    assert (
        field.refused(Move("bram", line(5, 6)))
        == "Bram has used all of the movement this turn (a dash takes the major action)"
    )


def test_split_movement(field):
    """The text: "A character may take a major action or a minor action while moving": 2 tiles, an attack, the
    4 tiles left (halved to 2 to slip away from the cultist without an opportunity attack)."""
    field.place("cult", (5, 2))
    field.start("bram")
    field.do(Move("bram", line(2, 4)))
    field.resisted(Attack("bram", "cult", "Longsword"), 1, 2)
    assert str(ask_movement(field.enc, "bram").allowance) == "Movement: speed 30 ft 6, already moved −2 = 4"
    assert field.refused(Move("bram", ((4, 2), (4, 1), (4, 0), (3, 0)), {"mode": "disengage"})).startswith(
        "Bram cannot move that way"
    )
    field.do(Move("bram", ((4, 2), (4, 1), (4, 0)), {"mode": "disengage"}))
    assert field.token("bram").position == (4, 0)


def test_leaving_an_enemys_reach_gives_an_opportunity_attack(field):
    """Opportunity Attack: "When a character moves out of the reach of an enemy wielding a melee
    weapon, they allow that enemy to immediately make an attack against them. This attack is treated
    as a counterattack"."""
    field.start("bram")
    assert field.do(Move("bram", line(2, 5))) == [
        "Waiting for Cult: Bram leaves Cult's reach at (2, 2): opportunity attack?"
    ]
    (decision,) = ask_pending(field.enc)
    assert decision.who == "cult" and decision.default == "attack" and decision.at == (2, 2)
    assert field.token("bram").position == (2, 2)
    field.answer("attack")
    (defence,) = ask_pending(field.enc)  # Bram, a PC with Dodge and Shield, chooses how to resist
    assert defence.who == "bram" and defence.default == "shield"
    sentences = field.answer(None, 1, 2)
    assert any(
        s.startswith("Opportunity attack as Bram leaves Cult's reach: Cult misses Bram") for s in sentences
    )
    assert sentences[-1] == "Bram moves 3 tiles to (5, 2)."
    assert field.record("bram")["check"] is None  # a counterattack is no check of Bram's major action


def test_the_enemy_chooses_the_weapon_of_its_opportunity_attack(fight, make):
    """Opportunity Attack: "they allow that enemy to immediately make an attack against them" — the
    enemy's attack, so the enemy chooses among its melee weapons that reach the mover."""
    weapons = [
        {"name": "Sickle", "skill": 1, "damage": "1d6"},
        {"name": "Hand axe", "skill": 2, "damage": "1d6"},
    ]
    f = fight(make("bram", "sellsword", (2, 2)), make("cult", "cultist", (1, 2), weapons=weapons), width=16)
    f.start("bram")
    f.do(Move("bram", line(2, 5)))
    (decision,) = ask_pending(f.enc)  # left at (2, 2): the Sickle and the Hand axe both reach
    assert [(c.value, c.label) for c in decision.choices] == [
        ("attack", "Attack with the Sickle"),
        ("attack:Hand axe", "Attack with the Hand axe"),
        ("let-go", "Let go"),
    ]
    assert decision.choices[1].chances["hit"] > decision.choices[0].chances["hit"]  # skill 2 against 1
    f.answer("attack:Hand axe")
    sentences = f.answer(None, 1, 2)  # Bram resists with his Shield
    missed = "Opportunity attack as Bram leaves Cult's reach: Cult misses Bram with the Hand axe"
    assert any(s.startswith(missed) for s in sentences)


def test_moving_at_half_speed_avoids_the_opportunity_attack(field):
    """Avoiding Opportunity Attacks: "A character can move out of an enemy's reach without triggering
    an opportunity attack, but in doing so their speed is halved"."""
    field.start("bram")
    assert ask_movement(field.enc, "bram").allowance.int_value == 6
    sentences = field.do(Move("bram", line(2, 5), {"mode": "disengage"}))
    assert sentences == [
        "Bram leaves Cult's reach at half speed: no opportunity attack.",
        "Bram moves 3 tiles to (5, 2).",
    ]


def test_prone_halves_the_speed_and_standing_up_takes_the_movement(field):
    """PRONE: "A prone character's speed is halved"; "Stand up, if prone" — "The prone character can
    use their movement to stand up"."""
    field.place("cult", (12, 8))
    field.condition("bram", "prone")
    field.start("bram")
    assert (
        str(ask_movement(field.enc, "bram").allowance)
        == "Movement: speed 30 ft 6, prone: speed halved −3 = 3"
    )
    field.do(StandUp("bram"))
    assert not field.has("bram", "prone")
    assert field.refused(Move("bram", line(2, 3))).startswith("Bram has used all of the movement")


def test_the_dash_comes_after_the_speed_and_moves_5_ft_per_success_level(field):
    """Dash: "Once they have used up all of their speed ... an Agility or Athletics check against
    difficulty 8. On a success, they move 5 feet for each success level"."""
    field.start("party", surprised=["bram"])
    assert (
        field.refused(Move("ada", line(2, 9, 6), {"mode": "dash"}))
        == "Ada can dash only once the whole speed is used (6 tiles of movement left)"
    )
    field.do(Move("ada", line(2, 8, 6)))
    sentences = field.do(Move("ada", line(8, 13, 6), {"mode": "dash"}), 3, 4)  # 7 + Agility 3 = 10: 2 levels
    assert (
        "Ada dashes 10 ft — dice 7 + Agility 3 = 10 against difficulty 8: success, 2 success levels."
        in sentences
    )
    assert field.token("ada").position == (10, 6) and field.record("ada")["check"] == "odd"


def test_a_failed_dash_leaves_the_character_exposed(field):
    """The text: "On a failure, they not only fail to move but also become exposed until their next turn"."""
    field.start("party", surprised=["bram"])
    field.do(Move("ada", line(2, 8, 6)))
    sentences = field.do(Move("ada", line(8, 10, 6), {"mode": "dash"}), 1, 1)
    assert "Ada is now exposed (a failed dash: until their next turn)." in sentences
    assert field.token("ada").position == (8, 6)


def test_paralyzed_and_restrained_cannot_move(field):
    """PARALYZED / RESTRAINED: "cannot take actions that require a movement"."""
    field.start("bram")
    field.do(SetCondition("bram", "restrained"))
    assert (
        field.refused(Move("bram", line(2, 3)))
        == "Bram is restrained and cannot take actions that require a movement"
    )


def _terrain(kind: str) -> GameMap:
    rows = tuple(kind if 4 <= x <= 5 and y == 2 else "open" for y in range(6) for x in range(12))
    return GameMap(12, 6, terrain=rows)


@pytest.mark.parametrize(("kind", "condition"), [("brush", "restrained"), ("rubble", "prone")])
def test_failing_the_terrain_check_sets_back_and_leaves_the_mover_partway(fight, make, kind, condition):
    """Difficult Terrain: "an Athletics or Agility check with a difficulty equal to 7 + 1 for every 5
    feet ... If the setback prevents them from continuing, they are left partway through";
    SLIPPERY: "becomes prone"; ENSNARING: "becomes restrained"."""
    f = fight(make("ada", "rogue", (2, 2)), make("cult", "cultist", (10, 5)), game_map=_terrain(kind))
    f.start("ada")
    sentences = f.do(Move("ada", line(2, 7)), 1, 1)  # 2 + Agility 3 = 5 against 7 + 2 = 9
    assert sentences[1].startswith("Ada suffers the setback of the difficult terrain")
    assert "against difficulty 7 + 10 ft of difficult terrain 2 = 9: failure" in sentences[1]
    assert f.has("ada", condition) and f.token("ada").position == (4, 2)
    assert sentences[-1] == "Ada is left partway through, at (4, 2)."


def test_a_passed_terrain_check_crosses_without_trouble(fight, make):
    f = fight(make("ada", "rogue", (2, 2)), make("cult", "cultist", (10, 5)), game_map=_terrain("brush"))
    f.start("ada")
    sentences = f.do(Move("ada", line(2, 7)), 3, 4)
    assert sentences[1].startswith("Ada crosses the difficult terrain without trouble")
    assert f.token("ada").position == (7, 2)


def test_hazardous_terrain_deals_1_damage_per_5_ft(fight, make):
    """HAZARDOUS: "The character takes 1 damage for every 5 feet crossed"."""
    f = fight(make("ada", "rogue", (2, 2)), make("cult", "cultist", (10, 5)), game_map=_terrain("thorns"))
    f.start("ada")
    sentences = f.do(Move("ada", line(2, 7)), 1, 1)
    assert "Ada takes 2 damage (hazardous terrain, 10 ft)." in sentences and f.token("ada").position == (7, 2)


def test_a_fall_is_a_wound_of_1_per_5_ft_halved_by_agility(fight, make):
    """Falling: "a wound with a severity equal to 1 for every 5 feet fallen. The character can make an
    Agility check against a difficulty equal to 7 + the severity of the wound to halve it, rounding up"."""
    ground = tuple(15.0 if x <= 3 else 0.0 for y in range(6) for x in range(12))
    f = fight(
        make("ada", "rogue", (2, 2)),
        make("cult", "cultist", (10, 5)),
        game_map=GameMap(12, 6, elevation=ground),
    )
    f.start("ada")
    sentences = f.do(Move("ada", line(2, 5)), 4, 4)  # 8 + 3 = 11 against 7 + 3 = 10: halved, 3 → 2
    assert (
        "Ada suffers a mild wound of severity 2 (a fall of 15 ft): Protection 2/2, Stamina 6/6, Health 6/8."
        in sentences
    )
    assert f.token("ada").position == (5, 2)


def test_leaving_full_cover_lets_an_enemy_shoot(fight, make):
    """Full Cover: "when leaving full cover, the character exposes themselves, allowing enemies to
    immediately make a ranged attack against them"."""
    pillar = MapObject(
        "p", ((4.0, 1.0), (5.0, 1.0), (5.0, 4.0), (4.0, 4.0)), "Pillar", True, True, Cover.FULL
    )
    f = fight(
        make("ada", "rogue", (3, 2)),
        make("bolt", "crossbowman", (8, 2)),
        game_map=GameMap(12, 8, objects=(pillar,)),
    )
    f.start("ada")
    f.do(Move("ada", ((3, 2), (3, 3), (3, 4), (3, 5))))
    (decision,) = ask_pending(f.enc)
    assert decision.who == "bolt" and decision.prompt.startswith("Ada leaves full cover at (3, ")
    sentences = f.answer("attack", 1, 1, 1)
    assert any(s.startswith("Bolt shoots as Ada leaves full cover: Bolt misses Ada") for s in sentences)


def test_no_reactions_out_of_combat(field):
    field.do(Move("bram", line(2, 5)))
    assert field.token("bram").position == (5, 2) and not ask_pending(field.enc)


def test_the_mover_passes_the_initiative_after_moving(field):
    field.start("bram")
    field.do(Move("bram", line(2, 4), {"mode": "disengage"}))
    field.do(PassInitiative("bram", "cult"))
    assert ask_turn(field.enc).actor == "cult"


def test_burdened_moving_is_exhausting_terrain(fight, make):
    """BURDENED: "For a burdened character, moving is equivalent to crossing exhausting difficult
    terrain"; EXHAUSTING: "The character takes 1 fatigue damage for every 10 feet crossed"."""
    f = fight(make("ada", "rogue", (2, 2), conditions=["burdened"]), make("cult", "cultist", (12, 8)))
    f.start("ada")
    sentences = f.do(Move("ada", line(2, 6)), 1, 1)  # 20 ft: 7 + 4 = 11; failed: 2 fatigue
    assert "difficulty 7 + 20 ft of difficult terrain 4 = 11: failure" in sentences[1]
    assert "Ada takes 2 fatigue damage (exhausting terrain, 20 ft)." in sentences
    assert f.record("ada")["stamina"] == 6 and f.token("ada").position == (6, 2)


def test_attacking_at_the_end_of_a_fall(fight, make):
    """Attacking While Falling: "they can gain +1 on the damage ladder of that attack for every 5 feet
    fallen. If they do so, they can use the attack roll result to reduce the severity of the fall
    damage instead of making an Agility check"."""
    ground = tuple(10.0 if x <= 3 else 0.0 for y in range(6) for x in range(12))
    f = fight(
        make("ada", "rogue", (3, 2)),
        make("cult", "cultist", (5, 2)),
        game_map=GameMap(12, 6, elevation=ground),
    )
    f.start("ada")
    assert f.refused(Move("ada", ((3, 2), (3, 3)), {"mode": "leap"})).startswith("Ada cannot leap that way")
    sentences = f.do(Move("ada", ((3, 2), (4, 2)), {"mode": "leap"}))
    assert sentences[-1] == "Ada leaps down 10 ft: the attack that follows settles the fall."
    assert "wound" not in " ".join(sentences)
    f.resisted(Attack("ada", "cult", "Short sword"), 4, 5, 2, 4, 1)  # 11; 3d6 — then the fall waits
    (decision,) = ask_pending(f.enc)  # "they can use the attack roll result ... instead of"
    assert decision.who == "ada" and decision.default == "attack_roll"
    assert decision.prompt == (
        "Ada lands the leap of 10 ft (a wound of severity 2): settle the fall with the attack roll or "
        "an Agility check?"
    )
    assert [(c.label, c.chances["halved"] == 1.0) for c in decision.choices] == [
        ("The attack roll 11", True),
        ("An Agility check", False),
    ]
    sentences = f.answer("attack_roll")
    assert "Cult takes 7 damage (Ada's Short sword: 3d6 7)." in sentences
    assert "Ada's attack roll 11 settles the fall against difficulty 9: halved." in sentences
    assert (
        "Ada suffers a mild wound of severity 1 (a fall of 10 ft): Protection 2/2, Stamina 7/7, Health 7/8."
        in sentences
    )
