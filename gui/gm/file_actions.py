"""New, open, save, save as, recent files, the unsaved-changes prompt and the ruleset of the GM window.

Loading errors show the engine's messages in a dialog and leave the open encounter untouched. A
file that loads is opened even when its ruleset finds problems in its stat blocks: a warning that
does not block the window lists each with its place (``tokens[2].stats.abilities.agility: 31 is
above 30``), and the GM fixes them in the Token panel or gives templates with Ruleset….

A new or imported map asks which ruleset it is played by; the choice is remembered as the one
offered first next time (:mod:`vantage.gui.appdata.gm_settings`). :meth:`FileActions.switch_ruleset`
plays the open encounter by another ruleset (:mod:`.ruleset_dialog`).

Shipped files are read-only (:mod:`.save_location`): Save on a bundled sample — from the menu, Ctrl+S
or the "Unsaved changes?" question — is Save as, which starts in the documents folder (or, later,
the open campaign: :attr:`FileActions.campaign_folder`) with the encounter's own name, and a place
inside the installed program is refused.

Prompts go through replaceable hooks (``ask_unsaved``, ``ask_open_path``, ``ask_new_map``,
``ask_import``, ``confirm_ruleset`` …) so tests can answer them without a modal dialog.
"""

from __future__ import annotations

import contextlib
import os
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QSpinBox,
    QWidget,
)

from vantage.engine.fileformat import RulesetMissing, problems_text, save_encounter
from vantage.engine.model import Encounter, GameMap
from vantage.engine.rules import ruleset_name
from vantage.engine.rules.decisions import with_default_table_dice
from vantage.engine.rules.stat_problems import stat_block_problems
from vantage.gui.appdata.gm_settings import preferred_ruleset, remember_ruleset
from vantage.gui.appdata.safe_json import read_setting_file, write_json_atomically
from vantage.gui.appdata.user_paths import recent_files_path
from vantage.gui.document import EncounterDocument
from vantage.gui.gm.disk_stamp import DiskStamp, changed_since, load_with_stamp, stamp_of
from vantage.gui.gm.open_files import bring_forward_elsewhere, this_program
from vantage.gui.gm.save_location import default_folder, is_shipped, save_as_start

if TYPE_CHECKING:
    from vantage.gui.gm.file_conflict import Answer

#: Puts an encounter (and the file it came from, None when unsaved) into the GM window.
ShowEncounter = Callable[[Encounter, Path | None], None]

FILE_FILTER = "Vantage encounters (*.json);;All files (*)"
MAX_RECENT = 10
#: How many stat-block problems the warning on opening a file lists before "… and N more".
SHOWN_PROBLEMS = 12
_BUTTON = QDialogButtonBox.StandardButton
#: The file actions of every GM window of this process (to bring forward the one a file is open in).
_OPEN: weakref.WeakSet[FileActions] = weakref.WeakSet()


def _recent() -> tuple[list[Path], bool]:
    data, writable = read_setting_file(recent_files_path, lambda v: isinstance(v, list), "a list")
    paths = [Path(p) for p in data if isinstance(p, str) and p and "\0" not in p] if data else []
    return paths[:MAX_RECENT], writable


def read_recent() -> list[Path]:
    """The recently opened encounters, newest first (a damaged list is set aside: see safe_json)."""
    return _recent()[0]


def remember_recent(path: Path) -> list[Path]:
    """Put ``path`` first in the recent files (a read-only profile, or a list that could not be
    read, keeps the old file: the list is forgotten, not the save)."""
    known, writable = _recent()
    paths = [path.resolve()] + [p for p in known if p != path.resolve()]
    paths = paths[:MAX_RECENT]
    if writable:
        with contextlib.suppress(OSError, RuntimeError):
            write_json_atomically(recent_files_path(), [str(p) for p in paths])
    return paths


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        try:
            return a.resolve() == b.resolve()
        except (OSError, ValueError, RuntimeError):
            return False


def _size_boxes(form: QFormLayout, width: int, height: int) -> tuple[QSpinBox, QSpinBox]:
    boxes = QSpinBox(), QSpinBox()
    for box, value, side in ((boxes[0], width, "Width"), (boxes[1], height, "Height")):
        box.setRange(1, 500)
        box.setValue(value)
        box.setToolTip(f"{side} of the map in tiles (1–500)")
        form.addRow(f"{side} (tiles)", box)
    return boxes


