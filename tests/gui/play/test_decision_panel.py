"""The decision panel (issue item 4): "[The engine waits for the table] ... dice rolled at the table:
when a token's dice are rolled physically, the engine stops at each roll and asks for the face(s),
validated against the dice expression."

Skirmish (tests/support): "A mover that leaves an enemy's reach may be struck by that enemy, once
per round per enemy: the move pauses at that step and the enemy's player decides; a strike hits the
mover standing on the last tile within reach, and the move goes on from there if it still stands."
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Answer, SetTableDice, StartCombat
from vantage.engine.rules.asking import ask_attack_options, ask_pending, ask_turn
from vantage.gui.document import run_command
from vantage.gui.play.decision_marker import DecisionMarker
from vantage.gui.play.decision_panel import parse_faces
from vantage.gui.play.table_dice import TableDiceDialog, table_dice_text
from vantage.gui.workspace import DockId

PROMPT = "Bram leaves Ghoul's reach at (4, 6): does Ghoul strike?"


def _drag(qtbot, window, start, end):
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(start))
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view(end))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(end))


def _paused_move(qtbot, window):
    """Combat with Bram acting; Bram is dragged away from the Ghoul beside him: the move waits."""
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    _drag(qtbot, window, (4, 6), (4, 9))
    assert window.encounter.token("bram").position == (4, 6)
    return window.decision_panel


def _markers(window):
    return [i for i in window.scene.items() if isinstance(i, DecisionMarker)]


def test_a_reaction_prompt_shows_who_decides_the_choices_and_their_odds(qtbot, skirmish_panels):
    window = skirmish_panels
    panel = _paused_move(qtbot, window)
    assert panel.title.text() == "Reaction · Ghoul decides"
    assert panel.prompt.text() == PROMPT
    strike, let_go = panel.choice_buttons
    assert strike.text() == "Strike · hit 55%"
    assert strike.toolTip().startswith("Strike\nOdds: hit 55%\nGhoul strikes Bram at (4, 6)")
    assert let_go.text() == "Let go · default (Enter)" and let_go.isDefault() and let_go.font().bold()
    assert not panel.faces_row.isVisible() and panel.withdraw.isVisible()
    # the map: a ring on the tile the move leaves from; the status bar; the panel comes forward
    (marker,) = _markers(window)
    assert marker.tile == (4, 6) and marker.toolTip() == PROMPT
    assert window.waiting.label.isVisible()
    assert window.waiting.label.text() == "Waiting for Ghoul — answer under the map or in the Decisions panel"
    assert "Bram's move is paused. Waiting for Ghoul" in window.status()
    decisions = window.workspace.dock(DockId.DECISIONS)
    qtbot.waitUntil(lambda: not decisions.visibleRegion().isEmpty(), timeout=1000)
    assert panel.flashing


def test_answering_the_reaction_resumes_the_move_one_undo_step_each(qtbot, skirmish_panels):
    window = skirmish_panels
    panel = _paused_move(qtbot, window)
    panel.choice_buttons[1].click()  # let go
    assert window.encounter.token("bram").position == (4, 9)
    sentences = [e.sentence for e in window.document.log[-3:]]
    assert sentences[-2:] == ["Ghoul: Let go.", "Bram moves 3 tiles to (4, 9)."]
    assert panel.title.text() == "Nothing waits for the table" and panel.choice_buttons == []
    assert _markers(window) == [] and not window.waiting.label.isVisible()
    assert window.document.undo_stack.undoText() == "Answer: Let go"
    window.document.undo_stack.undo()
    assert ask_pending(window.encounter) and panel.prompt.text() == PROMPT  # waiting again
    window.document.undo_stack.undo()
    assert not ask_pending(window.encounter) and window.encounter.token("bram").position == (4, 6)


def test_a_strike_hits_the_mover_then_the_move_goes_on(qtbot, skirmish_panels):
    window = skirmish_panels
    panel = _paused_move(qtbot, window)
    window.document.dice = ScriptedDice([20, 6])  # a hit, 6 damage: guard 3 → 0, health 10 → 7
    panel.choice_buttons[0].click()
    sentences = [e.sentence for e in window.document.log]
    first = sentences.index("Ghoul strikes as Bram leaves its reach at (4, 6).")
    assert sentences[first + 1] == "Ghoul hits Bram (22 against 12)."
    assert sentences[-1] == "Bram moves on 3 tiles to (4, 9)."
    assert window.encounter.token("bram").position == (4, 9)
    assert [s.text for s in window.scene.token_items["bram"].segments] == ["guard 0/3", "health 7/10"]


def test_enter_on_the_map_answers_the_default(qtbot, skirmish_panels):
    window = skirmish_panels
    _paused_move(qtbot, window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Return)
    assert not ask_pending(window.encounter)
    assert window.encounter.token("bram").position == (4, 9)


def test_while_waiting_drags_and_attacks_are_refused_by_the_engine(qtbot, skirmish_panels):
    window = skirmish_panels
    _paused_move(qtbot, window)
    before = window.encounter
    _drag(qtbot, window, (4, 6), (3, 6))
    message = window.status()
    assert message.startswith("Bram cannot move to (3, 6): the table must answer first — waiting for Ghoul")
    (strike,) = ask_attack_options(window.encounter, "bram", "ghoul")
    assert not strike.legal and "the table must answer first" in strike.reason
    assert "the table must answer first" in window.attack_menu.try_choose(strike)
    assert window.encounter is before


def test_the_gm_withdraws_the_waiting_move(qtbot, skirmish_panels):
    window = skirmish_panels
    panel = _paused_move(qtbot, window)
    panel.withdraw.click()
    assert not ask_pending(window.encounter) and window.encounter.token("bram").position == (4, 6)
    assert window.document.log[-1].sentence == "The GM withdraws the waiting move; it is not carried out."


def _strike_at_the_table(window):
    window.commands.set_table_dice(SetTableDice(tokens=("bram",)))
    assert window.decision_panel.dice_label.text() == "Dice: Rolled at the table: Bram."
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    (strike,) = ask_attack_options(window.encounter, "bram", "ghoul")
    window.attack_menu.choose(strike)
    return window.decision_panel


def test_a_die_rolled_at_the_table_is_entered_by_hand(qtbot, skirmish_panels):
    window = skirmish_panels
    panel = _strike_at_the_table(window)
    assert panel.title.text() == "Roll at the table · Bram rolls"
    assert panel.prompt.text() == "Roll 1d20 at the table: Bram attack on Ghoul"
    assert panel.faces_row.isVisible() and panel.let_roll.isVisible() and panel.choice_buttons == []
    assert panel.faces.placeholderText() == "1 face, 1–20 (e.g. 14)"
    panel.faces.setText("14")
    panel.faces.setFocus()
    qtbot.keyClick(panel.faces, Qt.Key.Key_Return)  # Enter sends the faces typed
    waiting = "Waiting for Bram: Roll 1d6 at the table: Bram damage to Ghoul."
    assert window.document.log[-1].sentence == waiting
    assert panel.prompt.text() == "Roll 1d6 at the table: Bram damage to Ghoul" and panel.faces.text() == ""
    panel.faces.setText("5")
    assert panel.send_typed_faces()
    assert "Bram hits Ghoul (16 against 12)." in [e.sentence for e in window.document.log]
    assert [s.text for s in window.scene.token_items["ghoul"].segments] == ["guard 0/3", "health 8/10"]
    assert window.document.undo_stack.undoText() == "Dice at the table: 5"


def test_a_face_off_the_die_is_refused_with_a_clear_message_and_nothing_changes(qtbot, skirmish_panels):
    window = skirmish_panels
    panel = _strike_at_the_table(window)
    before, steps = window.encounter, window.document.undo_stack.count()
    for typed, why in (("25", "Bram attack on Ghoul is 1d20: 25 is not a face of a d20 (1–20)"),
                       ("0", "Bram attack on Ghoul is 1d20: 0 is not a face of a d20 (1–20)"),
                       ("3 5", "Bram attack on Ghoul is 1d20: it needs 1 face (1–20), 2 given"),
                       ("x", "Bram attack on Ghoul is 1d20: 'x' is not a whole number")):
        panel.faces.setText(typed)
        assert not panel.send_typed_faces()
        assert panel.error.text() == f"Not sent: {why}"
        assert window.status() == f"Not sent: {why}"
    assert window.encounter is before and window.document.undo_stack.count() == steps
    # the engine checks too: its refusal is shown the same way
    assert not panel.send("Answer", Answer(choice="strike"))
    assert "is answered with the faces rolled, not a choice" in panel.error.text()
    assert window.encounter is before


def test_enter_without_faces_says_what_to_do_and_let_vantage_roll_rolls(qtbot, skirmish_panels):
    window = skirmish_panels
    panel = _strike_at_the_table(window)
    assert not panel.answer_default()
    assert panel.error.text() == "Not sent: type the 1 face, 1–20 (e.g. 14), or press Let Vantage roll"
    window.document.dice = ScriptedDice([1])
    panel.let_roll.click()
    assert "Bram misses Ghoul (3 against 12)." in [e.sentence for e in window.document.log]
    assert not ask_pending(window.encounter)


def test_parse_faces_reads_spaces_and_commas():
    from vantage.engine.rules.decisions import DiceRequest

    request = DiceRequest("2d6", 2, 6, "damage")
    assert parse_faces("3 5", request) == (3, 5) and parse_faces(" 3, 5 ", request) == (3, 5)


def test_the_dice_at_the_table_dialog_sends_the_choice(qtbot, skirmish_panels, monkeypatch):
    window = skirmish_panels
    dialog = TableDiceDialog(window.encounter, "ada", window.host)
    assert dialog.vantage.isChecked() and dialog.ticked() == ("ada",) and not dialog.tokens.isEnabled()
    dialog.some.setChecked(True)
    assert dialog.tokens.isEnabled() and dialog.command() == SetTableDice(tokens=("ada",))
    dialog.everyone.setChecked(True)
    assert dialog.command() == SetTableDice(everyone=True)

    def choose_everyone(self):
        self.everyone.setChecked(True)
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(TableDiceDialog, "exec", choose_everyone)
    window.commands.table_dice_dialog()  # Combat ▸ Dice at the table…
    assert window.encounter.combat["table_dice"] == {"everyone": True, "tokens": []}
    assert table_dice_text(window.encounter) == "Every die is rolled at the table"
    assert window.decision_panel.dice_label.text() == "Dice: Every die is rolled at the table."
    assert window.status() == "Every die is rolled at the table: Vantage asks for the faces."
    reopened = TableDiceDialog(window.encounter, None, window.host)
    assert reopened.everyone.isChecked()


def test_avorkarth_rolls_at_the_table_too(qtbot, demo_panels):
    """Avorkarth under the same mechanism: with every die at the table, the resolve (morale) check
    at the start of the first turn waits for its face, typed by hand."""
    window = demo_panels
    window.commands.set_table_dice(SetTableDice(everyone=True))
    window.tracker.start_combat()
    panel = window.decision_panel
    assert panel.decision is not None and panel.decision.kind == "roll"
    assert panel.title.text() == "Roll at the table · Ilse Varn rolls"  # her own check, her player rolls
    assert panel.prompt.text() == "Roll 1d20 at the table: morale check, Ilse Varn"
    assert ask_turn(window.encounter) is None  # combat has not begun: the whole command waits
    panel.faces.setText("10")
    assert panel.send_typed_faces(), panel.error.text()
    details = [d for entry in window.document.log for d in entry.details]
    assert "morale check, Ilse Varn: 1d20 [10] = 10 → critical fail." in details  # the face typed
    assert ask_turn(window.encounter) is not None and not ask_pending(window.encounter)


@pytest.mark.slow
def test_an_encounter_opened_while_waiting_shows_the_question(qtbot, skirmish_panels):
    """A saved encounter keeps its waiting action (``combat["pending"]``): opened again, the panel
    asks at once and the Decisions tab is in front (Skirmish stays registered by the fixture)."""
    from vantage.gui.gm.main_window import MainWindow

    _paused_move(qtbot, skirmish_panels)
    window = MainWindow(skirmish_panels.encounter)
    window.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    window.show()
    assert window.decision_panel.prompt.text() == PROMPT
    qtbot.waitUntil(lambda: not window.docks["Decisions"].visibleRegion().isEmpty(), timeout=1000)
    assert [m.tile for m in _markers(window)] == [(4, 6)] and window.waiting.label.isVisible()
    window.close()
