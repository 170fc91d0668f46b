"""The token menu's riding entries (the GM's ``ride`` command): seat the selected token on the
right-clicked one, or take the right-clicked rider off its mount. What riding means in play is the
ruleset's; mounting has no cost in any rule text Vantage plays, so it is the GM's to give."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QMenu

from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.protocol.errors import CommandRejected
from vantage.gui.document import EncounterDocument, run_command

if TYPE_CHECKING:
    from vantage.engine.protocol.gm_commands import Ride


def add_riding_actions(menu: QMenu, document: EncounterDocument, selected_id: str | None, token_id: str,
                       message: Callable[[str], None]) -> None:
    """"Take <rider> off <mount>" on a rider; "Seat <selected> on <token>" when the selected token
    stands next to it (or on it), on its side, and does not ride it yet (the menu offers no seat on a
    stranger across the map; the ``ride`` command itself has no such limit)."""
    from vantage.engine.protocol.gm_commands import Ride
    encounter = document.encounter
    token = encounter.token(token_id)
    entries: list[tuple[str, Ride]] = []
    mount = next((t for t in encounter.tokens if t.id == token.rides), None)
    if mount is not None:
        entries.append((f"Take {token.name} off {mount.name}", Ride(token_id, None)))
    selected = next((t for t in encounter.tokens if t.id == selected_id), None)
    if (selected is not None and selected.id != token_id and selected.rides != token_id
            and selected.side == token.side and footprint_distance(selected, token) <= 1):
        entries.append((f"Seat {selected.name} on {token.name}", Ride(selected.id, token_id)))
    for label, command in entries:
        action = menu.addAction(label)
        action.setToolTip("The GM's ride command: they move together from then on; logged and undoable")
        action.triggered.connect(lambda _checked=False, lb=label, c=command: _ride(document, lb, c, message))


def _ride(document: EncounterDocument, label: str, command: Ride, message: Callable[[str], None]) -> None:
    try:
        events = run_command(document, label, command)
    except CommandRejected as refused:
        message(f"{label}: refused — {refused.reason}")
        return
    if events:
        message(events[0].sentence)