def _ok_cancel(dialog: QDialog, form: QFormLayout) -> None:
    buttons = QDialogButtonBox(_BUTTON.Ok | _BUTTON.Cancel)
    buttons.accepted.connect(dialog.accept)
    buttons.rejected.connect(dialog.reject)
    form.addRow(buttons)


def ask_map_size(parent: QWidget | None) -> tuple[int, int] | None:
    """The map's new width and height (Resize map…), or None if the GM cancelled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Resize map")
    form = QFormLayout(dialog)
    width, height = _size_boxes(form, 40, 30)
    _ok_cancel(dialog, form)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return width.value(), height.value()


def ask_missing_ruleset(path: Path, parent: QWidget | None) -> str | None:
    """The ruleset a file that names none is played by, as the GM answers (None: not opened)."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Which ruleset?")
    form = QFormLayout(dialog)
    form.addRow(QLabel(f"{path.name} names no ruleset. Which rules is it played by? (Saving the "
                       "encounter writes the answer into the file.)"))
    from vantage.gui.importing.ruleset_box import RulesetBox  # the dialog's, loaded when it opens

    box = RulesetBox(preferred_ruleset())
    form.addRow("Ruleset", box)
    _ok_cancel(dialog, form)
    if dialog.exec() != QDialog.DialogCode.Accepted or not box.ruleset():
        return None
    return box.ruleset()


@dataclass(frozen=True)
class NewMap:
    """What the New map dialog asks: the size in tiles and the ruleset id it is played by."""

    width: int
    height: int
    ruleset: str


class NewMapDialog(QDialog):
    """The size of a new, empty map and the ruleset it is played by (the one chosen last first)."""

    def __init__(self, ruleset: str, parent: QWidget | None = None) -> None:
        from vantage.gui.importing.ruleset_box import RulesetBox  # the dialog's, loaded when it opens

        super().__init__(parent)
        self.setWindowTitle("New map")
        form = QFormLayout(self)
        self.width_box, self.height_box = _size_boxes(form, 40, 30)
        self.ruleset_box = RulesetBox(ruleset)
        form.addRow("Ruleset", self.ruleset_box)
        _ok_cancel(self, form)

    def choice(self) -> NewMap:
        return NewMap(self.width_box.value(), self.height_box.value(), self.ruleset_box.ruleset())


