"""Each ruleset owns its movement rules (issue 26): its preset lives in its own package
(``movement_rules.py``), and shared code reaches the rules a ruleset moves by through the ruleset —
``get_ruleset(id).movement_rules`` — never through a table of ruleset names."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from skirmish_ruleset import registered, sample_encounter

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.fileformat import load_encounter
from vantage.engine.movement import DiagonalPolicy, MovementRules
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT
from vantage.engine.rules.base import MovementAnswer
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT
from vantage.engine.rules.measuring import ruler_rule
from vantage.engine.rules.power_tiers.movement_rules import POWER_TIERS_MOVEMENT
from vantage.engine.rules.ruleset_base import RulesetBase
from vantage.engine.rules.shattered_world.movement_rules import SHATTERED_WORLD_MOVEMENT

SAMPLES = Path(__file__).resolve().parents[3] / "maps"

#: ruleset id → the preset its package keeps (the rule text's parameters, before the ruleset's reach).
PRESETS = {
    "avorkarth": AVORKARTH_MOVEMENT,
    "baton": BATON_MOVEMENT,
    "power-tiers": POWER_TIERS_MOVEMENT,
    "shattered-world": SHATTERED_WORLD_MOVEMENT,
}


@pytest.mark.parametrize("ruleset_id", sorted(PRESETS))
def test_a_rulesets_movement_rules_are_reached_through_the_ruleset(ruleset_id):
    """The rules the ruleset's moves are checked by are its package's preset with its own reach."""
    rules = get_ruleset(ruleset_id).movement_rules
    assert isinstance(rules, MovementRules)
    assert rules.name == ruleset_id
    preset = PRESETS[ruleset_id]
    assert replace(rules, reach_of=preset.reach_of) == preset


@pytest.mark.parametrize("sample", sorted(SAMPLES.glob("*.json")), ids=lambda path: path.stem)
def test_the_movement_query_answers_with_the_rulesets_own_rules(sample):
    """``movement(enc, token)`` hands the GUI the rules the ruleset declares, on every sample map."""
    enc = load_encounter(sample)
    ruleset = get_ruleset(enc.ruleset)
    answers = [ruleset.movement(enc, t.id) for t in enc.tokens]
    assert answers and all(isinstance(a, MovementAnswer) for a in answers)
    assert all(a.rules is ruleset.movement_rules for a in answers if isinstance(a, MovementAnswer))


def test_what_the_presets_say_is_each_rulesets_own():
    """Charges are Avorkarth's alone, leaving cover and terrain checks Baton's, the 5-ft round-up
    Power Tiers' — asked of the rulesets."""
    rules = {rid: get_ruleset(rid).movement_rules for rid in PRESETS}
    assert [rid for rid, r in rules.items() if r is not None and r.charges] == ["avorkarth"]
    assert [rid for rid, r in rules.items() if r is not None and r.leaves_cover] == ["baton"]
    assert [rid for rid, r in rules.items() if r is not None and r.terrain_check_base] == ["baton"]
    assert [rid for rid, r in rules.items() if r is not None and r.speed_round_up_feet] == ["power-tiers"]


@pytest.mark.parametrize("ruleset_id", sorted(PRESETS))
def test_the_ruler_measures_as_the_ruleset_moves(ruleset_id):
    enc = replace(demo_encounter(), ruleset=ruleset_id)
    rule = ruler_rule(enc)
    assert rule.diagonal is DiagonalPolicy.ONE
    assert rule.source == f"as {get_ruleset(ruleset_id).name} moves"


def test_a_ruleset_declares_no_movement_rules_unless_it_has_them():
    """The base declares none; Skirmish (a test plug-in) declares none and answers per token."""
    assert RulesetBase.movement_rules is None
    with registered() as skirmish:
        assert skirmish.movement_rules is None
        assert ruler_rule(sample_encounter()).source == "as Skirmish moves"
