"""The Avorkarth stat block schema (engine/rules/avorkarth/statblock.py)."""

import copy

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
