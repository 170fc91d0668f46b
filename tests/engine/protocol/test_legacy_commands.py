"""Commands as Vantage 0.x wrote them (engine/protocol/legacy.py), upgraded before they are read:
version-1 attack and maneuver flags become options, damage in wounds/lesser/minor becomes an
amount on a track, ``regain_wounds`` becomes a rest."""

from __future__ import annotations

import pytest

from vantage.engine.protocol import commands as c
from vantage.engine.protocol.commands import command_from_dict
from vantage.engine.protocol.errors import BadCommand
from vantage.engine.protocol.legacy import upgrade_command


def test_version_1_attack_flags_become_options_and_unset_flags_are_dropped():
    """"attack and maneuver flags as fields ... Today those are the ruleset's ``options``"."""
    old = {"type": "attack", "attacker": "bram", "target": "ghoul", "charge": True, "lethal": False,
           "dual_wield": False, "opportunity": False}
    assert upgrade_command(old) == {"type": "attack", "attacker": "bram", "target": "ghoul",
                                    "options": {"charge": True, "lethal": False}}
    assert command_from_dict(old) == c.Attack("bram", "ghoul", options={"charge": True, "lethal": False})
    only_unset = {"type": "attack", "attacker": "bram", "target": "ghoul", "charge": False, "lethal": None}
    assert upgrade_command(only_unset) == {"type": "attack", "attacker": "bram", "target": "ghoul"}


def test_an_old_flag_does_not_override_an_option_given_today():
    """The ``options`` a command already has are kept; an old field only fills in what is missing."""
    mixed = {"type": "attack", "attacker": "bram", "target": "ghoul", "charge": True,
             "options": {"charge": False, "lesser": True}}
    assert upgrade_command(mixed)["options"] == {"charge": False, "lesser": True}
    empty = {"type": "attack", "attacker": "bram", "target": "ghoul", "charge": False, "options": {}}
    assert upgrade_command(empty)["options"] == {}


def test_version_1_maneuver_and_ambush_fields_become_options():
    """Maneuver ``extra``/``choice`` and start_combat ``ambushers``/``ambushed`` are options today."""
    maneuver = {"type": "maneuver", "attacker": "bram", "target": "ghoul", "maneuver": "cripple", "extra": 2}
    assert command_from_dict(maneuver) == c.Maneuver("bram", "ghoul", "cripple", options={"extra": 2})
    start = {"type": "start_combat", "ambushers": ["bram"], "ambushed": []}
    assert command_from_dict(start) == c.StartCombat(options={"ambushers": ["bram"]})


def test_damage_in_wounds_lesser_and_minor_becomes_an_amount_of_minor_wounds_on_a_track():
    """"10 minor wounds to a lesser wound, 5 lesser wounds to a wound" — 50 minor wounds a wound."""
    old = {"type": "apply_damage", "token": "bram", "wounds": 1, "lesser": 2, "minor": 3}
    assert upgrade_command(old) == {"type": "apply_damage", "token": "bram", "amount": 73, "track": "lethal"}
    stun = {"type": "apply_damage", "token": "bram", "minor": 4, "lethal": False}
    assert command_from_dict(stun) == c.ApplyDamage("bram", 4, track="non-lethal")
    heal = {"type": "heal", "token": "bram", "lesser": 1}
    assert command_from_dict(heal) == c.Heal("bram", 10, track="lethal")


def test_a_damage_field_that_is_not_a_number_is_left_for_the_reader_to_name():
    """"(and leaves ... anything it does not recognise, for the reader to judge)"."""
    old = {"type": "apply_damage", "token": "bram", "wounds": "two"}
    assert upgrade_command(old)["amount"] == "two"
    with pytest.raises(BadCommand, match="apply_damage.amount: 'two' is not a"):
        command_from_dict(old)


def test_regain_wounds_by_the_week_becomes_a_natural_rest():
    """"``regain_wounds`` by the week. Today those are ... ``rest``"."""
    assert command_from_dict({"type": "regain_wounds", "weeks": 2, "tokens": ["bram"]}) == c.Rest(
        "natural", 2, ("bram",))
    assert upgrade_command({"type": "regain_wounds", "weeks": 1}) == {
        "type": "rest", "rest": "natural", "duration": 1}
    with pytest.raises(BadCommand, match="rest.duration must not be null"):
        command_from_dict({"type": "regain_wounds"})


def test_todays_commands_and_other_values_pass_unchanged():
    """"``data`` in today's vocabulary (a copy when anything changed; other values as they are)"."""
    today = {"type": "apply_damage", "token": "bram", "amount": 5, "track": "lethal"}
    assert upgrade_command(today) is today
    assert upgrade_command(["not", "a", "command"]) == ["not", "a", "command"]
    moved = {"type": "move", "token": "bram", "path": [[0, 0]]}
    assert upgrade_command(moved) is moved
