"""``locked_pairs`` compares only nearby tokens (issue 15, "Big maps": selecting a token on a map
with 400 tokens must not compare every pair); the answer is still every pair of enemies "each
within the other's melee reach" — checked against comparing every pair."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry.reach import are_enemies, locked_pairs, reach_distance
from vantage.engine.model import Encounter, GameMap, Side, Size, Token

SIZES = [Size.SMALL, Size.MEDIUM, Size.LARGE, Size.HUGE, Size.GARGANTUAN]


@st.composite
def crowds(draw):
    tokens = []
    for k in range(draw(st.integers(0, 30))):
        size = draw(st.sampled_from(SIZES))
        n = size.footprint
        pos = (draw(st.integers(0, 40 - n)), draw(st.integers(0, 40 - n)))
        side = draw(st.sampled_from([Side.PARTY, Side.ENEMY, Side.NEUTRAL]))
        tokens.append(Token(f"t{k}", f"T{k}", pos, side, size))
    return Encounter(GameMap(40, 40), tuple(tokens), ruleset="avorkarth")


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
@settings(max_examples=200, deadline=None)
@given(crowds(), st.dictionaries(st.integers(0, 29), st.integers(0, 12)))
def test_the_pairs_are_those_of_comparing_every_pair(encounter, reach_by_index):
    def reach_of(token: Token) -> int:
        return reach_by_index.get(int(token.id[1:]), 1)

    tokens = [t for t in encounter.tokens if t.side is not Side.NEUTRAL]
    every_pair = {
        frozenset((a.id, b.id))
        for i, a in enumerate(tokens) for b in tokens[i + 1:]
        if are_enemies(a, b) and reach_distance(a, b) <= min(reach_of(a), reach_of(b))
    }
    assert locked_pairs(encounter, reach_of) == every_pair
