"""The GUI holds no rules: "it draws what the engine answers and sends commands". No gui/ module may
import a ruleset's internals (vantage.engine.rules.avorkarth …); it asks the Ruleset queries of
engine/rules/base.py (movement, attack_options, health, explain, turn …) instead."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Ruleset packages the GUI must not reach into (every plug-in under engine/rules/ that is a package).
RULESET_PACKAGES = tuple(
    f"vantage.engine.rules.{p.name}" for p in sorted((ROOT / "engine" / "rules").iterdir())
    if p.is_dir() and (p / "__init__.py").exists()
)
_IMPORTERS = ("import_module", "__import__")


def _is_ruleset_internal(module: str) -> bool:
    return any(module == pkg or module.startswith(pkg + ".") for pkg in RULESET_PACKAGES)


def ruleset_imports(source: str, filename: str = "<gui>") -> list[tuple[int, str]]:
    """(line, module) for every import of a ruleset package in ``source``, dynamic ones included."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source, filename=filename)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, a.name) for a in node.names if _is_ruleset_internal(a.name)]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if _is_ruleset_internal(node.module):
                found.append((node.lineno, node.module))
            else:
                found += [(node.lineno, f"{node.module}.{a.name}") for a in node.names
                          if _is_ruleset_internal(f"{node.module}.{a.name}")]
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            target = node.args[0].value
            if name in _IMPORTERS and isinstance(target, str) and _is_ruleset_internal(target):
                found.append((node.lineno, target))
    return sorted(found)


def test_there_is_a_ruleset_package_to_guard() -> None:
    assert "vantage.engine.rules.avorkarth" in RULESET_PACKAGES


def test_no_gui_module_imports_a_rulesets_internals() -> None:
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: imports {name}"
        for path in sorted((ROOT / "gui").rglob("*.py"))
        for line, name in ruleset_imports(path.read_text(encoding="utf-8"), str(path))
    ]
    assert offenders == []


def test_the_scan_sees_every_shape_of_import() -> None:
    source = (
        "import os\n"
        "from vantage.engine.rules.base import ask_health\n"
        "from vantage.engine.rules.avorkarth.state import Work\n"
        "import vantage.engine.rules.avorkarth.ledger as ledger\n"
        "from vantage.engine.rules import avorkarth\n"
        "def f():\n"
        "    from vantage.engine.rules.avorkarth import queries\n"
        "    return importlib.import_module('vantage.engine.rules.avorkarth.preview')\n"
    )
    assert ruleset_imports(source) == [
        (3, "vantage.engine.rules.avorkarth.state"),
        (4, "vantage.engine.rules.avorkarth.ledger"),
        (5, "vantage.engine.rules.avorkarth"),
        (7, "vantage.engine.rules.avorkarth"),
        (8, "vantage.engine.rules.avorkarth.preview"),
    ]
