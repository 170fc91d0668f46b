"""Audit of the Avorkarth ruleset against its text: the discrepancies found and fixed.

Each test failed before its fix. Bram (party, facing S at (5, 4)) acts first; Ghoul stands at
(5, 5) facing N. Both: attack 5, dodge 5, Strength 5. The first scripted face is Bram's morale check.
"""

from dataclasses import replace

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules.avorkarth.other_commands import allowance_for
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.session import CommandRejected

OK = 12


def duel(**ghoul):
    enc = encounter(fighter("bram", (5, 4), "party", "S", player=True),
                    fighter("ghoul", (5, 5), "enemy", "N", **ghoul))
    return run(enc, ScriptedDice([OK]), c.StartCombat())[0]


def with_creature(enc, token_id, **fields):
    combat = dict(enc.combat)
    creatures = dict(combat["creatures"])
    creatures[token_id] = {**creatures[token_id], **fields}
    return replace(enc, combat={**combat, "creatures": creatures})


def test_a_maneuver_uses_up_the_outmaneuver_bonus():
    """"Critical Fail : MELEE : The opponent outmaneuvers the attacker and gains +1 to their next
    attack roll against the attacker." — one roll, not every roll after it: a maneuver's hit roll
    takes the +1 and spends it."""
    enc = with_creature(duel(), "bram", outmaneuver={"ghoul": 1})
    enc, events = run(enc, ScriptedDice([5]), c.Maneuver("bram", "ghoul", maneuver="trip"))
    assert "outmaneuvered the target earlier +1" in next(e for e in events if e.kind == "hit").explanation
    assert enc.combat["creatures"]["bram"]["outmaneuver"] == {}
    enc, events = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul"))
    hit = next(e for e in events if e.kind == "hit")
    assert hit.margin == 0 and "outmaneuvered" not in hit.explanation


TWO_SWORDS = [{"name": "Sword", "might": 5}, {"name": "Dagger", "might": 3}]


@pytest.mark.parametrize("kind", [{"dual_wield": True}, {"charge": True}, {"lesser": True},
                                  {"secondary": True, "weapon": "Bite"}])
def test_an_attack_of_opportunity_is_a_single_primary_attack(kind):
    """"Attacks of Opportuinty : Whenever an attack of opportunity is given, the creature may use an
    immediate action to do a single primary attack." """
    enc = duel(weapons=[*TWO_SWORDS, {"name": "Bite", "might": 4, "secondary": True}])
    with pytest.raises(CommandRejected, match="a single primary attack"):
        weapon = kind.pop("weapon", None)
        attack = c.Attack("ghoul", "bram", weapon, options={**kind, "opportunity": True})
        run(enc, ScriptedDice([5, 5]), attack)
    _, events = run(enc, ScriptedDice([5]), c.Attack("ghoul", "bram", options={"opportunity": True}))
    assert sum(e.kind == "hit" for e in events) == 1


def test_partial_grapple_halves_movement_before_the_wounded_state():
    """"The grappled target lowers their movement by half before any other movement calculations."
    Movement 7, Hurt (−1): half first gives 3 − 1 = 2, not (7 − 1)/2 = 3."""
    enc = encounter(fighter("ghoul", (5, 5), "enemy", "N", wounds=4, movement=7, conditions=("grappled",)))
    enc = replace(enc, combat={"creatures": {"ghoul": {"lethal": 50, "nonlethal": 50, "stamina": 5}}})
    allowance = allowance_for(Work(enc, ScriptedDice([])), "ghoul")
    assert allowance.value == 2
    assert "partial grapple" in allowance.explain()


def test_a_crippled_creature_charges_at_half_movement():
    """"Cripple … reducing movement by half for 1+X rounds." — a charge is a move: movement 6
    crippled is 3, too short for a 4-tile charge lane."""
    enc = encounter(fighter("bram", (5, 1), "party", "S", player=True, conditions=("crippled",)),
                    fighter("ghoul", (5, 6), "enemy", "N"))
    enc = run(enc, ScriptedDice([OK]), c.StartCombat())[0]
    with pytest.raises(CommandRejected, match="cannot charge 4 tiles"):
        run(enc, ScriptedDice([OK, OK]), c.Attack("bram", "ghoul", options={"charge": True}))


def test_preview_counts_the_same_dual_wielded_weapons_as_the_attack():
    """"For each additional weapon held by a creature, add another primary attack but reduce all
    hitting values by 1." — a bow on the back is not a second melee weapon: Sword and Dagger give −1
    in the preview as in the attack."""
    from vantage.engine.rules import get_ruleset

    enc = duel()
    bram = enc.token("bram")
    stats = {**bram.stats, "weapons": [*TWO_SWORDS, {"name": "Bow", "might": 3, "ranged": True, "reach": 12}]}
    enc = enc.with_token(replace(bram, stats=stats))
    dual = c.Attack("bram", "ghoul", weapon="Sword", options={"dual_wield": True})
    p = get_ruleset("avorkarth").preview(enc, dual)
    _, events = run(enc, ScriptedDice([5, 5]), dual)
    hits = [e for e in events if e.kind == "hit"]
    assert len(hits) == 2 and p.category.value == hits[0].margin == -1
