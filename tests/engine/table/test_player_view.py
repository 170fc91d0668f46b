"""The player filter never lets a hidden token, a GM note or an unrevealed tile through.

Issue 6: "It renders the same state through one player filter in the engine (a pure function of
the encounter): hidden tokens, GM-only layers and notes removed, fog applied." and "Engine tests:
the player filter never lets a hidden token, GM note or unrevealed tile through (hypothesis over
random encounters)."
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Polygon, box
from shapely.ops import unary_union

from vantage.engine.model import (
    Condition,
    Cover,
    Encounter,
    Facing,
    GameMap,
    Light,
    MapObject,
    Side,
    Size,
    Token,
    Wall,
    WallKind,
)
from vantage.engine.table.player_view import (
    GM_ONLY_CONDITIONS,
    UNSEEN,
    TableTurn,
    active_token_id,
    clip_object,
    clip_wall,
    player_view,
    public_combat,
    public_condition,
    table_turn,
    whose_turn,
)
from vantage.engine.terrain import DEFAULT_TERRAIN, MovementClass, TerrainKind

SECRET = "the lich is the innkeeper"
CONDITION_NAMES = ["prone", "invisible", "gm:charmed", "grappled"]


@st.composite
def encounters(draw: st.DrawFn) -> Encounter:
    w, h = draw(st.integers(1, 8)), draw(st.integers(1, 8))
    n = w * h
    secret_kind = TerrainKind("lava-lair", "Dragon's lava lair", MovementClass.HARSH)
    kinds = {**DEFAULT_TERRAIN, secret_kind.id: secret_kind}
    terrain = tuple(draw(st.lists(st.sampled_from(sorted(kinds)), min_size=n, max_size=n)))
    elevation = tuple(draw(st.lists(st.sampled_from([0.0, 5.0, 10.0]), min_size=n, max_size=n)))
    coord_x, coord_y = st.integers(0, w), st.integers(0, h)
    free = st.tuples(st.floats(0, w), st.floats(0, h))
    walls = draw(
        st.lists(
            st.one_of(
                st.builds(lambda x, y: Wall((x, y), (x + 1, y)), coord_x, coord_y),
                st.builds(lambda x, y: Wall((x, y), (x, y + 1)), coord_x, coord_y),
                st.builds(Wall, free, free, st.sampled_from(list(WallKind)), st.booleans()),
                st.builds(  # a secret door on a tile edge
                    lambda x, y, kind: Wall((x, y), (x + 1, y), kind, gm_only=True),
                    coord_x, coord_y, st.sampled_from([WallKind.DOOR_CLOSED, WallKind.DOOR_OPEN]),
                ),
            ),
            max_size=8,
        )
    )
    objects = [
        MapObject(
            f"obj{i}", ((x, y), (x + bw, y), (x + bw, y + bh), (x, y + bh)),
            f"trap: {SECRET}" if gm_only else "crate", cover=Cover.HALF, gm_only=gm_only,
        )
        for i, (x, y, bw, bh, gm_only) in enumerate(
            draw(st.lists(st.tuples(st.floats(0, w), st.floats(0, h), st.floats(0.2, 3), st.floats(0.2, 3),
                                    st.booleans()),
                          max_size=4))
        )
    ]
    lights = [Light(p) for p in draw(st.lists(free.filter(lambda p: p[0] < w and p[1] < h), max_size=3))]
    all_tiles = [(x, y) for y in range(h) for x in range(w)]
    revealed = frozenset(draw(st.lists(st.sampled_from(all_tiles), max_size=n)))
    game_map = GameMap(
        w, h, terrain=terrain, elevation=elevation, walls=tuple(walls), objects=tuple(objects),
        lights=tuple(lights), fog_enabled=draw(st.booleans()), revealed=revealed, terrain_kinds=kinds,
    )
    tokens = []
    for i in range(draw(st.integers(0, 6))):
        size = draw(st.sampled_from([Size.MEDIUM, Size.SMALL, Size.LARGE]))
        x = draw(st.integers(0, max(w - size.footprint, 0)))
        y = draw(st.integers(0, max(h - size.footprint, 0)))
        conditions = tuple(
            Condition(c, draw(st.none() | st.integers(1, 3)), source="gm-secret-source")
            for c in draw(st.lists(st.sampled_from(CONDITION_NAMES), max_size=2))
        )
        tokens.append(
            Token(
                f"t{i}", f"Token {i}", (x, y), side=draw(st.sampled_from(list(Side))), size=size,
                facing=draw(st.sampled_from(list(Facing))), hidden=draw(st.booleans()),
                stats={"wounds": 6, "secret": SECRET}, conditions=conditions,
            )
        )
    active = draw(st.sampled_from([t.id for t in tokens] + ["nobody"]))
    combat = {"round": 2, "active_token": active, "initiative": [t.id for t in tokens], "ledger": SECRET}
    return Encounter(game_map, tuple(tokens), combat=combat, notes=SECRET, name="Crypt", ruleset="avorkarth")


def _shown(enc: Encounter) -> frozenset:
    return enc.map.revealed if enc.map.fog_enabled else frozenset(enc.map.tiles())


def _touching(point) -> set:
    xs = {math.floor(point[0])} | ({int(point[0]) - 1} if float(point[0]).is_integer() else set())
    ys = {math.floor(point[1])} | ({int(point[1]) - 1} if float(point[1]).is_integer() else set())
    return {(x, y) for x in xs for y in ys}


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=150, deadline=None)
@given(encounters())
def test_no_hidden_token_no_note_no_stat_no_secret_condition_gets_through(enc):
    view = player_view(enc)
    hidden_ids = {t.id for t in enc.tokens if t.hidden}
    assert not hidden_ids & {t.id for t in view.tokens}
    assert view.notes == ""
    assert SECRET not in repr(view.combat)
    assert set(view.combat) <= {"round", "active_token", "active_side"}
    assert view.combat.get("active_token") in {None} | {t.id for t in view.tokens}
    for token in view.tokens:
        assert token.stats == {} and not token.hidden
        assert all(c.source is None for c in token.conditions)
        assert not any(c.name in GM_ONLY_CONDITIONS or c.name.startswith("gm:") for c in token.conditions)


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=150, deadline=None)
@given(encounters())
def test_no_gm_only_object_gets_through_and_a_secret_door_only_ever_shows_as_wall(enc):
    """Issue 6: "hidden tokens, GM-only layers and notes removed". docs/player-view.md: a GM-only
    door shows as plain wall on the same segment; other GM-only walls and objects are removed."""
    view = player_view(enc)
    assert SECRET not in repr(view.map.objects)  # every GM-only object is named after the secret
    secret_ids = {o.id for o in enc.map.objects if o.gm_only}
    assert not secret_ids & {o.id.split("#")[0] for o in view.map.objects}
    assert not any(o.gm_only for o in view.map.objects) and not any(w.gm_only for w in view.map.walls)
    shown = _shown(enc)
    public_doors = {frozenset((d.a, d.b)) for d in enc.map.walls if d.kind.is_door and not d.gm_only}
    doors_shown = {frozenset((w.a, w.b)) for w in view.map.walls if w.kind.is_door}
    for wall in enc.map.walls:
        if wall.gm_only and wall.kind.is_door:
            as_wall = Wall(wall.a, wall.b, WallKind.WALL)
            expected = [as_wall] if not enc.map.fog_enabled else clip_wall(as_wall, shown)
            assert all(piece in view.map.walls for piece in expected)
            edge = frozenset((wall.a, wall.b))
            assert edge not in doors_shown or edge in public_doors
    if not enc.map.fog_enabled:
        kept = [w for w in enc.map.walls if not w.gm_only or w.kind.is_door]
        assert len(view.map.walls) == len(kept)
        assert view.map.objects == tuple(o for o in enc.map.objects if not o.gm_only)


def test_a_secret_door_looks_like_wall_and_a_trap_is_not_there():
    """docs/player-view.md: "a GM-only door (a secret door, open or closed) is shown as plain wall
    on the same segment … every other GM-only wall and every GM-only map object is removed"."""
    plate = MapObject("plate", ((1, 1), (2, 1), (2, 2), (1, 2)), "Pressure plate", False, gm_only=True)
    pillar = MapObject("pillar", ((3, 3), (4, 3), (4, 4), (3, 4)), "Pillar")
    walls = (
        Wall((0, 2), (1, 2), WallKind.DOOR_CLOSED, gm_only=True),
        Wall((1, 2), (2, 2), WallKind.DOOR_OPEN, gm_only=True),
        Wall((2, 2), (3, 2), WallKind.WINDOW, gm_only=True),
        Wall((3, 2), (4, 2), WallKind.WALL, gm_only=True),
        Wall((4, 2), (5, 2), WallKind.DOOR_CLOSED),
    )
    enc = Encounter(GameMap(5, 5, walls=walls, objects=(plate, pillar)), ruleset="avorkarth")
    for fog in (False, True):
        game_map = replace(enc.map, fog_enabled=fog, revealed=frozenset(enc.map.tiles()))
        view = player_view(enc.with_map(game_map))
        assert view.map.walls == (
            Wall((0, 2), (1, 2), WallKind.WALL),
            Wall((1, 2), (2, 2), WallKind.WALL),
            Wall((4, 2), (5, 2), WallKind.DOOR_CLOSED),
        )
        assert view.map.objects == (pillar,)


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=150, deadline=None)
@given(encounters())
def test_no_unrevealed_tile_gets_through(enc):
    view = player_view(enc)
    shown = _shown(enc)
    m = view.map
    for tile in m.tiles():
        if tile not in shown:
            assert m.terrain_at(tile).id == UNSEEN and m.elevation_at(tile) == 0.0
        else:
            assert m.terrain[m.index(tile)] == enc.map.terrain[m.index(tile)]
            assert m.elevation_at(tile) == enc.map.elevation_at(tile)
    used = {m.terrain[i] for i in range(len(m.terrain))}
    assert set(m.terrain_kinds) <= used | {UNSEEN}
    for token in view.tokens:
        assert any(f in shown for f in token.footprint_tiles())
    if not enc.map.fog_enabled:
        return  # the whole map is shown; walls and props may even stick out of it
    for wall in m.walls:
        mid = ((wall.a[0] + wall.b[0]) / 2, (wall.a[1] + wall.b[1]) / 2)
        assert _touching(mid) & shown
    region = unary_union([box(x, y, x + 1, y + 1) for x, y in shown])
    for obj in m.objects:
        assert Polygon(obj.outline).difference(region).area < 1e-6
    for light in m.lights:
        assert (math.floor(light.position[0]), math.floor(light.position[1])) in shown


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=100, deadline=None)
@given(encounters())
def test_nothing_the_players_may_see_is_taken_away(enc):
    view = player_view(enc)
    shown = _shown(enc)
    expected = {
        t.id for t in enc.tokens if not t.hidden and any(f in shown for f in t.footprint_tiles())
    }
    assert {t.id for t in view.tokens} == expected
    for token in view.tokens:
        original = enc.token(token.id)
        assert (token.name, token.position, token.side, token.size, token.facing) == (
            original.name, original.position, original.side, original.size, original.facing,
        )
    assert view.map.revealed == enc.map.revealed and view.map.fog_enabled == enc.map.fog_enabled
    assert player_view(view).tokens == view.tokens


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=100, deadline=None)
@given(encounters(), st.data())
def test_with_vision_fog_tokens_show_only_in_sight(enc, data):
    tiles = list(enc.map.tiles())
    visible = frozenset(data.draw(st.lists(st.sampled_from(tiles), max_size=len(tiles))))
    view = player_view(enc, visible=visible)
    if enc.map.fog_enabled:
        for token in view.tokens:
            assert any(f in visible for f in token.footprint_tiles())
        for tile in view.map.tiles():
            if tile not in enc.map.revealed | visible:
                assert view.map.terrain_at(tile).id == UNSEEN


