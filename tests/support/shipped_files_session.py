"""Run in a real X window (under Xvfb): a plain ``vantage`` start on the bundled sample, changed and
saved, with real key presses and the real dialogs answered (issue 27, item 7).

``python shipped_files_session.py ROLE OUT.json``

* ``ctrl-s``: ``launch.run([])`` (the first sample), rename a token, press Ctrl+S; the Save as dialog
  that opens is recorded (where it starts) and accepted with Enter; then the window is closed.
* ``close-save``: the same start, rename a token, close the window; "Unsaved changes" is answered
  Save, and the Save as dialog that follows is recorded; "my fight" is typed as the name (no
  ``.json``) and accepted.
* ``look``: the same start; what opened is recorded, then the window is closed.

The file dialog is Qt's own (``AA_DontUseNativeDialogs``: a desktop's native dialog cannot be
driven from here); what the program asks of it is the same. Every modal dialog seen and the end
state go to OUT.json; ``tests/gui/gm/test_shipped_files_real_window.py`` starts this under Xvfb.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QFileDialog, QLineEdit, QMessageBox

from vantage.engine.protocol.gm_commands import EditToken
from vantage.gui.document import run_command
from vantage.gui.gm import launch
from vantage.gui.gm.main_window import MainWindow

ROLE, OUT = sys.argv[1], Path(sys.argv[2])
seen: list[dict[str, Any]] = []
state: dict[str, Any] = {"role": ROLE, "dialogs": seen}
ANSWERS = {"Unsaved changes": "Save"}


def the_window() -> MainWindow | None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    return next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow)), None)


def answer_dialogs() -> None:
    """Every 100 ms: a modal dialog is recorded and answered (a file dialog accepted as it starts)."""
    box = QApplication.activeModalWidget()
    if box is None or box.property("answered"):
        return
    box.setProperty("answered", True)
    if isinstance(box, QFileDialog):
        seen.append({"title": box.windowTitle(), "file": box.selectedFiles()[0],
                     "folder": box.directory().absolutePath()})
        QTimer.singleShot(250, lambda: shot(f"{ROLE}-save-as"))
        if ROLE == "close-save":  # the GM types a name of their own, without ".json"
            QTimer.singleShot(280, lambda: type_name(box, "my fight"))
        QTimer.singleShot(400, lambda: QTest.keyClick(box, Qt.Key.Key_Return))
        return
    if not isinstance(box, QMessageBox):
        seen.append({"title": box.windowTitle(), "kind": type(box).__name__})
        QTimer.singleShot(150, box.close)
        return
    buttons = {b.text().replace("&", ""): b for b in box.findChildren(QAbstractButton) if b.text()}
    seen.append({"title": box.windowTitle(), "text": box.text(), "buttons": sorted(buttons)})
    button = buttons.get(ANSWERS.get(box.windowTitle(), "Cancel"))
    QTimer.singleShot(150, lambda: QTest.mouseClick(button, Qt.MouseButton.LeftButton) if button
                      else box.reject())


def type_name(dialog: QFileDialog, name: str) -> None:
    """Type ``name`` into the dialog's file name box, as the GM would (replacing what is there)."""
    box = dialog.findChild(QLineEdit, "fileNameEdit")
    if box is not None:
        box.selectAll()
        QTest.keyClicks(box, name)


def shot(name: str) -> None:
    """The screen as a PNG in ``$SHIPPED_FILES_SHOTS`` when set (to look at; the test does not)."""
    folder = os.environ.get("SHIPPED_FILES_SHOTS")
    screen = QApplication.primaryScreen()
    if folder and screen is not None:
        screen.grabWindow(0).save(str(Path(folder) / f"{name}.png"))


def record(window: MainWindow, key: str) -> None:
    state[key] = {"title": window.windowTitle(), "path": str(window.document.path),
                  "modified": window.document.is_modified(), "first_token": window.encounter.tokens[0].name,
                  "combat": dict(window.encounter.combat), "log": [e.sentence for e in window.document.log]}
    OUT.write_text(json.dumps(state, indent=1), encoding="utf-8")


def when_ready(then: Any) -> None:
    window = the_window()
    if window is None or not window.is_complete or QApplication.activeModalWidget() is not None:
        QTimer.singleShot(200, lambda: when_ready(then))
        return
    QTimer.singleShot(300, lambda: then(window))


def change(window: MainWindow) -> None:
    record(window, "opened")
    token = window.encounter.tokens[0].id
    run_command(window.document, "Rename", EditToken(token=token, name=f"Renamed in {ROLE}"))
    window.windowHandle().requestActivate()
    QTest.qWaitForWindowActive(window, 3000)
    window.view.setFocus()


def ctrl_s(window: MainWindow) -> None:
    change(window)
    QTest.keyClick(window.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)  # returns once saved
    record(window, "saved")
    shot(f"{ROLE}-saved")
    window.close()


def close_and_save(window: MainWindow) -> None:
    change(window)
    window.close()  # "Unsaved changes": Save → the Save as dialog → accepted → the window closes
    state["closed"] = not window.isVisible()
    record(window, "saved")


def look(window: MainWindow) -> None:
    record(window, "opened")
    shot(f"{ROLE}-opened")
    window.close()


def main() -> int:
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_DontUseNativeDialogs)
    app = QApplication(sys.argv[:1])  # the one launch.run uses
    watcher = QTimer(interval=100, timeout=answer_dialogs)
    watcher.start()
    step = {"ctrl-s": ctrl_s, "close-save": close_and_save, "look": look}[ROLE]
    QTimer.singleShot(500, lambda: when_ready(step))
    QTimer.singleShot(60_000, app.quit)  # never hang the test
    return launch.run([])


if __name__ == "__main__":
    sys.exit(main())
