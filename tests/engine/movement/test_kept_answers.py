"""Answers movement keeps between queries (full cover per pair, a path's cover events, the
whole-allowance search) are the answers it would work out afresh, and never outlive what they
were worked out from: another place, another name, another blocker, another map is asked anew.

Module rules: ``engine/geometry/sight.py`` — "Full cover (:func:`full_cover`) answers only 'is
the cover full?' … with the same answer as :func:`line_of_sight` (tokens not blocking)";
``engine/movement/search.py`` — "Tokens are applied per query on top of the static
:class:`MovementGraph`: positions where the footprint would overlap a blocking token are never
entered". Baton: "when leaving full cover, the character exposes themselves, allowing enemies to
immediately make a ranged attack against them".
"""

from dataclasses import replace

import pytest

from vantage.engine.geometry import line_of_sight, obstacles_for, sight
from vantage.engine.geometry.sight import full_cover
from vantage.engine.model import Cover, Encounter, GameMap, MapObject, Side, Token, Wall
from vantage.engine.movement import check_path, events, path_events, reachable_tiles, search
from vantage.engine.movement.graph import movement_graph
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT

PILLAR = Wall((5.0, 0.0), (5.0, 4.0))
PATH = [(3, 1), (3, 2), (3, 3), (3, 4), (4, 5)]


def hero(pos=(3, 1)):
    return Token("a", "Aria", pos, side=Side.PARTY)


def archer(pos=(8, 1), name="Archer"):
    return Token("r", name, pos, side=Side.ENEMY)


def scene(*tokens, walls=(PILLAR,), objects=()):
    return Encounter(GameMap(12, 6, walls=walls, objects=objects), (hero(), *tokens), ruleset="baton")


def fresh_full_cover(encounter, viewer, tiles):
    """What line of sight says, the mover put on each tile in turn (no kept answer read)."""
    return [
        line_of_sight(encounter.with_token(replace(encounter.token("a"), position=t)), viewer, "a").cover
        is Cover.FULL
        for t in tiles
    ]


def test_full_cover_asked_again_is_the_same_and_a_moved_viewer_is_asked_anew():
    e = scene(archer())
    first = full_cover(e.map, [e.token("r")], e.token("a"), PATH).tolist()
    assert first == [fresh_full_cover(e, "r", PATH)]
    assert first[0][:3] == [True, True, True] and first[0][3] is False  # the pillar, then in sight
    assert full_cover(e.map, [e.token("r")], e.token("a"), PATH).tolist() == first
    # the archer steps round the pillar: every tile is in its sight now, not the kept answer
    moved = e.with_token(replace(e.token("r"), position=(4, 1)))
    again = full_cover(moved.map, [moved.token("r")], moved.token("a"), PATH).tolist()
    assert again == [fresh_full_cover(moved, "r", PATH)] == [[False] * len(PATH)]


def test_full_cover_from_a_full_cover_object_is_kept_per_map():
    """Module rule: "an object crossed by all four cover lines gives its cover" — on a map with a
    full-cover bulwark, and on the same map drawn without it (another map: asked anew)."""
    bulwark = MapObject("b", ((5.0, 0.0), (6.0, 0.0), (6.0, 6.0), (5.0, 6.0)), "Bulwark", cover=Cover.FULL)
    walled = scene(archer(), walls=(), objects=(bulwark,))
    tiles = [(3, 1), (7, 1)]
    assert full_cover(walled.map, [walled.token("r")], walled.token("a"), tiles).tolist() == [[True, False]]
    assert fresh_full_cover(walled, "r", tiles) == [True, False]
    bare = scene(archer(), walls=())
    assert full_cover(bare.map, [bare.token("r")], bare.token("a"), tiles).tolist() == [[False, False]]


def test_full_cover_forgets_past_its_bound_and_still_answers_the_same(monkeypatch):
    monkeypatch.setattr(sight, "_FULL_COVER_MEMO_SIZE", 3)
    e = scene(archer())
    kept = sight._full_cover_memo(obstacles_for(e.map))
    for _ in range(2):
        found = full_cover(e.map, [e.token("r")], e.token("a"), PATH).tolist()
        assert found == [fresh_full_cover(e, "r", PATH)]
        assert len(kept) <= len(PATH)


