"""Where Vantage's bundled files are: the sample encounters in ``maps/`` and the art in ``assets/``.

Both are package data of ``vantage``: beside ``vantage/__init__.py`` in a source checkout, an
installed wheel and a PyInstaller bundle alike (the bundle keeps them in ``vantage/`` under
``sys._MEIPASS``). User data never goes here: see the user data folder. Nothing Vantage saves is
written inside the installed program (:func:`is_inside_install`): a changed sample is saved under a
new name (docs/reliability.md, "Shipped files are read-only").
"""

from __future__ import annotations

import os
from pathlib import Path

from vantage.gui.appdata.user_paths import bundle_roots


def package_dir() -> Path:
    """The folder of the ``vantage`` package, the one ``importlib.resources.files("vantage")`` names
    (a source checkout, site-packages or a bundle's ``vantage/``), read from the package's
    ``__file__`` so that ``importlib.resources`` does not load at start (~20 M instructions before
    the first frame: issue 32); through ``importlib.resources`` where the package has no file."""
    import vantage

    init = getattr(vantage, "__file__", None)
    if init:
        return Path(init).parent
    from importlib.resources import files

    return Path(str(files("vantage")))


def resource_dir(name: str) -> Path:
    """The bundled folder ``name`` (``"maps"`` or ``"assets"``); FileNotFoundError if absent."""
    candidate = package_dir() / name
    if candidate.is_dir():
        return candidate
    raise FileNotFoundError(f"Vantage's bundled folder {name!r} is missing from this installation")


def sample_encounters() -> list[Path]:
    """The bundled sample encounters, in name order (the first is the one ``vantage`` opens)."""
    return sorted(resource_dir("maps").glob("*.json"))


def install_roots() -> list[Path]:
    """The folders that make up the installed program: the package's own folder (a source
    checkout, site-packages or a bundle's ``vantage/``) and, frozen, the bundle's folders."""
    roots = [package_dir().resolve()]
    return roots + [root for root in bundle_roots() if root not in roots]


def is_inside_install(path: Path) -> bool:
    """Whether ``path`` is (or would be) a file of the installed program — writable or not, so a
    sample is never changed in place even where the program's folder may be written."""
    try:
        target = _comparable(path)
    except (OSError, ValueError):
        return False
    return any(target == root or target.is_relative_to(root) for root in map(_comparable, install_roots()))


def _comparable(path: Path) -> Path:
    """``path`` with links resolved and, where the system ignores case (Windows), in one case."""
    return Path(os.path.normcase(os.path.realpath(path)))
