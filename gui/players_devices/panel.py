"""The GM's panel for the players' devices: where to listen, start/stop, the address and its QR
code, the join code, and the devices joined (disconnect, approve a claimed token, let it move)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPixmap, QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.rules.decisions import who_name
from vantage.gui.players_devices.addresses import join_url, lan_addresses
from vantage.gui.players_devices.sharing import DEFAULT_PORT, DeviceSharing, new_join_code


class DevicesPanel(QWidget):
    """Everything the GM does about the players' devices, in one panel."""

    def __init__(self, sharing: DeviceSharing, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.sharing = sharing
        self.address = QComboBox()
        self.address.setEditable(True)
        self._addresses_listed = False  # looked up when the panel first shows (a name lookup may wait)
        self.address.setToolTip("The network the devices join on: the server listens on this address only "
                                "(127.0.0.1: this computer only)")
        self.port = QSpinBox()
        self.port.setRange(1024, 65535)
        self.port.setValue(DEFAULT_PORT)
        self.start_button = QPushButton("Start sharing")
        self.start_button.clicked.connect(self.toggle)
        self.url = QLabel()
        self.url.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.url.setWordWrap(True)
        self.qr = QLabel()
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.code = QLineEdit(sharing.code)
        self.code.setMaxLength(12)
        self.code.setToolTip("What a device types to join; a new code keeps those joined already")
        self.code.editingFinished.connect(lambda: self._set_code(self.code.text().strip()))
        new_code = QPushButton("New code")
        new_code.clicked.connect(lambda: self._set_code(new_join_code()))
        self.devices = QTreeWidget()
        self.devices.setHeaderLabels(["Device", "Address", "Plays", "May move"])
        self.devices.setRootIsDecorated(False)
        self.approve_button = QPushButton("Approve")
        self.approve_button.setToolTip("Give the device the token it asks for")
        self.refuse_button = QPushButton("Refuse")
        self.move_button = QPushButton("Let move this turn")
        self.move_button.setToolTip("The device may move its token itself this turn "
                                    "(the same rules as your drag)")
        self.disconnect_button = QPushButton("Disconnect")
        self.approve_button.clicked.connect(lambda: self._approve(True))
        self.refuse_button.clicked.connect(lambda: self._approve(False))
        self.move_button.clicked.connect(self._toggle_move)
        self.disconnect_button.clicked.connect(self._disconnect)
        form = QFormLayout()
        where = QHBoxLayout()
        where.addWidget(self.address, 1)
        where.addWidget(self.port)
        form.addRow("Listen on", where)
        codes = QHBoxLayout()
        codes.addWidget(self.code, 1)
        codes.addWidget(new_code)
        form.addRow("Join code", codes)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.start_button)
        layout.addWidget(self.url)
        layout.addWidget(self.qr)
        layout.addWidget(self.devices, 1)
        buttons = QHBoxLayout()
        for button in (self.approve_button, self.refuse_button, self.move_button, self.disconnect_button):
            buttons.addWidget(button)
        layout.addLayout(buttons)
        self.devices.currentItemChanged.connect(lambda *_: self._buttons())
        sharing.changed.connect(self.refresh)
        sharing.workspace.document.changed.connect(self.refresh)
        self.refresh()

    def showEvent(self, event: QShowEvent) -> None:
        self.list_addresses()
        super().showEvent(event)

    def list_addresses(self) -> None:
        """Offer this computer's addresses (once: the first time the panel shows, or sharing starts),
        keeping an address the GM typed already."""
        if self._addresses_listed:
            return
        self._addresses_listed = True
        typed = self.address.currentText()
        self.address.addItems(lan_addresses())
        if typed:
            self.address.setCurrentText(typed)

    def toggle(self) -> None:
        if self.sharing.running:
            self.sharing.stop()
            return
        self.list_addresses()
        try:
            self.sharing.start(self.address.currentText().strip(), self.port.value())
        except OSError as error:
            self.sharing.say(f"could not listen on {self.address.currentText()}:{self.port.value()}: "
                             f"{error.strerror or error}")

    def _set_code(self, code: str) -> None:
        if code and code != self.sharing.code:
            self.sharing.set_code(code)

    def refresh(self) -> None:
        sharing = self.sharing
        running = sharing.running
        self.start_button.setText("Stop sharing" if running else "Start sharing")
        self.address.setEnabled(not running)
        self.port.setEnabled(not running)
        if self.code.text() != sharing.code:
            self.code.setText(sharing.code)
        if running and sharing.server is not None:
            host = sharing.server.host
            self.url.setText(f"Open <b>{sharing.url}</b> on a phone, tablet or TV and type the code "
                             f"<b>{sharing.code}</b> (or scan the code below)")
            from vantage.gui.players_devices.qr_image import qr_image  # segno loads when sharing starts

            address = join_url(host, sharing.server.port, sharing.code)
            self.qr.setPixmap(QPixmap.fromImage(qr_image(address, 4)))
        else:
            self.url.setText("Not shared: the players' devices cannot see the table")
            self.qr.clear()
        current = self._current_id()
        self.devices.clear()
        hub = sharing.hub
        encounter = sharing.workspace.document.encounter
        if hub is not None:
            for device in hub.devices.values():
                plays = who_name(encounter, device.token) if device.token else ""
                if device.asking:
                    plays = f"asks for {who_name(encounter, device.asking)}"
                may = "yes" if device.token and hub.may_move(device.token) else ""
                item = QTreeWidgetItem([device.name, device.peer, plays, may])
                item.setData(0, Qt.ItemDataRole.UserRole, device.id)
                self.devices.addTopLevelItem(item)
                if device.id == current:
                    self.devices.setCurrentItem(item)
        self._buttons()

    def _current_id(self) -> int | None:
        item = self.devices.currentItem()
        return None if item is None else int(item.data(0, Qt.ItemDataRole.UserRole))

    def _buttons(self) -> None:
        hub = self.sharing.hub
        device = hub.devices.get(self._current_id() or -1) if hub is not None else None
        self.approve_button.setEnabled(device is not None and device.asking is not None)
        self.refuse_button.setEnabled(device is not None and device.asking is not None)
        self.move_button.setEnabled(device is not None and device.token is not None)
        if device is not None and device.token is not None and hub is not None:
            self.move_button.setText("Stop moving" if hub.may_move(device.token) else "Let move this turn")
        self.disconnect_button.setEnabled(device is not None)

    def _approve(self, yes: bool) -> None:
        device_id, hub = self._current_id(), self.sharing.hub
        if device_id is not None and hub is not None:
            hub.approve(device_id, yes)

    def _toggle_move(self) -> None:
        device_id, hub = self._current_id(), self.sharing.hub
        device = hub.devices.get(device_id) if hub is not None and device_id is not None else None
        if hub is not None and device is not None and device.token is not None:
            hub.allow_move(device.token, not hub.may_move(device.token))

    def _disconnect(self) -> None:
        device_id = self._current_id()
        if device_id is not None:
            self.sharing.disconnect_device(device_id)
