"""Two writers on one file: what the GM is asked when the file on disk is no longer the one this
window read or wrote (another window or program saved it since), and what each answer does.

The GM chooses (:class:`Answer`): keep theirs (reload the file from disk, this window's changes let
go), keep mine as a copy (saved beside it under a new name, :func:`copy_beside`, that never names an
existing file; the window then works on the copy), or compare (both versions summed up and the
lines of the file that differ, :func:`comparison_text`), then choose. Nothing is ever written over
the other writer's file without that question, so neither the file nor its ``.bak`` loses their
work.
"""

from __future__ import annotations

import os
from enum import StrEnum
from pathlib import Path

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QMessageBox, QPlainTextEdit, QVBoxLayout, QWidget

from vantage.engine.fileformat import dumps_encounter, load_encounter, problems_text
from vantage.engine.model import Encounter

#: How many lines of the difference the comparison shows (the rest is counted).
SHOWN_DIFF_LINES = 400


class Answer(StrEnum):
    THEIRS = "theirs"  # reload the file from disk
    COPY = "copy"  # save this window's version beside it, under a new name
    COMPARE = "compare"  # show what differs, then ask again
    CANCEL = "cancel"  # do nothing now (a save is not made)


def copy_beside(path: Path) -> Path:
    """A name beside ``path`` that no file has: ``fight (mine).json``, ``fight (mine 2).json`` …"""
    for number in range(1, 10_000):
        label = "mine" if number == 1 else f"mine {number}"
        candidate = path.with_name(f"{path.stem} ({label}){path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise FileExistsError(f"no free name beside {path}")


def summary(encounter: Encounter) -> str:
    """A few lines that tell two versions of an encounter apart."""
    combat = encounter.combat or {}
    round_ = combat.get("round") if isinstance(combat, dict) else None
    names = ", ".join(sorted(t.name or t.id for t in encounter.tokens)[:12])
    more = " …" if len(encounter.tokens) > 12 else ""
    lines = [
        f"name: {encounter.name or '(none)'}",
        f"map: {encounter.map.width}×{encounter.map.height} tiles, {len(encounter.map.walls)} walls",
        f"tokens ({len(encounter.tokens)}): {names}{more}",
        f"templates: {len(encounter.templates)}; notes: {len(encounter.notes)} characters",
    ]
    if round_ is not None:
        lines.append(f"round: {round_}")
    return "\n".join(lines)


def comparison_text(mine: Encounter, path: Path) -> str:
    """This window's version and the file on disk: a summary of each, then the lines of the file
    that differ (unified diff of the encounter file text)."""
    try:
        theirs_text = path.read_text(encoding="utf-8")
        theirs = summary(load_encounter(path))
    except Exception as exc:  # noqa: BLE001 - the other version may be anything: shown, not fatal
        return f"The file on disk cannot be read as an encounter:\n{problems_text(exc)}\n\nThis window:\n" \
               f"{summary(mine)}"
    import difflib  # only when a conflict is shown

    mine_text = dumps_encounter(mine)
    diff = list(difflib.unified_diff(theirs_text.splitlines(), mine_text.splitlines(),
                                     f"on disk: {path.name}", "this window", lineterm="", n=2))
    shown = diff[:SHOWN_DIFF_LINES]
    if len(diff) > SHOWN_DIFF_LINES:
        shown.append(f"… and {len(diff) - SHOWN_DIFF_LINES} more lines")
    return (f"On disk ({path}):\n{theirs}\n\nThis window:\n{summary(mine)}\n\n"
            + ("Lines that differ (- on disk, + this window):\n" + "\n".join(shown) if diff
               else "The two files are the same."))


def ask_conflict(parent: QWidget | None, path: Path, saving: bool) -> Answer:
    """The question, as a dialog: keep theirs, keep mine as a copy, compare, or cancel."""
    doing = "Before saving: " if saving else ""
    box = QMessageBox(QMessageBox.Icon.Warning, "The file was changed elsewhere",
                      f"{doing}{path.name} was changed on disk since this window opened or saved it "
                      "(another Vantage window or another program saved it). Saving here would "
                      "overwrite those changes.", parent=parent)
    box.setInformativeText("Keep theirs: reload the file and let this window's changes go.\n"
                           f"Keep mine as a copy: save this window's version as {copy_beside(path).name}.\n"
                           "Compare: see what differs first.")
    buttons = {
        box.addButton("Keep theirs (reload)", QMessageBox.ButtonRole.DestructiveRole): Answer.THEIRS,
        box.addButton("Keep mine as a copy", QMessageBox.ButtonRole.AcceptRole): Answer.COPY,
        box.addButton("Compare…", QMessageBox.ButtonRole.ActionRole): Answer.COMPARE,
        box.addButton(QMessageBox.StandardButton.Cancel): Answer.CANCEL,
    }
    box.exec()
    clicked = box.clickedButton()
    return next((answer for button, answer in buttons.items() if button is clicked), Answer.CANCEL)


def show_comparison(parent: QWidget | None, text: str) -> None:
    """The comparison in a dialog the GM closes to answer."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("What differs")
    layout = QVBoxLayout(dialog)
    view = QPlainTextEdit(text)
    view.setReadOnly(True)
    view.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
    layout.addWidget(view)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.reject)
    layout.addWidget(buttons)
    dialog.resize(800, 600)
    dialog.exec()
