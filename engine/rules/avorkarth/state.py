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

import functools
import json
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from vantage.engine.dice import DiceSource, NoDice, Roll
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.attack_roll import Combatant
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART, DiceRollsChart, Outcome
from vantage.engine.rules.avorkarth.ledger import WoundLedger, describe
from vantage.engine.rules.avorkarth.statblock import StatBlock, from_block, parsed
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.decisions import Answers

#: Assumed — not in the source text ("See the interaction section of the rulebook for what actions
#: are available and how much they each cost"): what each action costs out of the swiftness of a
#: round (an ordinary fighter's Agility 6: a move and an attack and a swift action, or a charge
#: and a swift action).
ACTION_COSTS: dict[str, int] = {
    "move": 2, "attack": 3, "maneuver": 3, "lesser_attack": 2, "charge": 5, "swift": 1,
    "stand_up": 2, "stance": 1, "pick_up": 1, "face": 0,
}
#: The costs that fit the other reading of swiftness (``swiftness: "ten_per_turn"``: 10 actions
#: every turn), used with it unless ``action_costs`` are given.
TEN_PER_TURN_COSTS: dict[str, int] = {
    "move": 4, "attack": 5, "maneuver": 5, "lesser_attack": 4, "charge": 9, "swift": 1,
    "stand_up": 4, "stance": 2, "pick_up": 2, "face": 0,
}
#: The two readings of the sentences on swiftness, the 10 actions and the extra turns.
SWIFTNESS_READINGS = ("per_round", "ten_per_turn")
DEFAULT_RULES: dict[str, Any] = {
    "wounded_states": True,
    "critical_wounds": False,
    # a move that leaves an enemy's reach asks that enemy whether it attacks (false: only a note)
    "opportunity_decisions": True,
    "actions_per_turn": 10,
    # the readings of sentences that allow two (docs/rules/avorkarth.md, "Rules options")
    "swiftness": "per_round",
    "one_move_action": True,
    "overwhelm_melee_only": False,
    "full_grapple_dodge": "none",
    "flanking_range": "tile",
    "presence_wounds": "beyond_five",
    "full_grapple_moves": False,
    # a tackled creature is asked whether it takes its free strike (false: it always does)
    "tackle_decisions": True,
    "chart": DEFAULT_CHART.to_dict(),
}
#: The rules options that choose between two readings of a sentence, and the values each takes
#: (the first is the default; docs/rules/avorkarth.md, "Rules options").
READINGS: dict[str, tuple[object, ...]] = {
    "swiftness": SWIFTNESS_READINGS,
    "one_move_action": (True, False),
    "overwhelm_melee_only": (False, True),
    "full_grapple_dodge": ("none", "half"),
    "flanking_range": ("tile", "reach"),
    "presence_wounds": ("beyond_five", "minus_five"),
    "full_grapple_moves": (False, True),
}
#: Conditions under which a creature is "unable to move": attacks against it are extreme criticals.
IMMOBILISING = ("unconscious", "pinned", "fully-grappled", "immobilised", "prone")
#: Conditions that keep a creature from acting at all.
OUT_OF_ACTION = frozenset({"dead", "unconscious"})


def new_creature(block: StatBlock) -> dict[str, Any]:
    return {
        "lethal": 0, "nonlethal": 0, "stamina": block.ability("constitution"), "fear": 0,
        "resolve_penalty": 0, "actions": 0, "budget": 0, "move_used": False, "swift_used": False,
        "immediate_round": 0, "retreating": False, "stance": "normal", "outmaneuver": {},
        "durability": {}, "morale_round": 0, "critical_wounds": [],
    }


