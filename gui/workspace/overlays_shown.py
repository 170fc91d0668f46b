"""Which map overlays the GM has switched on (View ▸ Overlays), by the overlay's id.

Switched on is not the same as drawn: an overlay is drawn when it is switched on here *and* the
encounter's ruleset declares it. The set starts as the GM left it (``overlay_settings``); the GM's
own switches (the View ▸ Overlays actions) are remembered there for the next start.
"""

from __future__ import annotations

from collections.abc import Iterable

from PySide6.QtCore import QObject, Signal

from vantage.gui.appdata.overlay_settings import shown_overlays


class OverlaysShown(QObject):
    """The overlay ids the GM switched on, with ``changed`` after each switch."""

    changed = Signal()

    def __init__(self, shown: Iterable[str] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._shown: set[str] = {str(o) for o in (shown_overlays() if shown is None else shown)}

    @property
    def shown(self) -> frozenset[str]:
        return frozenset(self._shown)

    def shows(self, overlay: str) -> bool:
        return str(overlay) in self._shown

    def set_shown(self, overlay: str, on: bool) -> None:
        """Switch ``overlay`` on or off."""
        if self.shows(overlay) == on:
            return
        if on:
            self._shown.add(str(overlay))
        else:
            self._shown.discard(str(overlay))
        self.changed.emit()
