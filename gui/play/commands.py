"""The drag tool's commands: a move along the engine's path and a turn, sent through
:func:`vantage.gui.document.run_command` like every other change."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.model import Facing
from vantage.engine.movement import Path
from vantage.gui.document import EncounterDocument, run_command

if TYPE_CHECKING:
    from vantage.engine.protocol.events import Event


def move_token(document: EncounterDocument, path: Path, mode: str | None = None) -> list[Event]:
    """Move along ``path`` (start first), in the ruleset's move ``mode`` when given (sent as
    ``options={"mode": mode}``); the engine checks it again and reports what happened."""
    from vantage.engine.protocol.commands import Move
    name = document.encounter.token(path.token).name
    options = {"mode": mode} if mode else {}
    title = f"Move {name}" + (f" ({mode})" if mode else "")
    return run_command(document, title, Move(token=path.token, path=path.tiles, options=options))


def face_token(document: EncounterDocument, token_id: str, facing: Facing) -> list[Event]:
    from vantage.engine.protocol.commands import Face
    token = document.encounter.token(token_id)
    if token.facing is facing:
        return []
    command = Face(token=token_id, facing=facing.name)
    return run_command(document, f"Turn {token.name} to {facing.name}", command)
