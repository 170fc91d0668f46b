"""Combat ▸ What are the odds…: the encounter played in the background with a progress bar and
Cancel, the summary, the histogram of rounds and the policy in one sentence."""

from __future__ import annotations

import time

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QMenu

from vantage.engine.simulate.policy import POLICY_SENTENCE
from vantage.gui.play.odds_dialog import OddsDialog, attach_odds
from vantage.gui.workspace import ActionId, MenuId


def test_the_action_is_in_the_combat_menu_by_id(workspace):
    combat = workspace.actions.add_menu(MenuId.COMBAT, QMenu("&Combat", workspace.host))
    action = attach_odds(workspace)
    assert workspace.actions.action(ActionId.SIMULATE) is action
    assert action in combat.actions()
    assert attach_odds(workspace) is action  # attached once


def test_a_run_shows_the_odds_the_histogram_and_the_policy(workspace, qtbot):
    dialog = OddsDialog(workspace)
    qtbot.addWidget(dialog)
    dialog.fights.setValue(4)
    dialog.rounds.setValue(3)
    ticks = []
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start(20)
    dialog.start()
    assert not dialog.start_button.isEnabled() and dialog.cancel_button.isEnabled()
    # the event loop runs while the fights are played: the timer ticks and the progress bar moves
    qtbot.waitUntil(lambda: dialog.report is not None, timeout=120_000)
    timer.stop()
    assert len(ticks) >= 3
    assert max(b - a for a, b in zip(ticks, ticks[1:], strict=False)) < 1.0  # never frozen for a second
    qtbot.waitUntil(lambda: dialog.run is None, timeout=10_000)
    assert dialog.progress.value() == 4
    assert "The party wins" in dialog.summary.toPlainText()
    assert sum(n for _, n in dialog.histogram.counts) == 4
    assert POLICY_SENTENCE in dialog.policy.text()
    assert dialog.start_button.isEnabled() and not dialog.cancel_button.isEnabled()


def test_cancel_stops_the_run_and_says_so(workspace, qtbot):
    dialog = OddsDialog(workspace)
    qtbot.addWidget(dialog)
    dialog.fights.setValue(5000)
    dialog.start()
    dialog.cancel()
    qtbot.waitUntil(lambda: dialog.run is None, timeout=120_000)
    assert dialog.report is None
    assert dialog.status.text().startswith("Cancelled")
