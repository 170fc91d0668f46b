"""Right-click attacks (issue 5): "right-click a target → the actions the ruleset allows with their
current modifiers explained ...; choosing one resolves it through the engine, animates the result
briefly, and appends the events to the log." Turn tracker: "next/previous turn and the active
token highlighted"."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from vantage.engine.dice import ScriptedDice
from vantage.gui.play.attack_menu import AttackMenu


def _adjacent(window):
    e = window.encounter
    bram = replace(e.token("bram"), position=(14, 10), facing=e.token("bram").facing)
    ilse = replace(e.token("ilse"), position=(16, 10), conditions=())
    window.document.reset(e.with_token(bram).with_token(ilse), None)


def _start_combat_with_bram_acting(window):
    # high faces first: the initiative rolls; Bram's comes first in token order
    window.document.dice = ScriptedDice([20] + [1] * 10 + [10] * 40)
    window.tracker.start_combat()
    for _ in range(len(window.encounter.tokens)):
        if window.tracker.active == "bram":
            return window
        window.tracker.next_turn()
    raise AssertionError("Bram never got a turn")


def test_right_click_lists_the_engines_options_with_the_odds(qtbot, gm_window):
    # Avorkarth: "-1 dodge per additional ally of the attacker within melee range of the target"
    _adjacent(gm_window)
    view = gm_window.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((14, 10)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.tile_centre_in_view((15, 10)))
    menu = gm_window.attack_menu.menu
    assert menu is not None and menu.isVisible()
    labels = [a.text() for a in menu.actions()]
    assert any(text.startswith("Attack with the Longsword  —  Attack 4 vs Dodge 3") for text in labels)
    assert any("flanked by 1 more −1" in text for text in labels)
    assert any(text.startswith("Trip") for text in labels)
    menu.close()


def test_choosing_an_attack_resolves_it_logs_the_events_and_flashes_the_result(qtbot, gm_window):
    _adjacent(gm_window)
    _start_combat_with_bram_acting(gm_window)
    view = gm_window.view
    gm_window.document.dice = ScriptedDice([15] * 40)
    before = len(gm_window.document.log)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((14, 10)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.tile_centre_in_view((15, 10)))
    menu = gm_window.attack_menu.menu
    attack = next(a for a in menu.actions() if a.text().startswith("Attack with the Longsword"))
    attack.trigger()
    new = gm_window.document.log[before:]
    assert any("Bram" in e.sentence and "Ghoul" in e.sentence for e in new)
    assert any(e.kind == "hit" and e.details for e in new)  # the roll folded into the hit's details
    items = gm_window.scene.items()
    flashes = [i for i in items if isinstance(i, QGraphicsSimpleTextItem) and i.zValue() == 40]
    assert flashes
    assert gm_window.window_actions.undo.text().startswith("&Undo Attack with the Longsword")
    gm_window.window_actions.undo.trigger()
    assert len(gm_window.document.log) == before
    gm_window.window_actions.redo.trigger()
    assert len(gm_window.document.log) > before


def test_without_a_selected_attacker_the_menu_says_so(qtbot, gm_window):
    menu = AttackMenu(gm_window.document, gm_window.scene).build(None, "ogre", gm_window)
    assert "select an attacker first" in menu.actions()[0].text()


def test_an_attack_out_of_turn_is_refused_with_the_engines_reason(qtbot, gm_window):
    _adjacent(gm_window)
    menu = gm_window.attack_menu.build("bram", "ghoul-1", gm_window)
    attack = next(a for a in menu.actions() if a.text().startswith("Attack with"))
    before = gm_window.encounter
    attack.trigger()
    assert gm_window.encounter is before
    assert "refused" in gm_window.statusBar().currentMessage()


def test_turn_tracker_next_and_previous_and_the_active_token_ring(qtbot, gm_window):
    gm_window.document.dice = ScriptedDice([10] * 60)
    gm_window.tracker.start_combat()
    first = gm_window.tracker.active
    assert first is not None and gm_window.scene.token_items[first].active
    assert "Round 1" in gm_window.tracker.round_label.text()
    gm_window.tracker.next_turn()
    second = gm_window.tracker.active
    assert second != first and gm_window.scene.token_items[second].active
    assert not gm_window.scene.token_items[first].active
    gm_window.tracker.previous_turn()
    assert gm_window.tracker.active == first


def test_health_bars_appear_in_combat_and_follow_the_wound_ledger(qtbot, gm_window):
    # Avorkarth: death "at the wound stat"; the bar shows the share of the ledger still free
    from vantage.engine.protocol.commands import ApplyDamage
    from vantage.gui.document import run_command

    assert gm_window.scene.token_items["ghoul-1"].health is None
    gm_window.document.dice = ScriptedDice([10] * 60)
    gm_window.tracker.start_combat()
    assert gm_window.scene.token_items["ghoul-1"].health == 1.0
    run_command(gm_window.document, "Hurt the ghoul", ApplyDamage(token="ghoul-1", amount=50))
    assert gm_window.scene.token_items["ghoul-1"].health == 0.75  # 1 of its 4 wounds


def test_delay_hands_the_turn_on_and_resume_brings_the_token_back(qtbot, gm_window):
    # Avorkarth: "staying actions and re-entering before a later creature's turn" — the tracker
    # shows exactly the ruleset's turn options: End turn, Stay, and Resume for a stayed token
    gm_window.document.dice = ScriptedDice([10] * 60)
    tracker = gm_window.tracker
    tracker.start_combat()
    first = tracker.active
    assert [b.text() for b in tracker.option_buttons] == ["End turn", "Stay"]
    stay = tracker.option_buttons[1]
    stay.click()
    assert tracker.active != first
    assert gm_window.window_actions.undo.text().startswith("&Undo Turn: Stay")
    name = gm_window.encounter.token(first).name
    resume = next(b for b in tracker.option_buttons if b.text() == f"Resume {name}")
    assert resume.isEnabled() and "re-enters" in resume.toolTip()
    resume.click()
    assert tracker.active == first
    assert "re-enters" in gm_window.document.log[-1].sentence
