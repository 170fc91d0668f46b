"""Import a map the GM already has: pick the file, align the grid of a plain picture, read the
import report, choose the ruleset the map is played by, get an encounter.

``import_map_interactively(parent)`` is the whole flow for a menu action. The picture of a
Universal VTT or Tiled map (or a plain picture's shrunk copy) is written where
:func:`~vantage.gui.importing.picture_home.picture_home` says — the user's ``imported-pictures/``
folder until the encounter is saved, then beside the encounter file — never beside the map file;
the encounter points at it by full path until then. A plain picture is used where it is unless it
must be shrunk.
"""

from __future__ import annotations

import glob
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TypeVar

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPainterPath, QPen, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QGraphicsPathItem,
    QGraphicsPixmapItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.importers.file_limits import read_file_start
from vantage.engine.importers.image import GridAlignment, grid_from_corners, tiles_that_fit
from vantage.engine.importers.image_header import ImageHeaderError, read_image_header
from vantage.engine.importers.open_map import IMPORT_SUFFIXES, import_map_file, is_plain_image
from vantage.engine.importers.report import ImportReport, ImportResult, MapImportError
from vantage.engine.model import Encounter
from vantage.gui.appdata.gm_settings import preferred_ruleset
from vantage.gui.canvas.png_strips import DecodeCancelled
from vantage.gui.importing.images import (
    DEFAULT_DECODE_LIMIT_MB,
    DEFAULT_MAX_PX,
    HEADER_BYTES,
    guess_grid,
    read_preview,
    store_background,
)
from vantage.gui.importing.picture_home import picture_home
from vantage.gui.importing.progress import READ_SHARE, SHRINK_END, ImportProgress
from vantage.gui.importing.ruleset_box import RulesetBox

SpinT = TypeVar("SpinT", QSpinBox, QDoubleSpinBox)
#: Shows a dialog and says whether the GM accepted it (tests answer for the GM).
Confirm = Callable[[QDialog], bool]
FILE_FILTER = (
    "Maps (" + " ".join(f"*{s}" for s in IMPORT_SUFFIXES) + ");;"
    "Universal VTT (*.dd2vtt *.uvtt *.df2vtt);;Tiled (*.tmx *.tmj);;Pictures (*.png *.jpg *.jpeg *.webp)"
)
_BUTTON = QDialogButtonBox.StandardButton
_LINE_TIP = "Pixels from the {} edge of the picture to the first grid line"


def _exec(dialog: QDialog) -> bool:
    return dialog.exec() == QDialog.DialogCode.Accepted


def import_map_interactively(parent: QWidget | None, pictures: Path | None = None,
                             ruleset: str | None = None) -> Encounter | None:
    """File dialog → (grid alignment for a picture) → import → report dialog (with the ruleset)
    → the encounter, or None if the GM cancelled or the file could not be imported (after saying
    why). ``pictures``: the folder the map's picture is written to (a campaign's), not beside it."""
    name, _ = QFileDialog.getOpenFileName(parent, "Import a map", "", FILE_FILTER)
    if not name:
        return None
    return import_file_interactively(parent, Path(name), ruleset=ruleset, pictures=pictures)


