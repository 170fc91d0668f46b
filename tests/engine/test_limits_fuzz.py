"""Property fuzzing of the limits of issue 33 (items 4, 5 and 7), with bounded example counts so CI
stays fast (``VANTAGE_FUZZ_EXAMPLES`` raises them for a long run):

* any text read as a whole number or a dice formula ends in a number or a refusal in words, never
  another exception, and quickly, whatever its digits (``whole_number_text``, ``parse_formula``,
  ``dice.parse``);
* any duration given to ``rest`` (every ruleset, every kind), ``set_condition`` or ``hold_breath``
  ends in events or a refusal, quickly, and never in more than a few hundred events;
* a template a file accepts is one the commands accept, and the other way round: the file loader
  and ``place_template`` give the same verdict on every size, width and direction;
* any numbers in the rule tables an encounter may override start a fight quickly or are refused.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.dice import DiceError, SeededDice, parse
from vantage.engine.fileformat import loads_encounter
from vantage.engine.fileformat.problems import EncounterFileError
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.protocol.commands import Rest, SetCondition
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.field_values import NumberTextError, whole_number_text
from vantage.engine.protocol.template_commands import PlaceTemplate
from vantage.engine.rules import get_ruleset, ruleset_ids
from vantage.engine.rules.baton.vocabulary import HoldBreath
from vantage.engine.session import apply
from vantage.engine.session.dice_formula import FormulaError, parse_formula

EXAMPLES = int(os.environ.get("VANTAGE_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ROOT = Path(__file__).resolve().parents[2]
COURTYARD = json.loads((ROOT / "maps/01-ruined-courtyard.json").read_text(encoding="utf-8"))

DIGITS = st.one_of(st.integers(0, 20), st.integers(4000, 6000), st.sampled_from([10**5])).map(
    lambda n: "9" * n)
NUMBER_TEXT = st.one_of(
    DIGITS, st.text(max_size=30), st.from_regex(r"[ +-]?[0-9_]{0,40} ?", fullmatch=True),
    st.builds(lambda sign, digits: sign + digits, st.sampled_from(["", "-", "+", " "]), DIGITS),
)
FORMULA = st.builds(
    lambda parts, joins: "".join(p + j for p, j in zip(parts, joins, strict=False)),
    st.lists(st.one_of(DIGITS, st.sampled_from(["d", "D", "kh", "kl", "d6", "2d", "4d6kh", " "])),
             max_size=6),
    st.lists(st.sampled_from(["", "+", "-", " ", "d"]), max_size=6),
)


@FUZZ
@given(NUMBER_TEXT)
def test_text_becomes_a_whole_number_or_a_refusal_quickly(text: str) -> None:
    started = time.monotonic()
    try:
        value = whole_number_text(text)
    except NumberTextError as refused:
        assert str(refused) and len(str(refused)) < 200
    else:
        assert isinstance(value, int) and abs(value) <= 2**53
    assert time.monotonic() - started < 0.5


@FUZZ
@given(FORMULA)
def test_a_dice_formula_is_read_or_refused_in_words(formula: str) -> None:
    started = time.monotonic()
    try:
        parse_formula(formula)
    except FormulaError as refused:
        assert len(str(refused)) < 300
    try:
        parse(formula)
    except DiceError as refused:
        assert len(str(refused)) < 300
    assert time.monotonic() - started < 0.5


def _encounter(ruleset_id: str) -> Encounter:
    template = get_ruleset(ruleset_id).templates()[0]
    token = Token("bram", "Bram", (1, 1), Side.PARTY, Size(template.size), stats=dict(template.stats))
    return Encounter(GameMap(6, 6), tokens=(token,), ruleset=ruleset_id, name="fuzz")


ENCOUNTERS = {ruleset_id: _encounter(ruleset_id) for ruleset_id in ruleset_ids()}
KINDS = [(r, k.id) for r in ruleset_ids() for k in get_ruleset(r).rest_kinds]
DURATION = st.one_of(st.integers(-3, 400), st.integers(1, 2**53), st.sampled_from([1_440, 3_650, 10_000]))


@FUZZ
@given(st.sampled_from(KINDS), DURATION, st.integers(0, 2**32))
def test_any_rest_ends_quickly_in_events_or_a_refusal(kind: tuple[str, str], duration: int,
                                                      seed: int) -> None:
    ruleset_id, rest = kind
    _ends_quickly(ENCOUNTERS[ruleset_id], Rest(rest, duration, ("bram",)), seed)


@FUZZ
@given(DURATION, st.integers(0, 2**32))
def test_any_breath_held_or_condition_timed_ends_quickly(duration: int, seed: int) -> None:
    _ends_quickly(ENCOUNTERS["baton"], HoldBreath("bram", duration), seed)
    _ends_quickly(ENCOUNTERS["avorkarth"], SetCondition("bram", "prone", rounds=duration), seed)


def _ends_quickly(enc: Encounter, command: object, seed: int) -> None:
    started = time.monotonic()
    try:
        _, events = apply(enc, command, SeededDice(seed))  # type: ignore[arg-type]
    except CommandRejected as refused:
        assert refused.reason
    else:
        assert len(events) < 400
    assert time.monotonic() - started < 2


FEET = st.one_of(st.floats(allow_nan=False, allow_infinity=False), st.integers(-10, 10_000),
                 st.sampled_from([1e308, 5280.0, 5280.000001, 0.0, -0.0, 2**53, 2**53 + 1]))


@FUZZ
@given(FEET, FEET, FEET)
def test_a_file_and_the_commands_agree_on_every_template(size: float, width: float, direction: float) -> None:
    data = dict(COURTYARD)
    data["templates"] = [{"id": "t", "shape": "line", "origin": [1, 1], "size_feet": size,
                          "width_feet": width, "direction": direction}]
    try:
        loaded = loads_encounter(json.dumps(data).encode("utf-8"), source="fuzz.json")
        file_says = True
    except EncounterFileError as refused:
        assert all("templates[0]" in p.place for p in refused.problems), refused.problems
        file_says = False
    enc = Encounter(GameMap(12, 10), ruleset="avorkarth")
    try:
        apply(enc, PlaceTemplate(id="t", shape="line", origin=(1.0, 1.0), size_feet=size, width_feet=width,
                                 direction=direction), SeededDice(1))
        command_says = True
    except CommandRejected:
        command_says = False
    assert file_says == command_says, (size, width, direction)
    if file_says:
        (template,) = loaded.templates
        assert 0 <= template.direction < 360


TABLE_NUMBER = st.one_of(st.integers(-5, 60), st.integers(-2**53, 2**53), st.floats(allow_nan=True),
                         st.text(max_size=5), st.none())


@FUZZ
@given(st.dictionaries(st.sampled_from(["dice", "sides", "base_difficulty", "level_step", "max_chance"]),
                       TABLE_NUMBER, max_size=5),
       st.dictionaries(st.sampled_from(["die", "faces_per_category", "critical_fail_max", "fail_max",
                                        "partial_max", "success_max"]), TABLE_NUMBER, max_size=6))
def test_a_rule_table_from_a_file_starts_a_fight_quickly_or_is_refused(check: dict, chart: dict) -> None:
    """The assumed rule tables an encounter may override (Baton's check, Avorkarth's chart): any
    numbers in them start a fight, with its odds counted, within a second, or are refused in words."""
    from vantage.engine.protocol.commands import StartCombat
    from vantage.engine.rules.baton.check import success_chance
    from vantage.engine.rules.baton.state import BatonWork

    for ruleset_id, rules in (("baton", {"check": check}), ("avorkarth", {"chart": chart})):
        base = ENCOUNTERS[ruleset_id]
        enc = Encounter(base.map, tokens=base.tokens, ruleset=ruleset_id, name="fuzz",
                        combat={"rules": rules})
        started = time.monotonic()
        try:
            apply(enc, StartCombat(), SeededDice(1))
        except CommandRejected as refused:
            assert refused.reason and len(refused.reason) < 300
        if ruleset_id == "baton":
            table = BatonWork(enc, SeededDice(1), None).table  # type: ignore[arg-type]
            success_chance(7, table.max_chance, table)
        assert time.monotonic() - started < 2
