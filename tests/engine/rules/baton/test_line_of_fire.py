"""Baton: line of sight for melee (assumed, docs/rules/baton.md; the text's "Ranged attacks require a
line of sight to be made" speaks of ranged attacks only)."""

from __future__ import annotations

from vantage.engine.model import GameMap, Wall
from vantage.engine.protocol.commands import Attack, Move


def test_an_opportunity_attack_is_not_offered_through_a_wall(fight, make):
    """Opportunity Attack: "When a character moves out of the reach of an enemy wielding a melee
    weapon, they allow that enemy to immediately make an attack against them" — but no melee attack
    goes through a wall: the move is not stopped to ask."""
    wall = Wall((2.0, 0.0), (2.0, 5.0))
    for walls, asked in (((), True), ((wall,), False)):
        f = fight(make("bram", "sellsword", (2, 2)), make("cult", "cultist", (1, 2)),
                  game_map=GameMap(16, 10, walls=walls))
        f.start("bram")
        said = f.do(Move("bram", tuple((x, 2) for x in range(2, 6))))
        assert any("opportunity attack?" in s for s in said) is asked, said


def test_a_melee_attack_through_a_wall_is_refused_naming_it(fight, make):
    f = fight(make("bram", "sellsword", (2, 2)), make("cult", "cultist", (1, 2)),
              game_map=GameMap(16, 10, walls=(Wall((2.0, 0.0), (2.0, 5.0)),)))
    f.start("bram")
    assert f.refused(Attack("bram", "cult", "Longsword")) == (
        "no line of sight from Bram to Cult: blocked by wall (2, 0)–(2, 5)"
    )
