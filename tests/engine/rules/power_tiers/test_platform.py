"""Power Tiers on the ruleset platform: its vocabulary, stat block, bestiary, queries, dice at the
table and ``vantage play``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.commands import Answer, Attack, Maneuver, SetTableDice, StartCombat
from vantage.engine.protocol.errors import BadCommand, CommandRejected
from vantage.engine.rules import read_command
from vantage.engine.rules.asking import ask_attack_options, ask_health, ask_pending
from vantage.engine.rules.power_tiers.vocabulary import RecoverDay, UseAction
from vantage.engine.rules.registry import get_ruleset
from vantage.engine.session import apply
from vantage.gui.cli import play

ROOT = Path(__file__).resolve().parents[4]
SAMPLE = ROOT / "maps" / "04-power-tiers-ambush.json"


def test_the_ruleset_is_registered_with_its_traits():
    ruleset = get_ruleset("power-tiers")
    assert ruleset.name == "Power Tiers"
    assert ruleset.traits.actions_per_turn == 3 and ruleset.traits.health_layers == ("fortitude", "health")


def test_its_own_commands_are_read_in_its_encounters_and_refused_in_avorkarths():
    assert read_command({"type": "use_action", "token": "bram", "what": "climbs"}, "power-tiers") == \
        UseAction(token="bram", what="climbs")
    assert read_command({"type": "recover_day", "token": "bram", "medicine": 55}, "power-tiers") == \
        RecoverDay(token="bram", medicine=55)
    with pytest.raises(BadCommand, match="'recover_day' is a command of Power Tiers, and this encounter "
                                         "plays "
                                         "Avorkarth"):
        read_command({"type": "recover_day", "token": "bram"}, "avorkarth")
    with pytest.raises(BadCommand, match="'stay' is a command of Avorkarth, and this encounter plays "
                                         "Power Tiers"):
        read_command({"type": "stay", "token": "bram"}, "power-tiers")


def test_at_least_six_templates_each_a_valid_stat_block():
    ruleset = get_ruleset("power-tiers")
    templates = ruleset.templates()
    assert len(templates) >= 6
    for template in templates:
        assert ruleset.validate_stats(dict(template.stats)) == [], template.id
    assert {t.stats["tier"] for t in templates} == {"neophyte", "acolyte", "adept", "master"}


def test_stat_block_problems_name_their_place(pt):
    ruleset = get_ruleset("power-tiers")
    stats = pt.block(tier="grandmaster", weapons=[{"name": "Sword", "damage": "d"}, {"name": "sword",
                                                                                    "damage": "1d6",
                                                                                    "weight": "huge"}])
    problems = ruleset.validate_stats(stats, "tokens[0].stats")
    tier = ("tokens[0].stats.tier", "'grandmaster' is not one of neophyte, acolyte, adept, master")
    assert tier in problems
    assert ("tokens[0].stats.weapons[0].damage",
            "'d' is not a dice expression (examples: d20, 2d8+3, 4d6kh3)") in problems
    assert ("tokens[0].stats.weapons[1].weight", "'huge' is not one of light, medium, heavy") in problems
    assert ("tokens[0].stats.weapons[1].name", "two weapons are called 'sword'") in problems


def test_a_token_without_a_stat_block_is_refused_by_name(pt):
    from vantage.engine.model import Side, Token

    t = pt.table(Token("rock", "Rock", (0, 0), Side.NEUTRAL))
    with pytest.raises(CommandRejected, match="Rock has no Power Tiers stat block"):
        t.go(StartCombat(participants=("rock",)))


def test_attack_options_list_every_style_the_maneuvers_and_their_odds(pt):
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    t.go(StartCombat(), 20, 1)
    options = ask_attack_options(t.encounter, "bram", "ghoul")
    labels = [o.label for o in options]
    assert labels == ["Standard attack with the Sword", "Stun attack with the Sword",
                      "Heavy attack with the Sword", "Standard attack unarmed", "Stun attack unarmed",
                      "Heavy attack unarmed", "Shove 5 feet with the Sword", "Shove 5 feet unarmed", "Grab"]
    standard = options[0]
    assert standard.legal and standard.chances == {"hit": 190 / 400, "critical": 55 / 400}
    assert standard.summary == "hit 48%, critical 14%"
    assert standard.explanation.startswith("Standard attack with the Sword: hit 48%, critical 14%\nd20 +0")
    assert standard.command == Attack(attacker="bram", target="ghoul")
    assert options[2].command.options == {"style": "heavy"}
    assert [o.command.weapon for o in options[6:8]] == [None, "unarmed"]  # the shover chooses
    far = ask_attack_options(t.encounter, "ghoul", "bram")
    assert not far[0].legal and far[0].reason == "Ghoul cannot act now: it is Bram's turn"


def test_the_defender_rolls_its_own_defence_at_the_table(pt):
    """Dice at the table: "Defending: Roll a d20" — the defender's player rolls it."""
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    t.go(StartCombat(), 20, 1)
    t.go(SetTableDice(tokens=("ghoul",)))
    t.go(Attack(attacker="bram", target="ghoul"), 15)
    (decision,) = ask_pending(t.encounter)
    assert decision.kind == "roll" and decision.who == "ghoul"
    assert decision.prompt == "Roll 1d20 at the table: Ghoul defence roll against Bram"
    t.go(Answer(faces=(14,)), 3)
    assert "Ghoul defence roll against Bram: 1d20 [14] = 14." in t.sentences
    assert "Bram's attack with the Sword beats Ghoul's defence, 15 against 14." in t.sentences


