"""The campaigns opened lately, newest first, in the user data folder (``recent-campaigns.json``,
a list of folders). A damaged list is set aside and read as empty (see
:mod:`vantage.gui.appdata.safe_json`); a folder that is gone is left out of the menu."""

from __future__ import annotations

import contextlib
from pathlib import Path

from vantage.gui.appdata.safe_json import read_setting_file, write_json_atomically
from vantage.gui.appdata.user_paths import user_data_dir

MAX_RECENT = 8


def recent_campaigns_path() -> Path:
    return user_data_dir() / "recent-campaigns.json"


def _read() -> tuple[list[Path], bool]:
    data, writable = read_setting_file(recent_campaigns_path, lambda v: isinstance(v, list), "a list")
    folders = [Path(p) for p in data if isinstance(p, str) and p and "\0" not in p] if data else []
    return folders[:MAX_RECENT], writable


def read_recent_campaigns() -> list[Path]:
    """The campaign folders opened lately, newest first."""
    return _read()[0]


def remember_campaign(folder: Path) -> list[Path]:
    """Put ``folder`` first in the recent campaigns (a list that cannot be written is left as is)."""
    known, writable = _read()
    here = folder.resolve()
    folders = [here, *(p for p in known if p != here)][:MAX_RECENT]
    if writable:
        with contextlib.suppress(OSError, RuntimeError):
            write_json_atomically(recent_campaigns_path(), [str(p) for p in folders])
    return folders
