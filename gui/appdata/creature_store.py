"""The GM's own creatures, saved from tokens, and the creatures of the bundled samples: the two
sources the Creatures dock lists after the ruleset's bestiary.

**Saved creatures** live in the user data folder, ``creatures.json``: ``{"format":
"vantage-creatures", "version": 1, "creatures": [{"ruleset", "id", "name", "size", "side",
"stats"}, …]}``. Saving a token (its stat block, size and side; not its wounds or conditions, which
are the fight's) adds an entry under the encounter's ruleset, or replaces the entry of that name.
A missing file is an empty library; an unreadable one is read as empty and never overwritten (the
save is refused with the reason, so nothing the GM kept is lost). Writes go through a temp file.

**Sample creatures** are the tokens of the bundled sample encounters that are not the party, one
per name with its number dropped ("Ghoul 1", "Ghoul 2" → "Ghoul"), for the sample's ruleset.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from vantage.engine.model import Token
from vantage.engine.rules.stat_schema import CreatureTemplate
from vantage.gui.appdata import user_paths
from vantage.gui.appdata.resources import sample_encounters

FORMAT = "vantage-creatures"
VERSION = 1
SAVED_PREFIX = "saved:"
SAMPLE_PREFIX = "sample:"


class CreatureStoreError(Exception):
    """The saved creatures cannot be read or written; the message names the file and why."""


def store_path() -> Path:
    return user_paths.user_data_dir() / "creatures.json"


def _read_raw() -> list[dict[str, Any]]:
    path = store_path()
    if not path.exists():
        return []
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise CreatureStoreError(f"{path} cannot be read: {exc}") from None
    if (not isinstance(data, dict) or data.get("format") != FORMAT
            or not isinstance(data.get("creatures"), list)):
        raise CreatureStoreError(f"{path} is not a Vantage creature library ({FORMAT!r} expected)")
    return [c for c in data["creatures"] if isinstance(c, dict)]


def _template(entry: Mapping[str, Any], prefix: str) -> CreatureTemplate | None:
    name, stats = entry.get("name"), entry.get("stats")
    if not isinstance(name, str) or not name or not isinstance(stats, dict):
        return None
    return CreatureTemplate(id=f"{prefix}{name}", name=name, stats=stats,
                            size=str(entry.get("size") or "medium"), side=str(entry.get("side") or "enemy"),
                            help=str(entry.get("help") or ""))


def saved_creatures(ruleset: str) -> tuple[CreatureTemplate, ...]:
    """The creatures the GM saved for ``ruleset`` (none when the file cannot be read)."""
    try:
        raw = _read_raw()
    except CreatureStoreError:
        return ()
    out = (_template(c, SAVED_PREFIX) for c in raw if c.get("ruleset") == ruleset)
    return tuple(t for t in out if t is not None)


def save_creature(ruleset: str, token: Token) -> str:
    """Keep ``token``'s stat block, size and side as a creature of ``ruleset`` under its name
    (replacing one of that name); the sentence for the status bar. CreatureStoreError when the
    file cannot be read or written (nothing is changed)."""
    if not token.stats:
        raise CreatureStoreError(f"{token.name or token.id} has no stat block to keep")
    name = base_name(token.name or token.id)
    raw = _read_raw()
    entry = {"ruleset": ruleset, "name": name, "size": token.size.value, "side": token.side.value,
             "stats": _plain(token.stats), "help": f"Saved from {token.name or token.id}"}
    kept = [c for c in raw if not (c.get("ruleset") == ruleset and c.get("name") == name)]
    replaced = len(kept) != len(raw)
    _write(kept + [entry])
    return f"{name} {'replaced' if replaced else 'saved'} in the creature library ({store_path().name})"


def forget_creature(ruleset: str, name: str) -> str:
    """Take the saved creature ``name`` of ``ruleset`` out of the library."""
    raw = _read_raw()
    kept = [c for c in raw if not (c.get("ruleset") == ruleset and c.get("name") == name)]
    if len(kept) == len(raw):
        return f"{name} is not a saved creature"
    _write(kept)
    return f"{name} taken out of the creature library"


def _write(creatures: list[dict[str, Any]]) -> None:
    path = store_path()
    temp = path.with_suffix(".tmp")
    text = json.dumps({"format": FORMAT, "version": VERSION, "creatures": creatures}, indent=2) + "\n"
    try:
        temp.write_text(text, encoding="utf-8")
        temp.replace(path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            temp.unlink()
        raise CreatureStoreError(f"{path} cannot be written: {exc}") from None


def base_name(name: str) -> str:
    """A token's name without its number: "Ghoul 2" → "Ghoul" ("G2" stays)."""
    return re.sub(r"\s+\d+$", "", name.strip()) or name


@cache
def _sample_tokens() -> tuple[tuple[str, Token], ...]:
    """(ruleset, token) of every non-party token with a stat block in the bundled samples: only
    their rulesets and tokens are read, not their maps (issue 32: the list shows no map)."""
    from vantage.engine.fileformat.tokens_only import load_ruleset_and_tokens

    out: list[tuple[str, Token]] = []
    try:
        paths = sample_encounters()
    except FileNotFoundError:
        return ()
    for path in paths:
        try:
            ruleset, tokens = load_ruleset_and_tokens(path)
        except Exception:  # noqa: BLE001,S112 - a broken sample only leaves its creatures out
            continue
        out.extend((ruleset, t) for t in tokens if t.side.value != "party" and t.stats)
    return tuple(out)


def sample_creatures(ruleset: str) -> tuple[CreatureTemplate, ...]:
    """The non-party creatures of the bundled samples played by ``ruleset``, one per name."""
    seen: dict[str, CreatureTemplate] = {}
    for owner, token in _sample_tokens():
        name = base_name(token.name or token.id)
        if owner != ruleset or name in seen:
            continue
        seen[name] = CreatureTemplate(id=f"{SAMPLE_PREFIX}{name}", name=name, stats=_plain(token.stats),
                                      size=token.size.value, side=token.side.value,
                                      help="From the sample maps")
    return tuple(seen.values())


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
