"""The shared movement library names no ruleset (issue 26: "rulesets own their settings"): each
ruleset's movement preset, terrain rule and slowing table live in its own package, so a fifth
ruleset never edits engine/movement/.

The scan reads the code, not the prose: no import of a ruleset package, no name (a constant, a
function, an argument, an attribute) that contains a ruleset's id or name, and no string that *is*
one (``name="baton"``, ``table.get("avorkarth")``). Docstrings, comments and the rule texts the
shared rows quote may still cite a ruleset as an example.
"""

from __future__ import annotations

import ast
from pathlib import Path

from vantage.engine.rules import get_ruleset, ruleset_ids

ROOT = Path(__file__).resolve().parents[3]
MOVEMENT = ROOT / "engine" / "movement"
BUILT_IN = ("avorkarth", "baton", "power-tiers", "shattered-world")


def _plain(text: str) -> str:
    """``text`` lowercased without separators: ``SHATTERED_WORLD_MOVEMENT`` → ``shatteredworldmovement``."""
    return "".join(c for c in text.lower() if c.isalnum())


def _ruleset_words() -> set[str]:
    return {_plain(word) for rid in BUILT_IN for word in (rid, get_ruleset(rid).name)}


def _docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string nodes that are docstrings (module, class, function)."""
    found: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _names(node: ast.AST) -> list[str]:
    """The identifiers a node introduces or uses."""
    if isinstance(node, ast.Name):
        return [node.id]
    if isinstance(node, ast.Attribute):
        return [node.attr]
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    if isinstance(node, ast.arg):
        return [node.arg]
    if isinstance(node, ast.keyword) and node.arg:
        return [node.arg]
    if isinstance(node, ast.alias):
        return [node.name, node.asname or ""]
    if isinstance(node, ast.ImportFrom):
        return [node.module or ""]
    return []


def ruleset_mentions(source: str, words: set[str], filename: str = "<movement>") -> list[tuple[int, str]]:
    """(line, what) for every ruleset ``words`` names in the code of ``source``."""
    tree = ast.parse(source, filename=filename)
    docstrings = _docstrings(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        for name in _names(node):
            if name.startswith("vantage.engine.rules"):
                found.append((line, f"imports {name}"))
            elif any(word in _plain(name) for word in words):
                found.append((line, f"names {name}"))
        said = node.value if isinstance(node, ast.Constant) and id(node) not in docstrings else None
        if isinstance(said, str) and _plain(said) in words:
            found.append((line, f"says {said!r}"))
    return sorted(found)


def test_the_four_rulesets_are_what_the_scan_looks_for():
    assert set(BUILT_IN) <= set(ruleset_ids())
    assert {"avorkarth", "baton", "powertiers", "shatteredworld", "theshatteredworld"} <= _ruleset_words()


def test_the_shared_movement_package_names_no_ruleset():
    words = _ruleset_words()
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {what}"
        for path in sorted(MOVEMENT.rglob("*.py"))
        for line, what in ruleset_mentions(path.read_text(encoding="utf-8"), words, str(path))
    ]
    assert offenders == []


def test_the_scan_sees_a_preset_a_table_and_an_import():
    source = (
        '"""Avorkarth and Baton are named here, in prose: allowed."""\n'
        "from vantage.engine.rules.baton.tables import RULESET_ID\n"
        "from vantage.engine.movement.policy import MovementRules\n"
        "def avorkarth_terrain_allowance(base: float) -> float:\n"
        '    """Avorkarth\'s rule (a docstring may cite it)."""\n'
        "    return base\n"
        'POWER_TIERS_MOVEMENT = MovementRules(name="power-tiers")\n'
        'PRESETS = {"Shattered World": None}\n'
        'QUOTED = "baton: \\"A prone character\'s speed is halved\\""\n'
    )
    assert ruleset_mentions(source, _ruleset_words()) == [
        (2, "imports vantage.engine.rules.baton.tables"),
        (4, "names avorkarth_terrain_allowance"),
        (7, "names POWER_TIERS_MOVEMENT"),
        (7, "says 'power-tiers'"),
        (8, "says 'Shattered World'"),
    ]
