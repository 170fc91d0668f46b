"""New, open, save, save as, recent files, the unsaved-changes prompt and the ruleset of the GM window.

Loading errors show the engine's messages in a dialog and leave the open encounter untouched. A
file that loads is opened even when its ruleset finds problems in its stat blocks: a warning that
does not block the window lists each with its place (``tokens[2].stats.abilities.agility: 31 is
above 30``), and the GM fixes them in the Token panel or gives templates with Ruleset….

A new or imported map asks which ruleset it is played by; the choice is remembered as the one
offered first next time (:mod:`vantage.gui.appdata.gm_settings`). :meth:`FileActions.switch_ruleset`
plays the open encounter by another ruleset (:mod:`.ruleset_dialog`).

Prompts go through replaceable hooks (``ask_unsaved``, ``ask_open_path``, ``ask_new_map``,
``ask_import``, ``confirm_ruleset`` …) so tests can answer them without a modal dialog.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
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

from vantage.engine.fileformat import RulesetMissing, load_encounter, problems_text, save_encounter
from vantage.engine.model import Encounter, GameMap
from vantage.engine.rules import ruleset_name
from vantage.engine.rules.decisions import with_default_table_dice
from vantage.engine.rules.stat_problems import stat_block_problems
from vantage.gui.appdata.gm_settings import preferred_ruleset, remember_ruleset
from vantage.gui.appdata.user_paths import recent_files_path
from vantage.gui.document import EncounterDocument
from vantage.gui.gm.ruleset_dialog import RulesetDialog, switch_ruleset
from vantage.gui.importing.dialog import import_map_interactively
from vantage.gui.importing.picture_home import keep_with_encounter
from vantage.gui.importing.ruleset_box import RulesetBox

#: Puts an encounter (and the file it came from, None when unsaved) into the GM window.
ShowEncounter = Callable[[Encounter, Path | None], None]

FILE_FILTER = "Vantage encounters (*.json);;All files (*)"
MAX_RECENT = 10
#: How many stat-block problems the warning on opening a file lists before "… and N more".
SHOWN_PROBLEMS = 12
_BUTTON = QDialogButtonBox.StandardButton


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
        self.ask_import: Callable[[], Encounter | None] = lambda: import_map_interactively(parent)
        #: the ruleset of a file that names none (None: the GM cancelled; tests answer for the GM)
        self.ask_ruleset: Callable[[Path], str | None] = lambda path: ask_missing_ruleset(path, parent)
        #: shows the Ruleset dialog and says whether the GM accepted it (tests answer for the GM)
        self.confirm_ruleset: Callable[[QDialog], bool] = _exec
        self.last_error = ""
        #: the stat-block problems of the file opened last, as (place, message), and their warning
        self.stat_problems: list[tuple[str, str]] = []
        self.stat_warning: QMessageBox | None = None

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
        """Load ``path``; on failure show the engine's problems and keep the open encounter."""
        if ask and not self.may_discard():
            return False
        chosen: str | None = None
        try:
            try:
                encounter = load_encounter(path)
            except RulesetMissing:  # the file's only problem: ask the GM, never guess
                chosen = self.ask_ruleset(path)
                if chosen is None:
                    self.message.emit(f"Not opened: {path.name} names no ruleset")
                    return False
                encounter = load_encounter(path, chosen_ruleset=chosen)
        except Exception as exc:  # noqa: BLE001 - any failure to load is shown, none is fatal
            self.show_load_error(path, exc)
            return False
        self.show_encounter(encounter, path)
        if chosen is not None:  # the file does not say it yet: unsaved until the GM saves it
            self.document.mark_unsaved()
            self.message.emit(f"{path.name} is played by {ruleset_name(chosen)}; save to write that into "
                              "the file")
        remember_recent(path)
        self.recent_changed.emit()
        self.warn_about_stat_blocks(encounter, path)
        return True

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

    def switch_ruleset(self) -> bool:
        """Ruleset…: pick the ruleset the open encounter is played by, see which stat blocks do not
        fit it and give templates; the switch is one undo step. True when something changed."""
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
        path = self.document.path
        if path is None:
            return self.save_as_dialog()
        return self.save_to(path)

    def save_as_dialog(self) -> bool:
        path = self.ask_save_path()
        return self.save_to(path) if path is not None else False

    def save_to(self, path: Path) -> bool:
        try:  # an imported picture still in the user's folder goes beside the file (picture_home)
            notes = save_encounter(keep_with_encounter(self.document.encounter, path), path)
        except Exception as exc:  # noqa: BLE001 - shown to the GM; the encounter stays open
            self.last_error = problems_text(exc)
            QMessageBox.warning(self.parent_widget, "Could not save", f"{path}: {self.last_error}")
            return False
        self.document.set_path(path)
        remember_recent(path)
        self.recent_changed.emit()
        self.message.emit(f"Saved {path}" + "".join(f"; {note}" for note in notes or ()))
        return True
