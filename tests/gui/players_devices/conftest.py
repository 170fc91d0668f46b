"""Fixtures for the players' devices: a hub over a document of the Skirmish test ruleset, with a
recording sender in place of the network (the server has its own tests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from skirmish_ruleset import registered
from skirmish_ruleset import sample_encounter as skirmish_sample

from vantage.engine.dice import SeededDice
from vantage.engine.rules.decisions import with_default_table_dice
from vantage.gui.document import EncounterDocument
from vantage.gui.players_devices.hub import DeviceHub, HubNotes
from vantage.gui.players_devices.server import Joined
from vantage.gui.players_devices.table import DocumentTable


class RecordingSender:
    """What the hub would send: every message, per device (None: to all), and who was closed."""

    def __init__(self) -> None:
        self.sent: list[tuple[int | None, str | None, dict[str, Any]]] = []
        self.closed: list[tuple[int, str]] = []

    def broadcast(self, key: str, message: Any) -> None:
        self.sent.append((None, key, dict(message)))

    def send(self, device: int, key: str | None, message: Any) -> None:
        self.sent.append((device, key, dict(message)))

    def disconnect(self, device: int, reason: str, refused: bool = True) -> None:
        self.closed.append((device, reason))

    def last(self, kind: str, device: int | None = None) -> dict[str, Any]:
        return next(m for d, _, m in reversed(self.sent)
                    if m["type"] == kind and (device is None or d in (device, None)))


class HubRig:
    def __init__(self) -> None:
        self.document = EncounterDocument(with_default_table_dice(skirmish_sample()))
        self.document.dice = SeededDice(7)
        self.sender = RecordingSender()
        self.said: list[str] = []
        self.pings: list[tuple[tuple[int, int], str]] = []
        self.hub = DeviceHub(DocumentTable(self.document), self.sender,
                             HubNotes(say=self.said.append, ping=lambda t, w: self.pings.append((t, w))))
        self.document.changed.connect(self.hub.update)

    def join(self, device: int = 1, name: str = "Alice's phone") -> None:
        self.hub.handle(Joined(device, name, "192.168.1.20:50000"))

    def you(self, device: int = 1) -> dict[str, Any]:
        return self.sender.last("you", device)


@pytest.fixture
def rig(qtbot) -> Iterator[HubRig]:
    with registered():
        yield HubRig()
