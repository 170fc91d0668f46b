"""The ruleset, not the geometry's defaults, says how wide the arcs are and how long a charge is."""

from __future__ import annotations

from vantage.engine.geometry import Arc, arc_of
from vantage.engine.model import Encounter, Facing, GameMap, Side, Token
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.asking import ask_tactics
from vantage.engine.rules.base import Tactics, Unanswered


def test_avorkarth_charges_from_3_tiles() -> None:
    # "This can only be done if the creature has a clear line ... and is at least 3 tiles away."
    # The target's distance is at least 3; the lane only has to move.
    tactics = get_ruleset("avorkarth").tactics()
    assert isinstance(tactics, Tactics) and tactics.charge_min_distance == 3
    assert tactics.charge_min_tiles == 1


def test_avorkarth_arcs_put_the_diagonals_behind_in_the_back() -> None:
    # Directional dodge: "Front ... Flank ... Back": facing north, NW/N/NE front, W/E flank, SW/S/SE back
    widths = get_ruleset("avorkarth").tactics().arc_widths
    me = Token("d", "D", (5, 5), facing=Facing.N)
    seen = {f: arc_of(me, Token("a", "A", (5 + f.vector[0], 5 + f.vector[1])), widths).arc for f in Facing}
    assert seen == {
        Facing.NW: Arc.FRONT, Facing.N: Arc.FRONT, Facing.NE: Arc.FRONT,
        Facing.W: Arc.FLANK, Facing.E: Arc.FLANK,
        Facing.SW: Arc.BACK, Facing.S: Arc.BACK, Facing.SE: Arc.BACK,
    }


def test_a_ruleset_vantage_does_not_know_gets_no_tactics_but_a_reason() -> None:
    # (baton was the example of a ruleset without tactics until it was written; an unknown id stays one)
    enc = Encounter(GameMap(4, 4), (Token("a", "A", (0, 0), Side.PARTY),), ruleset="no-such-game")
    answer = ask_tactics(enc)
    assert isinstance(answer, Unanswered) and "no-such-game" in answer.reason
