"""The editor panel (edit mode) and the terrain legend.

The panel sets :class:`EditSettings`: the tool (terrain brush, fill, elevation, walls, erase,
objects, tokens), the terrain kind, brush size 1–5, elevation, wall kind, object kind, and the
token palette of images from ``assets/`` (drag one onto the map, or pick it and click), and
whether new walls and objects are GM only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from PySide6.QtCore import QMimeData, QSize, Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPixmap
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.editing import OBJECT_KINDS
from vantage.engine.model import GameMap, Side, WallKind
from vantage.gui.appdata.resources import resource_dir
from vantage.gui.canvas.map_view import TOKEN_MIME
from vantage.gui.canvas.palette import MOVEMENT_TEXTURE, texture_colour
from vantage.gui.document import EncounterDocument
from vantage.gui.edit.tool import MODE_LABELS, EditMode, EditSettings

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".webp", ".svg")
MODE_TIPS = {
    EditMode.TERRAIN: "Paint terrain with a square brush (drag to paint a stroke)",
    EditMode.FILL: "Flood-fill the connected area of one terrain",
    EditMode.ELEVATION: "Set the elevation (feet) of the tiles under the brush",
    EditMode.WALL: "Click or drag along tile edges to draw walls, doors or windows",
    EditMode.ERASE: "Erase the wall nearest the cursor, or the object on the tile",
    EditMode.OBJECT: "Place a blocking or cover object on a tile",
    EditMode.TOKEN: "Place a new token (or drag one from the palette onto the map)",
    EditMode.GM_ONLY: "Click a wall or an object to make it GM only (a secret door, a trap) or show it again",
}
def swatch(colour: str, pattern: Qt.BrushStyle, line: QColor, size: int = 18) -> QIcon:
    from PySide6.QtGui import QBrush, QPainter

    pixmap = QPixmap(size, size)
    pixmap.fill(QColor(colour))
    if pattern != Qt.BrushStyle.NoBrush:
        painter = QPainter(pixmap)
        painter.fillRect(pixmap.rect(), QBrush(line, pattern))
        painter.end()
    return QIcon(pixmap)


def asset_images() -> list[Path]:
    """Every picture under the bundled ``assets/`` folder except the program's icons."""
    try:
        root = resource_dir("assets")
    except FileNotFoundError:
        return []
    return sorted(p for p in root.rglob("*") if p.suffix.lower() in IMAGE_SUFFIXES and "icons" not in p.parts)