def test_a_paths_cover_events_follow_the_enemys_name_and_place():
    e = scene(archer())
    first = path_events(e, hero(), PATH, BATON_MOVEMENT)
    assert [(ev.kind, ev.step) for ev in first if ev.kind == "leaves_cover"] == [("leaves_cover", 3)]
    assert path_events(e, hero(), PATH, BATON_MOVEMENT) == first
    renamed = e.with_token(archer(name="Sniper"))
    found = path_events(renamed, hero(), PATH, BATON_MOVEMENT)
    detail = next(ev.detail for ev in found if ev.kind == "leaves_cover")
    assert detail == "leaves full cover: in the line of sight of Sniper"
    moved = e.with_token(archer(pos=(4, 1)))  # never behind the pillar: no cover to leave
    assert "leaves_cover" not in {ev.kind for ev in path_events(moved, hero(), PATH, BATON_MOVEMENT)}


def test_cover_events_forget_past_their_bound(monkeypatch):
    monkeypatch.setattr(events, "_COVER_EVENTS_MEMO_SIZE", 1)
    e = scene(archer())
    first = path_events(e, hero(), PATH, BATON_MOVEMENT)
    other = path_events(e, hero(), PATH[:3], BATON_MOVEMENT)
    assert "leaves_cover" not in {ev.kind for ev in other}
    assert path_events(e, hero(), PATH, BATON_MOVEMENT) == first
    assert len(events._cover_events_memo(e.map)) == 1


@pytest.mark.parametrize("rules", [AVORKARTH_MOVEMENT, BATON_MOVEMENT])
def test_the_reachable_set_asked_again_is_the_same_and_a_moved_blocker_is_asked_anew(rules):
    """Enemies block: the enemy moved into the corridor shrinks the set, kept answer or not."""
    e = Encounter(GameMap(12, 1), (hero((0, 0)), archer((11, 0))), ruleset="avorkarth")
    first = reachable_tiles(e, "a", 5, rules)
    again = reachable_tiles(e, "a", 5, rules)
    assert dict(again.tiles) == dict(first.tiles) == {(x, 0): x for x in range(6)}
    assert again.path_to((5, 0)) == first.path_to((5, 0))
    blocked = e.with_token(archer((3, 0)))
    later = reachable_tiles(blocked, "a", 5, rules)
    assert dict(later.tiles) == {(0, 0): 0, (1, 0): 1, (2, 0): 2}
    assert later.why_not((5, 0)) == "enemy Archer blocks"
    fresh = search.MoveQuery(blocked, "a", 5, rules, None)
    dist, _, _ = fresh.search(fresh.allow)
    assert set(later.tiles) == {movement_graph(blocked.map).tile(s >> 4) for s in dist}


def test_the_reachable_set_follows_the_allowance_and_forgets_past_its_bound(monkeypatch):
    monkeypatch.setattr(search, "_REACHABLE_MEMO_SIZE", 1)
    e = Encounter(GameMap(10, 10), (hero((5, 5)),), ruleset="avorkarth")
    for allowance, side in ((1, 3), (2, 5), (1, 3)):
        tiles = set(reachable_tiles(e, "a", allowance, AVORKARTH_MOVEMENT).tiles)
        assert len(tiles) == side * side
    assert len(search._reachable_memo(movement_graph(e.map))) == 1
    assert check_path(e, "a", [(5, 5), (6, 6)], 1, AVORKARTH_MOVEMENT).cost == 1


def test_an_ally_on_the_way_shares_the_kept_search_but_is_never_an_end():
    """Module text (search.py): "positions overlapping a passable one (an ally) may be crossed but
    not ended on" — the same kept search serves the move with and without the ally, and the ally's
    tile is left out only where the ally stands."""
    alone = Encounter(GameMap(12, 1), (hero((0, 0)),), ruleset="avorkarth")
    friend = Token("f", "Friend", (2, 0), side=Side.PARTY)
    crowded = Encounter(GameMap(12, 1), (hero((0, 0)), friend), ruleset="avorkarth")
    crowded = crowded.with_map(alone.map)  # the same map object: the same graph and kept search
    assert dict(reachable_tiles(alone, "a", 4, AVORKARTH_MOVEMENT).tiles) == {(x, 0): x for x in range(5)}
    with_friend = reachable_tiles(crowded, "a", 4, AVORKARTH_MOVEMENT)
    assert dict(with_friend.tiles) == {(x, 0): x for x in (0, 1, 3, 4)}
    assert (2, 0) not in with_friend and with_friend.cost((3, 0)) == 3
    assert with_friend.why_not((2, 0)) == "ally Friend stands there"
    assert with_friend.path_to((4, 0)).tiles == tuple((x, 0) for x in range(5))
    assert dict(reachable_tiles(alone, "a", 4, AVORKARTH_MOVEMENT).tiles) == {(x, 0): x for x in range(5)}


