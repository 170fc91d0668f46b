"""The map's per-tile layers as rows: terrain (one legend character per tile), elevation (numbers
in feet) and the fog's revealed tiles (``"1"`` revealed, ``"0"`` not).

Rows run top to bottom (y = 0 first); each row runs left to right (x = 0 first). A layer that
holds only its default (all open, all 0 ft, nothing revealed) is left out of the file.
"""

from __future__ import annotations

import math
import string
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from vantage.engine.fileformat.fields import check_list, check_number, check_object
from vantage.engine.fileformat.problems import ProblemLog, count, got, item, join, show
from vantage.engine.model import Tile

#: The characters the writer gives to terrain kinds: letters, digits, then punctuation except
#: the quote and the backslash (which JSON would escape). ``.`` is kept for open ground.
LEGEND_ALPHABET = (
    string.ascii_lowercase
    + string.ascii_uppercase
    + string.digits
    + "".join(c for c in string.punctuation if c not in '"\\.')
)
OPEN_CHAR = "."
MAX_TERRAIN_KINDS_PER_MAP = len(LEGEND_ALPHABET) + 1
_REPORT_LIMIT = 10


class _CappedLog(ProblemLog):
    """Logs at most ``_REPORT_LIMIT`` problems of one layer, then one line saying how many more."""

    def __init__(self, log: ProblemLog, place: str) -> None:
        super().__init__()
        self._log = log
        self._place = place
        self._count = 0

    def add(self, place: str, message: str) -> None:
        self._count += 1
        if self._count <= _REPORT_LIMIT:
            self._log.add(place, message)

    def finish(self) -> None:
        if self._count > _REPORT_LIMIT:
            extra = self._count - _REPORT_LIMIT
            self._log.add(self._place, f"… and {extra} more problem{'s' if extra != 1 else ''} in this layer")


# -- writing ------------------------------------------------------------------------------------


def assign_legend(kind_ids: Collection[str]) -> dict[str, str]:
    """Legend characters for ``kind_ids`` (``{char: id}``): ``.`` for open ground, the id's first
    letter when free, else the next free character. ValueError when there are too many kinds."""
    if len(kind_ids) > MAX_TERRAIN_KINDS_PER_MAP:
        raise ValueError(
            f"the map uses {len(kind_ids)} terrain kinds; a file can hold at most {MAX_TERRAIN_KINDS_PER_MAP}"
        )
    legend: dict[str, str] = {}
    rest = sorted(kind_ids)
    if "open" in kind_ids:
        legend[OPEN_CHAR] = "open"
        rest.remove("open")
    unplaced = []
    for kind_id in rest:
        first = kind_id[:1]
        for candidate in (first.lower(), first.upper()):
            if candidate and candidate in LEGEND_ALPHABET and candidate not in legend:
                legend[candidate] = kind_id
                break
        else:
            unplaced.append(kind_id)
    free = (c for c in LEGEND_ALPHABET if c not in legend)
    for kind_id in unplaced:
        legend[next(free)] = kind_id
    return legend


def encode_terrain(terrain: Sequence[str], width: int) -> dict[str, Any] | None:
    if all(kind == "open" for kind in terrain):
        return None
    legend = assign_legend(set(terrain))
    char_of = {kind_id: char for char, kind_id in legend.items()}
    chars = "".join(char_of[kind] for kind in terrain)
    rows = [chars[i : i + width] for i in range(0, len(chars), width)]
    ordered = sorted(legend.items(), key=lambda kv: (kv[0] != OPEN_CHAR, kv[1]))
    return {"legend": dict(ordered), "rows": rows}


def plain_number(value: float) -> int | float:
    """``value`` as an int when it is whole (so files say 5, not 5.0)."""
    as_float = float(value)
    if as_float.is_integer() and abs(as_float) < 2**53:
        return int(as_float)
    return as_float


def encode_elevation(elevation: Sequence[float], width: int) -> dict[str, Any] | None:
    if all(feet == 0 for feet in elevation):
        return None
    numbers = [plain_number(feet) for feet in elevation]
    return {"rows": [numbers[i : i + width] for i in range(0, len(numbers), width)]}


def encode_revealed(revealed: Collection[Tile], width: int, height: int) -> list[str] | None:
    if not revealed:
        return None
    return ["".join("1" if (x, y) in revealed else "0" for x in range(width)) for y in range(height)]


# -- reading ------------------------------------------------------------------------------------


def _check_row_count(rows: list[Any], place: str, height: int, log: ProblemLog) -> bool:
    if len(rows) != height:
        log.add(place, f"{count(len(rows), 'row')} for a map {height} tiles high")
        return False
    return True


