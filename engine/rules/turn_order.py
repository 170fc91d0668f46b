"""Editing a running combat's turn order by hand: a token joins, a token leaves, a turn moves.

The three commands (``JoinCombat``, ``LeaveCombat``, ``MoveInTurnOrder``,
:mod:`vantage.engine.protocol.turn_order_commands`) are answered by the encounter's ruleset,
because each keeps its order in its own shape. This module holds what they share:

- the **shared default handlers** (:func:`join_combat`, :func:`leave_combat`,
  :func:`move_in_turn_order`), fit for a ruleset that passes the initiative from side to side and
  keeps ``combat["participants"]`` and the one acting in ``combat["actor"]`` (Skirmish): a
  newcomer joins the participants, a leaver leaves them (when it is acting, the ruleset's first
  legal turn option passes the turn on first), and there is no order to rearrange;
- the **helpers of an ordered list** ``combat["order"]`` whose ``turn``, ``done`` … hold indices
  into it (Avorkarth, Shattered World, Power Tiers): :func:`merge_in` places a newcomer's entries
  where its initiative puts them, :func:`drop_entries` and :func:`move_entry` take entries out or
  move one, and :func:`reindex` keeps every index pointing at the same entry;
- the **query** :func:`turn_order_edits` (``ask_turn_order_edits``): for one token "Add to
  combat", or "Remove from combat", "Move up" and "Move down", each legal or not with the reason,
  from the real commands (``RulesetBase.option``) and the ruleset's ``turn`` answer.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import ActionOption, RulesetTraits, TurnInfo, TurnOrderEdits
from vantage.engine.rules.combat_work import CombatWork

if TYPE_CHECKING:
    from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder


class OrderRuleset(Protocol):
    """What this module needs of a ruleset (``ruleset_base.RulesetBase``, which imports this module)."""

    @property
    def name(self) -> str: ...

    @property
    def traits(self) -> RulesetTraits: ...

    @property
    def handlers(self) -> Mapping[type, Callable[[Any, Any], None]]: ...

    def turn(self, encounter: Encounter) -> TurnInfo | None: ...

    def option(
        self, encounter: Encounter, label: str, command: Any, explanation: str = ""
    ) -> ActionOption: ...

    def reorder_refusal(self, encounter: Encounter) -> str: ...

    def reorder_note(self) -> str: ...

    def join_help(self) -> str: ...

JOIN_LABEL = "Add to combat"
LEAVE_LABEL = "Remove from combat"
UP_LABEL = "Move up"
DOWN_LABEL = "Move down"
#: the index-holding keys of an ordered list's combat data (Avorkarth's, Shattered World's,
#: Power Tiers'): one entry index, or a list of them
INDEX_KEYS = ("turn", "interrupted")
INDEX_LIST_KEYS = ("done", "stayed")


def combatants(combat: dict[str, Any] | Any) -> list[str]:
    """The tokens in the combat: ``participants``, or the tokens of ``order`` when a ruleset
    keeps no participant list (Power Tiers)."""
    if "participants" in combat:
        return [str(t) for t in combat.get("participants", ())]
    return list(dict.fromkeys(str(e[0]) for e in combat.get("order", ())))


def require_running(work: CombatWork, what: str) -> None:
    if not work.started:
        raise CommandRejected(f"there is no combat running to {what}: start combat first")


def require_newcomer(work: CombatWork, token_id: str) -> None:
    """``token_id`` is on the map, not in the combat, and has a valid stat block."""
    token = work.token(token_id)
    name = work.name(token_id)
    if token_id in combatants(work.combat):
        raise CommandRejected(f"{name} is already in the combat")
    if not token.stats:
        raise CommandRejected(f"{name} has no {work.ruleset.name} stat block: give it one first")
    problems = work.ruleset.validate_stats(token.stats, "stats")
    if problems:
        place, message = problems[0]
        raise CommandRejected(f"{name}'s stat block is not valid: {place}: {message}")


def require_living(work: CombatWork, token_id: str, dead: bool) -> None:
    """A newcomer the ruleset counts ``dead`` cannot join."""
    if dead:
        raise CommandRejected(f"{work.name(token_id)} is dead and cannot join the combat")


def require_combatant(work: CombatWork, token_id: str) -> None:
    work.token(token_id)
    if token_id not in combatants(work.combat):
        raise CommandRejected(f"{work.name(token_id)} is not in the combat")


def require_others(work: CombatWork, token_id: str) -> None:
    if not [t for t in combatants(work.combat) if t != token_id]:
        raise CommandRejected(f"{work.name(token_id)} is the last one in the combat: end the combat instead")


def require_can_leave(work: CombatWork, token_id: str) -> None:
    """A combat runs, ``token_id`` is in it, and it is not the last one there."""
    require_running(work, "leave")
    require_combatant(work, token_id)
    require_others(work, token_id)


def unrolled_initiative(work: CombatWork, cmd: JoinCombat, how: str) -> None:
    """Refuse a typed initiative in a ruleset that rolls none (``how`` says what it does)."""
    if cmd.initiative is not None:
        raise CommandRejected(f"{work.ruleset.name} rolls no initiative ({how}): "
                              f"{work.name(cmd.token)} joins without an initiative value")


def checked_initiative(work: CombatWork, cmd: JoinCombat, low: int, high: int, formula: str) -> int:
    """The typed initiative if it can come from ``formula`` (``low``…``high``), else the refusal."""
    value = int(cmd.initiative) if cmd.initiative is not None else 0
    if not low <= value <= high:
        raise CommandRejected(f"{work.name(cmd.token)}'s initiative is {formula}: {value} is not "
                              f"between {low} and {high}")
    return value


def joined(work: CombatWork, token_id: str, detail: str = "", tail: str = "") -> None:
    """The log line of a newcomer: "Ghoul 3 joins the combat (initiative 14)."."""
    from vantage.engine.protocol.events import Note
    inner = f" ({detail})" if detail else ""
    work.emit(Note(sentence=f"{work.name(token_id)} joins the combat{inner}.{tail}", token=token_id,
                   data={"joined": True}))


def left(work: CombatWork, token_id: str) -> None:
    from vantage.engine.protocol.events import Note
    work.emit(Note(sentence=f"{work.name(token_id)} leaves the combat; it stays on the map.",
                   token=token_id, data={"left": True}))


# -- an ordered list and its indices -----------------------------------------------------------
def reindex(combat: dict[str, Any], kept: Sequence[int | None]) -> None:
    """After ``combat["order"]`` was rebuilt so that place k holds the old entry ``kept[k]``
    (None: a new entry), make ``turn``, ``interrupted``, ``done`` and ``stayed`` point at the
    same entries as before (an index of an entry that went becomes None / is dropped)."""
    moved = {old: new for new, old in enumerate(kept) if old is not None}
    for key in INDEX_KEYS:
        value = combat.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            combat[key] = moved.get(value)
    for key in INDEX_LIST_KEYS:
        if isinstance(combat.get(key), list):
            combat[key] = [moved[i] for i in combat[key] if i in moved]


def _identity(entry: Sequence[Any]) -> tuple[str, Any]:
    """An entry's identity: its token and its third field (Avorkarth's extra turn, Shattered
    World's pass; 0 for a two-field entry)."""
    return str(entry[0]), entry[2] if len(entry) > 2 else 0


