"""Time after a fight counts the rounds of game time: a dying character's countdown goes on after the
GM ends the combat, and a day's recovery does not heal one who would have died first (issue 29, item 4)."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import ApplyDamage, EndCombat, EndTurn, Heal, Rest, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_turn
from vantage.engine.rules.power_tiers.passing_time import pass_time
from vantage.engine.rules.power_tiers.vocabulary import RecoverDay
from vantage.engine.rules.registry import get_ruleset
from vantage.engine.rules.time_span import TimeSpan


def _dying_after_combat(pt, health=10):
    """Ghoul drops to 0 Health in combat (dying for ``health`` rounds) and the GM ends the combat."""
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy", fortitude=0, health=health))
    t.go(StartCombat(), 20, 1)
    t.go(ApplyDamage(token="ghoul", amount=health))
    t.go(EndCombat())
    return t


def test_ending_the_combat_does_not_stop_the_dying(pt):
    """ "They will have a number of rounds equal to their Maximum Health score before they are dead." """
    t = _dying_after_combat(pt)
    assert t.sentences[-1] == (
        "Ghoul is still dying: 10 rounds left (50 seconds); the time that passes counts them."
    )
    assert "dying" in t.conditions("ghoul") and t.record("ghoul")["dying_rounds"] == 10


def test_a_days_recovery_does_not_heal_a_character_who_dies_first(pt):
    """ "They will have a number of rounds equal to their Maximum Health score before they are dead." — a day
    is 17,280 rounds of 5 seconds: the dying character dies before it recovers, and the log says so."""
    t = _dying_after_combat(pt)
    t.go(RecoverDay(token="ghoul", rested=True, medicine=80))
    assert t.sentences == [
        "Ghoul is dead: its 10 rounds of dying ran out as time passed (10 left; a day is 17280 rounds)."
    ]
    assert t.record("ghoul")["dead"] and t.record("ghoul")["health"] == 0
    assert t.conditions("ghoul") == {"dead"}
    with pytest.raises(CommandRejected, match="Ghoul is dead: there is nothing to recover"):
        t.go(RecoverDay(token="ghoul"))


def test_a_rest_of_days_kills_the_dying_and_heals_the_others(pt):
    """ "They will have a number of rounds equal to their Maximum Health score before they are dead." —
    ``rest`` for everyone: the dying one dies, the living one recovers."""
    t = _dying_after_combat(pt)
    t.go(Rest(rest="day", duration=2))
    assert t.sentences[0].startswith("Ghoul is dead: its 10 rounds of dying ran out")
    assert not any(s.startswith("Ghoul recovers") for s in t.sentences)
    assert t.record("ghoul")["dead"] and not t.record("bram")["dead"]


def test_healed_before_the_rounds_run_out_the_character_lives_and_recovers(pt):
    """ "They will have a number of rounds equal to their Maximum Health score before they are dead." — healed
    above 0 Health in time, it stops dying, and the day's recovery heals it."""
    t = _dying_after_combat(pt)
    t.go(Heal(token="ghoul", amount=1))
    t.go(RecoverDay(token="ghoul"))
    assert t.record("ghoul")["health"] == 2 and not t.record("ghoul")["dead"]


@pytest.mark.parametrize(
    ("minutes", "said"),
    [
        (0.5, "Ghoul is still dying after 30 seconds (6 rounds): 10 − 6 = 4 rounds left."),
        (0.75, "Ghoul is still dying after 45 seconds (9 rounds): 10 − 9 = 1 round left."),
        (
            50 / 60,
            "Ghoul is dead: its 10 rounds of dying ran out as time passed (10 left; 50 seconds "
            "is 10 rounds).",
        ),
    ],
)
def test_the_hook_counts_the_rounds_of_the_minutes_that_pass(pt, minutes, said):
    """ "Each round lasts for 5 seconds in game time, so each 12 rounds is one full minute of in-game
    time." and "They will have a number of rounds equal to their Maximum Health score before they are
    dead." — ``pass_time``, a campaign clock's hook, with 30, 45 and 50 seconds."""
    t = _dying_after_combat(pt)
    ruleset = get_ruleset("power-tiers")
    work = ruleset.work(t.encounter)
    ruleset.pass_time(work, TimeSpan(0, minutes))
    encounter, events = work.finish()
    assert events[0].sentence == said
    assert bool(encounter.combat["creatures"]["ghoul"]["dead"]) is said.startswith("Ghoul is dead")


def test_time_passing_is_refused_in_combat_whose_rounds_the_turns_count(pt):
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    t.go(StartCombat(), 20, 1)
    work = get_ruleset("power-tiers").work(t.encounter)
    with pytest.raises(CommandRejected, match="combat is on"):
        pass_time(work, 1)


def test_fortitude_recovers_by_tier_as_time_passes_after_its_halt(pt):
    """ "If Fortitude is ever reduced to 0, recovery is halted until no damage has been taken for 10
    minutes." and "Fortitude recovers at a rate equal to 1 point per tier of power" each round — 10 minutes
    are 120 rounds: the 120th round recovers 1 point (a Neophyte), the 121st another."""
    t = pt.table(pt.token("bram", (2, 2), fortitude=10), pt.token("ghoul", (3, 2), "enemy"))
    t.go(StartCombat(), 20, 1)
    t.go(ApplyDamage(token="bram", amount=10))
    t.go(EndTurn(token="bram"))
    assert ask_turn(t.encounter).actor == "ghoul"
    t.go(EndCombat())
    ruleset = get_ruleset("power-tiers")
    work = ruleset.work(t.encounter)
    ruleset.pass_time(work, TimeSpan(0, 10))
    encounter, events = work.finish()
    assert encounter.combat["creatures"]["bram"]["fortitude"] == 1
    assert [e.sentence for e in events] == [
        "Bram has taken no damage for 10 minutes: its Fortitude recovers again.",
        "Bram recovers 1 Fortitude over 10 minutes (Neophyte: 1 a round): 0 → 1 of 10.",
    ]
