"""What the GM window remembers about itself between sessions: its geometry and dock layout on
each screen, and whether the first-launch hint was dismissed.

The layouts are the ``"window_layouts"`` key of the user's ``settings.json``
(:mod:`vantage.gui.appdata.settings_file`, no QSettings): ``{screen key: {"geometry": base64,
"docks": base64}}``, where the screen key is the screen's name and size (``"HDMI-1 1920x1080"``),
so a laptop that is sometimes plugged into a projector keeps one layout for each. The two values are
Qt's own ``saveGeometry`` / ``saveState`` bytes, kept as text. A missing, unreadable or malformed
entry reads as "nothing remembered" (the window opens sized to the screen). The hint is the
``"first_launch_hint"`` key: ``"dismissed"`` once the GM closed it.
"""

from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass

from vantage.gui.appdata.settings_file import read_settings, remember_setting

LAYOUTS_KEY = "window_layouts"
HINT_KEY = "first_launch_hint"


@dataclass(frozen=True)
class WindowLayout:
    """Qt's geometry and dock-state bytes of the GM window on one screen."""

    geometry: bytes
    docks: bytes


def screen_key(name: str, width: int, height: int) -> str:
    """The key of a screen: its name and size (``"HDMI-1 1920x1080"``; a nameless one ``"screen …"``)."""
    return f"{name.strip() or 'screen'} {width}x{height}"


def _layouts() -> dict[str, object]:
    saved = read_settings().get(LAYOUTS_KEY)
    return dict(saved) if isinstance(saved, dict) else {}


def remembered_layout(key: str) -> WindowLayout | None:
    """The layout kept for the screen ``key``, or None (none kept, or not readable)."""
    entry = _layouts().get(key)
    if not isinstance(entry, dict):
        return None
    geometry, docks = entry.get("geometry"), entry.get("docks")
    if not isinstance(geometry, str) or not isinstance(docks, str):
        return None
    try:
        return WindowLayout(base64.b64decode(geometry, validate=True), base64.b64decode(docks, validate=True))
    except (binascii.Error, ValueError):
        return None


def remember_layout(key: str, layout: WindowLayout) -> None:
    """Keep ``layout`` for the screen ``key`` (the other screens' layouts are kept as they are)."""
    layouts = _layouts()
    layouts[key] = {"geometry": base64.b64encode(layout.geometry).decode("ascii"),
                    "docks": base64.b64encode(layout.docks).decode("ascii")}
    remember_setting(LAYOUTS_KEY, layouts)


def hint_dismissed() -> bool:
    return read_settings().get(HINT_KEY) == "dismissed"


def dismiss_hint() -> None:
    remember_setting(HINT_KEY, "dismissed")
