"""Baton: the initiative passed like a baton; major, minor, movement; Protection → Stamina → Health.

The rules are in the modules beside this one (docs/rules/baton.md lists every rule with its test);
this class states what the ruleset is and answers the GUI's questions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property, lru_cache
from typing import Any, ClassVar

from vantage.engine.dice import NoDice
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter
from vantage.engine.movement import MovementRules
from vantage.engine.protocol.commands import (
    ApplyDamage,
    Attack,
    Command,
    EndCombat,
    EndTurn,
    Heal,
    Maneuver,
    Move,
    PassInitiative,
    PickUp,
    Rest,
    StandUp,
    StartCombat,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat
from vantage.engine.rules.base import (
    ActionEconomy,
    ActionOption,
    ActionSlot,
    DamageTrack,
    Health,
    HealthModel,
    MovementAnswer,
    MoveReading,
    RestKind,
    RulesetTraits,
    TurnEntry,
    TurnInfo,
    TurnStructure,
    Unanswered,
)
from vantage.engine.rules.baton import (
    actions,
    attacking,
    confusion,
    hazards,
    maneuvers,
    mounts,
    moving,
    order_edits,
    recovery,
    shifts,
    turns,
)
from vantage.engine.rules.baton import simulation_hints as baton_hints
from vantage.engine.rules.baton.face import BatonBook, health_answer
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.tables import RULESET_ID, RULESET_NAME
from vantage.engine.rules.baton.vocabulary import (
    HoldBreath,
    Poison,
    SetAsideConfusion,
    TakeAction,
    TreatWound,
)
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.early_memo import EarlyCheckMemo
from vantage.engine.rules.ruleset_base import EarlyCheck, Handler, RulesetBase
from vantage.engine.rules.simulation import LEGALITY_NOT_ASKED, SimulationHints
from vantage.engine.rules.time_span import TimeSpan


@lru_cache(maxsize=256)
def turn_entry(token_id: str, side: str, dead: bool, acted: bool) -> TurnEntry:
    """The turn bar's entry of ``token_id`` (the same few recur all combat long)."""
    return TurnEntry(token_id, None, f"{side}{', dead' if dead else ''}{', acted' if acted else ''}",
                     acted or dead)


#: (id of the participants list, id of the acted list, id of the tokens) → (those three, the turn
#: bar's entries): the entries of a state whose lists and tokens are those very objects (an
#: encounter is never changed in place: a command changes copies), the latest few kept.
_ENTRIES: dict[tuple[int, int, int], tuple[object, object, object, tuple[TurnEntry, ...]]] = {}
_ENTRIES_KEPT = 64


def turn_entries(work: BatonWork) -> tuple[TurnEntry, ...]:
    """The turn bar's entries: every participant, its side, dead or not, acted or not."""
    participants = dict.get(work.combat, "participants", ())  # read, not copied
    acted = dict.get(work.combat, "acted", ())
    tokens = work.enc.tokens
    key = (id(participants), id(acted), id(tokens))
    seen = _ENTRIES.get(key)
    if seen is not None and seen[0] is participants and seen[1] is acted and seen[2] is tokens:
        return seen[3]
    done = set(acted)
    entries = tuple([turn_entry(t, *work.side_and_dead(t), t in done) for t in map(str, participants)])
    if len(_ENTRIES) >= _ENTRIES_KEPT:
        _ENTRIES.clear()
    _ENTRIES[key] = (participants, acted, tokens, entries)  # held: their ids are not reused meanwhile
    return entries


def refused_option(encounter: Encounter, label: str, command: Command, explanation: str,
                   reason: str) -> ActionOption:
    """The option :meth:`RulesetBase.option` gives ``command`` when its legality is (False,
    ``reason``), the reason known beforehand."""
    text = f"Not now: {reason}" + (f"\n{explanation}" if explanation else "")
    return ActionOption(label, command, False, reason, {}, (), text.split("\n")[0], text)


def attack_checked_early(ruleset: Baton, encounter: Encounter, cmd: Attack) -> None:
    """The early check of an Attack (``RulesetBase.early_checks``): its checks are the first thing
    the handler does and only read the state (:func:`attacking.check_attack`), so they are made
    on the reading working copy, and a refused Attack (the simulation tries many) is refused
    before the run's dice and answers are set up; one that passes is not checked again by its
    run (:func:`attacking.checked_attack` keeps the answer for the command and encounter)."""
    attacking.checked_attack(ruleset.reading_work(encounter), cmd)


