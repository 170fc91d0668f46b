"""Speed of the Avorkarth rules engine.

Run: ``.venv/bin/python benchmarks/rules.py``. Prints ``BENCH <name> <median> <unit> target
<target>`` lines and exits non-zero only if it could not run. Times are the process's CPU time
(``time.process_time``), so other processes on a shared machine disturb them less; figures are
still indicative.

- ``rules_attack_resolutions``: full attack resolutions (hit, strike, critical chains, overwhelm,
  breakdowns) per second, pure rules with seeded dice (target ≥ 20,000/s).
- ``rules_apply_attack``: attack commands through ``apply`` per second (state copy, locking,
  reach, arcs and flanking from the map, events) — for information.
- ``rules_fight_6v6_10_rounds``: a whole 6-vs-6 fight of 10 rounds headless through ``apply``
  (target ≤ 50 ms).
- ``rules_attack_menu``: attack menus (``attack_options`` of one attacker and target, the
  simulator's way: no maneuvers, legality not asked) per second, each board read afresh — for
  information (issue 31: the simulator asks one per pair and fight).
- ``rules_refused_attack``: attack commands refused through ``apply`` (the attacker's actions
  are spent) per second — for information (the simulator tries attacks and is told "not now").
"""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_seconds  # noqa: E402

from vantage.engine.dice import SeededDice  # noqa: E402
from vantage.engine.model import Encounter, Facing, GameMap, Side, Token  # noqa: E402
from vantage.engine.protocol import commands as c  # noqa: E402
from vantage.engine.rules.avorkarth.attack_roll import Combatant, Situation, resolve_attack  # noqa: E402
from vantage.engine.rules.avorkarth.queries import attack_options  # noqa: E402
from vantage.engine.rules.avorkarth.statblock import stat_block, stats_dict  # noqa: E402
from vantage.engine.session import CommandRejected, apply  # noqa: E402


def _stats(player: bool, **over: int) -> dict[str, object]:
    return stats_dict(4, abilities=over, armour={"full": 2, "guarded": 1, "natural": 0}, shield_guarded=1,
                      player=player, weapons=[{"name": "Sword", "might": 5}])


def bench_attack_resolutions() -> tuple[float, str, str]:
    attacker = Combatant("Bram", stat_block(_stats(True, strength=6)))
    defender = Combatant("Ghoul", stat_block(_stats(False)))
    weapon = attacker.block.primary_weapons[0]
    situations = [Situation(), Situation(arc="flank", flanking_allies=1), Situation(arc="back", charge=True)]
    dice = SeededDice(1)
    n = 3000

    def run() -> None:
        for i in range(n):
            resolve_attack(attacker, defender, weapon, situations[i % 3], dice)

    return n / median_seconds(run, 7, time.process_time), "/s", "20000"


def six_vs_six() -> Encounter:
    tokens = []
    for i in range(6):
        tokens.append(Token(f"p{i}", f"Hero {i}", (3 + i, 4), Side.PARTY, facing=Facing.S,
                            stats=_stats(True, instinct=4 + i % 3)))
        tokens.append(Token(f"e{i}", f"Ghoul {i}", (3 + i, 5), Side.ENEMY, facing=Facing.N,
                            stats=_stats(False, instinct=3 + i % 4)))
    return Encounter(GameMap(14, 10), tuple(tokens), ruleset="avorkarth")


def fight(encounter: Encounter, rounds: int, seed: int) -> int:
    """A simple fight: each creature attacks the enemy in front of it twice, then ends its turn."""
    dice = SeededDice(seed)
    enc, _ = apply(encounter, c.StartCombat(), dice)
    commands = 1
    while enc.combat["round"] <= rounds:
        turn = enc.combat["turn"]
        actor = enc.combat["order"][turn][0]
        foe = ("e" if actor[0] == "p" else "p") + actor[1:]
        for _ in range(2):
            try:
                enc, _ = apply(enc, c.Attack(actor, foe), dice)
                commands += 1
            except CommandRejected:
                break
            while enc.combat.get("pending"):  # an additional hit after two criticals: the default
                enc, _ = apply(enc, c.Answer(), dice)
                commands += 1
        enc, _ = apply(enc, c.EndTurn(actor), dice)
        commands += 1
    return commands


def bench_apply_attack() -> tuple[float, str, str]:
    enc, _ = apply(six_vs_six(), c.StartCombat(), SeededDice(2))
    actor = enc.combat["order"][enc.combat["turn"]][0]
    foe = ("e" if actor[0] == "p" else "p") + actor[1:]
    dice = SeededDice(3)
    n = 200

    def run() -> None:
        for _ in range(n):
            apply(enc, c.Attack(actor, foe), dice)

    return n / median_seconds(run, 5, time.process_time), "/s", "-"


def bench_fight() -> tuple[float, str, str]:
    enc = six_vs_six()
    seeds = iter(range(1000))
    return median_seconds(lambda: fight(enc, 10, next(seeds)), 7, time.process_time) * 1000, "ms", "50"


def bench_attack_menu() -> tuple[float, str, str]:
    enc, _ = apply(six_vs_six(), c.StartCombat(), SeededDice(2))
    pairs = [(f"p{i}", f"e{j}") for i in range(6) for j in range(6)]

    def run() -> None:
        board = replace(enc, tokens=tuple(enc.tokens))  # a new board: nothing read of it yet
        for a, t in pairs:
            attack_options(board, a, t, maneuvers=False, ask_legality=False)

    return len(pairs) / median_seconds(run, 5, time.process_time), "/s", "-"


def bench_refused_attack() -> tuple[float, str, str]:
    enc, _ = apply(six_vs_six(), c.StartCombat(), SeededDice(2))
    actor = enc.combat["order"][enc.combat["turn"]][0]
    foe = ("e" if actor[0] == "p" else "p") + actor[1:]
    creatures = dict(enc.combat["creatures"])
    creatures[actor] = {**creatures[actor], "actions": creatures[actor]["budget"]}
    spent = replace(enc, combat={**enc.combat, "creatures": creatures})
    command = c.Attack(actor, foe)
    dice = SeededDice(3)
    n = 500

    def run() -> None:
        for _ in range(n):
            with contextlib.suppress(CommandRejected):
                apply(spent, command, dice)

    return n / median_seconds(run, 5, time.process_time), "/s", "-"


MEASUREMENTS: dict[str, Callable[[], tuple[float, str, str]]] = {
    "rules_attack_resolutions": bench_attack_resolutions,
    "rules_apply_attack": bench_apply_attack,
    "rules_fight_6v6_10_rounds": bench_fight,
    "rules_attack_menu": bench_attack_menu,
    "rules_refused_attack": bench_refused_attack,
}


def main() -> int:
    for name, measure in MEASUREMENTS.items():
        value, unit, target = measure()
        print(f"BENCH {name} {value:.1f} {unit} target {target}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
