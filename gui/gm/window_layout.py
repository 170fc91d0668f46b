"""The GM window's layout: sized to the screen on a first start, the docks shared out by the
window's size, and remembered per screen.

- **First start** (nothing remembered for this screen): the window takes the screen's whole free
  area (:func:`first_size`) and :func:`share_out_docks` gives the side columns and the log their
  room from the window's size — the Decisions / turn-tracker column wide enough for a choice's
  words, the log about ten lines, the legend only as tall as this map's terrain kinds with the
  Creatures list under it.
- **Remembered**: :class:`LayoutMemory` keeps the window's geometry and dock layout when it closes,
  under the screen's name and size (:mod:`vantage.gui.appdata.window_settings`, the user's
  ``settings.json``), and puts them back the next time the window opens on that screen; another
  screen (a projector laptop at home) keeps its own.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QSize, Qt
from PySide6.QtGui import QScreen
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar

from vantage.gui.appdata.window_settings import WindowLayout, remember_layout, remembered_layout, screen_key
from vantage.gui.workspace import DockId, GmWorkspace

#: bump when the docks change so much that an old remembered layout would mislead (Qt refuses a
#: state of another version, and the shared-out layout is used instead)
LAYOUT_VERSION = 2
#: where no screen is known (offscreen, no display)
FALLBACK_SIZE = QSize(1440, 900)


def first_size(available: QSize) -> QSize:
    """The window's size on a first start: the screen's whole free area."""
    return QSize(available) if available.isValid() and not available.isEmpty() else QSize(FALLBACK_SIZE)


def fit_frame_on_screen(host: QMainWindow) -> bool:
    """A first start's window, once the window manager framed it: if its frame (title bar,
    borders) sticks out of the screen's free area, shrink it by the frame and put it at the free
    area's corner. Whether it moved."""
    screen = host.screen()
    if screen is None:
        return False
    free, frame, inner = screen.availableGeometry(), host.frameGeometry(), host.geometry()
    if free.contains(frame):
        return False
    extra_w, extra_h = frame.width() - inner.width(), frame.height() - inner.height()
    host.resize(max(640, free.width() - extra_w), max(480, free.height() - extra_h))
    host.move(free.topLeft())
    return True


def key_of(screen: QScreen | None) -> str:
    if screen is None:
        return screen_key("", FALLBACK_SIZE.width(), FALLBACK_SIZE.height())
    size = screen.size()
    return screen_key(screen.name(), size.width(), size.height())


def _clamp(value: float, low: int, high: int) -> int:
    return int(max(low, min(high, value)))


def share_out_docks(host: QMainWindow, workspace: GmWorkspace) -> None:
    """Give the docks their room from the window's size: the right column (Decisions, turn
    tracker, token) about a quarter of the width, the left (legend over creatures) an eighth, the
    log under the map about a fifth of the height."""
    width, height = host.width(), host.height()
    left = [d for d in (workspace.find_dock(DockId.LEGEND), workspace.find_dock(DockId.CREATURES))
            if d is not None and not d.isHidden()]
    legend, creatures = workspace.find_dock(DockId.LEGEND), workspace.find_dock(DockId.CREATURES)
    if legend is not None and creatures is not None and creatures in host.tabifiedDockWidgets(legend):
        # the legend (a few rows: only this map's kinds) over the creatures, not a tab beside them
        host.removeDockWidget(creatures)
        host.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, creatures)
        host.splitDockWidget(legend, creatures, Qt.Orientation.Vertical)
        creatures.show()
    tracker = workspace.find_dock(DockId.TURN_TRACKER)
    log = workspace.find_dock(DockId.COMBAT_LOG)
    if tracker is not None:
        host.resizeDocks([tracker], [_clamp(width * 0.24, 340, 500)], Qt.Orientation.Horizontal)
    if left:
        host.resizeDocks([left[0]], [_clamp(width * 0.13, 200, 280)], Qt.Orientation.Horizontal)
    if log is not None:
        host.resizeDocks([log], [_clamp(height * 0.2, 150, 260)], Qt.Orientation.Vertical)
    if legend is not None and creatures is not None:
        wanted = legend.widget().sizeHint().height() + 30 if legend.widget() is not None else 160
        host.resizeDocks([legend, creatures], [wanted, max(200, height - wanted)], Qt.Orientation.Vertical)
    if tracker is not None:
        host.resizeDocks([tracker], [_clamp(height * 0.4, 280, 460)], Qt.Orientation.Vertical)


def hide_stale_tab_bars(host: QMainWindow) -> int:
    """Hide the copies of a dock group's tab bar that Qt leaves on the screen.

    A tab group made before the window is first shown (the Token and Measure panels) gets two tab
    bars; once the docks are resized the unused one stays where it was, drawn over its neighbours
    (a second "Token | Measure"). The bar in use sits right under its group's shown dock; a copy
    with the same tabs that does not is hidden. How many were hidden."""
    # the window's own bars and docks only (a dock added to a main window is its child, floating
    # or not): not a walk through every widget of every panel
    own = Qt.FindChildOption.FindDirectChildrenOnly
    bars = [b for b in host.findChildren(QTabBar, options=own) if b.isVisible() and b.count()]
    docks = {d.windowTitle(): d for d in host.findChildren(QDockWidget, options=own)}
    hidden = 0
    for bar in bars:
        tabs = [bar.tabText(i) for i in range(bar.count())]
        twins = [b for b in bars if b is not bar and b.isVisible()
                 and [b.tabText(i) for i in range(b.count())] == tabs]
        if not twins:
            continue
        shown = next((docks[t] for t in tabs if t in docks and docks[t].isVisible()), None)
        if shown is None:
            continue
        under = shown.geometry()
        if abs(bar.geometry().top() - under.bottom()) > 3 or bar.geometry().left() != under.left():
            bar.hide()
            hidden += 1
    return hidden


class LayoutMemory(QObject):
    """Puts back and keeps the layout of ``host`` on the screen it is on."""

    def __init__(self, host: QMainWindow) -> None:
        super().__init__(host)
        self.host = host

    def restore_geometry(self) -> bool:
        """The window's size and place remembered for its screen, if any (True when put back)."""
        layout = remembered_layout(key_of(self.host.screen()))
        return layout is not None and self.host.restoreGeometry(layout.geometry)

    def restore_docks(self) -> bool:
        """The docks as the GM left them on this screen, if remembered (True when put back)."""
        layout = remembered_layout(key_of(self.host.screen()))
        return layout is not None and self.host.restoreState(layout.docks, LAYOUT_VERSION)

    def keep(self) -> str:
        """Remember the window's geometry and docks for its screen; the screen's key."""
        key = key_of(self.host.screen())
        geometry = bytes(self.host.saveGeometry().data())
        docks = bytes(self.host.saveState(LAYOUT_VERSION).data())
        remember_layout(key, WindowLayout(geometry, docks))
        return key
