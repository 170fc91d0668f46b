"""Which diagonal rule the ruler uses: the ruleset's own, the one its moves are counted by, or
the neutral 5/5/5 (assumed), named in the label."""

from dataclasses import replace

from skirmish_ruleset import registered, sample_encounter

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.movement.policy import (
    DiagonalPolicy,
)
from vantage.engine.rules.avorkarth.movement_rules import AVORKARTH_MOVEMENT
from vantage.engine.rules.measuring import ask_ruler, ruler_rule
from vantage.engine.rules.registry import register, unregister
from vantage.engine.rules.ruleset_base import RulesetBase


def test_avorkarth_measures_as_it_moves():
    """Avorkarth: "1 per step, diagonals included (assumed — not in the source text)" — the ruler
    counts a diagonal as its moves do."""
    enc = demo_encounter()
    rule = ruler_rule(enc)
    assert rule.diagonal is AVORKARTH_MOVEMENT.diagonal is DiagonalPolicy.ONE
    assert rule.words == "diagonals count 1 (5/5/5) · as Avorkarth moves"
    assert rule.short == "diagonals 5/5/5 · as Avorkarth moves"  # the label on the map
    straight = ask_ruler(enc, (2, 2), (2, 8))
    diagonal = ask_ruler(enc, (2, 2), (6, 6))
    assert (straight.tiles, straight.feet) == (6, 30)
    assert (diagonal.tiles, diagonal.feet) == (4, 20)


def test_skirmish_measures_as_its_move_rules_say():
    """Skirmish: "Moving costs the move: up to speed tiles (diagonals cost 1)" — from its movement
    answer, as Skirmish gives no preset and no ruler query."""
    with registered():
        enc = sample_encounter()
        rule = ruler_rule(enc)
        assert rule.diagonal is DiagonalPolicy.ONE
        assert rule.source == "as Skirmish moves"
        assert ask_ruler(enc, (0, 0), (3, 0)).feet == 15
        assert ask_ruler(enc, (0, 0), (3, 3)).feet == 15


class FiveTenFive(RulesetBase):
    """A test ruleset whose text counts diagonals 5/10/5."""

    id = "five-ten-five"
    name = "Five Ten Five"

    def measuring_diagonal(self) -> DiagonalPolicy:
        return DiagonalPolicy.ALTERNATING


FIVE_TEN_FIVE = FiveTenFive()


def test_a_ruleset_that_counts_diagonals_is_followed():
    register("five-ten-five", f"{__name__}:FIVE_TEN_FIVE")
    try:
        enc = replace(demo_encounter(), ruleset="five-ten-five")
        rule = ruler_rule(enc)
        assert rule.words == "diagonals count 1, 2, 1 … (5/10/5) · Five Ten Five"
        assert ask_ruler(enc, (0, 0), (3, 3)).feet == 20  # 5 + 10 + 5
        assert ask_ruler(enc, (0, 0), (4, 0)).feet == 20
    finally:
        unregister("five-ten-five")


def test_an_unknown_ruleset_measures_the_neutral_way():
    enc = replace(demo_encounter(), ruleset="no-such-rules")
    rule = ruler_rule(enc)
    assert rule.diagonal is DiagonalPolicy.ONE
    assert "assumed" in rule.words
    assert ask_ruler(enc, (0, 0), (2, 2)).feet == 10
