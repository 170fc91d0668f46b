"""The ruler's distance by each diagonal rule, in tiles and feet, with its arithmetic."""

import pytest

from vantage.engine.movement.measure import diagonal_steps_cost, measure
from vantage.engine.movement.policy import DiagonalPolicy

ONE, HALF, ALT = DiagonalPolicy.ONE, DiagonalPolicy.ONE_AND_HALF, DiagonalPolicy.ALTERNATING


@pytest.mark.parametrize(("end", "rule", "tiles"), [
    ((6, 2), ONE, 4), ((6, 2), HALF, 4), ((6, 2), ALT, 4),  # straight: the rule does not matter
    ((2, 0), ONE, 2),  # straight up
    ((5, 5), ONE, 3), ((5, 5), HALF, 4.5), ((5, 5), ALT, 4),  # three diagonals: 3; 1.5 × 3; 1 + 2 + 1
    ((6, 5), ONE, 4), ((6, 5), ALT, 5),  # one straight and three diagonals
    ((2, 2), ONE, 0),  # the start tile itself
])
def test_distance_by_rule(end, rule, tiles):
    """Diagonal policy: "always 1, always 1.5, or 1 and 2 alternately (1, 2, 1, 2 …)"."""
    m = measure((2, 2), end, rule)
    assert m.tiles == tiles
    assert m.feet == tiles * 5


def test_feet_follow_the_map_scale():
    m = measure((0, 0), (0, 4), ONE, feet_per_tile=10)
    assert (m.tiles, m.feet, m.label) == (4, 40, "4 tiles · 40 ft")


def test_the_explanation_reads_as_arithmetic():
    m = measure((0, 0), (4, 3), ONE)
    assert m.explanation == "1 straight + 3 diagonal × 1 = 4 tiles; 4 tiles × 5 ft = 20 ft"
    alt = measure((0, 0), (4, 3), ALT)
    assert alt.explanation == "1 straight + 3 diagonal (1 + 2 + 1) = 5 tiles; 5 tiles × 5 ft = 25 ft"


def test_alternating_first_diagonal_costs_one():
    """The alternating rule: the first diagonal costs 1, the second 2 (1, 2, 1, 2 …)."""
    assert [diagonal_steps_cost(n, ALT) for n in range(5)] == [0, 1, 3, 4, 6]