def decode_char_rows(
    value: Any,
    place: str,
    log: ProblemLog,
    width: int,
    height: int,
    allowed: Mapping[str, str],
    allowed_text: str,
) -> list[str] | None:
    """Rows of ``height`` strings of ``width`` characters from ``allowed`` → the values, row-major.
    ``allowed_text`` ends the message for a character that is not allowed ("not in the legend")."""
    rows = check_list(value, place, log)
    if rows is None:
        return None
    size_ok = _check_row_count(rows, place, height, log)
    capped = _CappedLog(log, place)
    values: list[str] = []
    for y, row in enumerate(rows):
        row_place = item(place, y)
        if not isinstance(row, str):
            capped.add(row_place, f"expected a string of {width} characters, got {got(row)}")
            size_ok = False
            continue
        if len(row) != width:
            capped.add(row_place, f"{count(len(row), 'character')} for a map {width} tiles wide")
            size_ok = False
        bad = [(x, c) for x, c in enumerate(row) if c not in allowed]
        if bad:
            x, c = bad[0]
            more = f" (and {len(bad) - 1} more in this row)" if len(bad) > 1 else ""
            capped.add(row_place, f"column {x}: {show(c)} is {allowed_text}{more}")
            size_ok = False
            continue
        values.extend(allowed[c] for c in row)
    capped.finish()
    return values if size_ok else None


def decode_terrain(
    value: Any, place: str, log: ProblemLog, width: int | None, height: int | None, known: Collection[str]
) -> tuple[str, ...] | None:
    layer = check_object(value, place, log)
    if layer is None:
        return None
    legend_place = join(place, "legend")
    legend_value = layer.get("legend")
    if "legend" not in layer:
        log.add(legend_place, "is missing (it is required)")
        return None
    legend_obj = check_object(legend_value, legend_place, log)
    if legend_obj is None:
        return None
    legend: dict[str, str] = {}
    legend_ok = True
    for char, kind_id in legend_obj.items():
        entry = f"{legend_place}[{show(char)}]"
        if len(char) != 1 or char.isspace():
            log.add(entry, "a legend key must be one character (not a space)")
            legend_ok = False
            continue
        legend[char] = ""  # a bad entry still names its character, so rows are not misreported
        if not isinstance(kind_id, str):
            log.add(entry, f"expected a terrain id string, got {got(kind_id)}")
            legend_ok = False
        elif kind_id not in known:
            log.add(entry, f"{show(kind_id)} is not a terrain this map knows ({', '.join(known)})")
            legend_ok = False
        else:
            legend[char] = kind_id
    if "rows" not in layer:
        log.add(join(place, "rows"), "is missing (it is required)")
        return None
    if width is None or height is None:
        return None
    in_legend = f"not in the legend ({' '.join(legend)})"
    values = decode_char_rows(layer["rows"], join(place, "rows"), log, width, height, legend, in_legend)
    return None if values is None or not legend_ok else tuple(values)


def decode_elevation(
    value: Any, place: str, log: ProblemLog, width: int | None, height: int | None
) -> tuple[float, ...] | None:
    layer = check_object(value, place, log)
    if layer is None:
        return None
    rows_place = join(place, "rows")
    if "rows" not in layer:
        log.add(rows_place, "is missing (it is required)")
        return None
    rows = check_list(layer["rows"], rows_place, log)
    if rows is None or width is None or height is None:
        return None
    ok = _check_row_count(rows, rows_place, height, log)
    capped = _CappedLog(log, rows_place)
    values: list[float] = []
    for y, row in enumerate(rows):
        row_place = item(rows_place, y)
        if not isinstance(row, list | tuple):
            capped.add(row_place, f"expected a list of {width} numbers, got {got(row)}")
            ok = False
            continue
        if len(row) == width and all(type(v) in (int, float) and math.isfinite(v) for v in row):
            values.extend(map(float, row))  # the common case, checked in one sweep
            continue
        if len(row) != width:
            capped.add(row_place, f"{count(len(row), 'value')} for a map {width} tiles wide")
            ok = False
        for x, feet in enumerate(row):
            checked = check_number(feet, item(row_place, x), capped)
            if checked is None:
                ok = False
            else:
                values.append(float(checked))
    capped.finish()
    return tuple(values) if ok else None


def decode_revealed(
    value: Any, place: str, log: ProblemLog, width: int | None, height: int | None
) -> frozenset[Tile] | None:
    if width is None or height is None:
        check_list(value, place, log)
        return None
    flags = decode_char_rows(value, place, log, width, height, {"0": "0", "1": "1"}, 'not "0" or "1"')
    if flags is None:
        return None
    return frozenset((i % width, i // width) for i, flag in enumerate(flags) if flag == "1")
