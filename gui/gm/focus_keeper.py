"""Keys stay with the map unless the GM put the cursor in a field.

Qt hands the keyboard focus on to the next widget in the tab chain when the focused one is
disabled or hidden: after "Start combat" (which disables itself) the focus landed in the token
panel's Name field, and N for "next turn" renamed Bram to "Bramn". :func:`keep_keys_with_the_map`
gives the focus back to the map view whenever it would pass on that way, so a single-key shortcut
never types into a text field the GM did not click into.
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QApplication, QWidget


class FocusKeeper(QObject):
    """Watches the application's focus for ``window`` and returns stray focus to ``home``."""

    def __init__(self, window: QWidget, home: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.home = home
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)  # PySide disconnects it when this is deleted

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        if old is None or new is None or new is self.home:
            return
        try:
            handed_on = not old.isEnabled() or not old.isVisible()
            ours = self.window.isAncestorOf(old) and self.window.isAncestorOf(new)
        except RuntimeError:  # a widget already deleted: nothing to keep
            return
        if handed_on and ours and self.home.isVisible():
            self.home.setFocus()


def keep_keys_with_the_map(window: QWidget, view: QWidget) -> FocusKeeper:
    """Give the keyboard focus back to ``view`` whenever a disabled or hidden widget of ``window``
    would hand it on to another one."""
    return FocusKeeper(window, view)
