"""Which Avorkarth rule handles which command, and one command resolved on a working copy.

The ruleset's ``apply`` and the preview's legality check both run commands through
:func:`resolve`, so legality is the real command, stopped at its first roll.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vantage.engine.dice import DiceSource
from vantage.engine.model import Encounter
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.rules.avorkarth import attack_command, maneuvers, other_commands, turns
from vantage.engine.rules.avorkarth.state import Work

Handler = Callable[[Work, Any], None]

HANDLERS: dict[type, Handler] = {
    c.StartCombat: lambda w, cmd: turns.start_combat(w, cmd.participants, cmd.ambushers, cmd.ambushed),
    c.Move: other_commands.move,
    c.Face: other_commands.face,
    c.Attack: attack_command.attack,
    c.Maneuver: maneuvers.maneuver,
    c.Stance: other_commands.stance,
    c.StandUp: other_commands.stand_up,
    c.PickUp: other_commands.pick_up,
    c.Stay: lambda w, cmd: turns.end_turn(w, cmd.token, stayed=True),
    c.Resume: lambda w, cmd: turns.resume(w, cmd.token),
    c.EndTurn: lambda w, cmd: turns.end_turn(w, cmd.token),
    c.ApplyDamage: other_commands.apply_gm_damage,
    c.Heal: other_commands.heal,
    c.RegainWounds: other_commands.regain,
    c.SetCondition: other_commands.set_condition,
}


def resolve(encounter: Encounter, command: c.Command, dice: DiceSource) -> tuple[Encounter, list[Event]]:
    """The encounter after ``command`` and what happened; ``CommandRejected`` (state untouched) if
    the rules forbid it."""
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise CommandRejected(f"Avorkarth has no rule for a {command.kind!r} command")
    work = Work(encounter, dice)
    handler(work, command)
    return work.finish()
