"""The Shattered World's steps for older encounter files (named in :mod:`vantage.engine.ruleset_index`).

**1 → 2**: a version-1 steed named its rider in its stat block (``"steed_of": "<rider id>"``) and
the rider stood beside it. The link becomes the rider's ``"rides": "<steed id>"`` and the rider
stands on the steed's top-left tile; ``steed_of`` leaves the stat block. A ``steed_of`` naming no
token of the file, or a rider that already rides, is dropped with nothing linked; anything else
malformed is left for the file reader to report.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any


def steeds_carry_riders(data: dict[str, Any]) -> dict[str, Any]:
    """Version-1 Shattered World data with every ``steed_of`` turned into the rider's ``rides``."""
    tokens = data.get("tokens")
    if not isinstance(tokens, list):
        return data
    out = copy.deepcopy(tokens)
    by_id = {t["id"]: t for t in out if isinstance(t, dict) and isinstance(t.get("id"), str)}
    for steed in out:
        stats = steed.get("stats") if isinstance(steed, dict) else None
        if not isinstance(stats, dict) or "steed_of" not in stats:
            continue
        rider_id = stats.pop("steed_of")
        rider = by_id.get(rider_id) if isinstance(rider_id, str) and rider_id else None
        if rider is None or rider is steed or "rides" in rider:
            continue
        rider["rides"] = steed.get("id")
        if "position" in steed:
            rider["position"] = copy.deepcopy(steed["position"])
    return {**data, "tokens": out}


#: file version n → the Shattered World's step from n to n + 1.
FILE_MIGRATIONS: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: steeds_carry_riders}
