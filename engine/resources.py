"""Where Vantage's bundled files are: the sample encounters in ``maps/`` and the art in ``assets/``.

Works from a source checkout, an installed wheel (the folders are installed as data packages) and
a PyInstaller bundle (``sys._MEIPASS``). User data never goes here: see the user data folder.
"""

from __future__ import annotations

import sys
from pathlib import Path


def _root_candidates() -> list[Path]:
    roots: list[Path] = []
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        roots.append(Path(frozen))
    roots.append(Path(__file__).resolve().parent.parent)
    return roots


def resource_dir(name: str) -> Path:
    """The bundled folder ``name`` (``"maps"`` or ``"assets"``); FileNotFoundError if absent."""
    for root in _root_candidates():
        candidate = root / name
        if candidate.is_dir():
            return candidate
    try:
        import importlib.resources

        found = Path(str(importlib.resources.files(name)))
        if found.is_dir():
            return found
    except (ModuleNotFoundError, TypeError):
        pass
    raise FileNotFoundError(f"Vantage's bundled folder {name!r} is missing from this installation")


def sample_encounters() -> list[Path]:
    """The bundled sample encounters, in name order (the first is the one ``vantage`` opens)."""
    return sorted(resource_dir("maps").glob("*.json"))
