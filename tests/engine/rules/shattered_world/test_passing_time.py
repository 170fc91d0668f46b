"""Time after a fight counts its Rounds of 6 seconds: the dying go on rolling Endurance after the GM ends
the combat, and a rest does not heal one who dies (or has not come to) first (issue 29, the sibling of
Power Tiers' item 4)."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import ApplyDamage, EndCombat, Rest
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.registry import get_ruleset
from vantage.engine.rules.shattered_world.passing_time import pass_time
from vantage.engine.rules.time_span import TimeSpan


def _dying_after_combat(sw):
    """Ghoul (15 Hit Points, Endurance 11: 1 chance) drops to 0 and stays conscious; the GM ends the
    combat."""
    enc = sw.encounter(sw.fighter("bram", (0, 0)), sw.fighter("ghoul", (1, 0), "enemy"))
    table = sw.start(enc, [9, 2]).faces(2)  # Ghoul's Will roll: conscious
    table.do(ApplyDamage(token="ghoul", amount=15))
    table.do(EndCombat())
    return table


def test_ending_the_combat_does_not_stop_the_endurance_rolls(sw):
    """ "Each subsequent Round (conscious or not), the player must make an Endurance roll" """
    table = _dying_after_combat(sw)
    assert table.sentences()[-1] == (
        "Ghoul is still dying: it rolls Endurance each Round of the time that passes."
    )
    assert table.record("ghoul")["state"] == "dying"


def test_a_nights_rest_does_not_heal_one_who_dies_first(sw):
    """ "Each subsequent Round (conscious or not), the player must make an Endurance roll ... If all chances
    fail, the character is dead." — the Rounds of the night come first."""
    table = _dying_after_combat(sw).faces(20)
    events = table.do(Rest(rest="night", duration=1, tokens=("ghoul",)))
    assert table.sentences(events) == [
        "Ghoul is dying: the 8 hours of rest pass Round by Round first.",
        "Ghoul Endurance roll to stabilise: 1d20 [20] = 20 → failure: no chance left.",
        "Ghoul dies.",
    ]
    assert table.record("ghoul")["state"] == "dead"


def test_a_rest_heals_one_who_stabilises_and_comes_to_first(sw):
    """ "Stable characters do not become conscious immediately; each Round after the character stabilizes,
    the player must make an Endurance check again, with success resulting in the character becoming
    conscious with 1 Hit Point" — then the night's rest heals it ("heal one point for each night's rest")."""
    table = _dying_after_combat(sw).faces(3, 15, 4)
    events = table.do(Rest(rest="night", duration=1, tokens=("ghoul",)))
    assert table.sentences(events) == [
        "Ghoul is dying: the 8 hours of rest pass Round by Round first.",
        "Ghoul Endurance roll to stabilise: 1d20 [3] = 3 → success: stable.",
        "Ghoul is no longer dying (stable, no longer in danger of death).",
        "Ghoul Endurance check to come to: 1d20 [15] = 15 → failure: still unconscious.",
        "Ghoul Endurance check to come to: 1d20 [4] = 4 → success: conscious with 1 Hit Point.",
        "Ghoul is no longer stable (conscious again).",
        "Ghoul comes to with 1 Hit Point (Hit Points 1/15, disabled).",
        "Ghoul is now disabled (1/5th or less of the Hit Points left).",
        "Ghoul heals 1 after 1 night's rest of 8 h − Endurance bonus 0 = 8 h (Hit Points 2/15, disabled).",
    ]
    assert table.record("ghoul")["state"] == "up" and table.record("ghoul")["wounds"] == 13


@pytest.mark.parametrize(("minutes", "rolls"), [(0.1, 1), (0.05, 0)])
def test_the_hook_rolls_once_a_round_of_the_minutes_that_pass(sw, minutes, rolls):
    """ "Combat is fought in Rounds of 6 seconds each." — ``pass_time`` (a campaign clock's hook): 6 seconds
    are one Round and one Endurance roll; 3 seconds are none."""
    table = _dying_after_combat(sw)
    ruleset = get_ruleset("shattered-world")
    work = ruleset.work(table.enc)
    table.faces(15)
    work.dice = table.dice
    ruleset.pass_time(work, TimeSpan(0, minutes))
    _, events = work.finish()
    said = [e.sentence for e in events if "Endurance roll" in e.sentence]
    assert len(said) == rolls


def test_time_passing_is_refused_in_combat(sw):
    enc = sw.encounter(sw.fighter("bram", (0, 0)), sw.fighter("ghoul", (1, 0), "enemy"))
    table = sw.start(enc, [9, 2])
    with pytest.raises(CommandRejected, match="combat is on"):
        pass_time(get_ruleset("shattered-world").work(table.enc), 1)
