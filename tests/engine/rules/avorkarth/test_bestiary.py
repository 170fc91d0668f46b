"""Avorkarth's bestiary (engine/rules/avorkarth/bestiary.py): every creature a valid stat block that
can fight."""

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Side, Size, Token
from vantage.engine.protocol import commands as c
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.asking import ask_templates
from vantage.engine.rules.avorkarth.bestiary import BESTIARY

AVORKARTH = get_ruleset("avorkarth")


def test_the_ruleset_offers_at_least_six_creatures_with_distinct_ids():
    assert tuple(AVORKARTH.templates()) == BESTIARY == ask_templates("avorkarth")
    assert len(BESTIARY) >= 6 and len({t.id for t in BESTIARY}) == len(BESTIARY)


def test_the_creatures_the_text_names_are_there():
    """"… a heroic group of warriors battling a drake upon a snowed mountain … duels within a
    gladitorial arena"; "be it sword, bow, fist, claw or maw"."""
    names = {t.name for t in BESTIARY}
    assert {"Drake", "Gladiator", "Warrior", "Archer", "Wolf"} <= names
    drake = next(t for t in BESTIARY if t.id == "drake")
    assert Size(drake.size).rank > Size.LARGE.rank  # "Terrifying Size": large or more


@pytest.mark.parametrize("template", BESTIARY, ids=[t.id for t in BESTIARY])
def test_every_creature_is_a_valid_block_of_a_known_size_and_side(template):
    assert AVORKARTH.validate_stats(template.stats, f"templates.{template.id}") == []
    assert Size(template.size) and Side(template.side) and template.help


@pytest.mark.parametrize("template", BESTIARY, ids=[t.id for t in BESTIARY])
def test_every_creature_fights(template):
    """A creature from the bestiary starts a combat and attacks with its first primary weapon."""
    them = Token("it", template.name, (6, 5), Side.ENEMY, Size(template.size), stats=template.stats)
    enc = encounter(fighter("bram", (5, 5), "party", "E", player=True), them)
    enc, _ = run(enc, ScriptedDice([12]), c.StartCombat())
    if AVORKARTH.turn(enc).actor == "bram":
        enc, _ = run(enc, ScriptedDice([12]), c.EndTurn("bram"))
    options = AVORKARTH.attack_options(enc, "it", "bram")
    assert options[0].legal, options[0].reason
