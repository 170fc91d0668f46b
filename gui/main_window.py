"""The GM window: the map view in the middle, panels around it, menus and the status bar.

``run(args)`` is what ``vantage`` and ``vantage FILE`` call.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMainWindow, QMessageBox, QWidget

from engine.model import Encounter
from gui.document import EncounterDocument
from gui.encounter_files import load_encounter, problems_text
from gui.map_scene import MapScene
from gui.map_view import MapView
from gui.play_rules import reachable_for
from gui.play_tool import PlayTool
from gui.tactics_overlay import LAYER_LABELS, Layer, TacticsOverlay

FILE_FILTER = "Vantage encounters (*.json);;All files (*)"


def first_sample() -> tuple[Encounter, Path | None]:
    """The first bundled sample encounter, or the built-in demo when none is bundled."""
    from engine.resources import sample_encounters

    try:
        samples = sample_encounters()
    except FileNotFoundError:
        samples = []
    if samples:
        return load_encounter(samples[0]), samples[0]
    from gui.demo_encounter import demo_encounter

    return demo_encounter(), None


class MainWindow(QMainWindow):
    """The GM window over one encounter at a time (``path`` None: not saved yet)."""

    def __init__(self, encounter: Encounter, path: Path | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = EncounterDocument(encounter, path, self)
        self.scene = MapScene(encounter, base_dir=path.parent if path else None)
        self.view = MapView(self.scene, self)
        self.setCentralWidget(self.view)
        self.play_tool = PlayTool(self.document, self)
        self.view.tool = self.play_tool
        self.play_tool.message.connect(lambda text: self.statusBar().showMessage(text, 10000))
        self.tactics = TacticsOverlay()
        self.scene.addItem(self.tactics)
        self._hovered_token: str | None = None
        self.play_tool.selection_changed.connect(lambda _id: self.refresh_overlay())
        self.document.changed.connect(self._sync_scene)
        self.document.path_changed.connect(self._update_title)
        self.document.undo_stack.cleanChanged.connect(self._update_title)
        self.hover_label = QLabel("")
        self.statusBar().addPermanentWidget(self.hover_label)
        self.view.hovered_tile.connect(self._show_hover)
        self._build_menus()
        self.resize(1280, 800)
        self._update_title()

    @property
    def encounter(self) -> Encounter:
        return self.document.encounter

    @property
    def path(self) -> Path | None:
        return self.document.path

    def _sync_scene(self) -> None:
        self.scene.set_encounter(self.document.encounter)
        if self.play_tool.selected is not None and self.play_tool.selected not in self.scene.token_items:
            self.play_tool.select(self.view, None)
        self.refresh_overlay()

    def refresh_overlay(self) -> None:
        """Recompute the selected token's overlays from the engine."""
        encounter = self.document.encounter
        token_id = self.play_tool.selected
        self.tactics.rebuild(encounter, token_id, lambda: reachable_for(encounter, token_id or ""),
                             self._hovered_token)

    def set_layer(self, layer: Layer, on: bool) -> None:
        self.tactics.set_layer(layer, on)
        self.refresh_overlay()

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        self.open_action = QAction("&Open…", self, shortcut=QKeySequence.StandardKey.Open)
        self.open_action.setToolTip("Open an encounter file")
        self.open_action.triggered.connect(self.open_dialog)
        file_menu.addAction(self.open_action)
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        edit_menu = self.menuBar().addMenu("&Edit")
        stack = self.document.undo_stack
        self.undo_action = stack.createUndoAction(self, "&Undo")
        self.undo_action.setShortcut(QKeySequence.StandardKey.Undo)
        self.redo_action = stack.createRedoAction(self, "&Redo")
        self.redo_action.setShortcut(QKeySequence.StandardKey.Redo)
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        token_menu = self.menuBar().addMenu("&Token")
        self.turn_left_action = QAction("Turn &left", self, shortcut=QKeySequence("Q"))
        self.turn_left_action.setToolTip("Turn the selected token one eighth anticlockwise (Q)")
        self.turn_left_action.triggered.connect(lambda: self._turn_selected(-1))
        self.turn_right_action = QAction("Turn &right", self, shortcut=QKeySequence("E"))
        self.turn_right_action.setToolTip("Turn the selected token one eighth clockwise (E)")
        self.turn_right_action.triggered.connect(lambda: self._turn_selected(1))
        token_menu.addAction(self.turn_left_action)
        token_menu.addAction(self.turn_right_action)
        view_menu = self.menuBar().addMenu("&View")
        self.fit_action = QAction("&Fit map", self, shortcut=QKeySequence("F"))
        self.fit_action.setToolTip("Zoom so that the whole map fits the window")
        self.fit_action.triggered.connect(self.view.fit_map)
        view_menu.addAction(self.fit_action)
        self.actual_size_action = QAction("Zoom &100%", self, shortcut=QKeySequence("1"))
        self.actual_size_action.triggered.connect(lambda: self.view.set_zoom(1.0))
        view_menu.addAction(self.actual_size_action)
        overlays = view_menu.addMenu("&Overlays")
        self.layer_actions: dict[Layer, QAction] = {}
        for number, layer in enumerate(Layer, start=1):
            action = QAction(LAYER_LABELS[layer], self, checkable=True, checked=True)
            action.setShortcut(QKeySequence(f"Ctrl+{number}"))
            action.setToolTip(f"Show or hide: {LAYER_LABELS[layer].lower()} (Ctrl+{number})")
            action.toggled.connect(lambda on, layer=layer: self.set_layer(layer, on))
            overlays.addAction(action)
            self.layer_actions[layer] = action
        self.addActions(overlays.actions())
        for menu in (file_menu, edit_menu, token_menu, view_menu):
            self.addActions(menu.actions())  # shortcuts work even while the menu bar is hidden

    def _turn_selected(self, steps: int) -> None:
        token_id = self.play_tool.selected
        if token_id is None:
            self.statusBar().showMessage("Select a token to turn it", 5000)
            return
        self.play_tool.turn(token_id, steps)

    def _update_title(self) -> None:
        name = self.encounter.name or (self.path.name if self.path else "Untitled")
        star = "*" if self.document.is_modified() else ""
        self.setWindowTitle(f"{name}{star} — Vantage")

    def _show_hover(self, tile: tuple[int, int] | None) -> None:
        hovered = self.scene.token_at_tile(tile) if tile is not None else None
        if hovered != self._hovered_token:
            self._hovered_token = hovered
            self.tactics.show_sight(self.document.encounter, hovered)
        if tile is None:
            self.hover_label.setText("")
            return
        m = self.encounter.map
        kind = m.terrain_at(tile)
        text = f"({tile[0]}, {tile[1]})  {kind.name} [{kind.movement.value}]"
        elevation = m.elevation_at(tile)
        if elevation:
            text += f"  elevation {elevation:g} ft"
        self.hover_label.setText(text)

    # -- files -----------------------------------------------------------------------------
    def open_file(self, path: Path) -> bool:
        """Load ``path``; on failure show the engine's problems and keep the open encounter."""
        try:
            encounter = load_encounter(path)
        except Exception as exc:  # noqa: BLE001 - any failure to load is shown, none is fatal
            self.show_load_error(path, exc)
            return False
        self.set_encounter(encounter, path)
        return True

    def set_encounter(self, encounter: Encounter, path: Path | None) -> None:
        self.play_tool.select(self.view, None)
        self.scene.set_encounter(encounter, base_dir=path.parent if path else None)
        self.document.reset(encounter, path)
        self.view.fit_map()
        self._update_title()

    def show_load_error(self, path: Path, error: Exception) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning, "Could not open the encounter",
                          f"{path} could not be opened. Nothing that was open has changed.", parent=self)
        box.setDetailedText(problems_text(error))
        box.setInformativeText(problems_text(error)[:600])
        self.statusBar().showMessage(f"Could not open {path.name}", 8000)
        box.open()

    def open_dialog(self) -> None:
        name, _ = QFileDialog.getOpenFileName(self, "Open encounter", "", FILE_FILTER)
        if name:
            self.open_file(Path(name))


def run(args: list[str]) -> int:
    """Open the GM window on ``args[0]`` (a file) or on the first sample encounter."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("Vantage")
    if args:
        path = Path(args[0])
        try:
            encounter = load_encounter(path)
        except Exception as exc:  # noqa: BLE001 - shown to the user, then we stop
            print(f"vantage: cannot open {path}:\n{problems_text(exc)}", file=sys.stderr)
            return 2
        window = MainWindow(encounter, path)
    else:
        encounter, sample_path = first_sample()
        window = MainWindow(encounter, sample_path)
    window.show()
    window.view.fit_map()
    return int(app.exec())
