"""The turn order by hand in the GM window (issue 16, item 2: "reorder, add a token to a running
combat or remove one"): Move up / Move down (and Alt+Up / Alt+Down, and a drag), "Add to combat"
from the tracker and from the token's menu, "Remove from combat" from both; every edit one undo
step and a line in the log; what the ruleset refuses greyed with its reason (Baton: no per-token
order). The GUI only asks ``ask_turn_order_edits`` and sends the commands it lists."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QApplication

from vantage.engine.dice import SeededDice
from vantage.engine.protocol.commands import Answer, SetTableDice, StartCombat
from vantage.engine.rules.asking import ask_pending, ask_turn
from vantage.gui.document import run_command
from vantage.gui.play.turn_tracker import (
    ADD_TO_COMBAT,
    MOVE_DOWN_SHORTCUT,
    MOVE_UP_SHORTCUT,
    REMOVE_FROM_COMBAT,
    attach_turn_order_menu,
)


def start(window, participants=(), options=None):
    """Vantage rolls every die; the combat starts with ``participants`` (all when empty)."""
    document = window.document
    document.dice = SeededDice(7)
    run_command(document, "Vantage rolls", SetTableDice())
    start_it = StartCombat(participants=tuple(participants), options=options or {})
    run_command(document, "Start combat", start_it)
    assert ask_turn(document.encounter) is not None and not ask_pending(document.encounter)


def rows(tracker) -> list[str]:
    listed = tracker.order_list
    return [listed.item(i).data(Qt.ItemDataRole.UserRole) for i in range(listed.count())]


def select(tracker, token: str) -> None:
    tracker.order_list.setCurrentRow(rows(tracker).index(token))


def second_token(tracker) -> str:
    """A token whose next turn is yet to begin and that is not last: the one after the actor."""
    turn = ask_turn(tracker.document.encounter)
    return turn.entries[turn.current + 1].token


def test_move_down_and_up_from_the_buttons_and_undo(qtbot, demo_panels):
    tracker = demo_panels.tracker
    start(demo_panels)
    before = rows(tracker)
    token = second_token(tracker)
    select(tracker, token)
    assert tracker.down_button.isEnabled()
    assert tracker.down_button.toolTip().startswith("Move down (Alt+Down): ")
    assert "a GM override for this round" in tracker.down_button.toolTip()
    tracker.down_button.click()
    after = rows(tracker)
    assert after.index(token) == before.index(token) + 1
    assert demo_panels.document.undo_stack.undoText().startswith("Move ")
    assert list(demo_panels.document.log)[-1].sentence.startswith("The GM moves ")  # a line in the log
    assert tracker.order_list.currentItem().data(Qt.ItemDataRole.UserRole) == token  # still selected
    tracker.up_button.click()
    assert rows(tracker) == before
    demo_panels.document.undo_stack.undo()
    assert rows(tracker) == after
    demo_panels.document.undo_stack.undo()
    assert rows(tracker) == before


def test_the_actors_turn_cannot_move_and_says_why(qtbot, demo_panels):
    tracker = demo_panels.tracker
    start(demo_panels)
    turn = ask_turn(demo_panels.document.encounter)
    while [e.token for e in turn.entries].count(turn.actor) > 1:  # an extra turn still to come may move
        tracker.next_turn()
        turn = ask_turn(demo_panels.document.encounter)
    tracker.order_list.setCurrentRow(turn.current)
    assert not tracker.up_button.isEnabled() and not tracker.down_button.isEnabled()
    assert "is acting now: only a turn yet to begin can move" in tracker.up_button.toolTip()


def test_alt_down_moves_the_selected_turn_while_the_tracker_has_the_focus(qtbot, demo_panels):
    tracker = demo_panels.tracker
    start(demo_panels)
    token = second_token(tracker)
    before = rows(tracker)
    select(tracker, token)
    tracker.order_list.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is tracker.order_list, timeout=2000)
    assert [s.key().toString() for s in tracker.shortcuts] == [MOVE_UP_SHORTCUT, MOVE_DOWN_SHORTCUT]
    qtbot.keyClick(tracker.order_list, Qt.Key.Key_Down, Qt.KeyboardModifier.AltModifier)
    assert rows(tracker).index(token) == before.index(token) + 1
    qtbot.keyClick(tracker.order_list, Qt.Key.Key_Up, Qt.KeyboardModifier.AltModifier)
    assert rows(tracker) == before


def test_dragging_a_turn_to_another_place_moves_it(qtbot, demo_panels):
    tracker = demo_panels.tracker
    start(demo_panels)
    token = second_token(tracker)
    before = rows(tracker)
    source = before.index(token)
    target = source + 2
    assert tracker.order_list.item(source).flags() & Qt.ItemFlag.ItemIsDragEnabled
    assert not tracker.order_list.item(ask_turn(demo_panels.document.encounter).current).flags() \
        & Qt.ItemFlag.ItemIsDragEnabled  # the turn acting now stays
    tracker.order_list.setCurrentRow(source)
    rect = tracker.order_list.visualItemRect(tracker.order_list.item(target))
    drop = QDropEvent(QPointF(rect.center().x(), rect.bottom() - 1), Qt.DropAction.MoveAction, QMimeData(),
                      Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    tracker.order_list.dropEvent(drop)  # below the middle of row ``target``: it goes after it
    qtbot.waitUntil(lambda: rows(tracker) != before, timeout=2000)
    assert rows(tracker).index(token) == target
    assert len(rows(tracker)) == len(before)  # the drop itself moved no item: the engine did


def test_remove_from_combat_keeps_the_token_on_the_map_and_undo_brings_it_back(qtbot, demo_panels):
    tracker = demo_panels.tracker
    start(demo_panels)
    token = second_token(tracker)
    select(tracker, token)
    assert tracker.remove_button.isEnabled()
    messages = []
    tracker.message.connect(messages.append)
    tracker.remove_button.click()
    name = demo_panels.document.encounter.token(token).name
    assert token not in rows(tracker)
    assert token in demo_panels.scene.token_items  # still on the map
    assert messages == [f"{name} leaves the combat; it stays on the map."]
    assert demo_panels.document.undo_stack.undoText() == f"Remove {name} from combat"
    demo_panels.document.undo_stack.undo()
    assert token in rows(tracker)


def test_add_to_combat_lists_the_tokens_out_of_the_combat(qtbot, demo_panels):
    tracker = demo_panels.tracker
    start(demo_panels, participants=("bram", "ilse", "ghoul-1"))
    tracker._fill_add_menu()
    entries = {a.text(): a for a in tracker.add_menu.actions()}
    ogre = demo_panels.document.encounter.token("ogre").name
    assert ogre in entries and entries[ogre].isEnabled()
    assert "Bram" not in entries  # already in the combat
    assert "its Initiative attribute places it" in entries[ogre].toolTip()
    entries[ogre].trigger()
    assert "ogre" in rows(tracker)
    assert demo_panels.document.undo_stack.undoText() == f"Add {ogre} to combat"
    demo_panels.document.undo_stack.undo()
    assert "ogre" not in rows(tracker)


def test_the_tokens_menu_adds_and_removes_it(qtbot, demo_panels):
    tracker = demo_panels.tracker
    attach_turn_order_menu(demo_panels.workspace, demo_panels.tracker)
    attach_turn_order_menu(demo_panels.workspace, demo_panels.tracker)  # twice: one entry
    start(demo_panels, participants=("bram", "ilse", "ghoul-1"))

    def entry(token):
        menu = demo_panels.attack_menu.build(None, token, demo_panels.host)
        found = [a for a in menu.actions() if a.text() in (ADD_TO_COMBAT, REMOVE_FROM_COMBAT)]
        assert len(found) == 1
        return found[0]

    add = entry("ogre")
    assert add.text() == ADD_TO_COMBAT and add.isEnabled()
    add.trigger()
    assert "ogre" in rows(tracker)
    remove = entry("ogre")
    assert remove.text() == REMOVE_FROM_COMBAT and remove.isEnabled()
    assert "stays on the map" in remove.toolTip()
    remove.trigger()
    assert "ogre" not in rows(tracker) and "ogre" in demo_panels.scene.token_items


def test_before_a_combat_the_edits_are_greyed_with_the_reason(qtbot, demo_panels):
    tracker = demo_panels.tracker
    attach_turn_order_menu(demo_panels.workspace, demo_panels.tracker)
    for button in (tracker.up_button, tracker.down_button, tracker.remove_button, tracker.add_button):
        assert not button.isEnabled()
        assert "Not in combat" in button.toolTip()
    menu = demo_panels.attack_menu.build(None, "ogre", demo_panels.host)
    assert ADD_TO_COMBAT not in [a.text() for a in menu.actions()]  # no combat to join from a menu


@pytest.fixture
def baton_panels(sample_panels):
    return sample_panels("06-baton-crossroads.json", centre=(8, 7), vantage_rolls=False)


def test_baton_has_no_order_to_rearrange_the_buttons_say_why(qtbot, baton_panels):
    """Baton: the initiative "is passed like a baton among the characters over the course of a
    fight" — Move up / Move down are greyed with that reason and nothing can be dragged."""
    tracker = baton_panels.tracker
    start(baton_panels, participants=("bram", "ysolde", "cultist-1", "skeleton"), options={"first": "bram"})
    select(tracker, "ysolde")
    assert not tracker.up_button.isEnabled() and not tracker.down_button.isEnabled()
    assert "is passed like a baton" in tracker.up_button.toolTip()
    assert not tracker.order_list.dragEnabled()
    assert tracker.remove_button.isEnabled()  # but a character may leave
    tracker._fill_add_menu()
    ogre = next(a for a in tracker.add_menu.actions() if a.text() == "Ogre")
    ogre.trigger()
    assert "ogre" in rows(tracker)


