"""The working copy one command changes, for every ruleset: the encounter, a private copy of its
combat data, the dice, the answers from the table and the events so far.

``Encounter.combat`` is plain JSON owned by the ruleset, except for two shared keys: ``pending``
(the action waiting for the table, see :mod:`.decisions`) and ``table_dice`` (whose dice are
rolled at the table). Per-creature data lives under ``combat["creatures"][token_id]``.

Copy on touch: the working copy starts as a shallow view of the encounter's combat data, and a
part of it (a section of ``combat``; under ``creatures``, one creature's record) is copied only
when the command first reaches it through the working copy; the parts it never reaches stay
shared between the old and the new encounter state (a command that is refused after two checks
copies next to nothing, and an undo step holds only what its command touched). Whatever a
handler gets from the working copy is its own to change, so a write never reaches the state the
work was made from. Nothing is published until :meth:`CombatWork.finish`, so a rejected command
leaves the encounter as it was.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import AbstractContextManager
from dataclasses import fields, replace
from typing import TYPE_CHECKING, Any

from vantage.engine.dice import DiceSource, Roll
from vantage.engine.model import Condition, Encounter, Token
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.decisions import Answers, Decision
from vantage.engine.rules.timers import TimerUnit, duration_text

if TYPE_CHECKING:
    from vantage.engine.protocol.events import Event

#: The leaves of JSON data, copied as they are (an exact type: a subclass goes through copy_json).
_LEAVES = frozenset({str, int, float, bool, type(None)})


def copy_json(value: Any) -> Any:
    """A deep copy of plain JSON-like data (much faster than copy.deepcopy; a leaf is not passed
    to a call of its own)."""
    kind = type(value)
    leaves = _LEAVES
    if kind is dict:
        # a copy at C speed, then each entry that is not a leaf copied in its turn (a creature's
        # record holds mostly leaves: about twice as fast as building the dict entry by entry)
        out = value.copy()
        for k, v in value.items():
            inner = type(v)
            if inner not in leaves:
                # an empty dict or list (a record's unused mappings and lists) copied here
                out[k] = copy_json(v) if v or (inner is not dict and inner is not list) else inner()
        return out
    if kind is list:
        return [v if type(v) in leaves else copy_json(v) for v in value]
    if kind in leaves:
        return value
    if isinstance(value, Mapping):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_json(v) for v in value]
    return value


#: The sections of ``combat`` whose entries are copied one at a time, as they are touched (the
#: creatures' records, and in each record its lists and mappings); any other section is copied
#: whole when touched.
BY_ENTRY = frozenset({"creatures"})


_ABSENT = object()


class CopyOnTouch(dict[Any, Any]):
    """A dict over another mapping's entries whose lists and mappings are copied on first touch.

    Made from a shallow copy; reading an entry that holds a list or mapping through any method
    (``[k]``, ``get``, ``items``, ``values``, ``pop``, ``setdefault``, ``copy``, ``dict(…)``,
    ``{**…}``) first replaces it by a private deep copy (:func:`copy_json`) — or, for a mapping
    under a key of ``by_entry`` (None: any key) while ``depth`` is above 0, by a ``CopyOnTouch``
    of its own one level less deep — so that nothing handed out is shared with the mapping it was
    made from. Entries never touched stay that mapping's objects; :func:`settled` turns the whole
    into plain dicts at the end."""

    __slots__ = ("_own", "_was", "_depth", "_by_entry")

    def __init__(self, source: Mapping[Any, Any], depth: int = 0,
                 by_entry: frozenset[str] | None = None) -> None:
        # another work's copy (an encounter made of a running work's combat) is read as it
        # stands: what it owns is not this one's to change either
        dict.__init__(self, dict.items(source) if isinstance(source, CopyOnTouch) else source)
        #: the keys whose values are this dict's own (copied, or set through it)
        self._own: set[Any] = set()
        #: the value each copied entry was made from (``settled`` keeps it when nothing changed)
        self._was: dict[Any, Any] = {}
        #: how many levels below this one are still copied entry by entry (0: deep copies)
        self._depth = depth
        self._by_entry = by_entry

    def _touch(self, key: Any, value: Any) -> Any:
        if type(value) in _LEAVES or key in self._own:
            return value
        by_entry = self._by_entry
        self._was.setdefault(key, value)
        if self._depth > 0 and (by_entry is None or key in by_entry) and isinstance(value, Mapping):
            value = CopyOnTouch(value, self._depth - 1)
        else:
            value = copy_json(value)
        dict.__setitem__(self, key, value)
        self._own.add(key)
        return value

    def _touch_all(self) -> None:
        if len(self._own) < dict.__len__(self):
            for key, value in list(dict.items(self)):
                self._touch(key, value)

    # reading hands out private copies
    def __getitem__(self, key: Any) -> Any:
        value = dict.__getitem__(self, key)
        if type(value) in _LEAVES or key in self._own:
            return value
        return self._touch(key, value)

    def get(self, key: Any, default: Any = None) -> Any:
        value = dict.get(self, key, _ABSENT)
        if value is _ABSENT:
            return default
        if type(value) in _LEAVES or key in self._own:
            return value
        return self._touch(key, value)

    def setdefault(self, key: Any, default: Any = None) -> Any:
        if dict.__contains__(self, key):
            return self._touch(key, dict.__getitem__(self, key))
        self[key] = default
        return default

    def pop(self, key: Any, *default: Any) -> Any:
        if dict.__contains__(self, key):
            value = self._touch(key, dict.__getitem__(self, key))
            self._own.discard(key)
            dict.__delitem__(self, key)
            return value
        return dict.pop(self, key, *default)

    def popitem(self) -> tuple[Any, Any]:
        key, value = dict.popitem(self)
        if key not in self._own and type(value) not in _LEAVES:
            value = copy_json(value)
        self._own.discard(key)
        return key, value

    def items(self) -> Any:
        self._touch_all()
        return dict.items(self)

    def values(self) -> Any:
        self._touch_all()
        return dict.values(self)

    def __iter__(self) -> Iterator[Any]:  # overridden so that dict(…) and {**…} read through __getitem__
        return dict.__iter__(self)

    def copy(self) -> dict[Any, Any]:
        self._touch_all()
        return dict(dict.items(self))

    __copy__ = copy

    def __reduce__(self) -> Any:
        return (dict, (settled(self),))

    # writing makes the entry the dict's own
    def __setitem__(self, key: Any, value: Any) -> None:
        if key not in self._own and dict.__contains__(self, key):
            self._was.setdefault(key, dict.__getitem__(self, key))
        dict.__setitem__(self, key, value)
        self._own.add(key)

    def __delitem__(self, key: Any) -> None:
        dict.__delitem__(self, key)
        self._own.discard(key)

    def clear(self) -> None:
        dict.clear(self)
        self._own.clear()

    def update(self, *args: Any, **kwargs: Any) -> None:
        given = dict(*args, **kwargs)
        dict.update(self, given)
        self._own.update(given)

    def __ior__(self, other: Any) -> CopyOnTouch:  # type: ignore[misc]
        self.update(other)
        return self


def settled(value: Any) -> Any:
    """``value`` (a :class:`CopyOnTouch` or anything else) as plain data: each ``CopyOnTouch``
    becomes a plain dict whose untouched entries are still the objects it was made over (shared),
    and so is a copied entry that came out the same (:func:`same_json`): a record or section the
    command only read holds no memory of its own in the new state."""
    if type(value) is not CopyOnTouch:
        return value
    own, was = value._own, value._was
    result = {}
    for k, v in dict.items(value):
        if k in own or type(v) is CopyOnTouch:
            v = settled(v)
            before = was.get(k, _ABSENT)
            if before is not _ABSENT and v == before and same_json(v, before):
                v = before
        result[k] = v
    return result


def same_json(a: Any, b: Any) -> bool:
    """Whether two pieces of JSON-like data are the same, type for type (``1``, ``1.0`` and
    ``True`` are equal in Python, not in a file)."""
    if a is b:
        return True
    kind = type(a)
    if kind is not type(b):
        return False
    if kind is dict:
        return len(a) == len(b) and all(k in b and same_json(v, b[k]) for k, v in a.items())
    if kind is list:
        return len(a) == len(b) and all(map(same_json, a, b))
    return bool(a == b)


def shared_tokens_by_id(tokens: tuple[Token, ...]) -> dict[str, Token]:
    """The dict of ``tokens`` by id, the one made for the same tuple last time (the commands of a
    fight that move no token share their encounter's tuple): shared, never change it."""
    last = _TOKENS_BY_ID[0]  # one read: another thread may put its own pair meanwhile
    if last is not None and last[0] is tokens:
        return last[1]
    found = {t.id: t for t in tokens}
    _TOKENS_BY_ID[0] = (tokens, found)
    return found


#: [(the tokens tuple, its dict by id) :func:`shared_tokens_by_id` made last, or None]
_TOKENS_BY_ID: list[tuple[tuple[Token, ...], dict[str, Token]] | None] = [None]


class CombatWork:
    """One command's working state. Rulesets subclass it to add their stat blocks and derived
    values, and override :meth:`new_creature` for their per-creature record."""

    def __init__(self, encounter: Encounter, dice: DiceSource, answers: Answers | None = None) -> None:
        self.enc = encounter
        #: the combat data, copied where the command touches it (module text)
        self.combat: dict[str, Any] = CopyOnTouch(encounter.combat, 1, BY_ENTRY)
        #: the creatures' section as this work copies it (:meth:`creature`'s short way)
        self._creatures: CopyOnTouch | None = None
        self.memo: dict[object, object] = {}  # per-command memo of derived values
        #: the tokens by id, shared with the other works on the same tokens until
        #: :meth:`set_token` first changes one (then this work's own copy)
        self._tokens: dict[str, Token] = shared_tokens_by_id(encounter.tokens)
        self._own_tokens = False
        self.events: list[Event] = []
        self.dice = dice
        #: the table's answers to this command (:attr:`answers`; None: none given, made when asked)
        self._answers = answers
        #: the ruleset running the command (its turn and round hooks), set by ``RulesetBase``
        self.ruleset: Any = None

    @property
    def answers(self) -> Answers:
        """The table's answers to this command (none given: an empty set, made when first asked —
        most works, a query's, never ask)."""
        found = self._answers
        if found is None:
            found = self._answers = Answers()
        return found

    @answers.setter
    def answers(self, value: Answers) -> None:
        self._answers = value

    # -- reading ---------------------------------------------------------------------------
    def token(self, token_id: str) -> Token:
        try:
            return self._tokens[token_id]
        except KeyError:
            raise CommandRejected(f"there is no token {token_id!r} on this map") from None

    def name(self, token_id: str | None) -> str:
        if token_id is None:
            return "the GM"
        t = self._tokens.get(token_id)
        return (t.name or t.id) if t is not None else token_id

    def has(self, token_id: str, condition: str) -> bool:
        for c in self.token(token_id).conditions:  # noqa: SIM110 (a loop: no generator per call)
            if c.name == condition:
                return True
        return False

    @property
    def started(self) -> bool:
        return bool(self.combat.get("started"))

    def creature_or_none(self, token_id: str, default: Any = None) -> Any:
        """The token's record to read, or ``default`` (not copied: never write to it; to change
        it, use :meth:`creature`)."""
        creatures = dict.get(self.combat, "creatures")
        if creatures is None:
            return default
        return dict.get(creatures, token_id, default)

    def new_creature(self, token_id: str) -> dict[str, Any]:
        """The per-creature record a token starts a combat with (rulesets override it)."""
        return {}

    def creature(self, token_id: str) -> dict[str, Any]:
        """The token's per-creature record to change (copied when first touched), made when
        missing."""
        mine = self._creatures
        if dict.get(self.combat, "creatures") is mine and mine is not None and token_id in mine._own:
            found: dict[str, Any] = dict.__getitem__(mine, token_id)  # this work's own already
            return found
        creatures = self.combat.setdefault("creatures", {})
        if token_id not in creatures:
            creatures[token_id] = self.new_creature(token_id)
        combat = self.combat
        if type(creatures) is CopyOnTouch and type(combat) is CopyOnTouch and "creatures" in combat._own:
            self._creatures = creatures
        found = creatures[token_id]
        return found

    # -- the table -------------------------------------------------------------------------
    def ask(self, decision: Decision) -> str:
        """The table's answer to ``decision`` (a choice's value); pauses the command until given."""
        answer = self.answers.next(decision)
        value = answer.get("choice")
        return decision.check_choice(None if value is None else str(value))

    def rolls_by(self, token_id: str) -> AbstractContextManager[None]:
        """The rolls made inside are ``token_id``'s (an enemy's reaction inside a mover's command):
        when that token's dice are rolled at the table, its player is asked for the faces."""
        return _RollsBy(self.dice, token_id)

    # -- writing ---------------------------------------------------------------------------
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def emit_roll(self, r: Roll, outcome: str | None = None) -> None:
        from vantage.engine.protocol.events import RollMade
        tail = f" → {outcome}" if outcome is not None else ""
        self.emit(RollMade(
            sentence=f"{r.text}{tail}.", purpose=r.purpose, expr=r.expr, faces=r.faces, kept=r.kept,
            total=r.total, outcome=outcome,
        ))

    def set_token(self, token: Token) -> None:
        self.enc = self.enc.with_token(token)
        if not self._own_tokens:
            self._tokens = dict(self._tokens)
            self._own_tokens = True
        self._tokens[token.id] = token

    def add_condition(
        self, token_id: str, name: str, rounds: int | None = None, why: str = "", *,
        unit: TimerUnit = TimerUnit.ROUNDS, quiet: bool = False,
    ) -> None:
        """Give the condition (once), timed ``rounds`` of ``unit`` when given; ``quiet`` when a
        more telling event (died …) follows."""
        from vantage.engine.protocol.events import ConditionChanged
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
        from vantage.engine.protocol.events import ConditionChanged
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
        return with_combat(self.enc, settled(self.combat)), self.events


class _RollsBy(AbstractContextManager[None]):
    """:meth:`CombatWork.rolls_by`: ``dice.roller`` is ``token_id`` inside, as it was after (dice
    without a ``roller`` are left alone). A plain object, not a generator: every resolve check
    and many attacks make one."""

    __slots__ = ("_dice", "_token_id", "_before")

    def __init__(self, dice: DiceSource, token_id: str) -> None:
        self._dice = dice
        self._token_id = token_id
        self._before: Any = None

    def __enter__(self) -> None:
        dice = self._dice
        self._before = getattr(dice, "roller", None)
        if hasattr(dice, "roller"):
            dice.roller = self._token_id

    def __exit__(self, *exc: object) -> None:
        dice = self._dice
        if hasattr(dice, "roller"):
            dice.roller = self._before


#: The fields of :class:`Encounter`, the whole of a plain encounter's ``__dict__``.
_ENCOUNTER_FIELDS = len(fields(Encounter))


def with_combat(encounter: Encounter, combat: Mapping[str, Any]) -> Encounter:
    """``replace(encounter, combat=combat)``, made by copying the fields as they are (a frozen
    dataclass without checks of its own: ``replace`` would pass every field through ``__init__``,
    the slowest part of finishing a command)."""
    if type(encounter) is not Encounter or len(encounter.__dict__) != _ENCOUNTER_FIELDS:
        return replace(encounter, combat=combat)
    made = object.__new__(Encounter)
    own = made.__dict__
    own.update(encounter.__dict__)
    own["combat"] = combat
    return made
