"""Which Avorkarth rule handles which command: the table ``Avorkarth.handlers`` runs through the
ruleset base (``set_condition``'s "dead" kills; everything else is the rule text's)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vantage.engine.protocol import commands as c
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules.avorkarth import (
    attack_command,
    between_fights,
    maneuvers,
    moving,
    order_edits,
    other_commands,
    turns,
)
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.avorkarth.vocabulary import Resume, Stay

Handler = Callable[[Work, Any], None]

HANDLERS: dict[type, Handler] = {
    c.StartCombat: turns.start_combat,
    c.Move: moving.move,
    c.Face: other_commands.face,
    c.Attack: attack_command.attack,
    c.Maneuver: maneuvers.maneuver,
    c.Stance: other_commands.stance,
    c.StandUp: other_commands.stand_up,
    c.PickUp: other_commands.pick_up,
    Stay: lambda w, cmd: turns.end_turn(w, cmd.token, stayed=True),
    Resume: lambda w, cmd: turns.resume(w, cmd.token),
    c.EndTurn: lambda w, cmd: turns.end_turn(w, cmd.token),
    c.ApplyDamage: other_commands.apply_gm_damage,
    c.Heal: other_commands.heal,
    c.Rest: other_commands.rest,
    c.SetCondition: other_commands.set_condition,
    c.EndCombat: between_fights.end_combat,
    JoinCombat: order_edits.join_combat,
    LeaveCombat: order_edits.leave_combat,
    MoveInTurnOrder: order_edits.move_in_turn_order,
}
