"""Play commands from the GUI (move, face, GM placement) turned into undoable document changes.

A command is checked by the engine first: a move must be a path the engine's reachable set
allows. The result is committed to the :class:`EncounterDocument` with a log entry, so undo
and the combat log see every command.
"""

from __future__ import annotations

from dataclasses import replace

from engine.model import Facing, Tile
from engine.movement import Path
from gui.document import EncounterDocument, LogEntry


class CommandRefused(Exception):
    """The engine refused the command; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def move_token(document: EncounterDocument, path: Path) -> None:
    """Move along an engine-approved ``path`` (the path's events go to the log)."""
    encounter = document.encounter
    token = encounter.token(path.token)
    if token.position != path.tiles[0]:
        raise CommandRefused(f"{token.name} is no longer at {path.tiles[0]}")
    moved = encounter.with_token(replace(token, position=path.end))
    used = f"{path.cost:g} of {path.allowance.value:g}"
    sentence = f"{token.name} moves {path.steps} tiles to {path.end} ({used})."
    details = tuple(path.explanation.splitlines())
    document.commit(f"Move {token.name}", moved, (LogEntry(sentence, details, "move"),))


def place_token(document: EncounterDocument, token_id: str, tile: Tile) -> None:
    """GM override: put the token at ``tile`` without rules (logged as an override)."""
    encounter = document.encounter
    token = encounter.token(token_id)
    if not all(encounter.map.in_bounds(t) for t in token.footprint_tiles(tile)):
        raise CommandRefused(f"{token.name} would not fit on the map at {tile}")
    placed = encounter.with_token(replace(token, position=tile))
    sentence = f"GM placed {token.name} at {tile} (override: no movement rules applied)."
    document.commit(f"Place {token.name} (GM)", placed, (LogEntry(sentence, (), "override"),))


def face_token(document: EncounterDocument, token_id: str, facing: Facing) -> None:
    encounter = document.encounter
    token = encounter.token(token_id)
    if token.facing is facing:
        return
    turned = encounter.with_token(replace(token, facing=facing))
    sentence = f"{token.name} turns to face {facing.name}."
    document.commit(f"Turn {token.name} to {facing.name}", turned, (LogEntry(sentence, (), "face"),))
