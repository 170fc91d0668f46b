"""The GM window plays Power Tiers (issue 17: "a sample encounter for this ruleset plays in the GM
window ... with no ruleset-specific code in gui/"): the sample map maps/04-power-tiers-ambush.json
opens, the turn tracker shows the initiative order and the three actions, a drag moves a token by
the engine's answer, the right-click menu attacks, and the Decisions panel answers a grab's
"defense or wrestle" choice."""

from __future__ import annotations

import pytest
from gm_windows import drag
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from vantage.engine.dice import ScriptedDice
from vantage.engine.rules.asking import ask_pending, ask_turn

SAMPLE = "04-power-tiers-ambush.json"
#: initiative, in map order: Bram 20 + 5, then every other token 1 + its Dexterity
INITIATIVE = [20, 1, 1, 1, 1, 1, 1]

#: a whole turn in the GM window: the tracker, the Decisions panel, the menu and the map together
pytestmark = pytest.mark.slow


@pytest.fixture
def pt_window(sample_window):
    return sample_window(SAMPLE, centre=(7, 7))


def _start(window):
    window.document.dice = ScriptedDice(INITIATIVE)
    window.tracker.start_combat()
    assert ask_turn(window.encounter).actor == "bram"


def _menu_on(qtbot, window, attacker_tile, target_tile):
    view = window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view(attacker_tile))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.tile_centre_in_view(target_tile))
    menu = window.attack_menu.menu
    assert menu is not None and menu.isVisible()
    return menu


def test_the_sample_opens_and_the_tracker_shows_the_order_and_three_actions(qtbot, pt_window):
    window = pt_window
    assert window.encounter.ruleset == "power-tiers"
    assert window.tracker.round_label.text() == "Not in combat"
    _start(window)
    tracker = window.tracker
    assert tracker.round_label.text() == "Round 1 · Bram acts · party holds the initiative · actions 3/3"
    entries = [tracker.order_list.item(i).text() for i in range(tracker.order_list.count())]
    assert entries[0] == "Bram  (initiative 25)" and len(entries) == 7
    assert [b.text() for b in tracker.option_buttons] == ["End turn"]
    # the layered bar: Fortitude over Health
    assert [s.text for s in window.scene.token_items["bram"].segments] == ["Fortitude 8/8", "Health 10/10"]


def test_a_drag_moves_the_token_by_the_engines_answer_and_spends_an_action(qtbot, pt_window):
    """"moving up to your speed" is one action; Bram's speed is 20 ft, 4 tiles."""
    window = pt_window
    _start(window)
    drag(qtbot, window, (5, 6), (5, 4))
    assert window.encounter.token("bram").position == (5, 4)
    assert window.document.log[-1].sentence == "Bram moves 2 tiles to (5, 4) (2 actions left)."
    assert "actions 2/3" in window.tracker.round_label.text()
    before = window.encounter
    drag(qtbot, window, (5, 4), (0, 4))  # 5 tiles: more than the speed
    assert window.encounter is before
    assert window.statusBar().currentMessage() == "Bram cannot move to (0, 4): needs 5 tiles, has 4"


def test_the_right_click_menu_attacks_with_the_odds_and_flashes_the_result(qtbot, pt_window):
    window = pt_window
    _start(window)
    drag(qtbot, window, (5, 6), (6, 6))  # next to the Brigand at (7, 7)
    menu = _menu_on(qtbot, window, (6, 6), (7, 7))
    labels = [a.text() for a in menu.actions()]
    assert any(text.startswith("Standard attack with the Shortsword  —  hit ") for text in labels)
    assert any(text.startswith("Grab  —  success ") for text in labels)
    attack = next(a for a in menu.actions() if a.text().startswith("Standard attack with the Shortsword"))
    window.document.dice = ScriptedDice([15, 2, 4])  # 17 against 3: a critical hit, 4 × 2 = 8
    attack.trigger()
    sentences = [e.sentence for e in window.document.log]
    hit = "Bram's attack with the Shortsword beats Brigand's defence, 17 against 3 — a critical hit."
    assert hit in sentences
    assert window.encounter.combat["creatures"]["brigand"]["fortitude"] == 0
    assert [s.text for s in window.scene.token_items["brigand"].segments] == ["Fortitude 0/6", "Health 7/8"]
    flashes = [i for i in window.scene.items() if isinstance(i, QGraphicsSimpleTextItem) and i.zValue() == 40]
    assert [f.text() for f in flashes] == ["critical hit · 6 fortitude, 1 health"]


def test_a_grab_waits_for_the_defenders_choice_in_the_decisions_panel(qtbot, pt_window):
    """"make an attack roll with your unarmed skill vs the opponent's defense or wrestle skill": the
    opponent's choice, answered in the Decisions panel."""
    window = pt_window
    _start(window)
    drag(qtbot, window, (5, 6), (6, 6))
    menu = _menu_on(qtbot, window, (6, 6), (7, 7))
    grab = next(a for a in menu.actions() if a.text().startswith("Grab"))
    grab.trigger()
    (decision,) = ask_pending(window.encounter)
    panel = window.decision_panel
    assert panel.title.text() == "Choice · Brigand decides"
    assert panel.prompt.text() == "Bram tries to grab Brigand: defend with defence or Wrestle?"
    labels = [b.text().split("\n")[0].split(" · ")[0] for b in panel.choice_buttons]  # a long one: 2 lines
    assert labels == ["Defence +1", "Wrestle +0"]
    window.document.dice = ScriptedDice([18, 3])  # 18 + 0 against 3 + 0
    panel.choice_buttons[1].click()
    assert not ask_pending(window.encounter)
    assert "Bram grabs Brigand." in [e.sentence for e in window.document.log]
    assert window.encounter.combat["creatures"]["bram"]["grabbing"] == "brigand"
    assert "grabbing Brigand" in window.tracker.note_label.text()
