"""Issue 30 item 2: "The table-roll window covers the map: it opens in the middle for every roll,
hides the tokens in the exchange, its text is clipped on the follow-up roll. Rolls and decisions sit
where the map stays visible (a docked prompt or a bar), answerable by keyboard without the mouse
(focus goes to the faces field; Enter answers; Esc leaves it pending), and hand the keyboard back
to the map after (today N is swallowed after answering)."

The bar on a workspace (the fast lane); N in a real window is tests/gui/test_prompt_bar_real_window.py.
Skirmish (tests/support): "A mover that leaves an enemy's reach may be struck by that enemy, once
per round per enemy: the move pauses at that step and the enemy's player decides".
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Answer, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_attack_options, ask_pending
from vantage.engine.rules.decisions import DiceRequest, with_default_table_dice
from vantage.gui.document import run_command
from vantage.gui.play.table_ask import BadFace, ask_waiting, faces_answer
from vantage.gui.play.table_rolls import attach_table_rolls

REACTION = "Bram leaves Ghoul's reach at (4, 6): does Ghoul strike?"


def _bar(window, table: bool = True):
    if table:
        window.document.reset(with_default_table_dice(window.encounter), None)
    return attach_table_rolls(window.workspace).prompt


def _attack(window):
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    (strike,) = ask_attack_options(window.encounter, "bram", "ghoul")
    window.attack_menu.choose(strike)


def _paused_move(qtbot, window):
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    viewport, view = window.view.viewport(), window.view
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((4, 6)))
    qtbot.mouseMove(viewport, view.tile_centre_in_view((4, 9)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((4, 9)))
    assert ask_pending(window.encounter)


def test_the_roll_sits_under_the_map_never_over_it_with_its_whole_sentence(qtbot, skirmish_panels):
    """"Rolls … sit where the map stays visible"; "its text is clipped on the follow-up roll" no more."""
    window = skirmish_panels
    bar = _bar(window)
    _attack(window)
    qtbot.waitUntil(bar.isVisible, timeout=2000)
    assert bar.window() is window.host  # in the GM window, not a window of its own over the map
    view_box = window.view.geometry()
    bar_box = bar.geometry()
    assert bar.parentWidget() is window.view.parentWidget()  # the map's column
    assert bar_box.top() >= view_box.bottom() and bar_box.width() == view_box.width()
    assert bar.title.text() == "Bram rolls 1d20 at the table"
    (field,) = bar.fields
    qtbot.waitUntil(field.hasFocus, timeout=2000)  # "focus goes to the faces field"
    field.setText("20")
    qtbot.keyClick(field, Qt.Key.Key_Return)  # "Enter answers"
    # the follow-up roll in the same bar, its sentence whole: wrapped, as tall as its lines need
    assert bar.title.text() == "Bram rolls 1d6 at the table"
    assert bar.sentence.text() == "Bram damage to Ghoul: 1d6"
    assert bar.sentence.wordWrap()
    qtbot.wait(20)
    assert bar.sentence.height() >= bar.sentence.heightForWidth(bar.sentence.width())
    (damage,) = bar.fields
    qtbot.waitUntil(damage.hasFocus, timeout=2000)
    damage.setText("4")
    qtbot.keyClick(damage, Qt.Key.Key_Return)
    assert not ask_pending(window.encounter) and not bar.isVisible()
    qtbot.waitUntil(window.view.hasFocus, timeout=2000)  # "hand the keyboard back to the map after"


def test_esc_leaves_the_roll_pending_and_gives_the_keys_back(qtbot, skirmish_panels):
    """"Esc leaves it pending": the Decisions panel still has it; the bar does not ask again."""
    window = skirmish_panels
    bar = _bar(window)
    _attack(window)
    qtbot.waitUntil(lambda: bar.fields and bar.fields[0].hasFocus(), timeout=2000)
    qtbot.keyClick(bar.fields[0], Qt.Key.Key_Escape)
    assert not bar.isVisible() and ask_pending(window.encounter)
    assert window.decision_panel.faces_row.isVisible()
    qtbot.waitUntil(window.view.hasFocus, timeout=2000)
    bar.refresh()
    assert not bar.isVisible()
    window.decision_panel.faces.setText("3")
    window.decision_panel.send_typed_faces()  # answered in the panel: a miss, nothing follows
    assert not ask_pending(window.encounter)


def test_a_reaction_is_answered_from_the_keyboard_default_or_by_number(qtbot, skirmish_panels):
    """"Rolls and decisions … answerable by keyboard without the mouse": Enter gives the default
    (focused, bold), 1–9 pick by number, Left/Right move between the answers."""
    window = skirmish_panels
    bar = _bar(window, table=False)
    window.document.dice = ScriptedDice([1] * 10)
    _paused_move(qtbot, window)
    qtbot.waitUntil(bar.isVisible, timeout=2000)
    assert bar.title.text() == "Reaction · Ghoul decides" and bar.sentence.text() == REACTION
    strike, let_go = bar.choice_buttons
    assert strike.text() == "1 · Strike · hit 55%" and let_go.text() == "2 · Let go · Enter"
    assert let_go.font().bold()
    qtbot.waitUntil(let_go.hasFocus, timeout=2000)
    qtbot.keyClick(let_go, Qt.Key.Key_Left)
    assert strike.hasFocus()
    qtbot.keyClick(strike, Qt.Key.Key_Right)
    assert let_go.hasFocus()
    qtbot.keyClick(let_go, Qt.Key.Key_Return)  # the default: let go
    assert window.encounter.token("bram").position == (4, 9)
    assert window.document.undo_stack.undoText() == "Answer: Let go"
    window.document.undo_stack.undo()  # waiting again: a new record, asked again in the bar
    qtbot.waitUntil(lambda: bar.choice_buttons and bar.choice_buttons[1].hasFocus(), timeout=2000)
    qtbot.keyClick(bar.choice_buttons[1], Qt.Key.Key_1)  # 1: strike
    assert window.document.undo_stack.undoText() == "Answer: Strike"
    assert not ask_pending(window.encounter)
    qtbot.waitUntil(window.view.hasFocus, timeout=2000)


def test_a_long_answer_never_widens_the_window(qtbot, skirmish_panels):
    """A choice's words are cut in the bar (whole in the tooltip) rather than pushing the map's
    column wider than the window."""
    window = skirmish_panels
    bar = _bar(window, table=False)
    _paused_move(qtbot, window)
    qtbot.waitUntil(bar.isVisible, timeout=2000)
    assert bar.minimumSizeHint().width() < 700


def test_the_model_turns_the_waiting_roll_into_words_and_an_answer(skirmish_panels):
    """The prompt's model is plain data (a player's device shows the same question): who rolls,
    the sentence, the dice, and the Answer the faces make."""
    window = skirmish_panels
    window.document.reset(with_default_table_dice(window.encounter), None)
    _attack(window)
    ask = ask_waiting(window.encounter)
    assert ask is not None and ask.dice is not None and ask.from_engine and ask.choices == ()
    assert ask.title == "Bram rolls 1d20 at the table"
    assert ask.sentence.startswith("Bram attack on Ghoul: 1d20 — ")
    assert faces_answer([" 12 "], ask.dice) == Answer(faces=(12,))
    run_command(window.document, "faces", Answer(faces=(20,)))
    assert ask_waiting(window.encounter).key != ask.key  # the follow-up is a new question


def test_a_bad_face_names_its_field():
    request = DiceRequest("2d6", 2, 6, "Bram damage to Ghoul", "")
    with pytest.raises(BadFace) as wrong:
        faces_answer(["3", "9"], request)
    assert wrong.value.index == 1 and "9 is not a face of a d6: die 2 of 2 shows 1–6" in wrong.value.reason
    with pytest.raises(CommandRejected, match="type the face of die 1 of 2"):
        faces_answer(["", "2"], request)


def test_the_bar_is_hidden_when_nothing_is_asked(qtbot, skirmish_panels):
    bar = _bar(skirmish_panels)
    assert not bar.isVisible() and bar.current is None
    assert bar.mapTo(skirmish_panels.host, QPoint(0, 0)) is not None


def test_during_a_combat_the_map_stays_put_when_the_bar_opens_and_closes(qtbot, skirmish_panels):
    """The GM walkthrough's fight under Xvfb: "the map re-fits every time the bar under it opens or
    closes … I mis-clicked twice". During a combat the bar keeps its place (empty when nothing is
    asked), so the map's size and scale do not change with each roll; out of combat it takes no room."""
    window = skirmish_panels
    bar = _bar(window)
    view = window.view
    before_combat = view.viewport().size()
    _attack(window)
    qtbot.waitUntil(bar.isVisible, timeout=2000)
    qtbot.wait(20)
    asked = view.viewport().size(), view.zoom()
    (field,) = bar.fields
    field.setText("20")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    (damage,) = bar.fields
    damage.setText("4")
    qtbot.keyClick(damage, Qt.Key.Key_Return)
    assert not bar.isVisible()
    qtbot.wait(20)
    assert (view.viewport().size(), view.zoom()) == asked  # answered: the map did not move
    assert before_combat.height() > asked[0].height()  # the place is the bar's only in combat
