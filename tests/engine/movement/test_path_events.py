"""Events along a path: leaving reach or full cover, terrain, terrain checks, elevation and falls,
bends."""

from dataclasses import replace

import pytest

from vantage.engine.geometry import line_of_sight
from vantage.engine.model import Condition, Cover, Encounter, GameMap, MapObject, Side, Size, Token, Wall
from vantage.engine.movement import (
    MovementRules,
    check_path,
    path_events,
)
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT
from vantage.engine.rules.power_tiers.movement_rules import POWER_TIERS_MOVEMENT
from vantage.engine.rules.shattered_world.movement_rules import SHATTERED_WORLD_MOVEMENT


def enc(tokens, terrain=None, elevation=None, width=12, height=6):
    game_map = GameMap(width, height)
    if terrain:
        game_map = game_map.with_terrain(terrain)
    if elevation:
        game_map = game_map.with_elevation(elevation)
    return Encounter(game_map, tuple(tokens), ruleset="avorkarth")


def hero(pos=(0, 2), conditions=()):
    return Token("a", "Aria", pos, side=Side.PARTY, conditions=conditions)


def kinds(events):
    return [(e.kind, e.step) for e in events]


# baton: "When a character moves out of the reach of an enemy wielding a melee weapon, they allow
# that enemy to immediately make an attack against them."
def test_stepping_out_of_an_enemys_reach_is_an_event_naming_the_enemy():
    ghoul = Token("g", "Ghoul", (1, 1), side=Side.ENEMY)
    e = enc([hero((1, 2)), ghoul])
    path = check_path(e, "a", [(1, 2), (1, 3), (1, 4)], 5, BATON_MOVEMENT)
    leaves = [ev for ev in path.events if ev.kind == "leaves_reach"]
    assert [(ev.step, ev.tile, ev.data["enemy"]) for ev in leaves] == [(1, (1, 3), "g")]
    assert "Ghoul" in leaves[0].detail


# baton: "A character can move out of an enemy's reach without triggering an opportunity attack,
# but in doing so their speed is halved."
def test_a_disengaging_token_is_marked_on_leaving_reach():
    ghoul = Token("g", "Ghoul", (1, 1), side=Side.ENEMY)
    careful = hero((1, 2), conditions=(Condition("disengaging"),))
    path = check_path(enc([careful, ghoul]), "a", [(1, 2), (1, 3)], 5, BATON_MOVEMENT)
    (leave,) = path.events
    assert leave.data["disengaging"] is True
    assert "no opportunity attack" in leave.detail
    plain = check_path(enc([hero((1, 2)), ghoul]), "a", [(1, 2), (1, 3)], 5, BATON_MOVEMENT)
    assert plain.events[0].data["disengaging"] is False


def test_the_enemys_own_reach_decides():
    ghoul = Token("g", "Ghoul", (1, 1), side=Side.ENEMY, stats={"reach": 2})
    rules = replace(BATON_MOVEMENT, reach_of=lambda t: int(t.stats.get("reach", 1)))
    e = enc([hero((1, 2)), ghoul])
    path = check_path(e, "a", [(1, 2), (1, 3), (1, 4)], 5, rules)
    assert [(ev.kind, ev.step) for ev in path.events if ev.kind == "leaves_reach"] == [("leaves_reach", 2)]


def test_neutrals_and_allies_have_no_reach_to_leave():
    e = enc([hero((1, 2)), Token("n", "Mule", (1, 1), side=Side.NEUTRAL),
             Token("b", "Bram", (2, 2), side=Side.PARTY)])
    path = check_path(e, "a", [(1, 2), (1, 3), (1, 4)], 5, BATON_MOVEMENT)
    assert not [ev for ev in path.events if ev.kind == "leaves_reach"]


def test_entering_terrain_says_which_and_its_setbacks():
    e = enc([hero()], terrain={(2, 2): "marsh", (3, 2): "marsh", (4, 2): "sand"})
    events = path_events(e, hero(), [(0, 2), (1, 2), (2, 2), (3, 2), (4, 2), (5, 2)], MovementRules())
    entered = [ev for ev in events if ev.kind == "enters_terrain"]
    assert [(ev.step, ev.data["terrain"]) for ev in entered] == [(2, "marsh"), (4, "sand")]
    assert entered[0].data["setbacks"] == ("ensnaring", "exhausting")
    assert entered[0].data["class"] == "difficult"
    assert not [ev for ev in events if ev.kind == "terrain_check"]  # no check outside Baton


