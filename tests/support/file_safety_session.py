"""Run in a real X window (under Xvfb): the GM's work kept through two writers and a half-built
window, with real key presses and the real modal dialogs clicked.

``python file_safety_session.py ROLE FILE OUT.json``

* ``first``: opens FILE as ``vantage FILE`` does, renames Bram to "Bram of A", presses Ctrl+S and
  closes.
* ``second``: opens FILE, prints "ready" and waits for a line on stdin (the first writer saves
  meanwhile); then renames Bram to "Bram of B" and presses Ctrl+S. Each "changed on disk" dialog is
  answered "Keep mine as a copy".
* ``half-built``: ``launch.run([FILE])`` itself (the user folder, set by the test, holds a damaged
  settings file or a pipe, and a crashed run's autosave). The recovery question is answered No;
  then an edit and a close: the "Unsaved changes" question is answered Cancel (the window must
  stay), then the window is closed with Discard.

Every modal dialog seen (title, text, buttons) and the end state go to OUT.json. The tests
``tests/gui/gm/test_file_safety_real_window.py`` start this under Xvfb and check the file.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractButton, QApplication, QMessageBox

from vantage.engine.protocol.gm_commands import EditToken
from vantage.gui.document import run_command
from vantage.gui.gm.disk_stamp import load_with_stamp
from vantage.gui.gm.main_window import MainWindow

ROLE, FILE, OUT = sys.argv[1], Path(sys.argv[2]), Path(sys.argv[3])
seen: list[dict[str, Any]] = []
state: dict[str, Any] = {"role": ROLE, "dialogs": seen}
#: the button each kind of dialog is answered with, by the start of its title
ANSWERS = {"The file was changed elsewhere": "Keep mine as a copy", "Recover unsaved work?": "No",
           "Unsaved changes": "Cancel"}


def answer_dialogs() -> None:
    """Every 100 ms: a modal message box is recorded and answered as ANSWERS says."""
    box = QApplication.activeModalWidget()
    if not isinstance(box, QMessageBox) or box.property("answered"):
        return
    box.setProperty("answered", True)
    buttons = {b.text().replace("&", ""): b for b in box.findChildren(QAbstractButton) if b.text()}
    seen.append({"title": box.windowTitle(), "text": box.text(), "buttons": sorted(buttons)})
    wanted = ANSWERS.get(box.windowTitle(), "Cancel")
    button = buttons.get(wanted)
    QTimer.singleShot(150, lambda: QTest.mouseClick(button, Qt.MouseButton.LeftButton) if button
                      else box.reject())


def rename_and_save(window: MainWindow, name: str) -> None:
    run_command(window.document, "Rename", EditToken(token="bram", name=name))
    window.windowHandle().requestActivate()
    state["active"] = QTest.qWaitForWindowActive(window, 3000)
    QTest.qWait(300)  # coming to the front may ask about the file first: the GM answers it, then saves
    while QApplication.activeModalWidget() is not None:
        QTest.qWait(100)
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)


def finish(window: MainWindow | None = None) -> None:
    if window is not None:
        state.update(path=str(window.document.path), modified=window.document.is_modified(),
                     visible=window.isVisible(), complete=window.is_complete,
                     report=window.start_report.lines)
    OUT.write_text(json.dumps(state, indent=1), encoding="utf-8")
    QApplication.quit()


def writer(second: bool) -> int:
    app = QApplication(sys.argv[:1])
    encounter, stamp = load_with_stamp(FILE)
    window = MainWindow.staged(encounter, FILE, autosave=True, disk_stamp=stamp)
    window.show()
    watcher = QTimer(interval=100, timeout=answer_dialogs)
    watcher.start()

    def go() -> None:
        if second:
            print("ready", flush=True)
            sys.stdin.readline()  # the first writer has saved
            QTest.qWait(200)
        rename_and_save(window, "Bram of B" if second else "Bram of A")
        QTimer.singleShot(1500, lambda: done())

    def done() -> None:
        finish(window)
        window.files.ask_unsaved = lambda: "discard"
        window.close()

    window.completed.connect(lambda: QTimer.singleShot(300, go))
    return int(app.exec())


def half_built() -> int:
    from vantage.gui.gm import launch

    app = QApplication(sys.argv[:1])
    watcher = QTimer(interval=100, timeout=answer_dialogs)
    watcher.start()

    def the_window() -> MainWindow | None:
        return next((w for w in app.topLevelWidgets() if isinstance(w, MainWindow)), None)

    def edit_and_close() -> None:
        window = the_window()
        if window is None or not window.is_complete or QApplication.activeModalWidget() is not None:
            QTimer.singleShot(200, edit_and_close)
            return
        state["after_start"] = {"complete": window.is_complete, "autosave": window.autosaver is not None,
                                "encounter": window.encounter.name}
        run_command(window.document, "Rename", EditToken(token="bram", name="Bram, unsaved"))
        state["autosaved"] = str(window.autosaver.autosave()) if window.autosaver else None
        window.close()  # the Unsaved changes question is answered Cancel: the window stays
        QTimer.singleShot(800, lambda: stayed(window))

    def stayed(window: MainWindow) -> None:
        finish(window)
        window.files.ask_unsaved = lambda: "discard"
        window.close()

    QTimer.singleShot(500, edit_and_close)
    QTimer.singleShot(60_000, app.quit)  # never hang the test
    return launch.run([str(FILE)])


if __name__ == "__main__":
    sys.exit(half_built() if ROLE == "half-built" else writer(ROLE == "second"))