class Baton(BatonBook, RulesetBase):
    id: ClassVar[str] = RULESET_ID
    name: ClassVar[str] = RULESET_NAME
    traits: ClassVar[RulesetTraits] = RulesetTraits(
        turn_structure=TurnStructure.BATON,
        action_economy=ActionEconomy.MAJOR_MINOR_MOVE,
        actions_per_turn=None,
        health_model=HealthModel.LAYERS,
        health_layers=("protection", "stamina", "health"),
        initiative_passed_between_sides=True,
        side_in_the_open=True,
    )
    damage_tracks: ClassVar[tuple[DamageTrack, ...]] = (
        DamageTrack(
            "protection", "Protection", "points", "armour layers; restored at the end of each combat"
        ),
        DamageTrack("stamina", "Stamina", "points", "breath and energy; its maximum is the current Health"),
        DamageTrack("health", "Health", "severity", "wounds; at 0 the character dies"),
    )
    rest_kinds: ClassVar[tuple[RestKind, ...]] = (
        RestKind("short", "Short rest", "rests", "once per shift: 1d6 + Physique Stamina"),
        RestKind("long", "Long rest", "nights", "all Stamina; a recovery check; each wound's daily change"),
    )
    handlers: ClassVar[Mapping[type, Handler]] = {
        StartCombat: turns.start_combat,
        PassInitiative: turns.pass_initiative,
        EndTurn: turns.end_turn,
        EndCombat: turns.end_combat,
        Move: moving.move,
        StandUp: moving.stand_up,
        Attack: attacking.attack,
        Maneuver: maneuvers.maneuver,
        PickUp: maneuvers.pick_up,
        TakeAction: actions.take_action,
        ApplyDamage: actions.apply_damage,
        Heal: actions.heal,
        Rest: recovery.rest,
        TreatWound: recovery.treat_wound,
        Poison: hazards.poison,
        HoldBreath: hazards.hold_breath,
        SetAsideConfusion: confusion.set_aside,
        JoinCombat: order_edits.join_combat,
        LeaveCombat: order_edits.leave_combat,
    }
    early_checks: ClassVar[Mapping[type, EarlyCheck]] = {Attack: attack_checked_early}
    work_class = BatonWork
    movement_rules: ClassVar[MovementRules | None] = moving.MOVE_RULES
    simulation_hints: ClassVar[SimulationHints] = baton_hints.HINTS
    #: the turn commands (end turn, pass, end combat) are decided by their handler: what comes
    #: after it never refuses, and the turn options ask these of every participant
    legality_by_handler: ClassVar[frozenset[type]] = frozenset({EndTurn, PassInitiative, EndCombat})

    @cached_property
    def early_memo(self) -> EarlyCheckMemo:
        """What the early check of an attack hands on to its run (``attacking.checked_attack``):
        this instance's own, one per thread."""
        return EarlyCheckMemo()

    #: what outlasts a fight: the wounds, the Stamina left and the shift of the last short rest
    #: ("At the end of each combat, the character's Protection is fully restored": not kept)
    lasting_keys: ClassVar[frozenset[str]] = frozenset({"wounds", "stamina", "short_rest_shift", "boons"})
    lasting_conditions: ClassVar[frozenset[str]] = frozenset({"dead"})

    def pass_time(self, work: CombatWork, span: TimeSpan) -> None:
        """Each night slept is a long rest ("When they sleep a good night's rest ..."), and a new
        shift may begin ("Once per shift"): :func:`.recovery.time_passes`."""
        recovery.time_passes(work, span)  # type: ignore[arg-type]

    def clock_text(self, minutes: int) -> str:
        """ "shift 2 of day 1" (a day of four shifts of 6 hours, assumed)."""
        return shifts.shift_text(minutes)

    def reorder_refusal(self, encounter: Encounter) -> str:
        """No per-token order: the initiative is passed like a baton (``order_edits.py``)."""
        if not encounter.combat.get("started"):
            return super().reorder_refusal(encounter)
        return order_edits.REORDER

    def join_help(self) -> str:
        return order_edits.JOIN_HELP

    def work(self, encounter: Encounter) -> BatonWork:
        work = BatonWork(encounter, NoDice())
        work.ruleset = self
        return work

    #: the last reading working copy and its encounter (:meth:`reading_work`)
    _reading: tuple[Encounter, BatonWork] | None = None

    def reading_work(self, encounter: Encounter) -> BatonWork:
        """A working copy of ``encounter`` for what only reads it — the turn and an attack's
        checks (:func:`attacking.check_attack`) — handed out again for the very same encounter
        (the simulation asks both of each state, and tries several attacks on it); an encounter
        is never changed in place."""
        last = self._reading
        if last is not None and last[0] is encounter:
            return last[1]
        work = self.work(encounter)
        self._reading = (encounter, work)  # one assignment: safe beside another thread
        return work

    # -- hooks ----------------------------------------------------------------------------------
    def on_turn_start(self, work: CombatWork, token_id: str) -> None:
        """A confused character rolls 1d6 when it receives the initiative, and does what it says."""
        if work.has(token_id, "confused"):
            assert isinstance(work, BatonWork)
            confusion.confused_turn(work, token_id)

    def on_turn_end(self, work: CombatWork, token_id: str) -> None:
        """Nothing ticks at a character's pass: "A turn begins for a character when the initiative
        is passed to their side and ends when it is lost", so every timer (in turns, side turns or
        rounds) ticks when the side loses the initiative (:func:`turns.begin_turn`)."""

    def on_side_turn(self, work: BatonWork, side: str) -> None:
        hazards.side_turn_effects(work, side)

    # -- the stat block -------------------------------------------------------------------------
    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        work = self.work(encounter)
        try:
            s = work.stats(token_id)
        except CommandRejected:
            return {}
        return {
            "health": Breakdown("Health", 6, "6").plus("2 × Physique", 2 * s.physique),
            "protection": Breakdown("Protection", 0, "").plus(
                " + ".join(n for n, _ in s.armour) or "no armour", s.protection
            ),
            "movement": moving.allowance(work, token_id),
        }

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        work = self.work(encounter)
        try:
            text = work.layers_text(token_id)
        except CommandRejected:
            return {}
        record = work.record(token_id)
        return {
            "layers": text,
            "wounds": [dict(w) for w in record.get("wounds", ())],
            "boons": int(record.get("boons", 0)),
            "dead": work.dead(token_id),
        }

    # -- the turn -------------------------------------------------------------------------------
    def turn(self, encounter: Encounter) -> TurnInfo | None:
        work = self.reading_work(encounter)
        if not work.started:
            return None
        actor = work.actor
        participants = work.participants
        entries = turn_entries(work)
        slots: tuple[ActionSlot, ...] = ()
        note = ""
        if actor is not None:
            record = work.record(actor)
            full = turns.speed_tiles(work, actor)
            slots = (
                ActionSlot("major", int(record.get("major", 1)), 1),
                ActionSlot("minor", int(record.get("minor", 1)), 1),
                ActionSlot("movement", int(record.get("move_left", full)), full),
            )
            try:
                receivers, why = turns.allowed_receivers(work, actor)
            except CommandRejected as exc:
                receivers, why = [], exc.reason
            note = (
                f"{why[0].upper()}{why[1:]}: pass to {', '.join(work.name(t) for t in receivers) or 'nobody'}"
            )
            if work.has(actor, "slowed"):
                note = "Slowed: only one major action, minor action or movement. " + note
        waiting = self.pending(encounter)
        number = int(work.combat.get("turn", 1))
        return TurnInfo(
            round=number,
            actor=actor,
            side=work.combat.get("holder"),
            entries=entries,
            current=participants.index(actor) if actor in participants else None,
            slots=slots,
            note=note,
            round_label=f"Turn {number}",
            waiting_on=(waiting[0].who or "GM") if waiting else None,
        )

    def turn_options(self, encounter: Encounter) -> Sequence[ActionOption]:
        """ "Pass to X" for every living participant (greyed with why when the baton rule forbids it,
        read from the rule's own functions; a pass it allows is asked of the pass itself, its
        handler run to its first roll or question: :meth:`legality`)."""
        work = self.work(encounter)
        actor = work.actor
        if not work.started or actor is None:
            return ()
        refused = self._pass_refusals(encounter, work, actor)
        end_turn = self.option(
            encounter,
            "Pass the initiative…",
            EndTurn(token=actor),
            f"{work.name(actor)} passes the initiative; the player chooses who receives it.",
        )
        out = [end_turn]
        for t in work.participants:
            if t == actor or work.dead(t):
                continue
            label = f"Pass to {work.name(t)}"
            command = PassInitiative(token=actor, to=t)
            explanation = f"{work.name(actor)} passes the initiative to {work.name(t)}."
            if refused is not None and t in refused:
                out.append(refused_option(encounter, label, command, explanation, refused[t]))
            else:  # allowed by the baton rule: the pass itself says whether it goes through
                out.append(self.option(encounter, label, command, explanation))
        out.append(
            self.option(encounter, "End combat", EndCombat(), "The fight is over: Protection is restored.")
        )
        return out

    def _pass_refusals(self, encounter: Encounter, work: BatonWork, actor: str) -> dict[str, str] | None:
        """Participant → why passing the initiative to it is refused now, for those the baton rule
        forbids: the sentence :func:`turns.pass_initiative` refuses with, read without running the
        command once per participant (``work`` holds ``encounter``, whose holder is ``actor``).
        None when anything before that check could refuse first (a decision waiting, a missing
        token, bad rules options): then every pass is asked of the command itself."""
        if self.pending(encounter):
            return None
        try:
            allowed = turns.allowed_receivers(work, actor)
            out = {}
            for t in work.participants:
                if t != actor and t not in allowed[0] and not work.dead(t):
                    work.token(t)
                    out[t] = turns.pass_refusal(work, actor, t, turns.pass_why_not(work, actor, t, allowed))
        except CommandRejected:
            return None
        return out

    # -- the map --------------------------------------------------------------------------------
    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        work = self.work(encounter)
        try:
            allowed = moving.allowance(work, token_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        if work.dead(token_id):
            allowed = allowed.replaced("dead", 0)
        rider = mounts.rider_of(work, token_id)
        if rider is not None:  # "The character uses the mount's speed": the rider moves, the mount with it
            name = work.name(rider)
            allowed = allowed.replaced(f"carries {name}: it moves when {name} moves", 0)
        return MovementAnswer(moving.MOVE_RULES, allowed)

    def move_preview(
        self, encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
    ) -> str:
        """A rider's move: where its mount's footprint leaves an enemy's reach (an opportunity attack)."""
        return self.move_reading(encounter, token_id, path, mode).note

    def move_reading(
        self, encounter: Encounter, token_id: str, path: Sequence[tuple[int, int]], mode: str | None
    ) -> MoveReading:
        """A rider's move read from its mount's whole footprint, for the label and the marks alike
        (:func:`.moving.rider_reading`); any other mover's: nothing to add."""
        work = self.work(encounter)
        try:
            return moving.rider_reading(work, token_id, tuple(path), mode)
        except (CommandRejected, KeyError):
            return MoveReading()

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str, *, maneuvers: bool = True,
        ask_legality: bool = True,
    ) -> Sequence[ActionOption] | Unanswered:
        """Each held weapon's attack, a charge, an off-hand attack, then the maneuvers (disarm,
        grapple, breaking free); ``maneuvers=False``: the attacks alone, in the same order;
        ``ask_legality=False``: their legality not asked (for the simulator)."""
        work = self.work(encounter)
        try:
            work.stats(attacker_id)
            work.stats(target_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        out: list[ActionOption] = []
        held = attacking.held_weapons(work, attacker_id) or [attacking.UNARMED]
        seen = {
            ranged: attacking.situation(work, attacker_id, target_id, ranged)
            for ranged in dict.fromkeys(w.ranged for w in held)
        }  # the chances and defences of a melee attack, or of a ranged one, are the same for every weapon
        for weapon in held:
            out.append(self._attack_option(encounter, work, attacker_id, target_id, weapon,
                                           ask_legality=ask_legality, seen=seen[weapon.ranged]))
        melee = [w for w in held if not w.ranged]
        if melee and int(work.record(attacker_id).get("straight", 0)) * encounter.map.feet_per_tile >= 10:
            out.append(self._attack_option(encounter, work, attacker_id, target_id, melee[0], charge=True,
                                           ask_legality=ask_legality, seen=seen[False]))
        if len(melee) >= 2:
            out.append(
                self._attack_option(encounter, work, attacker_id, target_id, melee[0], off_hand=melee[1],
                                    ask_legality=ask_legality, seen=seen[False])
            )
        if not maneuvers:
            return out
        for label, command, text in (
            (
                "Disarm",
                Maneuver(attacker_id, target_id, "disarm"),
                "Fight with the weapon against 7 + their "
                "weapon skill: the weapon falls 5 ft per success level in a random direction",
            ),
            (
                "Grapple, knock down or push",
                Maneuver(attacker_id, target_id, "grapple"),
                "Physique or Fight "
                "Unarmed against 7 + their Physique, Fight Unarmed or Dodge; choose the effect on a success",
            ),
        ):
            out.append(self.option(encounter, label, command, text))
        if work.record(attacker_id).get("grappled_by") == target_id:
            out.append(
                self.option(
                    encounter,
                    "Break free",
                    Maneuver(attacker_id, target_id, "break_free"),
                    "Physique against 7 + their Physique or Fight Unarmed",
                )
            )
        return out

    def _attack_option(
        self,
        encounter: Encounter,
        work: BatonWork,
        attacker: str,
        target: str,
        weapon: attacking.Weapon,
        *,
        charge: bool = False,
        off_hand: attacking.Weapon | None = None,
        ask_legality: bool = True,
        seen: attacking.Situation | None = None,
    ) -> ActionOption:
        command = Attack(
            attacker,
            target,
            weapon.name if weapon is not attacking.UNARMED else "unarmed",
            dict(attacking.option_mapping(charge, off_hand.name if off_hand else None)),
        )
        legal, reason = self.legality(encounter, command) if ask_legality else (False, LEGALITY_NOT_ASKED)
        p = attacking.plan(work, attacker, target, weapon, charge=charge, off_hand=off_hand, seen=seen)
        chance = attacking.hit_odds(work, p)
        text = attacking.odds_text(work, p, chance)
        label = (
            f"Charge with the {weapon.name}"
            if charge
            else f"Two weapons: {weapon.name} and {off_hand.name}"
            if off_hand
            else f"Attack with the {weapon.name}"
        )
        summary = f"{label}: {round(chance * 100)}% to hit" if legal else f"Not now: {reason}"
        explanation = text if legal else f"Not now: {reason}\n{text}"
        return ActionOption(
            label, command, legal, reason, {"hit": chance}, (p.skill, p.against), summary, explanation
        )

    def token_actions(self, encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
        work = self.work(encounter)
        try:
            s = work.stats(token_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        out = []
        if work.has(token_id, "prone"):
            out.append(self.option(encounter, "Stand up", StandUp(token_id), "Uses the movement."))
        skills = sorted(((k, s.skill(k)) for k in actions.CHECK_SKILLS), key=lambda kv: -kv[1])
        best = skills[0][0]
        for kind in actions.ACTIONS:
            if kind.id in ("resist_poison", "break_free"):
                continue
            command = TakeAction(token_id, kind.id, best if kind.check else None)
            label = f"{kind.label} ({best.replace('_', ' ')} against 7)" if kind.check else kind.label
            out.append(
                self.option(encounter, label, command, f"{kind.slot.capitalize()} action: {kind.help}.")
            )
        state = work.record(token_id).get("confused")
        if state and not state.get("set_aside") and work.actor == token_id:
            out.append(
                self.option(
                    encounter,
                    "Set the confusion roll aside (GM override)",
                    SetAsideConfusion(token_id),
                    "GM override: every action is accepted again this turn; the GM plays it out.",
                )
            )
        if work.record(token_id).get("poisons"):
            out.append(
                self.option(
                    encounter,
                    "Resist the poison",
                    TakeAction(token_id, "resist_poison"),
                    "Major action: remake the Physique check.",
                )
            )
        if work.has(token_id, "restrained") and not work.record(token_id).get("grappled_by"):
            out.append(
                self.option(
                    encounter,
                    "Break free",
                    TakeAction(token_id, "break_free"),
                    "Major action: Physique against 8.",
                )
            )
        x, y = encounter.token(token_id).position
        for item in work.combat.get("items", ()):
            if max(abs(item["tile"][0] - x), abs(item["tile"][1] - y)) <= 1:
                out.append(
                    self.option(
                        encounter,
                        f"Pick up the {item['name']}",
                        PickUp(token_id, str(item["name"])),
                        "Minor action.",
                    )
                )
        return out

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        return health_answer(self.work(encounter), token_id)


BATON = Baton()