def test_fog_off_shows_the_whole_map_but_still_hides_tokens_and_notes():
    m = GameMap(3, 3)
    enc = Encounter(
        m, (Token("a", "A", (0, 0)), Token("b", "B", (1, 1), hidden=True)), notes=SECRET, ruleset="avorkarth",
    )
    view = player_view(enc)
    assert [t.id for t in view.tokens] == ["a"] and view.notes == ""
    assert view.map.terrain == m.terrain and view.map.walls == m.walls
    assert dict(view.map.terrain_kinds) == {"open": m.terrain_kinds["open"]}


def test_clip_wall_keeps_the_part_on_shown_tiles():
    wall = Wall((0.0, 1.0), (4.0, 1.0), WallKind.DOOR_CLOSED)
    # the wall runs along the edge between rows 0 and 1: it shows where either neighbour is shown
    piece = Wall((1.0, 1.0), (3.0, 1.0), WallKind.DOOR_CLOSED)
    assert clip_wall(wall, frozenset({(1, 0), (2, 1)})) == [piece]
    assert clip_wall(wall, frozenset()) == []
    assert clip_wall(wall, frozenset({(x, 0) for x in range(4)})) == [wall]


def test_clip_object_cuts_the_outline_to_shown_tiles():
    obj = MapObject("table", ((0.5, 0.5), (2.5, 0.5), (2.5, 1.5), (0.5, 1.5)), "Table")
    parts = clip_object(obj, frozenset({(0, 0), (0, 1)}))
    assert len(parts) == 1 and Polygon(parts[0].outline).equals(box(0.5, 0.5, 1.0, 1.5))
    assert clip_object(obj, frozenset({(5, 5)})) == []
    whole = frozenset((x, y) for x in range(3) for y in range(2))
    assert clip_object(obj, whole) == [obj]