@pytest.fixture
def shattered_panels(sample_panels):
    return sample_panels("05-shattered-world-ford.json", centre=(10, 7), vantage_rolls=False)


def test_a_newcomer_whose_dice_are_at_the_table_waits_for_its_initiative_roll(qtbot, shattered_panels):
    """"a token that joins rolls … its initiative the way its ruleset does it (with the table dice
    when its dice are at the table — a pending decision, as the other rolls)"."""
    window, tracker = shattered_panels, shattered_panels.tracker
    start(window, participants=("bram", "ada", "ssith", "kessa"))
    run_command(window.document, "Wolf rolls at the table", SetTableDice(tokens=("wolf",)))
    tracker._fill_add_menu()
    next(a for a in tracker.add_menu.actions() if a.text() == "Wolf").trigger()
    (decision,) = ask_pending(window.document.encounter)
    assert decision.kind == "roll" and "Wolf Initiative" in decision.prompt
    assert "wolf" not in rows(tracker)  # nothing joins until the table answers
    run_command(window.document, "Answer", Answer(faces=(7,)))
    assert "wolf" in rows(tracker)
    assert any(e.startswith("Wolf") for e in (tracker.order_list.item(i).text()
                                               for i in range(tracker.order_list.count())))


def test_a_token_selected_on_the_map_selects_its_turn_for_the_buttons(qtbot, demo_panels):
    tracker = demo_panels.tracker
    attach_turn_order_menu(demo_panels.workspace, demo_panels.tracker)
    start(demo_panels)
    token = second_token(tracker)
    demo_panels.workspace.selection.select_token(token)
    assert tracker.order_list.currentItem().data(Qt.ItemDataRole.UserRole) == token
    assert tracker.down_button.isEnabled()
    before = rows(tracker)
    tracker.down_button.click()
    assert rows(tracker).index(token) == before.index(token) + 1