def ask_new_map(parent: QWidget | None) -> NewMap | None:
    """File ▸ New map…: the size and the ruleset, or None if the GM cancelled."""
    dialog = NewMapDialog(preferred_ruleset(), parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.choice()


def _exec(dialog: QDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted


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
        self.ask_new_map: Callable[[], NewMap | None] = lambda: ask_new_map(parent)
        self.ask_import: Callable[[], Encounter | None] = lambda: _import_map_interactively(parent)
        #: the ruleset of a file that names none (None: the GM cancelled; tests answer for the GM)
        self.ask_ruleset: Callable[[Path], str | None] = lambda path: ask_missing_ruleset(path, parent)
        #: shows the Ruleset dialog and says whether the GM accepted it (tests answer for the GM)
        self.confirm_ruleset: Callable[[QDialog], bool] = _exec
        self.last_error = ""
        #: the stat-block problems of the file opened last, as (place, message), and their warning
        self.stat_problems: list[tuple[str, str]] = []
        self.stat_warning: QMessageBox | None = None
        #: the file this window last read or wrote, and how it was then (docs/reliability.md, two writers)
        self.disk: tuple[Path, DiskStamp] | None = None
        #: what to do about a file changed on disk by another writer (tests answer for the GM)
        self.ask_conflict: Callable[[Path, bool], Answer] = lambda path, saving: _ask_conflict(
            parent, path, saving)
        self.show_comparison: Callable[[str], None] = lambda text: _show_comparison(parent, text)
        self._declined: DiskStamp | None = None  # the version on disk the GM said "not now" to
        #: the folder of the campaign open in this window (None: none), where new files go; the
        #: campaign part of the window sets it (gui/gm/save_location.py, ``default_folder``)
        self.campaign_folder: Callable[[], Path | None] = lambda: None
        #: the file the open, unsaved work came from (a recovered autosave's), where Save as starts;
        #: forgotten when the document gets a file or another encounter
        self.came_from: Path | None = None
        self._checking = False
        _OPEN.add(self)
        document.path_changed.connect(self.share_open_file)
        document.path_changed.connect(self._forget_where_it_came_from)

    def keep_recent(self, menu: QMenu) -> None:
        """Fill ``menu`` with the recent files (each opens its file), now and whenever they change."""
        def fill() -> None:
            menu.clear()
            for path in read_recent():
                action = menu.addAction(str(path))
                action.setStatusTip(f"Open {path}")
                action.triggered.connect(lambda _checked=False, p=path: self.open_file(p))
            menu.setEnabled(not menu.isEmpty())

        self.recent_changed.connect(fill)
        fill()

    # -- prompts ---------------------------------------------------------------------------
    def _ask_unsaved(self) -> str:
        answer = QMessageBox.question(
            self.parent_widget, "Unsaved changes", "The encounter has unsaved changes. Save them first?",
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
            | QMessageBox.StandardButton.Cancel,
        )
        return {QMessageBox.StandardButton.Save: "save", QMessageBox.StandardButton.Discard: "discard"}.get(
            answer, "cancel")

    def open_start(self) -> Path:
        """The folder Open… starts in: the open file's (not the program's), else the default folder."""
        path = self.document.path
        if path is not None and not is_shipped(path):
            return path.parent
        return default_folder(self.campaign_folder())

    def _ask_open_path(self) -> Path | None:
        name, _ = QFileDialog.getOpenFileName(self.parent_widget, "Open encounter", str(self.open_start()),
                                              FILE_FILTER)
        return Path(name) if name else None

    def save_as_start(self) -> Path:
        """Where Save as starts: beside the open file (or the file recovered work came from), or in
        the default folder for a sample or an unsaved encounter, named after the encounter."""
        return save_as_start(self.document.path, self.document.encounter.name, self.campaign_folder(),
                             self.came_from)

    def _forget_where_it_came_from(self) -> None:
        self.came_from = None

    def _ask_save_path(self) -> Path | None:
        start = self.save_as_start()
        dialog = QFileDialog(self.parent_widget, "Save encounter as", str(start.parent), FILE_FILTER)
        dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
        dialog.setDefaultSuffix("json")  # "cave" is saved as cave.json (and asked about if that exists)
        dialog.selectFile(start.name)
        try:
            accepted = dialog.exec() == QDialog.DialogCode.Accepted
            chosen = dialog.selectedFiles()
        finally:
            dialog.deleteLater()
        return Path(chosen[0]) if accepted and chosen else None

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
        choice = self.ask_new_map()
        if choice is None:
            return
        remember_ruleset(choice.ruleset)
        encounter = Encounter(GameMap(choice.width, choice.height), ruleset=choice.ruleset, name="New map")
        self.show_encounter(with_default_table_dice(encounter), None)  # the party rolls at the table
        played = ruleset_name(choice.ruleset)
        self.message.emit(f"A new {choice.width}×{choice.height} map, played by {played}")

    def import_dialog(self) -> None:
        """File ▸ Import map…: a Universal VTT, Tiled or picture map as a new, unsaved encounter."""
        if not self.may_discard():
            return
        encounter = self.ask_import()
        if encounter is not None:
            remember_ruleset(encounter.ruleset)
            # a new document, not an edit; the party rolls at the table
            self.show_encounter(with_default_table_dice(encounter), None)
            self.document.mark_unsaved()  # unsaved until the GM saves it

    def open_dialog(self) -> None:
        if not self.may_discard():
            return
        path = self.ask_open_path()
        if path is not None:
            self.open_file(path, ask=False)

    def open_file(self, path: Path, ask: bool = True) -> bool:
        """Load ``path``; on failure show the engine's problems and keep the open encounter. A file
        already open in another window of this program brings that window forward instead."""
        other = self.window_with(path)
        if other is not None:
            other.bring_forward()
            self.message.emit(f"{path.name} is open in another window: it is brought forward")
            return False
        if bring_forward_elsewhere(path):
            self.message.emit(f"{path.name} is open in another Vantage window: it was brought forward")
            return False
        if ask and not self.may_discard():
            return False
        return self._load_and_show(path)

    def _load_and_show(self, path: Path) -> bool:
        chosen: str | None = None
        try:
            try:
                encounter, stamp = load_with_stamp(path)
            except RulesetMissing:  # the file's only problem: ask the GM, never guess
                chosen = self.ask_ruleset(path)
                if chosen is None:
                    self.message.emit(f"Not opened: {path.name} names no ruleset")
                    return False
                encounter, stamp = load_with_stamp(path, chosen_ruleset=chosen)
        except Exception as exc:  # noqa: BLE001 - any failure to load is shown, none is fatal
            self.show_load_error(path, exc)
            return False
        self.show_encounter(encounter, path)
        self.remember_disk(path, stamp)
        if chosen is not None:  # the file does not say it yet: unsaved until the GM saves it
            self.document.mark_unsaved()
            self.message.emit(f"{path.name} is played by {ruleset_name(chosen)}; save to write that into "
                              "the file")
        remember_recent(path)
        self.recent_changed.emit()
        self.warn_about_stat_blocks(encounter, path)
        return True

    # -- two writers on one file -------------------------------------------------------------
    def remember_disk(self, path: Path, stamp: DiskStamp | None) -> None:
        """``path`` is as this window read or wrote it: ``stamp`` (None: take it now)."""
        stamp = stamp if stamp is not None else stamp_of(path)
        self.disk = (path, stamp) if stamp is not None else None
        self._declined = None
        self.share_open_file()

    def share_open_file(self) -> None:
        """Tell other Vantage programs which file this window has open (gui/gm/open_files.py)."""
        entry = this_program()
        if entry is not None:
            entry.hold(self, self.document.path, self.bring_forward)

    def stop_sharing(self) -> None:
        """The window closes: it has no file open any more."""
        entry = this_program()
        if entry is not None:
            entry.hold(self, None, self.bring_forward)

    def changed_on_disk(self) -> DiskStamp | None:
        """How the open file is on disk now, if someone else wrote it since this window read or
        wrote it (None: unchanged, gone, or not this window's file)."""
        path = self.document.path
        if path is None or self.disk is None or self.disk[0] != path:
            return None
        return changed_since(self.disk[1], path)

    def check_disk(self) -> None:
        """The window came to the front: if its file was changed on disk, ask (once per version)."""
        path = self.document.path
        if self._checking or path is None or not self.parent_widget.isVisible() \
                or QApplication.activeModalWidget() is not None:  # never over another question
            return
        now = self.changed_on_disk()
        if now is None or now == self._declined:
            return
        if not self._resolve_conflict(path, saving=False):
            self._declined = now  # asked again before a save, not at every focus

    def _resolve_conflict(self, path: Path, saving: bool) -> bool:
        """Ask about ``path`` changed on disk and do what the GM chose; True when the document is
        now on disk (reloaded, or saved as a copy)."""
        self._checking = True  # coming to the front meanwhile asks nothing more
        try:
            return self._answer_conflict(path, saving)
        finally:
            self._checking = False

    def _answer_conflict(self, path: Path, saving: bool) -> bool:
        from vantage.gui.gm.file_conflict import Answer, comparison_text, copy_beside

        while True:
            answer = Answer(self.ask_conflict(path, saving))
            if answer is Answer.COMPARE:
                self.show_comparison(comparison_text(self.document.encounter_to_save(), path))
                continue
            if answer is Answer.THEIRS:
                reloaded = self._load_and_show(path)
                if reloaded:
                    self.message.emit(f"Reloaded {path.name} as it is on disk")
                return reloaded
            if answer is Answer.COPY:
                return self.save_to(copy_beside(path))
            self.message.emit(f"Not saved: {path.name} was changed on disk" if saving else
                              f"{path.name} was changed on disk; saving here will ask again")
            return False

    def window_with(self, path: Path) -> FileActions | None:
        """The file actions of another open window of this program whose file is ``path``."""
        for other in list(_OPEN):
            if other is self:
                continue
            try:
                if other.parent_widget.isVisible() and other.document.path is not None \
                        and _same_file(other.document.path, path):
                    return other
            except RuntimeError:  # its window is gone
                continue
        return None

    def bring_forward(self) -> None:
        window = self.parent_widget.window()
        if window.isMinimized():
            window.showNormal()
        window.raise_()
        window.activateWindow()

    def warn_about_stat_blocks(self, encounter: Encounter, path: Path | None) -> list[tuple[str, str]]:
        """Ask the encounter's ruleset about every stat block; list the problems, with their
        places, in a warning that does not block the window. The problems are returned (and kept
        in :attr:`stat_problems`)."""
        self.stat_problems = stat_block_problems(encounter)
        if self.stat_warning is not None:
            self.stat_warning.close()
            self.stat_warning = None
        if not self.stat_problems:
            return self.stat_problems
        names = {f"tokens[{i}]": t.name or t.id for i, t in enumerate(encounter.tokens)}
        lines = []
        for place, message in self.stat_problems:
            owner = names.get(place.split(".")[0])
            lines.append(f"{place}: {message}" + (f" ({owner})" if owner else ""))
        count = len(lines)
        what = f"{count} problem{'s' if count != 1 else ''}"
        title = path.name if path is not None else "The encounter"
        ruleset = ruleset_name(encounter.ruleset)
        box = QMessageBox(QMessageBox.Icon.Warning, "Stat blocks that do not fit",
                          f"{title} is open, but {ruleset} finds {what} in its stat blocks. Those tokens "
                          "cannot act until they are fixed: edit them in the Token panel's stat block, "
                          "or give them templates (the Ruleset… dialog).", parent=self.parent_widget)
        shown = lines[:SHOWN_PROBLEMS]
        if count > SHOWN_PROBLEMS:
            shown.append(f"… and {count - SHOWN_PROBLEMS} more (Show Details…)")
        box.setInformativeText("\n".join(shown))
        box.setDetailedText("\n".join(lines))
        box.setWindowModality(Qt.WindowModality.NonModal)
        box.show()
        self.stat_warning = box
        self.message.emit(f"{ruleset} finds {what} in the stat blocks of {title}")
        return self.stat_problems

    def warn_stat_blocks_of_open(self) -> list[tuple[str, str]]:
        """:meth:`warn_about_stat_blocks` for the encounter open now."""
        return self.warn_about_stat_blocks(self.document.encounter, self.document.path)

    def switch_ruleset(self) -> bool:
        """Ruleset…: pick the ruleset the open encounter is played by, see which stat blocks do not
        fit it and give templates; the switch is one undo step. True when something changed."""
        from vantage.gui.gm.ruleset_dialog import RulesetDialog, switch_ruleset  # loads when asked for

        dialog = RulesetDialog(self.document.encounter, self.parent_widget)
        if not self.confirm_ruleset(dialog):
            return False
        before = self.document.encounter
        said = switch_ruleset(self.document, dialog.ruleset(), dialog.templates())
        self.message.emit(said)
        return self.document.encounter is not before

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
        """Save to the open file; Save as when there is none yet or it is a file of the installed
        program (a bundled sample), which is never written."""
        path = self.document.path
        if path is None:
            return self.save_as_dialog()
        if is_shipped(path):
            self.message.emit(f"{path.name} is a sample that comes with Vantage: save your changes "
                              "under a name of your own")
            return self.save_as_dialog()
        return self.save_to(path)

    def save_as_dialog(self) -> bool:
        path = self.ask_save_path()
        return self.save_to(path) if path is not None else False

    def save_to(self, path: Path) -> bool:
        """Save the encounter to ``path``. Over this window's own file, written by someone else
        since it was read or saved: the GM is asked first (keep theirs, keep mine as a copy,
        compare), never overwritten."""
        if is_shipped(path):
            self.last_error = (f"{path} is inside the installed Vantage program, which is never written "
                               "(its samples stay as they came); choose a folder of your own")
            QMessageBox.warning(self.parent_widget, "Could not save", self.last_error)
            self.message.emit(f"Not saved: {path.name} is inside the installed program")
            return False
        if path == self.document.path and self.changed_on_disk() is not None:
            return self._resolve_conflict(path, saving=True)
        try:  # an imported picture still in the user's folder goes beside the file (picture_home)
            notes = save_encounter(_keep_with_encounter(self.document.encounter_to_save(), path), path)
        except Exception as exc:  # noqa: BLE001 - shown to the GM; the encounter stays open
            self.last_error = problems_text(exc)
            QMessageBox.warning(self.parent_widget, "Could not save", f"{path}: {self.last_error}")
            return False
        self.document.set_path(path)
        self.remember_disk(path, None)
        remember_recent(path)
        self.recent_changed.emit()
        self.message.emit(f"Saved {path}" + "".join(f"; {note}" for note in notes or ()))
        return True


def _import_map_interactively(parent: QWidget | None) -> Encounter | None:
    """File ▸ Import map…: the importers (and their picture decoders) load when the GM asks."""
    from vantage.gui.importing.dialog import import_map_interactively

    return import_map_interactively(parent)


def _keep_with_encounter(encounter: Encounter, path: Path) -> Encounter:
    """The encounter with its imported picture kept beside ``path`` (the importers load on the first
    save, not with the window)."""
    from vantage.gui.importing.picture_home import keep_with_encounter

    return keep_with_encounter(encounter, path)


def _ask_conflict(parent: QWidget | None, path: Path, saving: bool) -> Answer:
    """What to do about ``path`` changed on disk by another writer (its dialog loads when first met)."""
    from vantage.gui.gm.file_conflict import ask_conflict

    return ask_conflict(parent, path, saving)


def _show_comparison(parent: QWidget | None, text: str) -> None:
    from vantage.gui.gm.file_conflict import show_comparison

    show_comparison(parent, text)
