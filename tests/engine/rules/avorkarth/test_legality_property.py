"""Legality never says yes to what ``apply`` refuses: a property over every command the token menu
offers (the attack menu of every attacker and target, the token's own actions, the turn options)
in the sample maps, along random walks of the fight.

Each walk starts combat on a sample map, then at every step brings an enemy next to the creature
whose turn it is (the GM's ``place``, so that melee, maneuvers and charges come up), asks every
menu, and sends every option the menu calls legal: ``apply`` must carry it out (or wait for the
table, a legal pause), never refuse it. The shoves and drags the menu leaves to a path are checked
the same way, along every straight path of 1 or 2 tiles from each neighbour of the actor. One of
the legal options, chosen by the walk's seed, is then played to move the fight on.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from legality_walk import bring_an_enemy_next_to_the_actor, offered_options, send_each

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import get_ruleset
from vantage.engine.session import apply

MAPS = sorted(p for p in (Path(__file__).resolve().parents[4] / "maps").glob("0*.json")
              if json.loads(p.read_text(encoding="utf-8")).get("ruleset") == "avorkarth")
AVK = get_ruleset("avorkarth")
STEPS = 8
#: where else the enemy may be placed: a charge's distance (at least 3 tiles)
CHARGE_DISTANCE = ((3, 0), (-3, 0), (0, 3), (0, -3))


def _pushes(enc: Encounter) -> list[c.Maneuver]:
    """The shoves and drags of the acting creature on each token next to it along every straight
    path of 1 or 2 tiles (the menu leaves them to a path; a script sends them so)."""
    info = AVK.turn(enc)
    if info is None or info.actor is None:
        return []
    me = enc.token(info.actor)
    out = []
    for t in enc.tokens:
        if t.id == me.id or not t.stats or max(abs(t.position[0] - me.position[0]),
                                                abs(t.position[1] - me.position[1])) > 1:
            continue
        x, y = t.position
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0):
                    continue
                for n in (1, 2):
                    path = tuple((x + dx * i, y + dy * i) for i in range(n + 1))
                    for kind in ("shove", "drag"):
                        out.append(c.Maneuver(me.id, t.id, kind, path=path))
    return out


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
@pytest.mark.parametrize("seed", [1, 2])
def test_every_legal_menu_command_is_carried_out(path: Path, seed: int) -> None:
    """"legality must never say yes to what apply refuses" (issue 13), for every menu command."""
    rng = random.Random(seed)
    enc, _ = apply(load_encounter(path), c.StartCombat(), SeededDice(seed))
    checked = 0
    for step in range(STEPS):
        if AVK.pending(enc):
            enc, _ = apply(enc, c.Answer(), SeededDice(seed + step))
            continue
        enc = bring_an_enemy_next_to_the_actor(AVK, enc, rng, CHARGE_DISTANCE)
        legal = [o for o in offered_options(AVK, enc) if o.legal]
        checked += send_each(enc, legal, seed * 100 + step, f"{path.stem}, step {step}")
        for push in _pushes(enc):
            ok, _ = AVK.legality(enc, push)
            if not ok:
                continue
            try:
                apply(enc, push, SeededDice(seed * 100 + step))
            except CommandRejected as refused:
                raise AssertionError(
                    f"{path.stem}, step {step}: legality called {push} legal, apply refused it: "
                    f"{refused.reason}"
                ) from None
            checked += 1
        if not legal:
            break
        choice = rng.choice(legal)
        enc, _ = apply(enc, choice.command, SeededDice(seed * 1000 + step))
    assert checked > 0
