"""Facing arcs: front, flank and back wedges from the footprint centre."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.geometry import Arc, ArcWidths, arc_of, arc_polygons
from vantage.engine.model import Facing, Size, Token

# Issue text: "a medium token facing north has NW/N/NE in front, W/E on the flanks, SW/S/SE
# behind, and diagonal facings are the same turned 45°."
NORTH_TABLE = {
    (-1, -1): Arc.FRONT, (0, -1): Arc.FRONT, (1, -1): Arc.FRONT,
    (-1, 0): Arc.FLANK, (1, 0): Arc.FLANK,
    (-1, 1): Arc.BACK, (0, 1): Arc.BACK, (1, 1): Arc.BACK,
}


#: the widths the issue's table describes (Avorkarth's, given explicitly: the geometry has none)
WIDTHS = ArcWidths(front=135, flank=45)


def tok(tid, pos, size=Size.MEDIUM, facing=Facing.N):
    return Token(tid, tid, pos, size=size, facing=facing)


def _turn(offset, steps):
    """The neighbour offset turned ``steps`` eighths clockwise (y down)."""
    ring = [(0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1)]
    return ring[(ring.index(offset) + steps) % 8]


@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize("offset", list(NORTH_TABLE))
def test_medium_neighbours_by_facing(facing, offset):
    """Directional dodge — "Front", "Flank", "Back": each neighbour of a medium token."""
    defender = tok("d", (10, 10), facing=facing)
    dx, dy = _turn(offset, int(facing))
    reading = arc_of(defender, tok("a", (10 + dx, 10 + dy)), WIDTHS)
    assert reading.arc is NORTH_TABLE[offset]
    assert reading.shares[reading.arc] > 0.5


def test_at_range_and_large_attacker():
    defender = tok("d", (10, 10), facing=Facing.E)
    assert arc_of(defender, tok("a", (20, 9)), WIDTHS).arc is Arc.FRONT
    assert arc_of(defender, tok("a", (10, 2)), WIDTHS).arc is Arc.FLANK
    assert arc_of(defender, tok("a", (1, 13)), WIDTHS).arc is Arc.BACK
    # a huge attacker east-north-east of a north-facing large defender: mostly front
    big_defender = tok("d", (10, 10), size=Size.LARGE)
    reading = arc_of(big_defender, tok("a", (12, 7), size=Size.HUGE), WIDTHS)
    assert reading.arc is Arc.FRONT
    assert reading.shares[Arc.FLANK] > 0  # it straddles into the flank


def test_large_defender_sides():
    """A large (2×2) defender facing south: the tiles along its west side are flank."""
    defender = tok("d", (10, 10), size=Size.LARGE, facing=Facing.S)
    assert arc_of(defender, tok("a", (9, 10)), WIDTHS).arc is Arc.FLANK
    assert arc_of(defender, tok("a", (9, 11)), WIDTHS).arc is Arc.FLANK
    assert arc_of(defender, tok("a", (10, 12)), WIDTHS).arc is Arc.FRONT
    assert arc_of(defender, tok("a", (11, 9)), WIDTHS).arc is Arc.BACK


def test_tie_goes_to_the_arc_nearer_the_front():
    """With front 90° the NE neighbour sits exactly on the front/flank boundary: front wins."""
    widths = ArcWidths(front=90, flank=90)
    reading = arc_of(tok("d", (5, 5)), tok("a", (6, 4)), widths)
    assert reading.shares[Arc.FRONT] == pytest.approx(reading.shares[Arc.FLANK])
    assert reading.arc is Arc.FRONT


def test_widths_are_parameters():
    narrow = ArcWidths(front=90, flank=90)  # back is 90°: only the S neighbour is behind
    d = tok("d", (5, 5))
    assert arc_of(d, tok("a", (6, 6)), narrow).arc is Arc.FLANK
    assert arc_of(d, tok("a", (5, 6)), narrow).arc is Arc.BACK
    no_flank = ArcWidths(front=180, flank=0)
    assert arc_of(d, tok("a", (4, 5)), no_flank).arc in (Arc.FRONT, Arc.BACK)
    with pytest.raises(ValueError, match="arc widths"):
        ArcWidths(front=200, flank=90)


def test_the_widths_have_no_default():
    """Review §4 #9: "``ArcWidths`` defaults are 135°/45°, Avorkarth's assumed widths" — the
    widths are the ruleset's to give (a ruleset without facing gives none)."""
    d, a = tok("d", (5, 5)), tok("a", (5, 4))
    with pytest.raises(TypeError):
        ArcWidths()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        arc_of(d, a)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        arc_polygons(d)  # type: ignore[call-arg]


