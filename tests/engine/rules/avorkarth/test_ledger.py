"""The Avorkarth wound ledger (engine/rules/avorkarth/ledger.py)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.rules.avorkarth.ledger import WoundedState, WoundLedger, describe, in_minor, split


def test_conversion_minor_to_lesser_to_wound():
    """"When a character takes 5 lesser wounds, they convert them into a full wound." /
    "When a character takes 10 minor wounds, they convert them into a lesser wound." """
    assert split(in_minor(minor=10)) == (0, 1, 0)
    assert split(in_minor(lesser=5)) == (1, 0, 0)
    assert split(in_minor(lesser=4, minor=13)) == (1, 0, 3)
    assert describe(in_minor(1, 2, 3)) == "1 wound, 2 lesser wounds, 3 minor wounds"
    assert describe(in_minor(lesser=1)) == "1 lesser wound"


def test_lethal_wounds_also_count_as_non_lethal():
    """"Whenever a creature takes a wound (in any category), they also take an equivalent
    non-lethal wound." """
    ledger = WoundLedger(6).take(in_minor(lesser=1))
    assert ledger.lethal == 10 and ledger.nonlethal == 10
    knocked = ledger.take(5, lethal=False)
    assert knocked.lethal == 10 and knocked.nonlethal == 15


def test_death_at_the_wound_statistic():
    """"Should the character receive this many wounds, they perish." """
    ledger = WoundLedger(3).take(in_minor(wounds=2, lesser=4, minor=9))
    assert not ledger.dead
    assert ledger.take(1).dead


def test_unconscious_at_non_lethal_limit():
    """"NON-LETHAL WOUNDS: Wounds - 1" / "If a character receives non-lethal damage equal to their
    total non-lethal wounds, they fall unconscious." """
    ledger = WoundLedger(4)
    assert ledger.nonlethal_limit == 3
    ledger = ledger.take(in_minor(wounds=3) - 1, lethal=False)
    assert not ledger.unconscious
    assert ledger.take(1, lethal=False).unconscious and not ledger.take(1, lethal=False).dead


def test_wounded_states():
    """"Well Full / Hurt 3/4 / Wounded 1/2 / Crippled 1/10" (of the wounds left)."""
    states = [WoundLedger(20).take(in_minor(wounds=w)).wounded_state() for w in (0, 4, 5, 10, 17, 18)]
    assert states == [WoundedState.WELL, WoundedState.WELL, WoundedState.HURT, WoundedState.WOUNDED,
                      WoundedState.WOUNDED, WoundedState.CRIPPLED]


def test_regaining_wounds_over_weeks():
    """"Minor wounds are removed at a pace of 1 per week … This next lesser wound is then converted
    into nine minor wounds" and "Wounds are not removed during a campaign"."""
    ledger = WoundLedger(6).take(in_minor(wounds=1, lesser=1, minor=1))
    week1 = ledger.regain_weeks(1)
    assert split(week1.lethal) == (1, 1, 0)
    week2 = week1.regain_weeks(1)
    assert split(week2.lethal) == (1, 0, 9)
    assert split(ledger.regain_weeks(500).lethal) == (1, 0, 0)


@settings(max_examples=100)
@given(st.lists(st.tuples(st.integers(0, 60), st.booleans()), max_size=20))
def test_non_lethal_track_never_below_lethal(hits):
    ledger = WoundLedger(5)
    for minor, lethal in hits:
        ledger = ledger.take(minor, lethal=lethal)
        assert ledger.nonlethal >= ledger.lethal
    assert ledger.heal(7).nonlethal >= ledger.heal(7).lethal
