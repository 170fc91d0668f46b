"""What the GM window remembers between sessions: the ruleset the GM chose last for a new or
imported map, offered first the next time.

It is one key, ``"default_ruleset"``, of the user's ``settings.json`` (other keys in the file are
kept as they are). A missing or unreadable file, or a remembered ruleset that is no longer
registered, falls back to the encounter's own default ruleset (or the first registered one).
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

from vantage.engine.model import Encounter
from vantage.engine.rules import ruleset_ids
from vantage.gui.appdata import user_paths

DEFAULT_RULESET_KEY = "default_ruleset"


def _read() -> dict[str, Any]:
    try:
        data = json.loads(user_paths.settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered_ruleset() -> str | None:
    """The ruleset id the GM chose last, as it was written (None if none was)."""
    value = _read().get(DEFAULT_RULESET_KEY)
    return value if isinstance(value, str) and value else None


def preferred_ruleset() -> str:
    """The ruleset a New map or Import dialog offers first: the one chosen last if it is still
    registered, else the encounter's own default, else the first registered ruleset."""
    known = ruleset_ids()
    remembered = remembered_ruleset()
    if remembered in known:
        return remembered
    if Encounter.ruleset in known or not known:
        return Encounter.ruleset
    return known[0]


def remember_ruleset(ruleset_id: str) -> None:
    """Make ``ruleset_id`` the one offered first next time (a read-only profile forgets it)."""
    data = _read()
    if data.get(DEFAULT_RULESET_KEY) == ruleset_id:
        return
    data[DEFAULT_RULESET_KEY] = ruleset_id
    path = user_paths.settings_path()
    temp = path.with_suffix(".tmp")
    with contextlib.suppress(OSError):
        temp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        temp.replace(path)
