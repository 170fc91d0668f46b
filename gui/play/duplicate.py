"""Duplicate a token (Ctrl+D, the token menu's GM section): a copy on the nearest free tile with the
same stat block, side, size, facing, picture and hidden state (hidden anyway when the editor's
"New tokens start hidden from the players" is ticked), its name
numbered by the engine ("Ghoul" → "Ghoul 2"), sent as one ``AddToken`` — one undo step.

Conditions, wounds taken and the combat state are not copied: the copy is a fresh creature of the
same kind, as a GM who copies a monster in Foundry or MapTool expects. The free-tile search is
shared with the creature library (:func:`nearest_free_tile`).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from vantage.engine.model import Encounter, Size, Tile, Token
from vantage.engine.protocol.errors import CommandRejected
from vantage.gui.document import EncounterDocument, run_command

if TYPE_CHECKING:
    from vantage.engine.protocol.gm_commands import AddToken

DUPLICATE_SHORTCUT = "Ctrl+D"
#: How far (in tiles, in every direction) the search for a free tile goes before it gives up.
SEARCH_RINGS = 64


def footprint_at(tile: Tile, footprint: int) -> tuple[Tile, ...]:
    x0, y0 = tile
    return tuple((x0 + dx, y0 + dy) for dy in range(footprint) for dx in range(footprint))


def is_free(encounter: Encounter, tile: Tile, footprint: int, ignore: str | None = None) -> bool:
    """Whether a token ``footprint`` tiles square fits on the map at ``tile`` (its top-left) without
    covering another token (``ignore``: a token id that does not count)."""
    covered = footprint_at(tile, footprint)
    if not all(encounter.map.in_bounds(t) for t in covered):
        return False
    taken = {t for other in encounter.tokens if other.id != ignore for t in other.footprint_tiles()}
    return not taken.intersection(covered)


def nearest_free_tile(encounter: Encounter, near: Tile, footprint: int = 1,
                      skip_near: bool = False) -> Tile | None:
    """The free tile closest to ``near`` (rings of growing Chebyshev distance; within a ring the
    smallest straight-line distance, then top to bottom, left to right), ``near`` itself first
    unless ``skip_near``; None when the map has no room for the footprint."""
    for ring in range(1 if skip_near else 0, SEARCH_RINGS + 1):
        x0, y0 = near
        candidates = [(x0 + dx, y0 + dy) for dy in range(-ring, ring + 1) for dx in range(-ring, ring + 1)
                      if max(abs(dx), abs(dy)) == ring]
        candidates.sort(key=lambda t: ((t[0] - x0) ** 2 + (t[1] - y0) ** 2, t[1], t[0]))
        for tile in candidates:
            if is_free(encounter, tile, footprint):
                return tile
    return None


def fresh_token_id(encounter: Encounter, base: str) -> str:
    """An id no token has: ``base`` made id-like (``"Ghoul 2"`` → ``"ghoul"``), then ``-2``, ``-3`` …"""
    stem = re.sub(r"[^a-z0-9]+", "-", base.casefold()).strip("-") or "token"
    stem = re.sub(r"-\d+$", "", stem) or stem
    ids = {t.id for t in encounter.tokens}
    if stem not in ids:
        return stem
    n = 2
    while f"{stem}-{n}" in ids:
        n += 1
    return f"{stem}-{n}"


def duplicate_command(encounter: Encounter, token: Token, hide: bool = False) -> AddToken:
    """The ``AddToken`` that copies ``token`` onto the nearest free tile (hidden like the original,
    or hidden anyway when ``hide``); raises ``CommandRejected`` when the map has no room for it."""
    from vantage.engine.protocol.gm_commands import AddToken
    tile = nearest_free_tile(encounter, token.position, token.footprint, skip_near=True)
    if tile is None:
        raise CommandRejected(f"there is no free tile on the map for a copy of {token.name}")
    return AddToken(id=fresh_token_id(encounter, token.name), name=token.name, tile=tile,
                    side=token.side.value, size=Size(token.size).value, facing=token.facing.name,
                    hidden=token.hidden or hide, image=token.image, stats=dict(token.stats))


def duplicate_token(document: EncounterDocument, token_id: str | None, hide: bool = False) -> str:
    """Copy ``token_id`` (one undo step); the sentence for the status bar (a refusal says why).
    ``hide``: the copy starts hidden from the players even if the original is shown (the editor's
    "New tokens start hidden from the players")."""
    if token_id is None:
        return "Select a token to duplicate it"
    encounter = document.encounter
    try:
        token = encounter.token(token_id)
    except KeyError:
        return "Select a token to duplicate it"
    try:
        add = duplicate_command(encounter, token, hide)
        run_command(document, f"Duplicate {token.name}", add)
    except CommandRejected as refused:
        return f"Duplicate {token.name}: refused — {refused.reason}"
    copy = document.encounter.token(add.id)
    hidden = ""
    if copy.hidden:
        hidden = " (hidden from the players, like the original)" if token.hidden else (
            " (hidden from the players; H reveals it)")
    return f"{copy.name} is a copy of {token.name} at {copy.position}{hidden}"
