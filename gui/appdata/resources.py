"""Where Vantage's bundled files are: the sample encounters in ``maps/`` and the art in ``assets/``.

Both are package data of ``vantage``: beside ``vantage/__init__.py`` in a source checkout, an
installed wheel and a PyInstaller bundle alike (the bundle keeps them in ``vantage/`` under
``sys._MEIPASS``). User data never goes here: see the user data folder.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path


def resource_dir(name: str) -> Path:
    """The bundled folder ``name`` (``"maps"`` or ``"assets"``); FileNotFoundError if absent."""
    candidate = Path(str(files("vantage"))) / name
    if candidate.is_dir():
        return candidate
    raise FileNotFoundError(f"Vantage's bundled folder {name!r} is missing from this installation")


def sample_encounters() -> list[Path]:
    """The bundled sample encounters, in name order (the first is the one ``vantage`` opens)."""
    return sorted(resource_dir("maps").glob("*.json"))
