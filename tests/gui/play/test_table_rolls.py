"""Players roll their own dice (issue 16): the default setting, the table-roll prompt and the dice box,
attached to a GM window by ``attach_table_rolls``.

The prompt, the dice box and the dialog are tested on a workspace; File ▸ New and Import and the
Combat menu are the window's (slow)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import SetTableDice, StartCombat
from vantage.engine.rules.asking import ask_attack_options, ask_pending
from vantage.engine.rules.decisions import DEFAULT_TABLE_DICE, DiceRequest, with_default_table_dice
from vantage.gui.document import run_command
from vantage.gui.play.table_ask import read_face, roll_sentence
from vantage.gui.play.table_rolls import attach_table_rolls


def _new_encounter(window):
    """The window's encounter as a new one with the default setting, as New map and Import give it:
    the party's dice at the table."""
    window.document.reset(with_default_table_dice(window.encounter), None)
    return attach_table_rolls(window.workspace)


def _attack(window):
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    (strike,) = ask_attack_options(window.encounter, "bram", "ghoul")
    window.attack_menu.choose(strike)


@pytest.mark.slow
def test_a_new_map_starts_with_the_party_at_the_table(qtbot, skirmish_window):
    """"A new encounter … rolls the party's dice at the table and the GM's by Vantage" — set before
    any command, so nothing is to undo."""
    from vantage.gui.gm.file_actions import NewMap

    window = skirmish_window
    assert "table_dice" not in window.encounter.combat
    window.files.ask_new_map = lambda: NewMap(12, 10, "skirmish")
    window.files.new_dialog()
    assert window.encounter.combat["table_dice"] == dict(DEFAULT_TABLE_DICE)
    assert window.document.undo_stack.count() == 0
    assert window.decision_panel.dice_label.text() == "Dice: Rolled at the table: the party."


def test_the_prompt_asks_for_the_d20_refuses_bad_faces_and_asks_the_damage_next(qtbot, skirmish_panels):
    """"A table roll opens a small keyboard-first prompt that says what the roll is for and what it
    needs …: type the face and Enter; bad values are refused in place"; "several dice in a row come
    one after the other"."""
    window = skirmish_panels
    rolls = _new_encounter(window)
    _attack(window)
    prompt = rolls.prompt
    qtbot.waitUntil(prompt.isVisible, timeout=2000)
    assert not prompt.isModal()
    assert prompt.title.text() == "Bram rolls 1d20 at the table"
    decision = ask_pending(window.encounter)[0]
    assert decision.dice is not None and decision.dice.needs.endswith("+ hits")
    assert prompt.sentence.text() == f"Bram attack on Ghoul: 1d20 — {decision.dice.needs}"
    (field,) = prompt.fields
    qtbot.waitUntil(field.hasFocus, timeout=2000)
    before = window.encounter
    for typed, reason in (("21", "21 is not a face of a d20"), ("0", "0 is not a face of a d20"),
                          ("x", "'x' is not a whole number"), ("", "type the face of the die (1–20)")):
        field.setText(typed)
        qtbot.keyClick(field, Qt.Key.Key_Return)
        assert reason in prompt.error.text() and window.encounter is before
    field.setText("20")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert prompt.isVisible() and prompt.title.text() == "Bram rolls 1d6 at the table"
    assert prompt.error.text() == ""
    (damage,) = prompt.fields
    damage.setText("4")
    qtbot.keyClick(damage, Qt.Key.Key_Return)
    assert not ask_pending(window.encounter) and not prompt.isVisible()
    assert window.document.undo_stack.count() == 4  # start, attack (paused), the d20, the d6


def test_esc_leaves_the_roll_to_the_decisions_panel_and_let_vantage_roll_answers_it(qtbot, skirmish_panels):
    """"Esc leaves it to the Decisions panel; "Let Vantage roll" is offered"."""
    window = skirmish_panels
    rolls = _new_encounter(window)
    _attack(window)
    prompt = rolls.prompt
    qtbot.waitUntil(prompt.isVisible, timeout=2000)
    qtbot.keyClick(prompt.fields[0], Qt.Key.Key_Escape)
    assert not prompt.isVisible() and ask_pending(window.encounter)
    assert window.decision_panel.faces_row.isVisible()
    prompt.refresh()
    assert not prompt.isVisible()  # the same roll does not pop up again
    window.document.dice = ScriptedDice([1])  # Vantage rolls a miss
    prompt.let_roll.click()
    assert not ask_pending(window.encounter)


def test_two_dice_get_two_fields_and_enter_moves_to_the_next():
    """"A field per die"; the words name the die that is wrong."""
    request = DiceRequest("2d6", 2, 6, "Bram damage to Ghoul", "")
    assert roll_sentence("Bram", request) == "Bram damage to Ghoul: 2d6"
    assert roll_sentence("Mira", request) == "Mira, Bram damage to Ghoul: 2d6"
    assert read_face(" 5 ", 1, request) == 5
    import pytest

    from vantage.engine.protocol.errors import CommandRejected
    with pytest.raises(CommandRejected, match="7 is not a face of a d6: die 2 of 2 shows 1–6"):
        read_face("7", 1, request)


