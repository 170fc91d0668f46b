"""The GM's edits of a running combat's turn order: a token joins it, a token leaves it, a turn
moves to another place of the order. Every ruleset answers them in its own way (its turn order
has its own shape: an initiative list, passes of attacks, a baton passed between sides), so they
are handled by the encounter's ruleset — the shared default is in
``vantage.engine.rules.turn_order`` — and asked about with
``vantage.engine.rules.asking.ask_turn_order_edits``. See docs/commands.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vantage.engine.protocol.commands import Command, cmd


@cmd
@dataclass(frozen=True)
class JoinCombat(Command):
    """``token`` (on the map, not in the combat) joins the running combat. ``initiative`` is the
    value rolled at the table (or chosen by the GM) for a ruleset whose initiative is rolled;
    null: the token rolls it the ruleset's way (at the table when its dice are). A ruleset whose
    initiative is not rolled refuses a value."""

    kind: ClassVar[str] = "join_combat"
    token: str
    initiative: int | None = None


@cmd
@dataclass(frozen=True)
class LeaveCombat(Command):
    """``token`` leaves the running combat; it stays on the map with what it suffered. When it is
    acting, the turn passes on as its ruleset passes it."""

    kind: ClassVar[str] = "leave_combat"
    token: str


@cmd
@dataclass(frozen=True)
class MoveInTurnOrder(Command):
    """GM: ``token``'s next turn yet to begin moves to place ``to`` of the turn order (0 the first,
    as ``ask_turn`` lists the entries), among the turns yet to begin this round."""

    kind: ClassVar[str] = "move_in_turn_order"
    token: str
    to: int