def import_file_interactively(
    parent: QWidget | None, path: Path, confirm: Confirm = _exec, ruleset: str | None = None,
    pictures: Path | None = None,
) -> Encounter | None:
    """The import flow for a chosen ``path``; ``confirm`` shows each dialog (tests answer it).
    The report dialog offers ``ruleset`` first (by default the one the GM chose last); the
    encounter is played by the ruleset chosen there. ``pictures``: where a picture the import writes
    goes (by default beside the map)."""
    ruleset = ruleset or preferred_ruleset()
    grid = None
    if is_plain_image(path):
        try:
            header = read_image_header(read_file_start(path, HEADER_BYTES, path.name))
        except (OSError, ImageHeaderError, MapImportError) as exc:
            QMessageBox.warning(parent, "Import a map", f"{path.name}: {exc}")
            return None
        dialog = GridAlignmentDialog(path, (header.width, header.height), parent)
        if not confirm(dialog):
            return None
        grid = dialog.alignment()
    existing = set(_picture_candidates(path, pictures))
    progress = ImportProgress(parent, f"Reading {path.name}…")
    try:
        progress.stage(f"Reading {path.name}…", 0.0, READ_SHARE)
        result = import_map_file(path, grid, ruleset=ruleset)
        encounter = _store_picture(result, path, progress, pictures)
    except (MapImportError, OSError) as exc:
        progress.close()
        QMessageBox.warning(parent, "Import a map", f"Vantage cannot import this map.\n\n{exc}")
        return None
    except MemoryError:
        progress.close()
        QMessageBox.warning(parent, "Import a map", f"Vantage cannot import this map.\n\n{path.name}: "
                            "there is not enough memory to import it; nothing was changed")
        return None
    except DecodeCancelled:
        progress.close()
        for written in set(_picture_candidates(path, pictures)) - existing:
            written.unlink(missing_ok=True)
        return None
    progress.close()
    report = ImportReportDialog(result.report, parent, ruleset)
    if confirm(report):
        return replace(encounter, ruleset=report.ruleset() or encounter.ruleset)
    for written in set(_picture_candidates(path, pictures)) - existing:
        written.unlink(missing_ok=True)  # cancelled: take back the picture this import wrote
    return None


def _picture_candidates(source: Path, pictures: Path | None = None) -> list[Path]:
    """The pictures an import of ``source`` may have written (``stem.png``, ``stem-2.png`` …)."""
    folder, stem = picture_home(source, pictures=pictures)
    if not folder.is_dir():
        return []
    return [p for s in (".png", ".jpg", ".webp") for p in folder.glob(f"{glob.escape(stem)}*{s}")]


def _store_picture(result: ImportResult, source: Path, progress: ImportProgress | None = None,
                   pictures: Path | None = None) -> Encounter:
    """The encounter with its picture stored (shrunk if larger than DEFAULT_MAX_PX), the shrinking
    followed by ``progress``; DecodeCancelled when the GM cancelled it (nothing is written)."""
    image = result.image
    if image is None:
        return result.encounter
    if is_plain_image(source) and max(image.width, image.height) <= DEFAULT_MAX_PX:
        background = result.encounter.map.background
        assert background is not None
        moved = replace(background, path=str(source.resolve()))
        return result.encounter.with_map(replace(result.encounter.map, background=moved))
    if progress is not None and max(image.width, image.height) > DEFAULT_MAX_PX:
        size = f"{image.width:,} × {image.height:,} px"
        progress.stage(f"Shrinking the {size} picture to {DEFAULT_MAX_PX:,} px…", READ_SHARE, SHRINK_END)
    # the campaign's pictures folder, else the user's folder until the encounter is saved
    folder, stem = picture_home(source, pictures=pictures)
    encounter = store_background(
        result, folder, stem,
        max_px=DEFAULT_MAX_PX, decode_limit_mb=DEFAULT_DECODE_LIMIT_MB, absolute=True,
        if_exists="new_name",  # an earlier encounter may show the picture of that name: keep it
        progress=None if progress is None else progress.shrink_progress,
    )
    if progress is not None:
        progress.stage("Done", 1.0, 1.0)
    return encounter


