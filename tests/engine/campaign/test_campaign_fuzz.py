"""Campaign folders in any state (issue 33: "the fuzzers grow a target … for campaign folders once
they exist"): a good ``campaign.json`` of each ruleset with one of its values replaced by JSON of
any shape (deep, huge and non-finite numbers, wrong types, paths out of the folder), or bytes that
are not JSON at all. Reading it gives a campaign or a CampaignFileError naming the problems — never
another exception — and a campaign that loads saves and loads again to the same value; the whole
folder's check (``vantage check DIR``) lists problems, never raises. Bounded example count;
``VANTAGE_FUZZ_EXAMPLES`` raises it."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.campaign import (
    CAMPAIGN_FILE,
    CampaignFileError,
    add_character_from_template,
    add_journal_entry,
    campaign_to_dict,
    dumps_campaign,
    loads_campaign,
    new_campaign,
    validate_campaign_folder,
)
from vantage.engine.rules import get_ruleset

EXAMPLES = int(os.environ.get("VANTAGE_FUZZ_EXAMPLES", "150"))
RULESETS = ("avorkarth", "power-tiers", "shattered-world", "baton")
NUMBERS = (st.integers() | st.floats() | st.sampled_from([10**400, -(10**400), 2**53 + 1, 1e308, -1])
           | st.just(float("nan")))
JSONISH = st.recursive(
    st.none() | st.booleans() | NUMBERS
    | st.sampled_from(["", "../outside.json", "/etc/passwd", "encounters/x.json", "finished", "baton"])
    | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _good(ruleset: str) -> dict[str, Any]:
    """A campaign of ``ruleset`` with a character, a journal entry and every top-level field."""
    with tempfile.TemporaryDirectory() as folder:
        campaign = new_campaign(Path(folder) / "c", ruleset, name="Fuzzed")
    template = get_ruleset(ruleset).templates()[0].id
    campaign = add_character_from_template(campaign, template, "Bram")
    campaign = add_journal_entry(campaign, "A fight", ["Bram strikes."], date="2026-12-06")
    return campaign_to_dict(campaign)


GOOD = {ruleset: _good(ruleset) for ruleset in RULESETS}


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in ``value`` a mutation can replace (the whole document included)."""
    places = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            places += _places(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            places += _places(inner, (*path, index))
    return places


def _replaced(document: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(document))
    holder = copy
    for step in path[:-1]:
        holder = holder[step]
    holder[path[-1]] = new
    return copy


def _read(text: str | bytes) -> None:
    """A campaign that round-trips, or the refusal with its problems named."""
    try:
        campaign = loads_campaign(text)
    except CampaignFileError as refused:
        assert refused.problems and all(p.message for p in refused.problems)
        return
    assert loads_campaign(dumps_campaign(campaign)) == campaign


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(RULESETS), st.data(), JSONISH)
def test_a_campaign_file_with_any_value_replaced_is_read_or_refused_with_its_problems(ruleset, data, new):
    good = GOOD[ruleset]
    path = data.draw(st.sampled_from(_places(good)))
    _read(json.dumps(_replaced(good, path, new), allow_nan=True))


@settings(max_examples=EXAMPLES, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_bytes_that_are_not_a_campaign_are_refused(raw):
    _read(raw)


@settings(max_examples=max(20, EXAMPLES // 5), deadline=None)
@given(st.sampled_from(RULESETS), st.data(), JSONISH)
def test_the_folder_check_lists_problems_and_never_raises(ruleset, data, new):
    good = GOOD[ruleset]
    document = _replaced(good, data.draw(st.sampled_from(_places(good))), new)
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / CAMPAIGN_FILE).write_text(json.dumps(document, allow_nan=True), encoding="utf-8")
        problems = validate_campaign_folder(folder)
    assert all(p.message for p in problems)
