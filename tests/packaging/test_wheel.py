"""The wheel installs one top-level package, ``vantage``, with maps/ and assets/ as its package data.

Issue 11: "The wheel's top level is ``vantage`` alone; ``maps/build_samples.py`` and ``tests/`` are not
in it. Declare every library the code imports directly." (napari checks the same with
``check-wheel-contents``' ``toplevel``.)
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path, PurePosixPath

import pytest

ROOT = Path(__file__).resolve().parents[2]
CODE_FOLDERS = ("engine", "gui")
STANDARD_LIBRARY = set(sys.stdlib_module_names)
#: distributions that provide an imported top-level name under another name
PROVIDED_BY = {"PySide6": "pyside6-essentials", "shiboken6": "pyside6-essentials"}


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    # from a copy: setuptools writes build/ and *.egg-info into the folder it builds
    source = tmp_path_factory.mktemp("source") / "vantage"
    skip = shutil.ignore_patterns(".git", ".*venv*", ".typecheck", "build", "*.egg-info", "__pycache__",
                                  ".hypothesis", ".mypy_cache", ".ruff_cache", ".import_linter_cache")
    shutil.copytree(ROOT, source, ignore=skip)
    out = tmp_path_factory.mktemp("wheel")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir", str(out), str(source)],
        capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    (built,) = out.glob("vantage-*.whl")
    return zipfile.ZipFile(built)


def names(wheel: zipfile.ZipFile) -> set[str]:
    return set(wheel.namelist())


@pytest.mark.slow  # builds the wheel (pip wheel, in a process of its own): about 5 s
def test_the_only_top_level_names_are_vantage_and_its_dist_info(wheel):
    tops = {PurePosixPath(name).parts[0] for name in names(wheel)}
    (dist_info,) = [t for t in tops if t.endswith(".dist-info")]
    assert tops == {"vantage", dist_info}
    assert wheel.read(f"{dist_info}/top_level.txt").decode().split() == ["vantage"]


@pytest.mark.slow  # builds the wheel (pip wheel, in a process of its own): about 5 s
def test_every_code_package_of_the_checkout_is_in_the_wheel(wheel):
    expected = {
        f"vantage/{init.relative_to(ROOT).as_posix()}"
        for folder in CODE_FOLDERS for init in (ROOT / folder).rglob("__init__.py")
    }
    assert expected <= names(wheel)
    top = {"vantage/__init__.py", "vantage/py.typed", "vantage/engine/model.py", "vantage/gui/app.py"}
    assert top <= names(wheel)


@pytest.mark.slow  # builds the wheel (pip wheel, in a process of its own): about 5 s
def test_maps_and_assets_are_package_data_without_tools_or_tests(wheel):
    found = names(wheel)
    assert "vantage/maps/01-ruined-courtyard.json" in found
    assert "vantage/assets/icons/vantage.png" in found
    # issue 34: the one font Vantage ships, with its licence beside it
    assert {"vantage/assets/fonts/DejaVuSans.ttf", "vantage/assets/fonts/DejaVuSans-LICENSE.txt"} <= found
    assert {f"vantage/assets/web/{name}" for name in ("index.html", "client.js", "client.css")} <= found
    assert not [n for n in found if n.startswith("vantage/maps/") and n.endswith(".py")]
    not_installed = ("vantage/tests/", "vantage/benchmarks/", "vantage/packaging/", "vantage/.typecheck/")
    assert not [n for n in found if n.startswith(not_installed)]


def _imported_top_levels() -> set[str]:
    tops: set[str] = set()
    for folder in CODE_FOLDERS:
        for path in (ROOT / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Import):
                    tops |= {alias.name.split(".")[0] for alias in node.names}
                elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                    tops.add(node.module.split(".")[0])
    return tops - STANDARD_LIBRARY - {"vantage", "__future__"}


@pytest.mark.slow  # builds the wheel (pip wheel, in a process of its own): about 5 s
def test_every_library_the_code_imports_is_declared(wheel):
    (metadata,) = [n for n in names(wheel) if n.endswith(".dist-info/METADATA")]
    requires = {
        line.split(":", 1)[1].strip().split(";")[0].split(">")[0].split("=")[0].split("!")[0].split("<")[0]
        .strip().lower()
        for line in wheel.read(metadata).decode().splitlines() if line.startswith("Requires-Dist:")
    }
    imported = {PROVIDED_BY.get(top, top).lower() for top in _imported_top_levels()}
    assert imported - requires == set()
    assert "numpy" in requires


def test_the_folders_are_not_importable_as_top_level_names():
    code = "import engine"
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode != 0
    assert "import vantage.engine, not 'engine'" in result.stderr
    result = subprocess.run([sys.executable, "-c", "import gui"], cwd=ROOT, capture_output=True, text=True)
    assert "import vantage.gui, not 'gui'" in result.stderr
    ok = subprocess.run([sys.executable, "-c", "import vantage.engine.model, vantage.gui.app"], cwd=ROOT,
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
