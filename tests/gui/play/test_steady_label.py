"""The turn tracker's round line and the token panel's title (gui/play/steady_label.py): drawn
and laid out as a word-wrapped ``QLabel`` in their place, text after text, while a new text of the
same size does not ask the panel's layout (and the window's) again (issue 32, a long session)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QLabel, QListWidget, QVBoxLayout, QWidget

from vantage.gui.play.steady_label import SteadyLabel

TEXTS = ("Round 1 · Mira acts · actions 2/2", "Round 1 · Mira acts · actions 1/2",
         "Round 2 · Ghoul 1 acts · the party holds the initiative · actions 2/2, move action 1/1 · "
         "waiting for Bram", "", "Not in combat", "Not in combat · a note long enough to wrap on "
         "three lines or more in a narrow dock, as the tracker's note does when a grab holds")


def _panel(qtbot, label: QWidget, width: int) -> QWidget:
    panel = QWidget()
    layout = QVBoxLayout(panel)
    layout.addWidget(label)
    layout.addWidget(QListWidget())
    panel.resize(width, 300)
    qtbot.addWidget(panel)
    panel.show()
    return panel


class _LayoutRequests(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.LayoutRequest:
            self.count += 1
        return False


def test_each_text_is_drawn_and_laid_out_as_a_word_wrapped_qlabel_draws_it(qtbot):
    for width in (180, 420):
        plain = QLabel()
        plain.setWordWrap(True)
        steady = SteadyLabel()
        left, right = _panel(qtbot, plain, width), _panel(qtbot, steady, width)
        for text in TEXTS + tuple(reversed(TEXTS)):
            plain.setText(text)
            steady.setText(text)
            qtbot.wait(5)  # the layouts' requests run
            assert steady.text() == text
            assert steady.geometry() == plain.geometry(), (width, text)
            assert steady.label.geometry() == plain.rect(), (width, text)
            assert left.grab().toImage() == right.grab().toImage(), (width, text)


def test_a_new_text_of_the_same_size_asks_no_layout(qtbot):
    steady = SteadyLabel(TEXTS[0])
    panel = _panel(qtbot, steady, 420)
    requests = _LayoutRequests()
    panel.installEventFilter(requests)
    qtbot.wait(10)
    requests.count = 0
    steady.setText(TEXTS[1])  # "actions 1/2" for "actions 2/2": the same size
    qtbot.wait(10)
    assert requests.count == 0 and steady.label.text() == TEXTS[1]
    height = steady.height()
    steady.setText(TEXTS[2])  # three times as long: wrapped, taller, laid out again
    qtbot.waitUntil(lambda: requests.count > 0 and steady.height() > height, timeout=2000)
