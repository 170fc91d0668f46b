"""The GM's panel for the player view: screen, shutter, camera, orientation, fog and scale."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QGuiApplication
from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QColorDialog,
    QComboBox,
    QDockWidget,
    QDoubleSpinBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QPushButton,
    QRadioButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from vantage.gui.appdata.player_settings import ROTATIONS, Camera, Shutter
from vantage.gui.players.controller import PlayerViewController, vision_available
from vantage.gui.players.fog_tool import FogShape
from vantage.gui.workspace.dock_content import DockContent

#: the controls a caller may ask the dock for; asking makes them if the GM has not opened the dock yet
CONTROLS = frozenset({
    "screen_combo", "fullscreen_check", "shutter_group", "camera_group", "follow_check", "rotation_combo",
    "mirror_check", "strip_check", "grid_check", "labels_check", "fog_check", "tool_check", "shape_group",
    "action_group", "radius_spin", "vision_check", "vision_radius",
})


def _buttons(
    labels: list[str], checked: int, on_pick: Callable[[int], None], parent: QWidget
) -> tuple[QWidget, QButtonGroup]:
    box = QWidget(parent)
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    group = QButtonGroup(box)
    for i, label in enumerate(labels):
        button = QRadioButton(label)
        button.setChecked(i == checked)
        group.addButton(button, i)
        row.addWidget(button)
    group.idClicked.connect(on_pick)
    return box, group


class PlayerControlsDock(QDockWidget):
    """Everything the GM changes about the player view while playing, in one dock.

    The dock starts hidden; its controls are made the first time it shows (issue 32: the window is
    complete sooner), from the settings, the fog and the fog tool as they are then, or as soon as
    code asks for one of them (:data:`CONTROLS`)."""

    default_area = Qt.DockWidgetArea.RightDockWidgetArea
    screen_combo: QComboBox
    fullscreen_check: QCheckBox
    shutter_group: QButtonGroup
    camera_group: QButtonGroup
    follow_check: QCheckBox
    rotation_combo: QComboBox
    mirror_check: QCheckBox
    strip_check: QCheckBox
    grid_check: QCheckBox
    labels_check: QCheckBox
    fog_check: QCheckBox
    tool_check: QCheckBox
    shape_group: QButtonGroup
    action_group: QButtonGroup
    radius_spin: QDoubleSpinBox
    vision_check: QCheckBox
    vision_radius: QDoubleSpinBox

    def __init__(self, controller: PlayerViewController, parent: QWidget | None = None) -> None:
        super().__init__("Player view", parent)
        self.setObjectName("player-view-dock")
        self.controller = controller
        self.content = DockContent(self, self._make_controls)

    def __getattr__(self, name: str) -> Any:
        """A control asked for before the dock was first shown: made now."""
        if name in CONTROLS and "content" in self.__dict__ and not self.content.is_built:
            self.content.widget()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _make_controls(self) -> QWidget:
        controller = self.controller
        s = controller.settings
        body = QWidget()
        layout = QVBoxLayout(body)

        # -- screen ----------------------------------------------------------------------
        screen_box = QGroupBox("Screen")
        form = QFormLayout(screen_box)
        self.screen_combo = QComboBox()
        for screen in QGuiApplication.screens():
            size = screen.geometry().size()
            self.screen_combo.addItem(f"{screen.name()} ({size.width()}×{size.height()})", screen.name())
        index = self.screen_combo.findData(s.screen)
        if index >= 0:
            self.screen_combo.setCurrentIndex(index)
        self.screen_combo.currentIndexChanged.connect(
            lambda _: controller.update_settings(screen=self.screen_combo.currentData() or "")
        )
        form.addRow("Show on:", self.screen_combo)
        self.fullscreen_check = QCheckBox("Full screen")
        self.fullscreen_check.setChecked(controller.player_fullscreen())
        self.fullscreen_check.toggled.connect(lambda on: controller.update_settings(fullscreen=on))
        form.addRow(self.fullscreen_check)
        open_button = QPushButton("Open player view")
        open_button.clicked.connect(controller.open_player_view)
        close_button = QPushButton("Close")
        close_button.clicked.connect(controller.close_player_view)
        row = QHBoxLayout()
        row.addWidget(open_button)
        row.addWidget(close_button)
        form.addRow(row)
        shutter_box, self.shutter_group = _buttons(
            ["Live", "Hold", "Blank"], 0, lambda i: controller.set_shutter(list(Shutter)[i]), screen_box
        )
        form.addRow("Shutter:", shutter_box)
        layout.addWidget(screen_box)

        # -- camera and orientation ------------------------------------------------------
        camera_box = QGroupBox("Camera")
        form = QFormLayout(camera_box)
        cam_box, self.camera_group = _buttons(
            ["Fit map", "Locked to scale"], list(Camera).index(s.camera),
            lambda i: controller.update_settings(camera=list(Camera)[i]), camera_box,
        )
        form.addRow(cam_box)
        self.follow_check = QCheckBox("Follow the active token")
        self.follow_check.setChecked(s.follow_active)
        self.follow_check.toggled.connect(lambda on: controller.update_settings(follow_active=on))
        form.addRow(self.follow_check)
        pad = QGridLayout()
        for text, (dx, dy), (r, c) in (("▲", (0, -1), (0, 1)), ("◀", (-1, 0), (1, 0)),
                                       ("▶", (1, 0), (1, 2)), ("▼", (0, 1), (2, 1))):
            button = QPushButton(text)
            button.setToolTip("Pan the player view by one tile")
            button.setFixedWidth(36)
            button.clicked.connect(lambda _=False, d=(dx, dy): controller.pan(*d))
            pad.addWidget(button, r, c)
        form.addRow("Pan by a tile:", pad)
        self.rotation_combo = QComboBox()
        for degrees in ROTATIONS:
            self.rotation_combo.addItem(f"{degrees}°", degrees)
        self.rotation_combo.setCurrentIndex(ROTATIONS.index(s.rotation))
        self.rotation_combo.currentIndexChanged.connect(
            lambda _: controller.update_settings(rotation=self.rotation_combo.currentData())
        )
        form.addRow("Rotation:", self.rotation_combo)
        self.mirror_check = QCheckBox("Mirror (rear projection)")
        self.mirror_check.setChecked(s.mirrored)
        self.mirror_check.toggled.connect(lambda on: controller.update_settings(mirrored=on))
        form.addRow(self.mirror_check)
        self.strip_check = QCheckBox("Turn order along the top")
        self.strip_check.setToolTip("The initiative order on the projector, the one acting highlighted "
                                    "(hidden tokens are left out)")
        self.strip_check.setChecked(s.initiative_strip)
        self.strip_check.toggled.connect(lambda on: controller.update_settings(initiative_strip=on))
        form.addRow(self.strip_check)
        self.grid_check = QCheckBox("Grid")
        self.grid_check.setToolTip("The grid on the projector (the GM's own map has View ▸ Show the grid)")
        self.grid_check.setChecked(s.grid)
        self.grid_check.toggled.connect(lambda on: controller.update_settings(grid=on))
        grid_colour = QPushButton("Grid colour…")
        grid_colour.setToolTip("The projector's grid colour and how strongly it shows")
        grid_colour.clicked.connect(self.choose_grid_colour)
        grid_row = QHBoxLayout()
        grid_row.addWidget(self.grid_check)
        grid_row.addWidget(grid_colour)
        form.addRow(grid_row)
        self.labels_check = QCheckBox("Large token labels")
        self.labels_check.setChecked(s.labels)
        self.labels_check.toggled.connect(lambda on: controller.update_settings(labels=on))
        form.addRow(self.labels_check)
        calibrate = QPushButton("Calibrate scale…")
        calibrate.setToolTip("Make one tile one inch (or any size) on the glass")
        calibrate.clicked.connect(controller.calibrate)
        form.addRow(calibrate)
        layout.addWidget(camera_box)

        # -- fog ---------------------------------------------------------------------------
        fog_box = QGroupBox("Fog of war")
        form = QFormLayout(fog_box)
        self.fog_check = QCheckBox("Fog on")
        self.fog_check.setChecked(controller.scene.source_encounter.map.fog_enabled)
        self.fog_check.toggled.connect(controller.set_fog_enabled)
        controller.scene.encounter_changed.connect(self._sync_fog_check)
        form.addRow(self.fog_check)
        self.tool_check = QCheckBox("Fog tool in the map (left: do, right: undo)")
        self.tool_check.setChecked(controller.tools.is_current(controller.fog_tool))
        self.tool_check.toggled.connect(lambda on: controller.use_fog_tool(on))
        form.addRow(self.tool_check)
        controller.fog_tool_toggled.connect(self._sync_tool_check)
        controller.settings_changed.connect(self._sync_settings)
        fog_tool = controller.fog_tool
        shape_box, self.shape_group = _buttons(
            ["Brush", "Rectangle", "Room"], list(FogShape).index(fog_tool.shape),
            lambda i: controller.use_fog_tool(True, shape=list(FogShape)[i]), fog_box,
        )
        form.addRow("Shape:", shape_box)
        action_box, self.action_group = _buttons(
            ["Reveal", "Hide"], 0 if fog_tool.reveal else 1,
            lambda i: controller.use_fog_tool(True, reveal=i == 0), fog_box,
        )
        form.addRow("Left button:", action_box)
        self.radius_spin = QDoubleSpinBox()
        self.radius_spin.setRange(0.5, 20)
        self.radius_spin.setSingleStep(0.5)
        self.radius_spin.setValue(controller.fog_tool.radius)
        self.radius_spin.setSuffix(" tiles")
        self.radius_spin.valueChanged.connect(lambda r: setattr(controller.fog_tool, "radius", r))
        form.addRow("Brush radius:", self.radius_spin)
        row = QHBoxLayout()
        for text, reveal in (("Reveal all", True), ("Hide all", False)):
            button = QPushButton(text)
            button.clicked.connect(lambda _=False, r=reveal: controller.reveal_all(r))
            row.addWidget(button)
        form.addRow(row)
        self.vision_check = QCheckBox("Vision fog (what the party sees)")
        self.vision_check.setChecked(s.vision_fog)
        self.vision_check.setEnabled(vision_available())
        if not vision_available():
            self.vision_check.setToolTip("Needs the geometry engine's visibility polygons")
        self.vision_check.toggled.connect(lambda on: controller.update_settings(vision_fog=on))
        form.addRow(self.vision_check)
        self.vision_radius = QDoubleSpinBox()
        self.vision_radius.setRange(0, 200)
        self.vision_radius.setSpecialValueText("unlimited")
        self.vision_radius.setValue(s.vision_radius)
        self.vision_radius.setSuffix(" tiles")
        self.vision_radius.valueChanged.connect(lambda r: controller.update_settings(vision_radius=r))
        form.addRow("Sight range:", self.vision_radius)
        keep = QPushButton("Keep explored tiles")
        keep.setToolTip("Write the tiles the party has seen into the map's revealed fog (undoable)")
        keep.clicked.connect(controller.keep_explored)
        form.addRow(keep)
        layout.addWidget(fog_box)
        layout.addStretch(1)

        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        return scroll

    def choose_grid_colour(self) -> QColorDialog:
        dialog = QColorDialog(QColor(self.controller.settings.grid_colour), self)
        dialog.setOption(QColorDialog.ColorDialogOption.ShowAlphaChannel, True)
        dialog.setWindowTitle("Projector grid colour and opacity")
        dialog.colorSelected.connect(
            lambda c: self.controller.update_settings(grid_colour=c.name(QColor.NameFormat.HexArgb)))
        dialog.open()
        return dialog

    def _sync_settings(self) -> None:
        _set_quietly(self.fullscreen_check, self.controller.player_fullscreen())

    def _sync_tool_check(self, on: bool) -> None:
        _set_quietly(self.tool_check, on)

    def _sync_fog_check(self) -> None:
        _set_quietly(self.fog_check, self.controller.scene.source_encounter.map.fog_enabled)


def _set_quietly(check: QCheckBox, on: bool) -> None:
    """Show ``on`` in ``check`` without sending it back as a change."""
    if check.isChecked() != on:
        check.blockSignals(True)
        check.setChecked(on)
        check.blockSignals(False)
