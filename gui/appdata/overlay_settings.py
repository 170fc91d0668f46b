"""Which tactics overlays the GM wants on, remembered between sessions.

A first start shows a sensible few (:data:`DEFAULT_OVERLAYS`: where the selected token can move,
the enemies' reach and locks, and line of sight with cover to the hovered token), not all six at
once; arcs, charge lanes and flanking counts wait until the GM switches them on from View ▸
Overlays (Ctrl+1 … Ctrl+6). Every switch the GM makes is kept in the ``"overlays"`` key of the
user's ``settings.json`` as ``{overlay: true/false}`` (other keys of the file are kept as they
are), so an overlay added in a later version starts at its own default. A missing or unreadable
file, or a value that is not true or false, falls back to the defaults.
"""

from __future__ import annotations

from vantage.engine.rules.base import Overlay
from vantage.gui.appdata.settings_file import read_settings, remember_setting

OVERLAYS_KEY = "overlays"
#: On at a first start: the reachable area, enemy reach zones and locks, sight and cover on hover.
DEFAULT_OVERLAYS: frozenset[Overlay] = frozenset({Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.SIGHT})


def _remembered() -> dict[str, bool]:
    saved = read_settings().get(OVERLAYS_KEY)
    if not isinstance(saved, dict):
        return {}
    return {str(k): v for k, v in saved.items() if isinstance(v, bool)}


def shown_overlays() -> frozenset[str]:
    """The overlays to switch on: the defaults, changed by every switch the GM remembered (a
    ruleset's own overlays too: off until the GM switches one on)."""
    saved = _remembered()
    platform = {o.value for o in Overlay}
    own = {name for name, on in saved.items() if on and name not in platform}
    return frozenset(o for o in Overlay if saved.get(o.value, o in DEFAULT_OVERLAYS)) | own


def remember_overlay(overlay: str, on: bool) -> None:
    """Keep the GM's switch of the overlay with the id ``overlay`` for the next start (a read-only
    profile forgets it)."""
    saved = dict(_remembered())
    saved[str(overlay)] = on
    remember_setting(OVERLAYS_KEY, saved)