# baton: "a difficulty equal to 7 + 1 for every 5 feet of difficult terrain they are trying to cross"
def test_baton_terrain_check_difficulty_grows_with_the_stretch():
    e = enc([hero()], terrain={(2, 2): "brush", (3, 2): "brush", (6, 2): "ice"})
    tiles = [(x, 2) for x in range(0, 8)]
    checks = [ev for ev in path_events(e, hero(), tiles, BATON_MOVEMENT) if ev.kind == "terrain_check"]
    assert [(ev.step, ev.data["difficulty"], ev.data["feet"]) for ev in checks] == [(2, 9, 10), (6, 8, 5)]
    assert checks[0].data["setbacks"] == ("ensnaring",)
    assert "difficulty 7 + 2 for 10 ft = 9" in checks[0].detail


def test_feet_come_from_the_map_scale():
    e = enc([hero()], terrain={(2, 2): "brush"})
    e = e.with_map(replace(e.map, feet_per_tile=10.0))
    tiles = [(x, 2) for x in range(0, 4)]
    checks = [ev for ev in path_events(e, hero(), tiles, BATON_MOVEMENT) if ev.kind == "terrain_check"]
    assert checks[0].data["difficulty"] == 9


# baton: "For a burdened character, moving is equivalent to crossing exhausting difficult terrain."
def test_a_burdened_token_makes_one_check_for_the_whole_move():
    burdened = hero(conditions=(Condition("burdened"),))
    e = enc([burdened])
    checks = [ev for ev in path_events(e, burdened, [(0, 2), (1, 2), (2, 2), (3, 2)], BATON_MOVEMENT)
              if ev.kind == "terrain_check"]
    found = [(ev.step, ev.data["difficulty"], ev.data["setbacks"]) for ev in checks]
    assert found == [(1, 10, ("exhausting",))]


# baton: "A fall inflicts a wound with a severity equal to 1 for every 5 feet fallen."
def test_a_drop_is_a_fall_with_severity_one_per_five_feet():
    e = enc([hero()], elevation={(0, 2): 15.0, (1, 2): 15.0, (3, 2): 4.0})
    events = path_events(e, hero(), [(0, 2), (1, 2), (2, 2), (3, 2)], MovementRules())
    assert kinds(events) == [("elevation_change", 2), ("fall", 2), ("elevation_change", 3)]
    fall = events[1]
    assert fall.data == {"feet": 15.0, "severity": 3}
    assert events[2].data == {"from_ft": 0.0, "to_ft": 4.0}


def test_a_flying_token_does_not_fall():
    e = enc([hero()], elevation={(0, 2): 15.0})
    flyer = replace(hero(), elevation=20.0)
    events = path_events(e, flyer, [(0, 2), (1, 2)], MovementRules())
    assert kinds(events) == [("elevation_change", 1)]


def test_a_small_drop_is_not_a_fall():
    e = enc([hero()], elevation={(0, 2): 3.0})
    events = path_events(e, hero(), [(0, 2), (1, 2)], MovementRules())
    assert kinds(events) == [("elevation_change", 1)]


# avorkarth: "A charge cannot change direction."
def test_a_change_of_direction_breaks_a_charge():
    e = enc([hero()])
    straight = path_events(e, hero(), [(0, 2), (1, 2), (2, 2), (3, 2)], AVORKARTH_MOVEMENT)
    assert not straight
    bent = path_events(e, hero(), [(0, 2), (1, 2), (2, 3), (3, 3)], AVORKARTH_MOVEMENT)
    assert kinds(bent) == [("breaks_charge", 2), ("breaks_charge", 3)]
    assert bent[0].data == {"step": 2, "from_direction": "E", "to_direction": "SE"}
    assert AVORKARTH_MOVEMENT.charges


@pytest.mark.parametrize(
    "rules", [MovementRules(), BATON_MOVEMENT, POWER_TIERS_MOVEMENT, SHATTERED_WORLD_MOVEMENT],
    ids=lambda r: r.name or "default",
)
def test_a_bend_is_no_event_where_the_ruleset_has_no_charges(rules):
    """Review §4 #12: "``breaks_charge`` ("not a charge lane") is emitted on every bend for every
    ruleset" — only a ruleset with charges (``MovementRules.charges``) is told of bends."""
    bent = path_events(enc([hero()]), hero(), [(0, 2), (1, 2), (2, 3), (3, 3)], rules)
    assert not rules.charges
    assert "breaks_charge" not in {ev.kind for ev in bent}


def test_events_are_in_step_order_and_explained_on_the_path():
    ghoul = Token("g", "Ghoul", (0, 1), side=Side.ENEMY)
    e = enc([hero(), ghoul], terrain={(2, 3): "rubble"}, elevation={(0, 2): 10.0})
    path = check_path(e, "a", [(0, 2), (1, 2), (2, 3)], 5, replace(BATON_MOVEMENT, charges=True))
    assert [ev.step for ev in path.events] == sorted(ev.step for ev in path.events)
    assert {ev.kind for ev in path.events} == {
        "leaves_reach", "elevation_change", "fall", "enters_terrain", "terrain_check", "breaks_charge"}
    for ev in path.events:
        assert ev.detail in path.explanation


