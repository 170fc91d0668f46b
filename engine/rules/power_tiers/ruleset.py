"""The Power Tiers ruleset plug-in (``power-tiers``): three actions a round, opposed d20 rolls,
armour Durability, Fortitude → Health → Wounds, dying, and the common combat maneuvers.
The rules and their tests: docs/rules/power-tiers.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter
from vantage.engine.movement import MovementRules
from vantage.engine.protocol.commands import (
    ApplyDamage,
    Attack,
    EndCombat,
    EndTurn,
    Heal,
    Maneuver,
    Move,
    Rest,
    Stance,
    StartCombat,
)
from vantage.engine.protocol.errors import CommandRejected
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
from vantage.engine.rules.power_tiers import damage as dmg
from vantage.engine.rules.power_tiers import order_edits, passing_time, queries, recovery
from vantage.engine.rules.power_tiers import simulation_hints as power_tiers_hints
from vantage.engine.rules.power_tiers.attacking import attack
from vantage.engine.rules.power_tiers.contest import attack_bonus, defence_bonus, weapon_of
from vantage.engine.rules.power_tiers.face import PowerTiersBook, health_answer
from vantage.engine.rules.power_tiers.maneuvers import maneuver, release, stance, use_action
from vantage.engine.rules.power_tiers.moving import MOVE_RULES, allowance, move
from vantage.engine.rules.power_tiers.recovery import (
    DAMAGE_TRACKS,
    REST_KINDS,
    apply_damage,
    heal,
    recover_day,
    repair_armour,
    rest,
)
from vantage.engine.rules.power_tiers.turns import end_turn, start_combat
from vantage.engine.rules.power_tiers.vocabulary import (
    RULESET_ID,
    RULESET_NAME,
    RecoverDay,
    Release,
    RepairArmour,
    UseAction,
)
from vantage.engine.rules.power_tiers.work import PTWork
from vantage.engine.rules.ruleset_base import Handler, RulesetBase
from vantage.engine.rules.simulation import SimulationHints
from vantage.engine.rules.time_span import TimeSpan


class PowerTiers(PowerTiersBook, RulesetBase):
    id: ClassVar[str] = RULESET_ID
    name: ClassVar[str] = RULESET_NAME
    traits: ClassVar[RulesetTraits] = RulesetTraits(
        turn_structure=TurnStructure.INITIATIVE_LIST,
        action_economy=ActionEconomy.ACTIONS_PER_ROUND,
        actions_per_turn=3,
        health_model=HealthModel.LAYERS,
        health_layers=("fortitude", "health"),
    )
    damage_tracks: ClassVar[tuple[DamageTrack, ...]] = DAMAGE_TRACKS
    rest_kinds: ClassVar[tuple[RestKind, ...]] = REST_KINDS
    handlers: ClassVar[Mapping[type, Handler]] = {
        StartCombat: start_combat, EndTurn: end_turn, Move: move, Attack: attack, Maneuver: maneuver,
        Stance: stance, UseAction: use_action, Release: release, ApplyDamage: apply_damage, Heal: heal,
        Rest: rest, RecoverDay: recover_day, RepairArmour: repair_armour, EndCombat: passing_time.end_combat,
        JoinCombat: order_edits.join_combat, LeaveCombat: order_edits.leave_combat,
        MoveInTurnOrder: order_edits.move_in_turn_order,
    }
    work_class = PTWork
    movement_rules: ClassVar[MovementRules | None] = MOVE_RULES
    simulation_hints: ClassVar[SimulationHints] = power_tiers_hints.HINTS

    def reorder_note(self) -> str:
        """A turn moved by hand keeps its place (``order_edits.py``)."""
        return order_edits.REORDER_NOTE

    def join_help(self) -> str:
        return order_edits.JOIN_HELP

    def work(self, encounter: Encounter) -> PTWork:
        return queries.query_work(encounter, self)

    #: what outlasts a fight: Health, Fortitude and its halt, wounds and their healing days, armour
    #: Durability, stamina spent, dying rounds, death; the days of recovery counted so far
    lasting_keys: ClassVar[frozenset[str]] = frozenset({
        "fortitude", "health", "wounds", "wound_days", "durability", "extra_durability", "stamina_spent",
        "fortitude_halted", "rounds_since_damage", "dying_rounds", "dead", recovery.DAY_MINUTES})
    lasting_conditions: ClassVar[frozenset[str]] = frozenset({"dying", "dead", "unconscious"})

    def pass_time(self, work: CombatWork, span: TimeSpan) -> None:
        """The campaign clock's hook: dying rounds count down and Fortitude recovers
        (:func:`.passing_time.pass_time`), and each whole day of recovery gives Health back and
        heals wounds by the week (:func:`.recovery.time_passes`)."""
        recovery.time_passes(work, span)  # type: ignore[arg-type]

    # -- the stat block -----------------------------------------------------------------------
    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        work = self.work(encounter)
        s = work.stats(token_id)
        out: dict[str, Breakdown] = {"speed": work.speed(token_id), "movement": allowance(work, token_id),
                                     "defence": defence_bonus(work, token_id)}
        for weapon in s["weapons"]:
            out[f"attack ({weapon['name']})"] = attack_bonus(weapon)
        out["attack (unarmed)"] = attack_bonus(weapon_of(work, token_id, "unarmed"), label="unarmed")
        spent = int(work.record(token_id)["stamina_spent"])
        out["stamina points"] = Breakdown("Stamina points", s["stamina"], "Stamina").plus("spent", -spent)
        out["fortitude recovery"] = Breakdown("Fortitude recovery", work.rank(token_id),
                                              f"per round ({work.tier_text(token_id)})")
        return out

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        work = self.work(encounter)
        s, r = work.stats(token_id), work.record(token_id)
        return {
            "fortitude": f"{r['fortitude']}/{s['fortitude']}", "health": f"{r['health']}/{s['health']}",
            "wounds": r["wounds"], "wound_days": r["wound_days"],
            "armour_durability": ", ".join(
                f"{armour['name']} {dmg.durability_left(r, key, index)}/{armour['durability']}"
                for armour, key, index in dmg.armour_pieces(work, token_id)) or "no armour",
            "stamina_points": s["stamina"] - r["stamina_spent"], "actions": r["actions"],
            "fortitude_halted": r["fortitude_halted"], "dying_rounds": r["dying_rounds"], "dead": r["dead"],
            "grabbing": r["grabbing"], "grabbed_by": r["grabbed_by"],
        }

    # -- the turn -----------------------------------------------------------------------------
    def turn(self, encounter: Encounter) -> TurnInfo | None:
        work = self.work(encounter)
        if not work.started:
            return None
        actor = work.actor
        turn = work.combat.get("turn")
        entries = tuple(TurnEntry(str(e[0]), int(e[1]), "turn",
                                  turn is None or i < int(turn) or work.out_of_fight(str(e[0])))
                        for i, e in enumerate(dict.__getitem__(work.combat, "order")))  # read, not copied
        slots: tuple[ActionSlot, ...] = ()
        note = ""
        if actor is not None:
            r = work.record(actor)
            slots = (ActionSlot("actions", int(r["actions"]), int(work.rules["actions_per_round"])),)
            if r.get("grabbing"):
                note = f"grabbing {work.name(r['grabbing'])}: no attacks; moves it at half speed"
            elif r.get("grabbed_by"):
                note = (f"grabbed by {work.name(r['grabbed_by'])}: light or unarmed attacks for two actions, "
                        "or break free / reverse")
        waiting = self.pending(encounter)
        return TurnInfo(
            round=int(work.combat["round"]), actor=actor,
            side=work.token(actor).side.value if actor is not None else None, entries=entries,
            current=None if turn is None else int(turn), slots=slots, note=note,
            round_label=f"Round {work.combat['round']}",
            waiting_on=(waiting[0].who or "GM") if waiting else None,
        )

    def turn_options(self, encounter: Encounter) -> Sequence[ActionOption]:
        work = self.work(encounter)
        actor = work.actor
        if actor is None:
            return ()
        return (self.option(encounter, "End turn", EndTurn(token=actor),
                            f"{work.name(actor)} ends the turn; the next in the initiative order acts."),)

    # -- the map ------------------------------------------------------------------------------
    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        work = self.work(encounter)
        try:
            tiles = allowance(work, token_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        if work.dead(token_id):
            tiles = tiles.replaced("dead", 0)
        elif work.dying(token_id):
            tiles = tiles.replaced("dying", 0)
        return MovementAnswer(MOVE_RULES, tiles)

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        found = queries.safe(queries.attack_options, self, encounter, attacker_id, target_id)
        return Unanswered(found.reason) if isinstance(found, CommandRejected) else found

    def token_actions(self, encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
        found = queries.safe(queries.token_actions, self, encounter, token_id)
        return Unanswered(found.reason) if isinstance(found, CommandRejected) else found

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        return health_answer(self.work(encounter), token_id)


POWER_TIERS = PowerTiers()
