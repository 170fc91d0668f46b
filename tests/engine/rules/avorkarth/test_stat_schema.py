"""The Avorkarth stat schema (engine/rules/avorkarth/schema.py) agrees with the full check of the
stat block (statblock.py): the form's fields, ranges and defaults are the validator's."""

import copy

import pytest

from vantage.engine.rules import get_ruleset
from vantage.engine.rules.asking import ask_stat_schema
from vantage.engine.rules.avorkarth.schema import STAT_SCHEMA
from vantage.engine.rules.avorkarth.statblock import ABILITIES, RESISTANCES, stat_block
from vantage.engine.rules.stat_schema import FieldKind

AVORKARTH = get_ruleset("avorkarth")
DEFAULTS = STAT_SCHEMA.defaults()
RANGED = [f for f in STAT_SCHEMA.fields if f.kind is FieldKind.INT]


def _with(block, path, value):
    out = copy.deepcopy(block)
    node = out
    *parents, leaf = path.split(".")
    for part in parents:
        node = node.setdefault(part, {})
    node[leaf] = value
    return out


def test_the_ruleset_answers_with_its_schema():
    assert AVORKARTH.stat_schema() is STAT_SCHEMA and ask_stat_schema("avorkarth") is STAT_SCHEMA


def test_every_field_the_stat_block_reads_is_in_the_schema_with_one_line_of_help():
    """The ten abilities ("The combat attributes use the base ability scores"), Wounds, the three
    armour types ("Full Armour", "Guarded Armour", "Natural Armour"), the armour penalty, the shield,
    movement, player, weapons and the ten resistances ("Acid, Poison, Necrotic, Fire, Cold, Shock,
    Holy, Infernal, Shadow and Spirit")."""
    paths = {f.path for f in STAT_SCHEMA.fields}
    assert paths == {
        *(f"abilities.{a}" for a in ABILITIES), "wounds", "armour.full", "armour.guarded", "armour.natural",
        "armour_penalty", "shield_guarded", "movement", "player", "weapons",
        *(f"resistances.{r}" for r in RESISTANCES),
    }
    assert all(f.help and "\n" not in f.help for f in STAT_SCHEMA.fields)
    required = {f.path for f in STAT_SCHEMA.fields if f.required}
    assert required == {*(f"abilities.{a}" for a in ABILITIES), "wounds"}


def test_the_default_block_validates_and_reads_as_the_ordinary_fighter():
    assert AVORKARTH.validate_stats(DEFAULTS) == [] and STAT_SCHEMA.validate(DEFAULTS) == []
    block = stat_block(DEFAULTS)
    assert block.wounds == 6 and block.movement == 6 and block.ability("agility") == 6
    assert block.resistances is None  # left out: every resistance is derived from its ability


def test_an_ability_above_the_range_is_reported_with_its_place():
    """Ability scores run 0–30 (assumed — the text gives no range)."""
    bad = _with(DEFAULTS, "abilities.agility", 31)
    assert AVORKARTH.validate_stats(bad) == [("stats.abilities.agility", "31 is above 30")]


@pytest.mark.parametrize("field", RANGED, ids=[f.path for f in RANGED])
def test_every_range_is_the_validators_and_worded_the_same(field):
    block = _with(DEFAULTS, "resistances", {}) if field.path.startswith("resistances.") else DEFAULTS
    for value in (field.minimum - 1, field.maximum + 1, "x"):
        bad = _with(block, field.path, value)
        found = AVORKARTH.validate_stats(bad)
        assert found == STAT_SCHEMA.validate(bad) and len(found) == 1
        assert found[0][0] == f"stats.{field.path}"
    for value in (field.minimum, field.maximum):
        assert AVORKARTH.validate_stats(_with(block, field.path, value)) == []


def test_true_or_false_is_worded_the_same():
    bad = _with(DEFAULTS, "player", "yes")
    expected = [("stats.player", "'yes' is not true or false")]
    assert AVORKARTH.validate_stats(bad) == STAT_SCHEMA.validate(bad) == expected


def test_a_missing_required_field_is_found_by_both():
    bad = copy.deepcopy(DEFAULTS)
    del bad["abilities"]["will"]
    del bad["wounds"]
    places = {p for p, _ in AVORKARTH.validate_stats(bad)}
    assert places == {p for p, _ in STAT_SCHEMA.validate(bad)} == {"stats.abilities.will", "stats.wounds"}
