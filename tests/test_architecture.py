"""The engine is headless: it never imports Qt or the GUI (DESIGN.md: "engine/ never imports Qt")."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN = ("PySide6", "PyQt5", "PyQt6", "shiboken6")


def _imported_modules(path: Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.lineno, node.module))
    return found


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_no_engine_module_imports_qt_or_gui() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for path in sorted((ROOT / "engine").rglob("*.py"))
        for line, name in _imported_modules(path)
        if name.split(".")[0] in FORBIDDEN or name.startswith("vantage.gui")
    ]
    assert offenders == []


def test_the_scan_sees_a_forbidden_import(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import os\nfrom PySide6.QtCore import QPointF\nimport vantage.gui.app\n",
                   encoding="utf-8")
    assert [name for _, name in _imported_modules(bad)] == ["os", "PySide6.QtCore", "vantage.gui.app"]


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_importing_every_engine_module_loads_no_qt() -> None:
    modules = sorted(
        ".".join(("vantage",) + p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "engine").rglob("*.py")
    )
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')\n"
        "             or m.startswith('vantage.gui'))\n"
        "print(bad); sys.exit(1 if bad else 0)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
