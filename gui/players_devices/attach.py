"""The players' devices as a GM workspace carries them: Players ▸ Share on the local network, the
"Players' devices" dock, and the link to the player view (same filter input, the projector's
framing, the ruler the GM shows)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget

from vantage.gui.players.controller import PlayerViewController
from vantage.gui.players_devices.sharing import DeviceSharing
from vantage.gui.workspace import ActionId, DockId, GmWorkspace, MenuId
from vantage.gui.workspace.dock_content import DockContent

if TYPE_CHECKING:
    from vantage.gui.players_devices.panel import DevicesPanel


@dataclass(frozen=True, eq=False)
class AttachedDevices:
    sharing: DeviceSharing
    content: DockContent  # the panel, made when the dock is first shown (it starts hidden)
    dock: QDockWidget
    share_action: QAction

    @property
    def panel(self) -> DevicesPanel:
        return cast("DevicesPanel", self.content.widget())


def attach_players_devices(workspace: GmWorkspace, players: PlayerViewController | None = None,
                           ruler: QObject | None = None,
                           ruler_shown: QAction | None = None) -> AttachedDevices:
    """Give ``workspace`` its players' devices. ``players`` is the player view's controller (its
    explored tiles, vision and projector framing are the devices' too); ``ruler`` a ruler tool with
    ``changed(measurement)`` and ``rule_short``, shown to the devices while ``ruler_shown`` is checked."""
    window = workspace.host
    sharing = DeviceSharing(workspace, players)
    dock = workspace.add_dock(DockId.PLAYERS_DEVICES, None, Qt.DockWidgetArea.RightDockWidgetArea)
    dock.hide()
    content = DockContent(dock, lambda: _devices_panel(sharing))
    toggle = dock.toggleViewAction()
    toggle.setToolTip("Show or hide the players' devices panel: the address, the join code and the devices")
    toggle.setStatusTip(toggle.toolTip())
    action = QAction("Share on the local &network…", window)
    action.setToolTip("Let the players' phones, tablets and a TV's browser show the table (you start it)")
    action.setStatusTip(action.toolTip())
    action.triggered.connect(dock.show)
    action.triggered.connect(dock.raise_)
    sharing.claim_waiting.connect(dock.show)  # the GM approves there
    sharing.claim_waiting.connect(dock.raise_)
    menu = workspace.actions.find_menu(MenuId.PLAYERS)
    if menu is not None:
        menu.addAction(action)
        menu.addAction(toggle)
    workspace.actions.add_action(ActionId.SHARE_WITH_DEVICES, action)
    if ruler is not None and ruler_shown is not None:
        def push(_: object = None) -> None:
            measurement = getattr(ruler, "measurement", None)
            if measurement is None or not ruler_shown.isChecked():
                sharing.set_ruler(None, None)
            else:
                sharing.set_ruler(measurement.start, measurement.end,
                                  f"{measurement.label} ({getattr(ruler, 'rule_short', '')})")

        ruler.changed.connect(push)  # type: ignore[attr-defined]
        ruler_shown.toggled.connect(push)
    return AttachedDevices(sharing, content, dock, action)


def _devices_panel(sharing: DeviceSharing) -> DevicesPanel:
    """The panel, with its module: loaded when the dock is first shown (issue 32, "window complete")."""
    from vantage.gui.players_devices.panel import DevicesPanel

    return DevicesPanel(sharing)
