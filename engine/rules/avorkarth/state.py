"""The Avorkarth combat state in ``Encounter.combat`` and the working copy one command changes.

``Encounter.combat`` holds plain JSON data::

    {"rules": {...overrides...}, "started": true, "round": 2, "ambush": false,
     "ambushers": [...], "ambushed": [...], "participants": [...],
     "order": [["bram", 5, 0], ["ghoul", 4, 0], ["bram", 0, 1]],   # token, initiative, extra turn
     "turn": 1, "done": [0], "stayed": [], "interrupted": null,
     "creatures": {"bram": {"lethal": 0, "nonlethal": 0, "stamina": 5, "fear": 0, ...}},
     "grapples": [{"grappler": "bram", "target": "ghoul", "level": "partial", "choke": 0}],
     "dropped": [{"owner": "bram", "weapon": "Bow", "tile": [3, 4]}]}

A command works on a :class:`Work`: the shared copy-on-write
:class:`~vantage.engine.rules.combat_work.CombatWork` plus Avorkarth's stat blocks, ledger and
chart. Nothing is published until ``finish()``, so a rejected command leaves the encounter
exactly as it was.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vantage.engine.dice import DiceSource, Roll
from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.attack_roll import Combatant
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART, DiceRollsChart, Outcome
from vantage.engine.rules.avorkarth.ledger import WoundLedger, describe
from vantage.engine.rules.avorkarth.statblock import StatBlock, parsed
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.decisions import Answers

#: Assumed — not in the source text: what each action costs out of the 10 actions of a turn.
ACTION_COSTS: dict[str, int] = {
    "move": 4, "attack": 5, "maneuver": 5, "lesser_attack": 4, "charge": 9, "swift": 1,
    "stand_up": 4, "stance": 2, "pick_up": 2, "face": 0,
}
DEFAULT_RULES: dict[str, Any] = {
    "wounded_states": True,
    "critical_wounds": False,
    # a move that leaves an enemy's reach asks that enemy whether it attacks (false: only a note)
    "opportunity_decisions": True,
    "actions_per_turn": 10,
    "chart": DEFAULT_CHART.to_dict(),
    "action_costs": ACTION_COSTS,
}
#: Conditions under which a creature is "unable to move": attacks against it are extreme criticals.
IMMOBILISING = ("unconscious", "pinned", "fully-grappled", "immobilised", "prone")
#: Conditions that keep a creature from acting at all.
OUT_OF_ACTION = frozenset({"dead", "unconscious"})


def new_creature(block: StatBlock) -> dict[str, Any]:
    return {
        "lethal": 0, "nonlethal": 0, "stamina": block.ability("constitution"), "fear": 0,
        "resolve_penalty": 0, "actions": 0, "move_used": False, "swift_used": False,
        "immediate_round": 0, "retreating": False, "stance": "normal", "outmaneuver": {},
        "durability": {}, "morale_round": 0, "critical_wounds": [],
    }


class Work(CombatWork):
    """One Avorkarth command's working state: the shared combat work plus stat blocks, the wound
    ledger, the Dice Rolls chart and the rules options of ``combat["rules"]``."""

    def __init__(self, encounter: Encounter, dice: DiceSource, answers: Answers | None = None) -> None:
        super().__init__(encounter, dice, answers)
        self._blocks: dict[str, StatBlock] = {}
        rules = dict(DEFAULT_RULES)
        rules.update(self.combat.get("rules", {}))
        self.rules = rules
        try:
            self.chart = DiceRollsChart.from_dict(rules["chart"]) if "chart" in rules else DEFAULT_CHART
        except (ValueError, TypeError) as exc:
            raise CommandRejected(f"combat.rules.chart: {exc}") from None

    # -- reading ---------------------------------------------------------------------------
    def block(self, token_id: str) -> StatBlock:
        found = self._blocks.get(token_id)
        if found is None:
            token = self.token(token_id)
            block, problems = parsed(token.stats)
            if block is None:
                place, message = problems[0]
                raise CommandRejected(
                    f"{self.name(token_id)} has no usable Avorkarth stat block ({place}: {message})"
                )
            found = block
            wounds = self.creature_or_none(token_id, {}).get("critical_wounds", [])
            torso = wounds.count("torso")
            if torso:
                found = replace(found, abilities={k: max(0, v - torso) for k, v in found.abilities.items()})
            self._blocks[token_id] = found
        return found

    def new_creature(self, token_id: str) -> dict[str, Any]:
        return new_creature(self.block(token_id))

    def ledger(self, token_id: str) -> WoundLedger:
        c = self.creature(token_id)
        return WoundLedger(self.block(token_id).wounds, c["lethal"], c["nonlethal"])

    def cond(self, token_id: str) -> attr.Condition:
        block = self.block(token_id)
        c = self.creature(token_id)
        wounded = self.ledger(token_id).wounded_state() if self.rules.get("wounded_states", True) else None
        stamina = attr.stamina_state(c["stamina"], block.ability("constitution"))
        return attr.Condition(wounded, stamina) if wounded else attr.Condition(stamina=stamina)

    def combatant(self, token_id: str) -> Combatant:
        token = self.token(token_id)
        half = None
        for g in self.combat.get("grapples", []):
            if g["level"] == "partial" and token_id in (g["grappler"], g["target"]):
                half = "partial grapple"
        return Combatant(self.name(token_id), self.block(token_id), self.cond(token_id), token.size, half)

    def alive(self, token_id: str) -> bool:
        return not self.has(token_id, "dead")

    def can_act(self, token_id: str) -> bool:
        return not any(c.name in OUT_OF_ACTION for c in self.token(token_id).conditions)

    def cost(self, action: str) -> int:
        return int(self.rules.get("action_costs", ACTION_COSTS).get(action, ACTION_COSTS[action]))

    # -- writing ---------------------------------------------------------------------------
    def emit_roll(self, r: Roll, outcome: Outcome | str | None = None) -> None:
        super().emit_roll(r, outcome.value if isinstance(outcome, Outcome) else outcome)


def wounds_text(minor: int) -> str:
    return describe(minor)