def merge_in(
    order: Sequence[Sequence[Any]], ideal: Sequence[Sequence[Any]], token_id: str
) -> list[int | None]:
    """Where ``token_id``'s entries of ``ideal`` (the order as the ruleset would make it with the
    newcomer) go in ``order`` (as it is, maybe rearranged by hand): each right before the first
    entry that follows it in ``ideal`` and is in ``order``, or at the end. Returns the new order as
    old indices, None at each new entry (in the order of ``ideal``)."""
    position = {_identity(e): i for i, e in enumerate(order)}
    before: dict[int, int] = {}  # old index it goes before → how many new entries go there
    for k, entry in enumerate(ideal):
        if str(entry[0]) != token_id:
            continue
        follower = next((position[_identity(f)] for f in ideal[k + 1:]
                         if str(f[0]) != token_id and _identity(f) in position), len(order))
        before[follower] = before.get(follower, 0) + 1
    kept: list[int | None] = []
    for index in range(len(order) + 1):
        kept.extend([None] * before.get(index, 0))
        if index < len(order):
            kept.append(index)
    return kept


def rebuild(combat: dict[str, Any], kept: Sequence[int | None], new: Sequence[Sequence[Any]]) -> list[int]:
    """``combat["order"]`` rebuilt from ``kept`` (old indices, None for each of ``new`` in turn);
    the indices reindexed. Returns the places of the new entries."""
    order = list(combat.get("order", ()))
    fresh = iter(new)
    combat["order"] = [list(next(fresh)) if old is None else order[old] for old in kept]
    reindex(combat, kept)
    return [k for k, old in enumerate(kept) if old is None]


def place_newcomer(
    combat: dict[str, Any], ideal: Sequence[Sequence[Any]], token_id: str
) -> tuple[list[list[Any]], list[int]]:
    """Put ``token_id``'s entries of ``ideal`` into ``combat["order"]`` (:func:`merge_in`, then
    :func:`rebuild`); returns those entries and their places."""
    kept = merge_in(combat["order"], ideal, token_id)
    new = [list(e) for e in ideal if str(e[0]) == token_id]
    return new, rebuild(combat, kept, new)


