"""File ▸ Restore a backup…: bring back an earlier version of the open encounter's file.

The generations are those every save keeps in ``.vantage-backups/NAME/`` beside the file
(engine/fileformat/backups.py), listed newest first with the time each was set aside and its size.
Restoring never writes anything: the chosen version opens as a new, unsaved encounter without a
file name, so saving it goes through Save as (the file dialog asks before it replaces a file, and a
save that replaces the file keeps the version it replaces as a generation too). Unsaved changes in
the open encounter are asked about first, as File ▸ Open does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout, QWidget

from vantage.engine.fileformat import load_encounter
from vantage.engine.fileformat.backups import Generation, backup_folder, generations
from vantage.gui.gm.file_actions import FileActions
from vantage.gui.workspace import ActionId, GmWorkspace, MenuId


def generation_label(generation: Generation) -> str:
    """``"Sun 6 Dec 2026, 04:31:12 — 15.2 KB"`` (local time)."""
    local = generation.time.astimezone()
    size = generation.size / 1024
    return f"{local:%a} {local.day} {local:%b %Y, %H:%M:%S} — {size:,.1f} KB"


class GenerationDialog(QDialog):
    """The generations of one file, newest first; ``chosen()`` is the one selected."""

    def __init__(self, path: Path, kept: list[Generation], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Restore a backup of {path.name}")
        self.kept = kept
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"Earlier versions of {path.name}, newest first (kept in "
                                f"{backup_folder(path)}). The one you choose opens as a new, unsaved "
                                "encounter; nothing is written until you save it."))
        self.list = QListWidget()
        self.list.addItems([generation_label(g) for g in kept])
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        layout.addWidget(self.list)
        choice = QDialogButtonBox.StandardButton
        buttons = QDialogButtonBox(choice.Open | choice.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def chosen(self) -> Generation | None:
        row = self.list.currentRow()
        return self.kept[row] if 0 <= row < len(self.kept) else None


def _ask_generation(path: Path, kept: list[Generation], parent: QWidget | None) -> Generation | None:
    dialog = GenerationDialog(path, kept, parent)
    return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None


class RestoreBackup(QObject):
    """The Restore action over ``files`` (its sentences go out as the file actions' ``message``);
    ``ask_generation`` picks one (tests answer for the GM)."""

    def __init__(self, files: FileActions, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.files = files
        self.ask_generation: Callable[[Path, list[Generation]], Generation | None] = (
            lambda path, kept: _ask_generation(path, kept, files.parent_widget))

    def restore_dialog(self) -> bool:
        """Offer the generations of the open file; True when one was opened."""
        path = self.files.document.path
        if path is None:
            self.files.message.emit("This encounter has no file yet, so there are no backups of it")
            return False
        kept = generations(path)
        if not kept:
            self.files.message.emit(f"There are no backups of {path.name} yet (each save keeps the version "
                              "it replaces)")
            return False
        chosen = self.ask_generation(path, kept)
        if chosen is None or not self.files.may_discard():
            return False
        try:
            encounter = load_encounter(chosen.path)
        except Exception as exc:  # noqa: BLE001 - any failure to load is shown, none is fatal
            self.files.show_load_error(chosen.path, exc)
            return False
        self.files.show_encounter(encounter, None)
        self.files.document.mark_unsaved()
        when = f"{chosen.time.astimezone():%H:%M:%S on %d %b %Y}"
        self.files.message.emit(f"Restored {path.name} as it was at {when}: unsaved; Save as… to keep it "
                          f"(choosing {path.name} replaces the file, whose version now is kept as a backup)")
        return True


def attach_restore_backup(workspace: GmWorkspace, files: FileActions) -> RestoreBackup:
    """File ▸ Restore a backup…, after Save as."""
    restore = RestoreBackup(files, workspace.host)
    action = QAction("Restore a &backup…", workspace.host)
    action.setStatusTip("Open an earlier version of this encounter's file, kept by each save")
    action.triggered.connect(restore.restore_dialog)
    menu = workspace.actions.menu(MenuId.FILE)
    after = workspace.actions.action(ActionId.SAVE_AS)
    entries = menu.actions()
    index = entries.index(after) + 1 if after in entries else len(entries)
    if index < len(entries):
        menu.insertAction(entries[index], action)
    else:
        menu.addAction(action)
    return restore

