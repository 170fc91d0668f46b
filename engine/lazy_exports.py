"""Names a package re-exports from its modules, each loaded with its module on first use.

A package ``__init__`` that names what it offers (``from vantage.engine.geometry import
line_of_sight``) need not load every module behind those names at once (issue 32, start-up: the
GM window loads no numpy or shapely until a tool uses them). It sets its module-level
``__getattr__`` to :func:`lazy_exports` with a table name → module; a name is loaded when first
asked for and kept in the package's namespace, so the next look-up is an ordinary one.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module


def lazy_exports(package: str, homes: Mapping[str, str]) -> Callable[[str], object]:
    """The ``__getattr__`` of ``package``: each name of ``homes`` is the attribute of the same name
    of the package's module ``homes[name]``, imported on first use."""

    def __getattr__(name: str) -> object:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{home}"), name)
        setattr(sys.modules[package], name, value)
        return value

    return __getattr__
