"""A dock whose contents are made the first time the GM sees them (issue 32, "window complete").

A dock that starts hidden (the player view's controls, the players' devices) or behind another
dock's tab (Measure, Party, Campaign) is complete without its contents: its title, its tab, its
entry in View ▸ Panels and every menu action are there from the start. Its widgets are made when
the dock first becomes visible to the GM — shown, or its tab brought to the front (Qt's
``visibilityChanged``) — or earlier, the moment code asks for them (:meth:`DockContent.widget`),
so nothing that uses a panel ever finds it missing. Making them takes a few milliseconds, inside the
click that shows the dock.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QDockWidget, QWidget


class DockContent(QObject):
    """The contents of ``dock``, made by ``build`` once, when first seen or first asked for."""

    def __init__(self, dock: QDockWidget, build: Callable[[], QWidget]) -> None:
        super().__init__(dock)
        self._dock = dock
        self._build: Callable[[], QWidget] | None = build
        self._widget: QWidget | None = None
        dock.visibilityChanged.connect(self._seen)

    @property
    def is_built(self) -> bool:
        return self._widget is not None

    def widget(self) -> QWidget:
        """The contents, made now (and put in the dock) unless they already are."""
        if self._widget is None:
            build, self._build = self._build, None
            assert build is not None, "the dock's contents are being made"  # a build that asks for itself
            self._dock.visibilityChanged.disconnect(self._seen)
            self._widget = build()
            self._dock.setWidget(self._widget)
        return self._widget

    def _seen(self, visible: bool) -> None:
        if visible and self._build is not None:
            self.widget()
