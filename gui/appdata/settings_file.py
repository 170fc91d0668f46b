"""The user's ``settings.json``: one JSON object whose keys belong to different parts of the
program (the GM window's ruleset and grid, the overlays switched on). Each part reads the whole
object and changes only its own key, so the others are kept as they are.

A missing file reads as ``{}``. A damaged one (not JSON, nested too deep, not an object, a pipe …)
is set aside as ``settings.json.damaged-<time>`` with a notice and reads as ``{}``
(:mod:`vantage.gui.appdata.safe_json`); a value of the wrong type under one key falls back to that
key's default. A write goes through a temp file; a read-only profile, or a file that could not be
read or set aside, keeps the old file (the setting is forgotten, nothing fails)."""

from __future__ import annotations

import contextlib
from typing import Any

from vantage.gui.appdata import user_paths
from vantage.gui.appdata.safe_json import read_setting_file, write_json_atomically


def _read() -> tuple[dict[str, Any], bool]:
    value, writable = read_setting_file(user_paths.settings_path, lambda v: isinstance(v, dict), "an object")
    return (value if isinstance(value, dict) else {}), writable


def read_settings() -> dict[str, Any]:
    """The settings object, ``{}`` when the file is missing, damaged or unreadable."""
    return _read()[0]


def remember_setting(key: str, value: Any) -> None:
    """Set ``key`` to ``value`` in the settings file, the other keys kept (no write when it holds
    that value already, or when the file could not be read: it is never written over)."""
    data, writable = _read()
    if not writable or (key in data and data[key] == value):
        return
    data[key] = value
    with contextlib.suppress(OSError, RuntimeError):
        write_json_atomically(user_paths.settings_path(), data)
