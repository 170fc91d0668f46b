"""Combat ▸ What are the odds…: the GM plays the open encounter many times before the session and
reads how it is likely to go — each side's chance to win, the rounds it takes (a histogram), who
falls, and the policy the numbers assume, in one sentence.

:func:`attach_odds` is the one hook the GM workspace calls. The fights run in the background on
every core (:mod:`.odds_run`), with a progress bar and Cancel; the window stays responsive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QAction, QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from vantage.gui.workspace import ActionId, GmWorkspace, MenuId

if TYPE_CHECKING:
    from vantage.engine.simulate.report import SimulationReport
    from vantage.gui.play.odds_run import SimulationRun

#: The fights a run plays unless the GM asks for more or fewer (about ±5 % on a win chance).
DEFAULT_FIGHTS = 400


class RoundsHistogram(QWidget):
    """Bars: how many fights ended after each number of rounds (the last bar: at the limit)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from vantage.engine.simulate.fight import DEFAULT_MAX_ROUNDS  # the simulator loads with the dialog

        self.counts: tuple[tuple[int, int], ...] = ()
        self.limit = DEFAULT_MAX_ROUNDS
        self.setMinimumHeight(150)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def show_counts(self, counts: tuple[tuple[int, int], ...], limit: int) -> None:
        self.counts = counts
        self.limit = limit
        names = ", ".join(f"{r} rounds: {n}" for r, n in counts)
        self.setToolTip(f"Fights by the rounds they took — {names}" if counts else "")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        if not self.counts:
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, "No fights played yet")
            return
        top = max(n for _, n in self.counts)
        last = max(max(r for r, _ in self.counts), 1)
        by_round = dict(self.counts)
        margin, label_h = 8, 18
        width = (self.width() - 2 * margin) / last
        height = self.height() - 2 * margin - 2 * label_h
        small = QFont(self.font())
        small.setPointSizeF(max(7.0, small.pointSizeF() * 0.85))
        painter.setFont(small)
        for r in range(1, last + 1):
            n = by_round.get(r, 0)
            x = margin + (r - 1) * width
            bar = height * n / top
            colour = QColor("#b45f3c") if r >= self.limit else QColor("#3c78b4")
            rect = QRectF(x + 1, margin + label_h + height - bar, max(1.0, width - 2), bar)
            painter.fillRect(rect, colour)
            if n:
                painter.drawText(QRectF(x, rect.top() - label_h, width, label_h),
                                 Qt.AlignmentFlag.AlignCenter, str(n))
            if last <= 20 or r % 5 == 0 or r == 1:
                painter.drawText(QRectF(x, self.height() - margin - label_h, width, label_h),
                                 Qt.AlignmentFlag.AlignCenter, str(r))
        painter.end()


