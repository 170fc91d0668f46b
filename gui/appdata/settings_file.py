"""The user's ``settings.json``: one JSON object whose keys belong to different parts of the
program (the GM window's ruleset and grid, the overlays switched on). Each part reads the whole
object and changes only its own key, so the others are kept as they are.

A missing or unreadable file reads as ``{}``; a write goes through a temp file, and a read-only
profile keeps the old file (the setting is forgotten, nothing fails)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from vantage.gui.appdata import user_paths


def read_settings() -> dict[str, Any]:
    """The settings object, ``{}`` when the file is missing, unreadable or not an object."""
    try:
        data = json.loads(user_paths.settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def remember_setting(key: str, value: Any) -> None:
    """Set ``key`` to ``value`` in the settings file, the other keys kept (no write when it holds
    that value already)."""
    data = read_settings()
    if key in data and data[key] == value:
        return
    data[key] = value
    path = user_paths.settings_path()
    temp = path.with_suffix(".tmp")
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        temp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        temp.replace(path)
