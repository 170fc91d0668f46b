"""The attack's early check (``Avorkarth.early_checks``): "it raises CommandRejected with the
refusal the handler would give, from the checks the handler makes first, which only read the
state, and returns None when those pass or it cannot tell" (``RulesetBase.early_checks``).

Along walks of a fight on each Avorkarth sample, every attack of every kind (the menu's, and the
kinds a menu leaves out: opportunity, secondary, dual-wielding, an unknown weapon) of every
fighter on every other is checked early and by the full handler: the early check refuses only
what the handler refuses, with the same words, and never touches the state; an attack it lets
through comes out of ``apply`` (whose run skips the checks already made) as out of the handler's
full run."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from legality_walk import bring_an_enemy_next_to_the_actor

from vantage.engine.dice import NoDice, RollAttempted, SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth.attack_command import refuse_early
from vantage.engine.rules.avorkarth.state import query_work
from vantage.engine.session import apply

MAPS = sorted(p for p in (Path(__file__).resolve().parents[4] / "maps").glob("0*.json")
              if json.loads(p.read_text(encoding="utf-8")).get("ruleset") == "avorkarth")
AVK = get_ruleset("avorkarth")
STEPS = 6
#: the kinds of attack a menu does not offer each time, tried on every pair
MORE_KINDS = ({"opportunity": True}, {"secondary": True}, {"dual_wield": True}, {"charge": True},
              {"lesser": True}, {"lethal": False}, {"opportunity": True, "charge": True},
              {"damage": "no such damage"}, {"no such option": 1})


def _handler_refusal(enc: Encounter, cmd: c.Attack) -> str | None:
    """What the full handler says: its refusal, or None (it reached its first roll)."""
    try:
        AVK.run(enc, cmd, NoDice())
    except RollAttempted:
        return None
    except CommandRejected as refused:
        return refused.reason
    return None


def _outcome(run: Callable[[Encounter, c.Attack, SeededDice], tuple[Encounter, list[Event]]],
             enc: Encounter, cmd: c.Attack, seed: int) -> object:
    """What ``run`` makes of ``cmd``: the encounter and events after it, or its refusal."""
    try:
        return run(enc, cmd, SeededDice(seed))
    except CommandRejected as refused:
        return refused.reason


def _early_refusal(enc: Encounter, cmd: c.Attack) -> str | None:
    query_work(enc)  # a state asked about: the early check is made (not only from the second try)
    try:
        refuse_early(AVK, enc, cmd)
    except CommandRejected as refused:
        return refused.reason
    return None


def _attacks(enc: Encounter) -> list[c.Attack]:
    fighters = [t for t in enc.tokens if t.stats]
    out: list[c.Attack] = []
    for a in fighters:
        for t in fighters:
            if a.id == t.id:
                out.append(c.Attack(a.id, t.id))
                continue
            found = AVK.attack_options(enc, a.id, t.id)
            if isinstance(found, list | tuple):
                out.extend(o.command for o in found if isinstance(o.command, c.Attack))
            out.extend(c.Attack(a.id, t.id, options=kind) for kind in MORE_KINDS)
            out.append(c.Attack(a.id, t.id, weapon="No such weapon"))
    out.append(c.Attack("nobody", fighters[0].id))
    return out


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_the_early_check_refuses_only_what_the_handler_refuses_in_its_words(path: Path) -> None:
    rng = random.Random(7)
    enc, _ = apply(load_encounter(path), c.StartCombat(), SeededDice(7))
    early_refused = passed = 0
    for step in range(STEPS):
        if AVK.pending(enc):
            enc, _ = apply(enc, c.Answer(), SeededDice(step))
            continue
        enc = bring_an_enemy_next_to_the_actor(AVK, enc, rng, ((3, 0), (0, 3)))
        before = json.dumps(enc.combat, sort_keys=True)
        for cmd in _attacks(enc):
            early = _early_refusal(enc, cmd)
            full = _handler_refusal(enc, cmd)
            if early is None:
                passed += 1
                # the run after a passed early check skips the checks it made: the same outcome
                # as the handler's full run, with the same dice
                after_early = _outcome(AVK.apply, enc, cmd, step)
                AVK.early_memo.forget()
                full_run = _outcome(AVK.run, enc, cmd, step)
                assert after_early == full_run, f"{path.stem}, step {step}, {cmd}"
            else:
                assert early == full, f"{path.stem}, step {step}, {cmd}: early {early!r}, handler {full!r}"
                early_refused += 1
        assert json.dumps(enc.combat, sort_keys=True) == before  # read only
        legal = [cmd for cmd in _attacks(enc) if _handler_refusal(enc, cmd) is None]
        move_on = rng.choice(legal) if legal else c.EndTurn(AVK.turn(enc).actor)
        enc, _ = apply(enc, move_on, SeededDice(100 + step))
    assert early_refused > 0 and passed > 0


def test_a_refused_attack_is_refused_by_apply_with_the_handlers_words() -> None:
    """``apply`` and ``apply_answering`` run the early check: the refusal reads as the handler's."""
    enc, _ = apply(load_encounter(MAPS[0]), c.StartCombat(), SeededDice(3))
    while AVK.pending(enc):  # the party's initiative, rolled at the table
        enc, _ = apply(enc, c.Answer(), SeededDice(4))
    actor = AVK.turn(enc).actor
    other = next(t.id for t in enc.tokens if t.stats and t.id != actor)
    cmd = c.Attack(other, actor)  # not the other's turn
    expected = _handler_refusal(enc, cmd)
    assert expected is not None and "cannot act now" in expected
    with pytest.raises(CommandRejected) as refused:
        apply(enc, cmd, SeededDice(3))
    assert refused.value.reason == expected
    with pytest.raises(CommandRejected) as refused_too:
        AVK.apply_answering(enc, cmd, SeededDice(3), lambda decision: c.Answer())
    assert refused_too.value.reason == expected


def test_the_first_attack_on_a_state_nobody_asked_about_is_checked_by_its_run_alone() -> None:
    """A fight played through ``apply`` alone pays nothing for the early check: the first attack
    tried on a fresh state is checked by its run; a second try on the same state is checked
    early — the same refusal either way."""
    enc, _ = apply(load_encounter(MAPS[0]), c.StartCombat(), SeededDice(3))
    while AVK.pending(enc):
        enc, _ = apply(enc, c.Answer(), SeededDice(4))
    fresh = replace(enc, notes="a state nobody asked about")
    actor = AVK.turn(enc).actor
    other = next(t.id for t in enc.tokens if t.stats and t.id != actor)
    cmd = c.Attack(other, actor)  # not the other's turn
    refuse_early(AVK, fresh, cmd)  # the first try: left to the run
    with pytest.raises(CommandRejected) as second:
        refuse_early(AVK, fresh, cmd)
    assert second.value.reason == _handler_refusal(fresh, cmd)
