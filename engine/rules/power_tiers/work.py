"""The working copy of one Power Tiers command: stat blocks, each creature's record (Fortitude,
Health, wounds, armour Durability, stamina points, actions, dying) and the turn order.

``Encounter.combat`` holds::

    {"rules": {...options...}, "started": true, "round": 2, "order": [["bram", 17], ...],
     "turn": 0, "creatures": {"bram": {"fortitude": 6, "health": 10, "wounds": 0, ...}}}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.explain import Breakdown
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.power_tiers.schema import validate_stat_block, with_defaults
from vantage.engine.rules.power_tiers.tables import rules_of, tier_rank
from vantage.engine.rules.power_tiers.vocabulary import RULESET_NAME
from vantage.engine.rules.stat_memo import memo_by_stats

#: Conditions Power Tiers puts on tokens (the map shows them).
DYING = "dying"
DEAD = "dead"
GRABBED = "grabbed"
GRABBING = "grabbing"
DEFENSIVE = "in a defensive stance"
STUNNED = "stunned"


@memo_by_stats()
def _read_stats(stats: object) -> tuple[tuple[tuple[str, str], ...], dict[str, Any] | None]:
    """A stat block's problems and, when it has none, the block with its defaults filled in (kept
    while the very block stays the same: rules read it at every command; the filled-in block is
    shared, and read only)."""
    problems = tuple(validate_stat_block(stats))
    if problems or not isinstance(stats, Mapping):
        return problems, None
    return problems, with_defaults(stats)


class PTWork(CombatWork):
    """One command's working state with Power Tiers' stat blocks and records."""

    def stats(self, token_id: str) -> dict[str, Any]:
        """The token's stat block with the defaults filled in; refused when it has none or a bad one."""
        key = ("stats", token_id)
        found = self.memo.get(key)
        if found is None:
            token = self.token(token_id)
            if not token.stats:
                raise CommandRejected(f"{self.name(token_id)} has no {RULESET_NAME} stat block")
            problems, filled = _read_stats(token.stats)
            if problems or filled is None:
                place, message = problems[0] if problems else ("stats", "not a mapping")
                raise CommandRejected(f"{self.name(token_id)}'s stat block is not valid: {place}: {message}")
            found = filled
            self.memo[key] = found
        return found  # type: ignore[return-value]

    @property
    def rules(self) -> dict[str, Any]:
        found = self.memo.get("rules")
        if found is None:
            found = rules_of(self.combat)
            self.memo["rules"] = found
        return found  # type: ignore[return-value]

    def rank(self, token_id: str) -> int:
        return tier_rank(self.stats(token_id)["tier"])

    def tier_text(self, token_id: str) -> str:
        return str(self.stats(token_id)["tier"]).capitalize()

    def new_creature(self, token_id: str) -> dict[str, Any]:
        s = self.stats(token_id)
        return {"fortitude": s["fortitude"], "health": s["health"], "wounds": 0, "wound_days": 0,
                "durability": s["armour"]["durability"],
                "extra_durability": [int(p["durability"]) for p in s["armour_extra"]],
                "stamina_spent": 0, "actions": 0,
                "fortitude_halted": False, "rounds_since_damage": 0, "dying_rounds": None,
                "dead": False, "grabbing": None, "grabbed_by": None, "stunned_rounds": 0}

    def record(self, token_id: str) -> dict[str, Any]:
        """The creature's record to read (not copied; made from its stat block when missing)."""
        found = self.creature_or_none(token_id)
        return found if found is not None else self.new_creature(token_id)

    # -- states ------------------------------------------------------------------------------
    def dead(self, token_id: str) -> bool:
        return bool(self.record(token_id).get("dead"))

    def dying(self, token_id: str) -> bool:
        return self.record(token_id).get("dying_rounds") is not None and not self.dead(token_id)

    def out_of_fight(self, token_id: str) -> bool:
        """Dead or dying: it acts no more (assumed — the text does not say a dying creature may act)."""
        return self.dead(token_id) or self.dying(token_id)

    def layers_text(self, token_id: str) -> str:
        """``"Fortitude 3/10, Health 10/10"`` and the wounds, dying or dead."""
        s, r = self.stats(token_id), self.record(token_id)
        text = f"Fortitude {r['fortitude']}/{s['fortitude']}, Health {r['health']}/{s['health']}"
        if r["wounds"]:
            text += f", {r['wounds']} wound{'s' if r['wounds'] != 1 else ''}"
        if r.get("dead"):
            text += ", dead"
        elif r.get("dying_rounds") is not None:
            text += f", dying ({r['dying_rounds']} round{'s' if r['dying_rounds'] != 1 else ''} left)"
        return text

    def speed(self, token_id: str) -> Breakdown:
        """"Add your Dexterity, Stamina, and Power Ranking together, round up to the nearest number
        divisible by 5": ``Speed: Dexterity 5, Stamina +10, Neophyte +1, rounded up to 20 ft +4 = 20``."""
        s = self.stats(token_id)
        total = s["dexterity"] + s["stamina"] + self.rank(token_id)
        speed = (Breakdown("Speed", s["dexterity"], "Dexterity").plus("Stamina", s["stamina"])
                 .plus(f"power ranking ({self.tier_text(token_id)})", self.rank(token_id)))
        rounded = -(-total // 5) * 5
        return speed.plus(f"rounded up to {rounded} ft", rounded - total)

    # -- the combat --------------------------------------------------------------------------
    @property
    def order(self) -> list[str]:
        return [str(e[0]) for e in dict.get(self.combat, "order", ())]  # read, not copied

    @property
    def actor(self) -> str | None:
        turn = self.combat.get("turn")
        order = self.order
        if not self.started or turn is None or not 0 <= int(turn) < len(order):
            return None
        return order[int(turn)]

    def require_started(self, what: str) -> None:
        if not self.started:
            raise CommandRejected(f"combat has not started: no {what} before it")

    def require_turn(self, token_id: str) -> None:
        actor = self.actor
        if token_id != actor:
            who = self.name(actor) if actor is not None else "nobody"
            raise CommandRejected(f"{self.name(token_id)} cannot act now: it is {who}'s turn")

    def require_able(self, token_id: str, what: str) -> None:
        if self.dead(token_id):
            raise CommandRejected(f"{self.name(token_id)} is dead and cannot {what}")
        if self.dying(token_id):
            raise CommandRejected(f"{self.name(token_id)} is dying and cannot {what}")

    def spend(self, token_id: str, actions: int, what: str) -> None:
        """Spend ``actions`` of the round's three on ``what``; refused when too few are left."""
        left = int(self.record(token_id).get("actions", 0))  # read first: a refusal copies nothing
        if left < actions:
            need = f"{actions} action{'s' if actions != 1 else ''}"
            have = f"{left} {'is' if left == 1 else 'are'} left"
            raise CommandRejected(f"{self.name(token_id)} cannot {what}: it takes {need} and {have} "
                                  "this round")
        self.creature(token_id)["actions"] = left - actions

    def in_combat_turn(self, token_id: str, actions: int, what: str) -> None:
        """The checks every action in combat makes: combat on, the token's turn, able, actions left."""
        self.stats(token_id)
        if not self.started:
            raise CommandRejected(f"combat has not started: {self.name(token_id)} cannot {what} yet")
        self.require_turn(token_id)
        self.require_able(token_id, what)
        self.spend(token_id, actions, what)
