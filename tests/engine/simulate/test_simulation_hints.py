"""Each ruleset's hints to the simulator (engine/rules/<ruleset>/simulation_hints.py), registered
on the ruleset object, and the generic defaults of engine/rules/simulation.py."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Condition
from vantage.engine.protocol.commands import Attack, PickUp, SetTableDice, StandUp, StartCombat
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.base import ActionOption, Health, HealthLayer
from vantage.engine.rules.simulation import (
    GENERIC_HINTS,
    Standing,
    damage_unit,
    expected_result,
    hints_of,
)
from vantage.engine.session import apply
from vantage.engine.simulate.policy import FightPlayer

MAPS = Path(__file__).resolve().parents[3] / "maps"


def started(name: str):
    enc = load_encounter(MAPS / name)
    enc, _ = apply(enc, SetTableDice(), SeededDice(0))
    fighters = tuple(t.id for t in enc.tokens if t.side.value in ("party", "enemy"))
    enc, _ = apply(enc, StartCombat(fighters), SeededDice(0))
    return enc


def with_record(enc, token_id: str, **fields):
    creatures = dict(enc.combat["creatures"])
    creatures[token_id] = {**creatures[token_id], **fields}
    return replace(enc, combat={**enc.combat, "creatures": creatures})


@pytest.mark.parametrize("ruleset", ["avorkarth", "shattered-world", "power-tiers", "baton"])
def test_every_ruleset_declares_its_own_hints_on_the_ruleset_object(ruleset):
    assert hints_of(get_ruleset(ruleset)) is not GENERIC_HINTS


def test_shattered_world_dying_is_down_and_does_not_act():
    # "Any character reduced to zero Hit Points ... is dying ... and may not move around, fight, etc."
    enc = with_record(started("05-shattered-world-ford.json"), "ssith", state="dying")
    ruleset = get_ruleset("shattered-world")
    hints = hints_of(ruleset)
    assert hints.standing(ruleset, enc, "ssith") is Standing.DOWN
    assert not hints.acts(ruleset, enc, "ssith")
    assert hints.standing(ruleset, enc, "bram") is Standing.UP
    dead = with_record(enc, "ssith", state="dead")
    assert hints.standing(ruleset, dead, "ssith") is Standing.DEAD


def test_shattered_world_policy_never_throws_its_weapon():
    hints = hints_of(get_ruleset("shattered-world"))
    throw = ActionOption("Throw", Attack("a", "b", "Spear", {"throw": True}), True, "", {"hit": 0.9}, (),
                         "", "")
    strike = ActionOption("Attack", Attack("a", "b", "Spear"), True, "", {"hit": 0.5}, (), "", "")
    assert hints.avoid(throw) and not hints.avoid(strike)


def test_power_tiers_dying_is_down():
    # "If a character is reduced to 0 Health, they are dying."
    enc = with_record(started("04-power-tiers-ambush.json"), "wolf", dying_rounds=3)
    ruleset = get_ruleset("power-tiers")
    hints = hints_of(ruleset)
    assert hints.standing(ruleset, enc, "wolf") is Standing.DOWN and not hints.acts(ruleset, enc, "wolf")
    assert hints.standing(ruleset, with_record(enc, "wolf", dead=True), "wolf") is Standing.DEAD


def test_avorkarth_unconscious_is_down_dead_is_dead():
    enc = started("01-ruined-courtyard.json")
    ruleset = get_ruleset("avorkarth")
    hints = hints_of(ruleset)
    ghoul = enc.token("ghoul-1")
    out = enc.with_token(replace(ghoul, conditions=(Condition("unconscious"),)))
    assert hints.standing(ruleset, out, "ghoul-1") is Standing.DOWN
    assert not hints.acts(ruleset, out, "ghoul-1")
    gone = enc.with_token(replace(ghoul, conditions=(Condition("dead"),)))
    assert hints.standing(ruleset, gone, "ghoul-1") is Standing.DEAD
    assert hints.standing(ruleset, enc, "ghoul-1") is Standing.UP


def test_baton_counts_a_wound_once_though_it_takes_stamina_too():
    # "maximum Stamina equals their current Health value": a wound of 2 takes 2 Health and 2 Stamina
    hints = hints_of(get_ruleset("baton"))

    def health(p: int, s: int, h: int) -> Health:
        return Health(h / 10, "", (HealthLayer("protection", p, 3), HealthLayer("stamina", s, 10),
                                   HealthLayer("health", h, 10)))

    assert hints.damage(health(3, 10, 10), health(0, 8, 10)) == 5  # 3 Protection + 2 Stamina
    assert hints.damage(health(0, 8, 10), health(0, 6, 8)) == 2  # a wound of 2, counted once
    assert "Protection" in damage_unit(get_ruleset("baton"))


def test_generic_worth_weighs_outcomes_by_name():
    option = ActionOption("x", Attack("a", "b"), True, "",
                          {"critical fail": 0.1, "fail": 0.2, "partial success": 0.2, "success": 0.3,
                           "critical success": 0.2}, (), "", "")
    assert expected_result(option) == pytest.approx(0.2 * 0.5 + 0.3 + 0.2 * 1.5)


def with_dropped(enc, owner: str, weapon: str, tile):
    item = {"owner": owner, "weapon": weapon, "tile": list(tile)}
    return replace(enc, combat={**enc.combat, "dropped": [item]})


def test_avorkarth_recovers_a_dropped_weapon_within_reach_and_stands_up_first():
    # Ranged critical fail: "Fumble and drop your weapon"; Trip: "unable to move/attack until they
    # use the standing up action".
    enc = started("01-ruined-courtyard.json")
    ruleset = get_ruleset("avorkarth")
    hints = hints_of(ruleset)
    me = enc.token("bandit")
    x, y = me.position
    assert hints.recover(ruleset, enc, "bandit") == []
    beside = with_dropped(enc, "bandit", "Crossbow", (x + 1, y))
    assert hints.recover(ruleset, beside, "bandit") == [PickUp("bandit", "Crossbow")]
    far = with_dropped(enc, "bandit", "Crossbow", (x + 2, y))
    assert hints.recover(ruleset, far, "bandit") == []  # out of reach: "lies … out of reach"
    someone_elses = with_dropped(enc, "bram", "Crossbow", (x, y))
    assert hints.recover(ruleset, someone_elses, "bandit") == []
    prone = replace(beside, tokens=tuple(
        replace(t, conditions=(*t.conditions, Condition("prone"))) if t.id == "bandit" else t
        for t in beside.tokens))
    assert hints.recover(ruleset, prone, "bandit") == [StandUp("bandit"), PickUp("bandit", "Crossbow")]


def test_avorkarth_does_not_pick_up_while_locked():
    # "Whenever a character is within a tile's distance, they are considered locked ... a character
    # can only do two actions while as such. Attack back, or retreat."
    enc = started("01-ruined-courtyard.json")
    ruleset = get_ruleset("avorkarth")
    x, y = enc.token("bandit").position
    enemy = next(t for t in enc.tokens if t.side.value == "party")
    locked = replace(enc, tokens=tuple(replace(t, position=(x, y + 1)) if t.id == enemy.id else t
                                       for t in enc.tokens))
    dropped = with_dropped(locked, "bandit", "Crossbow", (x, y))
    assert hints_of(ruleset).recover(ruleset, dropped, "bandit") == []


def test_the_policy_picks_up_its_dropped_weapon_first_on_its_turn():
    enc = started("01-ruined-courtyard.json")
    player = FightPlayer(enc, SeededDice(5))
    player.begin()
    actor = player.actor()
    assert actor is not None
    me = player.enc.token(actor)
    weapon = me.stats["weapons"][0]["name"]
    player.enc = with_dropped(player.enc, actor, weapon, me.position)
    before = len(player.log.commands)
    player.take_turn(actor)
    sent = player.log.commands[before:]
    assert sent[0] == PickUp(actor, weapon)
    assert not [d for d in player.enc.combat.get("dropped", ()) if d["owner"] == actor]


def test_avorkarth_weighs_no_non_lethal_attack_with_a_lethal_weapon():
    # "the attacker counts all their roll values with lethal weaponry as one category lower": the
    # plain attack has the better odds and the same checks, so the policy never takes the gentle one
    enc = started("01-ruined-courtyard.json")
    ruleset = get_ruleset("avorkarth")
    menu = ruleset.attack_options(enc, "bram", "ghoul-1")
    weighed = hints_of(ruleset).attacks(ruleset, enc, "bram", "ghoul-1")
    assert any(o.command.options.get("lethal") is False for o in menu)
    assert [o.label for o in weighed] == [o.label for o in menu if isinstance(o.command, Attack)
                                          and o.command.options.get("lethal") is not False]
