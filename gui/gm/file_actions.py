"""New, open, save, save as, recent files and the unsaved-changes prompt of the GM window.

Loading errors show the engine's messages in a dialog and leave the open encounter untouched.
Prompts go through replaceable hooks (``ask_unsaved``, ``ask_open_path``, ``ask_import`` …) so
tests can answer them without a modal dialog.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from vantage.engine.fileformat import load_encounter, problems_text, save_encounter
from vantage.engine.model import Encounter, GameMap
from vantage.gui.appdata.user_paths import recent_files_path
from vantage.gui.document import EncounterDocument
from vantage.gui.importing.dialog import import_map_interactively

#: Puts an encounter (and the file it came from, None when unsaved) into the GM window.
ShowEncounter = Callable[[Encounter, Path | None], None]

FILE_FILTER = "Vantage encounters (*.json);;All files (*)"
MAX_RECENT = 10


def read_recent() -> list[Path]:
    try:
        data = json.loads(recent_files_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return [Path(p) for p in data if isinstance(p, str)][:MAX_RECENT] if isinstance(data, list) else []


def remember_recent(path: Path) -> list[Path]:
    paths = [path.resolve()] + [p for p in read_recent() if p != path.resolve()]
    paths = paths[:MAX_RECENT]
    with contextlib.suppress(OSError):  # a read-only profile loses the list, not the save
        recent_files_path().write_text(json.dumps([str(p) for p in paths], indent=1), encoding="utf-8")
    return paths


def ask_map_size(parent: QWidget | None) -> tuple[int, int] | None:
    dialog = QDialog(parent)
    dialog.setWindowTitle("New map")
    width, height = QSpinBox(), QSpinBox()
    for box, value in ((width, 40), (height, 30)):
        box.setRange(1, 500)
        box.setValue(value)
    form = QFormLayout(dialog)
    form.addRow("Width (tiles)", width)
    form.addRow("Height (tiles)", height)
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return width.value(), height.value()


class FileActions(QObject):
    """The file commands over one document: dialogs open over ``parent``, and a new, opened or
    imported encounter goes to ``show_encounter`` (the window resets its document and view)."""

    message = Signal(str)
    recent_changed = Signal()

    def __init__(self, document: EncounterDocument, parent: QWidget, show_encounter: ShowEncounter) -> None:
        super().__init__(parent)
        self.document = document
        self.parent_widget = parent
        self.show_encounter = show_encounter
        self.ask_unsaved: Callable[[], str] = self._ask_unsaved
        self.ask_open_path: Callable[[], Path | None] = self._ask_open_path
        self.ask_save_path: Callable[[], Path | None] = self._ask_save_path
        self.ask_size: Callable[[], tuple[int, int] | None] = lambda: ask_map_size(parent)
        self.ask_import: Callable[[], Encounter | None] = lambda: import_map_interactively(parent)
        self.last_error = ""

    # -- prompts ---------------------------------------------------------------------------
    def _ask_unsaved(self) -> str:
        answer = QMessageBox.question(
            self.parent_widget, "Unsaved changes", "The encounter has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        return {QMessageBox.StandardButton.Save: "save", QMessageBox.StandardButton.Discard: "discard"}.get(
            answer, "cancel")

    def _ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self.parent_widget, "Open encounter", "", FILE_FILTER)
        return Path(name) if name else None

    def _ask_save_path(self) -> Path | None:
        name, _ = QFileDialog.getSaveFileName(self.parent_widget, "Save encounter", "encounter.json",
                                              FILE_FILTER)
        return Path(name) if name else None

    def may_discard(self) -> bool:
        """True when the open encounter may be replaced (saved, or the GM agreed)."""
        if not self.document.is_modified():
            return True
        answer = self.ask_unsaved()
        if answer == "save":
            return self.save()
        return answer == "discard"

    # -- actions ---------------------------------------------------------------------------
    def new_dialog(self) -> None:
        if not self.may_discard():
            return
        size = self.ask_size()
        if size is not None:
            self.show_encounter(Encounter(GameMap(*size), name="New map"), None)

    def import_dialog(self) -> None:
        """File ▸ Import map…: a Universal VTT, Tiled or picture map as a new, unsaved encounter."""
        if not self.may_discard():
            return
        encounter = self.ask_import()
        if encounter is not None:
            self.show_encounter(encounter, None)  # a new document, not an edit
            self.document.mark_unsaved()  # unsaved until the GM saves it

    def open_dialog(self) -> None:
        if not self.may_discard():
            return
        path = self.ask_open_path()
        if path is not None:
            self.open_file(path, ask=False)

    def open_file(self, path: Path, ask: bool = True) -> bool:
        """Load ``path``; on failure show the engine's problems and keep the open encounter."""
        if ask and not self.may_discard():
            return False
        try:
            encounter = load_encounter(path)
        except Exception as exc:  # noqa: BLE001 - any failure to load is shown, none is fatal
            self.show_load_error(path, exc)
            return False
        self.show_encounter(encounter, path)
        remember_recent(path)
        self.recent_changed.emit()
        return True

    def show_load_error(self, path: Path, error: Exception) -> None:
        self.last_error = problems_text(error)
        box = QMessageBox(QMessageBox.Icon.Warning, "Could not open the encounter",
                          f"{path} could not be opened. Nothing that was open has changed.",
                          parent=self.parent_widget)
        box.setInformativeText(self.last_error[:600])
        box.setDetailedText(self.last_error)
        self.message.emit(f"Could not open {path.name}")
        box.open()

    def save(self) -> bool:
        path = self.document.path
        if path is None:
            return self.save_as_dialog()
        return self.save_to(path)

    def save_as_dialog(self) -> bool:
        path = self.ask_save_path()
        return self.save_to(path) if path is not None else False

    def save_to(self, path: Path) -> bool:
        try:
            save_encounter(self.document.encounter, path)
        except Exception as exc:  # noqa: BLE001 - shown to the GM; the encounter stays open
            self.last_error = problems_text(exc)
            QMessageBox.warning(self.parent_widget, "Could not save", f"{path}: {self.last_error}")
            return False
        self.document.set_path(path)
        remember_recent(path)
        self.recent_changed.emit()
        self.message.emit(f"Saved {path}")
        return True
