"""Issue 26, "no ruleset is a silent default in shared code": every importer that makes an encounter
is told the ruleset it is played by (a required keyword, no default); the caller at the edge
chooses (the GUI asks the GM, ``vantage import`` has ``--ruleset``)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Callable

import pytest

import vantage.engine.importers as importers
from vantage.engine.importers import image, open_map, tiled, uvtt

ENTRY_POINTS: list[Callable[..., object]] = [
    image.import_image_file,
    image.import_image,
    uvtt.import_uvtt_file,
    uvtt.import_uvtt,
    tiled.import_tiled_file,
    tiled.import_tiled,
    open_map.import_map_file,
]


@pytest.mark.parametrize("function", ENTRY_POINTS, ids=lambda f: f.__name__)
def test_each_importer_needs_the_ruleset_as_a_keyword(function: Callable[..., object]) -> None:
    parameter = inspect.signature(function).parameters["ruleset"]
    assert parameter.kind is inspect.Parameter.KEYWORD_ONLY
    assert parameter.default is inspect.Parameter.empty


def test_every_public_function_that_returns_an_import_result_is_checked_above() -> None:
    """A new importer (anything public in the package returning an ImportResult) joins the list."""
    found = set()
    for info in pkgutil.iter_modules(importers.__path__):
        module = importlib.import_module(f"{importers.__name__}.{info.name}")
        for name, value in vars(module).items():
            if (
                inspect.isfunction(value)
                and value.__module__ == module.__name__
                and not name.startswith("_")
                and inspect.signature(value).return_annotation == "ImportResult"
            ):
                found.add(value)
    assert found == set(ENTRY_POINTS)


def test_the_importers_have_no_default_ruleset_left() -> None:
    from vantage.engine.importers import report

    assert not hasattr(importers, "DEFAULT_RULESET") and not hasattr(report, "DEFAULT_RULESET")
    assert "DEFAULT_RULESET" not in importers.__all__
    with pytest.raises(TypeError, match="ruleset"):
        uvtt.import_uvtt(b'{"resolution": {"map_size": {"x": 2, "y": 2}}}')  # type: ignore[call-arg]
