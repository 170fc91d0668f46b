"""The Avorkarth ruleset plug-in: commands in, events out, and the tooltips' breakdowns."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from vantage.engine.dice import DiceSource, NoDice
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.events import Event
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth import (
    other_commands,
    queries,
    turns,
)
from vantage.engine.rules.avorkarth.preview import legality, preview
from vantage.engine.rules.avorkarth.resolve import resolve
from vantage.engine.rules.avorkarth.statblock import validate_stat_block
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.avorkarth.tactics import TACTICS
from vantage.engine.rules.base import (
    ActionEconomy,
    ActionOption,
    Health,
    HealthModel,
    MovementAnswer,
    RulesetTraits,
    Tactics,
    TurnInfo,
    TurnStructure,
    Unanswered,
)


class Avorkarth:
    id = "avorkarth"
    name = "Avorkarth"
    traits = RulesetTraits(
        turn_structure=TurnStructure.INITIATIVE_LIST,
        action_economy=ActionEconomy.ACTION_POINTS,
        actions_per_turn=10,
        health_model=HealthModel.WOUND_LEDGER,
        health_layers=("wounds", "non-lethal"),
    )

    def validate_stats(self, stats: object, place: str = "stats") -> list[tuple[str, str]]:
        return validate_stat_block(stats, place)

    def apply(
        self, encounter: Encounter, command: c.Command, dice: DiceSource
    ) -> tuple[Encounter, list[Event]]:
        return resolve(encounter, command, dice)

    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        work = Work(encounter, NoDice())
        block = work.block(token_id)
        cond = work.cond(token_id)
        size = work.token(token_id).size
        weapon = block.primary_weapons[0]
        return {
            "melee attack": attr.melee_attack(block, cond),
            "ranged attack": attr.ranged_attack(block, cond),
            "might": attr.might(block, weapon, cond),
            "dodge": attr.dodge(block, cond),
            "armour": attr.armour_total(block),
            "movement": other_commands.allowance_for(work, token_id),
            "initiative": attr.initiative(block, cond),
            "swiftness": attr.swiftness(block),
            "stamina": attr.stamina(block),
            "resolve": attr.resolve(block, cond),
            "presence": attr.presence(block, size),
            "presence towards enemies": attr.presence(block, size, towards_enemies=True),
            "non-lethal wounds": attr.nonlethal_wounds(block),
        }

    def preview(self, encounter: Encounter, command: c.Attack | c.Maneuver) -> Any:
        """An :class:`~vantage.engine.rules.avorkarth.preview.AttackPreview`: odds and legality, no roll."""
        return preview(encounter, command)

    def legality(self, encounter: Encounter, command: c.Command) -> tuple[bool, str]:
        """(True, "") if ``command`` would be carried out now, else (False, the reason)."""
        return legality(encounter, command)

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        work = Work(encounter, NoDice())
        if not work.combat.get("started"):
            return None
        actor = turns.current_actor(work)
        order = tuple((str(e[0]), int(e[1])) for e in work.combat["order"])
        left = turns.actions_left(work, actor) if actor else None
        return TurnInfo(int(work.combat["round"]), actor, order, left)

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        work = Work(encounter, NoDice())
        ledger = work.ledger(token_id)
        cond = work.cond(token_id)
        creature = work.creature(token_id)
        return {
            "wounds": ledger.text(),
            "wounded_state": cond.wounded.value,
            "stamina": creature["stamina"],
            "stamina_state": cond.stamina.value,
            "fear": creature["fear"],
            "stance": creature["stance"],
            "dead": ledger.dead,
            "unconscious": ledger.unconscious,
        }


    def tactics(self) -> Tactics:
        """Front 135°, flanks 45° each, back 135°; a charge lane of at least 3 tiles."""
        return TACTICS

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


AVORKARTH = Avorkarth()
