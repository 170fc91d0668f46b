"""The hub's door to the GM's encounter: :class:`DocumentTable` over an
:class:`~vantage.gui.document.EncounterDocument` (the GM window's, or the headless server's own)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.model import Encounter, Tile
from vantage.engine.protocol.commands import Command
from vantage.engine.table.device_view import DeviceView, device_view
from vantage.gui.document import EncounterDocument, LogEntry, SentCommand, log_entries


class DocumentTable:
    """The encounter of ``document``; the players' input to the filter is ``players_encounter``
    (the projector's: with the session's explored tiles) and ``visible`` (vision fog), as the
    player view has them; ``ruler`` and ``framing`` what the projector shows of the GM's ruler and
    where its camera looks (tile units)."""

    def __init__(self, document: EncounterDocument,
                 players_encounter: Callable[[], Encounter] | None = None,
                 visible: Callable[[], frozenset[Tile] | None] = lambda: None,
                 ruler: Callable[[], Mapping[str, Any] | None] = lambda: None,
                 framing: Callable[[], tuple[float, float, float, float] | None] = lambda: None,
                 background: Callable[[DeviceView], Mapping[str, Any] | None] | None = None) -> None:
        self.document = document
        self._players_encounter = players_encounter or (lambda: document.encounter)
        self._visible = visible
        self._ruler = ruler
        self._framing = framing
        self._background = background

    def encounter(self) -> Encounter:
        return self.document.encounter

    def view(self) -> DeviceView:
        view = device_view(self._players_encounter(), visible=self._visible(), ruler=self._ruler(),
                           framing=self._framing())
        picture = self._background(view) if self._background is not None else None
        if picture is None:
            return view
        return replace(view, map={**view.map, "background": dict(picture)})

    def run(self, name: str, command: Command, answered_by: str) -> None:
        """``run_command`` with one more log line first: who sent it, from which device."""
        run_logged(self.document, name, command, f"From {answered_by}: {name}")


def run_logged(document: EncounterDocument, name: str, command: Command, who_line: str) -> None:
    """Apply ``command`` through the engine (CommandRejected on refusal) and commit it as the undo
    step ``name``, the log saying ``who_line`` before the engine's own sentences."""
    from vantage.engine.session import apply  # as run_command: the rules load with the first command

    before = document.encounter
    encounter, events = apply(before, command, document.dice)
    if encounter is before and not events:
        return
    entries = (LogEntry(who_line, (), "device"), *log_entries(events))
    document.commit(name, SentCommand(command, tuple(events)), encounter, entries)
