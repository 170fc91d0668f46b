"""Attack previews: odds and legality without rolling (engine/rules/avorkarth/preview.py)."""

from dataclasses import replace

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART
from vantage.engine.rules.avorkarth.preview import chances, preview
from vantage.engine.rules.avorkarth.queries import PreviewOption, attack_options, written_text
from vantage.engine.rules.base import ActionOption


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


def test_an_attack_option_writes_its_text_when_first_read_as_it_would_at_once():
    """"Back : Back attacks increase the attack's rolling category by 3." — the menu says so in
    each option's text, written only when read (the simulator never reads it), the same text."""
    enc = _started()
    options = attack_options(enc, "bram", "ghoul")
    assert options and all(isinstance(o, PreviewOption) for o in options)
    for found in options:
        assert "summary" not in vars(found) and "explanation" not in vars(found)
        seen = preview(enc, found.command)
        summary, explanation = written_text(seen)
        eager = ActionOption(found.label, found.command, seen.legal, seen.reason,
                             {} if seen.automatic else dict(seen.chances),
                             (seen.attack, seen.dodge, seen.category), summary, explanation)
        assert found == eager and eager == found and found != replace(eager, summary="other")
        assert (found.summary, found.explanation) == (summary, explanation)
        assert replace(found, label="Renamed").explanation == explanation
    assert "back attack +3" in options[0].summary and options[0].explanation.startswith(options[0].summary)
