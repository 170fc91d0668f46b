"""Every duration a command takes has a bound, refused in words, and long stretches of time are
computed, not stepped one unit at a time (issue 33, item 4: Baton's ``hold_breath`` with 2^53
minutes and ``rest`` with a huge duration looped once a minute until memory ran out).

The bounds are one table (:data:`vantage.engine.rules.durations.LONGEST`), by the unit a rest
kind or a timer counts in; every ruleset's ``rest`` kinds are checked against it, those written
later too (the check runs before the ruleset's handler)."""

from __future__ import annotations

import time

import pytest

from vantage.engine.dice import ScriptedDice, SeededDice
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.protocol.commands import ApplyDamage, Rest, SetCondition
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import get_ruleset, ruleset_ids
from vantage.engine.rules.baton.vocabulary import HoldBreath
from vantage.engine.rules.durations import LONGEST, longest
from vantage.engine.session import apply

HUGE = 2**53


def _encounter(ruleset_id: str) -> Encounter:
    template = get_ruleset(ruleset_id).templates()[0]
    token = Token("bram", "Bram", (1, 1), Side.PARTY, Size(template.size), stats=dict(template.stats))
    return Encounter(GameMap(6, 6), tokens=(token,), ruleset=ruleset_id, name="test")


def _kinds() -> list[tuple[str, str, str]]:
    return [(r, k.id, k.unit) for r in ruleset_ids() for k in get_ruleset(r).rest_kinds]


def test_every_ruleset_has_rest_kinds_whose_unit_has_a_bound() -> None:
    kinds = _kinds()
    assert {r for r, _, _ in kinds} == set(ruleset_ids())
    for ruleset_id, kind, unit in kinds:
        assert unit in LONGEST, f"{ruleset_id} rest {kind!r} counts in {unit!r}, which has no bound"


@pytest.mark.parametrize("ruleset_id, kind, unit", _kinds())
def test_a_rest_longer_than_the_bound_is_refused_in_words_and_changes_nothing(
    ruleset_id: str, kind: str, unit: str
) -> None:
    enc = _encounter(ruleset_id)
    for duration in (HUGE, longest(unit) + 1):
        started = time.monotonic()
        with pytest.raises(CommandRejected) as refused:
            apply(enc, Rest(kind, duration, ("bram",)), SeededDice(1))
        assert time.monotonic() - started < 1
        assert refused.value.reason == (
            f"rest.duration: {duration:,} {unit} is longer than one rest may be (at most "
            f"{longest(unit):,} {unit}); give a longer stretch in parts"
        )


@pytest.mark.parametrize("ruleset_id, kind, unit", _kinds())
def test_the_longest_rest_allowed_finishes_quickly(ruleset_id: str, kind: str, unit: str) -> None:
    enc = _encounter(ruleset_id)
    started = time.monotonic()
    # Baton: "SHORT REST: Once per shift" — more than one at a time is refused (test_recovery.py)
    duration = 1 if (ruleset_id, kind) == ("baton", "short") else longest(unit)
    _, events = apply(enc, Rest(kind, duration, ("bram",)), SeededDice(7))
    assert time.monotonic() - started < 2
    assert len(events) < 200


def test_a_condition_timed_past_the_bound_is_refused() -> None:
    enc = _encounter("baton")
    with pytest.raises(CommandRejected) as refused:
        apply(enc, SetCondition("bram", "prone", rounds=HUGE), SeededDice(1))
    assert refused.value.reason.startswith(f"set_condition.rounds: {HUGE:,} rounds is longer than")
    after, _ = apply(enc, SetCondition("bram", "prone", rounds=longest("rounds")), SeededDice(1))
    assert after.token("bram").has_condition("prone")


def test_holding_the_breath_past_the_bound_is_refused() -> None:
    """Suffocation and Drowning: "1 minute per level of Physique. After that, they take 1d6 fatigue
    damage per minute without breathing" — 2^53 minutes looped once a minute until memory ran out."""
    enc = _encounter("baton")
    with pytest.raises(CommandRejected) as refused:
        apply(enc, HoldBreath("bram", HUGE), SeededDice(1))
    assert refused.value.reason == (
        f"hold_breath.minutes: {HUGE:,} minutes is longer than one command may cover (at most "
        f"{longest('minutes'):,} minutes); give a longer stretch in parts"
    )


def test_minutes_without_air_stop_rolling_once_stamina_is_spent() -> None:
    """ "1d6 fatigue damage per minute without breathing", and fatigue damage lands on Stamina only
    (assumed, docs/rules/baton.md): once Stamina is gone the other minutes change nothing, so they
    are counted, not rolled one by one."""
    enc = _encounter("baton")
    physique = int(enc.token("bram").stats.get("physique", 1))
    started = time.monotonic()
    after, events = apply(enc, HoldBreath("bram", longest("minutes")), ScriptedDice([6] * 60))
    assert time.monotonic() - started < 1
    sentences = [e.sentence for e in events]
    assert len(sentences) < 200
    rolled = [s for s in sentences if "without air, minute" in s]
    assert rolled, sentences
    beyond = longest("minutes") - physique
    assert sentences[-1].endswith(
        f"the other {beyond - len(rolled):,} minutes without air change nothing more "
        "(fatigue damage lands on Stamina only)."
    ), sentences[-1]


def test_a_long_rest_of_many_nights_stops_stepping_once_nothing_changes() -> None:
    """LONG REST: "all of their Stamina"; each wound's daily change. An unhurt character's later
    nights are all alike: they are counted in one sentence, not played night by night."""
    enc = _encounter("baton")
    after, events = apply(enc, Rest("long", longest("nights"), ("bram",)), SeededDice(3))
    sentences = [e.sentence for e in events]
    assert len(sentences) < 10, sentences[:12]
    assert sentences[-1] == (
        f"Bram: the other {longest('nights') - 1:,} nights change nothing more."
    )


def test_many_wounds_given_at_once_are_counted_not_looped() -> None:
    """Power Tiers, "One wound point will take one week to heal": the GM's ``apply_damage`` on the
    ``wounds`` track gave them one at a time, so 2^53 wounds never finished."""
    enc = _encounter("power-tiers")
    started = time.monotonic()
    after, events = apply(enc, ApplyDamage("bram", 10**9, track="wounds"), SeededDice(1))
    assert time.monotonic() - started < 1
    assert [e.sentence for e in events] == ["Bram gains 1,000,000,000 wounds (given by the GM): "
                                            "1,000,000,000 wounds."]
