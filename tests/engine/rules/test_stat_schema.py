"""Stat blocks a GM can edit (engine/rules/stat_schema.py): each field's kind and range, the
problems of a stat block with their places, unknown keys, open schemas and defaults."""

from __future__ import annotations

import pytest

from vantage.engine.rules.stat_schema import CreatureTemplate, FieldKind, StatField, StatSchema

SCHEMA = StatSchema((
    StatField("abilities.agility", FieldKind.INT, "how nimble", 5, 0, 30, required=True),
    StatField("abilities.will", FieldKind.INT, "how stubborn", 4, 0, 30),
    StatField("speed", FieldKind.NUMBER, "tiles per move", 6, minimum=0.5),
    StatField("title", FieldKind.TEXT, "what the GM calls it", label="Name shown"),
    StatField("player", FieldKind.BOOL, "a player's character", False),
    StatField("size_class", FieldKind.CHOICE, "how big", "medium", choices=("small", "medium", "large")),
    StatField("weapons", FieldKind.LIST, "what it fights with"),
))
GOOD = {"abilities": {"agility": 6, "will": 4}, "speed": 6.5, "title": "Ogre", "player": False,
        "size_class": "large", "weapons": [{"name": "Club"}]}


@pytest.mark.parametrize(("path", "value", "reason"), [
    ("abilities.agility", 31, "31 is above 30"),
    ("abilities.agility", -1, "-1 is below 0"),
    ("abilities.agility", 3.0, "3.0 is not a whole number"),
    ("abilities.agility", True, "True is not a whole number"),
    ("speed", 0.25, "0.25 is below 0.5"),
    ("speed", "6", "'6' is not a number"),
    ("speed", False, "False is not a number"),
    ("title", 3, "3 is not text"),
    ("player", 1, "1 is not true or false"),
    ("size_class", "huge", "'huge' is not one of small, medium, large"),
    ("weapons", "club", "'club' is not a list"),
])
def test_a_value_that_does_not_fit_its_field_says_why(path, value, reason):
    """``StatField.check``: "Why ``value`` does not fit this field, or None when it does"."""
    field = SCHEMA.field(path)
    assert field is not None
    assert field.check(value) == reason


def test_values_that_fit_have_no_reason():
    """Kinds: "``int``, ``number``, ``text``, ``bool``, ``choice`` (one of ``choices``) and ``list``"."""
    fits = {"abilities.agility": 30, "speed": 3, "title": "", "player": True, "size_class": "small",
            "weapons": ()}
    for path, value in fits.items():
        assert SCHEMA.field(path).check(value) is None, path


def test_a_good_stat_block_has_no_problems():
    """``validate``: "Every problem of ``stats`` against the schema, as (place, message)"."""
    assert SCHEMA.validate(GOOD) == []
    assert SCHEMA.validate({"abilities": {"agility": 1}}) == []


def test_every_problem_is_named_with_its_place():
    """"every stat block is checked against them with its place (``tokens[2].stats.abilities.agility:
    31 is above 30``)"."""
    bad = {**GOOD, "abilities": {"agility": 31}, "player": "yes"}
    assert SCHEMA.validate(bad, "tokens[2].stats") == [
        ("tokens[2].stats.abilities.agility", "31 is above 30"),
        ("tokens[2].stats.player", "'yes' is not true or false"),
    ]
    assert SCHEMA.validate({}) == [("stats.abilities.agility", "is missing")]
    assert SCHEMA.validate("strong") == [("stats", "a stat block is an object of named values")]


def test_keys_the_schema_does_not_name_are_refused_with_the_known_ones_unless_it_is_open():
    """"Keys the schema does not name are refused unless the schema is ``open``"."""
    stats = {**GOOD, "luck": 3, "abilities": {"agility": 6, "charm": 2}}
    assert SCHEMA.validate(stats) == [
        ("stats.abilities.charm", "is not a field of this stat block (known: agility, will)"),
        ("stats.luck", "is not a field of this stat block "
                       "(known: abilities, player, size_class, speed, title, weapons)"),
    ]
    assert SCHEMA.validate({**GOOD, "abilities": 6}) == [
        ("stats.abilities.agility", "is missing"), ("stats.abilities", "6 is not an object of named values")]
    opened = StatSchema(SCHEMA.fields, open=True)
    assert opened.validate(stats) == []


def test_the_defaults_make_a_stat_block_with_every_field_that_has_one():
    """``defaults``: "A stat block with every field that has a default set to it"."""
    assert SCHEMA.defaults() == {"abilities": {"agility": 5, "will": 4}, "speed": 6, "player": False,
                                 "size_class": "medium"}
    assert SCHEMA.validate(SCHEMA.defaults()) == []


def test_a_field_has_a_title_and_a_range_text_for_the_form():
    """``title``: "The label a form shows"; ``range_text``: "``"1–30"``, ``"at least 0"``, ``""``"."""
    assert SCHEMA.field("abilities.agility").title == "Agility"
    assert SCHEMA.field("size_class").title == "Size class"
    assert SCHEMA.field("title").title == "Name shown"
    assert SCHEMA.field("abilities.agility").range_text == "0–30"
    assert SCHEMA.field("speed").range_text == "at least 0.5"
    assert StatField("x", FieldKind.INT, "", maximum=9).range_text == "at most 9"
    assert SCHEMA.field("title").range_text == ""
    assert SCHEMA.field("nothing") is None


def test_a_template_is_medium_and_an_enemy_unless_it_says_otherwise():
    """``CreatureTemplate``: "a name, its size, its stat block, one line"."""
    template = CreatureTemplate("ogre", "Ogre", GOOD)
    assert (template.size, template.side, template.help) == ("medium", "enemy", "")
