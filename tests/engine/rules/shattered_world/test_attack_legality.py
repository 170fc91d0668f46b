"""An Attack's legality from its checks alone (``ShatteredWorld.legality``, ``attack_options``)
answers as the shared one does — the command run until its first roll or question — in every
state of a played fight: its turn, the passes ("All characters and/or monsters make at most one
Attack, in descending order"), two weapons ("Attack twice or Parry twice (once with each)"),
reach, the fallen and a decision waiting for the table."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from unittest.mock import patch

from played_states import played_states as played_states_of
from played_states import resolved_in_one_go

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.ruleset_base import RulesetBase
from vantage.engine.rules.shattered_world import attacking
from vantage.engine.rules.shattered_world.ruleset import SHATTERED_WORLD, ShatteredWorld

SAMPLE = Path(__file__).resolve().parents[4] / "maps" / "05-shattered-world-ford.json"


def played_states(seed: int, every: int) -> list[Encounter]:
    return played_states_of(SAMPLE, seed, 6, every)


def attacks(enc: Encounter) -> list[Attack]:
    fighters = [t.id for t in enc.tokens if t.stats]
    out = []
    for a in fighters:
        for t in fighters:
            for name in ("Longsword", "Kite", "Spear", "Target", "Hand Axe", "Buckler", "Longbow", "Bite",
                         "fist", "kick", None):
                out.append(Attack(a, t, name))
            out.append(Attack(a, t, "Spear", {"throw": True}))
    return out


def test_an_attacks_checks_answer_as_the_command_run_to_its_first_roll() -> None:
    compared = refused = waiting = 0
    for enc in played_states(seed=3, every=4):
        waiting += bool(SHATTERED_WORLD.pending(enc))
        for command in attacks(enc):
            fast = SHATTERED_WORLD.legality(enc, command)
            run = RulesetBase.legality(SHATTERED_WORLD, enc, command)
            assert fast == run, (command, enc.combat.get("round"))
            compared += 1
            refused += not run[0]
    assert compared > 1000 and 0 < refused < compared and waiting > 0


def test_attack_options_give_each_attack_the_legality_of_the_command_run() -> None:
    seen = 0
    for enc in played_states(seed=5, every=6):
        fighters = [t.id for t in enc.tokens if t.stats]
        for a in fighters:
            for t in fighters:
                options = SHATTERED_WORLD.attack_options(enc, a, t)
                assert isinstance(options, list)
                for option in options:
                    run = RulesetBase.legality(SHATTERED_WORLD, enc, option.command)
                    assert (option.legal, option.reason) == run, option.label
                    seen += 1
    assert seen > 200


def _checks(check: Callable[..., object], enc: Encounter, command: Attack) -> tuple[str, object]:
    """``check`` of ``command`` on a fresh working copy of ``enc``: ("ok", its result) or the refusal."""
    try:
        return ("ok", check(SHATTERED_WORLD.work(enc), command))
    except CommandRejected as refused:
        return (type(refused).__name__, refused.reason)


def test_the_checks_kept_for_a_state_answer_as_checking_afresh() -> None:
    """``checked_attack`` keeps an attack's checks for the encounter state they were made on: asked
    again (from the memo) it answers as ``check_attack`` on a fresh working copy, in every state."""
    compared = refused = 0
    for enc in played_states(seed=3, every=4):
        if SHATTERED_WORLD.pending(enc):
            continue
        for command in attacks(enc):
            fresh = _checks(attacking.check_attack, enc, command)
            for _ in range(2):  # the first answer is worked out, the second one kept
                kept = _checks(attacking.checked_attack, enc, command)
                assert kept == fresh, (command, enc.combat.get("round"))
            compared += 1
            refused += fresh[0] != "ok"
    assert compared > 1000 and 0 < refused < compared


def test_the_checks_kept_for_a_state_do_not_answer_for_another() -> None:
    """"All characters and/or monsters make at most one Attack, in descending order": once the
    actor has made its Attack of the pass (a new state, equal but for that), the kept "yes" of the
    state before does not answer for it."""
    for enc in played_states(seed=3, every=1):
        if SHATTERED_WORLD.pending(enc) or not enc.combat.get("started"):
            continue
        turn = SHATTERED_WORLD.turn(enc)
        assert turn is not None
        actor = turn.actor
        legal = [c for c in attacks(enc) if c.attacker == actor and not c.options
                 and _checks(attacking.checked_attack, enc, c)[0] == "ok"]
        if legal:
            break
    else:
        raise AssertionError("no state of the fight with a legal attack")
    command = legal[0]
    number = int(enc.combat["order"][enc.combat["turn"]][2])  # the pass of the actor's entry
    creatures = copy.deepcopy(enc.combat["creatures"])
    creatures[actor]["passes"] = [*creatures[actor]["passes"], number]
    after = replace(enc, combat={**enc.combat, "creatures": creatures})
    outcome = _checks(attacking.checked_attack, after, command)
    assert outcome[0] == "CommandRejected" and "has made its Attack of the" in str(outcome[1])
    assert _checks(attacking.checked_attack, enc, command)[0] == "ok"


def test_an_attack_resolved_in_one_go_is_refused_or_carried_out_as_the_shared_resolution() -> None:
    """The early check of an Attack (``ShatteredWorld.early_checks``), made before the run is set
    up ("All characters and/or monsters make at most one Attack, in descending order"; "Attack
    twice or Parry twice (once with each)"): the same refusals, and the same steps for the attacks
    it lets through, as the resolution without it (the handler checks everything) in every state
    of a played fight."""
    compared = refused = 0
    for enc in played_states(seed=3, every=9):
        if SHATTERED_WORLD.pending(enc):
            continue
        for command in attacks(enc):
            attacking._CHECKED.clear()  # the shared resolution checks afresh
            with patch.object(ShatteredWorld, "early_checks", {}):
                shared = resolved_in_one_go(SHATTERED_WORLD.apply_answering, enc, command)
            attacking._CHECKED.clear()
            ours = resolved_in_one_go(SHATTERED_WORLD.apply_answering, enc, command)
            assert ours == shared, (command, enc.combat.get("round"))
            compared += 1
            refused += isinstance(shared, tuple)
    assert compared > 500 and 0 < refused < compared