class Work(CombatWork):
    """One Avorkarth command's working state: the shared combat work plus stat blocks, the wound
    ledger, the Dice Rolls chart and the rules options of ``combat["rules"]``."""

    def __init__(self, encounter: Encounter, dice: DiceSource, answers: Answers | None = None) -> None:
        super().__init__(encounter, dice, answers)
        self._blocks: dict[str, StatBlock] = {}
        given = self.combat.get("rules", {})
        if type(given) is dict and not given:  # the defaults, which need no checking
            self.rules = dict(DEFAULT_RULES)
            self.chart = DEFAULT_CHART
            return
        rules = dict(DEFAULT_RULES)
        rules.update(given)
        for key, values in READINGS.items():
            value = rules[key]
            if not any(value == v and type(value) is type(v) for v in values):
                known = ", ".join(json_text(v) for v in values)
                raise CommandRejected(f"combat.rules.{key}: {json_text(value)} is not one of {known}")
        self.rules = rules
        try:
            chart = rules.get("chart")
            self.chart = DEFAULT_CHART if chart is None or chart is DEFAULT_RULES["chart"] \
                else DiceRollsChart.from_dict(chart)
        except (ValueError, TypeError) as exc:
            raise CommandRejected(f"combat.rules.chart: {exc}") from None

    # -- reading ---------------------------------------------------------------------------
    def block(self, token_id: str) -> StatBlock:
        found = self._blocks.get(token_id)
        if found is None:
            token = self.token(token_id)
            stats = token.stats
            kept = _PARSED.get(id(stats))
            block: StatBlock | None
            problems: list[tuple[str, str]]
            if kept is not None and kept[0] is stats:
                block, problems = kept[1], []
            else:
                block, problems = parsed(stats)
                if block is not None:
                    if len(_PARSED) >= _PARSED_SIZE:
                        _PARSED.clear()
                    _PARSED[id(stats)] = (stats, block)
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

    def record(self, token_id: str) -> dict[str, Any]:
        """The creature's record, to read only (not copied: only a write needs its own copy, which
        :meth:`creature` gives); made when missing."""
        creatures = dict.get(self.combat, "creatures")  # creature_or_none, inline: asked very often
        if creatures is not None:
            found = dict.get(creatures, token_id)
            if isinstance(found, dict):
                return found
        return self.creature(token_id)

    def peek(self, key: str, default: Any = None) -> Any:
        """The section ``key`` of the combat data to read only (not copied: never change it; to
        change it, read it through :attr:`combat`, which hands out the command's own copy)."""
        return dict.get(self.combat, key, default)

    def ledger(self, token_id: str) -> WoundLedger:
        c = self.record(token_id)
        return WoundLedger(self.block(token_id).wounds, c["lethal"], c["nonlethal"])

    def cond(self, token_id: str) -> attr.Condition:
        return self._cond(self.block(token_id), token_id)

    def _cond(self, block: StatBlock, token_id: str) -> attr.Condition:
        """:meth:`cond` of the creature whose stat block (:meth:`block`) is ``block``."""
        c = self.record(token_id)
        return condition_of(block.wounds, c["lethal"], c["nonlethal"], int(c["stamina"]),
                            block.ability("constitution"), bool(self.rules.get("wounded_states", True)))

    def swiftness(self, token_id: str) -> Breakdown:
        """:func:`.attributes.swiftness` of the creature as it is now (worked out once per stat
        block and condition)."""
        block = self.block(token_id)
        return _kept_of(block, self._cond(block, token_id), "swiftness", attr.swiftness)

    def initiative(self, token_id: str) -> Breakdown:
        """:func:`.attributes.initiative` of the creature as it is now (once per block and condition)."""
        block = self.block(token_id)
        return _kept_of(block, self._cond(block, token_id), "initiative", attr.initiative)

    def initiative_and_swiftness(self, token_id: str) -> tuple[Breakdown, Breakdown]:
        """:meth:`initiative` and :meth:`swiftness` together (the condition read once: a new
        round's order asks both of every participant)."""
        block = self.block(token_id)
        cond = self._cond(block, token_id)
        return (_kept_of(block, cond, "initiative", attr.initiative),
                _kept_of(block, cond, "swiftness", attr.swiftness))

    def resolve(self, token_id: str) -> Breakdown:
        """:func:`.attributes.resolve` of the creature as it is now (once per block and condition)."""
        block = self.block(token_id)
        return _kept_of(block, self._cond(block, token_id), "resolve", attr.resolve)

    def combatant(self, token_id: str) -> Combatant:
        """The creature as the attack rules see it. Grapples: "the initiating creature and its
        opponent both lose partial to full movement and lose bonuses to their Dodge. How much is
        depending on the state of the grapple" — a partial grapple halves both dodges ("Both the
        grappler and target lose half their dodge"), a full one takes all of the grappler's (the
        rules option ``full_grapple_dodge: "half"`` keeps the partial grapple's half); the fully
        grappled target is immobilised, so attacks against it are extreme criticals."""
        token = self.token(token_id)
        half = none = None
        for g in self.combat.get("grapples", []):
            if token_id not in (g["grappler"], g["target"]):
                continue
            if g["level"] == "partial":
                half = "partial grapple"
            elif token_id == g["grappler"]:
                if self.rules.get("full_grapple_dodge", "none") == "half":
                    half = "full grapple"
                else:
                    none = "full grapple"
        return Combatant(self.name(token_id), self.block(token_id), self.cond(token_id), token.size, half,
                         none)

    def alive(self, token_id: str) -> bool:
        return not self.has(token_id, "dead")

    def can_act(self, token_id: str) -> bool:
        return not any(c.name in OUT_OF_ACTION for c in self.token(token_id).conditions)

    def cost(self, action: str) -> int:
        """What ``action`` costs: ``action_costs`` when the rules give it, else the table that fits
        the reading of swiftness."""
        table = TEN_PER_TURN_COSTS if self.rules.get("swiftness") == "ten_per_turn" else ACTION_COSTS
        given = self.rules.get("action_costs") or {}
        return int(given.get(action, table[action]))

    # -- writing ---------------------------------------------------------------------------
    def emit_roll(self, r: Roll, outcome: Outcome | str | None = None) -> None:
        super().emit_roll(r, outcome.value if isinstance(outcome, Outcome) else outcome)


