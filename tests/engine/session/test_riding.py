"""Riders and mounts on the map, whatever the ruleset: a rider ``rides`` its mount, stands on it,
moves with it and is never blocked by it; the GM seats and unseats riders and moves mounts."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.movement import MovementRules, check_path, reachable_tiles
from vantage.engine.movement.riding import carry, landing_tile, linked_ids, riders_of, unseat
from vantage.engine.protocol import gm_commands as g
from vantage.engine.session import CommandRejected, apply


def _encounter() -> Encounter:
    horse = Token("horse", "Horse", (2, 2), Side.PARTY, Size.LARGE)
    rider = Token("rider", "Rider", (2, 2), Side.PARTY, rides="horse")
    ghoul = Token("ghoul", "Ghoul", (6, 2), Side.ENEMY)
    return Encounter(GameMap(8, 8), (horse, rider, ghoul), ruleset="avorkarth")


def _apply(command, encounter=None):
    return apply(encounter or _encounter(), command, ScriptedDice([]))


def test_the_rider_and_its_mount_are_linked_and_never_block_each_other():
    enc = _encounter()
    assert linked_ids(enc, "rider") == linked_ids(enc, "horse") == {"rider", "horse"}
    assert [t.id for t in riders_of(enc, "horse")] == ["rider"]
    rules = MovementRules()
    enc = enc.with_token(replace(enc.token("rider"), position=(3, 3)))  # on the horse's lower right
    path = check_path(enc, "horse", ((2, 2), (3, 2)), 6, rules)  # ends on its own rider's tile
    assert path.end == (3, 2)
    assert (3, 3) in reachable_tiles(enc, "rider", 3, rules)  # the rider may end on its horse


def test_moving_a_mount_carries_its_riders_by_the_same_offset():
    moved, carried = carry(_encounter(), "horse", (3, 4))
    assert moved.token("horse").position == (3, 4) and moved.token("rider").position == (3, 4)
    assert [(c.token, c.start, c.end) for c in carried] == [("rider", (2, 2), (3, 4))]


def test_a_rider_taken_off_lands_on_the_nearest_free_tile_beside_its_mount():
    """No rule text says where a rider lands (assumed: the nearest free tile, closest ring first,
    reading order)."""
    enc = _encounter()
    enc = enc.with_token(Token("post", "Post", (1, 1)))
    assert landing_tile(enc, "rider") == (2, 1)
    off, tile = unseat(enc, "rider")
    assert tile == (2, 1) and off.token("rider").rides is None and off.token("rider").position == (2, 1)


def test_the_gm_places_a_mount_and_its_rider_rides_along():
    after, events = _apply(g.Place("horse", (4, 4)))
    assert after.token("rider").position == (4, 4) and after.token("rider").rides == "horse"
    assert [e.sentence for e in events] == ["The GM places Horse at (4, 4).", "Rider rides along to (4, 4)."]


def test_the_gm_places_a_rider_off_its_mount_and_it_leaves_the_saddle():
    after, events = _apply(g.Place("rider", (0, 0)))
    assert after.token("rider").rides is None
    assert events[-1].sentence == "Rider is no longer on Horse."
    after, _ = _apply(g.Place("rider", (3, 3)))  # another tile of the horse: still riding
    assert after.token("rider").rides == "horse"


def test_a_mount_placed_where_its_larger_rider_would_fall_off_the_map_is_refused():
    pony = Token("pony", "Pony", (2, 2), Side.PARTY)
    ogre = Token("ogre", "Ogre", (2, 2), Side.PARTY, Size.LARGE, rides="pony")
    enc = Encounter(GameMap(8, 8), (pony, ogre), ruleset="avorkarth")
    with pytest.raises(CommandRejected, match="Ogre on Pony does not fit on the map"):
        _apply(g.Place("pony", (7, 7)), enc)


def test_removing_a_mount_leaves_its_rider_where_it_stands():
    after, events = _apply(g.RemoveToken("horse"))
    assert after.token("rider").rides is None and after.token("rider").position == (2, 2)
    assert events[-1].sentence == "Rider is no longer mounted."


def test_the_gm_seats_and_unseats_a_rider():
    after, events = _apply(g.Ride("rider", None))
    assert after.token("rider").rides is None and after.token("rider").position == (1, 1)
    assert events[0].sentence == "The GM takes Rider off Horse, to (1, 1)."
    again, events = _apply(g.Ride("rider", "horse"), after)
    assert again.token("rider").rides == "horse" and again.token("rider").position == (2, 2)
    assert events[0].sentence == "The GM seats Rider on Horse."


@pytest.mark.parametrize(
    ("command", "reason"),
    [
        (g.Ride("rider", "nobody"), "there is no token 'nobody' on this map"),
        (g.Ride("horse", "ghoul"), "Horse carries Rider: a mount cannot ride"),
        (g.Ride("ghoul", "rider"), "Rider rides Horse: a rider cannot carry another rider"),
    ],
)
def test_a_ride_that_cannot_be_is_refused_with_its_reason(command, reason):
    before = _encounter()
    with pytest.raises(CommandRejected) as info:
        apply(before, command, ScriptedDice([]))
    assert info.value.reason == reason


def test_a_mount_moved_by_any_command_carries_its_rider_and_a_gone_mount_frees_it():
    """Whatever moves a mount (here the map shrinking under it), ``apply`` keeps each rider on its
    mount or says it is off: no rule has to remember the link (assumed: off where it stands)."""
    after, events = _apply(g.ResizeMap(3, 8))  # the large horse at (2, 2) no longer fits: dropped
    assert "horse" not in {t.id for t in after.tokens}
    assert after.token("rider").rides is None
    assert events[-1].sentence == "Rider is no longer mounted: its mount is gone."


def test_a_mount_that_shrinks_under_its_rider_leaves_it_off():
    enc = _encounter()
    enc = enc.with_token(replace(enc.token("rider"), position=(3, 3)))
    after, events = _apply(g.EditToken("horse", size="medium"), enc)
    assert after.token("rider").rides is None and after.token("rider").position == (3, 3)
    assert events[-1].sentence == "Rider is no longer mounted: it is no longer on Horse."


def test_a_pushed_mount_carries_its_rider_and_a_pushed_rider_leaves_the_saddle():
    """Baton's push moves only its target: the link is kept by ``apply`` (PUSH: "The target is pushed
    back 5 feet for every 2 success levels of the check")."""
    from vantage.engine.protocol.commands import Maneuver, StartCombat
    from vantage.engine.rules.baton.schema import TEMPLATES

    by_id = {t.id: t for t in TEMPLATES}

    def make(tid, template, at, **more):
        t = by_id[template]
        return Token(tid, tid.capitalize(), at, Side.ENEMY, Size(t.size), stats=dict(t.stats), **more)

    pony = replace(make("pony", "warhorse", (2, 2)), size=Size.MEDIUM)
    kid = make("kid", "cultist", (2, 2), rides="pony")
    ogre = replace(make("ogre", "ogre", (0, 2)), side=Side.PARTY)
    start, _ = apply(Encounter(GameMap(10, 8), (pony, kid, ogre), ruleset="baton"),
                     StartCombat(options={"first": "ogre"}), ScriptedDice([]))
    push = {"effect": "push"}
    for target in ("pony", "kid"):
        dice = ScriptedDice([6, 6])  # 12 + Physique 5 against 7 + 2 or 7 + 1: 4 success levels, 10 ft
        after, events = apply(start, Maneuver("ogre", target, "grapple", options=push), dice)
        assert dice.remaining == 0
        if target == "pony":
            horse_at = after.token("pony").position
            assert horse_at == (4, 2) and after.token("kid").position == horse_at
            assert after.token("kid").rides == "pony"
            assert events[-1].sentence == "Kid rides along to (4, 2)."
        else:
            assert after.token("kid").position == (4, 2) and after.token("pony").position == (2, 2)
            assert after.token("kid").rides is None
            assert events[-1].sentence == "Kid is no longer mounted: it is no longer on Pony."


def test_with_no_free_tile_a_rider_taken_off_stays_where_it_is():
    horse = Token("horse", "Horse", (0, 0), Side.PARTY, Size.LARGE)
    rider = Token("rider", "Rider", (1, 1), Side.PARTY, rides="horse")
    enc = Encounter(GameMap(2, 2), (horse, rider), ruleset="avorkarth")
    assert landing_tile(enc, "rider") is None
    off, tile = unseat(enc, "rider")
    assert tile == (1, 1) and off.token("rider").rides is None