class OddsDialog(QDialog):
    """Play the open encounter many times and show the odds (module text)."""

    def __init__(self, workspace: GmWorkspace, parent: QWidget | None = None) -> None:
        super().__init__(parent or workspace.host)
        # the simulator and its process pool load when the dialog first opens, not with the window
        from vantage.engine.simulate.fight import DEFAULT_MAX_ROUNDS
        from vantage.engine.simulate.policy import POLICY_SENTENCE
        from vantage.engine.simulate.runner import available_cores

        self.workspace = workspace
        self.setWindowTitle("What are the odds?")
        self.run: SimulationRun | None = None
        self.report: SimulationReport | None = None

        self.fights = QSpinBox()
        self.fights.setRange(1, 100_000)
        self.fights.setValue(DEFAULT_FIGHTS)
        self.fights.setToolTip("How many fights to play: 400 give about ±5 % on a win chance")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2**31 - 1)
        self.seed.setToolTip("The dice's seed: the same seed gives the same numbers")
        self.rounds = QSpinBox()
        self.rounds.setRange(1, 200)
        self.rounds.setValue(DEFAULT_MAX_ROUNDS)
        self.rounds.setToolTip("A fight still undecided after this many rounds stops there")
        form = QFormLayout()
        form.addRow("Fights", self.fights)
        form.addRow("Seed", self.seed)
        form.addRow("Round limit", self.rounds)

        self.start_button = QPushButton("&Play the fights")
        self.start_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("Cancel")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.progress = QProgressBar()
        self.progress.setFormat("%v of %m fights")
        self.progress.setValue(0)
        buttons = QHBoxLayout()
        buttons.addWidget(self.start_button)
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.cancel_button)

        self.status = QLabel(f"Plays on {available_cores()} cores in the background; the map stays usable.")
        self.status.setWordWrap(True)
        self.summary = QPlainTextEdit()
        self.summary.setReadOnly(True)
        self.summary.setPlaceholderText("The odds appear here.")
        self.summary.setMinimumHeight(230)
        self.histogram = RoundsHistogram()
        self.policy = QLabel(f"<i>What the numbers assume:</i> {POLICY_SENTENCE}")
        self.policy.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.summary, 1)
        layout.addWidget(QLabel("Rounds until the fight was over (orange: stopped at the round limit)"))
        layout.addWidget(self.histogram)
        layout.addWidget(self.policy)
        self.resize(720, 640)

    # -- running -------------------------------------------------------------------------------
    def start(self) -> None:
        """Play the fights of the encounter as it is now, in the background."""
        if self.run is not None:
            return
        from vantage.gui.play.odds_run import SimulationRun

        run = SimulationRun(self.workspace.encounter, self.fights.value(), self.seed.value(),
                            max_rounds=self.rounds.value())
        run.progressed.connect(self._progressed)
        run.succeeded.connect(self._succeeded)
        run.failed.connect(self._failed)
        run.finished.connect(self._finished)
        self.run = run
        self.progress.setRange(0, self.fights.value())
        self.progress.setValue(0)
        self.start_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.status.setText(f"Playing {self.fights.value()} fights on {run.jobs} cores…")
        run.start()

    def cancel(self) -> None:
        if self.run is not None:
            self.run.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText("Cancelling…")

    def _progressed(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)

    def _succeeded(self, report: SimulationReport) -> None:
        self.show_report(report)
        self.status.setText(f"Done: {report.fights} fights.")

    def _failed(self, why: str) -> None:
        self.status.setText(why)

    def _finished(self) -> None:
        run, self.run = self.run, None
        if run is not None:
            run.deleteLater()
        self.start_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def show_report(self, report: SimulationReport) -> None:
        """Show ``report``: the summary text and the histogram of rounds."""
        self.report = report
        self.summary.setPlainText(report.text().rsplit("\nPolicy:", 1)[0])
        self.histogram.show_counts(report.round_counts, report.max_rounds)

    def wait_for_run(self, milliseconds: int = 120_000) -> bool:
        """Block until the background run ends (tests and closing); True when it did."""
        return self.run is None or self.run.wait(milliseconds)

    def done(self, result: int) -> None:
        """Closing the dialog cancels a run under way and waits for its workers to stop."""
        if self.run is not None:
            self.run.cancel()
            self.run.wait()
        super().done(result)


def attach_odds(workspace: GmWorkspace) -> QAction:
    """Add Combat ▸ What are the odds… to ``workspace``; it opens one :class:`OddsDialog`."""
    found = workspace.actions.find_action(ActionId.SIMULATE)
    if found is not None:
        return found
    action = QAction("What are the &odds…", workspace.host)
    tip = "Play this encounter many times (every core, in the background) and see how it is likely to go"
    action.setStatusTip(tip)
    action.setToolTip(tip)
    dialogs: list[OddsDialog] = []

    def open_dialog() -> None:
        if not dialogs:
            dialogs.append(OddsDialog(workspace))
        dialogs[0].show()
        dialogs[0].raise_()
        dialogs[0].activateWindow()

    action.triggered.connect(open_dialog)
    workspace.actions.add_action(ActionId.SIMULATE, action)
    combat = workspace.actions.find_menu(MenuId.COMBAT)
    if combat is not None:
        combat.addSeparator()
        combat.addAction(action)
    return action
