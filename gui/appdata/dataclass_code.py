"""A cache of the code that ``dataclasses`` compiles for each dataclass, kept between runs.

Why: on Python 3.11 and 3.12, ``@dataclass`` writes the source text of every method it adds
(``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__`` of a frozen class …) and
compiles it with ``exec`` (``dataclasses._create_fn``). The GM window makes about 90 dataclasses
before it is complete, about 530 such methods: ≈ 50 ms of CPU compiling the same texts on every
start (issue 32, "window complete"). Python 3.13 builds them differently and faster, so there this
module does nothing.

How: :func:`install` gives the ``dataclasses`` module its own ``exec`` (a module global shadows the
builtin for that module's code only, and ``_create_fn`` is its one caller). It looks the text up in
a dict of compiled code objects — the exact text is the key, so the same text always gives the same
code — and runs that code with the same globals and locals as before; a text not seen yet is
compiled as ``exec`` would compile it (file name ``<string>``, no inherited ``__future__`` flags)
and remembered. Nothing else about a dataclass changes: its fields, defaults, ``eq``, ``hash``,
``repr``, frozen errors, ``__match_args__`` and slots come from the same code
(tests/gui/appdata/test_dataclass_code.py).

The dict is kept with :mod:`marshal` (the format of ``.pyc`` files) in the user's cache folder
(``platformdirs``; ``VANTAGE_CACHE_DIR`` overrides it), one file per interpreter version, and only
trusted when it was written by an interpreter with the same ``importlib.util.MAGIC_NUMBER``. A file
that is missing, damaged or from another Python is ignored and written afresh; it is written (to a
temporary file, then renamed over the old one) when the program exits having compiled something new,
and never in a way that could stop the program: a cache that cannot be read or written only costs
the compiling it was meant to save.
"""

from __future__ import annotations

import atexit
import builtins
import contextlib
import dataclasses
import logging
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from pathlib import Path
from types import CodeType
from typing import Any

log = logging.getLogger(__name__)

#: Overrides the cache folder (tests; a portable install that keeps everything beside it).
CACHE_DIR_VARIABLE = "VANTAGE_CACHE_DIR"
#: ``dataclasses._create_fn``'s parameters on 3.11 and 3.12, the versions that compile with ``exec``.
CREATE_FN_PARAMETERS = ("name", "args", "body", "globals", "locals", "return_type")
#: More entries than this when writing (an upgrade leaves the old program's texts behind): only the
#: texts this run used are kept.
MAX_ENTRIES = 4000
#: A larger file is not read (Vantage's own is ~0.5 MB): something else wrote it.
MAX_FILE_BYTES = 16 << 20


def cache_path() -> Path:
    """The cache file of this interpreter version (``dataclass-code.cpython-311.marshal``)."""
    override = os.environ.get(CACHE_DIR_VARIABLE, "").strip()
    if override:
        folder = Path(override).expanduser()
    else:
        import platformdirs

        folder = Path(platformdirs.user_cache_dir("Vantage", appauthor=False))
    return folder / f"dataclass-code.{sys.implementation.cache_tag}.marshal"


def read_entries(path: Path) -> dict[str, CodeType] | None:
    """The texts and their code from ``path``; None when it is missing, damaged, larger than
    :data:`MAX_FILE_BYTES`, or written by an interpreter with another bytecode magic number."""
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_FILE_BYTES + 1)
        if len(raw) > MAX_FILE_BYTES:
            return None
        data = marshal.loads(raw)
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not (isinstance(data, tuple) and len(data) == 2 and data[0] == MAGIC_NUMBER
            and isinstance(data[1], dict)):
        return None
    entries: dict[str, CodeType] = data[1]
    if not all(isinstance(text, str) and isinstance(code, CodeType) for text, code in entries.items()):
        return None
    return entries


def write_entries(path: Path, entries: dict[str, CodeType]) -> bool:
    """Write ``entries`` to ``path`` atomically (a temporary file renamed over it); False when it
    could not be written (nothing is raised)."""
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(marshal.dumps((MAGIC_NUMBER, entries)))
        os.replace(temporary, path)
    except (OSError, ValueError) as exc:
        log.debug("the dataclass code cache %s could not be written: %s", path, exc)
        with contextlib.suppress(OSError):
            temporary.unlink(missing_ok=True)
        return False
    return True


class DataclassCodeCache:
    """Compiled code by exact source text; :meth:`exec` is what ``dataclasses`` calls as ``exec``."""

    def __init__(self, path: Path) -> None:
        self.path = path
        stored = read_entries(path)
        self.entries: dict[str, CodeType] = stored if stored is not None else {}
        self.used: set[str] = set()
        self.changed = stored is None  # a missing or damaged file is written afresh
        self.compiled = 0

    def code_for(self, text: str) -> CodeType:
        """The code ``exec(text)`` runs: from the cache, or compiled as ``exec`` compiles it."""
        code = self.entries.get(text)
        if code is None:
            code = compile(text, "<string>", "exec", dont_inherit=True)
            self.entries[text] = code
            self.changed = True
            self.compiled += 1
        self.used.add(text)
        return code

    def exec(self, source: Any, globals: dict[str, Any] | None = None,  # noqa: A002 - exec's names
             locals: dict[str, Any] | None = None, /) -> None:  # noqa: A002
        """``exec(source, globals, locals)``, with a text's code taken from the cache."""
        if isinstance(source, str):
            source = self.code_for(source)
        builtins.exec(source, globals, locals)

    def save(self) -> bool:
        """Write the cache when this run compiled something new (or the file was unreadable)."""
        if not self.changed:
            return False
        entries = self.entries
        if len(entries) > MAX_ENTRIES:
            entries = {text: code for text, code in entries.items() if text in self.used}
        if write_entries(self.path, entries):
            self.changed = False
            return True
        return False


def compiles_with_exec() -> bool:
    """Whether this Python's ``dataclasses`` compiles each method's text with ``exec`` in
    ``_create_fn(name, args, body, *, globals, locals, return_type)`` (3.11 and 3.12)."""
    create_fn = getattr(dataclasses, "_create_fn", None)
    code = getattr(create_fn, "__code__", None)
    if not (3, 11) <= sys.version_info[:2] < (3, 13) or code is None:
        return False
    parameters = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
    return parameters == CREATE_FN_PARAMETERS and "exec" in code.co_names


_installed: DataclassCodeCache | None = None


def install(path: Path | None = None) -> DataclassCodeCache | None:
    """Let ``dataclasses`` take its compiled code from the cache (read now, written at exit); the
    cache, or None where this Python does not compile dataclasses with ``exec`` or it could not be
    set up. Installing twice keeps the first."""
    global _installed
    if _installed is not None:
        return _installed
    if not compiles_with_exec() or "exec" in vars(dataclasses):
        return None
    try:
        cache = DataclassCodeCache(path or cache_path())
    except Exception as exc:  # noqa: BLE001 - a cache never stops the program
        log.debug("no dataclass code cache: %s", exc)
        return None
    dataclasses.exec = cache.exec  # type: ignore[attr-defined]
    atexit.register(cache.save)
    _installed = cache
    return cache
