"""What an Avorkarth attack needs at the least (``simulation_hints.needs``), which the simulator
reads so as not to send an attack the engine would only refuse: "an attack costs 3" actions
(assumed costs, ``state.ACTION_COSTS``), a lesser attack the move action ("A creature may use it's
given move action to instead do a lesser attack"), a charge the move action while one move action
a turn is the reading and a run-up ("is at least 3 tiles away"), and the target within reach and
sight (no attack "without a line of sight", the assumed default; a charge's is measured from where
it ends).

Along walks of a fight on each Avorkarth sample, every attack the menu offers of every fighter on
every other: when its needs are not met by the turn's slots left and the gap to the target (as the
policy reads them), the handler refuses it — the needs never rule out an attack it accepts."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from attack_needs import checked_menu, needs_unmet, refused_by_handler, samples_of
from legality_walk import bring_an_enemy_next_to_the_actor

from vantage.engine.dice import NoDice, SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter, Wall
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth.simulation_hints import ACTIONS_SLOT, MOVE_SLOT, needs
from vantage.engine.rules.avorkarth.state import query_work
from vantage.engine.rules.base import ActionOption
from vantage.engine.rules.simulation import OptionNeeds, hints_of
from vantage.engine.session import apply

MAPS = samples_of("avorkarth")
AVK = get_ruleset("avorkarth")
STEPS = 8


def _started() -> Encounter:
    enc, _ = apply(load_encounter(MAPS[0]), c.SetTableDice(), SeededDice(0))
    fighters = tuple(t.id for t in enc.tokens if t.side.value in ("party", "enemy"))
    enc, _ = apply(enc, c.StartCombat(fighters), SeededDice(0))
    return enc


def test_the_needs_are_read_from_the_costs_and_the_weapon():
    enc = _started()
    actor = AVK.turn(enc).actor
    foe = next(t.id for t in enc.tokens if t.stats and t.side != enc.token(actor).side)
    options = {o.label: o for o in hints_of(AVK).attacks(AVK, enc, actor, foe)}
    weapon = next(label.removeprefix("Attack with the ") for label in options
                  if label.startswith("Attack with the "))
    reach = query_work(enc).block(actor).weapon(weapon).reach
    assert needs(AVK, enc, options[f"Attack with the {weapon}"]) == OptionNeeds(
        ((ACTIONS_SLOT, 3),), reach, sight=True)
    assert needs(AVK, enc, options[f"Lesser attack with the {weapon}"]) == OptionNeeds(
        ((ACTIONS_SLOT, 2), (MOVE_SLOT, 1)), reach, sight=True)
    # the slots named are those the turn shows
    assert {ACTIONS_SLOT, MOVE_SLOT} <= {slot.name for slot in AVK.turn(enc).slots}
    secondary = ActionOption("x", c.Attack(actor, foe, weapon, {"secondary": True}), False, "", {}, (),
                             "", "")
    assert needs(AVK, enc, secondary) is None  # a kind the simulator does not make: not known


def test_an_attack_through_a_wall_is_ruled_out_as_the_handler_refuses_it():
    # assumed — not in the source text: "no attack, ranged or melee, without a line of sight"
    enc = _started()
    actor = AVK.turn(enc).actor
    me = enc.token(actor)
    foe = next(t for t in enc.tokens if t.stats and t.side != me.side)
    (x, y) = me.position
    beside = replace(enc, tokens=tuple(replace(t, position=(x + me.footprint, y)) if t.id == foe.id else t
                                       for t in enc.tokens))
    assert AVK.turn(beside).actor == actor
    edge = x + me.footprint
    wall = Wall((edge, y - 1), (edge, y + me.footprint + foe.footprint + 1))
    walled = replace(beside, map=replace(beside.map, walls=(*beside.map.walls, wall)))
    attack = next(o for o in hints_of(AVK).attacks(AVK, walled, actor, foe.id)
                  if o.label.startswith("Attack with the "))
    assert needs_unmet(AVK, walled, attack)
    with pytest.raises(CommandRejected, match="no line of sight"):
        AVK.run(walled, attack.command, NoDice())
    # the same attack without the wall: its needs met, and the handler rolls it
    assert not needs_unmet(AVK, beside, attack)
    assert not refused_by_handler(AVK, beside, attack.command)


def test_a_charge_needs_its_run_up_and_the_move_action():
    enc = _started()
    actor = AVK.turn(enc).actor
    foe = next(t.id for t in enc.tokens if t.stats and t.side != enc.token(actor).side)
    charge = ActionOption("Charge", c.Attack(actor, foe, None, {"charge": True}), False, "", {}, (), "", "")
    assert needs(AVK, enc, charge) == OptionNeeds(((ACTIONS_SLOT, 5), (MOVE_SLOT, 1)), None, 3)
    # the rules option that lets a charge follow a move: the move action is not needed
    loose = replace(enc, combat={**enc.combat, "rules": {"one_move_action": False}})
    assert needs(AVK, loose, charge) == OptionNeeds(((ACTIONS_SLOT, 5), (MOVE_SLOT, 0)), None, 3)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_unmet_needs_are_refused_by_the_handler(path: Path) -> None:
    rng = random.Random(11)
    enc, _ = apply(load_encounter(path), c.StartCombat(), SeededDice(11))
    ruled_out = kept = 0
    for step in range(STEPS):
        if AVK.pending(enc):
            enc, _ = apply(enc, c.Answer(), SeededDice(step))
            continue
        enc = bring_an_enemy_next_to_the_actor(AVK, enc, rng, ((3, 0), (0, 3)))
        out, ok, accepted = checked_menu(AVK, enc, f"{path.stem}, step {step}")
        ruled_out, kept = ruled_out + out, kept + ok
        legal = [option.command for option in accepted]
        # spend part of the turn, so that budgets run short
        move_on = rng.choice(legal) if legal else c.EndTurn(AVK.turn(enc).actor)
        enc, _ = apply(enc, move_on, SeededDice(100 + step))
    assert ruled_out > 0 and kept > 0
