"""Vantage's code imports only the Qt modules the bundle carries.

Issue 7: the bundle excludes "unused Qt modules" — so a new `from PySide6.QtSvg import …` in gui/
would work from source and fail in the standalone program. This catches it before a build.
"""

from __future__ import annotations

import ast
from pathlib import Path

import bundle_plan

ROOT = Path(__file__).resolve().parents[2]


def qt_modules_imported(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        found |= {".".join(name.split(".")[:2]) for name in names if name.startswith("PySide6.Qt")}
    return found


def test_the_scan_sees_both_import_forms():
    source = "from PySide6.QtSvg import QSvgRenderer\nimport PySide6.QtNetwork\nfrom PySide6 import QtPdf\n"
    assert qt_modules_imported(source) == {"PySide6.QtSvg", "PySide6.QtNetwork", "PySide6.QtPdf"}


def test_vantage_imports_only_the_bundled_qt_modules():
    used: dict[str, list[str]] = {}
    for package in bundle_plan.CODE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for module in qt_modules_imported(path.read_text(encoding="utf-8")):
                used.setdefault(module, []).append(str(path.relative_to(ROOT)))
    unbundled = {module: files for module, files in used.items() if module not in bundle_plan.QT_MODULES_USED}
    assert not unbundled, (
        f"add these to QT_MODULES_USED in packaging/bundle_plan.py (and check size): {unbundled}"
    )
