"""What every ruleset shares, python-chess style: a ruleset subclasses :class:`RulesetBase` and
overrides the hooks its rule text speaks to, as a chess variant subclasses ``chess.Board``.

The base holds:

- the command → handler table (:attr:`RulesetBase.handlers`, the ruleset's own, over the shared
  handlers of :data:`SHARED_HANDLERS`), run on a copy-on-write :class:`~.combat_work.CombatWork`;
- another ruleset's commands refused by name;
- waiting for the table (:mod:`.decisions`): a handler that asks pauses the command, which is
  kept in ``combat["pending"]`` and replayed when the answer comes; ``answer``, ``cancel_pending``
  and ``table_dice`` are handled here for every ruleset;
- legality, by running the real command against dice that stop at the first roll;
- turn and round hooks and condition timers in a named unit (:mod:`.timers`);
- defaults for every query: "unsupported …" answers, an open stat schema, no templates.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from vantage.engine.dice import DiceSource, NoDice, RollAttempted
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter
from vantage.engine.movement.policy import DiagonalPolicy, MovementRules
from vantage.engine.protocol.commands import (
    Answer,
    CancelPending,
    Command,
    EndCombat,
    PassTime,
    Rest,
    SetCondition,
    SetTableDice,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import DecisionAwaited, DecisionWithdrawn, Event, Note
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules import lasting, turn_order
from vantage.engine.rules.answering import (
    ANSWERS_IN_A_ROW,
    AnsweredStep,
    AnsweringStopped,
    answering_one_by_one,
)
from vantage.engine.rules.base import (
    ActionOption,
    DamageTrack,
    Health,
    MovementAnswer,
    MoveReading,
    OverlayMark,
    RestKind,
    RulesetTraits,
    Tactics,
    TurnInfo,
    TurnOrderEdits,
    Unanswered,
    unsupported,
)
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.decisions import (
    PENDING,
    TABLE_DICE,
    TABLE_SIDES,
    Answers,
    AnswersAsked,
    Decision,
    DecisionNeeded,
    ReplayDice,
    TableDice,
    decider_name,
    who_name,
)
from vantage.engine.rules.durations import check_duration, check_rest
from vantage.engine.rules.simulation import GENERIC_HINTS, SimulationHints
from vantage.engine.rules.stat_schema import CreatureTemplate, StatSchema
from vantage.engine.rules.time_span import CLOCK, TimeSpan, clock_text, duration_text, span_refusal
from vantage.engine.rules.timers import TimerUnit, tick, turn_ended, unit_named
from vantage.engine.rules.vocabulary import foreign_command, read_command

Handler = Callable[[Any, Any], None]
#: An early check(ruleset, encounter, command): raises CommandRejected with the very refusal the
#: command's handler would give, found by reading the state only (``RulesetBase.early_checks``).
EarlyCheck = Callable[[Any, Encounter, Any], None]

#: The command fields that name whose action (and whose dice) a command is.
_ACTOR_FIELDS = ("token", "attacker")


def set_condition(work: CombatWork, cmd: SetCondition) -> None:
    """GM: give or remove a condition, timed in rounds, the bearer's turns or its side's turns."""
    work.token(cmd.token)
    try:
        unit = unit_named(cmd.unit)
    except ValueError as bad:
        raise CommandRejected(f"set_condition.unit: {bad}") from None
    if cmd.rounds is not None and cmd.rounds < 1:
        raise CommandRejected(f"a timed condition lasts at least 1 {unit.value.rstrip('s')}")
    if cmd.rounds is not None:
        check_duration("set_condition.rounds", cmd.rounds, unit.value, "a timed condition may last")
    if cmd.on:
        known = getattr(work.ruleset, "condition_rules", None)
        why = "set by the GM"
        if known is not None and cmd.condition not in known:
            why += f"; {work.ruleset.name} has no rule for it, so it is a reminder for the table"
        work.add_condition(cmd.token, cmd.condition, cmd.rounds, why=why, unit=unit)
    else:  # removing a condition the token does not have changes nothing (no event)
        work.remove_condition(cmd.token, cmd.condition, "removed by the GM")


#: What a combat leaves behind when it ends: the rules options, what the creatures suffered, the
#: things lying on the map, and whose dice are rolled at the table. The turn order, the round and
#: anything the table was asked go.
KEPT_AFTER_COMBAT = frozenset({"rules", "creatures", "items", TABLE_DICE, CLOCK})


def end_combat(work: CombatWork, cmd: EndCombat) -> None:
    """GM: the fight is over (a ruleset whose text says more overrides it: Baton restores
    Protection)."""
    if not work.started:
        raise CommandRejected("there is no combat to end")
    rounds = work.combat.get("round")
    for key in [k for k in work.combat if k not in KEPT_AFTER_COMBAT]:
        del work.combat[key]
    after = f" after {rounds} round{'s' if rounds != 1 else ''}" if isinstance(rounds, int) else ""
    work.emit(Note(sentence=f"The combat is over{after}; wounds and conditions stay."))


def pass_time(work: CombatWork, cmd: PassTime) -> None:
    """GM: time passes between fights: the ruleset's ``pass_time`` hook applies its recovery to
    every creature, then the clock (``combat["clock"]``) moves on. Refused in combat, whose rounds
    the turns count."""
    if work.started:
        raise CommandRejected("combat is on: time between fights passes after end_combat")
    refused = span_refusal(cmd.minutes, cmd.nights)
    if refused:
        raise CommandRejected(refused)
    start = int(work.combat.get(CLOCK, 0))
    after = start + cmd.minutes
    span = duration_text(cmd.minutes)
    verb = "passes" if span.startswith("1 ") else "pass"
    slept = f", {cmd.nights} night{'s' if cmd.nights != 1 else ''} slept" if cmd.nights else ""
    rested = ", resting" if cmd.resting else ""
    work.emit(Note(sentence=f"{span} {verb}{slept}{rested} "
                            f"(the clock: {work.ruleset.clock_text(after)}).",
                   data={CLOCK: after, "minutes": cmd.minutes, "nights": cmd.nights}))
    work.ruleset.pass_time(work, TimeSpan(start, cmd.minutes, cmd.nights, cmd.resting))
    work.combat[CLOCK] = after


#: Handlers every ruleset has unless its own table overrides them.
SHARED_HANDLERS: Mapping[type, Handler] = {SetCondition: set_condition, EndCombat: end_combat,
                                          PassTime: pass_time,
                                          JoinCombat: turn_order.join_combat,
                                          LeaveCombat: turn_order.leave_combat,
                                          MoveInTurnOrder: turn_order.move_in_turn_order}


def _resolves_as_the_base(kind: type[RulesetBase]) -> bool:
    """Whether a ruleset class resolves commands and answers as :class:`RulesetBase` does (its
    ``apply``, ``run`` and ``_answer`` not overridden): only then may ``apply_answering`` resolve a
    command in one go for it."""
    return (kind.apply is RulesetBase.apply and kind.run is RulesetBase.run
            and kind._answer is RulesetBase._answer)

#: (command class, ruleset id) of the commands found not to be another ruleset's: a command
#: class's owner is fixed when the class is made, so the answer never changes
_NOT_FOREIGN: set[tuple[type, str]] = set()


def _foreign(command: Command, ruleset_id: str) -> str | None:
    """:func:`foreign_command` for ``command`` in a ``ruleset_id`` encounter (a command class found
    shared or the ruleset's own is not looked up again)."""
    key = (type(command), ruleset_id)
    if key in _NOT_FOREIGN:
        return None
    refused = foreign_command(command.kind, ruleset_id)
    if refused is None:
        _NOT_FOREIGN.add(key)
    return refused


#: The commands ``apply_answering`` hands to :func:`answering_one_by_one`.
_ONE_BY_ONE = (Answer, CancelPending, SetTableDice)


class RulesetBase:
    """The shared machinery of a ruleset; see the module text. Subclasses set ``id``, ``name``,
    ``traits`` and ``handlers`` and override the queries their text answers."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    traits: ClassVar[RulesetTraits]
    damage_tracks: ClassVar[tuple[DamageTrack, ...]] = ()
    rest_kinds: ClassVar[tuple[RestKind, ...]] = ()
    #: command type → handler(work, command): the ruleset's own rules
    handlers: ClassVar[Mapping[type, Handler]] = {}
    #: command type → early check(ruleset, encounter, command), run before the working copy, the
    #: dice and the table's answers are set up for a command (nothing waiting): it raises
    #: CommandRejected with the refusal the handler would give, from the checks the handler makes
    #: first, which only read the state, and returns None when those pass or it cannot tell (the
    #: handler then runs, its checks made again). A command the simulator tries again and again
    #: (an attack the turn's budget no longer covers) is refused without the run's set-up.
    early_checks: ClassVar[Mapping[type, EarlyCheck]] = {}
    #: the working copy a command runs on (a ruleset's subclass adds its stat blocks)
    work_class: ClassVar[type[CombatWork]] = CombatWork
    #: the conditions the ruleset's rules act on; another one the GM sets is said to be a reminder
    #: only (None: the ruleset does not say)
    condition_rules: ClassVar[frozenset[str] | None] = None
    #: the movement rules the ruleset's moves are checked by, kept in its own package (its
    #: ``movement_rules.py`` preset with its reach); None: it declares none for the whole ruleset
    #: (``movement`` may still answer per token)
    movement_rules: ClassVar[MovementRules | None] = None
    #: what the encounter simulator should know beyond the queries (``simulation.py``); a ruleset
    #: whose text says more declares its own in ``<ruleset>/simulation_hints.py``
    simulation_hints: ClassVar[SimulationHints] = GENERIC_HINTS
    #: the command kinds whose legality their handler alone decides: what comes after the handler
    #: (the state built from the working copy, the turn and round hooks it runs) never refuses
    #: them, so :meth:`legality` runs the handler on a working copy and stops there (nothing
    #: waiting); a ruleset whose turn commands are asked of every participant declares them
    legality_by_handler: ClassVar[frozenset[type]] = frozenset()

    #: the keys of the per-creature record that outlast a fight (:mod:`.lasting`)
    lasting_keys: ClassVar[frozenset[str]] = frozenset()
    #: the conditions that outlast a fight (dying, unconscious, dead …)
    lasting_conditions: ClassVar[frozenset[str]] = frozenset({"dead"})

    # -- between fights -----------------------------------------------------------------------
    def lasting_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        """What of ``token_id``'s state outlasts the fight, as plain JSON (:mod:`.lasting`)."""
        return lasting.lasting_state(self, encounter, token_id)

    def restore_lasting_state(self, encounter: Encounter, token_id: str,
                              state: Mapping[str, Any]) -> Encounter:
        """``encounter`` with the lasting ``state`` put back on its token ``token_id``."""
        return lasting.restore_lasting_state(self, encounter, token_id, state)

    def lasting_summary(self, encounter: Encounter, token_id: str) -> str:
        """``token_id``'s lasting state in the ruleset's words ("1 wound, 1 lesser wound")."""
        return lasting.lasting_summary(self, encounter, token_id)

    def pass_time(self, work: CombatWork, span: TimeSpan) -> None:
        """The ruleset's recovery over ``span`` of game time between fights (the shared
        ``pass_time`` command calls it before it moves the clock). Nothing by default."""

    def clock_text(self, minutes: int) -> str:
        """A minute of the clock in the ruleset's words ("day 3, 08:00")."""
        return clock_text(minutes)

    # -- resolving commands -------------------------------------------------------------------
    def handler_for(self, command: Command) -> Handler:
        found = self.handlers.get(type(command)) or SHARED_HANDLERS.get(type(command))
        if found is None:
            raise CommandRejected(f"{self.name} has no rule for a {command.kind!r} command")
        return found

    def new_work(self, encounter: Encounter, dice: DiceSource, answers: Answers) -> CombatWork:
        work = self.work_class(encounter, dice, answers)
        work.ruleset = self
        return work

    def roller(self, command: Command) -> str | None:
        """Whose dice ``command`` rolls: its actor (``token`` or ``attacker``)."""
        for name in _ACTOR_FIELDS:
            value = getattr(command, name, None)
            if isinstance(value, str):
                return value
        return None

    def apply(
        self, encounter: Encounter, command: Command, dice: DiceSource
    ) -> tuple[Encounter, list[Event]]:
        """Resolve ``command``; CommandRejected (state untouched) when it is not legal now. While
        a decision is pending only its answer (or the GM withdrawing the action) is accepted."""
        refused = _foreign(command, self.id)
        if refused:
            raise CommandRejected(refused)
        if isinstance(command, Answer):
            return self._answer(encounter, command, dice)
        if isinstance(command, CancelPending):
            return self._withdraw(encounter)
        waiting = self.pending(encounter)
        if waiting:
            why = self._waiting_text(encounter, waiting[0])
            raise CommandRejected(f"the table must answer first — {why} "
                                  "(answer it, or the GM withdraws the waiting action)")
        if isinstance(command, SetTableDice):
            return self._table_dice(encounter, command)
        early = self.early_checks.get(type(command))
        if early is not None:
            early(self, encounter, command)
        return self.run(encounter, command, dice)

    def run(
        self, encounter: Encounter, command: Command, dice: DiceSource,
        answers: Sequence[Mapping[str, Any]] = (), drawn: Sequence[int] = (),
    ) -> tuple[Encounter, list[Event]]:
        """Run ``command``'s handler with the table's ``answers`` so far and the faces ``drawn``
        before it last paused; pause again (``combat["pending"]``) if it asks for more."""
        cursor = Answers(answers)
        replay = ReplayDice(dice, drawn)
        roller = self.roller(command)
        table = TableDice(replay, cursor, roller, encounter.combat.get(TABLE_DICE), encounter=encounter)
        work = self.new_work(encounter, table, cursor)
        if isinstance(command, Rest):
            check_rest(command, self.rest_kinds)
        try:
            self.handler_for(command)(work, command)
        except DecisionNeeded as need:
            return self._wait(encounter, command, cursor.given, replay.drawn, need.decision)
        return work.finish()

    def legality(self, encounter: Encounter, command: Command) -> tuple[bool, str]:
        """(True, "") when the command would be carried out now, else (False, the reason): the
        real command, stopped at its first roll (every check before it passed). A command kind in
        :attr:`legality_by_handler` with nothing waiting is its handler alone (see
        :meth:`_handler_legality`)."""
        if type(command) in self.legality_by_handler and not self.pending(encounter):
            return self._handler_legality(encounter, command)
        try:
            self.apply(encounter, command, NoDice())
        except RollAttempted:
            return True, ""
        except CommandRejected as exc:
            return False, exc.reason
        return True, ""

    def _handler_legality(self, encounter: Encounter, command: Command) -> tuple[bool, str]:
        """The legality of a command whose handler alone decides it (:attr:`legality_by_handler`):
        the checks :meth:`apply` makes before the run (another ruleset's command, the early
        check), then the handler on a working copy, stopped at its first roll or question or at
        its end, without the state after it built (:meth:`CombatWork.finish` is not run)."""
        refused = _foreign(command, self.id)
        if refused:
            return False, refused
        try:
            early = self.early_checks.get(type(command))
            if early is not None:
                early(self, encounter, command)
            self.handler_for(command)(self.new_work(encounter, NoDice(), Answers(())), command)
        except CommandRejected as exc:
            return False, exc.reason
        except (RollAttempted, DecisionNeeded):
            pass  # every check before it passed
        return True, ""

    # -- waiting for the table ----------------------------------------------------------------
    def pending(self, encounter: Encounter) -> tuple[Decision, ...]:
        """The decision the engine waits for, if any."""
        waiting = encounter.combat.get(PENDING)
        if not isinstance(waiting, Mapping) or not isinstance(waiting.get("decision"), Mapping):
            return ()
        return (Decision.from_dict(waiting["decision"]),)

    def _waiting_text(self, encounter: Encounter, decision: Decision) -> str:
        return f"waiting for {decider_name(encounter, decision)}: {decision.prompt}"

    def _wait(
        self, encounter: Encounter, command: Command, answers: Sequence[Mapping[str, Any]],
        drawn: Sequence[int], decision: Decision,
    ) -> tuple[Encounter, list[Event]]:
        combat = dict(encounter.combat)
        combat[PENDING] = {"command": command.to_dict(), "answers": [dict(a) for a in answers],
                           "drawn": list(drawn), "decision": decision.to_dict()}
        text = self._waiting_text(encounter, decision)
        text = text[0].upper() + text[1:] + ("" if text.endswith((".", "?", "!")) else ".")
        event = DecisionAwaited(sentence=text, who=decision.who, decision=decision.to_dict())
        return replace(encounter, combat=combat), [event]

    def _answer(
        self, encounter: Encounter, answer: Answer, dice: DiceSource
    ) -> tuple[Encounter, list[Event]]:
        waiting = encounter.combat.get(PENDING)
        if not isinstance(waiting, Mapping):
            raise CommandRejected("nothing is waiting for an answer")
        decision = Decision.from_dict(waiting["decision"])
        given, events = self._given(encounter, decision, answer, dice)
        command = read_command(waiting["command"], self.id)
        before = replace(encounter, combat={k: v for k, v in encounter.combat.items() if k != PENDING})
        after, more = self.run(before, command, dice, [*waiting.get("answers", ()), given],
                               waiting.get("drawn", ()))
        return after, [*events, *more]

    def _given(
        self, encounter: Encounter, decision: Decision, answer: Answer, dice: DiceSource
    ) -> tuple[dict[str, Any], list[Event]]:
        """What ``answer`` gives the waiting command (the faces, drawn from ``dice`` when none are
        typed; or the choice), and the events that say so; CommandRejected when it does not fit
        ``decision``."""
        events: list[Event] = []
        if decision.dice is not None:
            if answer.choice is not None:
                raise CommandRejected(f"{decision.prompt} is answered with the faces rolled, not a choice")
            request = decision.dice
            faces = request.check(answer.faces) if answer.faces else tuple(
                dice.face(request.sides) for _ in range(request.count))
            given: dict[str, Any] = {"faces": list(faces)}
        else:
            if answer.faces:
                raise CommandRejected(f"{decision.prompt} is answered with a choice, not dice faces")
            value = decision.check_choice(answer.choice)
            given = {"choice": value}
            label = next((c.label for c in decision.choices if c.value == value), value)
            who = decider_name(encounter, decision)
            events.append(Note(sentence=f"{who[0].upper() + who[1:]}: {label}.", token=decision.who,
                               data={"answer": value}))
        return given, events

    def apply_answering(
        self, encounter: Encounter, command: Command, dice: DiceSource,
        answer: Callable[[Decision], Answer], limit: int = ANSWERS_IN_A_ROW,
    ) -> list[AnsweredStep]:
        """``apply(command)``, then each decision it waits for answered by ``answer(decision)``
        (at most ``limit`` in a row), as the steps applying the command and those answers one by
        one gives: the same commands, encounters, events and dice. The command is resolved once,
        each answer handed to it where it asks, instead of paused and replayed from its start
        (the work before the question is not done again). CommandRejected: the command is
        refused (nothing changed); :class:`AnsweringStopped`: an answer was refused, or the
        ``limit`` was passed, after the steps it carries."""
        if (isinstance(command, _ONE_BY_ONE) or PENDING in encounter.combat
                or _foreign(command, self.id) or not _resolves_as_the_base(type(self))):
            return answering_one_by_one(self, encounter, command, dice, answer, limit)
        early = self.early_checks.get(type(command))
        if early is not None:  # refused here, the set-up below is not made
            early(self, encounter, command)
        steps: list[AnsweredStep] = []
        said: list[Event] = []  # the events of the last answer, before the command's own
        sent: list[Command] = [command]

        def given_now(decision: Decision, so_far: list[dict[str, Any]]) -> dict[str, Any]:
            paused, awaited = self._wait(encounter, command, so_far, replay.drawn, decision)
            steps.append(AnsweredStep(sent[-1], paused, [*said, *awaited]))
            if len(steps) > limit:
                raise AnsweringStopped(steps, f"the engine kept asking: {limit} decisions in a row")
            read = Decision.from_dict(paused.combat[PENDING]["decision"])
            reply = answer(read)
            try:
                given, events = self._given(paused, read, reply, dice)
            except CommandRejected as refused:
                raise AnsweringStopped(steps, refused.reason, reply) from None
            said[:] = events
            sent.append(reply)
            return given

        cursor = AnswersAsked(given_now)
        replay = ReplayDice(dice)
        table = TableDice(replay, cursor, self.roller(command), encounter.combat.get(TABLE_DICE),
                          encounter=encounter)
        work = self.new_work(encounter, table, cursor)
        if isinstance(command, Rest):
            check_rest(command, self.rest_kinds)
        try:
            self.handler_for(command)(work, command)
        except CommandRejected as refused:
            if steps:  # refused on a replay with the answers: the last answer is refused
                raise AnsweringStopped(steps, refused.reason, sent[-1]) from None
            raise
        after, events = work.finish()
        steps.append(AnsweredStep(sent[-1], after, [*said, *events]))
        return steps

    def _withdraw(self, encounter: Encounter) -> tuple[Encounter, list[Event]]:
        waiting = encounter.combat.get(PENDING)
        if not isinstance(waiting, Mapping):
            raise CommandRejected("nothing is waiting: there is no action to withdraw")
        command = dict(waiting.get("command", {}))
        combat = {k: v for k, v in encounter.combat.items() if k != PENDING}
        what = str(command.get("type", "action")).replace("_", " ")
        text = f"The GM withdraws the waiting {what}; it is not carried out."
        return replace(encounter, combat=combat), [DecisionWithdrawn(sentence=text, command=command)]

    def _table_dice(self, encounter: Encounter, cmd: SetTableDice) -> tuple[Encounter, list[Event]]:
        names = []
        for tid in dict.fromkeys(cmd.tokens):
            if not any(t.id == tid for t in encounter.tokens):
                raise CommandRejected(f"there is no token {tid!r} on this map")
            names.append(who_name(encounter, tid))
        sides = list(dict.fromkeys(cmd.sides))
        for side in sides:
            if side not in TABLE_SIDES:
                raise CommandRejected(f"{side!r} is not a side (choose {', '.join(TABLE_SIDES)})")
        by_vantage = [tid for tid in dict.fromkeys(cmd.vantage) if tid not in cmd.tokens]
        for tid in by_vantage:
            if not any(t.id == tid for t in encounter.tokens):
                raise CommandRejected(f"there is no token {tid!r} on this map")
        combat = dict(encounter.combat)
        if cmd.everyone:
            combat[TABLE_DICE] = {"everyone": True, "tokens": []}
            text = "Every die is rolled at the table: Vantage asks for the faces."
        elif cmd.tokens or sides:
            combat[TABLE_DICE] = {"everyone": False, "tokens": list(dict.fromkeys(cmd.tokens))}
            if sides:
                combat[TABLE_DICE]["sides"] = sides
            if sides and by_vantage:
                combat[TABLE_DICE]["vantage"] = by_vantage
            who_list = [f"the {TABLE_SIDES[s]}" for s in sides] + names
            who = who_list[0] if len(who_list) == 1 else f"{', '.join(who_list[:-1])} and {who_list[-1]}"
            verb = "rolls" if len(who_list) == 1 and not sides else "roll"
            text = f"{who[0].upper()}{who[1:]} {verb} their dice at the table: Vantage asks for the faces."
            if sides and by_vantage:
                spared = [who_name(encounter, tid) for tid in by_vantage]
                listed = spared[0] if len(spared) == 1 else f"{', '.join(spared[:-1])} and {spared[-1]}"
                text = text[:-1] + f", except {listed}'s, which Vantage rolls."
        else:
            # kept, not removed: an encounter without the setting opens with the default
            # (the party rolls at the table), and "Vantage rolls every die" must stay chosen
            combat[TABLE_DICE] = {"everyone": False, "tokens": []}
            text = "Vantage rolls every die."
        if combat == encounter.combat:
            return encounter, []
        note = Note(sentence=text, data={"table_dice": combat.get(TABLE_DICE)})
        return replace(encounter, combat=combat), [note]

    # -- turn and round hooks -----------------------------------------------------------------
    def on_turn_start(self, work: CombatWork, token_id: str) -> None:
        """Called by the ruleset's turn machine when ``token_id``'s turn begins."""

    def on_turn_end(self, work: CombatWork, token_id: str) -> None:
        """Called when ``token_id``'s turn ends: timers in its turns and its side's turns tick."""
        turn_ended(work, token_id, [t.id for t in work.enc.tokens])

    def on_round_end(self, work: CombatWork) -> None:
        """Called when a round ends: timers in rounds tick for every token."""
        tick(work, TimerUnit.ROUNDS, [t.id for t in work.enc.tokens if t.conditions])

    # -- what the GUI asks (defaults) ---------------------------------------------------------
    def stat_schema(self) -> StatSchema:
        return StatSchema((), open=True)

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        return self.stat_schema().validate(stats, place)

    def templates(self) -> Sequence[CreatureTemplate]:
        return ()

    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        return {}

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        return {}

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        return None

    def turn_options(self, encounter: Encounter) -> Sequence[ActionOption]:
        return ()

    def tactics(self) -> Tactics | Unanswered:
        return unsupported(self.name, "tactics")

    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        return unsupported(self.name, "movement")

    def move_preview(
        self, encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
    ) -> str:
        return ""

    def move_reading(
        self, encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
    ) -> MoveReading:
        """``move_preview``'s words; the path search's own events stand."""
        return MoveReading(self.move_preview(encounter, token_id, path, mode))

    def measuring_diagonal(self) -> DiagonalPolicy:
        """How the ruler counts a diagonal step: by default 1 tile like a straight one, 5/5/5
        (assumed — a neutral default; a ruleset whose text counts diagonals overrides it)."""
        return DiagonalPolicy.ONE

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        return unsupported(self.name, "attack options")

    def token_actions(self, encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
        return unsupported(self.name, "token actions")

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        return unsupported(self.name, "health")

    def overlay_marks(self, encounter: Encounter, overlay_id: str,
                      token_id: str) -> tuple[OverlayMark, ...] | Unanswered:
        """What the ruleset's own overlay draws (a ruleset that declares one overrides this)."""
        return Unanswered(f"the ruleset {self.name!r} draws no overlay {overlay_id!r}")

    def turn_order_edits(self, encounter: Encounter, token_id: str | None = None) -> TurnOrderEdits:
        """What the GM may change in the running combat's turn order (for ``token_id``): add or
        remove it, move its next turn up or down — each from the real command (``turn_order``)."""
        return turn_order.turn_order_edits(self, encounter, token_id)

    def reorder_refusal(self, encounter: Encounter) -> str:
        """Why turns cannot be moved by hand now ("" when they can; override to say more)."""
        return turn_order.reorder_refusal(self, encounter)

    def reorder_note(self) -> str:
        """What moving a turn by hand means under this ruleset (for the tooltip; "" by default)."""
        return ""

    def join_help(self) -> str:
        """How a newcomer takes its place in the turn order, in a few words for the tooltip."""
        return "it takes part from now on"

    def option(
        self, encounter: Encounter, label: str, command: Command, explanation: str = ""
    ) -> ActionOption:
        """An :class:`ActionOption` for ``command`` with its legality now (no odds)."""
        legal, reason = self.legality(encounter, command)
        text = explanation if legal else f"Not now: {reason}" + (f"\n{explanation}" if explanation else "")
        summary = text.split("\n")[0] if text else label
        return ActionOption(label, command, legal, reason, {}, (), summary, text)
