"""Issue 27, done when: "A GUI test in a real window (Xvfb) does the same for one ruleset through the
menus and the Party panel" — Power Tiers: a new campaign, a character added, the party brought onto
a map's start area (marked with the mouse), damage taken, the combat ended, the party returned with
the summary confirmed, a night, a day and a week passing, the roster showing the recovery, and the
party brought into a second encounter with what it keeps.

``test_a_campaign_in_a_real_window`` starts Xvfb and runs the test named ``test_inside_*`` in it (in
its own pytest, so the QApplication is on the X server); the mouse and the keys are xdotool's, each
modal dialog is the real one, answered with Enter once it is filled in.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from xvfb import inside_xvfb, needs_xdotool, run_tests_inside

INSIDE = "VANTAGE_CAMPAIGN_XVFB"
SESSION_TIMEOUT_S = 240

pytestmark = pytest.mark.slow


@needs_xdotool
@pytest.mark.skipif(inside_xvfb(INSIDE), reason="this is the launcher; it runs outside Xvfb")
def test_a_campaign_in_a_real_window(tmp_path):
    done, report = run_tests_inside(str(Path(__file__).resolve()), INSIDE, tmp_path, keyword="test_inside",
                                    timeout=SESSION_TIMEOUT_S)
    assert done.returncode == 0, report
    assert "1 passed" in done.stdout, report


inside = pytest.mark.skipif(not inside_xvfb(INSIDE),
                            reason="runs in Xvfb, started by test_a_campaign_in_a_real_window")


def _xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=20)


def _click(qtbot, widget) -> None:
    """A real click (the X server's pointer) in the middle of ``widget``."""
    centre = widget.mapToGlobal(widget.rect().center())
    _xdotool("mousemove", "--sync", str(centre.x()), str(centre.y()))
    _xdotool("click", "1")
    qtbot.wait(100)


def _answer_next_dialog(*fills) -> list[object]:
    """For each of ``fills``, in turn: when a new modal dialog shows, fill it in (None: as it is),
    give it the keyboard and press Enter (its default button). The dialogs answered are put in the
    returned list."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    seen: list[object] = []
    waiting = list(fills) or [None]

    def poll() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None or not dialog.isVisible() or any(dialog is d for d in seen):
            QTimer.singleShot(50, poll)
            return
        seen.append(dialog)
        fill = waiting.pop(0)
        if fill is not None:
            fill(dialog)
        _xdotool("windowfocus", "--sync", str(int(dialog.winId())))
        _xdotool("key", "Return")
        if waiting:
            QTimer.singleShot(50, poll)

    QTimer.singleShot(50, poll)
    return seen


def _den(path: Path, name: str) -> Path:
    from vantage.engine.fileformat import save_encounter
    from vantage.engine.model import Encounter, GameMap, Side, Token
    from vantage.engine.rules import get_ruleset

    wolf = next(t for t in get_ruleset("power-tiers").templates() if t.id == "wolf")
    token = Token("wolf", "Wolf", (7, 5), Side.ENEMY, stats=dict(wolf.stats))
    save_encounter(Encounter(GameMap(10, 8), (token,), ruleset="power-tiers", name=name), path,
                   keep_backup=False)
    return path


def _drag(qtbot, view, start: tuple[int, int], end: tuple[int, int]) -> None:
    a = view.viewport().mapToGlobal(view.tile_centre_in_view(start))
    b = view.viewport().mapToGlobal(view.tile_centre_in_view(end))
    _xdotool("mousemove", "--sync", str(a.x()), str(a.y()))
    _xdotool("mousedown", "1")
    _xdotool("mousemove", "--sync", str(b.x()), str(b.y()))
    _xdotool("mouseup", "1")
    qtbot.wait(150)


@inside
def test_inside_a_power_tiers_campaign_from_the_menus_and_the_party_panel(qtbot, tmp_path):
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest

    from vantage.engine.campaign import load_campaign
    from vantage.engine.dice import ScriptedDice
    from vantage.engine.model import Encounter, GameMap
    from vantage.engine.protocol.commands import ApplyDamage, StartCombat
    from vantage.engine.session.party import start_area_tiles
    from vantage.gui.document import run_command
    from vantage.gui.gm.main_window import MainWindow
    from vantage.gui.workspace import ActionId, DockId

    assert QGuiApplication.platformName() == "xcb"
    window = MainWindow(Encounter(GameMap(8, 6), (), ruleset="power-tiers", name="Start"))
    window.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    window.resize(1700, 1000)
    window.move(0, 0)
    window.show()
    QTest.qWaitForWindowExposed(window)
    tools, actions = window.campaign_tools, window.workspace.actions
    party_panel = tools.party_panel

    # File ▸ New campaign…
    def name_it(dialog) -> None:
        dialog.name.setText("The Long Road")
        dialog.ruleset_box.select("power-tiers")
        dialog.parent_folder.setText(str(tmp_path))

    _answer_next_dialog(name_it)
    actions.action(ActionId.NEW_CAMPAIGN).trigger()
    folder = tmp_path / "The Long Road"
    assert load_campaign(folder).ruleset == "power-tiers"
    qtbot.waitUntil(lambda: window.workspace.dock(DockId.PARTY).isVisible(), timeout=3000)

    # Party panel: Add character… (Neophyte, named Bram)
    def bram(dialog) -> None:
        dialog.template.setCurrentIndex(dialog.template.findData("neophyte"))
        dialog.name.setText("Bram")

    _answer_next_dialog(bram)
    _click(qtbot, party_panel.add_button)
    qtbot.waitUntil(lambda: party_panel.lines() == ["Bram\nFortitude 8/8, Health 10/10"], timeout=5000)

    # the first encounter into the campaign, opened; its start marked with the mouse
    tools.prep.ask_encounter_file = lambda: _den(tmp_path / "wolf den.json", "Wolf den")
    _click(qtbot, tools.campaign_panel.add_file_button)
    qtbot.waitUntil(lambda: window.document.path == folder / "encounters" / "wolf den.json", timeout=5000)
    window.view.set_zoom(1.0)
    window.view.center_on_tile((4, 4))
    qtbot.wait(100)
    actions.action(ActionId.MARK_PARTY_START).trigger()
    _drag(qtbot, window.view, (1, 1), (2, 2))
    assert sorted(start_area_tiles(window.encounter)) == [(1, 1), (1, 2), (2, 1), (2, 2)]
    qtbot.waitUntil(lambda: not window.workspace.tools.is_current(tools.start_tool), timeout=3000)

    # Bring the party (one undo step), a fight, 13 damage, the combat ended
    steps = window.document.undo_stack.count()
    _click(qtbot, party_panel.bring_button)
    assert window.document.undo_stack.count() == steps + 1
    assert window.encounter.token("bram").position == (1, 1)
    window.document.dice = ScriptedDice([20, 1])
    run_command(window.document, "Start combat", StartCombat())
    run_command(window.document, "Damage", ApplyDamage(token="bram", amount=13))
    window.tracker.end_combat()
    assert not window.encounter.combat.get("order")

    # Return the party: the summary, confirmed with Enter
    summary = _answer_next_dialog()
    _click(qtbot, party_panel.return_button)
    assert summary[0].summary.text() == ("• Bram: Fortitude 8/8, Health 10/10 → Fortitude 0/8, Health 5/10, "
                                         "1 wound")
    assert party_panel.lines() == ["Bram\nFortitude 0/8, Health 5/10, 1 wound"]

    # Campaign ▸ Let time pass…: a night, a day, a week (each result shown in a real message box)
    def let_pass(amount: int, unit: str) -> str:
        shown = _answer_next_dialog(lambda dialog: dialog.choose(amount, unit), None)
        actions.action(ActionId.LET_TIME_PASS).trigger()
        return shown[1].text()

    assert "Bram recovers 8 Fortitude over 480 minutes" in let_pass(1, "nights")
    assert "Bram recovers 1 Health over a day (Neophyte 1 = 1 a day): 5 → 6 of 10." in let_pass(1, "days")
    assert "Bram heals 1 wound (7 days each): 0 left." in let_pass(1, "weeks")
    assert party_panel.lines() == ["Bram\nFortitude 8/8, Health 10/10"]
    assert load_campaign(folder).clock == 8 * 24 * 60 + 8 * 60

    # a second encounter: Open the next, the start marked, the party brought in whole
    tools.prep.ask_encounter_file = lambda: _den(tmp_path / "ford.json", "The ford")
    _click(qtbot, tools.campaign_panel.add_file_button)
    qtbot.waitUntil(lambda: window.document.path == folder / "encounters" / "ford.json", timeout=5000)
    window.view.set_zoom(1.0)
    window.view.center_on_tile((4, 4))
    qtbot.wait(100)
    actions.action(ActionId.MARK_PARTY_START).trigger()
    _drag(qtbot, window.view, (3, 3), (3, 3))
    _click(qtbot, party_panel.bring_button)
    record = window.encounter.combat["creatures"]["bram"]
    assert (record["health"], record["wounds"], record["fortitude"]) == (10, 0, 8)
    assert window.encounter.token("bram").position == (3, 3)
    window.document.undo_stack.setClean()
    window.close()
