"""The GUI's narrow ruleset queries: movement, attack options, health (engine/rules/base.py,
engine/rules/avorkarth/queries.py). Queries never roll and never change the encounter."""

from dataclasses import replace

import pytest
from avk_fixtures import encounter, fighter, run
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Facing
from vantage.engine.movement import reachable_tiles
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.asking import ask_attack_options, ask_health, ask_movement
from vantage.engine.rules.avorkarth.other_commands import MOVE_RULES
from vantage.engine.rules.base import (
    ActionOption,
    Health,
    MovementAnswer,
    Unanswered,
)
from vantage.engine.rules.ruleset_base import RulesetBase

AVORKARTH = get_ruleset("avorkarth")


def _started():
    enc = encounter(fighter("bram", (5, 6), "party", "N", player=True),
                    fighter("ghoul", (5, 5), "enemy", "N", wounds=4),
                    fighter("wight", (1, 1), "enemy", "S"))
    return run(enc, ScriptedDice([12]), c.StartCombat())[0]


def _options(enc, attacker="bram", target="ghoul"):
    answer = AVORKARTH.attack_options(enc, attacker, target)
    assert not isinstance(answer, Unanswered), answer
    return {o.label: o for o in answer}


# -- movement ---------------------------------------------------------------------------------


def test_movement_is_the_stat_blocks_tiles_per_move_action_with_the_move_commands_policy():
    """Tiles per move action from the stat block; the ``move`` command checks paths by the same policy."""
    enc = encounter(fighter("bram", (2, 2), "party", movement=6))
    answer = AVORKARTH.movement(enc, "bram")
    assert isinstance(answer, MovementAnswer)
    assert answer.allowance.value == 6 and answer.rules is MOVE_RULES


def test_movement_of_a_crippled_token_is_halved_and_says_so():
    """Cripple: "reducing movement by half for 1+X rounds"."""
    enc = encounter(fighter("bram", (2, 2), "party", movement=6, conditions=("crippled",)))
    answer = AVORKARTH.movement(enc, "bram")
    assert isinstance(answer, MovementAnswer)
    assert answer.allowance.value == 3
    assert "crippled" in answer.allowance.explain()


def test_movement_of_a_wounded_token_follows_the_wounded_state():
    """Wounded states: "Wounded 1/2 — Half Movement and Dodge, -2 Attack, -1 Might"."""
    enc = _started()
    enc, _ = run(enc, ScriptedDice([]), c.ApplyDamage(token="ghoul", amount=100))
    answer = AVORKARTH.movement(enc, "ghoul")
    assert isinstance(answer, MovementAnswer)
    assert answer.allowance.value == 3 and "wounded" in answer.allowance.explain()


def test_movement_of_a_token_without_a_stat_block_is_unanswered_with_the_reason():
    enc = encounter(replace(fighter("crate", (2, 2), "neutral"), stats={}))
    answer = AVORKARTH.movement(enc, "crate")
    assert isinstance(answer, Unanswered) and "no usable Avorkarth stat block" in answer.reason


def test_the_movement_answer_drives_the_engines_reachable_set():
    """The allowance is tiles per move action: on open ground a movement of 4 reaches 4 tiles, not 5."""
    enc = encounter(fighter("bram", (2, 2), "party", movement=4))
    answer = AVORKARTH.movement(enc, "bram")
    assert isinstance(answer, MovementAnswer)
    found = reachable_tiles(enc, "bram", answer.allowance, answer.rules)
    assert (6, 2) in found and (7, 2) not in found


# -- attack options -----------------------------------------------------------------------------


def test_attack_options_list_attacks_lesser_non_lethal_and_the_menu_maneuvers():
    """Lesser Attack: "acts as a primary attack with -1 to it's hitting values"."""
    options = _options(_started())
    assert {"Attack with the Longsword", "Lesser attack with the Longsword",
            "Non-lethal attack with the Longsword", "Trip", "Disarm", "Cripple", "Grapple",
            "Tackle"} <= set(options)
    normal, lesser = options["Attack with the Longsword"], options["Lesser attack with the Longsword"]
    assert isinstance(normal.command, c.Attack) and "lesser" not in normal.command.options
    assert lesser.command == c.Attack("bram", "ghoul", weapon="Longsword", options={"lesser": True})
    assert lesser.modifiers[0].value == normal.modifiers[0].value - 1
    assert "lesser attack −1" in lesser.explanation


