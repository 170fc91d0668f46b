"""What a charge lane reads of the board: the window of the map that holds every lane from an
attacker to its targets, and the tokens in it.

A lane (:mod:`vantage.engine.geometry.charge`) is searched only inside this window: the attacker
and each target with a footprint's margin, cut to the map. A token wholly outside it is on no
lane and in no reason, so a lane is the same whatever stands outside (this module loads no
numpy: a ruleset keys the lanes it keeps by :func:`lane_layout` before any lane is searched).
"""

from __future__ import annotations

from collections.abc import Iterable

from vantage.engine.model import Encounter, GameMap, Token

#: (x0, y0, x1, y1): the tiles x0 ≤ x < x1, y0 ≤ y < y1
Window = tuple[int, int, int, int]


def lane_window(game_map: GameMap, attacker: Token, targets: Iterable[Token]) -> Window:
    """The window holding every lane from ``attacker`` to ``targets`` (see the module text)."""
    n = attacker.footprint
    ax, ay = attacker.position
    x0, y0, x1, y1 = ax, ay, ax + n, ay + n
    for t in targets:
        (tx, ty), m = t.position, t.footprint
        x0, y0 = min(x0, tx - n), min(y0, ty - n)
        x1, y1 = max(x1, tx + m + n), max(y1, ty + m + n)
    return max(x0, 0), max(y0, 0), min(x1, game_map.width), min(y1, game_map.height)


def in_window(token: Token, window: Window) -> bool:
    """Whether any tile of ``token``'s footprint lies in ``window``."""
    x0, y0, x1, y1 = window
    (tx, ty), m = token.position, token.footprint
    return tx < x1 and tx + m > x0 and ty < y1 and ty + m > y0


def lane_layout(encounter: Encounter, attacker_id: str, target_id: str) -> tuple[object, ...]:
    """All that the lane from ``attacker_id`` to ``target_id`` reads of the tokens (the map
    aside): the attacker's and the target's ids, names, places and sizes, and those of every
    other token in the lane's window, in their order. Two boards with the same layout on one map
    have the same lane, field for field."""
    attacker, target = encounter.token(attacker_id), encounter.token(target_id)
    window = lane_window(encounter.map, attacker, (target,))
    return (
        (attacker.id, attacker.name, attacker.position, attacker.footprint),
        (target.id, target.name, target.position, target.footprint),
        tuple([(t.id, t.name, t.position, t.footprint) for t in encounter.tokens
               if t.id != attacker_id and in_window(t, window)]),
    )