class TokenPalette(QListWidget):
    """Pictures to drag onto the map as new tokens."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setViewMode(QListWidget.ViewMode.IconMode)
        self.setIconSize(QSize(40, 40))
        self.setDragEnabled(True)
        self.setToolTip("Token pictures from assets/: drag one onto the map")
        for path in asset_images():
            item = QListWidgetItem(QIcon(str(path)), path.stem)
            item.setData(Qt.ItemDataRole.UserRole, str(path))
            self.addItem(item)
        plain = QListWidgetItem(swatch("#d23b2f", Qt.BrushStyle.NoBrush, QColor()), "disc")
        plain.setData(Qt.ItemDataRole.UserRole, "")
        self.addItem(plain)

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:  # noqa: N802 - Qt's name
        data = QMimeData()
        image = items[0].data(Qt.ItemDataRole.UserRole) if items else ""
        data.setData(TOKEN_MIME, str(image or "").encode("utf-8"))
        return data

    def mimeTypes(self) -> list[str]:  # noqa: N802 - Qt's name
        return [TOKEN_MIME]


class EditorPanel(QWidget):
    resize_requested = Signal()

    def __init__(self, settings: EditSettings, game_map: GameMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.modes = QButtonGroup(self)
        grid = QGridLayout()
        self.mode_buttons: dict[EditMode, QRadioButton] = {}
        for i, mode in enumerate(EditMode):
            button = QRadioButton(MODE_LABELS.get(mode, mode.value.capitalize()))
            button.setToolTip(MODE_TIPS[mode])
            button.setChecked(mode is settings.mode)
            button.toggled.connect(lambda on, m=mode: self._set_mode(m) if on else None)
            self.modes.addButton(button)
            self.mode_buttons[mode] = button
            grid.addWidget(button, i // 2, i % 2)
        self.terrain_box = QComboBox()
        self.terrain_box.setToolTip("The terrain to paint or fill with")
        self.set_terrain_kinds(game_map)
        self.terrain_box.currentIndexChanged.connect(
            lambda _i: setattr(settings, "terrain", self.terrain_box.currentData()))
        self.brush_box = QSpinBox()
        self.brush_box.setRange(1, 5)
        self.brush_box.setValue(settings.brush)
        self.brush_box.setToolTip("Brush size: 1 to 5 tiles square")
        self.brush_box.valueChanged.connect(lambda v: setattr(settings, "brush", v))
        self.elevation_box = QDoubleSpinBox()
        self.elevation_box.setRange(-500, 500)
        self.elevation_box.setSingleStep(5)
        self.elevation_box.setSuffix(" ft")
        self.elevation_box.setValue(settings.elevation)
        self.elevation_box.valueChanged.connect(lambda v: setattr(settings, "elevation", v))
        self.wall_box = QComboBox()
        for kind in WallKind:
            self.wall_box.addItem(kind.value, kind)
        self.wall_box.currentIndexChanged.connect(
            lambda _i: setattr(settings, "wall", self.wall_box.currentData()))
        self.object_box = QComboBox()
        for object_kind, (name, moves, _sight, cover) in OBJECT_KINDS.items():
            what = "blocks" if moves else "passable"
            self.object_box.addItem(f"{name} ({what}, {cover.value} cover)", object_kind)
        self.object_box.currentIndexChanged.connect(
            lambda _i: setattr(settings, "object_kind", self.object_box.currentData()))
        self.gm_only_box = QCheckBox("New walls and objects are GM only")
        self.gm_only_box.setToolTip(
            "Secret doors, traps, GM notes: drawn dashed magenta with a GM tag, never shown to the players"
        )
        self.gm_only_box.setChecked(settings.gm_only)
        self.gm_only_box.toggled.connect(lambda on: setattr(settings, "gm_only", on))
        self.hide_new_box = QCheckBox("New tokens start hidden from the players")
        self.hide_new_box.setToolTip("Set up an ambush: tokens you place stay off the projector — open now "
                                     "or opened later — until you reveal them (H, or the token's menu)")
        self.hide_new_box.setChecked(settings.hide_new_tokens)
        self.hide_new_box.toggled.connect(lambda on: setattr(settings, "hide_new_tokens", on))
        self.side_box = QComboBox()
        for side in Side:
            self.side_box.addItem(side.value, side)
        self.side_box.setCurrentText(settings.token_side.value)
        self.side_box.currentIndexChanged.connect(
            lambda _i: setattr(settings, "token_side", self.side_box.currentData()))
        self.token_palette = TokenPalette()
        self.token_palette.currentItemChanged.connect(self._pick_image)
        resize = QPushButton("New size / resize map…")
        resize.setToolTip("Change the map's width and height (tiles beyond the new edge are dropped)")
        resize.clicked.connect(self.resize_requested.emit)
        form = QFormLayout()
        form.addRow("Terrain", self.terrain_box)
        form.addRow("Brush", self.brush_box)
        form.addRow("Elevation", self.elevation_box)
        form.addRow("Wall", self.wall_box)
        form.addRow("Object", self.object_box)
        form.addRow("GM only", self.gm_only_box)
        form.addRow("Token side", self.side_box)
        form.addRow("", self.hide_new_box)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addLayout(form)
        layout.addWidget(QLabel("Token palette"))
        layout.addWidget(self.token_palette)
        layout.addWidget(resize)

    def set_terrain_kinds(self, game_map: GameMap) -> None:
        current = self.settings.terrain
        self.terrain_box.clear()
        for kind in game_map.terrain_kinds.values():
            icon = swatch(kind.color, MOVEMENT_TEXTURE[kind.movement], texture_colour(kind))
            self.terrain_box.addItem(icon, f"{kind.name} ({kind.movement.value})", kind.id)
        index = self.terrain_box.findData(current)
        self.terrain_box.setCurrentIndex(max(0, index))

    def _set_mode(self, mode: EditMode) -> None:
        self.settings.mode = mode

    def _pick_image(self, item: QListWidgetItem | None) -> None:
        self.settings.token_image = (item.data(Qt.ItemDataRole.UserRole) or None) if item else None


def used_kinds(game_map: GameMap) -> frozenset[str]:
    """The terrain kinds some tile of ``game_map`` has."""
    return frozenset(game_map.terrain)


class TerrainLegend(QListWidget):
    """The terrain kinds this map uses, each with its swatch and movement class (a kind the map
    knows but no tile has is left out; the editor's buttons offer every kind)."""

    #: the number of kinds shown, after each change
    kinds_shown = Signal(int)

    def __init__(self, game_map: GameMap, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setToolTip("Terrain legend: colour, texture and how hard the ground is to cross "
                        "(the kinds on this map)")
        self.show_map(game_map)

    def show_map(self, game_map: GameMap) -> None:
        self.clear()
        used = used_kinds(game_map)
        for kind_id, kind in game_map.terrain_kinds.items():
            if kind_id not in used:
                continue
            icon = swatch(kind.color, MOVEMENT_TEXTURE[kind.movement], texture_colour(kind))
            setbacks = ", ".join(sorted(s.value for s in kind.setbacks))
            text = f"{kind.name} — {kind.movement.value}" + (f" ({setbacks})" if setbacks else "")
            self.addItem(QListWidgetItem(icon, text))
        self.kinds_shown.emit(self.count())


def keep_terrain_choice(settings: EditSettings, game_map: GameMap) -> None:
    """What the editor's terrain box does to the chosen terrain when the map's kinds change, for an
    editor not made yet: the same kind if the map still has it, else its first kind."""
    kinds = game_map.terrain_kinds
    if kinds and settings.terrain not in kinds:
        settings.terrain = next(iter(kinds.values())).id


def follow_terrain_kinds(document: EncounterDocument, panel: Callable[[], EditorPanel | None],
                         legend: TerrainLegend, settings: EditSettings | None = None) -> None:
    """The editor's terrain buttons (``panel()``: the editor if it is made yet) and the legend follow
    the map's terrain kinds; while the editor is not made, the chosen terrain in ``settings`` follows
    them as its terrain box would (:func:`keep_terrain_choice`)."""
    shown = [dict(document.encounter.map.terrain_kinds)]
    used = [used_kinds(document.encounter.map)]
    terrain = [document.encounter.map.terrain]

    def sync() -> None:
        game_map = document.encounter.map
        kinds = dict(game_map.terrain_kinds)
        new_kinds = kinds != shown[0]
        if new_kinds:
            shown[0] = kinds
            made = panel()
            if made is not None:
                made.set_terrain_kinds(game_map)
            elif settings is not None:
                keep_terrain_choice(settings, game_map)
        if game_map.terrain is terrain[0] and not new_kinds:
            return  # the ground is as it was (a move, an attack …): nothing to count again
        terrain[0] = game_map.terrain
        now = used_kinds(game_map)
        if new_kinds or now != used[0]:
            used[0] = now
            legend.show_map(game_map)

    document.changed.connect(sync)
