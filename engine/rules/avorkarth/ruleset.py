"""The Avorkarth ruleset plug-in: the ruleset base with Avorkarth's command table, working copy,
turn report and queries."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from vantage.engine.dice import NoDice
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter
from vantage.engine.movement import MovementRules
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth import (
    attack_command,
    between_fights,
    order_edits,
    other_commands,
    queries,
    turns,
)
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth import simulation_hints as avorkarth_hints
from vantage.engine.rules.avorkarth.conditions import CONDITION_RULES
from vantage.engine.rules.avorkarth.face import AvorkarthStatics
from vantage.engine.rules.avorkarth.handlers import HANDLERS
from vantage.engine.rules.avorkarth.ledger import describe_short
from vantage.engine.rules.avorkarth.preview import preview
from vantage.engine.rules.avorkarth.state import Work, query_work
from vantage.engine.rules.avorkarth.untargeted import untargeted_actions
from vantage.engine.rules.avorkarth.vocabulary import RULESET_ID, Resume, Stay
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
from vantage.engine.rules.early_memo import EarlyCheckMemo
from vantage.engine.rules.ruleset_base import EarlyCheck, Handler, RulesetBase
from vantage.engine.rules.simulation import SimulationHints
from vantage.engine.rules.time_span import TimeSpan


class Avorkarth(AvorkarthStatics, RulesetBase):
    """Avorkarth's rules: its commands, working copy, turn report and queries (the answers that
    need no encounter are those of :class:`~.face.AvorkarthStatics`, shared with the light
    face)."""

    id: ClassVar[str] = RULESET_ID
    name: ClassVar[str] = "Avorkarth"
    traits: ClassVar[RulesetTraits] = RulesetTraits(
        turn_structure=TurnStructure.INITIATIVE_LIST,
        action_economy=ActionEconomy.ACTION_POINTS,
        actions_per_turn=10,
        health_model=HealthModel.WOUND_LEDGER,
        health_layers=("wounds", "non-lethal"),
    )
    damage_tracks: ClassVar[tuple[DamageTrack, ...]] = other_commands.DAMAGE_TRACKS
    rest_kinds: ClassVar[tuple[RestKind, ...]] = (
        RestKind("natural", "Natural healing", "weeks",
                 "\"Minor wounds are removed at a pace of 1 per week of in-game time\"; full wounds "
                 "do not return"),
    )
    handlers: ClassVar[Mapping[type, Handler]] = HANDLERS
    #: an attack refused by its checks before the run's set-up (the simulator tries many)
    early_checks: ClassVar[Mapping[type, EarlyCheck]] = {c.Attack: attack_command.refuse_early}
    work_class = Work
    condition_rules: ClassVar[frozenset[str] | None] = CONDITION_RULES
    movement_rules: ClassVar[MovementRules | None] = other_commands.MOVE_RULES
    simulation_hints: ClassVar[SimulationHints] = avorkarth_hints.HINTS

    @functools.cached_property
    def early_memo(self) -> EarlyCheckMemo:
        """What the early check of an attack hands on to its run (``attack_command.refuse_early``):
        this instance's own, one per thread."""
        return EarlyCheckMemo()

    lasting_keys: ClassVar[frozenset[str]] = between_fights.LASTING_KEYS
    lasting_conditions: ClassVar[frozenset[str]] = between_fights.LASTING_CONDITIONS

    def lasting_summary(self, encounter: Encounter, token_id: str) -> str:
        return between_fights.lasting_summary(self, encounter, token_id)

    def pass_time(self, work: CombatWork, span: TimeSpan) -> None:
        """Minor wounds heal by the week, full wounds never; bleeding out goes on Round by Round
        (:mod:`.between_fights`)."""
        between_fights.time_passes(work, span)  # type: ignore[arg-type]

    def reorder_note(self) -> str:
        """A turn moved by hand holds for this round only (``order_edits.py``)."""
        return order_edits.REORDER_NOTE

    def join_help(self) -> str:
        return order_edits.JOIN_HELP

    def token_actions(self, encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
        """Stand up (when prone), change stance, pick up a dropped weapon on or next to the token —
        each with its legality now; outside combat, why there are none."""
        work = Work(encounter, NoDice())
        if not work.combat.get("started"):
            return Unanswered("Avorkarth's untargeted actions (standing up, a stance, picking up a weapon) "
                              "are taken on a creature's turn in combat: start combat first")
        try:
            found = untargeted_actions(work, token_id)
        except CommandRejected as refused:
            return Unanswered(refused.reason)
        return [self.option(encounter, a.label, a.command, a.explanation) for a in found]

    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        work = Work(encounter, NoDice())
        block = work.block(token_id)
        cond = work.cond(token_id)
        size = work.token(token_id).size
        weapon = block.primary_weapons[0]
        reading = str(work.rules.get("presence_wounds", "beyond_five"))
        return {
            "melee attack": attr.melee_attack(block, cond),
            "ranged attack": attr.ranged_attack(block, cond),
            "might": attr.might(block, weapon, cond),
            "dodge": attr.dodge(block, cond),
            "armour": attr.armour_total(block, cond=cond),
            "movement": other_commands.allowance_for(work, token_id),
            "initiative": attr.initiative(block, cond),
            "swiftness": attr.swiftness(block, cond),
            "stamina": attr.stamina(block),
            "resolve": attr.resolve(block, cond),
            "presence": attr.presence(block, size, cond=cond, wounds_reading=reading),
            "presence towards enemies": attr.presence(block, size, towards_enemies=True, cond=cond,
                                                      wounds_reading=reading),
            "non-lethal wounds": attr.nonlethal_wounds(block),
        }

    def preview(self, encounter: Encounter, command: c.Attack | c.Maneuver) -> Any:
        """An :class:`~vantage.engine.rules.avorkarth.preview.AttackPreview`: odds and legality, no roll."""
        return preview(encounter, command)

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        work = query_work(encounter)
        # the order, the turns done and the round are read as the encounter holds them (the
        # working copy would copy each list it hands out; nothing here writes)
        combat = encounter.combat
        if not combat.get("started"):
            return None
        order = combat["order"]
        current = combat.get("turn")
        actor = None if current is None else str(order[current][0])
        entries = _entries(order, combat.get("done", ()), keep=type(combat) is dict)
        slots: tuple[ActionSlot, ...] = ()
        note = ""
        if actor is not None:
            total = turns.turn_budget(work, actor)
            creature = work.record(actor)
            slots = (
                _slot("actions", turns.actions_left(work, actor), total),
                _MOVE_USED if creature.get("move_used") else _MOVE_LEFT,
                _SWIFT_USED if creature.get("swift_used") else _SWIFT_LEFT,
            )
            if creature.get("retreating"):
                note = "retreating: only movement actions for the rest of the turn"
        waiting = self.pending(encounter)
        return TurnInfo(
            round=int(combat["round"]), actor=actor,
            side=work.token(actor).side.value if actor is not None else None,
            entries=entries, current=current, slots=slots, note=note,
            round_label=f"Round {combat['round']}" + (" (ambush)" if combat.get("ambush") else ""),
            waiting_on=(waiting[0].who or "GM") if waiting else None,
        )

    def turn_options(self, encounter: Encounter) -> Sequence[ActionOption]:
        """End the turn, stay the rest of its actions, or re-enter a stayed turn."""
        turn = self.turn(encounter)
        if turn is None:
            return ()
        work = Work(encounter, NoDice())
        out: list[ActionOption] = []
        if turn.actor is not None:
            name = work.name(turn.actor)
            out.append(self.option(encounter, "End turn", c.EndTurn(token=turn.actor),
                                   f"{name} ends the turn; the next in the order acts."))
            left = turns.actions_left(work, turn.actor)
            out.append(self.option(encounter, "Stay", Stay(token=turn.actor),
                                   f"{name} stays the {left} remaining actions, to re-enter before a "
                                   "later creature acts."))
        for index in work.combat.get("stayed", ()):
            tid = str(work.combat["order"][index][0])
            out.append(self.option(encounter, f"Resume {work.name(tid)}", Resume(token=tid),
                                   f"{work.name(tid)} re-enters the stayed turn now, before "
                                   f"{work.name(turn.actor) if turn.actor else 'the next creature'} acts."))
        return out

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        work = Work(encounter, NoDice())
        ledger = work.ledger(token_id)
        cond = work.cond(token_id)
        creature = work.record(token_id)
        return {
            "wounds": ledger.categories(),
            "from_death": "dead" if ledger.dead else describe_short(ledger.to_death),
            "from_unconsciousness": ("unconscious" if ledger.unconscious
                                     else describe_short(ledger.to_unconscious)),
            "wounded_state": cond.wounded.value,
            "stamina": creature["stamina"],
            "stamina_state": cond.stamina.value,
            "fear": creature["fear"],
            "stance": creature["stance"],
            "dead": ledger.dead,
            "unconscious": ledger.unconscious,
        }

    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        """The ``move`` command's movement policy and the token's tiles per move action."""
        return queries.movement(encounter, token_id)

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        """Attacks, charges, lesser/non-lethal attacks and menu maneuvers, with odds and legality."""
        return queries.attack_options(encounter, attacker_id, target_id)

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        """The share of the wound ledger still free before death (tokens in combat only)."""
        return queries.health(encounter, token_id)


#: How many turn entries and action slots :func:`_entry` and :func:`_slot` keep (a fight's order
#: has a few dozen entries, each done or not; a slot's numbers stay under a few dozen).
TURN_VALUES_KEPT = 1024


def _entries(order: Any, done: Any, *, keep: bool) -> tuple[TurnEntry, ...]:
    """The entries of the order with the turns done, made again only when the state holds
    another order or list of turns done (a state's lists are never changed in place, and a
    command that does not touch them leaves the next state the very same lists). ``keep``:
    remember them (not for the lists of a command still running, which it may change yet)."""
    last = _LAST_ENTRIES[0]  # one read: another thread may put its own meanwhile
    if last is not None and last[0] is order and last[1] is done:
        found: tuple[TurnEntry, ...] = last[2]
        return found
    finished = set(done)
    entries = tuple(
        _entry(str(e[0]), int(e[1]), "extra turn" if len(e) > 2 and e[2] else "turn", i in finished)
        for i, e in enumerate(order)
    )
    if keep:
        _LAST_ENTRIES[0] = (order, done, entries)
    return entries


#: [(the order, the turns done, their entries) :func:`_entries` made last, or None]
_LAST_ENTRIES: list[tuple[Any, Any, tuple[TurnEntry, ...]] | None] = [None]


@functools.lru_cache(maxsize=TURN_VALUES_KEPT)
def _entry(token: str, score: int, label: str, done: bool) -> TurnEntry:
    """One entry of the order (a frozen value: the same entry is shared by every state that has it;
    the policy asks the turn of every state)."""
    return TurnEntry(token, score, label, done)


@functools.lru_cache(maxsize=TURN_VALUES_KEPT)
def _slot(name: str, left: int, total: int) -> ActionSlot:
    return ActionSlot(name, left, total)


_MOVE_USED, _MOVE_LEFT = ActionSlot("move action", 0, 1), ActionSlot("move action", 1, 1)
_SWIFT_USED, _SWIFT_LEFT = ActionSlot("swift action", 0, 1), ActionSlot("swift action", 1, 1)


AVORKARTH = Avorkarth()
