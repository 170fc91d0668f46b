"""The Avorkarth combat state in ``Encounter.combat`` and the working copy one command changes.

``Encounter.combat`` holds plain JSON data::

    {"rules": {...overrides...}, "started": true, "round": 2, "ambush": false,
     "ambushers": [...], "ambushed": [...], "participants": [...],
     "order": [["bram", 5, 0], ["ghoul", 4, 0], ["bram", 0, 1]],   # token, initiative, extra turn
     "turn": 1, "done": [0], "stayed": [], "interrupted": null,
     "creatures": {"bram": {"lethal": 0, "nonlethal": 0, "stamina": 5, "fear": 0, ...}},
     "grapples": [{"grappler": "bram", "target": "ghoul", "level": "partial", "choke": 0}],
     "dropped": [{"owner": "bram", "weapon": "Bow", "tile": [3, 4]}]}

A command works on a :class:`Work`: a deep copy of that data plus the encounter, the dice and
the events so far. Nothing is published until ``finish()``, so a rejected command leaves the
encounter exactly as it was.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from vantage.engine.dice import DiceSource, Roll
from vantage.engine.model import Condition, Encounter, Token
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import ConditionChanged, Event, RollMade
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.attack_roll import Combatant
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART, DiceRollsChart, Outcome
from vantage.engine.rules.avorkarth.ledger import WoundLedger, describe
from vantage.engine.rules.avorkarth.statblock import StatBlock, parsed

#: Assumed — not in the source text: what each action costs out of the 10 actions of a turn.
ACTION_COSTS: dict[str, int] = {
    "move": 4, "attack": 5, "maneuver": 5, "lesser_attack": 4, "charge": 9, "swift": 1,
    "stand_up": 4, "stance": 2, "pick_up": 2, "face": 0,
}
DEFAULT_RULES: dict[str, Any] = {
    "wounded_states": True,
    "critical_wounds": False,
    "actions_per_turn": 10,
    "chart": DEFAULT_CHART.to_dict(),
    "action_costs": ACTION_COSTS,
}
#: Conditions under which a creature is "unable to move": attacks against it are extreme criticals.
IMMOBILISING = ("unconscious", "pinned", "fully-grappled", "immobilised", "prone")
#: Conditions that keep a creature from acting at all.
OUT_OF_ACTION = frozenset({"dead", "unconscious"})


def _copy_json(value: Any) -> Any:
    """A deep copy of plain JSON-like data (much faster than copy.deepcopy)."""
    kind = type(value)
    if kind is dict:
        return {k: _copy_json(v) for k, v in value.items()}
    if kind is list:
        return [_copy_json(v) for v in value]
    if kind in (str, int, float, bool) or value is None:
        return value
    if isinstance(value, Mapping):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_copy_json(v) for v in value]
    return value


def new_creature(block: StatBlock) -> dict[str, Any]:
    return {
        "lethal": 0, "nonlethal": 0, "stamina": block.ability("constitution"), "fear": 0,
        "resolve_penalty": 0, "actions": 0, "move_used": False, "swift_used": False,
        "immediate_round": 0, "retreating": False, "stance": "normal", "outmaneuver": {},
        "durability": {}, "morale_round": 0, "critical_wounds": [],
    }


class Work:
    """One command's working state: the encounter, a private copy of its combat data, the events."""

    def __init__(self, encounter: Encounter, dice: DiceSource) -> None:
        self.enc = encounter
        # creatures are copied when first touched (copy on write); everything else up front
        self.combat: dict[str, Any] = {
            k: dict(v) if k == "creatures" else _copy_json(v) for k, v in encounter.combat.items()
        }
        self._owned: set[str] = set()
        self.memo: dict[object, object] = {}  # per-command memo of derived values
        self._tokens: dict[str, Token] = {t.id: t for t in encounter.tokens}
        self.events: list[Event] = []
        self.dice = dice
        self._blocks: dict[str, StatBlock] = {}
        rules = dict(DEFAULT_RULES)
        rules.update(self.combat.get("rules", {}))
        self.rules = rules
        try:
            self.chart = DiceRollsChart.from_dict(rules["chart"]) if "chart" in rules else DEFAULT_CHART
        except (ValueError, TypeError) as exc:
            raise CommandRejected(f"combat.rules.chart: {exc}") from None

    # -- reading ---------------------------------------------------------------------------
    def token(self, token_id: str) -> Token:
        found = self._tokens.get(token_id)
        if found is None:
            raise CommandRejected(f"there is no token {token_id!r} on this map")
        return found

    def name(self, token_id: str) -> str:
        t = self.token(token_id)
        return t.name or t.id

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

    def creature_or_none(self, token_id: str, default: Any = None) -> Any:
        return self.combat.get("creatures", {}).get(token_id, default)

    def creature(self, token_id: str) -> dict[str, Any]:
        creatures = self.combat.setdefault("creatures", {})
        if token_id not in creatures:
            creatures[token_id] = new_creature(self.block(token_id))
            self._owned.add(token_id)
        elif token_id not in self._owned:
            creatures[token_id] = _copy_json(creatures[token_id])
            self._owned.add(token_id)
        return creatures[token_id]

    def ledger(self, token_id: str) -> WoundLedger:
        c = self.creature(token_id)
        return WoundLedger(self.block(token_id).wounds, c["lethal"], c["nonlethal"])

    def cond(self, token_id: str) -> attr.Condition:
        block = self.block(token_id)
        c = self.creature(token_id)
        wounded = self.ledger(token_id).wounded_state() if self.rules.get("wounded_states", True) else None
        stamina = attr.stamina_state(c["stamina"], block.ability("constitution"))
        return attr.Condition(wounded, stamina) if wounded else attr.Condition(stamina=stamina)

    def has(self, token_id: str, condition: str) -> bool:
        return any(c.name == condition for c in self.token(token_id).conditions)

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
    def emit(self, event: Event) -> None:
        self.events.append(event)

    def emit_roll(self, r: Roll, outcome: Outcome | None = None) -> None:
        tail = f" → {outcome.value}" if outcome is not None else ""
        self.emit(RollMade(
            sentence=f"{r.text}{tail}.", purpose=r.purpose, expr=r.expr, faces=r.faces, kept=r.kept,
            total=r.total, outcome=outcome.value if outcome is not None else None,
        ))

    def set_token(self, token: Token) -> None:
        self.enc = self.enc.with_token(token)
        self._tokens[token.id] = token

    def add_condition(
        self, token_id: str, name: str, rounds: int | None = None, why: str = "", *, quiet: bool = False
    ) -> None:
        """Give the condition (once); ``quiet`` when a more telling event (died …) follows."""
        token = self.token(token_id)
        others = tuple(c for c in token.conditions if c.name != name)
        self.set_token(replace(token, conditions=(*others, Condition(name, rounds))))
        if not quiet and (not token.has_condition(name) or rounds is not None):
            length = f" for {rounds} round{'s' if rounds != 1 else ''}" if rounds else ""
            reason = f" ({why})" if why else ""
            self.emit(ConditionChanged(
                sentence=f"{self.name(token_id)} is now {name}{length}{reason}.",
                token=token_id, condition=name, gained=True, rounds=rounds,
            ))

    def remove_condition(self, token_id: str, name: str, why: str = "") -> None:
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
        return replace(self.enc, combat=self.combat), self.events


def wounds_text(minor: int) -> str:
    return describe(minor)
