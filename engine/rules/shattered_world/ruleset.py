"""The Shattered World ruleset plug-in: its command table, working copy, turn report and queries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, ClassVar

from vantage.engine.dice import NoDice
from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Encounter
from vantage.engine.movement import MovementRules
from vantage.engine.protocol.commands import (
    ApplyDamage,
    Attack,
    Command,
    EndCombat,
    EndTurn,
    Heal,
    Move,
    PickUp,
    Rest,
    StartCombat,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules.base import (
    ActionEconomy,
    ActionOption,
    ActionSlot,
    DamageTrack,
    Health,
    HealthModel,
    MovementAnswer,
    RestKind,
    RulesetTraits,
    TurnEntry,
    TurnInfo,
    TurnStructure,
    Unanswered,
)
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.ruleset_base import EarlyCheck, Handler, RulesetBase
from vantage.engine.rules.shattered_world import (
    attacking,
    dying,
    moving,
    order_edits,
    passing_time,
    skill,
    turns,
)
from vantage.engine.rules.shattered_world import simulation_hints as shattered_world_hints
from vantage.engine.rules.shattered_world.face import ShatteredWorldBook, health_answer
from vantage.engine.rules.shattered_world.mounts import body, ridden_steed
from vantage.engine.rules.shattered_world.tables import LIGHT_LEVELS
from vantage.engine.rules.shattered_world.vocabulary import RULESET_ID, RULESET_NAME, BindWounds, SetLight
from vantage.engine.rules.shattered_world.weapons import FIST, KICK, skill_of
from vantage.engine.rules.shattered_world.work import (
    DYING,
    Work,
    attacks_a_round,
    parries_a_round,
    weapon_label,
)
from vantage.engine.rules.simulation import SimulationHints
from vantage.engine.rules.time_span import TimeSpan


def set_light(work: Work, cmd: SetLight) -> None:
    """GM: "There are four levels of lighting possible: Daylight, Lamplight, Night, Dark"."""
    if cmd.light not in LIGHT_LEVELS:
        raise CommandRejected(f"set_light.light: {cmd.light!r} is not one of {', '.join(LIGHT_LEVELS)}")
    if work.light == cmd.light and "light" in work.combat:
        raise CommandRejected(f"the light is already {cmd.light}")
    work.combat["light"] = cmd.light
    penalty = " (+1d20 on Skill rolls for most characters)" if cmd.light in ("night", "dark") else ""
    work.emit(Note(sentence=f"The light is now {cmd.light}{penalty}.", data={"light": cmd.light}))


@lru_cache(maxsize=256)
def turn_entry(token_id: str, initiative: int, number: int, done: bool) -> TurnEntry:
    """The turn bar's entry of pass ``number`` of ``token_id`` (the same few recur all combat long)."""
    label = "turn" if number == 1 else f"{turns.PASS_WORDS[number]} Attack"
    return TurnEntry(token_id, initiative, label, done)


@lru_cache(maxsize=256)
def action_slot(name: str, left: int, total: int) -> ActionSlot:
    """A slot of the turn's budget (the same few recur all combat long)."""
    return ActionSlot(name, left, total)


#: (id of the order, id of the done list) → (the order, the done list, their turn entries): the
#: entries of a state whose order and done entries are those very lists (an encounter's combat
#: data is never changed in place: a command changes a copy), the latest few kept.
_ENTRIES: dict[tuple[int, int], tuple[object, object, tuple[TurnEntry, ...]]] = {}
_ENTRIES_KEPT = 64


def turn_entries(order: Sequence[Sequence[Any]], done: Sequence[int]) -> tuple[TurnEntry, ...]:
    """The turn bar's entries of ``order`` (``[token, initiative, pass]``), those in ``done`` done."""
    key = (id(order), id(done))
    seen = _ENTRIES.get(key)
    if seen is not None and seen[0] is order and seen[1] is done:
        return seen[2]
    marked = set(done)
    entries = tuple(turn_entry(str(e[0]), int(e[1]), int(e[2]), i in marked) for i, e in enumerate(order))
    if len(_ENTRIES) >= _ENTRIES_KEPT:
        _ENTRIES.clear()
    _ENTRIES[key] = (order, done, entries)  # both held: their ids are not reused meanwhile
    return entries