def mark_passed(combat: dict[str, Any], places: Sequence[int]) -> list[int]:
    """The ``places`` before the turn acting now, marked done (they wait for the next round)."""
    turn = combat.get("turn")
    passed = [p for p in places if isinstance(turn, int) and p < turn]
    combat.setdefault("done", []).extend(passed)
    return passed


def drop_entries(combat: dict[str, Any], token_id: str) -> list[int]:
    """Take every entry of ``token_id`` out of ``combat["order"]``; returns their old places."""
    order = list(combat.get("order", ()))
    gone = [i for i, e in enumerate(order) if str(e[0]) == token_id]
    kept: list[int | None] = [i for i in range(len(order)) if i not in gone]
    combat["order"] = [order[i] for i in kept if i is not None]
    reindex(combat, kept)
    return gone


def yet_to_begin(order_length: int, begun: set[int], current: int | None) -> list[int]:
    """The places of the turns yet to begin this round: after the one acting, not begun."""
    return [i for i in range(order_length) if i not in begun and (current is None or i > current)]


def move_entry(work: CombatWork, token_id: str, to: int, begun: set[int]) -> tuple[int, int]:
    """Move ``token_id``'s next turn yet to begin to place ``to`` (among the turns yet to begin);
    returns (from, to). Refuses naming the place and why."""
    require_running(work, "rearrange")
    require_combatant(work, token_id)
    order = list(work.combat.get("order", ()))
    name = work.name(token_id)
    if not 0 <= to < len(order):
        raise CommandRejected(f"move_in_turn_order.to: place {to + 1} is not in the order "
                              f"(it has {len(order)} places)")
    current = work.combat.get("turn")
    current = current if isinstance(current, int) and not isinstance(current, bool) else None
    yet = yet_to_begin(len(order), begun, current)
    mine = next((i for i in yet if str(order[i][0]) == token_id), None)
    if mine is None:
        if current is not None and str(order[current][0]) == token_id:
            raise CommandRejected(f"{name} is acting now: only a turn yet to begin can move")
        raise CommandRejected(f"{name} has no turn left to begin this round")
    if to not in yet:
        raise CommandRejected(f"place {to + 1} is {work.name(str(order[to][0]))}'s turn, which has "
                              "already begun: a turn moves only among those yet to begin")
    if to == mine:
        raise CommandRejected(f"{name}'s next turn is already at place {to + 1}")
    kept: list[int | None] = list(range(len(order)))
    kept.remove(mine)
    kept.insert(to, mine)
    work.combat["order"] = [order[i] for i in kept if i is not None]
    reindex(work.combat, kept)
    return mine, to


def moved(work: CombatWork, token_id: str, to: int, label: str = "turn", tail: str = "") -> None:
    """The log line of a move: "The GM moves Bram's turn to place 3, before Ghoul 2."."""
    from vantage.engine.protocol.events import Note
    order = work.combat.get("order", [])
    where = f"before {work.name(str(order[to + 1][0]))}" if to + 1 < len(order) else "last"
    work.emit(Note(sentence=f"The GM moves {work.name(token_id)}'s {label} to place {to + 1}, {where}.{tail}",
                   token=token_id, data={"moved_to": to}))


# -- the shared default handlers ---------------------------------------------------------------
def join_combat(work: CombatWork, cmd: JoinCombat) -> None:
    """A newcomer joins a side-to-side combat: it is one more participant, who may receive the
    initiative like anyone who has not acted (assumed — for a ruleset that says nothing more)."""
    require_running(work, "join")
    require_newcomer(work, cmd.token)
    if not work.ruleset.traits.initiative_passed_between_sides:
        raise CommandRejected(f"{work.ruleset.name} has no rule for a newcomer's place in its turn order")
    unrolled_initiative(work, cmd, "the initiative is passed from side to side")
    work.combat.setdefault("participants", []).append(cmd.token)
    work.creature(cmd.token)
    joined(work, cmd.token)


def leave_combat(work: CombatWork, cmd: LeaveCombat) -> None:
    """A token leaves: when it is acting, its turn passes on first by the ruleset's first legal
    turn option (as Next turn takes it: pass the initiative to X, end the turn), then it is no
    longer a participant; it stays on the map."""
    require_can_leave(work, cmd.token)
    passing = None
    if work.combat.get("actor") == cmd.token:
        options = list(work.ruleset.turn_options(work.enc))
        passing = next((o.command for o in options if o.legal), None)
        if passing is None:
            why = next((o.reason for o in options), "") or "nothing may end its turn"
            raise CommandRejected(f"{work.name(cmd.token)} is acting and its turn cannot pass on ({why}): "
                                  "end the combat instead")
    left(work, cmd.token)
    if passing is not None:
        work.ruleset.handler_for(passing)(work, passing)
    for key in ("participants", "acted", "side_acted"):
        if isinstance(work.combat.get(key), list):
            work.combat[key] = [t for t in work.combat[key] if t != cmd.token]


