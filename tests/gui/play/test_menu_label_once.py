"""A menu line says the option's name once (GM walkthrough 3, Baton: "Attack with the Longsword  —
Attack with the Longsword: 72% to hit"): where the ruleset's summary repeats the label, the line
shows the label and then only what the summary adds ("Attack with the Longsword  —  72% to hit")."""

from __future__ import annotations

from vantage.engine.protocol.commands import EndTurn, StartCombat
from vantage.engine.rules.base import ActionOption
from vantage.gui.document import run_command
from vantage.gui.play.attack_menu import option_text


def test_the_baton_attack_lines_name_the_attack_once(qtbot, sample_panels):
    window = sample_panels("06-baton-crossroads.json", centre=(8, 7))
    run_command(window.document, "Start combat", StartCombat(options={"first": "bram"}))
    menu = window.attack_menu.build("bram", "cultist-1", window.host)
    lines = [a.text() for a in menu.actions() if not a.isSeparator()]
    sword = next(line for line in lines if line.startswith("Attack with the Longsword"))
    assert sword.count("Attack with the Longsword") == 1, sword
    assert sword.startswith("Attack with the Longsword  —  ") and sword.endswith("% to hit")
    both = next(line for line in lines if line.startswith("Two weapons"))
    assert both.count("Two weapons: Longsword and Dagger") == 1, both
    for line in lines:
        label = line.split("  —  ")[0]
        assert line.count(label) == 1, line


def test_a_summary_that_says_something_else_is_kept_whole():
    option = ActionOption("Trip", EndTurn(token="bram"), True, "", {}, (), "hit 70%, Trip: knocked prone", "")
    assert option_text(option) == "Trip  —  hit 70%, Trip: knocked prone"
    same = ActionOption("Stand up", EndTurn(token="bram"), True, "", {}, (), "Stand up", "")
    assert option_text(same) == "Stand up"
