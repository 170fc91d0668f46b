"""The engine waits for the table: decisions it needs from people mid-resolution, and dice rolled
at the table.

A handler that needs a person asks its work (``work.ask(decision)``). While the answer is known —
the command is being replayed with the answers given so far — ``ask`` returns it; otherwise it
raises :class:`DecisionNeeded` and the ruleset base keeps the command, the answers so far and the
faces already drawn in ``combat["pending"]``. The encounter stays as it was before the command
(only ``pending`` is added) until the last answer comes; then the command runs once more from
the start with every answer and the same faces, so its result is exactly as if nobody had
waited, and the log, undo and replay are unchanged.

Dice rolled at the table are the same mechanism: :class:`TableDice` stops at each roll of a
token whose dice are physical and asks for the face(s), validated against the dice expression.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from vantage.engine.dice import DiceExpression, DiceSource
from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected

Tile = tuple[int, int]

#: The key of ``Encounter.combat`` that holds the waiting action (shared by every ruleset).
PENDING = "pending"
#: The key that says whose dice are rolled at the table:
#: ``{"everyone": bool, "sides": ["party", ...], "tokens": [...], "vantage": [...]}`` (``sides`` and
#: ``vantage`` — tokens of a listed side whose dice Vantage rolls all the same — may be absent).
TABLE_DICE = "table_dice"
#: The sides a setting may name, with the words a sentence uses for each.
TABLE_SIDES: Mapping[str, str] = {"party": "party", "enemy": "enemies", "neutral": "neutrals"}
#: The setting the GM window gives an encounter that has none: the party's dice are rolled at the
#: table, the GM's (enemies, neutrals, the GM's own rolls) by Vantage. The engine itself reads an
#: absent setting as "Vantage rolls every die", so old files and command lists replay unchanged.
DEFAULT_TABLE_DICE: Mapping[str, Any] = {"everyone": False, "sides": ["party"], "tokens": []}


@dataclass(frozen=True)
class Choice:
    """One answer a decision offers: the ``value`` the answer sends, a label, its odds and why."""

    value: str
    label: str
    chances: Mapping[str, float] = field(default_factory=dict)
    explanation: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"value": self.value, "label": self.label, "chances": dict(self.chances),
                "explanation": self.explanation}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Choice:
        return cls(str(data["value"]), str(data["label"]),
                   {str(k): float(v) for k, v in dict(data.get("chances", {})).items()},
                   str(data.get("explanation", "")))


@dataclass(frozen=True)
class DiceRequest:
    """A roll made at the table: the expression, how many dice of how many sides, what it is for,
    and what it needs (``needs``: the target number or the odds in words, "12+ hits"; empty when
    the ruleset does not say)."""

    expr: str
    count: int
    sides: int
    purpose: str
    needs: str = ""

    @classmethod
    def of(cls, expression: DiceExpression, purpose: str, needs: str = "") -> DiceRequest:
        return cls(str(expression), expression.count, expression.sides, purpose, needs)

    @property
    def sentence(self) -> str:
        """What the table is asked, in one line: "Bram attack on Ghoul: 1d20 — 12+ hits"."""
        return f"{self.purpose}: {self.expr}" + (f" — {self.needs}" if self.needs else "")

    def check(self, faces: Sequence[int]) -> tuple[int, ...]:
        """The faces as a tuple, or CommandRejected naming what is wrong with them."""
        want = f"{self.count} face{'s' if self.count != 1 else ''}"
        if len(faces) != self.count:
            raise CommandRejected(
                f"{self.purpose} is {self.expr}: it needs {want} (1–{self.sides}), {len(faces)} given"
            )
        for face in faces:
            if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= self.sides:
                raise CommandRejected(
                    f"{self.purpose} is {self.expr}: {face!r} is not a face of a d{self.sides} "
                    f"(1–{self.sides})"
                )
        return tuple(faces)


@dataclass(frozen=True)
class Decision:
    """What the engine waits for: who decides (a token id, whose player answers; None for the GM),
    the prompt, the choices with their odds and the default — or, for a roll at the table, the
    dice to enter. ``kind`` is ``"reaction"``, ``"choice"`` or ``"roll"``; ``at`` is the tile it
    happens at (a move paused where it leaves reach), for the map. ``chosen_by`` names, in words,
    the group that decides when the text gives the choice to a group, not to one character nor to
    the GM ("the players": Baton's "a PC who is not surprised, chosen by the players"); ``who`` is
    then the token whose player answers on a device."""

    kind: str
    who: str | None
    prompt: str
    choices: tuple[Choice, ...] = ()
    default: str | None = None
    dice: DiceRequest | None = None
    at: Tile | None = None
    chosen_by: str = ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "who": self.who, "prompt": self.prompt,
                               "choices": [c.to_dict() for c in self.choices], "default": self.default}
        if self.chosen_by:
            out["chosen_by"] = self.chosen_by
        if self.dice is not None:
            out["dice"] = {"expr": self.dice.expr, "count": self.dice.count, "sides": self.dice.sides,
                           "purpose": self.dice.purpose}
            if self.dice.needs:
                out["dice"]["needs"] = self.dice.needs
        if self.at is not None:
            out["at"] = list(self.at)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Decision:
        dice = data.get("dice")
        at = data.get("at")
        return cls(
            str(data["kind"]), None if data.get("who") is None else str(data["who"]), str(data["prompt"]),
            tuple(Choice.from_dict(c) for c in data.get("choices", ())),
            None if data.get("default") is None else str(data["default"]),
            DiceRequest(str(dice["expr"]), int(dice["count"]), int(dice["sides"]), str(dice["purpose"]),
                        str(dice.get("needs", "")))
            if isinstance(dice, Mapping) else None,
            (int(at[0]), int(at[1])) if isinstance(at, list | tuple) and len(at) == 2 else None,
            str(data.get("chosen_by") or ""),
        )

    def check_choice(self, value: str | None) -> str:
        """The chosen value (the default when None), or CommandRejected listing the choices."""
        if value is None:
            if self.default is None:
                raise CommandRejected(f"{self.prompt} has no default: choose one of {self._values()}")
            return self.default
        if value not in {c.value for c in self.choices}:
            raise CommandRejected(f"{value!r} is not an answer to {self.prompt!r} (choose {self._values()})")
        return value

    def _values(self) -> str:
        return ", ".join(c.value for c in self.choices) or "nothing"


def who_name(encounter: Encounter, who: str | None, gm: str = "the GM") -> str:
    """Who decides, as a sentence names them: the token's name (its id when the token is gone), or
    ``gm`` when the GM decides."""
    if who is None:
        return gm
    token = next((t for t in encounter.tokens if t.id == who), None)
    return (token.name or token.id) if token is not None else who


def decider_name(encounter: Encounter, decision: Decision, gm: str = "the GM") -> str:
    """Who decides ``decision``, as a sentence names them: the group the text gives the choice to
    ("the players"), else :func:`who_name`."""
    return decision.chosen_by or who_name(encounter, decision.who, gm)


def decides(encounter: Encounter, decision: Decision, gm: str = "the GM") -> str:
    """ "Bram decides", "the players decide", "GM decides" (``gm``: how the GM is named)."""
    return f"{decider_name(encounter, decision, gm)} decide{'' if decision.chosen_by else 's'}"


class DecisionNeeded(Exception):  # noqa: N818 - a signal, not an error
    """Raised inside a command's resolution when it must wait for ``decision``."""

    def __init__(self, decision: Decision) -> None:
        super().__init__(decision.prompt)
        self.decision = decision


class Answers:
    """The answers given so far to one waiting command, handed out in the order they were asked."""

    def __init__(self, given: Sequence[Mapping[str, Any]] = ()) -> None:
        self.given = [dict(a) for a in given]
        self.used = 0

    def next(self, decision: Decision) -> Mapping[str, Any]:
        """The next answer, or DecisionNeeded(decision) when the table has not answered it yet."""
        if self.used >= len(self.given):
            raise DecisionNeeded(decision)
        answer = self.given[self.used]
        self.used += 1
        return answer


class AnswersAsked(Answers):
    """The answers of a command resolved in one go (``RulesetBase.apply_answering``): past the
    ones given, each question is handed to ``ask_now(decision, given)`` (``given``: the answers
    so far), whose answer the command reads there and then, as a replay would read it. The
    answers are handed over rather than read off this object, so that ``ask_now`` (a closure of
    the command's resolution) never holds it: no reference cycle keeps the command's states and
    events alive until the garbage collector finds them."""

    def __init__(self, ask_now: Callable[[Decision, list[dict[str, Any]]], Mapping[str, Any]]) -> None:
        super().__init__()
        self.ask_now = ask_now

    def next(self, decision: Decision) -> Mapping[str, Any]:
        if self.used >= len(self.given):
            self.given.append(dict(self.ask_now(decision, self.given)))
        return super().next(decision)


class ReplayDice:
    """Dice that first show the faces drawn before the command paused, then draw from ``source``;
    every face shown is kept in ``drawn`` so a pause can store them and a replay shows them again."""

    def __init__(self, source: DiceSource, drawn: Sequence[int] = ()) -> None:
        self.source = source
        self.prefix = list(drawn)
        self.drawn: list[int] = []

    def face(self, sides: int) -> int:
        index = len(self.drawn)
        value = self.prefix[index] if index < len(self.prefix) else self.source.face(sides)
        self.drawn.append(value)
        return value


class TableDice:
    """The dice of one command: a roll of a token whose dice are physical stops and asks for the
    faces (a ``"roll"`` decision for that token); every other roll comes from ``dice``.

    Whose roll it is: ``roller``, the command's actor, unless the ruleset says otherwise for a
    part of the resolution (``with work.rolls_by(enemy):`` around an enemy's reaction)."""

    def __init__(self, dice: DiceSource, answers: Answers, roller: str | None,
                 setting: Mapping[str, Any] | None, sides: Mapping[str, str] | None = None, *,
                 encounter: Encounter | None = None) -> None:
        self.dice = dice
        self.answers = answers
        self.roller = roller
        self.setting: Mapping[str, Any] = setting if isinstance(setting, Mapping) else {}
        self._sides = sides
        #: the encounter whose tokens' sides are read when ``sides`` is not given (only if asked)
        self._encounter = encounter

    @property
    def sides(self) -> Mapping[str, str]:
        """Each token's side ("party", "enemy", "neutral"), for a setting that names sides."""
        if self._sides is None:
            self._sides = token_sides(self._encounter) if self._encounter is not None else {}
        return self._sides

    @property
    def at_table(self) -> bool:
        setting = self.setting
        if not setting:
            return False
        roller = self.roller
        side = None if roller is None or not setting.get("sides") else self.sides.get(roller)
        return setting_covers(setting, roller, side)

    def face(self, sides: int) -> int:
        return self.dice.face(sides)

    def faces_for(self, expression: DiceExpression, purpose: str, needs: str = "") -> tuple[int, ...]:
        """The faces of one roll: asked at the table, or drawn one by one."""
        if not self.at_table:
            return tuple(self.dice.face(expression.sides) for _ in range(expression.count))
        request = DiceRequest.of(expression, purpose, needs)
        prompt = f"Roll {request.expr} at the table: {purpose}"
        answer = self.answers.next(Decision("roll", self.roller, prompt, dice=request))
        return request.check(list(answer.get("faces", ())))


def rolls_at_table(combat: Mapping[str, Any], roller: str | None, side: str | None = None) -> bool:
    """Whether ``roller``'s dice (a token of ``side``) are rolled at the table in this combat state."""
    return setting_covers(combat.get(TABLE_DICE), roller, side)


def setting_covers(setting: object, roller: str | None, side: str | None = None) -> bool:
    """Whether the ``table_dice`` setting (``{"everyone": bool, "sides": [...], "tokens": [...],
    "vantage": [...]}``) covers ``roller``, a token of ``side``: everyone, or the token listed, or
    its side listed unless the token is in ``vantage``. The GM's own rolls (``roller`` None) are
    covered only by ``everyone``."""
    if not isinstance(setting, Mapping):
        return False
    if setting.get("everyone"):
        return True
    if roller is None:
        return False
    if roller in setting.get("tokens", ()):
        return True
    if roller in setting.get("vantage", ()):
        return False
    sides = setting.get("sides", ())
    return (side is not None and isinstance(sides, list | tuple) and side in sides) \
        or roller in setting.get("tokens", ())


def token_sides(encounter: Encounter) -> dict[str, str]:
    """Each token's side by id, for :class:`TableDice`."""
    return {t.id: t.side.value for t in encounter.tokens}


def with_default_table_dice(encounter: Encounter) -> Encounter:
    """``encounter`` with :data:`DEFAULT_TABLE_DICE` when it has no table-dice setting (else as it is)."""
    if isinstance(encounter.combat.get(TABLE_DICE), Mapping):
        return encounter
    combat = dict(encounter.combat)
    combat[TABLE_DICE] = {k: list(v) if isinstance(v, list) else v for k, v in DEFAULT_TABLE_DICE.items()}
    return replace(encounter, combat=combat)
