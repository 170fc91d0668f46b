"""What a Shattered World attack needs at the least (``simulation_hints.needs``), which the
simulator reads so as not to send an attack the engine would only refuse: an Attack left this
Round ("Take a Step, Attack once and Parry once" / "Make a Normal Move, Attack once or Parry
once"), and a blow the next square ("a melee Attack reaches the next square" — assumed, the text
gives weapons no reach); a missile has no reach ("Attacks beyond this range will fail": tried, not
refused).

Along walks of fights on each Shattered World sample, every attack the menu offers of every
fighter on every other: when its needs are not met by the turn's slots left and the gap to the
target (as the policy reads them), the handler refuses it — the needs never rule out an attack it
accepts (an attack refused out of reach with Attacks left is refused for its reach, not its budget;
one refused for want of an Attack may be taken again in a later Round)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from attack_needs import checked_menu, samples_of
from legality_walk import bring_an_enemy_next_to_the_actor

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.base import ActionOption
from vantage.engine.rules.shattered_world.attacking import MELEE_REACH
from vantage.engine.rules.shattered_world.simulation_hints import ATTACK_SLOT, needs
from vantage.engine.rules.simulation import OptionNeeds, hints_of
from vantage.engine.session import apply

MAPS = samples_of("shattered-world")
SW = get_ruleset("shattered-world")
STEPS = 40
SEEDS = (11, 12, 13)
#: Where an enemy may be set down beside the actor, or a few squares off (out of a blow's reach).
FARTHER = ((2, 0), (0, 2), (3, 1), (-2, -2))


def _moved(enc: Encounter, actor: str, rng: random.Random) -> Encounter:
    """``actor`` moved one square (a Step) or three (a Normal Move) in a random direction, when
    the engine lets it; else ``enc`` as it was."""
    x, y = enc.token(actor).position
    dx, dy = rng.choice(((1, 0), (-1, 0), (0, 1), (0, -1)))
    squares = rng.choice((1, 3))
    path = tuple((x + dx * i, y + dy * i) for i in range(squares + 1))
    try:
        return apply(enc, c.Move(actor, path), SeededDice(0))[0]
    except CommandRejected:
        return enc


def _started(path: Path, seed: int) -> Encounter:
    enc, _ = apply(load_encounter(path), c.SetTableDice(), SeededDice(seed))
    enc, _ = apply(enc, c.StartCombat(), SeededDice(seed))
    return enc


def test_a_blow_needs_an_attack_and_the_next_square():
    enc = _started(MAPS[0], 0)
    options = {o.label: o for o in hints_of(SW).attacks(SW, enc, "bram", "ssith")}
    for label in ("Attack with the Longsword", "Attack with the Fist", "Attack with the Kick"):
        assert needs(SW, enc, options[label]) == OptionNeeds(((ATTACK_SLOT, 1),), MELEE_REACH), label
    assert MELEE_REACH == 1  # "a melee Attack reaches the next square"
    # the slot named is the one the turn shows
    turn = SW.turn(enc)
    assert turn is not None and ATTACK_SLOT in {slot.name for slot in turn.slots}


def test_a_missile_a_throw_and_a_rider_have_no_reach():
    enc = _started(MAPS[0], 0)
    # "Ranged weapons (Bows, Slings, etc.) have an assigned range value ... Attacks beyond this
    # range will fail": a roll that fails, not a refusal
    shots = {o.label: o for o in hints_of(SW).attacks(SW, enc, "ada", "ssith")}
    assert needs(SW, enc, shots["Attack with the Longbow"]) == OptionNeeds(((ATTACK_SLOT, 1),), None)
    throws = {o.label: o for o in hints_of(SW).attacks(SW, enc, "ssith", "bram")}
    assert needs(SW, enc, throws["Throw the Spear"]) == OptionNeeds(((ATTACK_SLOT, 1),), None)
    # a rider attacks from its steed's footprint (assumed): the token's own gap says nothing
    blow = {o.label: o for o in hints_of(SW).attacks(SW, enc, "bram", "ssith")}["Attack with the Longsword"]
    mounted = enc.with_token(replace(enc.token("bram"), rides="wolf"))
    assert needs(SW, mounted, blow) == OptionNeeds(((ATTACK_SLOT, 1),), None)
    mounted = enc.with_token(replace(enc.token("ssith"), rides="wolf"))
    assert needs(SW, mounted, blow) == OptionNeeds(((ATTACK_SLOT, 1),), None)
    # a weapon the attacker does not have: not known (the command says why)
    nothing = ActionOption("x", c.Attack("bram", "ssith", "Greatsword"), False, "", {}, (), "", "")
    assert needs(SW, enc, nothing) is None
    assert needs(SW, enc, ActionOption("x", c.EndTurn("bram"), False, "", {}, (), "", "")) is None


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_unmet_needs_are_refused_by_the_handler(path: Path, seed: int) -> None:
    rng = random.Random(seed)
    enc = _started(path, seed)
    ruled_out = kept = 0
    for step in range(STEPS):
        if SW.pending(enc):
            enc, _ = apply(enc, c.Answer(), SeededDice(step))
            continue
        info = SW.turn(enc)
        if info is None or info.actor is None:
            break
        enc = bring_an_enemy_next_to_the_actor(SW, enc, rng, FARTHER)
        out, ok, accepted = checked_menu(SW, enc, f"{path.stem}, seed {seed}, step {step}")
        ruled_out, kept = ruled_out + out, kept + ok
        legal = [option.command for option in accepted if not option.command.options]  # nothing thrown away
        # spend part of the turn (a Step or a Normal Move, an Attack, or the end of the entry), so
        # that budgets run short: "Make a Normal Move, Attack once or Parry once"
        if rng.random() < 0.3:
            enc = _moved(enc, info.actor, rng)
        move_on: c.Command = rng.choice(legal) if legal and rng.random() < 0.7 else c.EndTurn(info.actor)
        try:
            enc, _ = apply(enc, move_on, SeededDice(100 + step))
        except CommandRejected:  # the Attack was legal before the move
            enc, _ = apply(enc, c.EndTurn(info.actor), SeededDice(100 + step))
    assert ruled_out > 0 and kept > 0
