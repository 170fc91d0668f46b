"""The help overlay (``?``): every shortcut and gesture, over the map until dismissed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QFont, QKeyEvent, QMouseEvent
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget


@dataclass(frozen=True)
class Shortcut:
    """One line of the overlay: the keys (or gesture) and what they do."""

    keys: str
    what: str


#: Shortcuts that are not menu actions (mouse gestures and view keys), for the help overlay.
GESTURES: tuple[Shortcut, ...] = (
    Shortcut("Wheel", "zoom under the cursor"),
    Shortcut("Middle-drag / Space+drag", "pan"),
    Shortcut("Arrow keys", "scroll the map"),
    Shortcut("+ / −", "zoom in / out"),
    Shortcut("Drag a token", "move it along the engine's path, in the toolbar's move mode"),
    Shortcut("Shift+drag a token", "GM placement anywhere, without rules (logged)"),
    Shortcut("Shift+wheel over a token", "turn it"),
    Shortcut("Drag the facing notch", "turn the token towards the cursor"),
    Shortcut("Right-click a token", "the selected token's actions on it (with odds), and its own"),
    Shortcut("Enter (map or Decisions)", "answer what the engine waits for with its default"),
    Shortcut("Touch: pinch / two fingers", "zoom / pan; one finger drags a token as the mouse does"),
    Shortcut("Touch: press and hold a token", "its menu, as a right-click"),
)


def _cells(shortcut: Shortcut | None) -> str:
    if shortcut is None:
        return "<td></td><td></td>"
    return (f"<td style='padding-right:10px'><b>{shortcut.keys}</b></td>"
            f"<td style='padding-right:28px'>{shortcut.what}</td>")


def help_html(shortcuts: Sequence[Shortcut]) -> str:
    """The shortcuts in two columns side by side (first half left, in order), so that the whole
    list fits over the map of a 1280×800 window."""
    half = (len(shortcuts) + 1) // 2
    left, right = list(shortcuts[:half]), list(shortcuts[half:])
    rows = "".join(
        f"<tr>{_cells(a)}{_cells(right[i] if i < len(right) else None)}</tr>" for i, a in enumerate(left)
    )
    return (f"<h2>Keyboard shortcuts and gestures</h2><table>{rows}</table>"
            "<p><i>Press ? or Esc, or click, to close.</i></p>")


class HelpOverlay(QWidget):
    """A dark translucent panel covering its parent; hidden until :meth:`toggle`."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet("HelpOverlay { background: rgba(15, 15, 20, 215); } QLabel { color: #f0f0f0; }"
                           "QScrollArea, QScrollArea > QWidget > QWidget { background: transparent; }")
        self.label = QLabel()
        self.label.setTextFormat(Qt.TextFormat.RichText)
        self.label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignHCenter)
        font = QFont(self.label.font())
        font.setPixelSize(12)
        self.label.setFont(font)
        # a long list scrolls (wheel) instead of being cut off at the bottom of a small window
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll_area.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # narrow windows wrap the descriptions instead of cutting them off at the right
        self.label.setWordWrap(True)
        self.scroll_area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll_area.setWidget(self.label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(self.scroll_area)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.hide()

    def show_shortcuts(self, shortcuts: Sequence[Shortcut]) -> None:
        self.label.setText(help_html(shortcuts))
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(parent.rect())
        self.show()
        self.raise_()
        self.setFocus()

    def event(self, event: QEvent) -> bool:
        """Esc and ? close the overlay even though the window uses them as shortcuts."""
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent) and event.key() in (
            Qt.Key.Key_Escape, Qt.Key.Key_Question
        ):
            event.accept()
            return True
        return super().event(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Escape, Qt.Key.Key_Question):
            self.hide()
            return
        super().keyPressEvent(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.hide()
