"""Ending a combat: the turn order goes, what the creatures suffered stays — in every ruleset.

Issue 16, item 2: "Initiative and combat by hand … end combat." Baton's text adds "At the end of
each combat, the character's Protection is fully restored" (its own handler, tested with Baton).
"""

from __future__ import annotations

import pytest
from vantage_dice import vantage_rolls

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import ApplyDamage, EndCombat, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_health, ask_pending, ask_turn
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters

SAMPLES = {path.name: path for path in sample_encounters()}
#: a sample map per ruleset, and how its combat is started without asking the table
CASES = {
    "01-ruined-courtyard.json": {},
    "04-power-tiers-ambush.json": {},
    "05-shattered-world-ford.json": {},
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_ending_a_combat_clears_the_turns_and_keeps_the_damage(name):
    encounter = vantage_rolls(load_encounter(SAMPLES[name]))  # the sample's party rolls at the table
    dice = SeededDice(11)
    encounter, _ = apply(encounter, StartCombat(options=CASES[name]), dice)
    assert ask_turn(encounter) is not None and not ask_pending(encounter)
    enemy = next(t for t in encounter.tokens if t.side.value == "enemy" and t.stats)
    encounter, _ = apply(encounter, ApplyDamage(token=enemy.id, amount=1), dice)
    hurt = ask_health(encounter, enemy.id)
    encounter, events = apply(encounter, EndCombat(), dice)
    assert ask_turn(encounter) is None
    assert events[-1].sentence.startswith("The combat is over after 1 round")
    assert ask_health(encounter, enemy.id) == hurt  # the damage stays
    again, _ = apply(encounter, StartCombat(options=CASES[name]), dice)  # a new fight can start
    assert ask_turn(again) is not None and ask_health(again, enemy.id) == hurt


@pytest.mark.parametrize("name", sorted(CASES))
def test_there_is_no_combat_to_end_before_one_starts(name):
    encounter = load_encounter(SAMPLES[name])
    with pytest.raises(CommandRejected, match="no combat to end"):
        apply(encounter, EndCombat(), SeededDice(1))
