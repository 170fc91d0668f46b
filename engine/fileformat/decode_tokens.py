"""Reading the ``tokens`` list of an encounter file into :class:`Token` values, logging every problem."""

from __future__ import annotations

from typing import Any

from vantage.engine.fileformat.fields import (
    check_object,
    check_plain_data,
    read_bool,
    read_choice,
    read_int,
    read_number,
    read_objects,
    read_point,
    read_str,
)
from vantage.engine.fileformat.problems import ProblemLog, item, join, show
from vantage.engine.model import Condition, Facing, Side, Size, Token

_SIDES = {s.value: s for s in Side}
_SIZES = {s.value: s for s in Size}
_FACINGS = {f.name: f for f in Facing}


def decode_tokens(
    value: list[Any], place: str, log: ProblemLog, bounds: tuple[int, int] | None
) -> tuple[Token, ...]:
    """The tokens of the list at ``place``; footprints are checked against the map's ``bounds``
    (width, height) when those are known."""
    tokens = []
    seen: dict[str, int] = {}
    for index, entry in enumerate(value):
        at = item(place, index)
        token = _decode_token(entry, at, log, bounds)
        if token is None:
            continue
        if token.id in seen:
            log.add(join(at, "id"), f"{show(token.id)} is already the id of {item(place, seen[token.id])}")
            continue
        seen[token.id] = index
        tokens.append(token)
    check_mounts(tokens, seen, place, log)
    return tuple(tokens)


def check_mounts(tokens: list[Token], index_of: dict[str, int], place: str, log: ProblemLog) -> None:
    """Every ``rides`` names another token of the file that rides nothing itself, and the rider stands
    on a tile of that mount's footprint."""
    by_id = {t.id: t for t in tokens}
    for token in tokens:
        if token.rides is None:
            continue
        at = join(item(place, index_of[token.id]), "rides")
        mount = by_id.get(token.rides)
        if mount is None:
            log.add(at, f"{show(token.rides)} is not the id of a token in this file")
        elif mount.id == token.id:
            log.add(at, f"{show(token.id)} cannot ride itself")
        elif mount.rides is not None:
            log.add(at, f"{show(mount.id)} rides {show(mount.rides)} itself: a mount carries riders, "
                        "it does not ride")
        elif token.position not in mount.footprint_tiles():
            log.add(at, f"{show(token.id)} at {token.position} is not on its mount {show(mount.id)} "
                        f"(which covers {mount.footprint_tiles()[0]} to {mount.footprint_tiles()[-1]})")


def _decode_token(entry: Any, at: str, log: ProblemLog, bounds: tuple[int, int] | None) -> Token | None:
    obj = check_object(entry, at, log)
    if obj is None:
        return None
    token_id = read_str(obj, "id", at, log, non_empty=True)
    name = read_str(obj, "name", at, log)
    side = read_choice(obj, "side", at, log, _SIDES, Side.NEUTRAL)
    size = read_choice(obj, "size", at, log, _SIZES, Size.MEDIUM)
    position = read_point(obj, "position", at, log, whole=True)
    facing = read_choice(obj, "facing", at, log, _FACINGS, Facing.N)
    elevation = read_number(obj, "elevation", at, log, 0.0)
    hidden = read_bool(obj, "hidden", at, log, False)
    image = read_str(obj, "image", at, log, None, nullable=True, non_empty=True)
    stats: dict[str, Any] = {}
    if "stats" in obj:
        stats = check_object(obj["stats"], join(at, "stats"), log) or {}
        check_plain_data(stats, join(at, "stats"), log)
    conditions = _decode_conditions(obj, at, log)
    rides = read_str(obj, "rides", at, log, None, nullable=True, non_empty=True)
    if position is not None and bounds is not None and size is not None:
        _check_on_map(position, size, join(at, "position"), log, bounds)
    if token_id is None or name is None or position is None:
        return None
    return Token(
        id=token_id,
        name=name,
        position=position,
        side=side or Side.NEUTRAL,
        size=size or Size.MEDIUM,
        facing=facing if facing is not None else Facing.N,
        elevation=elevation or 0.0,
        hidden=bool(hidden),
        image=image,
        stats=stats,
        conditions=conditions,
        rides=rides,
    )


def _check_on_map(
    position: tuple[int, int], size: Size, place: str, log: ProblemLog, bounds: tuple[int, int]
) -> None:
    x, y = position
    w, h = bounds
    n = size.footprint
    if not (0 <= x < w and 0 <= y < h):
        log.add(place, f"({x}, {y}) is outside the {w}×{h} map")
    elif x + n > w or y + n > h:
        log.add(
            place,
            f"a {size.value} token at ({x}, {y}) covers up to ({x + n - 1}, {y + n - 1}), "
            f"outside the {w}×{h} map",
        )


#: The units a condition's timer may count (``vantage.engine.rules.timers.TimerUnit``).
TIMER_UNITS = ("rounds", "turns", "side turns")


def _decode_conditions(obj: dict[str, Any], at: str, log: ProblemLog) -> tuple[Condition, ...]:
    conditions = []
    for c_at, c_obj in read_objects(obj, "conditions", at, log):
        name = read_str(c_obj, "name", c_at, log, non_empty=True)
        rounds_left = None
        if c_obj.get("rounds_left") is not None:
            rounds_left = read_int(c_obj, "rounds_left", c_at, log, None, minimum=0)
        source = read_str(c_obj, "source", c_at, log, None, nullable=True)
        unit = read_str(c_obj, "unit", c_at, log, "rounds")
        if unit is not None and unit not in TIMER_UNITS:
            log.add(f"{c_at}.unit", f"{unit!r} is not a timer unit (known: {', '.join(TIMER_UNITS)})")
            unit = None
        if name is not None and unit is not None:
            conditions.append(Condition(name, rounds_left, source, unit))
    return tuple(conditions)
