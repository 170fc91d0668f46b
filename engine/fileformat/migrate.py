"""Bringing files written by older versions of Vantage up to the current file version.

``MIGRATIONS[n]`` turns the data of a version-``n`` file into version ``n + 1`` data. There is
one version so far, so the table is empty; the hook is here so that version 2 only has to add
an entry (and a test) rather than a mechanism.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from vantage.engine.model import FORMAT_VERSION

Migration = Callable[[dict[str, Any]], dict[str, Any]]

#: version n → function turning version-n data into version n+1 data.
MIGRATIONS: dict[int, Migration] = {}


def migrate(
    data: dict[str, Any],
    version: int,
    *,
    target: int = FORMAT_VERSION,
    migrations: Mapping[int, Migration] | None = None,
) -> dict[str, Any]:
    """``data`` (a version-``version`` file) as version-``target`` data, with ``"version"`` set.

    Raises ValueError when a step is missing from the table or ``version`` is newer than
    ``target``; the caller reports that as a problem with the file.
    """
    table = MIGRATIONS if migrations is None else migrations
    if version > target:
        raise ValueError(f"version {version} is newer than this Vantage understands ({target})")
    if version == target:
        return data
    current = copy.deepcopy(data)  # steps may change what they are given; the caller's data stays as it was
    for step in range(version, target):
        if step not in table:
            raise ValueError(
                f"version {step} files cannot be read by this Vantage (no migration to {step + 1})"
            )
        current = dict(table[step](current))
        current["version"] = step + 1
    return current