def move_in_turn_order(work: CombatWork, cmd: MoveInTurnOrder) -> None:
    """Nothing to rearrange in a ruleset without its own rule: refused with the reason."""
    require_running(work, "rearrange")
    reason = work.ruleset.reorder_refusal(work.enc)
    raise CommandRejected(reason or f"{work.ruleset.name} has no rule for rearranging its turn order")


def reorder_refusal(ruleset: OrderRuleset, encounter: Encounter) -> str:
    """Why the order cannot be rearranged by hand ("" when it can)."""
    if not encounter.combat.get("started"):
        return "there is no combat running: start combat first"
    from vantage.engine.protocol.turn_order_commands import MoveInTurnOrder
    if ruleset.handlers.get(MoveInTurnOrder) is not None:
        return ""
    if ruleset.traits.initiative_passed_between_sides:
        return (f"{ruleset.name} passes the initiative from side to side like a baton: "
                "there is no per-token order to rearrange")
    return f"{ruleset.name} has no rule for rearranging its turn order"


# -- the query --------------------------------------------------------------------------------
def _greyed(label: str, command: Any, reason: str) -> ActionOption:
    return ActionOption(label, command, False, reason, {}, (), f"Not now: {reason}", f"Not now: {reason}")


def turn_order_edits(
    ruleset: OrderRuleset, encounter: Encounter, token_id: str | None = None
) -> TurnOrderEdits:
    """What the GM may change in the turn order now, and for ``token_id`` (None: in general)."""
    reorder = ruleset.reorder_refusal(encounter)
    note = ruleset.reorder_note() if not reorder else ""
    if token_id is None or not any(t.id == token_id for t in encounter.tokens):
        return TurnOrderEdits(reorder, note)
    # the turn-order commands load with the first edit offered, not with a window (issue 32)
    from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat
    turn = ruleset.turn(encounter)
    name = encounter.token(token_id).name or token_id
    if turn is None:
        why = "there is no combat running: start combat first"
        return TurnOrderEdits(reorder, note, (_greyed(JOIN_LABEL, JoinCombat(token=token_id), why),))
    if token_id not in combatants(encounter.combat):
        join = ruleset.option(encounter, JOIN_LABEL, JoinCombat(token=token_id),
                              f"{name} joins the running combat: {ruleset.join_help()}")
        return TurnOrderEdits(reorder, note, (join,), in_combat=False)
    leave = ruleset.option(encounter, LEAVE_LABEL, LeaveCombat(token=token_id),
                           f"{name} leaves the turn order and stays on the map; what it suffered stays")
    up, down = _moves(ruleset, encounter, turn, token_id, name, reorder)
    return TurnOrderEdits(reorder, note, (leave, up, down), in_combat=True)


def _moves(ruleset: OrderRuleset, encounter: Encounter, turn: TurnInfo, token_id: str, name: str,
           reorder: str) -> tuple[ActionOption, ActionOption]:
    from vantage.engine.protocol.turn_order_commands import MoveInTurnOrder
    entries = turn.entries
    begun = {i for i, e in enumerate(entries) if e.done}
    yet = yet_to_begin(len(entries), begun, turn.current)
    mine = next((i for i in yet if entries[i].token == token_id), None)
    stay = MoveInTurnOrder(token=token_id, to=mine if mine is not None else 0)
    if reorder:
        return _greyed(UP_LABEL, stay, reorder), _greyed(DOWN_LABEL, stay, reorder)
    if mine is None:
        now = turn.current
        acting = now is not None and now < len(entries) and entries[now].token == token_id
        why = (f"{name} is acting now: only a turn yet to begin can move" if acting
               else f"{name} has no turn left to begin this round")
        return _greyed(UP_LABEL, stay, why), _greyed(DOWN_LABEL, stay, why)
    names = {t.id: t.name or t.id for t in encounter.tokens}
    at = yet.index(mine)
    out = []
    for label, step, edge in ((UP_LABEL, -1, "first"), (DOWN_LABEL, 1, "last")):
        k = at + step
        if not 0 <= k < len(yet):
            why = f"{name}'s next turn is already the {edge} of those yet to begin"
            out.append(_greyed(label, stay, why))
            continue
        other = names.get(entries[yet[k]].token, entries[yet[k]].token)
        word = "before" if step < 0 else "after"
        out.append(ruleset.option(encounter, label, MoveInTurnOrder(token=token_id, to=yet[k]),
                                  f"{name}'s next turn moves to place {yet[k] + 1}, {word} {other}'s"))
    return out[0], out[1]
