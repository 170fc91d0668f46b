"""Baton's short ways to the same answers, against the shared ones in every state of a played
fight of the sample: an Attack checked before the run is set up (``Baton.early_checks``, against the
resolution without it) ("take an overcome obstacle action
using the appropriate Fight with [Weapon] specialization against an opponent within their reach";
"one major action") is refused or carried out as the shared one-go resolution does, and the
legality of the turn commands ("they must pass the initiative to the opposing side", "an ally of
their choice") read from their handler alone is the shared one (the command run until its first
roll or question)."""

from __future__ import annotations

from pathlib import Path
from unittest.mock import patch

import pytest
from played_states import played_states as played_states_of
from played_states import resolved_in_one_go

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack, EndCombat, EndTurn, PassInitiative
from vantage.engine.rules.base import TurnInfo
from vantage.engine.rules.baton.ruleset import BATON, Baton
from vantage.engine.rules.combat_work import CombatWork

SAMPLE = Path(__file__).resolve().parents[4] / "maps" / "06-baton-crossroads.json"


def played_states(seed: int, every: int) -> list[Encounter]:
    return played_states_of(SAMPLE, seed, 8, every)


def attacks(enc: Encounter) -> list[Attack]:
    """Every fighter's attacks on every fighter: each weapon of the sample (its own or not), none,
    a charge and an off-hand attack."""
    fighters = [t.id for t in enc.tokens if t.stats]
    out = []
    for a in fighters:
        for t in fighters:
            for name in ("Longsword", "Dagger", "Shortbow", "Sickle", "Crossbow", "Great club", None):
                out.append(Attack(a, t, name))
            out.append(Attack(a, t, "Longsword", {"charge": True}))
            out.append(Attack(a, t, "Longsword", {"off_hand": "Dagger"}))
    return out


def test_an_attack_checked_before_the_run_is_refused_or_carried_out_as_the_shared_resolution() -> None:
    compared = refused = 0
    for enc in played_states(seed=3, every=7):
        if BATON.pending(enc):
            continue
        for command in attacks(enc):
            BATON.early_memo.forget()  # the shared resolution checks afresh
            with patch.object(Baton, "early_checks", {}):  # the handler checks everything
                shared = resolved_in_one_go(BATON.apply_answering, enc, command)
            BATON.early_memo.forget()
            ours = resolved_in_one_go(BATON.apply_answering, enc, command)
            assert ours == shared, (command, enc.combat.get("turn"))
            compared += 1
            refused += isinstance(shared, tuple)
    assert compared > 500 and 0 < refused < compared


def test_the_turn_commands_legality_from_their_handler_is_the_shared_one() -> None:
    compared = refused = waiting = 0
    for enc in played_states(seed=5, every=3):
        waiting += bool(BATON.pending(enc))
        fighters = [t.id for t in enc.tokens if t.stats]
        commands = [EndCombat(), *(EndTurn(token=a) for a in fighters),
                    *(PassInitiative(token=a, to=t) for a in fighters for t in fighters)]
        for command in commands:
            ours = BATON.legality(enc, command)
            with patch.object(Baton, "legality_by_handler", frozenset()):  # the whole command run
                shared = BATON.legality(enc, command)
            assert ours == shared, (command, enc.combat.get("turn"))
            compared += 1
            refused += not shared[0]
    assert compared > 1000 and 0 < refused < compared and waiting > 0


def test_a_turn_command_declared_decided_by_its_handler_does_not_build_the_state_after_it() -> None:
    """``Baton.legality_by_handler``: the shared legality stops after the handler (the state after
    the end of the combat is never built), and a refusal is the handler's own sentence ("Once
    they have acted, the character must pass the initiative on to another character": only the
    holder ends its turn)."""
    enc = next(e for e in played_states(seed=5, every=3)
               if not BATON.pending(e) and (BATON.turn(e) or TurnInfo(None, None)).actor)
    holder = (BATON.turn(enc) or TurnInfo(None, None)).actor
    other = next(t.id for t in enc.tokens if t.stats and t.id != holder)
    built = AssertionError("the state after the command was built")
    with patch.object(CombatWork, "finish", side_effect=built):
        assert BATON.legality(enc, EndCombat()) == (True, "")
        legal, reason = BATON.legality(enc, EndTurn(token=other))
    with patch.object(Baton, "legality_by_handler", frozenset()):  # the whole command run
        assert not legal and (legal, reason) == BATON.legality(enc, EndTurn(token=other))
        with patch.object(CombatWork, "finish", side_effect=built), \
                pytest.raises(AssertionError, match="the state after the command was built"):
            BATON.legality(enc, EndCombat())