def test_the_active_token_is_told_only_when_it_is_shown():
    assert active_token_id({"turn": {"token": "orc"}}) == "orc"
    assert active_token_id({"round": 1}) is None
    assert public_combat(TableTurn(3, "orc", "enemy"), {"orc"}) == {
        "round": 3, "active_token": "orc", "active_side": "enemy",
    }
    assert public_combat(TableTurn(3, "assassin"), {"orc"}) == {"round": 3}


def test_a_ruleset_vantage_does_not_know_has_its_combat_keys_read():
    """The guessing is the fallback for an unknown ruleset only: the usual keys name the acting
    token and the side holding the initiative (a side key is a baton, told in the open)."""
    homebrew = Encounter(GameMap(3, 3), (Token("orc", "Orc", (1, 1), hidden=True),), ruleset="homebrew",
                         combat={"round": 4, "current": "orc", "baton": "enemy", "secret_plan": SECRET})
    assert table_turn(homebrew) == TableTurn(4, "orc", "enemy", side_in_the_open=True)
    assert player_view(homebrew).combat == {"round": 4, "active_side": "enemy"}
    shown = homebrew.with_token(replace(homebrew.token("orc"), hidden=False))
    assert player_view(shown).combat == {"round": 4, "active_token": "orc", "active_side": "enemy"}


