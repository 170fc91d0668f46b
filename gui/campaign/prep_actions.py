"""What the Campaign panel's buttons and the Campaign menu do: import a map straight into the
campaign (its picture written to the campaign's ``pictures/`` folder, never beside the map), add an
encounter file, duplicate an encounter, reorder, open one or the next prepared, and export the
journal as Markdown. Each change of the campaign is one step of Campaign ▸ Undo."""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QWidget

import vantage.engine.campaign as campaigns
from vantage.engine.campaign.folder_names import PICTURES
from vantage.engine.fileformat import EncounterFileError, problems_text, save_encounter
from vantage.engine.fileformat.storage import write_atomically
from vantage.engine.model import Encounter
from vantage.gui.campaign.current import CampaignHolder

#: Opens an encounter file in the window (asking about unsaved changes first); whether it did.
OpenFile = Callable[[Path], bool]


class PrepActions(QObject):
    """The campaign's prep for one GM window; ``message``: a sentence for the status bar."""

    message = Signal(str)

    def __init__(self, holder: CampaignHolder, parent: QWidget, open_file: OpenFile) -> None:
        super().__init__(parent)
        self.holder = holder
        self.parent_widget = parent
        self.open_file = open_file
        self.ask_import: Callable[[Path, str], Encounter | None] = (
            lambda pictures, ruleset: _import_map(parent, pictures, ruleset))
        self.ask_encounter_file: Callable[[], Path | None] = lambda: _ask_file(
            parent, "Add an encounter to the campaign", "Vantage encounters (*.json)")
        self.ask_export_path: Callable[[Path], Path | None] = lambda default: _ask_save(parent, default)
        self.warn: Callable[[str, str], object] = lambda title, text: QMessageBox.warning(parent, title, text)

    def _open(self) -> tuple[campaigns.Campaign, Path] | None:
        if self.holder.campaign is None or self.holder.folder is None:
            return None
        return self.holder.campaign, self.holder.folder

    def _update(self, campaign: campaigns.Campaign, name: str) -> bool:
        try:
            self.holder.update(campaign, name)
        except (OSError, ValueError) as exc:
            self.warn(name, f"The campaign could not be written, nothing was changed:\n\n{exc}")
            return False
        return True

    def import_map(self) -> bool:
        """Import a map into the campaign and open it."""
        found = self._open()
        if found is None:
            return False
        campaign, folder = found
        pictures = folder / PICTURES
        pictures.mkdir(exist_ok=True)
        encounter = self.ask_import(pictures, campaign.ruleset)
        if encounter is None:
            return False
        if encounter.ruleset != campaign.ruleset:
            self.warn("Import a map", f"The map was imported for {encounter.ruleset}; the campaign plays "
                      f"{campaign.ruleset}. Import it again with the campaign's ruleset.")
            return False
        with tempfile.TemporaryDirectory() as scratch:
            name = encounter.name or "Imported map"
            source = Path(scratch) / f"{name}.json"
            save_encounter(encounter, source, keep_backup=False)
            return self._added(campaign, folder, source, name, "Import a map")

    def add_file(self) -> bool:
        found = self._open()
        path = self.ask_encounter_file() if found is not None else None
        if found is None or path is None:
            return False
        return self._added(*found, path, "", "Add an encounter")

    def _added(self, campaign: campaigns.Campaign, folder: Path, source: Path, name: str, what: str) -> bool:
        try:
            after = campaigns.add_encounter_file(campaign, folder, source, name)
        except (EncounterFileError, OSError, ValueError) as exc:
            self.warn(what, f"{source.name} cannot be added to the campaign:\n\n{problems_text(exc)}")
            return False
        entry = after.encounters[-1]
        if not self._update(after, what):
            return False
        self.message.emit(f"{entry.name} is in the campaign ({entry.file})")
        self.open_file(campaigns.encounter_path(folder, entry))
        return True

    def duplicate(self, file: str) -> bool:
        """A copy of the encounter ``file`` (as saved), right after it, prepared."""
        found = self._open()
        if found is None:
            return False
        campaign, folder = found
        index = next((i for i, e in enumerate(campaign.encounters) if e.file == file), None)
        if index is None:
            return False
        entry = campaign.encounters[index]
        try:
            after = campaigns.add_encounter_file(campaign, folder, campaigns.encounter_path(folder, entry),
                                       f"{entry.name} (copy)")
        except (EncounterFileError, OSError, ValueError) as exc:
            self.warn("Duplicate", f"{entry.file} cannot be copied:\n\n{problems_text(exc)}")
            return False
        after = campaigns.move_encounter(after, after.encounters[-1].file, index + 1)
        if self._update(after, f"Duplicate {entry.name}"):
            self.message.emit(f"{entry.name} duplicated")
            return True
        return False

    def move(self, file: str, to: int) -> bool:
        found = self._open()
        if found is None or not any(e.file == file for e in found[0].encounters):
            return False
        return self._update(campaigns.move_encounter(found[0], file, to), "Reorder the encounters")

    def open(self, file: str) -> bool:
        found = self._open()
        if found is None:
            return False
        entry = next((e for e in found[0].encounters if e.file == file), None)
        return entry is not None and self.open_file(campaigns.encounter_path(found[1], entry))

    def open_next(self) -> bool:
        """Open the first encounter still prepared."""
        found = self._open()
        if found is None:
            return False
        entry = next((e for e in found[0].encounters if e.status == campaigns.EncounterStatus.PREPARED), None)
        if entry is None:
            self.message.emit("Every encounter of the campaign has been played: import or add another")
            return False
        return self.open_file(campaigns.encounter_path(found[1], entry))

    def export_journal(self) -> Path | None:
        """Write the journal as Markdown where the GM says (by default in the campaign folder)."""
        found = self._open()
        if found is None:
            return None
        campaign, folder = found
        path = self.ask_export_path(folder / "journal.md")
        if path is None:
            return None
        try:
            write_atomically(campaigns.journal_markdown(campaign).encode("utf-8"), path, keep_backup=False,
                             what="the journal")
        except OSError as exc:
            self.warn("Export the journal", str(exc))
            return None
        self.message.emit(f"The journal is in {path}")
        return path


def _ask_file(parent: QWidget, title: str, kinds: str) -> Path | None:
    name, _ = QFileDialog.getOpenFileName(parent, title, "", kinds)
    return Path(name) if name else None


def _ask_save(parent: QWidget, default: Path) -> Path | None:
    name, _ = QFileDialog.getSaveFileName(parent, "Export the journal", str(default), "Markdown (*.md)")
    return Path(name) if name else None


def _import_map(parent: QWidget, pictures: Path, ruleset: str) -> Encounter | None:
    """The map import dialog, loaded when the GM first asks for it (not with the window)."""
    from vantage.gui.importing.dialog import import_map_interactively

    return import_map_interactively(parent, pictures, ruleset)
