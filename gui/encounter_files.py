"""Reading and writing encounter files for the GUI, through the engine's file format.

The engine's ``vantage.engine.fileformat`` owns the format; this module only finds it and turns its
absence into a clear error, so the window can say so instead of crashing.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from vantage.engine.model import Encounter


class FileFormatUnavailable(RuntimeError):
    """This build has no encounter file reader/writer (vantage.engine.fileformat is missing)."""


def _fileformat() -> Any:
    try:
        module = importlib.import_module("vantage.engine.fileformat")
    except ImportError as exc:
        raise FileFormatUnavailable(f"this build cannot read or write encounter files ({exc})") from exc
    if not hasattr(module, "load_encounter"):
        raise FileFormatUnavailable("this build cannot read or write encounter files yet")
    return module


def load_encounter(path: Path) -> Encounter:
    """The encounter in ``path``; raises the engine's EncounterFileError with every problem."""
    encounter = _fileformat().load_encounter(path)
    assert isinstance(encounter, Encounter)
    return encounter


def save_encounter(encounter: Encounter, path: Path) -> None:
    _fileformat().save_encounter(encounter, path)


def problems_text(error: Exception) -> str:
    """The engine's problems, one ``place: message`` a line (or the error's own text)."""
    problems = getattr(error, "problems", None)
    if problems:
        return "\n".join(str(p) for p in problems)
    return str(error)
