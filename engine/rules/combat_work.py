"""The working copy one command changes, for every ruleset: the encounter, a private copy of its
combat data, the dice, the answers from the table and the events so far.

``Encounter.combat`` is plain JSON owned by the ruleset, except for two shared keys: ``pending``
(the action waiting for the table, see :mod:`.decisions`) and ``table_dice`` (whose dice are
rolled at the table). Per-creature data lives under ``combat["creatures"][token_id]`` and is
copied when first touched (copy on write); everything else is copied up front. Nothing is
published until :meth:`CombatWork.finish`, so a rejected command leaves the encounter as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from vantage.engine.dice import DiceSource, Roll
from vantage.engine.model import Condition, Encounter, Token
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import ConditionChanged, Event, RollMade
from vantage.engine.rules.decisions import Answers, Decision
from vantage.engine.rules.timers import TimerUnit, duration_text

#: The leaves of JSON data, copied as they are (an exact type: a subclass goes through copy_json).
_LEAVES = frozenset({str, int, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON-like data (much faster than copy.deepcopy; a leaf is not passed
    to a call of its own)."""
    kind = type(value)
    leaves = _LEAVES
    if kind is dict:
        return {k: v if type(v) in leaves else copy_json(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in leaves else copy_json(v) for v in value]
    if kind in leaves:
        return value
    if isinstance(value, Mapping):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    return value


class CombatWork:
    """One command's working state. Rulesets subclass it to add their stat blocks and derived
    values, and override :meth:`new_creature` for their per-creature record."""

    def __init__(self, encounter: Encounter, dice: DiceSource, answers: Answers | None = None) -> None:
        self.enc = encounter
        leaves = _LEAVES
        self.combat: dict[str, Any] = {
            k: dict(v) if k == "creatures" else v if type(v) in leaves else copy_json(v)
            for k, v in encounter.combat.items()
        }
        self._owned: set[str] = set()
        self.memo: dict[object, object] = {}  # per-command memo of derived values
        self._tokens: dict[str, Token] = {t.id: t for t in encounter.tokens}
        self.events: list[Event] = []
        self.dice = dice
        self.answers = answers if answers is not None else Answers()
        #: the ruleset running the command (its turn and round hooks), set by ``RulesetBase``
        self.ruleset: Any = None

    # -- reading ---------------------------------------------------------------------------
    def token(self, token_id: str) -> Token:
        found = self._tokens.get(token_id)
        if found is None:
            raise CommandRejected(f"there is no token {token_id!r} on this map")
        return found

    def name(self, token_id: str | None) -> str:
        if token_id is None:
            return "the GM"
        t = self._tokens.get(token_id)
        return (t.name or t.id) if t is not None else token_id

    def has(self, token_id: str, condition: str) -> bool:
        return any(c.name == condition for c in self.token(token_id).conditions)

    @property
    def started(self) -> bool:
        return bool(self.combat.get("started"))

    def creature_or_none(self, token_id: str, default: Any = None) -> Any:
        return self.combat.get("creatures", {}).get(token_id, default)

    def new_creature(self, token_id: str) -> dict[str, Any]:
        """The per-creature record a token starts a combat with (rulesets override it)."""
        return {}

    def creature(self, token_id: str) -> dict[str, Any]:
        """The token's per-creature record, copied on first write and made when missing."""
        creatures = self.combat.setdefault("creatures", {})
        if token_id not in creatures:
            creatures[token_id] = self.new_creature(token_id)
            self._owned.add(token_id)
        elif token_id not in self._owned:
            creatures[token_id] = copy_json(creatures[token_id])
            self._owned.add(token_id)
        found: dict[str, Any] = creatures[token_id]
        return found

    # -- the table -------------------------------------------------------------------------
    def ask(self, decision: Decision) -> str:
        """The table's answer to ``decision`` (a choice's value); pauses the command until given."""
        answer = self.answers.next(decision)
        value = answer.get("choice")
        return decision.check_choice(None if value is None else str(value))

    @contextmanager
    def rolls_by(self, token_id: str) -> Iterator[None]:
        """The rolls made inside are ``token_id``'s (an enemy's reaction inside a mover's command):
        when that token's dice are rolled at the table, its player is asked for the faces."""
        dice = self.dice
        before = getattr(dice, "roller", None)
        if hasattr(dice, "roller"):
            dice.roller = token_id
        try:
            yield
        finally:
            if hasattr(dice, "roller"):
                dice.roller = before

    # -- writing ---------------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def emit_roll(self, r: Roll, outcome: str | None = None) -> None:
        tail = f" → {outcome}" if outcome is not None else ""
        self.emit(RollMade(
            sentence=f"{r.text}{tail}.", purpose=r.purpose, expr=r.expr, faces=r.faces, kept=r.kept,
            total=r.total, outcome=outcome,
        ))

    def set_token(self, token: Token) -> None:
        self.enc = self.enc.with_token(token)
        self._tokens[token.id] = token

    def add_condition(
        self, token_id: str, name: str, rounds: int | None = None, why: str = "", *,
        unit: TimerUnit = TimerUnit.ROUNDS, quiet: bool = False,
    ) -> None:
        """Give the condition (once), timed ``rounds`` of ``unit`` when given; ``quiet`` when a
        more telling event (died …) follows."""
        token = self.token(token_id)
        others = tuple(c for c in token.conditions if c.name != name)
        self.set_token(replace(token, conditions=(*others, Condition(name, rounds, unit=unit.value))))
        if not quiet and (not token.has_condition(name) or rounds is not None):
            length = f" for {duration_text(rounds, unit)}" if rounds else ""
            reason = f" ({why})" if why else ""
            self.emit(ConditionChanged(
                sentence=f"{self.name(token_id)} is now {name}{length}{reason}.",
                token=token_id, condition=name, gained=True, rounds=rounds,
            ))

    def remove_condition(self, token_id: str, name: str, why: str = "") -> None:
        token = self.token(token_id)
        if not token.has_condition(name):
            return
        self.set_token(replace(token, conditions=tuple(c for c in token.conditions if c.name != name)))
        reason = f" ({why})" if why else ""
        self.emit(ConditionChanged(
            sentence=f"{self.name(token_id)} is no longer {name}{reason}.",
            token=token_id, condition=name, gained=False,
        ))

    def finish(self) -> tuple[Encounter, list[Event]]:
        return replace(self.enc, combat=self.combat), self.events
