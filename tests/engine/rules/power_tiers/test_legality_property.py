"""Legality never says yes to what ``apply`` refuses, and the numbers stay in their bounds, along
random walks of a fight on the Power Tiers sample map.

At every step an enemy is placed next to the creature whose turn it is (the GM's ``place``), every
option the menus offer (attacks and maneuvers of each token on each other, each token's own
actions, the turn options) that they call legal is sent: ``apply`` must carry it out or wait for
the table, never refuse it. One legal option, chosen by the seed, then moves the fight on; a
waiting decision gets its default. After each step: Fortitude, Health, Durability and actions stay
within 0 and their maximum ("they are still considered at 0 Health"), and nobody dead acts.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from legality_walk import bring_an_enemy_next_to_the_actor, offered_options, send_each

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol import commands as c
from vantage.engine.rules import get_ruleset
from vantage.engine.session import apply

SAMPLE = Path(__file__).resolve().parents[4] / "maps" / "04-power-tiers-ambush.json"
PT = get_ruleset("power-tiers")
STEPS = 14


def _check_bounds(enc: Encounter) -> None:
    for tid, record in enc.combat.get("creatures", {}).items():
        stats = enc.token(tid).stats
        assert 0 <= record["fortitude"] <= stats["fortitude"], (tid, record)
        assert 0 <= record["health"] <= stats["health"], (tid, record)
        assert record["durability"] >= 0, (tid, record)
        assert 0 <= record["actions"] <= 3, (tid, record)
        assert record["stamina_spent"] <= stats["stamina"], (tid, record)
        if record["dead"]:
            assert record["dying_rounds"] is None and enc.token(tid).has_condition("dead")
    info = PT.turn(enc)
    if info is not None and info.actor is not None:
        assert not enc.combat["creatures"][info.actor]["dead"]


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_legal_menu_command_is_carried_out_and_the_numbers_stay_in_bounds(seed: int) -> None:
    rng = random.Random(seed)
    enc, _ = apply(load_encounter(SAMPLE), c.StartCombat(), SeededDice(seed))
    checked = 0
    for step in range(STEPS):
        if PT.pending(enc):
            enc, _ = apply(enc, c.Answer(), SeededDice(seed + step))
            _check_bounds(enc)
            continue
        enc = bring_an_enemy_next_to_the_actor(PT, enc, rng)
        legal = [o for o in offered_options(PT, enc) if o.legal]
        checked += send_each(enc, legal, seed * 100 + step, f"step {step}")
        if not legal:
            break
        choice = rng.choice(legal)
        enc, _ = apply(enc, choice.command, SeededDice(seed * 1000 + step))
        _check_bounds(enc)
    assert checked > 20
