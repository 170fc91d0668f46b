"""Bringing files written by older versions of Vantage up to the current file version.

``MIGRATIONS[n]`` turns the data of a version-``n`` file into version ``n + 1`` data; after it, the
step ``n`` of the file's ruleset, when the ruleset has one (a ruleset names its steps as text in
:mod:`vantage.engine.ruleset_index`, ``file_migrations``; they are imported only when a file that
needs them is read, so this layer never imports a ruleset by name).

- **1 → 2**: a token may ride another (``"rides"``: the id of its mount). The format's own step has
  nothing to change (a version-1 token rides nothing); a ruleset whose version-1 stat blocks carried a
  mount inside the rider's block turns it into a token of its own linked to its rider.
- **2 → 3**: the encounter keeps its combat log (``"log"``). A version-2 file has none (an unknown
  ``log`` key it carries is dropped, as unknown keys always were).
"""

from __future__ import annotations

import copy
import importlib
from collections.abc import Callable, Mapping
from typing import Any

from vantage.engine.model import FORMAT_VERSION
from vantage.engine.ruleset_index import ruleset_entry

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _nothing_to_change(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 only adds ``rides``, which a version-1 token never has."""
    return data


def _no_log_yet(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 adds ``log`` (the combat log kept with its encounter); a version-2 file has none,
    and any ``log`` key such a file carries was never Vantage's: it is dropped, not read as one."""
    data.pop("log", None)
    return data


#: version n → function turning version-n data into version n+1 data.
MIGRATIONS: dict[int, Migration] = {1: _nothing_to_change, 2: _no_log_yet}
#: Steps that change only the top level of the data: for them a shallow copy keeps the caller's data
#: as it was, so a file that needs no other step is not copied whole (a 65 MiB file took seconds).
TOP_LEVEL_ONLY: frozenset[Migration] = frozenset({_nothing_to_change, _no_log_yet})


def ruleset_migrations(ruleset_id: object) -> Mapping[int, Migration]:
    """The file steps of the ruleset ``ruleset_id`` names (empty for an unknown ruleset or none)."""
    entry = ruleset_entry(ruleset_id) if isinstance(ruleset_id, str) else None
    if entry is None or entry.file_migrations is None:
        return {}
    module, attribute = entry.file_migrations.split(":")
    table: Mapping[int, Migration] = getattr(importlib.import_module(module), attribute)
    return table


def migrate(
    data: dict[str, Any],
    version: int,
    *,
    target: int = FORMAT_VERSION,
    migrations: Mapping[int, Migration] | None = None,
    ruleset: str | None = None,
) -> dict[str, Any]:
    """``data`` (a version-``version`` file) as version-``target`` data, with ``"version"`` set.

    ``ruleset``: the ruleset the data is played by when the data names none (the GM's choice); its
    own steps run after the format's. Raises ValueError when a step is missing from the table or
    ``version`` is newer than ``target``; the caller reports that as a problem with the file.
    """
    table = MIGRATIONS if migrations is None else migrations
    if version > target:
        raise ValueError(f"version {version} is newer than this Vantage understands ({target})")
    if version == target:
        return data
    own = ruleset_migrations(data.get("ruleset", ruleset))
    steps = range(version, target)
    deep = any(step in own or table.get(step) not in TOP_LEVEL_ONLY for step in steps)
    # steps may change what they are given; the caller's data stays as it was
    current = copy.deepcopy(data) if deep else dict(data)
    for step in steps:
        if step not in table:
            raise ValueError(
                f"version {step} files cannot be read by this Vantage (no migration to {step + 1})"
            )
        current = dict(table[step](current))
        if step in own:
            current = dict(own[step](current))
        current["version"] = step + 1
    return current
