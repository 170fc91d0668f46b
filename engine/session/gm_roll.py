"""The GM's free roll resolved: ``gm_roll`` reads the formula, rolls it with the encounter's dice
and tells the log "GM rolls 2d6+3: 4 + 2 + 3 = 9". The encounter does not change; the faces are
kept in the event, so the log explains the roll and a replay with the same dice shows it again."""

from __future__ import annotations

from vantage.engine.dice import DiceSource
from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.gm_commands import GmRoll
from vantage.engine.protocol.gm_events import GmRolled
from vantage.engine.session.dice_formula import FormulaError, parse_formula, roll_formula


def gm_roll(encounter: Encounter, cmd: GmRoll, dice: DiceSource) -> tuple[Encounter, list[Event]]:
    """Roll ``cmd.formula``; CommandRejected names the column and the problem of a bad formula."""
    if not isinstance(cmd.formula, str):
        raise CommandRejected(f"gm_roll: {cmd.formula!r} is not a dice formula (a string like \"2d6+3\")")
    try:
        formula = parse_formula(cmd.formula)
    except FormulaError as bad:
        raise CommandRejected(f"the dice formula {bad}") from None
    rolled = roll_formula(formula, dice)
    sentence = f"GM rolls {formula.text}: {rolled.arithmetic}."
    return encounter, [GmRolled(sentence=sentence, formula=formula.text, faces=rolled.faces,
                                total=rolled.total)]
