"""Commands as Vantage 0.x wrote them, upgraded to today's vocabulary before they are read.

Version 1 of the vocabulary was shaped by the only ruleset it had, Avorkarth: attack and maneuver
flags as fields, damage and healing in wounds/lesser/minor, ``regain_wounds`` by the week. Today
those are the ruleset's ``options``, an ``amount`` on a ``track``, and ``rest``. A command file
written for version 1 still plays: :func:`upgrade_command` rewrites each old form (and leaves
everything else, and anything it does not recognise, for the reader to judge).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Avorkarth's units in version 1: 10 minor wounds to a lesser wound, 5 lesser wounds to a wound.
_MINOR_PER_LESSER = 10
_MINOR_PER_WOUND = 50

#: type → the old fields that are options today, with the value that meant "not given".
_OPTION_FIELDS: dict[str, dict[str, Any]] = {
    "attack": {"lethal": None, "charge": False, "dual_wield": False, "lesser": False,
               "secondary": False, "opportunity": False},
    "maneuver": {"extra": 0, "choice": None},
    "start_combat": {"ambushers": [], "ambushed": []},
}


def upgrade_command(data: object) -> object:
    """``data`` in today's vocabulary (a copy when anything changed; other values as they are)."""
    if not isinstance(data, Mapping):
        return data
    kind = data.get("type")
    old = _OPTION_FIELDS.get(str(kind), {})
    if any(name in data for name in old):
        out = {k: v for k, v in data.items() if k not in old}
        options = dict(data["options"]) if isinstance(data.get("options"), Mapping) else {}
        for name, unset in old.items():
            value = data.get(name, unset)
            if value is not None and value != unset:
                options.setdefault(name, value)
        if options or "options" in data:
            out["options"] = options
        return out
    if kind in ("apply_damage", "heal") and "amount" not in data and any(
        k in data for k in ("wounds", "lesser", "minor", "lethal")
    ):
        return _upgrade_damage(data)
    if kind == "regain_wounds":
        out = {"type": "rest", "rest": "natural", "duration": data.get("weeks")}
        if "tokens" in data:
            out["tokens"] = data["tokens"]
        return out
    return data


def _upgrade_damage(data: Mapping[str, Any]) -> dict[str, Any]:
    amount: Any = 0
    for name, per in (("wounds", _MINOR_PER_WOUND), ("lesser", _MINOR_PER_LESSER), ("minor", 1)):
        value = data.get(name, 0)
        if isinstance(value, bool) or not isinstance(value, int):
            amount = value  # not a number: let the reader name the field
            break
        amount += value * per
    out = {k: v for k, v in data.items() if k not in ("wounds", "lesser", "minor", "lethal")}
    out["amount"] = amount
    out["track"] = "lethal" if data.get("lethal", True) is not False else "non-lethal"
    return out
