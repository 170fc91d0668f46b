"""A GM window as the window tests use it: on an encounter or a sample map, shown, active, at zoom 1
and centred on a tile; and the GM's drag from one tile to another on its map.

The sample maps start with the party's dice at the table (``table_dice`` in the file); a test
that scripts the dice opens a sample with ``vantage_rolls=True`` (the default), so the scripted
dice roll every die, and one that enters the party's faces by hand passes False."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMainWindow
from vantage_dice import vantage_rolls as without_table_dice

from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter, Tile
from vantage.gui.canvas.map_view import MapView
from vantage.gui.gm.main_window import MainWindow

SAMPLES = Path(__file__).resolve().parents[2] / "maps"
#: big enough for the docks and a sample map's fighting part at zoom 1
WINDOW_SIZE = (1900, 1100)


def show_gm_window(qtbot, window: MainWindow, centre: Tile,
                   size: tuple[int, int] = WINDOW_SIZE) -> MainWindow:
    """``window`` shown and active, the Legend hidden, at zoom 1 centred on ``centre``; closing it
    never waits on the unsaved-changes question."""
    window.files.ask_unsaved = lambda: "discard"  # closing at teardown must not wait on a dialog
    qtbot.addWidget(window)
    window.docks["Legend"].hide()
    show_active(qtbot, window, window.view, centre, size)
    return window


def show_active(qtbot, host: QMainWindow, view: MapView, centre: Tile, size: tuple[int, int]) -> None:
    """``host`` at ``size``, shown and active, its map ``view`` at zoom 1 centred on ``centre``."""
    host.resize(*size)
    host.show()
    host.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is host, timeout=2000)
    view.set_zoom(1.0)
    view.center_on_tile(centre)


def sample_encounter(name: str, vantage_rolls: bool = True) -> tuple[Encounter, Path]:
    """The sample map ``maps/<name>`` and its path; with ``vantage_rolls`` every die is Vantage's."""
    path = SAMPLES / name
    encounter = load_encounter(path)
    return (without_table_dice(encounter) if vantage_rolls else encounter), path


def open_sample(qtbot, name: str, centre: Tile, vantage_rolls: bool = True,
                size: tuple[int, int] = WINDOW_SIZE) -> MainWindow:
    """A GM window on the sample map ``maps/<name>``, opened from its file, shown (``show_gm_window``)."""
    encounter, path = sample_encounter(name, vantage_rolls)
    return show_gm_window(qtbot, MainWindow(encounter, path), centre, size)


def drag(qtbot, window: MainWindow, start: Tile, end: Tile) -> None:
    """The GM presses on ``start``'s centre, moves to ``end``'s and releases there."""
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(start))
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view(end))
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, pos=window.view.tile_centre_in_view(end))
