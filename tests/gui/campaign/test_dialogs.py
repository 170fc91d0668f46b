"""The campaign's dialogs, offscreen: the new campaign's folder named after it, Let time pass…'s spans
as the ``pass_time`` command the engine gets (docs/campaigns.md, "The durations"), the return summary
and a rule's question with its default."""

from __future__ import annotations

from pathlib import Path

import pytest

from vantage.engine.campaign import MINUTES_A_SHIFT
from vantage.engine.rules.decisions import Choice, Decision
from vantage.gui.campaign.dialogs import (
    DecisionDialog,
    LetTimePassDialog,
    NewCampaignDialog,
    ReturnSummaryDialog,
    read_stat_block_file,
)


def test_the_new_campaign_goes_in_a_folder_named_after_it(qtbot, tmp_path):
    dialog = NewCampaignDialog(None, "baton")
    qtbot.addWidget(dialog)
    dialog.name.setText('The "Long" Road?')
    dialog.parent_folder.setText(str(tmp_path))
    choice = dialog.choice()
    assert choice.folder == tmp_path / "The Long Road" and choice.ruleset == "baton"
    assert choice.name == 'The "Long" Road?'
    assert str(tmp_path / "The Long Road") in dialog.where.text()


@pytest.mark.parametrize(("amount", "unit", "minutes", "nights"), [
    (90, "minutes", 90, 0), (3, "hours", 180, 0), (1, "shifts", MINUTES_A_SHIFT, 0), (1, "nights", 480, 1),
    (2, "days", 2 * 1440, 2), (1, "weeks", 7 * 1440, 7)])
def test_each_span_is_one_pass_time_command(qtbot, amount, unit, minutes, nights):
    """"a shift | 6 hours", "a night | 8 hours | 1", "a day | 24 hours | 1", "a week | 7 days | 7"."""
    dialog = LetTimePassDialog("day 1, 00:00")
    qtbot.addWidget(dialog)
    dialog.choose(amount, unit)
    command = dialog.command(0)
    assert (command.minutes, command.nights, command.resting) == (minutes, nights, False)


def test_until_a_date_counts_the_midnights_and_resting_is_passed_on(qtbot):
    """"until a date ("day 5, 08:00") | to that minute | one for each midnight passed" """
    dialog = LetTimePassDialog("day 1, 20:00")
    qtbot.addWidget(dialog)
    dialog.choose(0, "")
    assert dialog.date.isEnabled() and not dialog.amount.isEnabled()
    dialog.date.setText("day 3, 08:00")
    dialog.resting.setChecked(True)
    command = dialog.command(20 * 60)
    assert (command.minutes, command.nights, command.resting) == (36 * 60, 2, True)
    dialog.date.setText("tomorrow")
    with pytest.raises(ValueError, match="is not a date of the campaign clock"):
        dialog.command(0)


def test_the_summary_lists_each_change(qtbot):
    dialog = ReturnSummaryDialog(["Bram: no wounds → 1 wound", "Ilse: 2 wounds (unchanged)"])
    qtbot.addWidget(dialog)
    assert dialog.summary.text() == "• Bram: no wounds → 1 wound\n• Ilse: 2 wounds (unchanged)"


def test_a_rules_question_starts_on_its_default(qtbot):
    decision = Decision("choice", "bram", "Bram rests: which wound to recover from?",
                        (Choice("0", "Mild wound"), Choice("1", "Moderate wound")), default="1")
    dialog = DecisionDialog(decision, "Bram")
    qtbot.addWidget(dialog)
    assert dialog.choice() == "1" and dialog.choices.currentText() == "Moderate wound"


def test_a_stat_block_file_gives_its_name_size_and_stats(tmp_path):
    path = tmp_path / "mira.json"
    path.write_text('{"name": "Mira", "size": "small", "stats": {"dexterity": 6}}', encoding="utf-8")
    block = read_stat_block_file(path)
    assert (block.name, block.size, block.stats) == ("Mira", "small", {"dexterity": 6})
    bare = tmp_path / "Tomas.json"
    bare.write_text('{"dexterity": 5}', encoding="utf-8")
    assert read_stat_block_file(bare).name == "Tomas"
    broken = tmp_path / "broken.json"
    broken.write_text("{", encoding="utf-8")
    with pytest.raises(ValueError, match=str(Path(broken)).replace(".", r"\.")):
        read_stat_block_file(broken)