def test_the_dice_box_rolls_into_the_log_and_refuses_a_bad_formula_at_its_column(qtbot, skirmish_play):
    """"The GM can also roll a free expression in a dice box (2d6+3), which goes to the log"; "a bad
    expression is refused in place with the place of the error"."""
    window = skirmish_play
    rolls = attach_table_rolls(window.workspace)
    box = rolls.dice_box
    rolls.roll_action.trigger()
    qtbot.waitUntil(box.field.hasFocus, timeout=2000)
    window.document.dice = ScriptedDice([4, 2])
    qtbot.keyClicks(box.field, "2d6+3")
    qtbot.keyClick(box.field, Qt.Key.Key_Return)
    assert window.document.log[-1].sentence == "GM rolls 2d6+3: 4 + 2 + 3 = 9."
    assert box.result.text() == "= 9" and box.field.selectedText() == "2d6+3"
    log_length = len(window.document.log)
    box.field.setText("2d6+")
    qtbot.keyClick(box.field, Qt.Key.Key_Return)
    assert box.result.text() == "Not rolled: a term (like 2d6 or 3) is needed here, not nothing (column 5)"
    assert box.field.cursorPosition() == 4 and box.field.text() == "2d6+"
    assert len(window.document.log) == log_length
    window.document.undo_stack.undo()
    window.document.undo_stack.undo()
    assert all("GM rolls" not in e.sentence for e in window.document.log)


@pytest.mark.slow
def test_the_roll_action_is_in_the_combat_menu_with_its_shortcut(skirmish_window):
    from vantage.gui.gm.actions import menu_shortcuts

    attach_table_rolls(skirmish_window.workspace)
    assert ("Ctrl+R", "Roll dice…") in [(s.keys, s.what) for s in menu_shortcuts(skirmish_window)]
    assert QApplication.instance() is not None


def test_the_dialog_shows_the_default_sides_and_sends_them(qtbot, skirmish_play):
    """"The per-side and per-token choice stays in the existing dialog": the party ticked by the
    default, a side added, a token ticked."""
    from vantage.gui.play.table_dice import TableDiceDialog

    window = skirmish_play
    _new_encounter(window)
    dialog = TableDiceDialog(window.encounter, None, window.host)
    assert dialog.some.isChecked() and dialog.side_boxes["party"].isChecked()
    assert not dialog.side_boxes["enemy"].isChecked()
    assert dialog.command() == SetTableDice(sides=("party",))
    dialog.side_boxes["enemy"].setChecked(True)
    assert dialog.command() == SetTableDice(sides=("party", "enemy"))
    dialog.vantage.setChecked(True)
    assert not dialog.side_boxes["party"].isEnabled() and dialog.command() == SetTableDice()


@pytest.mark.slow
def test_an_import_gets_the_default_and_a_file_keeps_its_own(qtbot, skirmish_window, tmp_path):
    """A new map or an import (untitled, unsaved) gets the default; a file opened keeps what it says
    — nothing is changed in a file by opening it (one without a setting: Vantage rolls)."""
    from skirmish_ruleset import sample_encounter

    from vantage.engine.fileformat import load_encounter, save_encounter

    window = skirmish_window
    window.files.ask_import = sample_encounter
    window.files.import_dialog()
    assert window.encounter.combat["table_dice"] == dict(DEFAULT_TABLE_DICE)
    assert window.document.is_modified() and window.document.undo_stack.count() == 0
    path = tmp_path / "fight.json"
    save_encounter(sample_encounter(), path)
    assert window.files.open_file(path, ask=False)
    assert "table_dice" not in window.encounter.combat and not window.document.is_modified()
    run_command(window.document, "Vantage rolls", SetTableDice())
    save_encounter(window.encounter, path)
    assert window.files.open_file(path, ask=False)  # reopened: the choice made stays
    assert window.encounter.combat["table_dice"] == load_encounter(path).combat["table_dice"]


def test_the_dialog_unticks_a_party_token_for_vantage_and_ticks_an_enemy(qtbot, skirmish_panels):
    """"Per side … and per token, dice are rolled by Vantage or at the table": a ticked side ticks its
    tokens; unticking one of them has Vantage roll for it, ticking a token of another side puts it at
    the table."""
    from vantage.gui.play.table_dice import TableDiceDialog, table_dice_text

    window = skirmish_panels
    _new_encounter(window)
    dialog = TableDiceDialog(window.encounter, None, window.host)
    items = {dialog.tokens.item(r).data(Qt.ItemDataRole.UserRole): dialog.tokens.item(r)
             for r in range(dialog.tokens.count())}
    assert items["bram"].checkState() == Qt.CheckState.Checked
    assert items["ghoul"].checkState() == Qt.CheckState.Unchecked
    items["bram"].setCheckState(Qt.CheckState.Unchecked)
    items["wight"].setCheckState(Qt.CheckState.Checked)
    command = dialog.command()
    assert command == SetTableDice(tokens=("wight",), sides=("party",), vantage=("bram",))
    window.commands.set_table_dice(command)
    assert table_dice_text(window.encounter) == "Rolled at the table: the party but Bram, Wight"
    again = TableDiceDialog(window.encounter, None, window.host)
    assert again.command() == command
    again.side_boxes["party"].setChecked(False)
    assert again.command() == SetTableDice(tokens=("wight",))