# baton: "In addition, when leaving full cover, the character exposes themselves, allowing enemies
# to immediately make a ranged attack against them."
PILLAR_WALL = Wall((5.0, 0.0), (5.0, 4.0))  # between the archer (column 8) and the hero's start


def cover_scene(*extra):
    archer = Token("r", "Archer", (8, 1), side=Side.ENEMY)
    return enc([hero((3, 1)), archer, *extra], width=12, height=6), archer


def test_stepping_out_of_full_cover_is_an_event_naming_the_enemy():
    e, _ = cover_scene()
    e = e.with_map(replace(e.map, walls=(PILLAR_WALL,)))
    path = check_path(e, "a", [(3, 1), (3, 2), (3, 3), (3, 4), (4, 5)], 6, BATON_MOVEMENT)
    exposed = [ev for ev in path.events if ev.kind == "leaves_cover"]
    # the wall ends at y = 4: on (3, 4) some line passes under it, so that step is the exposure
    assert [(ev.step, ev.tile, ev.data) for ev in exposed] == [(3, (3, 4), {"enemy": "r"})]
    assert exposed[0].detail == "leaves full cover: in the line of sight of Archer"
    assert exposed[0].detail in path.explanation


def test_leaving_cover_is_no_event_unless_the_ruleset_asks():
    e, _ = cover_scene()
    e = e.with_map(replace(e.map, walls=(PILLAR_WALL,)))
    tiles = [(3, 1), (3, 2), (3, 3), (3, 4), (4, 5)]
    assert not MovementRules().leaves_cover and not AVORKARTH_MOVEMENT.leaves_cover
    for rules in (MovementRules(), AVORKARTH_MOVEMENT, SHATTERED_WORLD_MOVEMENT):
        assert "leaves_cover" not in {ev.kind for ev in path_events(e, hero((3, 1)), tiles, rules)}


def exposures(e, rules, tiles=((3, 1), (3, 2), (3, 3), (3, 4), (4, 5))):
    return [ev.step for ev in path_events(e, hero((3, 1)), list(tiles), rules) if ev.kind == "leaves_cover"]


def test_no_event_in_the_open_behind_half_cover_or_out_of_range():
    """Only *full* cover counts: a mover never out of sight, or behind half cover only, is not
    exposed; an enemy beyond ``cover_range_tiles`` of the step is not counted."""
    e, _ = cover_scene()
    assert exposures(e, BATON_MOVEMENT) == []
    crate = MapObject("c", ((4.5, 0.0), (5.5, 0.0), (5.5, 4.0), (4.5, 4.0)), "Crate", cover=Cover.HALF)
    assert exposures(e.with_map(replace(e.map, objects=(crate,))), BATON_MOVEMENT) == []
    walled = e.with_map(replace(e.map, walls=(PILLAR_WALL,)))
    # the archer's footprint is 5 tiles from the mover's on (3, 4)
    assert exposures(walled, replace(BATON_MOVEMENT, cover_range_tiles=5)) == [3]
    assert exposures(walled, replace(BATON_MOVEMENT, cover_range_tiles=4)) == []


def test_each_enemy_is_asked_at_the_step_line_of_sight_opens_and_allies_are_not():
    """The step of each enemy's event is the first one on which the shared line of sight finds
    the mover out of full cover from that enemy; an ally's sight is no exposure."""
    sling = Token("s", "Sling", (9, 4), side=Side.ENEMY, size=Size.MEDIUM)
    friend = Token("f", "Friend", (10, 1), side=Side.PARTY)
    e, _ = cover_scene(sling, friend)
    e = e.with_map(replace(e.map, walls=(PILLAR_WALL,)))
    tiles = [(3, 1), (3, 2), (3, 3), (3, 4), (4, 5)]
    events = [ev for ev in path_events(e, hero((3, 1)), tiles, BATON_MOVEMENT) if ev.kind == "leaves_cover"]

    def full_from(enemy, tile):
        moved = e.with_token(replace(e.token("a"), position=tile))
        return line_of_sight(moved, enemy, "a").cover is Cover.FULL

    expected = {
        (enemy, k) for enemy in ("r", "s") for k in range(1, len(tiles))
        if full_from(enemy, tiles[k - 1]) and not full_from(enemy, tiles[k])
    }
    assert {(ev.data["enemy"], ev.step) for ev in events} == expected
    assert {enemy for enemy, _ in expected} == {"r", "s"}