def test_a_back_attack_option_gives_the_odds_of_every_outcome_and_explains_the_shift():
    """"Back : Back attacks increase the attack's rolling category by 3." """
    attack = _options(_started())["Attack with the Longsword"]
    assert attack.legal and attack.reason == ""
    assert sum(attack.chances.values()) == pytest.approx(1)
    assert attack.chances["critical fail"] == 0  # d20 + 6: never 2 or less
    assert attack.summary == "Attack 5 vs Dodge 5: back attack +3 → hit category +3, 90% to hit"
    assert "Odds: critical success" in attack.explanation


def test_an_option_that_is_not_legal_now_says_why():
    """Locked: "a character can only do two actions while as such. Attack back, or retreat"."""
    options = _options(_started(), target="wight")
    attack = options["Attack with the Longsword"]
    assert not attack.legal
    assert attack.reason == "Bram is locked by Ghoul: they may only attack back or retreat"
    assert attack.explanation.startswith("Not now: Bram is locked by Ghoul")


def test_a_non_lethal_attack_with_a_lethal_weapon_drops_a_category():
    """"the attacker counts all their roll values with lethal weaponry as one category lower"."""
    options = _options(_started())
    normal = options["Attack with the Longsword"].modifiers[2]
    gentle = options["Non-lethal attack with the Longsword"].modifiers[2]
    assert gentle.value == normal.value - 1
    assert "non-lethal with a lethal weapon −1" in options["Non-lethal attack with the Longsword"].summary


def test_a_charge_is_offered_only_with_a_clear_straight_lane_of_three_tiles():
    """Charging: "only ... if the creature has a clear line between themselves and their target and
    is at least 3 tiles away"."""
    near = encounter(fighter("bram", (5, 6), "party"), fighter("ghoul", (5, 5), "enemy"))
    far = encounter(fighter("bram", (5, 9), "party", facing="N"), fighter("ghoul", (5, 2), "enemy"))
    assert "Charge with the Longsword" not in _options(near)
    charge = _options(far)["Charge with the Longsword"]
    assert charge.command == c.Attack("bram", "ghoul", weapon="Longsword", options={"charge": True})
    assert "charging +1" in charge.explanation


def test_a_prone_target_is_an_automatic_extreme_critical_without_odds():
    """"Should a character be unable to move ... the attack is an extreme critical"."""
    enc, _ = run(_started(), ScriptedDice([]), c.SetCondition("ghoul", "prone"))
    attack = _options(enc)["Attack with the Longsword"]
    assert attack.chances == {} and attack.summary == "Ghoul cannot move: an extreme critical: no hit roll"


def test_attack_options_are_unanswered_for_oneself_and_for_a_token_without_stats():
    enc = encounter(fighter("bram", (5, 6), "party"), replace(fighter("crate", (5, 5), "neutral"), stats={}))
    assert AVORKARTH.attack_options(enc, "bram", "bram") == Unanswered("a token cannot attack itself")
    refused = AVORKARTH.attack_options(enc, "bram", "crate")
    assert isinstance(refused, Unanswered) and "Crate has no usable Avorkarth stat block" in refused.reason


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=40, deadline=None)
@given(x=st.integers(0, 11), y=st.integers(0, 9), facing=st.sampled_from([f.name for f in Facing]))
def test_queries_never_roll_nor_change_the_encounter_and_agree_with_legality(x, y, facing):
    """Legality "is decided by running the real command up to its first die roll": each option's
    legality is the engine's, wherever the wight stands and faces."""
    assume((x, y) not in ((5, 5), (5, 6)))
    enc = _started()
    enc, _ = run(enc, ScriptedDice([]), Place(token="wight", tile=(x, y)), c.Face("wight", facing))
    combat_before = repr(enc.combat)
    for attacker, target in (("bram", "ghoul"), ("wight", "bram"), ("bram", "wight")):
        answer = AVORKARTH.attack_options(enc, attacker, target)
        assert not isinstance(answer, Unanswered)
        for option in answer:
            legal, reason = AVORKARTH.legality(enc, option.command)
            assert (option.legal, option.reason) == (legal, reason)
    AVORKARTH.movement(enc, "wight")
    AVORKARTH.health(enc, "wight")
    assert repr(enc.combat) == combat_before