def test_health_shows_fortitude_over_health(pt):
    t = pt.table(pt.token("bram", (2, 2), fortitude=4, health=8))
    health = ask_health(t.encounter, "bram")
    assert health.text == "Fortitude 4/4, Health 8/8" and health.fraction == 1.0


def test_the_sample_encounter_plays_with_vantage_play(tmp_path):
    encounter = load_encounter(SAMPLE)
    assert encounter.ruleset == "power-tiers" and len(encounter.tokens) >= 6
    assert {t.side.value for t in encounter.tokens} == {"party", "enemy"}
    commands = tmp_path / "commands.json"
    # the sample's party rolls at the table: Vantage rolls every die first (one note more)
    commands.write_text(json.dumps([{"type": "table_dice"}, {"type": "start_combat"}]), encoding="utf-8")
    dice = tmp_path / "dice.json"
    dice.write_text(json.dumps(list(range(1, 8))), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    args = [str(SAMPLE), "--commands", str(commands), "--dice", str(dice), "--no-state"]
    assert play.run(args, out, err) == 0
    sentences = [json.loads(line)["sentence"] for line in out.getvalue().splitlines()]
    assert sentences[8].startswith("Combat begins. Initiative: ")


def test_the_encounter_default_first_tokens_with_stat_blocks_only():
    enc = Encounter(GameMap(4, 4), ruleset="power-tiers")
    with pytest.raises(CommandRejected, match="no token with a stat block to fight"):
        apply(enc, StartCombat(), ScriptedDice([]))


def test_each_creature_rolls_its_own_initiative_at_the_table(pt):
    """Dice at the table for the (assumed) initiative roll: the player of each creature rolls it."""
    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    t.go(SetTableDice(tokens=("bram",)))
    t.go(StartCombat())
    (decision,) = ask_pending(t.encounter)
    assert (decision.who, decision.prompt) == ("bram", "Roll 1d20 at the table: Bram initiative")
    t.go(Answer(faces=(17,)), 3)
    assert t.encounter.combat["order"] == [["bram", 22], ["ghoul", 8]]


def test_the_tokens_own_actions_are_the_stance_a_skill_and_letting_go(pt):
    from vantage.engine.rules.asking import ask_token_actions

    t = pt.table(pt.token("bram", (2, 2)), pt.token("ghoul", (3, 2), "enemy"))
    before = ask_token_actions(t.encounter, "bram")
    assert [(o.label, o.legal) for o in before] == [("Defensive stance", False), ("Use a skill", False)]
    assert before[0].reason == "combat has not started: Bram cannot take a defensive stance yet"
    t.go(StartCombat(), 20, 1)
    t.go(Maneuver(attacker="bram", target="ghoul", maneuver="grab"))
    t.go(Answer(choice="defence"), 15, 1)
    after = ask_token_actions(t.encounter, "bram")
    assert [(o.label, o.legal) for o in after] == [("Defensive stance", True), ("Use a skill", True),
                                                   ("Let go of Ghoul", True)]
    t.go(after[1].command)
    assert t.sentences == ["Bram spends an action: uses a skill; 1 action left."]
