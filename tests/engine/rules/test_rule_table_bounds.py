"""The assumed rule tables an encounter may override (Baton's core check, ``combat["rules"]["check"]``;
Avorkarth's Dice Rolls chart, ``combat["rules"]["chart"]``) hold whole numbers within bounds,
checked before any arithmetic (issue 33, item 5: "check every integer field for size before
arithmetic"). Odds are counted over every combination of faces, so Baton's ``{"dice": 30}`` in a
file made the first odds query count 6^33 of them: the window froze."""

from __future__ import annotations

import time

import pytest

from vantage.engine.dice import SeededDice
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.baton.check import CHECK, CheckTable
from vantage.engine.rules.baton.schema import TEMPLATES
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.session import apply


def _encounter(check: dict) -> Encounter:
    t = TEMPLATES[0]
    token = Token("bram", "Bram", (1, 1), Side.PARTY, Size(t.size), stats=dict(t.stats))
    return Encounter(GameMap(6, 6), tokens=(token,), ruleset="baton", name="test",
                     combat={"rules": {"check": check}})


@pytest.mark.parametrize(("check", "reason"), [
    ({"dice": 30}, "combat.rules.check.dice: 30 is not a whole number 1–10"),
    ({"dice": 8}, "combat.rules.check: counting the odds of 8d6 with up to 3 chances takes "
                  "6^11 combinations (at most 100,000); use fewer dice or sides"),
    ({"sides": 10**6}, "combat.rules.check.sides: 1000000 is not a whole number 2–100"),
    ({"dice": "9" * 5000}, "combat.rules.check.dice: a number of 5,000 digits is not a whole number 1–10"),
    ({"dice": 1.5}, "combat.rules.check.dice: 1.5 is not a whole number 1–10"),
    ({"max_chance": -1}, "combat.rules.check.max_chance: -1 is not a whole number 0–10"),
])
def test_a_check_table_out_of_bounds_is_refused_by_name_and_queries_keep_the_defaults(check, reason):
    with pytest.raises(CommandRejected) as refused:
        CheckTable.from_rules({"check": check})
    assert refused.value.reason == reason
    enc = _encounter(check)
    with pytest.raises(CommandRejected) as refused:
        apply(enc, StartCombat(), SeededDice(1))
    assert refused.value.reason == reason
    started = time.monotonic()
    assert BatonWork(enc, SeededDice(1), None).table == CHECK  # type: ignore[arg-type]
    assert time.monotonic() - started < 0.5


def test_a_table_within_bounds_is_taken():
    table = CheckTable.from_rules({"check": {"dice": 3, "sides": 10, "max_chance": 2}})
    assert table == CheckTable(3, 10, 7, 2, 2)


@pytest.mark.parametrize(("chart", "reason"), [
    ({"die": 10**12}, "combat.rules.chart: die: 1000000000000 is not a whole number 2–1,000"),
    ({"success_max": 10**400},
     "combat.rules.chart: success_max: a number of 401 digits is not a whole number -100,000–100,000"),
    ({"fail_max": float("nan")}, "combat.rules.chart: fail_max: nan is not a whole number -100,000–100,000"),
])
def test_avorkarths_dice_rolls_chart_out_of_bounds_is_refused_at_once(chart, reason):
    """Avorkarth's assumed Dice Rolls chart may be overridden the same way (``combat["rules"]["chart"]``);
    its odds are counted face by face of the die."""
    from vantage.engine.demo_encounter import demo_encounter

    enc = demo_encounter()
    enc = Encounter(enc.map, tokens=enc.tokens, ruleset="avorkarth", name="test",
                    combat={"rules": {"chart": chart}})
    started = time.monotonic()
    with pytest.raises(CommandRejected) as refused:
        apply(enc, StartCombat(), SeededDice(1))
    assert refused.value.reason == reason
    assert time.monotonic() - started < 1


def test_power_tiers_wounds_heal_in_at_least_one_day():
    """ "One wound point will take one week to heal": a file's ``wound_heal_days`` of 0 divided a
    wounded creature's days of rest by zero (ZeroDivisionError); it is refused by name."""
    from dataclasses import replace

    from vantage.engine.protocol.commands import ApplyDamage, Rest
    from vantage.engine.rules import get_ruleset

    template = get_ruleset("power-tiers").templates()[0]
    token = Token("bram", "Bram", (1, 1), Side.PARTY, Size(template.size), stats=dict(template.stats))
    enc = Encounter(GameMap(6, 6), tokens=(token,), ruleset="power-tiers", name="test")
    enc, _ = apply(enc, ApplyDamage("bram", 1, track="wounds"), SeededDice(1))
    enc = replace(enc, combat={**enc.combat, "rules": {"wound_heal_days": 0}})
    with pytest.raises(CommandRejected) as refused:
        apply(enc, Rest("day", 3, ("bram",)), SeededDice(1))
    assert refused.value.reason == "rules.wound_heal_days: 0 is below 1"
