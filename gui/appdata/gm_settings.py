"""What the GM window remembers between sessions: the ruleset the GM chose last for a new or
imported map, offered first the next time, and the map's grid (shown or not, its colour).

They are the keys ``"default_ruleset"`` and ``"grid"`` of the user's ``settings.json``
(:mod:`vantage.gui.appdata.settings_file`; other keys in the file are kept as they are). A missing
or unreadable file, or a remembered ruleset that is no longer registered, falls back to the first
installed ruleset by id, and the grid to its default.
"""

from __future__ import annotations

from typing import Any

from vantage.engine.rules import ruleset_ids
from vantage.gui.appdata.settings_file import read_settings, remember_setting

#: The ruleset chosen last (the key keeps the name earlier versions wrote).
RULESET_KEY = "default_ruleset"


def remembered_ruleset() -> str | None:
    """The ruleset id the GM chose last, as it was written (None if none was)."""
    value = read_settings().get(RULESET_KEY)
    return value if isinstance(value, str) and value else None


def preferred_ruleset() -> str:
    """The ruleset a New map or Import dialog and ``vantage import`` offer first: the one chosen
    last if it is still registered, else :func:`first_installed_ruleset`."""
    remembered = remembered_ruleset()
    if remembered is not None and remembered in ruleset_ids():
        return remembered
    return first_installed_ruleset()


def first_installed_ruleset() -> str:
    """The fallback when the GM has chosen none: the first id of ``ruleset_ids()`` (sorted)."""
    return ruleset_ids()[0]


def remember_ruleset(ruleset_id: str) -> None:
    """Make ``ruleset_id`` the one offered first next time (a read-only profile forgets it)."""
    remember_setting(RULESET_KEY, ruleset_id)


GRID_KEY = "grid"
#: The GM window's grid as first shown: on, the palette's soft black.
DEFAULT_GRID = {"visible": True, "colour": "#3c000000"}


def grid_setting() -> dict[str, Any]:
    """``{"visible": bool, "colour": "#AARRGGBB"}`` as the GM left it (the default when unset or
    unreadable)."""
    value = read_settings().get(GRID_KEY)
    if not isinstance(value, dict):
        return dict(DEFAULT_GRID)
    visible, colour = value.get("visible"), value.get("colour")
    if not isinstance(visible, bool):
        visible = DEFAULT_GRID["visible"]
    if not (isinstance(colour, str) and colour.startswith("#")):
        colour = DEFAULT_GRID["colour"]
    return {"visible": visible, "colour": colour}


def remember_grid(visible: bool, colour: str) -> None:
    """Keep the GM window's grid for the next start (a read-only profile forgets it)."""
    remember_setting(GRID_KEY, {"visible": visible, "colour": colour})
