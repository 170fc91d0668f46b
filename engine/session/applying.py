"""``apply``: resolve a command — the GM's own commands first, then the encounter's ruleset — and
return the new state and the events."""

from __future__ import annotations

from collections.abc import Iterable

from vantage.engine.dice import DiceSource
from vantage.engine.model import Encounter
from vantage.engine.movement.riding import keep_riders
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.gm_commands import GmRoll
from vantage.engine.rules import UnknownRuleset, get_ruleset
from vantage.engine.session.gm import resolve_gm
from vantage.engine.session.gm_roll import gm_roll


def apply(encounter: Encounter, command: Command, dice: DiceSource) -> tuple[Encounter, list[Event]]:
    """Resolve ``command``: a GM command (placing, token and map edits, fog) by the shared GM layer
    whatever the ruleset, any other by the encounter's ruleset. CommandRejected leaves
    ``encounter`` as it was."""
    if isinstance(command, GmRoll):  # the one GM command that rolls dice
        return gm_roll(encounter, command, dice)
    resolved = resolve_gm(encounter, command)
    if resolved is None:
        try:
            ruleset = get_ruleset(encounter.ruleset)
        except UnknownRuleset as exc:
            raise CommandRejected(str(exc)) from None
        resolved = ruleset.apply(encounter, command, dice)
    after, events = resolved
    after, riding = keep_riders(encounter, after)  # every rider still on its mount, whatever moved
    return after, [*events, *riding] if riding else events


def apply_all(
    encounter: Encounter, commands: Iterable[Command], dice: DiceSource
) -> tuple[Encounter, list[Event]]:
    """Apply commands in order; the first rejected one raises (the events so far are lost)."""
    events: list[Event] = []
    for command in commands:
        encounter, new = apply(encounter, command, dice)
        events.extend(new)
    return encounter, events
