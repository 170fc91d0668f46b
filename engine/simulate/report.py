"""What many simulated fights say, summed up: each side's chance to win with a 95 % Wilson
interval, the rounds to the end (median and quartiles, and a histogram), each creature's chance to
be down or dead at the end and its mean damage taken, and the enemy that most often drops a party
member. Plain data (``to_dict`` is the ``--json`` output) and one readable text (``text``)."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vantage.engine.model import Encounter
from vantage.engine.simulate.fight import FightRecord
from vantage.engine.simulate.policy import POLICY_SENTENCE

#: z for a two-sided 95 % interval.
Z95 = 1.959963984540054


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (Wilson 1927): (low, high), both in 0…1."""
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def quartiles(values: Sequence[int]) -> tuple[float, float, float]:
    """(lower quartile, median, upper quartile) of ``values`` (inclusive method)."""
    if not values:
        return 0.0, 0.0, 0.0
    if len(values) == 1:
        return float(values[0]), float(values[0]), float(values[0])
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, median, q3


def _r(value: float) -> float:
    return round(value, 4)


@dataclass(frozen=True)
class SideOdds:
    side: str
    wins: int
    chance: float
    low: float
    high: float


@dataclass(frozen=True)
class CreatureOdds:
    id: str
    name: str
    side: str
    down_or_dead: float
    dead: float
    mean_damage: float


@dataclass(frozen=True)
class SimulationReport:
    """The summed-up result of ``fights`` simulated fights (see the module text)."""

    encounter: str
    ruleset: str
    fights: int
    seed: int
    max_rounds: int
    sides: tuple[SideOdds, ...]
    undecided: int
    rounds: tuple[float, float, float]
    round_counts: tuple[tuple[int, int], ...]
    creatures: tuple[CreatureOdds, ...]
    damage_unit: str
    top_dropper: tuple[str, str, int] | None
    policy: str = POLICY_SENTENCE

    def side(self, name: str) -> SideOdds:
        return next(s for s in self.sides if s.side == name)

    def to_dict(self) -> dict[str, Any]:
        return {
            "encounter": self.encounter, "ruleset": self.ruleset, "fights": self.fights,
            "seed": self.seed, "max_rounds": self.max_rounds,
            "sides": {s.side: {"wins": s.wins, "chance": _r(s.chance), "interval95": [_r(s.low), _r(s.high)]}
                      for s in self.sides},
            "undecided": self.undecided,
            "rounds": {"lower_quartile": self.rounds[0], "median": self.rounds[1],
                       "upper_quartile": self.rounds[2],
                       "histogram": {str(r): n for r, n in self.round_counts}},
            "creatures": [{"id": c.id, "name": c.name, "side": c.side, "down_or_dead": _r(c.down_or_dead),
                           "dead": _r(c.dead), "mean_damage": _r(c.mean_damage)} for c in self.creatures],
            "damage_unit": self.damage_unit,
            "top_dropper": None if self.top_dropper is None else {
                "id": self.top_dropper[0], "name": self.top_dropper[1], "fights": self.top_dropper[2]},
            "policy": self.policy,
        }

    def text(self) -> str:
        """The report as a GM reads it."""
        party, enemy = self.side("party"), self.side("enemy")
        lines = [
            f"{self.encounter} ({self.ruleset}): {self.fights} simulated fights, seed {self.seed}, "
            f"at most {self.max_rounds} rounds each.",
            f"The party wins {_pct(party.chance)} (95 % interval {_pct(party.low)}–{_pct(party.high)}); "
            f"the enemies win {_pct(enemy.chance)} ({_pct(enemy.low)}–{_pct(enemy.high)})"
            + (f"; {self.undecided} fight{'s' if self.undecided != 1 else ''} undecided after "
               f"{self.max_rounds} rounds." if self.undecided else "."),
            f"Rounds to the end: median {_num(self.rounds[1])} (quartiles {_num(self.rounds[0])}–"
            f"{_num(self.rounds[2])}).",
            f"Each creature at the end: chance to be down or dead (dead), mean damage taken in "
            f"{self.damage_unit}:",
        ]
        for c in self.creatures:
            lines.append(f"  {c.name} ({c.side}): {_pct(c.down_or_dead)} down or dead ({_pct(c.dead)} dead), "
                         f"{c.mean_damage:.1f} {self.damage_unit}")
        if self.top_dropper is None:
            lines.append("No enemy dropped a party member.")
        else:
            _, name, count = self.top_dropper
            lines.append(f"The enemy that most often drops a party member: {name}, in {count} of "
                         f"{self.fights} fights ({_pct(count / self.fights)}).")
        lines.append(f"Policy: {self.policy}")
        return "\n".join(lines)


def _pct(value: float) -> str:
    return f"{value * 100:.0f} %"


def _num(value: float) -> str:
    return f"{value:g}"


def summarise(encounter: Encounter, records: Sequence[FightRecord], seed: int, max_rounds: int,
              ruleset_name: str, damage_unit: str) -> SimulationReport:
    """The report of ``records`` (fights of ``encounter``, in the order they were seeded)."""
    n = len(records)
    names: Mapping[str, Any] = {t.id: t for t in encounter.tokens}
    sides = []
    for side in ("party", "enemy"):
        wins = sum(1 for r in records if r.winner == side)
        low, high = wilson_interval(wins, n)
        sides.append(SideOdds(side, wins, wins / n if n else 0.0, low, high))
    rounds = [r.rounds for r in records]
    fighters = list(dict.fromkeys(tid for r in records for tid, _ in r.standing))
    creatures = []
    for tid in fighters:
        ends = [dict(r.standing).get(tid, "up") for r in records]
        damage = [dict(r.damage).get(tid, 0.0) for r in records]
        token = names.get(tid)
        creatures.append(CreatureOdds(
            tid, (token.name or tid) if token is not None else tid,
            token.side.value if token is not None else "",
            sum(1 for e in ends if e != "up") / n if n else 0.0,
            sum(1 for e in ends if e == "dead") / n if n else 0.0,
            sum(damage) / n if n else 0.0,
        ))
    droppers: Counter[str] = Counter()
    for r in records:
        fell = {by for victim, by in r.dropped_by
                if victim in names and names[victim].side.value == "party"
                and by in names and names[by].side.value == "enemy"}
        droppers.update(fell)
    top = None
    if droppers:
        best = min(droppers.items(), key=lambda kv: (-kv[1], kv[0]))
        token = names.get(best[0])
        top = (best[0], (token.name or best[0]) if token is not None else best[0], best[1])
    return SimulationReport(
        encounter=encounter.name or "Encounter", ruleset=ruleset_name, fights=n, seed=seed,
        max_rounds=max_rounds, sides=tuple(sides),
        undecided=sum(1 for r in records if r.winner is None), rounds=quartiles(rounds),
        round_counts=tuple(sorted(Counter(rounds).items())), creatures=tuple(creatures),
        damage_unit=damage_unit, top_dropper=top,
    )