def test_explanation_names_arc_and_facing():
    reading = arc_of(tok("Bram", (5, 5), facing=Facing.W), tok("Ghoul", (5, 4)), WIDTHS)
    assert reading.arc is Arc.FLANK
    assert "Ghoul is in the flank arc of Bram" in reading.explanation
    assert "facing W" in reading.explanation


def test_arc_polygons_partition_the_disc():
    polys = arc_polygons(tok("d", (5, 5), facing=Facing.NE), WIDTHS, radius=4.0)
    assert set(polys) == {Arc.FRONT, Arc.FLANK, Arc.BACK}
    total = sum(p.area for p in polys.values())
    assert total == pytest.approx(3.14159 * 16, rel=0.01)
    assert polys[Arc.FRONT].intersection(polys[Arc.BACK]).area == pytest.approx(0, abs=1e-9)
    assert polys[Arc.FRONT].area / total == pytest.approx(135 / 360, rel=0.01)
    # the front wedge points north-east of the centre (5.5, 5.5)
    c = polys[Arc.FRONT].centroid
    assert c.x > 5.5 and c.y < 5.5


sizes = st.sampled_from(list(Size))
facings = st.sampled_from(list(Facing))
positions = st.tuples(st.integers(0, 20), st.integers(0, 20))


@settings(max_examples=150, deadline=None)
@given(positions, sizes, facings, positions, sizes)
def test_arcs_partition_the_surroundings(dpos, dsize, facing, apos, asize):
    """Every other token is in exactly one arc: shares sum to 1 and the arc holds the most."""
    defender = tok("d", dpos, dsize, facing)
    reading = arc_of(defender, tok("a", apos, asize), WIDTHS)
    assert sum(reading.shares.values()) == pytest.approx(1.0)
    assert all(s >= 0 for s in reading.shares.values())
    assert reading.shares[reading.arc] == pytest.approx(max(reading.shares.values()))
    assert reading.arc in Arc


def test_a_share_on_a_rounding_edge_is_not_settled_and_a_plain_neighbour_is():
    """An attacker "in the arc that holds the largest share of its footprint area": a reading is
    settled (the same arc and sentence wherever the pair stands) only clear of its rounding edges;
    a large attacker cut at 62.5/25/12.5 % by a small defender's wedges sits on two of them."""
    from vantage.engine.geometry.arcs import settled

    plain = arc_of(tok("d", (10, 10)), tok("a", (10, 9)), WIDTHS)
    assert settled(plain.shares)
    cut = arc_of(tok("d", (0, 0), size=Size.SMALL), tok("a", (-1, -1), size=Size.LARGE), WIDTHS)
    assert cut.shares[Arc.BACK] == pytest.approx(0.125) and not settled(cut.shares)
    # "equal shares go to the arc nearer the front": a tie is settled, a share on the tie's edge not
    assert settled({Arc.FRONT: 0.5, Arc.FLANK: 0.5, Arc.BACK: 0.0})
    assert not settled({Arc.FRONT: 0.5 - 1e-9, Arc.FLANK: 0.5, Arc.BACK: 1e-9})