class ImportReportDialog(QDialog):
    """What the import found (cells, walls, doors, windows, lights, picture and scale) and every
    warning, before the GM takes the map, and the ruleset it is played by."""

    def __init__(
        self, report: ImportReport, parent: QWidget | None = None, ruleset: str | None = None
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Import report — {report.source}")
        layout = QVBoxLayout(self)
        form = QFormLayout()
        image = "none"
        if report.image_size is not None:
            image = f"{report.image_size[0]} × {report.image_size[1]} px"
            if report.pixels_per_tile:
                image += f", {report.pixels_per_tile:.4g} px per tile"
        self.values = {
            "Source": f"{report.source} ({report.source_kind})" if report.source_kind else report.source,
            "Cells": f"{report.width} × {report.height}",
            "Walls": f"{report.walls} segments",
            "Doors": str(report.doors),
            "Windows": str(report.windows),
            "Objects": f"{report.objects} sight-blocking props",
            "Lights": str(report.lights),
            "Image": image,
        }
        for label, text in self.values.items():
            value = QLabel(text)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            form.addRow(f"{label}:", value)
        layout.addLayout(form)
        self.ruleset_box = RulesetBox(ruleset if ruleset is not None else preferred_ruleset())
        choose = QFormLayout()
        choose.addRow("Played by:", self.ruleset_box)
        layout.addLayout(choose)
        self.messages = QListWidget()
        for warning in report.warnings:
            self.messages.addItem(f"Warning: {warning}")
        for note in report.notes:
            self.messages.addItem(f"Note: {note}")
        self.messages.setWordWrap(True)
        heading = f"{len(report.warnings)} warning(s), {len(report.notes)} note(s)"
        layout.addWidget(QLabel(heading))
        layout.addWidget(self.messages)
        buttons = QDialogButtonBox(_BUTTON.Ok | _BUTTON.Cancel)
        buttons.button(_BUTTON.Ok).setText("Open map")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(560, 460)

    def ruleset(self) -> str:
        """The id of the ruleset the GM chose for the imported map."""
        return self.ruleset_box.ruleset()


class CornerPickView(QGraphicsView):
    """Shows the picture; a left-button drag from one corner of a grid square to the opposite
    corner reports both corners in image pixels."""

    corners_picked = Signal(QPointF, QPointF)

    def __init__(self, scene: QGraphicsScene, scale: float, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        self.image_scale = scale  # image px per scene px
        self.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
        self.setDragMode(QGraphicsView.DragMode.NoDrag)
        self._start: QPointF | None = None
        self.band = QGraphicsRectItem()
        self.band.setPen(QPen(QColor("#ff3030"), 0))
        self.band.setZValue(10)
        self.band.hide()
        scene.addItem(self.band)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt override)
        if event.button() == Qt.MouseButton.LeftButton:
            self._start = self.mapToScene(event.position().toPoint())
            self.band.setRect(QRectF(self._start, self._start))
            self.band.show()
            return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._start is not None:
            self.band.setRect(QRectF(self._start, self.mapToScene(event.position().toPoint())).normalized())
            return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802
        if self._start is not None and event.button() == Qt.MouseButton.LeftButton:
            end = self.mapToScene(event.position().toPoint())
            start, self._start = self._start, None
            self.band.hide()
            s = self.image_scale
            self.corners_picked.emit(QPointF(start.x() * s, start.y() * s), QPointF(end.x() * s, end.y() * s))
            return
        super().mouseReleaseEvent(event)


class GridAlignmentDialog(QDialog):
    """Where the grid of a plain picture lies: type the pixels per tile and the offset, or drag
    from one corner of a grid square to the opposite one; set the map size in tiles."""

    def __init__(self, path: Path, image_size: tuple[int, int], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Align the grid — {path.name}")
        self.image_size = image_size
        self.scene = QGraphicsScene(self)
        self.preview, scale = read_preview(path, image_size)
        self.scene.addItem(QGraphicsPixmapItem(QPixmap.fromImage(self.preview)))
        self.grid_item = QGraphicsPathItem()
        self.grid_item.setPen(QPen(QColor(255, 40, 40, 200), 0))
        self.scene.addItem(self.grid_item)
        self.preview_scale = scale
        self.view = CornerPickView(self.scene, scale, self)
        self.view.setMinimumSize(480, 360)
        self.view.corners_picked.connect(self._corners_picked)

        self.pixels = _spin(QDoubleSpinBox(), 4, 2000, 70.0, "Pixels per tile: the width of one grid square")
        self.offset_x = _spin(QDoubleSpinBox(), 0, 2000, 0.0, _LINE_TIP.format("left"))
        self.offset_y = _spin(QDoubleSpinBox(), 0, 2000, 0.0, _LINE_TIP.format("top"))
        self.tiles_w = _spin(QSpinBox(), 1, 1000, 1, "Map width in tiles")
        self.tiles_h = _spin(QSpinBox(), 1, 1000, 1, "Map height in tiles")
        form = QFormLayout()
        form.addRow("Pixels per tile:", self.pixels)
        offsets = QHBoxLayout()
        offsets.addWidget(self.offset_x)
        offsets.addWidget(self.offset_y)
        form.addRow("Offset x, y (px):", offsets)
        sizes = QHBoxLayout()
        sizes.addWidget(self.tiles_w)
        sizes.addWidget(self.tiles_h)
        form.addRow("Map size (tiles):", sizes)
        self.hint = QLabel()
        self.hint.setWordWrap(True)
        self.guess_button = QPushButton("Guess the grid")
        self.guess_button.setToolTip("Look for regular grid lines in the picture")
        self.guess_button.clicked.connect(self.guess)
        buttons = QDialogButtonBox(_BUTTON.Ok | _BUTTON.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.view, 1)
        hint_row = QHBoxLayout()
        hint_row.addWidget(self.hint, 1)
        hint_row.addWidget(self.guess_button)
        layout.addLayout(hint_row)
        layout.addLayout(form)
        layout.addWidget(buttons)
        for spin in (self.pixels, self.offset_x, self.offset_y):
            spin.valueChanged.connect(self._grid_changed)
        for count_spin in (self.tiles_w, self.tiles_h):
            count_spin.valueChanged.connect(self._draw_grid)
        self._grid_changed()
        self.guess()
        self.resize(760, 640)

    def guess(self) -> bool:
        """Set the grid from the lines seen in the picture; False (and a hint) if none were."""
        grid = guess_grid(self.preview, self.preview_scale)
        if grid is None:
            self.hint.setText(
                "No regular grid lines found. Drag from one corner of a grid square to the opposite "
                "corner, or type the pixels per tile."
            )
            return False
        self.set_alignment(grid)
        self.hint.setText(
            f"Grid guessed from the picture: {grid.pixels_per_tile:.1f} px per tile. Check it against "
            "the lines drawn; drag one square's corners to correct it."
        )
        return True

    def alignment(self) -> GridAlignment:
        return GridAlignment(
            self.pixels.value(), (self.offset_x.value(), self.offset_y.value()),
            self.tiles_w.value(), self.tiles_h.value(),
        )

    def set_alignment(self, grid: GridAlignment) -> None:
        self.pixels.setValue(grid.pixels_per_tile)
        self.offset_x.setValue(grid.offset_px[0])
        self.offset_y.setValue(grid.offset_px[1])

    def _corners_picked(self, a: QPointF, b: QPointF) -> None:
        try:
            grid = grid_from_corners((a.x(), a.y()), (b.x(), b.y()))
        except ValueError as exc:
            self.setToolTip(str(exc))
            return
        self.set_alignment(grid)

    def _grid_changed(self) -> None:
        grid = GridAlignment(self.pixels.value(), (self.offset_x.value(), self.offset_y.value()))
        width, height = tiles_that_fit(self.image_size, grid)
        self.tiles_w.setValue(width)
        self.tiles_h.setValue(height)
        self._draw_grid()

    def _draw_grid(self) -> None:
        grid = self.alignment()
        s = 1 / self.preview_scale
        ox, oy, size = grid.offset_px[0] * s, grid.offset_px[1] * s, grid.pixels_per_tile * s
        w, h = grid.width or 1, grid.height or 1
        path = QPainterPath()
        for i in range(w + 1):
            path.moveTo(ox + i * size, oy)
            path.lineTo(ox + i * size, oy + h * size)
        for j in range(h + 1):
            path.moveTo(ox, oy + j * size)
            path.lineTo(ox + w * size, oy + j * size)
        self.grid_item.setPath(path)


def _spin(spin: SpinT, low: float, high: float, value: float, tip: str) -> SpinT:
    if isinstance(spin, QSpinBox):  # whole numbers (the callers give ints)
        spin.setRange(int(low), int(high))
        spin.setValue(int(value))
    else:
        spin.setRange(low, high)
        spin.setValue(value)
    spin.setToolTip(tip)
    return spin
