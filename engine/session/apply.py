"""``apply``: hand a command to the encounter's ruleset and return the new state and the events."""

from __future__ import annotations

from collections.abc import Iterable

from vantage.engine.dice import DiceSource
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.rules import get_ruleset


def apply(encounter: Encounter, command: Command, dice: DiceSource) -> tuple[Encounter, list[Event]]:
    """Resolve ``command`` by the encounter's ruleset; CommandRejected leaves ``encounter`` as it was."""
    try:
        ruleset = get_ruleset(encounter.ruleset)
    except KeyError as exc:
        raise CommandRejected(str(exc.args[0])) from None
    return ruleset.apply(encounter, command, dice)


def apply_all(
    encounter: Encounter, commands: Iterable[Command], dice: DiceSource
) -> tuple[Encounter, list[Event]]:
    """Apply commands in order; the first rejected one raises (the events so far are lost)."""
    events: list[Event] = []
    for command in commands:
        encounter, new = apply(encounter, command, dice)
        events.extend(new)
    return encounter, events
