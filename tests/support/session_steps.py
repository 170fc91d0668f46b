"""The step runner of the real-window sessions (``*_session.py``, run under Xvfb): one step at a
time in the running event loop, so that the window paints, resizes and settles between steps as on
a desktop; what each step left is read and written for the tests to check."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QWidget


def play_steps(app: QApplication, window: QWidget, steps: Sequence[tuple[str, Callable[[], object]]],
               read_state: Callable[[str], dict[str, Any]], out: Path, step_ms: int) -> int:
    """Show ``window``; every ``step_ms`` carry out the next step, and after it read the state
    (``read_state(step name)``); after the last, write the states to ``out`` as JSON and quit.
    The event loop's exit code."""
    states: list[dict[str, Any]] = []

    def run(index: int) -> None:
        if index > 0:
            states.append(read_state(steps[index - 1][0]))
        if index == len(steps):
            out.write_text(json.dumps(states, indent=1), encoding="utf-8")
            app.quit()
            return
        steps[index][1]()
        QTimer.singleShot(step_ms, lambda: run(index + 1))

    window.show()
    QTimer.singleShot(step_ms, lambda: run(0))
    return app.exec()
