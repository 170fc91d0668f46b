"""Hypothesis strategies for whole encounters, for the file-format property tests."""

from __future__ import annotations

from hypothesis import strategies as st

from vantage.engine.model import (
    BackgroundImage,
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
from vantage.engine.protocol.combat_log import CombatLog, EarlierEntries, LogEntry
from vantage.engine.terrain import DEFAULT_TERRAIN, MovementClass, Setback, TerrainKind

_ids = st.text(alphabet="abcdefghijklmnopqrstuvwxyz-0123456789", min_size=1, max_size=8)
_text = st.text(max_size=12)
_finite = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
_halves = st.integers(-40, 40).map(lambda n: n / 2)
_colors = st.from_regex(r"#[0-9a-f]{6}", fullmatch=True)

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-1000, 1000) | _finite | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=8,
)


@st.composite
def terrain_kinds(draw: st.DrawFn) -> dict[str, TerrainKind]:
    own = draw(st.lists(_ids.map(lambda s: "x-" + s), max_size=3, unique=True))
    kinds = dict(DEFAULT_TERRAIN)
    for kind_id in own:
        kinds[kind_id] = TerrainKind(
            kind_id,
            draw(_text),
            draw(st.sampled_from(list(MovementClass))),
            frozenset(draw(st.sets(st.sampled_from(list(Setback))))),
            draw(_colors),
            draw(st.booleans()),
        )
    return kinds


@st.composite
def game_maps(draw: st.DrawFn) -> GameMap:
    width = draw(st.integers(1, 12))
    height = draw(st.integers(1, 12))
    n = width * height
    kinds = draw(terrain_kinds())
    terrain = tuple(draw(st.lists(st.sampled_from(sorted(kinds)), min_size=n, max_size=n)))
    elevation = tuple(draw(st.lists(_halves, min_size=n, max_size=n)))

    def point() -> st.SearchStrategy[tuple[float, float]]:
        return st.tuples(st.floats(0, width, allow_nan=False), st.floats(0, height, allow_nan=False))

    walls = draw(
        st.lists(
            st.builds(Wall, point(), point(), st.sampled_from(list(WallKind)), st.booleans()).filter(
                lambda w: w.a != w.b
            ),
            max_size=4,
        )
    )
    objects = [
        MapObject(
            f"obj-{i}",
            tuple(draw(st.lists(point(), min_size=3, max_size=5))),
            draw(_text),
            draw(st.booleans()),
            draw(st.booleans()),
            draw(st.sampled_from(list(Cover))),
            draw(st.booleans()),
        )
        for i in range(draw(st.integers(0, 3)))
    ]
    lights = draw(
        st.lists(
            st.builds(Light, point(), st.floats(0, 30), st.floats(0, 2), st.just("#ffcc00ff"), st.booleans()),
            max_size=2,
        )
    )
    background = draw(
        st.none()
        | st.builds(
            BackgroundImage,
            st.just("cave.png"),
            st.sampled_from([50.0, 64.0, 70.5]),
            st.tuples(_halves, _halves),
        )
    )
    revealed = draw(st.frozensets(st.tuples(st.integers(0, width - 1), st.integers(0, height - 1))))
    return GameMap(
        width=width,
        height=height,
        feet_per_tile=draw(st.sampled_from([5.0, 10.0, 1.5])),
        terrain=terrain,
        elevation=elevation,
        walls=tuple(walls),
        objects=tuple(objects),
        lights=tuple(lights),
        background=background,
        fog_enabled=draw(st.booleans()),
        revealed=revealed,
        terrain_kinds=kinds,
    )


@st.composite
def combat_logs(draw: st.DrawFn) -> CombatLog:
    """A combat log as a file keeps it: entries of any text, and now and then a summary of older ones."""
    kinds = st.sampled_from(["event", "hit", "moved", "turn_began"]) | _ids
    entries = draw(st.lists(st.builds(LogEntry, _text, st.lists(_text, max_size=3).map(tuple), kinds),
                            max_size=4))
    earlier = draw(st.none() | st.builds(
        EarlierEntries, st.integers(1, 2**53),
        st.dictionaries(_ids, st.integers(0, 2**53), max_size=3).map(lambda d: tuple(sorted(d.items())))))
    return CombatLog(tuple(entries), earlier)


@st.composite
def encounters(draw: st.DrawFn) -> Encounter:
    game_map = draw(game_maps())
    ids = draw(st.lists(_ids, max_size=5, unique=True))
    tokens = []
    for token_id in ids:
        size = draw(st.sampled_from([s for s in Size if s.footprint <= min(game_map.width, game_map.height)]))
        n = size.footprint
        position = (draw(st.integers(0, game_map.width - n)), draw(st.integers(0, game_map.height - n)))
        conditions = tuple(
            draw(
                st.lists(
                    st.builds(Condition, _ids, st.none() | st.integers(0, 10), st.none() | _ids), max_size=2
                )
            )
        )
        tokens.append(
            Token(
                id=token_id,
                name=draw(_text),
                position=position,
                side=draw(st.sampled_from(list(Side))),
                size=size,
                facing=draw(st.sampled_from(list(Facing))),
                elevation=draw(_halves),
                hidden=draw(st.booleans()),
                image=draw(st.none() | st.just("tokens/ghoul.png")),
                stats=draw(st.dictionaries(_text, json_values, max_size=3)),
                conditions=conditions,
            )
        )
    return Encounter(
        map=game_map,
        tokens=tuple(tokens),
        ruleset=draw(st.sampled_from(["avorkarth", "baton", "power-tiers", "shattered-world"])),
        name=draw(_text),
        combat=draw(st.dictionaries(_text, json_values, max_size=3)),
        notes=draw(_text),
        log=draw(combat_logs()),
    )
