"""Issue 32, a long session in the GUI: "a long session in the GUI: 3,971 commands with an undo/redo
every 25, in a running event loop … ≤ 8 ms median". The panels ask the engine less after each
command (each answer once per encounter, shared between the tracker's buttons and menus, the
stat block loaded when its tab comes in front, the reachable area not asked again for an
encounter an undo brings back); what they show must stay what a panel built afresh for the same
encounter and selection shows, at every step of a session played in the GM window.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from place_steps import place_on_a_free_tile
from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QMenu

from vantage.engine.rules.asking import ask_reachable, ask_turn
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.play.tactics_overlay import ReachableAnswers
from vantage.gui.play.token_panel import TokenPanel, shown_rows
from vantage.gui.play.turn_tracker import TurnTracker, combat_menu_entry

_ROLES = (Qt.ItemDataRole.UserRole, Qt.ItemDataRole.FontRole, Qt.ItemDataRole.BackgroundRole,
          Qt.ItemDataRole.ForegroundRole)


def _value(data: object) -> object:
    """An item's data as it looks: a font's family, size and boldness, a brush's colour."""
    if isinstance(data, QFont):
        return ("font", data.toString())
    if isinstance(data, QBrush):
        return ("brush", data.color().name(QColor.NameFormat.HexArgb), int(data.style().value))
    return data


def _tracker_shows(tracker: TurnTracker) -> tuple[object, ...]:
    """Everything the tracker shows: its labels, the order (each entry's text, flags, font and
    colours, the selected row), every button (text, enabled, tooltip) and the Add menu's entries."""
    rows = []
    for row in range(tracker.order_list.count()):
        item = tracker.order_list.item(row)
        rows.append((item.text(), int(item.flags().value), *(_value(item.data(role)) for role in _ROLES)))
    buttons = [(b.text(), b.isEnabled(), b.toolTip()) for b in
               (tracker.start_button, tracker.previous_button, tracker.up_button, tracker.down_button,
                tracker.remove_button, tracker.add_button, *tracker.option_buttons)]
    tracker._fill_add_menu()  # what the Add ▾ menu lists when it opens
    menu = [(a.text(), a.isEnabled(), a.toolTip()) for a in tracker.add_menu.actions()]
    return (tracker.round_label.text(), tracker.note_label.text(), tracker.note_label.isVisibleTo(tracker),
            tuple(rows), tracker.order_list.currentRow(), tracker.order_list.dragEnabled(),
            tuple(buttons), tuple(menu))


def _panel_shows(panel: TokenPanel) -> tuple[object, ...]:
    """What the token panel shows, its stat block as the GM sees it on bringing its tab in front."""
    in_front = panel.tabs.currentIndex()
    panel.tabs.setCurrentWidget(panel.form)
    block, modified, message = panel.form.block(), panel.form.is_modified(), panel.form.message.text()
    panel.tabs.setCurrentIndex(in_front)
    return (panel.token_id, panel.isEnabled(), panel.title.text(), panel.name_edit.text(),
            panel.side_box.currentText(), panel.size_box.currentText(), panel.hidden_box.isChecked(),
            shown_rows(panel.derived), shown_rows(panel.conditions), block, modified, message)


def _token_menu(window: MainWindow, token_id: str) -> list[tuple[str, bool, str]]:
    """The token's right-click menu entries the turn order adds ("Add to combat" / "Remove …")."""
    menu = QMenu()
    window.workspace.token_menu._sections["turn-order"](menu, token_id)
    shown = [(a.text(), a.isEnabled(), a.toolTip()) for a in menu.actions()]
    menu.deleteLater()
    return shown


def _session(window: MainWindow, count: int) -> Iterator[str]:
    """The long session's steps (benchmarks/long_session.py): a turn change, the GM placing the
    acting token on the next free tile, and an undo with its redo."""
    document = window.document
    encounter = document.encounter
    tiles = [(x, y) for y in range(encounter.map.height) for x in range(encounter.map.width)]
    for step in range(count):
        turn = ask_turn(document.encounter)
        if step % 6 == 5 and document.undo_stack.canUndo():
            document.undo_stack.undo()
            yield "undo"
            document.undo_stack.redo()
            yield "redo"
        elif turn is None:
            window.tracker.start_combat()
            yield "start"
        elif step % 6 == 0 and turn.actor is not None and window.tracker.isVisible():  # the GM presses
            # the first option's button
            button = next(b for b in window.tracker.option_buttons if b.isEnabled())
            option = window.tracker.options[window.tracker.option_buttons.index(button)]
            before = document.undo_stack.count()
            button.click()
            assert document.undo_stack.text(before) == f"Turn: {option.label}"  # the option it shows
            yield "button"
        elif step % 3 == 0 or turn.actor is None:
            window.tracker.next_turn()
            yield "turn"
        else:
            place_on_a_free_tile(document, turn.actor, tiles, step)
            yield "place"