def test_a_known_ruleset_is_asked_and_its_combat_keys_are_never_guessed():
    """Review §4 #17: "whose side holds the initiative is guessed from combat keys, because
    ``TurnInfo`` has no side" — a registered ruleset answers ``turn``; before its combat starts
    (``turn`` is None) nothing is told, whatever keys its combat state holds."""
    enc = Encounter(GameMap(3, 3), (Token("orc", "Orc", (1, 1), side=Side.ENEMY),), ruleset="avorkarth",
                    combat={"round": 4, "active_token": "orc", "baton": "enemy"})
    assert table_turn(enc) == TableTurn()
    assert player_view(enc).combat == {}


def _avorkarth_in_combat() -> Encounter:
    from vantage_dice import vantage_rolls  # the sample's party rolls at the table

    from vantage.engine.dice import SeededDice
    from vantage.engine.fileformat import load_encounter
    from vantage.engine.protocol.commands import StartCombat
    from vantage.engine.session import apply
    from vantage.gui.appdata.resources import sample_encounters

    return apply(vantage_rolls(load_encounter(sample_encounters()[0])), StartCombat(), SeededDice(3))[0]


def test_whose_turn_and_the_side_come_from_the_ruleset():
    """The Avorkarth ruleset keeps the turn as an index into its initiative order; the table sees
    the acting token's id, its side (``TurnInfo.side``) and the round, nothing else of the combat
    state. Its turns are an initiative list: with the actor hidden, its side would give it away."""
    from vantage.engine.rules import get_ruleset

    enc = _avorkarth_in_combat()
    info = get_ruleset(enc.ruleset).turn(enc)
    assert info is not None and info.actor is not None and info.side == enc.token(info.actor).side.value
    assert whose_turn(enc) == (info.round, info.actor)
    told = {"round": info.round, "active_token": info.actor, "active_side": info.side}
    assert player_view(enc).combat == told
    hidden_actor = enc.with_token(replace(enc.token(info.actor), hidden=True))
    assert player_view(hidden_actor).combat == {"round": info.round}


