"""Attack previews: odds and legality without rolling (engine/rules/avorkarth/preview.py)."""

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART
from vantage.engine.rules.avorkarth.preview import chances


def _started():
    enc = encounter(fighter("bram", (5, 6), "party", "N", player=True),
                    fighter("ghoul", (5, 5), "enemy", "N"),
                    fighter("wight", (1, 1), "enemy", "S"))
    return run(enc, ScriptedDice([12]), c.StartCombat())[0]


def test_chances_sum_to_one_and_match_the_chart():
    odds = chances(DEFAULT_CHART, 0)
    assert sum(odds.values()) == pytest.approx(1)
    assert odds["critical fail"] == pytest.approx(0.10) and odds["critical success"] == pytest.approx(0.05)


def test_preview_of_a_back_attack_explains_the_odds():
    """"Back : Back attacks increase the attack's rolling category by 3." """
    p = get_ruleset("avorkarth").preview(_started(), c.Attack("bram", "ghoul"))
    assert p.legal and p.category.value == 3
    assert p.hit_chance == pytest.approx(0.9)  # faces 3..20 with +6 are 9 or more
    assert "back attack +3" in p.explanation


def test_preview_says_why_an_attack_is_not_legal_now():
    p = get_ruleset("avorkarth").preview(_started(), c.Attack("bram", "wight"))
    assert not p.legal and p.reason == "Bram is locked by Ghoul: they may only attack back or retreat"
    assert p.explanation.startswith("Not now: Bram is locked")


def test_legality_does_not_change_the_encounter_or_roll():
    enc = _started()
    ok, reason = get_ruleset("avorkarth").legality(enc, c.Maneuver("bram", "ghoul", "trip"))
    assert ok and reason == ""
    assert enc.combat["creatures"]["bram"]["actions"] == 0


def test_preview_of_a_maneuver_and_of_a_prone_target():
    enc = _started()
    trip = get_ruleset("avorkarth").preview(enc, c.Maneuver("bram", "ghoul", "trip"))
    assert trip.category.value == 3 - 1
    enc, _ = run(enc, ScriptedDice([]), c.SetCondition("ghoul", "prone"))
    p = get_ruleset("avorkarth").preview(enc, c.Attack("bram", "ghoul"))
    assert p.automatic == "Ghoul cannot move: an extreme critical"
