"""Flanking: allies of the attacker within melee reach of the target."""

from vantage.engine.geometry import flanking_allies
from vantage.engine.model import Encounter, GameMap, Side, Token


def tok(tid, pos, side=Side.PARTY):
    return Token(tid, tid.title(), pos, side=side)


def test_flanking_counts_allies_in_reach_wherever_they_stand():
    """Avorkarth: "For each additional ally within melee range of a creature, reduce its dodge by 1.
    Positioning does not matter for flanking." """
    e = Encounter(
        GameMap(20, 20),
        (
            tok("bram", (5, 4)),  # the attacker: north of the ghoul
            tok("ghoul", (5, 5), Side.ENEMY),
            tok("ada", (4, 4)),  # also north-west: same side as Bram, positioning does not matter
            tok("cid", (6, 6)),  # diagonal south-east
            tok("dora", (8, 5)),  # two tiles away: not in reach
            tok("imp", (4, 5), Side.ENEMY),  # the ghoul's friend: not an ally of Bram
            tok("cat", (5, 6), Side.NEUTRAL),  # neutral: nobody's ally
        ), ruleset="avorkarth",
    )
    flanking = flanking_allies(e, "bram", "ghoul")
    assert flanking.target == "ghoul"
    assert flanking.allies == ("ada", "cid")
    assert flanking.count == 2
    assert "Ghoul is flanked by 2 allies of Bram" in flanking.explanation
    # with a reach of 3 for everyone, Dora threatens the ghoul too
    assert flanking_allies(e, "bram", "ghoul", lambda t: 3).count == 3


def test_no_flanking():
    e = Encounter(GameMap(10, 10), (tok("bram", (1, 1)), tok("ghoul", (2, 2), Side.ENEMY)),
                  ruleset="avorkarth")
    flanking = flanking_allies(e, "bram", "ghoul")
    assert flanking.count == 0 and flanking.allies == ()
    assert "not flanked" in flanking.explanation


def test_enemies_flank_party_members_too():
    e = Encounter(
        GameMap(10, 10),
        (tok("ghoul", (1, 1), Side.ENEMY), tok("imp", (3, 2), Side.ENEMY), tok("bram", (2, 2))),
        ruleset="avorkarth",
    )
    assert flanking_allies(e, "ghoul", "bram").allies == ("imp",)
