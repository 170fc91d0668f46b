"""The GM window plays The Shattered World from its sample map (maps/05-shattered-world-ford.json)
with no ruleset-specific code in gui/: the turn tracker shows the passes of attacks ("All characters
and/or monsters make at most one Attack, in descending order. Any characters or monsters eligible
for a second Attack then act in descending Initiative order"), a drag moves a token by the engine's
answer, the right-click menu attacks, and the Decisions panel answers the defender's Dodge ("the
Dodge roll is rolled before the opposing Attack roll") and Parry ("a Parry is rolled after the
opposing Attack has hit")."""

from __future__ import annotations

import pytest
from gm_windows import drag
from PySide6.QtCore import Qt

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Move
from vantage.engine.rules.asking import ask_pending, ask_turn

SAMPLE = "05-shattered-world-ford.json"
#: Bram 7, Ada 9 + 1, Dorin 5, Ssith 8, Kessa 3, Wolf 6 + 1
INITIATIVE = [7, 9, 5, 8, 3, 6]

#: a whole turn in the GM window: the tracker, the Decisions panel, the menu and the map together
pytestmark = pytest.mark.slow


@pytest.fixture
def ford_window(sample_window):
    return sample_window(SAMPLE, centre=(10, 7))


def _start(window):
    window.document.dice = ScriptedDice(INITIATIVE)
    window.tracker.start_combat()


def test_the_tracker_shows_the_passes_of_attacks(qtbot, ford_window):
    window = ford_window
    assert window.tracker.round_label.text() == "Not in combat"
    _start(window)
    rows = [window.tracker.order_list.item(i).text() for i in range(window.tracker.order_list.count())]
    assert rows == [
        "Ada  (initiative 10)",
        "Ssith  (initiative 8)",
        "Wolf  (initiative 7)",
        "Bram  (initiative 7)",
        "Dorin  (initiative 5)",
        "Kessa  (initiative 3)",
        "Ssith  (second Attack, initiative 8)",
        "Bram  (second Attack, initiative 7)",
        "Dorin  (second Attack, initiative 5)",
        "Kessa  (second Attack, initiative 3)",
    ]
    assert window.tracker.active == "ada"
    assert window.tracker.round_label.text().startswith("Round 1 · daylight · Ada acts")
    assert "step or move 1/1, attack 1/1, parry 1/1" in window.tracker.round_label.text()
    assert [b.text() for b in window.tracker.option_buttons] == ["End turn"]
    window.tracker.option_buttons[0].click()
    assert window.tracker.active == "ssith"


def test_a_drag_moves_by_the_engines_answer(qtbot, ford_window):
    """ "Normal Human characters can move 50 feet per Round"; a Step is one square."""
    window = ford_window
    _start(window)
    drag(qtbot, window, (11, 10), (11, 8))
    sent = window.document.commands[-1]
    assert isinstance(sent, Move) and sent.token == "ada" and sent.path[-1] == (11, 8)
    assert window.encounter.token("ada").position == (11, 8)
    assert window.document.log[-1].sentence == (
        "Ada moves 10 ft to (11, 8); a Normal Move leaves an Attack or a Parry this Round."
    )
    slots = {s.name: s.left for s in ask_turn(window.encounter).slots}
    assert slots["step or move"] == 0


def test_the_drag_shows_a_one_square_move_is_a_step_unless_the_gm_says_normal_move(qtbot, ford_window):
    """ "A Step is 5' (usually one map square on battle maps). A Normal Move is the character's normal
    per-round movement rate." — the drag's label says which the move is and what it leaves (the engine's
    ``move_preview``); the Move box's "Normal Move" is the GM saying otherwise."""
    window = ford_window
    _start(window)
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view((11, 10)))
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view((11, 9)))
    assert window.play_tool.overlay.label.endswith("· a Step: keeps the Attack and the Parry")
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view((11, 8)))
    assert window.play_tool.overlay.label.endswith("· a Normal Move: leaves an Attack or a Parry")
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view((11, 9)))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view((11, 9)))
    assert window.document.log[-1].sentence == (
        "Ada steps 5 ft to (11, 9); a Step keeps the Attack and the Parry."
    )
    assert {s.name: s.left for s in ask_turn(window.encounter).slots}["attack"] == 1
    modes = window.play_tool.modes
    assert [modes.combo.itemText(i) for i in range(modes.combo.count())] == [
        "Step or Normal Move",
        "Normal Move",
    ]
    window.tracker.option_buttons[0].click()  # Ada ends her turn: Ssith's turn
    modes.choose("normal")
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view((9, 6)))
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view((9, 7)))
    assert window.play_tool.overlay.label.endswith("· a Normal Move: leaves an Attack or a Parry")
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view((9, 7)))
    assert window.document.commands[-1].options == {"mode": "normal"}
    assert window.document.log[-1].sentence == (
        "Ssith moves 5 ft to (9, 7); a Normal Move leaves an Attack or a Parry this Round."
    )


def test_an_attack_through_the_menu_waits_for_the_dodge_and_the_parry(qtbot, ford_window):
    window = ford_window
    _start(window)
    window.tracker.option_buttons[0].click()  # Ada ends her turn: Ssith's turn
    view = window.view
    drag(qtbot, window, (9, 6), (9, 7))  # "A Step is 5' (usually one map square on battle maps)"
    assert window.document.commands[-1].options == {}
    assert window.document.log[-1].sentence == (
        "Ssith steps 5 ft to (9, 7); a Step keeps the Attack and the Parry."
    )
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((9, 7)))
    window.document.dice = ScriptedDice([5, 8, 9])  # Ssith hits (5 ≤ 13), Bram parries (8 ≤ 12), 1d10 9
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.tile_centre_in_view((9, 8)))
    menu = window.attack_menu.menu
    labels = [a.text() for a in menu.actions()]
    assert any(t.startswith("Attack with the Spear") and "65%" in t for t in labels)
    assert any(t.startswith("Throw the Spear") for t in labels)
    next(a for a in menu.actions() if a.text().startswith("Attack with the Spear")).trigger()
    panel = window.decision_panel
    assert panel.prompt.text() == "Ssith attacks Bram: does Bram Dodge first?"
    assert panel.title.text() == "Reaction · Bram decides"
    no = next(b for b in panel.choice_buttons if b.text().startswith("No Dodge"))
    no.click()
    assert panel.prompt.text().startswith(
        "Ssith hits Bram with the Spear (1d20 [5] = 5 against Spear skill 13)"
    )
    kite = next(b for b in panel.choice_buttons if b.text().startswith("Parry with the Kite"))
    assert "parry 60%" in kite.text()
    kite.click()
    assert not ask_pending(window.encounter)
    sentences = [e.sentence for e in window.document.log]
    assert sentences[-6:-1] == [
        "Waiting for Bram: Ssith attacks Bram: does Bram Dodge first?",
        "Bram: No Dodge.",
        "Waiting for Bram: Ssith hits Bram with the Spear (1d20 [5] = 5 against Spear "
        "skill 13): does Bram Parry?",
        "Bram: Parry with the Kite.",
        "Ssith hits Bram with the Spear.",
    ]
    assert sentences[-1] == "Bram's Kite absorbs the blow (Spear 1d10 9 + Strength bonus 1 = 10, Armor 16)."
    assert window.encounter.token("bram").position == (9, 8)