# -- health -------------------------------------------------------------------------------------


def test_health_is_the_share_of_wounds_left_before_death():
    """Wounds: "1 to 1 ratio with the character's wound statistic. Should the character receive this
    many wounds, they perish." """
    enc = _started()
    fresh = AVORKARTH.health(enc, "ghoul")
    assert isinstance(fresh, Health) and fresh.fraction == 1.0
    assert fresh.text == ("0 of 4 wounds, 0 of 5 lesser, 0 of 10 minor — 4 wounds from death; "
                          "3 wounds from unconsciousness")
    enc, _ = run(enc, ScriptedDice([]), c.ApplyDamage(token="ghoul", amount=60))
    hurt = AVORKARTH.health(enc, "ghoul")
    assert isinstance(hurt, Health)
    assert hurt.fraction == pytest.approx(1 - 60 / 200)
    assert hurt.text.startswith("1 of 4 wounds, 1 of 5 lesser, 0 of 10 minor — 2 wounds, 4 lesser from death")
    assert [(layer.left, layer.maximum) for layer in hurt.layers] == [(10, 10), (4, 5), (2, 3), (3, 4)]
    enc, _ = run(enc, ScriptedDice([]), c.ApplyDamage(token="ghoul", amount=150))
    dead = AVORKARTH.health(enc, "ghoul")
    assert isinstance(dead, Health) and dead.fraction == 0
    assert dead.text.endswith("— dead") and all(layer.left == 0 for layer in dead.layers)


def test_health_is_unanswered_outside_combat():
    enc = encounter(fighter("bram", (2, 2), "party"))
    answer = AVORKARTH.health(enc, "bram")
    assert isinstance(answer, Unanswered) and "only for tokens in combat" in answer.reason


# -- unsupported rulesets -----------------------------------------------------------------------


def test_an_unknown_ruleset_gets_an_unsupported_answer_not_an_error():
    enc = replace(encounter(fighter("bram", (2, 2), "party"), fighter("ghoul", (2, 3), "enemy")),
                  ruleset="house")
    for answer in (ask_movement(enc, "bram"), ask_attack_options(enc, "bram", "ghoul"),
                   ask_health(enc, "bram")):
        assert isinstance(answer, Unanswered)
        assert answer.reason.startswith("unsupported ruleset 'house'")


def test_a_ruleset_without_the_queries_answers_unsupported(monkeypatch):
    from vantage.engine import rules

    class Bare(RulesetBase):
        id = "bare"
        name = "Bare"

    class Missing:
        id = "missing"
        name = "Missing"

    monkeypatch.setitem(rules.registry._LOADED, "bare", Bare())
    monkeypatch.setitem(rules.registry._LOADED, "missing", Missing())
    bare = replace(encounter(fighter("bram", (2, 2), "party")), ruleset="bare")
    assert ask_movement(bare, "bram") == Unanswered("unsupported ruleset: Bare does not answer movement yet")
    assert ask_health(bare, "bram") == Unanswered("unsupported ruleset: Bare does not answer health yet")
    missing = replace(bare, ruleset="missing")
    assert ask_attack_options(missing, "bram", "bram") == Unanswered(
        "unsupported ruleset: Missing does not answer attack options yet")


def test_the_ask_helpers_pass_the_avorkarth_answers_through():
    enc = _started()
    assert ask_movement(enc, "bram") == AVORKARTH.movement(enc, "bram")
    assert ask_health(enc, "ghoul") == AVORKARTH.health(enc, "ghoul")
    asked = ask_attack_options(enc, "bram", "ghoul")
    assert not isinstance(asked, Unanswered) and all(isinstance(o, ActionOption) for o in asked)
    assert [o.label for o in asked] == list(_options(enc))
