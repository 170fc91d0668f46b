"""Morale checks and fear points (engine/rules/avorkarth/morale.py and the turn start)."""

from dataclasses import replace

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.explain import Breakdown
from vantage.engine.protocol import commands as c
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART
from vantage.engine.rules.avorkarth.morale import morale_check, morale_dc


def test_dc_is_three_plus_highest_enemy_minus_highest_ally():
    """"MORALE CHECK DC 3 + Highest enemy Presence - Highest allied Presence" """
    dc = morale_dc([("Ogre", 6), ("Rat", 1)], [("Bram", 4), ("Ada", 2)])
    assert dc.value == 3 + 6 - 4
    assert "highest enemy presence (Ogre) +6" in dc.explain()


@pytest.mark.parametrize(("face", "outcome", "fear", "penalty"), [
    (20, "critical success", -1, 0),
    (14, "success", 0, 0),
    (10, "partial success", 0, 1),
    (5, "fail", 3, 0),
    (2, "critical fail", 6, 0),
])
def test_the_five_outcomes(face, outcome, fear, penalty):
    """"Critical Succes : Lose 1 Fear point. Success : Nothing happens. Partial Success : Lower Resolve
    by 1 for the next Morale check. Failure : Gain 1 Fear point per difference between your Will score
    and the Resolve. Critical Failure : Gain 2 Fear points per difference" """
    resolve = Breakdown("Resolve", 6, "Will 3 + a bonus")
    dc = Breakdown("Morale DC", 6)  # resolve − DC = 0; Will 3 is 3 below the DC
    result = morale_check("Bram", resolve, 3, dc, ScriptedDice([face]), DEFAULT_CHART)
    assert (result.outcome.value, result.fear_change, result.resolve_penalty_next) == (outcome, fear, penalty)


def test_turn_start_rolls_morale_with_presences_from_the_field():
    """"Morale checks are a roll required by all characters at the start of the first turn within a
    round." """
    enc = encounter(fighter("bram", (1, 1), "party", player=True, will=4),
                    fighter("ogre", (8, 8), "enemy", size="large", strength=8),
                    combat={"creatures": {}})
    enc, events = run(enc, ScriptedDice([1]), c.StartCombat())
    morale = next(e for e in events if e.kind == "morale")
    # ogre presence: Strength 8 + terrifying size 1 = 9; Bram: Constitution 5; DC = 3 + 9 − 5 = 7
    assert morale.dc == 7
    assert morale.fear == 2 * (7 - 4)
    assert enc.combat["creatures"]["bram"]["fear"] == 6


def test_partial_success_lowers_resolve_next_time():
    enc = encounter(fighter("bram", (1, 1), "party", player=True), fighter("ghoul", (8, 8), "enemy"))
    # DC = 3 + 5 − 5 = 3, resolve 4: category +1 → face 8 + 2 = 10 partial
    enc, _ = run(enc, ScriptedDice([8, 12]), c.StartCombat(), c.EndTurn("bram"))
    assert enc.combat["creatures"]["bram"]["resolve_penalty"] == 1
    enc, events = run(enc, ScriptedDice([12]), c.EndTurn("ghoul"))
    morale = next(e for e in events if e.kind == "morale")
    assert "shaken last check −1" in morale.explanation


def test_a_presence_read_at_an_earlier_check_follows_the_creatures_wounds():
    """"MORALE CHECK DC 3 + Highest enemy Presence - Highest allied Presence": the presence of the
    creature as it is at this check — a presence kept from an earlier check of the round is not
    read once the creature is wounded (crippled "halve all other combat attributes")."""
    from vantage.engine.rules.avorkarth import turns

    start = encounter(fighter("bram", (1, 1), "party", player=True, agility=9, will=4),
                      fighter("ada", (1, 3), "party", player=True, agility=2, will=4),
                      fighter("ogre", (8, 8), "enemy", size="large", wounds=10, strength=8, agility=5),
                      combat={"creatures": {}})
    enc, events = run(start, ScriptedDice([12]), c.StartCombat())
    assert [e.token for e in events if e.kind == "morale"] == ["bram"]
    unhurt = next(e for e in events if e.kind == "morale").dc  # 3 + ogre (8 + 1 + 1) − 5
    assert unhurt == 8
    creatures = {**enc.combat["creatures"], "ogre": {**enc.combat["creatures"]["ogre"], "lethal": 9 * 50}}
    hurt = replace(enc, combat={**enc.combat, "creatures": creatures})  # 1 of its 10 wounds left
    dcs = []
    for kept in (True, False):
        if not kept:
            turns._PRESENCES.clear()
        after, events = run(hurt, ScriptedDice([12, 12]), c.EndTurn("bram"))
        checks = [e for e in events if e.kind == "morale"]
        if checks[0].token == "ogre":  # the ogre's turn came first: on to Ada's
            after, events = run(after, ScriptedDice([12]), c.EndTurn("ogre"))
            checks = [e for e in events if e.kind == "morale"]
        assert checks[0].token == "ada"
        dcs.append(checks[0].dc)
    assert dcs[0] == dcs[1] < unhurt  # the crippled ogre's halved presence, kept or not
