"""The players' view as JSON for their own devices (phones, tablets, a TV's browser).

Everything here starts from :func:`~vantage.engine.table.player_view.player_view`, the one tested
filter of what the table may see: a device is sent the filtered encounter and nothing else of the
GM's state, so fog, hidden tokens, stat blocks and the GM-only layer never leave the GM's machine.
Two messages, both plain JSON (``type`` names them):

- ``map``: the filtered map — size, feet per tile, one terrain index per shown tile (hidden tiles
  are :data:`~vantage.engine.table.player_view.UNSEEN`), the palette of terrain kinds shown, the
  walls and map objects the players see, and whether fog is on (with vision fog, the tiles in sight
  now). It changes rarely, so it is sent only when it changes.
- ``state``: the tokens shown (id, name, tile, footprint, side, facing, public conditions), the
  area templates the GM shows with their tiles, the turn strip (the ruleset's turn order with every
  entry of a token not shown left out, as on the projector), and each shown party member's health
  in its ruleset's own words.

A device's own extras (its claimed token, a roll or decision it is asked) are built beside these by
the server from the same filtered view.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vantage.engine.geometry.area_marks import template_tiles
from vantage.engine.model import Encounter, GameMap, Side, Tile
from vantage.engine.rules.asking import ask_health, ask_stat_schema, ask_turn
from vantage.engine.rules.base import Health, TurnInfo
from vantage.engine.rules.stat_schema import MISSING, StatSchema, lookup
from vantage.engine.table.player_view import UNSEEN, player_view

#: The protocol's version, sent in every message (a client built for another refuses politely).
PROTOCOL = 1


@dataclass(frozen=True)
class DeviceView:
    """The two shared messages of one moment of the game, as JSON-ready dicts; ``shown`` is the
    filtered encounter they were made from (the server checks a device's requests against it)."""

    shown: Encounter
    map: Mapping[str, Any]
    state: Mapping[str, Any]


def device_view(encounter: Encounter, *, visible: frozenset[Tile] | None = None,
                ruler: Mapping[str, Any] | None = None,
                framing: tuple[float, float, float, float] | None = None) -> DeviceView:
    """What every device is sent now. ``visible`` as for :func:`player_view` (vision fog);
    ``ruler`` the GM's shown ruler reading (``{"start", "end", "label"}``, tiles), ``framing`` the
    projector's framing in tile units (x0, y0, x1, y1), which a device in TV mode follows."""
    shown = player_view(encounter, visible=visible)
    return DeviceView(shown, map_message(shown, visible),
                      state_message(encounter, shown, ruler=ruler, framing=framing))


class _LastMapMessage:
    """A one-entry memo: a token move leaves the filtered map object as it was (the filter reuses
    it), so its message is reused too — and the server sees the same object and sends nothing."""

    source: GameMap | None = None
    visible: frozenset[Tile] | None = None
    message: dict[str, Any] | None = None


def map_message(shown: Encounter, visible: frozenset[Tile] | None = None) -> dict[str, Any]:
    """The filtered map of ``shown`` (already filtered by :func:`player_view`)."""
    memo = _LastMapMessage
    if memo.source is shown.map and memo.visible == visible and memo.message is not None:
        return memo.message
    message = _map_message(shown, visible)
    memo.source, memo.visible, memo.message = shown.map, visible, message
    return message


def _map_message(shown: Encounter, visible: frozenset[Tile] | None) -> dict[str, Any]:
    game_map = shown.map
    kinds = [UNSEEN]
    index = {UNSEEN: 0}
    cells: list[int] = []
    for terrain in game_map.terrain or ("",) * (game_map.width * game_map.height):
        if terrain not in index:
            index[terrain] = len(kinds)
            kinds.append(terrain)
        cells.append(index[terrain])
    palette = []
    for kind_id in kinds:
        kind = game_map.terrain_kinds.get(kind_id)
        if kind_id == UNSEEN or kind is None:
            palette.append({"id": kind_id, "name": "Unseen" if kind_id == UNSEEN else "", "color": "#000000"
                            if kind_id == UNSEEN else "#8a8a7a"})
        else:
            palette.append({"id": kind.id, "name": kind.name, "color": kind.color or "#8a8a7a"})
    out: dict[str, Any] = {
        "type": "map", "protocol": PROTOCOL, "name": shown.name,
        "width": game_map.width, "height": game_map.height, "feet_per_tile": game_map.feet_per_tile,
        "palette": palette, "terrain": cells,
        "walls": [[w.a[0], w.a[1], w.b[0], w.b[1], str(w.kind)] for w in game_map.walls],
        "objects": [{"outline": [list(p) for p in o.outline], "name": o.name} for o in game_map.objects],
        "fog": game_map.fog_enabled,
    }
    if game_map.fog_enabled and visible is not None:
        on_map = [(x, y) for x, y in visible if 0 <= x < game_map.width and 0 <= y < game_map.height]
        out["in_sight"] = sorted([x, y] for x, y in on_map)
    return out


def state_message(encounter: Encounter, shown: Encounter, *, ruler: Mapping[str, Any] | None = None,
                  framing: tuple[float, float, float, float] | None = None) -> dict[str, Any]:
    """The tokens, templates, turn strip and party health the players may see.

    ``encounter`` is the GM's (the ruleset answers the turn and health from it); only what concerns
    the tokens of ``shown`` is kept."""
    names = {t.id: t.name for t in shown.tokens}
    tokens = [{
        "id": t.id, "name": t.name, "x": t.position[0], "y": t.position[1], "size": t.footprint,
        "side": str(t.side), "facing": t.facing.name, "conditions": [c.name for c in t.conditions],
        "rides": t.rides,
    } for t in shown.tokens]
    templates = [{
        "id": t.id, "kind": str(t.kind), "label": t.label,
        "tiles": sorted([x, y] for x, y in template_tiles(shown.map, t)),
    } for t in shown.templates]
    party = []
    for token in shown.tokens:
        if token.side is not Side.PARTY:
            continue
        health = _health(encounter, token.id)
        party.append({"id": token.id, "name": token.name, "conditions": [c.name for c in token.conditions],
                      "health": health})
    out: dict[str, Any] = {
        "type": "state", "protocol": PROTOCOL, "tokens": tokens, "templates": templates,
        "turn": turn_strip(_turn(encounter), names), "party": party,
    }
    if ruler is not None:
        out["ruler"] = dict(ruler)
    if framing is not None:
        out["framing"] = list(framing)
    return out


def own_sheet(encounter: Encounter, token_id: str) -> list[dict[str, str]]:
    """The stat block of the token a device plays, for its player only: each field of the
    ruleset's stat schema that the token has, as ``{"title", "value"}`` (the form's titles)."""
    token = next((t for t in encounter.tokens if t.id == token_id), None)
    schema = ask_stat_schema(encounter.ruleset)
    if token is None or not isinstance(schema, StatSchema):
        return []
    out = []
    for stat in schema.fields:
        value = lookup(token.stats, stat.path)
        if value is MISSING or value is None or value == "" or value == [] or value == {}:
            continue
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
        out.append({"title": stat.title, "value": text[:200]})
    return out


def turn_strip(turn: TurnInfo | None, names: Mapping[str, str]) -> dict[str, Any] | None:
    """The turn order as the projector's strip shows it: entries of tokens not in ``names`` (not
    shown) left out, the acting one marked, the used ones marked done."""
    if turn is None:
        return None
    head = turn.round_label or (f"Round {turn.round}" if turn.round is not None else "Combat")
    if turn.side:
        head += f" · {turn.side} holds the initiative"
    entries = [{"token": e.token, "name": names[e.token], "done": e.done, "current": i == turn.current}
               for i, e in enumerate(turn.entries) if e.token in names]
    return {"head": head, "round": turn.round, "actor": turn.actor if turn.actor in names else None,
            "entries": entries}


def _turn(encounter: Encounter) -> TurnInfo | None:
    try:
        return ask_turn(encounter)
    except Exception:  # the players' view must never fail on a ruleset's half-made combat state
        return None


def _health(encounter: Encounter, token_id: str) -> dict[str, Any] | None:
    try:
        answer = ask_health(encounter, token_id)
    except Exception:  # as above: no bar rather than no view
        return None
    if not isinstance(answer, Health):
        return None
    return {"fraction": answer.fraction, "text": answer.text,
            "layers": [{"name": layer.name, "left": layer.left, "maximum": layer.maximum,
                        "colour": layer.colour} for layer in answer.layers]}
