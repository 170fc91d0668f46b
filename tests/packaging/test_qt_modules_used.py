"""Vantage's code imports only the Qt modules and libraries the bundle carries.

Issue 7: the bundle excludes "unused Qt modules" — so a new `from PySide6.QtSvg import …` in gui/
would work from source and fail in the standalone program. This catches it before a build.
"""

from __future__ import annotations

import ast
import re
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


def modules_imported(source: str) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def excluded(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in bundle_plan.PYTHON_EXCLUDES)


def test_the_import_scan_finds_excluded_modules():
    found = modules_imported("import scipy.spatial\nfrom numpy import random\nfrom . import scipy\n")
    assert {module for module in found if excluded(module)} == {"scipy.spatial", "numpy.random"}


def test_vantage_uses_none_of_the_modules_the_bundle_leaves_out():
    offenders = []
    left_out = [name.split(".", 1)[1] for name in bundle_plan.PYTHON_EXCLUDES if name.startswith("numpy.")]
    numpy_parts = re.compile(r"\b(?:np|numpy)\.(" + "|".join(left_out) + r")\b")  # np.random.rand(…)
    for package in bundle_plan.CODE_PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            source = path.read_text(encoding="utf-8")
            offenders += [f"{path.relative_to(ROOT)}: {m}" for m in modules_imported(source) if excluded(m)]
            offenders += [f"{path.relative_to(ROOT)}: numpy.{m}" for m in numpy_parts.findall(source)]
    assert not offenders, f"the bundle excludes these (packaging/bundle_plan.py): {offenders}"