HANDLERS: Mapping[type, Handler] = {
    StartCombat: turns.start_combat,
    EndTurn: turns.end_turn,
    Move: moving.move,
    Attack: attacking.attack,
    PickUp: attacking.pick_up,
    ApplyDamage: dying.apply_damage,
    Heal: dying.heal,
    Rest: dying.rest,
    BindWounds: dying.bind_wounds,
    SetLight: set_light,
    EndCombat: passing_time.end_combat,
    JoinCombat: order_edits.join_combat,
    LeaveCombat: order_edits.leave_combat,
    MoveInTurnOrder: order_edits.move_in_turn_order,
}


def attack_checked_early(ruleset: ShatteredWorld, encounter: Encounter, cmd: Attack) -> None:
    """The early check of an Attack (``RulesetBase.early_checks``): its checks are the first thing
    the handler does and only read the state, so they are made on a query's working copy, and a
    refused Attack (the simulation tries many) is refused before the run's dice and answers are
    set up; one that passes is not checked again by its run (:func:`attacking.checked_attack`
    keeps the answer for the encounter). An Attack with options is left to its run."""
    if not cmd.options:
        attacking.checked_attack(ruleset.work(encounter), cmd)


class ShatteredWorld(ShatteredWorldBook, RulesetBase):
    id: ClassVar[str] = RULESET_ID
    name: ClassVar[str] = RULESET_NAME
    traits: ClassVar[RulesetTraits] = RulesetTraits(
        turn_structure=TurnStructure.INITIATIVE_LIST,
        action_economy=ActionEconomy.ACTIONS_PER_ROUND,
        actions_per_turn=None,
        health_model=HealthModel.HIT_POINTS,
    )
    damage_tracks: ClassVar[tuple[DamageTrack, ...]] = dying.DAMAGE_TRACKS
    rest_kinds: ClassVar[tuple[RestKind, ...]] = dying.REST_KINDS
    handlers: ClassVar[Mapping[type, Handler]] = HANDLERS
    early_checks: ClassVar[Mapping[type, EarlyCheck]] = {Attack: attack_checked_early}
    work_class = Work
    movement_rules: ClassVar[MovementRules | None] = moving.MOVE_RULES
    simulation_hints: ClassVar[SimulationHints] = shattered_world_hints.HINTS
    #: the last query's working copy and its encounter (:meth:`work`)
    _query_work: tuple[Encounter, Work] | None = None

    def work(self, encounter: Encounter) -> Work:
        """A working copy for a query: no dice. Queries only read it, so the last one made is
        handed out again for the very same encounter (the simulation and the window ask several
        questions of each state); an encounter is never changed in place."""
        last = self._query_work
        if last is not None and last[0] is encounter:
            return last[1]
        work = Work(encounter, NoDice())
        work.ruleset = self
        self._query_work = (encounter, work)  # one assignment: safe beside another thread
        return work

    lasting_keys: ClassVar[frozenset[str]] = passing_time.LASTING_KEYS
    lasting_conditions: ClassVar[frozenset[str]] = passing_time.LASTING_CONDITIONS

    def pass_time(self, work: CombatWork, span: TimeSpan) -> None:
        """The campaign clock's hook: the dying and the stable roll Endurance each Round, then the
        nights slept and the hours of rest heal (:func:`.passing_time.time_passes`)."""
        passing_time.time_passes(work, span)  # type: ignore[arg-type]

    def lasting_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        """The shared lasting state, with only the weapons broken or destroyed kept as lost."""
        state = dict(super().lasting_state(encounter, token_id))
        record = dict(state["record"])
        if isinstance(record.get("lost"), dict):
            record["lost"] = {k: v for k, v in record["lost"].items() if v in passing_time.GONE_FOR_GOOD}
        state["record"] = record
        return state

    # -- the stat block -------------------------------------------------------------------------
    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        work = self.work(encounter)
        s = work.stats(token_id)
        out: dict[str, Breakdown] = {
            "movement": moving.allowance(work, token_id),
            "initiative": Breakdown(
                "Initiative bonus (added to 1d10; a natural 1 is always 1)",
                s.bonus("dexterity"),
                "Dexterity bonus",
            ),
            "disabled at": Breakdown(
                "Disabled at",
                s.hit_points // 5,
                f"a fifth of {s.hit_points} Hit Points, rounded down",
                minimum=1,
            ),
            "dodge": Breakdown("Dodge", int(s.skills["dodge"]), "Dodge skill"),
            "armor": Breakdown("Armor", s.armor, "points absorbed"),
        }
        for w in work.in_hand(token_id):
            out[f"skill: {w.name}"] = skill_of(work, token_id, w)
        return out

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        work = self.work(encounter)
        left, total = work.hp(token_id)
        rec = work.record(token_id)
        attacks, parries = work.budget_left(token_id)
        return {
            "hit_points": f"{left}/{total}",
            "unarmed_damage": rec["unarmed"],
            "state": rec["state"],
            "conscious": rec.get("conscious", True),
            "disabled": work.disabled(token_id),
            "moved": rec["moved"],
            "attacks_left": attacks,
            "parries_left": parries,
            "light": work.light,
            "lost": dict(rec.get("lost", {})),
        }

    # -- the turn -------------------------------------------------------------------------------
    def reorder_note(self) -> str:
        """A turn moved by hand holds for this Round only (``order_edits.py``)."""
        return order_edits.REORDER_NOTE

    def join_help(self) -> str:
        return order_edits.JOIN_HELP

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        work = self.work(encounter)
        if not work.started:
            return None
        entries = turn_entries(work.seen("order", ()), work.seen("done", ()))
        now = work.current()
        slots: tuple[ActionSlot, ...] = ()
        note = ""
        if now is not None:
            actor, number = now
            rec = work.record(actor)
            attacks, parries = work.budget_left(actor)
            moved = 0 if rec["moved"] is not None or number > 1 else 1
            two = work.two_weapons(actor)
            slots = (
                action_slot("step or move", moved, 1),
                action_slot("attack", attacks, attacks_a_round(work.stats(actor), two)),
                action_slot("parry", parries, parries_a_round(two)),
            )
            note = (
                "a Step keeps the Attack and the Parry; a Normal Move leaves one of them; a Dodge may "
                "replace the Attack or the Parry"
                if number == 1
                else f"the {turns.PASS_WORDS[number]} pass of Attacks"
            )
        waiting = self.pending(encounter)
        actor_id = now[0] if now else None
        return TurnInfo(
            round=work.round,
            actor=actor_id,
            side=work.token(actor_id).side.value if actor_id else None,
            entries=entries,
            current=work.seen("turn"),
            slots=slots,
            note=note,
            round_label=f"Round {work.round} · {work.light}",
            waiting_on=(waiting[0].who or "GM") if waiting else None,
        )

    def turn_options(self, encounter: Encounter) -> Sequence[ActionOption]:
        work = self.work(encounter)
        actor = work.actor if work.started else None
        if actor is None:
            return ()
        return (
            self.option(
                encounter,
                "End turn",
                EndTurn(token=actor),
                f"{work.name(actor)} ends this entry; the next in the order acts.",
            ),
        )

    # -- the map --------------------------------------------------------------------------------
    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        work = self.work(encounter)
        try:
            tiles = moving.allowance(work, token_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        steed = ridden_steed(work, token_id)
        if steed is not None:  # assumed: the steed moves on its own Initiative, carrying its rider
            tiles = tiles.replaced(f"rides {work.name(steed)}: the steed moves", 0)
        return MovementAnswer(moving.MOVE_RULES, tiles)

    def move_preview(
        self, encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
    ) -> str:
        """ "A Step is 5' (usually one map square on battle maps)": which the move is, and what it leaves."""
        work = self.work(encounter)
        try:
            work.stats(token_id)
        except CommandRejected:
            return ""
        return moving.move_preview(work, token_id, tuple(path), mode)

    def legality(self, encounter: Encounter, command: Command) -> tuple[bool, str]:
        """The shared answer (the command run until its first roll), but an Attack's in one
        working copy and without the run: see :meth:`attack_legality`."""
        if type(command) is Attack and not self.pending(encounter):
            return self.attack_legality(self.work(encounter), command)
        return super().legality(encounter, command)

    @staticmethod
    def attack_legality(work: Work, command: Attack) -> tuple[bool, str]:
        """Whether ``command`` would be carried out now in ``work`` (a copy of an encounter with
        nothing waiting, unchanged): its checks (:func:`attacking.check_attack`), since the first
        thing after them is the Dodge asked of the target or a die rolled — nothing there refuses
        the Attack. The checks only read ``work``, so one copy answers for many attacks (and the
        answer is kept for the encounter state: :func:`attacking.checked_attack`)."""
        try:
            attacking.checked_attack(work, command)
        except CommandRejected as exc:
            return False, exc.reason
        return True, ""

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        """One option per weapon in hand (a throw for thrown weapons), the fist and the kick, each with
        its chance before any Dodge or Parry; "Bind wounds" on a dying comrade."""
        work = self.work(encounter)
        try:
            work.stats(attacker_id)
            work.stats(target_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        out: list[ActionOption] = []
        if work.started and work.state(target_id) == DYING:
            out.append(
                self.option(
                    encounter,
                    f"Bind {work.name(target_id)}'s wounds",
                    BindWounds(token=attacker_id, target=target_id),
                    "an extra Endurance roll to stabilise, once a Round",
                )
            )
        candidates: list[tuple[str, Attack]] = []
        for w in [*work.in_hand(attacker_id), FIST, KICK]:
            ident = w.id if w.index < 0 else w.name
            candidates.append((f"Attack with {weapon_label(w)}", Attack(attacker_id, target_id, ident)))
            if attacking.thrown_row(w) is not None:
                candidates.append(
                    (f"Throw {weapon_label(w)}", Attack(attacker_id, target_id, ident, {"throw": True}))
                )
        waiting = bool(self.pending(encounter))
        for label, command in candidates:
            legal, reason = (
                self.legality(encounter, command) if waiting else self.attack_legality(work, command)
            )
            out.append(self._attack_option(work, label, command, legal, reason))
        return out

    def _attack_option(
        self, work: Work, label: str, command: Attack, legal: bool, reason: str
    ) -> ActionOption:
        weapon = attacking.find_weapon(work, command.attacker, command.weapon)
        thrown = bool(command.options.get("throw"))
        rank = skill_of(work, command.attacker, weapon)
        extra: tuple[tuple[str, int], ...] = ()
        row = attacking.range_row(weapon, thrown)
        lines = []
        if row is not None:
            feet = (
                footprint_distance(body(work, command.attacker), body(work, command.target))
                * work.enc.map.feet_per_tile
            )
            dice = attacking.range_dice(feet, row)
            lines.append(f"{row.label}: normal to {row.short} ft, at most {row.maximum} ft; {feet:g} ft away")
            if dice:
                extra = ((f"for {dice} range increment{'s' if dice > 1 else ''}", dice),)
        difficulty = work.difficulty(command.attacker, "attack", weapon, command.target, extra)
        odds = skill.chance(rank.int_value, difficulty.int_value)
        lines.insert(
            0,
            f"{skill.difficulty_text(difficulty)} against {attacking.rank_text(rank)}: {round(odds * 100)}% "
            "before any Dodge or Parry",
        )
        text = "\n".join(lines)
        summary = f"{skill.difficulty_text(difficulty)} vs {rank.int_value}: {round(odds * 100)}%"
        if not legal:
            text = f"Not now: {reason}\n{text}"
            summary = f"Not now: {reason}"
        return ActionOption(label, command, legal, reason, {"hit": odds}, (rank, difficulty), summary, text)

    def token_actions(self, encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
        """Picking a dropped or thrown weapon back up."""
        work = self.work(encounter)
        try:
            s = work.stats(token_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        lost = work.record(token_id).get("lost", {})
        return [
            self.option(
                encounter,
                f"Pick up the {w.name}",
                PickUp(token=token_id, weapon=w.name),
                "in place of an Attack",
            )
            for w in s.weapons
            if lost.get(str(w.index)) in ("dropped", "thrown")
        ]

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        return health_answer(self.work(encounter), token_id)


SHATTERED_WORLD = ShatteredWorld()
