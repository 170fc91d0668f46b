"""Encounters to and from JSON text: parsing with clear messages for every way text can be wrong
(empty, binary, not UTF-8, not JSON, too large, nested too deeply), and stable pretty printing."""

from __future__ import annotations

import json
import re
from typing import Any

from vantage.engine.fileformat.codec import encounter_from_dict, encounter_to_dict
from vantage.engine.fileformat.json_objects import object_from_pairs
from vantage.engine.fileformat.problems import EncounterFileError, Problem
from vantage.engine.model import Encounter

#: The largest encounter file Vantage reads and writes (256 MiB). A 1000×1000 map with every layer is
#: ~10 MiB; a big freehand cave imported from Universal VTT (a million wall points) is ~65 MiB. The
#: background picture is a file beside the encounter, never inside it, so picture size does not
#: count here. Saving refuses a file over this size (the old file is kept), so whatever Vantage
#: writes it reads back.
MAX_FILE_BYTES = 256 * 1024 * 1024


def _fail(source: str, place: str, message: str) -> EncounterFileError:
    return EncounterFileError([Problem(place, message)], path=source)


def too_large_message(size: int) -> str:
    shown = f"{size / 2**20:.1f} MiB"
    if shown == f"{MAX_FILE_BYTES / 2**20:.1f} MiB":
        shown = f"{size:,} bytes"
    return f"the file is {shown}; an encounter file may be at most {MAX_FILE_BYTES // 2**20} MiB"


def decode_text(raw: bytes, source: str) -> str:
    """``raw`` as text, or EncounterFileError if it is empty, binary or not UTF-8."""
    if len(raw) > MAX_FILE_BYTES:
        raise _fail(source, "", too_large_message(len(raw)))
    if not raw.strip():
        raise _fail(source, "", "the file is empty")
    if b"\x00" in raw[:4096]:
        raise _fail(source, "", "this is a binary file, not an encounter (which is JSON text)")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        bad = raw[exc.start : exc.start + 1].hex()
        raise _fail(
            source,
            "",
            f"this is not UTF-8 text (byte 0x{bad} at offset {exc.start}); an encounter is JSON text",
        ) from None


def parse_json(text: str, source: str) -> Any:
    """The JSON value in ``text``; EncounterFileError with the line and column of a syntax error."""
    try:
        return json.loads(text, object_pairs_hook=object_from_pairs)
    except json.JSONDecodeError as exc:
        at_end = not text[exc.pos :].strip() or exc.msg.startswith("Unterminated string")
        cut_short = " (the file seems cut short)" if at_end else ""
        raise _fail(
            source, f"line {exc.lineno}, column {exc.colno}", f"not valid JSON: {exc.msg}{cut_short}"
        ) from None
    except RecursionError:
        raise _fail(source, "", "the JSON is nested too deeply to be an encounter") from None
    except ValueError:  # an integer with more digits than Python converts
        raise _fail(source, _long_number_place(text), "a number has more than 4,300 digits; "
                    "no value in an encounter is that large") from None


def _long_number_place(text: str) -> str:
    """``line L, column C`` of the first run of more than 4,300 digits in ``text`` (or "")."""
    found = re.search(r"\d{4301,}", text)
    if found is None:
        return ""
    line = text.count("\n", 0, found.start()) + 1
    column = found.start() - (text.rfind("\n", 0, found.start()) + 1) + 1
    return f"line {line}, column {column}"


def loads_encounter(
    text: str | bytes, source: str = "<string>", *, chosen_ruleset: str | None = None
) -> Encounter:
    """The encounter in ``text`` (JSON); EncounterFileError listing every problem (RulesetMissing
    when it only names no ruleset; ``chosen_ruleset`` is the GM's answer, see ``encounter_from_dict``)."""
    if isinstance(text, bytes | bytearray):
        text = decode_text(bytes(text), source)
    else:
        if len(text) > MAX_FILE_BYTES:
            raise _fail(source, "", too_large_message(len(text)))
        if not text.strip():
            raise _fail(source, "", "the file is empty")
    data = parse_json(text, source)
    try:
        return encounter_from_dict(data, source, chosen_ruleset=chosen_ruleset)
    except RecursionError:
        raise _fail(source, "", "the JSON is nested too deeply to be an encounter") from None


def dumps_encounter(enc: Encounter) -> str:
    """``enc`` as file text: two-space indents, fixed key order, short number lists on one line,
    a final newline. EncounterFileError if ``enc`` cannot be written as a valid file."""
    data = encounter_to_dict(enc)
    text = pretty_json(data) + "\n"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate (from a "\\ud800" escape) only survives escaped
        text = pretty_json(data, ascii_only=True) + "\n"
    return text


def _scalar(value: Any, ascii_only: bool = False) -> str:
    return json.dumps(value, ensure_ascii=ascii_only, allow_nan=False)


#: A list or object whose one-line form is at most this long is written on one line.
ONE_LINE_WIDTH = 72


def pretty_json(value: Any, indent: str = "", key: str = "", *, ascii_only: bool = False) -> str:
    """JSON like ``json.dumps(indent=2)``, but a list or object that fits in ``ONE_LINE_WIDTH``
    characters stays on one line, a list of numbers (an elevation row) always does, and the
    items of a ``rows`` list (a map layer) always get a line each so that the grid shows.
    ``ascii_only`` escapes every non-ASCII character (``\\u00e9``)."""
    inner = indent + "  "
    if isinstance(value, list | tuple) and all(v is None or isinstance(v, int | float) for v in value):
        return json.dumps(value, allow_nan=False)
    if not isinstance(value, dict | list | tuple):
        return _scalar(value, ascii_only)
    if not value:
        return "{}" if isinstance(value, dict) else "[]"
    if key != "rows":
        one_line = _one_line(value, ascii_only)
        if one_line is not None:
            return one_line
    if isinstance(value, dict):
        items = [
            f"{inner}{_scalar(str(k), ascii_only)}: {pretty_json(v, inner, str(k), ascii_only=ascii_only)}"
            for k, v in value.items()
        ]
        return "{\n" + ",\n".join(items) + "\n" + indent + "}"
    items = [inner + pretty_json(v, inner, ascii_only=ascii_only) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + indent + "]"


def _one_line(value: Any, ascii_only: bool) -> str | None:
    """``value`` on one line if that is short; ``None`` if it is long or holds a layer's rows."""
    if isinstance(value, dict) and "rows" in value or not _is_small(value, ONE_LINE_WIDTH):
        return None
    text = json.dumps(value, ensure_ascii=ascii_only, allow_nan=False)
    return text if len(text) <= ONE_LINE_WIDTH else None


def _is_small(value: Any, budget: int) -> bool:
    """Whether ``value`` has at most about ``budget`` leaves and characters (without rendering it)."""
    stack = [value]
    while stack:
        current = stack.pop()
        budget -= 2
        if isinstance(current, dict):
            stack.extend(current.keys())
            stack.extend(current.values())
        elif isinstance(current, list | tuple):
            stack.extend(current)
        elif isinstance(current, str):
            budget -= len(current)
        if budget < 0:
            return False
    return True
