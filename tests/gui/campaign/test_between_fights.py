"""Issue 27 (the GUI half), offscreen: between fights, through the Party panel — a rest refused with
the sentence that forbids it, a question a rule asks while time passes answered through a dialog,
and a character left dying announced when the party comes back."""

from __future__ import annotations

import pytest
from campaign_story import Story

from vantage.engine.campaign import time_command
from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.commands import ApplyDamage, EndCombat, StartCombat
from vantage.engine.rules.baton.schema import TEMPLATES
from vantage.gui.campaign.dialogs import DecisionDialog
from vantage.gui.gm.main_window import MainWindow

STATS = {t.id: dict(t.stats) for t in TEMPLATES}


@pytest.fixture
def window(qtbot):
    w = MainWindow(Encounter(GameMap(6, 4), (), ruleset="baton", name="Nowhere"))
    w.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    return w


def test_a_second_short_rest_in_one_shift_is_refused_with_its_sentence(window, tmp_path):
    """ "SHORT REST: Once per shift, a character can take a short rest of a few minutes to catch their
    breath." """
    story = Story(tmp_path / "campaign", "baton", STATS["sellsword"])
    tools = window.campaign_tools
    assert tools.open_campaign(story.folder)
    said: list[str] = []
    tools.party.warn = lambda title, text: said.append(text)
    tools.party.show_lines = lambda title, lines: None
    window.document.dice = ScriptedDice([3])
    def short_rest() -> None:  # the menu is made again with the roster: found each time
        menu = tools.party_panel.rest_menu
        next(a for a in menu.actions() if a.text().startswith("Short rest")).trigger()

    short_rest()
    assert said == []
    window.document.dice = ScriptedDice([3])
    short_rest()
    assert said == ['Refused: Bram has already taken a short rest in shift 1 of day 1: "SHORT REST: Once per '
                    'shift, a character can take a short rest"']


def test_the_night_asks_which_wound_and_the_answer_goes_on(window, tmp_path):
    """ "In addition, they can try to recover from a wound of their choice" — asked in a dialog, its
    default the engine's."""
    story = Story(tmp_path / "campaign", "baton", STATS["sellsword"])
    enc = story.bring(story.encounter(story.foe("cultist", STATS["cultist"])))
    enc = story.go(enc, StartCombat())
    enc = story.go(enc, ApplyDamage(token="bram", amount=18))
    enc = story.go(enc, ApplyDamage(token="bram", amount=4))
    enc = story.go(enc, EndCombat())
    story.back(enc)
    tools = window.campaign_tools
    assert tools.open_campaign(story.folder)
    asked: list[tuple[str, list[str], str | None]] = []

    def ask(decision, who):
        dialog = DecisionDialog(decision, who)
        labels = [dialog.choices.itemText(i) for i in range(dialog.choices.count())]
        asked.append((who, labels, dialog.choice()))
        return "0"

    tools.party.ask_decision = ask
    shown: list[str] = []
    tools.party.show_lines = lambda title, lines: shown.extend(lines)
    window.document.dice = ScriptedDice([6, 6, 6])
    assert tools.party.run_between_fights(time_command(0, nights=1), "Let time pass")
    assert asked == [("Bram", ["Mild wound, severity 2", "Moderate wound, severity 4"], "1")]
    assert "Bram's mild wound heals to severity 1." in shown
    assert tools.holder.campaign is not None and tools.holder.campaign.waiting is None
