"""Shared code acts on traits that say what they mean, never on one ruleset's enum value (issue 26;
architecture review 3, §2.3: "``side_in_the_open: bool`` rather than ``is TurnStructure.BATON``").

``RulesetTraits.initiative_passed_between_sides`` lets the shared ``join_combat`` take a newcomer as
one more participant and makes the shared reorder refusal say there is no order to rearrange;
``RulesetTraits.side_in_the_open`` lets the player view name the side holding the initiative.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from skirmish_ruleset import registered

from vantage.engine.model import Encounter, GameMap
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.base import ActionEconomy, HealthModel, RulesetTraits, TurnStructure
from vantage.engine.rules.ruleset_base import RulesetBase

ROOT = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize(("ruleset_id", "between_sides"), [
    ("avorkarth", False), ("baton", True), ("power-tiers", False), ("shattered-world", False),
])
def test_each_ruleset_says_how_its_initiative_goes_round(ruleset_id: str, between_sides: bool):
    traits = get_ruleset(ruleset_id).traits
    assert traits.initiative_passed_between_sides is between_sides
    assert traits.side_in_the_open is between_sides


def test_skirmish_with_baton_initiative_says_so_too():
    with registered() as skirmish:
        assert skirmish.traits.initiative_passed_between_sides and skirmish.traits.side_in_the_open


class Relay(RulesetBase):
    """A test ruleset with an ordered turn structure whose traits say the initiative is passed on."""

    id = "relay"
    name = "Relay"
    traits = RulesetTraits(TurnStructure.INITIATIVE_LIST, ActionEconomy.ACTIONS_PER_ROUND, 1,
                           HealthModel.HIT_POINTS, initiative_passed_between_sides=True)


class Ladder(RulesetBase):
    """The same without the trait."""

    id = "ladder"
    name = "Ladder"
    traits = RulesetTraits(TurnStructure.BATON, ActionEconomy.ACTIONS_PER_ROUND, 1, HealthModel.HIT_POINTS)


def test_the_reorder_refusal_follows_the_trait_not_the_turn_structure():
    running = Encounter(GameMap(2, 2), ruleset="relay", combat={"started": True})
    assert Relay().reorder_refusal(running) == ("Relay passes the initiative from side to side like a baton: "
                                                "there is no per-token order to rearrange")
    assert Ladder().reorder_refusal(running) == "Ladder has no rule for rearranging its turn order"


def test_no_shared_engine_module_compares_with_the_baton_turn_structure():
    pattern = re.compile(r"TurnStructure\.BATON")
    baton = ROOT / "engine" / "rules" / "baton"
    offenders = [
        f"{path.relative_to(ROOT)}:{number}"
        for path in sorted((ROOT / "engine").rglob("*.py")) if baton not in path.parents
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert offenders == []