#: id(a token's stats) → (those stats, their stat block): :func:`.statblock.parsed`'s valid answers
#: in a plain dict (asked by every command for every token it reads; holding the stats keeps
#: their id from being reused while kept), at most :data:`_PARSED_SIZE` (then it starts again).
_PARSED: dict[int, tuple[Any, StatBlock]] = {}
_PARSED_SIZE = 256


def query_work(encounter: Encounter) -> Work:
    """A working copy of ``encounter`` for a query or a check that only reads it (no dice), the
    same one while the same encounter is asked again (the simulator asks the turn, tries attack
    after attack and asks the turn again of one state). Never write through it. An encounter
    made of a running command's combat data (not a plain dict: the command may change it yet)
    gets a working copy of its own each time."""
    found = kept_query_work(encounter)
    if found is not None:
        return found
    work = Work(encounter, NoDice())
    if type(encounter.combat) is dict:
        _QUERY_WORK[0] = (encounter, work)
    return work


def kept_query_work(encounter: Encounter) -> Work | None:
    """The working copy :func:`query_work` keeps for ``encounter``, if it keeps one now."""
    last = _QUERY_WORK[0]  # one read: another thread may put its own pair meanwhile
    if last is not None and last[0] is encounter:
        return last[1]
    return None


#: [(the encounter, its read-only working copy) :func:`query_work` made last, or None]
_QUERY_WORK: list[tuple[Encounter, Work] | None] = [None]


#: How many creature conditions :func:`condition_of` keeps (a fight sees a few dozen).
CONDITIONS_KEPT = 4096


@functools.lru_cache(maxsize=CONDITIONS_KEPT)
def condition_of(wounds: int, lethal: int, nonlethal: int, stamina: int, constitution: int,
                 wounded_states: bool) -> attr.Condition:
    """The wounded state (with the rules option ``wounded_states``) and the stamina state of a
    creature of ``wounds`` Wounds and ``constitution`` Constitution, with its ledger's ``lethal``
    and ``nonlethal`` minor wounds and ``stamina`` left."""
    wounded = WoundLedger(wounds, lethal, nonlethal).wounded_state() if wounded_states else None
    state = attr.stamina_state(stamina, constitution)
    return attr.Condition(wounded, state) if wounded else attr.Condition(stamina=state)


def json_text(value: object) -> str:
    """A rules value as the file writes it: ``true``, ``"half"``."""
    return json.dumps(value)


def wounds_text(minor: int) -> str:
    return describe(minor)


def _kept_of(block: StatBlock, cond: attr.Condition, name: str,
             work_out: Callable[[StatBlock, attr.Condition], Breakdown]) -> Breakdown:
    """``work_out(block, cond)``, kept on the stat block by ``name`` and the condition."""
    return from_block(block, (name, cond), lambda: work_out(block, cond))
