"""What the table is asked now, as plain data: the model behind the GM window's prompt bar, kept
apart from any widget so that another front (a player's device) can show the same question.

:func:`ask_waiting` turns what the engine waits for (``ask_pending``) into an :class:`Ask`: a title
("Bram rolls 1d20 at the table", "Reaction · Ghoul 2 decides"), the sentence under it (what the roll
is for and needs, or the decision's prompt), and either the dice to type (``dice``) or the choices,
each with the command that answers it (``Answer(choice=…)``) and the default marked. The GM
window's own questions (end the combat? add the newcomer to the combat?) are :class:`Ask` s too,
whose choices carry a callable instead of a command.

:func:`read_face` and :func:`faces_answer` check typed faces against the dice before anything is
sent (the engine checks again). Nothing here imports Qt.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.field_values import NumberTextError, whole_number_text
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.decisions import Decision, DiceRequest, decider_name, decides

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Answer, CancelPending, Command

#: The most dice a prompt shows a field for; a larger roll is typed in the Decisions panel.
MAX_FIELDS = 12
KIND_WORDS = {"reaction": "Reaction", "choice": "Choice", "roll": "Roll at the table"}


@dataclass(frozen=True)
class AskChoice:
    """One answer: its words, the odds in short ("hit 70%"), its tooltip, and what it does —
    ``command`` (one engine command, one undo step) or ``act`` (the GM window's own deed, which
    returns the sentence for the status bar)."""

    label: str
    odds: str = ""
    tip: str = ""
    command: Command | None = None
    act: Callable[[], str] | None = field(default=None, compare=False)


@dataclass(frozen=True)
class Ask:
    """One question for the table or the GM.

    ``key`` tells two asks apart (a new key is a new question: the bar refills and takes the
    keyboard); ``dice`` is set for a roll at the table (then ``choices`` is empty); ``default``
    is the index of the choice Enter gives; ``leave`` says what Esc does ("Later": the roll waits
    in the Decisions panel; "Not now": the question is dropped); ``grabs_keys``: whether the
    question takes the keyboard when it comes (a hint does not)."""

    key: object
    title: str
    sentence: str
    dice: DiceRequest | None = None
    choices: tuple[AskChoice, ...] = ()
    default: int | None = None
    leave: str = "Later"
    leave_tip: str = "Leave this for now; it still waits in the Decisions panel"
    grabs_keys: bool = True
    from_engine: bool = False


def names(purpose: str, who: str) -> bool:
    """Whether ``purpose`` names ``who`` as a whole name ("morale check, Mira" names Mira; "Bram
    attack on Ghoul 2" names neither Ghoul nor Ghoul 1)."""
    return re.search(rf"(?<!\w){re.escape(who)}(?!\w| \d)", purpose) is not None


def roll_sentence(who: str, request: DiceRequest) -> str:
    """What the table is asked: ``"Bram attack on Ghoul: 1d20 — 8+ hits"``, with ``"Bram, "`` in
    front when the purpose does not name the roller already ("morale check, Mira" does)."""
    sentence = request.sentence
    return sentence if names(request.purpose, who) else f"{who}, {sentence}"


def read_face(text: str, index: int, request: DiceRequest) -> int:
    """The face typed in die field ``index`` (0-based) of ``request``; CommandRejected says why not."""
    which = f"die {index + 1} of {request.count}" if request.count > 1 else "the die"
    word = text.strip()
    if not word:
        raise CommandRejected(f"type the face of {which} (1–{request.sides})")
    try:
        face = whole_number_text(word)
    except NumberTextError as bad:
        raise CommandRejected(f"{bad}: type the face of {which} (1–{request.sides})") from None
    if not 1 <= face <= request.sides:
        raise CommandRejected(f"{face} is not a face of a d{request.sides}: {which} shows 1–{request.sides}")
    return face


def let_vantage_roll() -> Answer:
    """The answer that lets Vantage roll the dice asked for (the command classes load with the
    first answer sent, not with the panels that offer it: issue 32, "window complete")."""
    from vantage.engine.protocol.commands import Answer
    return Answer()


def withdraw_waiting() -> CancelPending:
    """The command that withdraws the action waiting for a decision."""
    from vantage.engine.protocol.commands import CancelPending
    return CancelPending()


def faces_answer(texts: Sequence[str], request: DiceRequest) -> Answer:
    """The answer to ``request`` from the text of each die's field; CommandRejected names the
    first bad one (``BadFace.index`` says which field)."""
    from vantage.engine.protocol.commands import Answer
    faces = []
    for index, text in enumerate(texts):
        try:
            faces.append(read_face(text, index, request))
        except CommandRejected as wrong:
            raise BadFace(wrong.reason, index) from None
    return Answer(faces=request.check(faces))


class BadFace(CommandRejected):
    """A face that is not on its die; ``index`` is its field."""

    def __init__(self, reason: str, index: int) -> None:
        super().__init__(reason)
        self.index = index


def short_odds(chances: Mapping[str, float]) -> str:
    """The first of the chances, as the ruleset lists them: ``"hit 65%"`` ("" when none)."""
    for name, p in chances.items():
        return f"{name} {p:.0%}"
    return ""


def ask_for(encounter: Encounter, decision: Decision, record: object) -> Ask | None:
    """The :class:`Ask` of the engine's ``decision`` (``record``: its waiting record, the key); None
    for a roll of more dice than a prompt has fields for."""
    from vantage.engine.protocol.commands import Answer
    who = decider_name(encounter, decision, gm="GM")
    key = f"engine:{decision!r}:{record!r}"
    if decision.dice is not None:
        if decision.dice.count > MAX_FIELDS:
            return None
        request = decision.dice
        return Ask(key=key, title=f"{who} rolls {request.expr} at the table",
                   sentence=roll_sentence(who, request), dice=request, from_engine=True)
    choices = []
    default = None
    for index, choice in enumerate(decision.choices):
        if choice.value == decision.default:
            default = index
        tip = "\n".join([choice.label, *([choice.explanation] if choice.explanation else [])])
        choices.append(AskChoice(choice.label, short_odds(choice.chances), tip,
                                 command=Answer(choice=choice.value)))
    kind = KIND_WORDS.get(decision.kind, decision.kind.capitalize())
    return Ask(key=key, title=f"{kind} · {decides(encounter, decision, gm='GM')}", sentence=decision.prompt,
               choices=tuple(choices), default=default, from_engine=True)


def ask_waiting(encounter: Encounter) -> Ask | None:
    """What the engine waits for now, as an :class:`Ask` (None: nothing, or a roll too big for a
    prompt)."""
    pending = ask_pending(encounter)
    if not pending:
        return None
    return ask_for(encounter, pending[0], encounter.combat.get("pending"))
