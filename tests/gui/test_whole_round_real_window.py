"""A whole round of Avorkarth as a GM plays it, in real windows (an X server, Xvfb — not the
offscreen platform), with real keys and mouse clicks.

Issue 16, "Done when": "A GUI test drives a whole round in a real window (Xvfb, pytest-qt) with
the party's dice entered by hand, a monster added from the library and hidden, then revealed,
damage applied by hand, a ruler and a cone shown on the projector, and the combat ended."

``test_a_whole_round_in_real_windows`` starts Xvfb and runs ``test_the_gm_plays_a_whole_round``
in it (a pytest-qt test, in its own pytest so its QApplication is on the X server); that test is
skipped anywhere else. The GM opens the ruined courtyard sample, whose party rolls at the table
(``table_dice`` in the file), and the player view beside it; then:

1. adds a Gladiator from the Creatures library (Ctrl+Shift+M, "glad" typed in the filter,
   double-click): it comes hidden, as new tokens do while the player view is open; H reveals it
   and H hides it again: faded on the GM's map, absent from the projector's scene;
2. starts combat (Ctrl+K): Mira's morale check waits for her player, typed into the table-roll
   prompt ("1", "2", Enter);
3. reveals the Gladiator (H): on the projector again;
4. damages it by hand: the Token panel's Damage… button, "2", Enter in the damage dialog;
5. drags a cone (T), ticks "Shown on the projector", then drags the ruler (R) with "Show the
   ruler to the players" ticked: both on the player window's scene at once;
6. steps the turns through the round (N), each party member's morale face typed in the prompt;
   once, Previous turn (Shift+N) and N again: the turn comes back without asking the table again;
7. ends the combat (Ctrl+Shift+K, then Enter in the bar that asks).

After each step it checks what the GM would see: the log line, the tracker, the projector.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from xvfb import inside_xvfb, needs_xvfb, run_tests_inside

#: set by the outer test for the inner one, which only runs under it
INSIDE = "VANTAGE_WHOLE_ROUND_XVFB"
SESSION_TIMEOUT_S = 240
SAMPLE = "01-ruined-courtyard.json"

#: the whole round across the GM window and the projector, in real windows under Xvfb
pytestmark = pytest.mark.slow


@needs_xvfb
@pytest.mark.skipif(inside_xvfb(INSIDE), reason="this is the launcher; it runs outside Xvfb")
def test_a_whole_round_in_real_windows(tmp_path):
    inner = f"{Path(__file__).resolve()}::test_the_gm_plays_a_whole_round"
    done, report = run_tests_inside(inner, INSIDE, tmp_path, timeout=SESSION_TIMEOUT_S)
    assert done.returncode == 0, report
    assert "1 passed" in done.stdout, report


# -- the GM's session, inside Xvfb -------------------------------------------------------------

def _sentences(window) -> list[str]:
    return [entry.sentence for entry in window.document.log]


def _details(window) -> list[str]:
    return [d for entry in window.document.log for d in entry.details]


def _round_two_began(window) -> bool:
    return any(s.startswith("Round 2 begins.") for s in _sentences(window))


def _focus_map(qtbot, window) -> None:
    """The GM clicks back into the GM window: it is active and the map has the keyboard."""
    window.activateWindow()
    window.raise_()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=3000)
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus, timeout=3000)


def _press(qtbot, window, key, modifier=None) -> None:
    from PySide6.QtCore import Qt

    _focus_map(qtbot, window)
    qtbot.keyClick(window.view, key, modifier or Qt.KeyboardModifier.NoModifier)
    qtbot.wait(50)


def _click_tile(qtbot, window, tile) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.tile_centre_in_view(tile))
    qtbot.wait(50)


def _drag_tiles(qtbot, window, start, end, modifier=None) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    modifier = modifier or Qt.KeyboardModifier.NoModifier
    viewport = window.view.viewport()
    a, b = window.view.tile_centre_in_view(start), window.view.tile_centre_in_view(end)
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, a)
    for step in range(1, 5):
        QTest.mouseMove(viewport, a + (b - a) * step / 4)
        qtbot.wait(20)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, b)
    qtbot.wait(80)


def _type_face(qtbot, window, prompt, face: str) -> str:
    """The GM types the face the player rolled into the table-roll prompt and presses Enter; the
    purpose of the roll it answered."""
    from PySide6.QtCore import Qt

    qtbot.waitUntil(prompt.isVisible, timeout=3000)
    assert prompt.current is not None and prompt.current.dice is not None
    purpose = prompt.current.dice.purpose
    (field,) = prompt.fields
    qtbot.waitUntil(field.hasFocus, timeout=3000)  # the focus is in the die's field already
    qtbot.keyClicks(field, face)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    qtbot.wait(50)
    return purpose


@pytest.mark.skipif(not inside_xvfb(INSIDE),
                    reason="runs in Xvfb, started by test_a_whole_round_in_real_windows")
def test_the_gm_plays_a_whole_round(qtbot):
    from gm_windows import open_sample
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest

    from vantage.engine.dice import ScriptedDice
    from vantage.engine.rules.asking import ask_health, ask_pending, ask_turn
    from vantage.gui.appdata.player_settings import PlayerSettings, save_settings
    from vantage.gui.play.damage_dialog import DamageDialog

    assert QGuiApplication.platformName() == "xcb"  # a real window, not the offscreen platform
    save_settings(PlayerSettings(fullscreen=False, labels=True))  # the projector as a window beside
    window = open_sample(qtbot, SAMPLE, centre=(16, 13), vantage_rolls=False, size=(1500, 1000))
    window.move(0, 0)
    QTest.qWaitForWindowExposed(window)
    assert window.encounter.combat["table_dice"] == {"everyone": False, "sides": ["party"], "tokens": []}
    window.document.dice = ScriptedDice([10] * 200)  # the GM's dice (Vantage rolls the enemies')
    prompt = window.table_rolls.prompt

    # the player view on the projector (Ctrl+Shift+P)
    ctrl_shift = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    _press(qtbot, window, Qt.Key.Key_P, ctrl_shift)
    player = window.player_view.controller.player
    assert player is not None
    player.move(1510, 0)
    player.resize(400, 300)
    QTest.qWaitForWindowExposed(player)
    qtbot.waitUntil(lambda: "ghoul-1" in player.scene.token_items, timeout=3000)

    # 1. a Gladiator from the Creatures library, hidden with H
    _press(qtbot, window, Qt.Key.Key_M, ctrl_shift)
    library = window.creature_tools.library
    qtbot.waitUntil(lambda: library.list.isVisible(), timeout=3000)
    qtbot.keyClicks(library.filter_edit, "glad")
    assert library.visible_names() == ["Gladiator"]
    item = next(library.list.item(r) for r in range(library.list.count())
                if not library.list.item(r).isHidden())
    before = {t.id for t in window.encounter.tokens}
    where = library.list.visualItemRect(item).center()
    left, plain = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    QTest.mouseClick(library.list.viewport(), left, plain, where)
    QTest.mouseDClick(library.list.viewport(), left, plain, where)
    qtbot.waitUntil(lambda: len(window.encounter.tokens) == len(before) + 1, timeout=3000)
    (gladiator,) = {t.id for t in window.encounter.tokens} - before
    tile = window.encounter.token(gladiator).position
    assert "Gladiator" in _sentences(window)[-1]
    # "An option places new tokens hidden while the player view is open" (on by default)
    assert window.encounter.token(gladiator).hidden
    assert window.statusBar().currentMessage().endswith("hidden from the players (H reveals it)")
    assert gladiator not in player.scene.token_items
    _focus_map(qtbot, window)
    _click_tile(qtbot, window, tile)
    assert window.workspace.selection.token == gladiator
    _press(qtbot, window, Qt.Key.Key_H)  # H reveals it …
    assert not window.encounter.token(gladiator).hidden
    qtbot.waitUntil(lambda: gladiator in player.scene.token_items, timeout=3000)
    _press(qtbot, window, Qt.Key.Key_H)  # … and hides it again
    assert window.encounter.token(gladiator).hidden
    assert _sentences(window)[-1].startswith("The GM edits Gladiator: hidden")
    assert "hidden from the players" in window.statusBar().currentMessage()
    qtbot.waitUntil(lambda: gladiator not in player.scene.token_items, timeout=3000)
    assert window.scene.token_items[gladiator].isVisible()
    # the GM sees it faded (painted at 0.55 opacity), and its tooltip says why
    assert "Hidden from the players" in window.scene.token_items[gladiator].toolTip()

    # 2. Start combat (Ctrl+K): the party's dice are entered by hand in the table-roll prompt
    _press(qtbot, window, Qt.Key.Key_K, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(prompt.isVisible, timeout=3000)
    assert prompt.title.text() == "Mira rolls 1d20 at the table"
    assert prompt.sentence.text() == "morale check, Mira: 1d20 — 17+ partial, 20+ success"
    assert ask_turn(window.encounter) is None  # the combat waits for Mira's die
    assert _type_face(qtbot, window, prompt, "12") == "morale check, Mira"
    assert "morale check, Mira: 1d20 [12] = 12 → fail." in _details(window)
    turn = ask_turn(window.encounter)
    assert turn is not None and turn.actor == "mira" and turn.round == 1
    order = [e.token for e in turn.entries]  # the round's turns, extra turns at the end
    assert gladiator in order  # the hidden monster fights too
    assert window.tracker.round_label.text().startswith("Round 1 · Mira")
    qtbot.waitUntil(lambda: not prompt.isVisible(), timeout=3000)

    # 3. revealed with H: the players see it again
    _click_tile(qtbot, window, tile)
    assert window.workspace.selection.token == gladiator
    _press(qtbot, window, Qt.Key.Key_H)
    assert not window.encounter.token(gladiator).hidden
    assert _sentences(window)[-1] == "The GM edits Gladiator: shown to the players."
    qtbot.waitUntil(lambda: gladiator in player.scene.token_items, timeout=3000)
    assert "Hidden from the players" not in window.scene.token_items[gladiator].toolTip()

    # 4. damage by hand: the Token panel's Damage… button, the amount typed, Enter
    window.docks["Token"].raise_()
    qtbot.waitUntil(lambda: window.token_panel.damage_button.isVisible(), timeout=3000)
    assert window.token_panel.token_id == gladiator
    health = ask_health(window.encounter, gladiator).fraction
    QTest.mouseClick(window.token_panel.damage_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: any(d.isVisible() for d in window.findChildren(DamageDialog)), timeout=3000)
    (dialog,) = [d for d in window.findChildren(DamageDialog) if d.isVisible()]
    assert dialog.windowTitle() == "Damage Gladiator"
    qtbot.waitUntil(dialog.amount.hasFocus, timeout=3000)
    qtbot.keyClicks(dialog.amount, "2")  # the amount is selected: typing replaces it
    qtbot.keyClick(dialog.amount, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=3000)
    assert ask_health(window.encounter, gladiator).fraction < health
    assert _sentences(window)[-1].startswith("Gladiator")
    assert window.document.undo_stack.text(window.document.undo_stack.index() - 1) == "Damage Gladiator"

    # 5a. a cone (T), shown on the projector
    _press(qtbot, window, Qt.Key.Key_T)
    measuring = window.measuring
    assert window.view.tool is measuring.templates
    QTest.mouseClick(measuring.panel.cone_button, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     measuring.panel.cone_button.rect().center())
    assert measuring.panel.cone_button.isChecked()
    # Shift keeps the tool out after the placement (the cone stays selected for its panel)
    _drag_tiles(qtbot, window, (16, 16), (16, 12), Qt.KeyboardModifier.ShiftModifier)
    (cone,) = window.encounter.templates
    assert cone.kind.value == "cone"
    assert _sentences(window)[-1].startswith("The GM places")
    shown = measuring.panel.shown_check
    qtbot.waitUntil(shown.isEnabled, timeout=3000)
    QTest.mouseClick(shown, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(10, shown.height() // 2))
    qtbot.waitUntil(lambda: window.encounter.templates[0].shown, timeout=3000)
    qtbot.waitUntil(lambda: len(player.measure_templates.items) == 1, timeout=3000)
    (label,) = [item.label.text() for item in player.measure_templates.items.values()]
    assert label.startswith("15 ft cone")

    # 5b. the ruler (R), shown to the players, dragged from Bram to Ghoul 1
    _press(qtbot, window, Qt.Key.Key_R)
    assert window.view.tool is measuring.ruler
    measuring.dock.raise_()
    qtbot.waitUntil(lambda: measuring.panel.ruler_to_players.isVisible(), timeout=3000)
    box = measuring.panel.ruler_to_players
    QTest.mouseClick(box, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     QPoint(10, box.height() // 2))  # on the box itself
    qtbot.waitUntil(measuring.ruler_to_players.isChecked, timeout=3000)
    bram = window.encounter.token("bram").position
    ghoul = window.encounter.token("ghoul-1").position
    _drag_tiles(qtbot, window, bram, ghoul)
    measurement = measuring.ruler.measurement
    assert measurement is not None and measurement.label.endswith("ft")
    qtbot.waitUntil(lambda: player.measure_ruler.isVisible(), timeout=3000)
    assert player.measure_ruler.text.startswith(measurement.label)
    assert len(player.measure_templates.items) == 1  # the cone and the ruler on the projector at once
    _press(qtbot, window, Qt.Key.Key_Escape)
    assert window.view.tool is window.play_tool

    # 6. the turns stepped through the round (N); each party member's morale face typed
    party = {t.id for t in window.encounter.tokens if t.side.value == "party"}
    asked: list[str] = []
    acted = ["mira"]
    stepped_back = False
    for _ in range(40):
        if _round_two_began(window):
            break
        _press(qtbot, window, Qt.Key.Key_N)
        if ask_pending(window.encounter):
            decision = ask_pending(window.encounter)[0]
            assert decision.who in party, decision.prompt  # only the party's dice are at the table
            asked.append(_type_face(qtbot, window, prompt, "11"))
            assert not ask_pending(window.encounter)
        turn = ask_turn(window.encounter)
        if turn is not None and turn.round == 1:
            acted.append(turn.actor)
            # whose turn it is, on both screens: marked, and selected on the GM's map
            assert window.tracker.active == turn.actor and window.workspace.selection.token == turn.actor
            assert window.scene.token_items[turn.actor].active
            qtbot.waitUntil(lambda a=turn.actor: player.highlight.active is not None
                            and player.highlight.active.id == a, timeout=3000)  # the projector's ring
            name = window.encounter.token(turn.actor).name
            assert any(s.startswith(f"{name}'s") and "(round 1" in s for s in _sentences(window)[-4:])
            if turn.actor == "ysolde" and not stepped_back:  # "Previous turn and then next turn
                stepped_back = True                          # must not re-roll anything"
                ysolde = "morale check, Ysolde: 1d20 [11] = 11 → fail."
                assert _details(window).count(ysolde) == 1
                _press(qtbot, window, Qt.Key.Key_N, Qt.KeyboardModifier.ShiftModifier)
                assert ask_turn(window.encounter).actor == "mira" and ysolde not in _details(window)
                _press(qtbot, window, Qt.Key.Key_N)
                assert ask_turn(window.encounter).actor == "ysolde"
                assert not ask_pending(window.encounter) and not prompt.isVisible()  # not asked again
                assert _details(window).count(ysolde) == 1  # the same face, no new roll
    assert _round_two_began(window), "\n".join(_sentences(window)[-30:])
    assert acted == order  # every turn of the round, in its order, the extra turns too
    assert asked[:3] == ["morale check, Ysolde", "morale check, Bram", "morale check, Corwin"]
    for name in ("Ysolde", "Bram", "Corwin"):
        assert f"morale check, {name}: 1d20 [11] = 11 → fail." in _details(window)
    if prompt.isVisible():  # round 2: the first turn's morale check, rolled at the table too
        _type_face(qtbot, window, prompt, "11")
    assert not ask_pending(window.encounter)
    assert ask_turn(window.encounter).round == 2

    # 7. the combat ended (Ctrl+Shift+K asks in the bar under the map; Enter ends it)
    _press(qtbot, window, Qt.Key.Key_K, ctrl_shift)
    assert ask_turn(window.encounter) is not None and prompt.title.text() == "End the combat?"
    qtbot.waitUntil(lambda: prompt.choice_buttons[0].hasFocus(), timeout=3000)
    qtbot.keyClick(prompt.choice_buttons[0], Qt.Key.Key_Return)
    assert ask_turn(window.encounter) is None
    assert _sentences(window)[-1].startswith("The combat is over after")
    assert window.tracker.round_label.text() == "Not in combat"
    assert ask_health(window.encounter, gladiator).fraction < health  # the damage stays
    assert len(player.measure_templates.items) == 1  # the cone stays on the projector
    window.document.undo_stack.setClean()
    player.close()
    window.close()
