"""The Avorkarth stat block schema (engine/rules/avorkarth/statblock.py)."""

import copy
from dataclasses import replace

import pytest

from vantage.engine.rules.avorkarth.statblock import FISTS, stat_block, validate_stat_block

EXAMPLE = {
    "abilities": {"strength": 5, "agility": 6, "dexterity": 4, "instinct": 5, "constitution": 5,
                  "vitality": 4, "toughness": 4, "will": 4, "charisma": 3, "elegance": 2},
    "wounds": 6,
    "armour": {"full": 1, "guarded": 1, "natural": 0},
    "armour_penalty": 0,
    "shield_guarded": 1,
    "movement": 6,
    "player": True,
    "weapons": [{"name": "Longsword", "might": 5, "lethal": True, "reach": 1, "ranged": False}],
}


def test_documented_example_is_valid_and_reads():
    assert validate_stat_block(EXAMPLE) == []
    block = stat_block(EXAMPLE)
    assert block.ability("agility") == 6 and block.wounds == 6
    assert block.armour == {"full": 1, "guarded": 1, "natural": 0}
    assert block.weapon(None).name == "Longsword" and block.weapon("longsword").might == 5


def test_minimal_block_gets_defaults_and_fists():
    block = stat_block({"abilities": EXAMPLE["abilities"], "wounds": 3})
    assert block.movement == 6 and block.armour["natural"] == 0 and not block.player
    assert block.primary_weapons == (FISTS,) and not FISTS.lethal


def test_every_problem_is_reported_with_its_place():
    bad = copy.deepcopy(EXAMPLE)
    del bad["abilities"]["will"]
    bad["abilities"]["luck"] = 3
    bad["wounds"] = 0
    bad["armour"]["mithril"] = 2
    bad["weapons"][0]["might"] = "big"
    bad["weapons"].append({"might": 2})
    bad["colour"] = "red"
    places = {place for place, _ in validate_stat_block(bad)}
    assert places == {
        "stats.abilities.will", "stats.abilities.luck", "stats.wounds", "stats.armour.mithril",
        "stats.weapons[0].might", "stats.weapons[1].name", "stats.colour",
    }


def test_not_an_object():
    assert validate_stat_block([1, 2], "tokens[2].stats") == [
        ("tokens[2].stats", "an Avorkarth stat block must be an object with abilities and wounds")
    ]


def test_weapons_found_once_per_block_are_the_same_as_sought_afresh():
    """"Alternate Attacks : Some creatures may have alternate primary attacks" and "Secondary
    Attacks : … a bite, tail or claws": a weapon is found by name (any case), fists last."""
    stats = copy.deepcopy(EXAMPLE)
    stats["weapons"].append({"name": "Bite", "might": 3, "secondary": True})
    block = stat_block(stats)
    for _ in range(2):  # the second time from what the block keeps
        assert block.weapon("LONGSWORD") is block.weapon("longsword") is block.weapons[0]
        assert block.weapon("bite") is block.weapons[1] and block.weapon("fists") is FISTS
        assert block.primary_weapons == (block.weapons[0],) and block.secondary_weapons == (block.weapons[1],)
        with pytest.raises(KeyError):
            block.weapon("Halberd")
    other = replace(block, weapons=(block.weapons[1],))  # another block: nothing kept is shared
    assert other == stat_block({**stats, "weapons": [stats["weapons"][1]]})
    assert other.primary_weapons == (FISTS,) and other.weapon(None) is FISTS
    with pytest.raises(KeyError):
        other.weapon("Longsword")