@pytest.fixture
def window(qtbot, gm_window) -> MainWindow:
    gm_window.docks["Turn tracker"].raise_()
    return gm_window


def test_the_tracker_and_token_panel_show_at_every_step_what_fresh_ones_show(qtbot, window):
    document = window.document
    dock = window.docks["Turn tracker"]
    kinds = set()
    for step, kind in enumerate(_session(window, 48)):
        kinds.add(kind)
        if step in (20, 30):  # the GM closes the tracker's dock for a while: it asks nothing then
            dock.setVisible(step == 30)
        if kind in ("start", "turn", "button"):  # hidden or not, the acting token is selected
            assert window.workspace.selection.token == ask_turn(document.encounter).actor
        selected = window.workspace.selection.token
        fresh = TurnTracker(document)
        fresh.select_token(selected)
        panel = TokenPanel(document)
        panel.show_token(selected)
        if dock.isVisible():
            assert not window.tracker.stale
            assert _tracker_shows(window.tracker) == _tracker_shows(fresh), kind
        elif step > 20:  # a change since the dock closed: drawn when it shows again
            assert window.tracker.stale, kind
        assert _panel_shows(window.token_panel) == _panel_shows(panel), kind
        for token in document.encounter.tokens:  # the token menu: the tracker's answers, shared
            assert combat_menu_entry(document, token.id, window.tracker.answers) == combat_menu_entry(
                document, token.id), kind
        if selected is not None and ask_turn(document.encounter) is not None:
            option = combat_menu_entry(document, selected)  # asked afresh
            assert option is not None
            assert _token_menu(window, selected) == [("Combat", True, "Combat"), (
                option.label, option.legal, option.explanation or option.summary)], kind
        for widget in (fresh, panel):
            document.changed.disconnect(widget.refresh if widget is fresh else panel._document_changed)
            widget.deleteLater()
    assert kinds >= {"start", "button", "turn", "place", "undo", "redo"}
    window.tracker.next_turn()  # the State tab in front: the new actor's block waits for its tab
    assert window.token_panel.token_id == ask_turn(document.encounter).actor
    assert window.token_panel.block_stale


def test_the_stat_block_behind_its_tab_is_loaded_when_the_tab_comes_in_front(qtbot, window):
    """"The stat block is a form drawn from the ruleset's schema" — loaded for the selected token
    when the GM brings its tab in front, as a panel built then loads it."""
    panel = window.token_panel
    panel.tabs.setCurrentIndex(0)
    first, second = (t.id for t in document_tokens(window)[:2])
    window.workspace.selection.select_token(first)
    window.workspace.selection.select_token(second)
    assert panel.block_stale and panel.token_id == second
    panel.tabs.setCurrentWidget(panel.form)
    assert not panel.block_stale
    assert panel.form.block() == dict(window.document.encounter.token(second).stats)


def document_tokens(window: MainWindow):
    return [t for t in window.document.encounter.tokens if t.stats]


def test_an_encounter_an_undo_brings_back_is_not_asked_its_reachable_area_again(gm_window, monkeypatch):
    """The reachable area is a pure answer of the engine for an encounter and a token: the same
    encounter (an undo and its redo) gets the same answer, asked once; another encounter is asked."""
    import vantage.gui.play.tactics_overlay as overlay_module

    asked = []

    def counting(encounter, token_id):
        asked.append((encounter, token_id))
        return ask_reachable(encounter, token_id)

    monkeypatch.setattr(overlay_module, "ask_reachable", counting)
    answers = ReachableAnswers()
    encounter = gm_window.document.encounter
    token = encounter.tokens[0].id
    first = answers.reachable(encounter, token)
    assert answers.reachable(encounter, token) is first and len(asked) == 1
    other = encounter.tokens[1].id
    answers.reachable(encounter, other)
    assert len(asked) == 2
    for _ in range(ReachableAnswers.KEPT):  # an equal encounter is another one: asked
        answers.reachable(replace(encounter), token)
    answers.reachable(encounter, token)
    assert len(asked) == 2 + ReachableAnswers.KEPT + 1
