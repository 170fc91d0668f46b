"""Speed of the ruleset queries the GUI asks while playing (engine/rules/base.py).

Run: ``.venv/bin/python benchmarks/queries.py``. Prints ``BENCH <name> <median> <unit> target
<target>`` lines and exits non-zero only if it could not run. Times are CPU time
(``time.process_time``); figures are indicative on a shared machine.

- ``query_attack_options``: one right-click menu (every attack and maneuver previewed with its
  legality) by the acting token in a started 6-vs-6 Avorkarth fight (target ≤ 20 ms: the menu
  opens at once).
- ``query_health_all_tokens``: the health bars of all 12 tokens, asked after every command
  (target ≤ 2 ms).
- ``query_movement``: one token's movement answer, asked when a drag starts (target ≤ 1 ms).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from timing import median_ms  # noqa: E402

from vantage.engine.dice import SeededDice  # noqa: E402
from vantage.engine.model import Encounter, Facing, GameMap, Side, Token  # noqa: E402
from vantage.engine.protocol import commands as c  # noqa: E402
from vantage.engine.rules import get_ruleset  # noqa: E402
from vantage.engine.rules.asking import ask_attack_options, ask_health, ask_movement  # noqa: E402
from vantage.engine.rules.avorkarth.statblock import stats_dict  # noqa: E402
from vantage.engine.session import apply  # noqa: E402


def _stats(player: bool) -> dict[str, object]:
    bow = {"name": "Bow", "might": 4, "ranged": True, "reach": 12}
    return stats_dict(4, armour={"full": 2, "guarded": 1, "natural": 0}, player=player,
                      weapons=[{"name": "Sword", "might": 5}, bow])


def _fight() -> Encounter:
    tokens = [Token(f"p{i}", f"Hero {i}", (4 + 2 * i, 10), Side.PARTY, facing=Facing.N, stats=_stats(True))
              for i in range(6)]
    tokens += [Token(f"e{i}", f"Ghoul {i}", (4 + 2 * i, 9), Side.ENEMY, facing=Facing.S, stats=_stats(False))
               for i in range(6)]
    encounter = Encounter(GameMap(24, 20), tokens=tuple(tokens), ruleset="avorkarth")
    return apply(encounter, c.StartCombat(), SeededDice(3))[0]


def main() -> int:
    try:
        encounter = _fight()
        ids = [t.id for t in encounter.tokens]
        turn = get_ruleset(encounter.ruleset).turn(encounter)
        actor = turn.actor if turn is not None and turn.actor else "p2"
        target = ("e" if actor.startswith("p") else "p") + actor[1:]  # the enemy facing the actor
        menu = median_ms(lambda: ask_attack_options(encounter, actor, target), 15, time.process_time)
        health = median_ms(lambda: [ask_health(encounter, i) for i in ids], 15, time.process_time)
        movement = median_ms(lambda: ask_movement(encounter, "p2"), 50, time.process_time)
    except Exception as exc:  # noqa: BLE001 — a benchmark that cannot run says why and fails
        print(f"benchmark could not run: {exc!r}", file=sys.stderr)
        return 1
    print(f"BENCH query_attack_options {menu:.2f} ms target 20")
    print(f"BENCH query_health_all_tokens {health:.3f} ms target 2")
    print(f"BENCH query_movement {movement:.3f} ms target 1")
    return 0


if __name__ == "__main__":
    sys.exit(main())