def test_a_baton_side_is_told_even_when_the_actor_is_hidden():
    """Skirmish (a test ruleset, ``TurnStructure.BATON``): "The side named by ``start_combat``'s
    option ``first`` … holds the initiative first" — the table sees which side holds it, the
    hidden actor stays hidden."""
    from skirmish_ruleset import registered, sample_encounter

    from vantage.engine.dice import ScriptedDice
    from vantage.engine.protocol.commands import StartCombat
    from vantage.engine.session import apply

    with registered() as skirmish:
        enc = apply(sample_encounter(), StartCombat(options={"first": "enemy"}), ScriptedDice([]))[0]
        info = skirmish.turn(enc)
        assert info is not None and info.side == "enemy" and info.actor is not None
        told = {"round": info.round, "active_token": info.actor, "active_side": "enemy"}
        assert player_view(enc).combat == told
        hidden = enc.with_token(replace(enc.token(info.actor), hidden=True))
        assert player_view(hidden).combat == {"round": info.round, "active_side": "enemy"}


def test_a_ruleset_failing_on_its_combat_state_tells_nothing(monkeypatch):
    """The player view never fails on a ruleset's half-made combat state, and guesses nothing."""
    from vantage.engine.rules import get_ruleset

    enc = _avorkarth_in_combat()
    ruleset = get_ruleset(enc.ruleset)

    def broken(encounter):
        raise KeyError("order")

    monkeypatch.setattr(ruleset, "turn", broken)
    assert player_view(enc).combat == {}


def test_a_timed_condition_keeps_its_unit_and_loses_its_source():
    """Condition: "``rounds_left`` counts ``unit`` ("rounds", "turns" — the bearer's — or "side
    turns")" — the table sees how long in which unit, not who caused it."""
    timed = Condition("stunned", 2, source="the GM's trap", unit="turns")
    assert public_condition(timed) == Condition("stunned", 2, unit="turns")
    assert public_condition(Condition("gm:charmed", 1)) is None


def test_the_two_level_hall_keeps_its_secret_door_and_trap_from_the_players():
    """maps/03-two-level-hall.json: "a secret door (GM only) lets it out into the west aisle. A
    pressure plate (GM only) before the altar fires darts" — the players see wall and no plate."""
    from vantage.engine.fileformat import load_encounter
    from vantage.gui.appdata.resources import sample_encounters

    hall = load_encounter(next(p for p in sample_encounters() if p.name == "03-two-level-hall.json"))
    secret = [w for w in hall.map.walls if w.gm_only]
    assert [(w.a, w.b, w.kind) for w in secret] == [((6, 11), (7, 11), WallKind.DOOR_CLOSED)]
    assert [o.id for o in hall.map.objects if o.gm_only] == ["pressure-plate"]
    view = player_view(hall)
    assert Wall((6, 11), (7, 11), WallKind.WALL) in view.map.walls
    assert not any(w.kind.is_door and {w.a, w.b} == {(6, 11), (7, 11)} for w in view.map.walls)
    assert "pressure-plate" not in {o.id for o in view.map.objects}
    assert "altar" in {o.id for o in view.map.objects}


def test_a_rider_keeps_its_mount_in_the_players_view_unless_the_mount_is_hidden():
    """The players see a rider on its mount (drawn on it); a hidden mount is never named to them."""
    horse = Token("horse", "Horse", (1, 1), Side.PARTY, Size.LARGE)
    rider = Token("rider", "Rider", (1, 1), Side.PARTY, rides="horse")
    shown = player_view(Encounter(GameMap(5, 5), (horse, rider), ruleset="baton"))
    assert shown.token("rider").rides == "horse"
    hidden = player_view(Encounter(GameMap(5, 5), (replace(horse, hidden=True), rider), ruleset="baton"))
    assert [t.id for t in hidden.tokens] == ["rider"] and hidden.token("rider").rides is None
