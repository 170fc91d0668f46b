"""Play commands from the GUI, resolved by the engine's session and kept as undoable changes.

Every command goes through ``vantage.engine.session.apply`` with the document's dice; the new encounter
is committed to the :class:`EncounterDocument` as one undo step and the events become combat
log entries (each roll folded into the entry it led to). A refusal raises
:class:`CommandRefused` with the engine's reason and changes nothing. The one exception is the
GM's Shift-drag placement, an explicit override outside the rules, logged as such.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from vantage.engine.model import Facing, Tile
from vantage.engine.movement import Path
from vantage.engine.protocol.commands import Face, Move
from vantage.engine.session import Command, CommandRejected, Event, apply
from vantage.gui.document import EncounterDocument, LogEntry


class CommandRefused(Exception):
    """The engine refused the command; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def log_entries(events: Sequence[Event]) -> tuple[LogEntry, ...]:
    """One entry per event; a roll becomes a detail line of the entry that follows it."""
    entries: list[LogEntry] = []
    rolls: list[str] = []
    for event in events:
        if event.kind == "roll":
            rolls.append(event.sentence)
            continue
        details = list(rolls)
        rolls = []
        explanation = getattr(event, "explanation", "")
        if explanation:
            details += [part.strip() for part in str(explanation).split(";") if part.strip()]
        entries.append(LogEntry(event.sentence, tuple(details), event.kind))
    if rolls:
        entries.append(LogEntry("Dice rolled.", tuple(rolls), "roll"))
    return tuple(entries)


def run_command(document: EncounterDocument, name: str, command: Command) -> list[Event]:
    """Apply ``command`` through the engine and commit the result as the undo step ``name``."""
    try:
        encounter, events = apply(document.encounter, command, document.dice)
    except CommandRejected as refused:
        raise CommandRefused(refused.reason) from None
    document.commit(name, encounter, log_entries(events))
    return events


def move_token(document: EncounterDocument, path: Path) -> list[Event]:
    """Move along ``path`` (start first); the engine checks it again and reports what happened."""
    name = document.encounter.token(path.token).name
    return run_command(document, f"Move {name}", Move(token=path.token, path=path.tiles))


def face_token(document: EncounterDocument, token_id: str, facing: Facing) -> list[Event]:
    token = document.encounter.token(token_id)
    if token.facing is facing:
        return []
    command = Face(token=token_id, facing=facing.name)
    return run_command(document, f"Turn {token.name} to {facing.name}", command)


def place_token(document: EncounterDocument, token_id: str, tile: Tile) -> None:
    """GM override: put the token at ``tile`` without rules (logged as an override)."""
    encounter = document.encounter
    token = encounter.token(token_id)
    if not all(encounter.map.in_bounds(t) for t in token.footprint_tiles(tile)):
        raise CommandRefused(f"{token.name} would not fit on the map at {tile}")
    placed = encounter.with_token(replace(token, position=tile))
    sentence = f"GM placed {token.name} at {tile} (override: no movement rules applied)."
    document.commit(f"Place {token.name} (GM)", placed, (LogEntry(sentence, (), "override"),))