# avorkarth: "Difficult Terrain (Brush, Marshlands, Ruin Rubble) : Half or -4 Movement (whichever is
# worse, Min 1)"
def test_the_allowances_per_worst_class_are_kept_per_base():
    walls = (Wall((0.0, 0.0), (12.0, 0.0)), Wall((0.0, 1.0), (12.0, 1.0)))
    game_map = GameMap(12, 1, walls=walls).with_terrain({(1, 0): "brush"})
    e = Encounter(game_map, (hero((0, 0)),), ruleset="avorkarth")
    for base, furthest in ((10, 5), (6, 2), (10, 5), (2, 1), (6, 2)):  # half; −4; half; min 1; −4
        assert max(reachable_tiles(e, "a", base, AVORKARTH_MOVEMENT).tiles.values()) == furthest


def test_what_the_tokens_make_of_the_map_is_kept_per_tokens_tuple_mover_rules_and_graph(monkeypatch):
    """Module text (search.py): "positions where the footprint would overlap a blocking token are
    never entered" — the marks kept for one tokens tuple serve the query asked again on it (the
    policy's search, then the move's check), and a moved enemy (a new tuple) is marked anew."""
    e = Encounter(GameMap(12, 1), (hero((0, 0)), archer((4, 0))), ruleset="avorkarth")
    graph = movement_graph(e.map)
    first = search.MoveQuery(e, "a", 6, AVORKARTH_MOVEMENT, graph)
    again = search.MoveQuery(e, "a", 6, AVORKARTH_MOVEMENT, graph)
    assert again.marks is first.marks and 4 in again.blockers
    assert check_path(e, "a", [(0, 0), (1, 0), (2, 0), (3, 0)], 6, AVORKARTH_MOVEMENT, graph=graph).cost == 3
    with pytest.raises(CommandRejected, match="enemy Archer blocks"):
        check_path(e, "a", [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0)], 6, AVORKARTH_MOVEMENT, graph=graph)
    moved = e.with_token(archer((2, 0)))
    later = search.MoveQuery(moved, "a", 6, AVORKARTH_MOVEMENT, graph)
    assert later.marks is not first.marks and set(later.blockers) == {2}
    assert dict(reachable_tiles(moved, "a", 6, AVORKARTH_MOVEMENT).tiles) == {(0, 0): 0, (1, 0): 1}
    # another mover, other rules: marks of their own
    assert search.MoveQuery(e, "r", 6, AVORKARTH_MOVEMENT, graph).marks is not first.marks
    assert search.MoveQuery(e, "a", 6, BATON_MOVEMENT, graph).marks is not first.marks
    # past its bound it starts again and still answers the same
    monkeypatch.setattr(search, "_TOKEN_MARKS_SIZE", 0)
    elsewhere = e.with_token(archer((5, 0)))
    bounded = search.MoveQuery(elsewhere, "a", 6, AVORKARTH_MOVEMENT, graph)
    assert set(bounded.blockers) == {5} and len(search._token_marks_memo(graph)) == 1


@pytest.mark.parametrize("rules", [AVORKARTH_MOVEMENT, BATON_MOVEMENT])
def test_a_blocker_moved_where_the_search_never_looked_keeps_the_search(monkeypatch, rules):
    """Module text (search.py): "positions where the footprint would overlap a blocking token are
    never entered" — a search looks for a blocker only on the steps from the positions it reaches:
    an enemy moved between two places it never looked at leaves the search as it was (not made
    again), and one moved next to those positions is looked at anew, as a fresh search finds."""
    e = Encounter(GameMap(20, 3), (hero((0, 1)), archer((18, 1))), ruleset="avorkarth")
    first = reachable_tiles(e, "a", 3, rules)
    made = []
    real_search = search.MoveQuery.search

    def counted(self, *args, **kwargs):
        made.append(1)
        return real_search(self, *args, **kwargs)

    monkeypatch.setattr(search.MoveQuery, "search", counted)
    far = e.with_token(archer((15, 0)))
    kept = reachable_tiles(far, "a", 3, rules)
    assert not made
    assert dict(kept.tiles) == dict(first.tiles)
    near = e.with_token(archer((3, 1)))  # on the set's edge: looked at, in the way
    later = reachable_tiles(near, "a", 3, rules)
    assert made
    fresh = search.MoveQuery(near, "a", 3, rules, None)
    dist, _, _ = real_search(fresh, fresh.allow)
    assert set(later.tiles) == {movement_graph(near.map).tile(s >> 4) for s in dist} - {(3, 1)}
    assert (3, 1) in first.tiles and (3, 1) not in later.tiles
