"""No import cycle among the product modules (engine/, gui/), counting every import in a file.

The graph is read from the source with ``ast``: imports inside functions and under
``TYPE_CHECKING`` count as much as those at the top, so a circle cannot be held open by deferring
one side of it. A module importing its own parent package (``vantage.engine.rules.base`` importing
``vantage.engine.rules``) is not counted: Python has imported the parent first, so that is no circle.
The layers themselves are import-linter's contracts in pyproject.toml (``lint-imports``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PRODUCT_PACKAGES = ("engine", "gui")
#: The installed name of the checkout (pyproject.toml: package-dir = {"vantage" = "."}).
TOP_PACKAGE = "vantage"

ImportGraph = dict[str, set[str]]


def module_name(root: Path, path: Path) -> str:
    """``engine/rules/base.py`` → ``engine.rules.base``; a package's ``__init__.py`` is the package."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imported_names(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """Every dotted name an import statement may bind a module from (``from a import b``: a, a.b)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        parts = package.split(".")
        base = ".".join(parts[: len(parts) - node.level + 1])
        source = f"{base}.{node.module}" if node.module else base
    else:
        source = node.module or ""
    return [source, *(f"{source}.{alias.name}" for alias in node.names)]


def imports_of(root: Path, path: Path, known: set[str], top_package: str) -> set[str]:
    """The known modules that the file at ``path`` imports, anywhere in the file."""
    name = module_name(root, path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        for target in _imported_names(node, package):
            target = target.removeprefix(f"{top_package}.")
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name and not name.startswith(f"{target}."):
                found.add(target)
    return found


def import_graph(root: Path, packages: Iterable[str], top_package: str) -> ImportGraph:
    """Module → the modules it imports, for every ``.py`` file under ``root/<package>``."""
    files = [path for package in packages for path in sorted((root / package).rglob("*.py"))]
    known = {module_name(root, path) for path in files}
    return {module_name(root, path): imports_of(root, path, known, top_package) for path in files}


def cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # iterative, so a deep import chain cannot hit the recursion limit
        work: list[tuple[str, list[str]]] = [(start, sorted(graph.get(start, ())))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, pending = work[-1]
            if pending:
                imported = pending.pop(0)
                if imported not in index:
                    index[imported] = low[imported] = len(index)
                    stack.append(imported)
                    on_stack.add(imported)
                    work.append((imported, sorted(graph.get(imported, ()))))
                elif imported in on_stack:
                    low[module] = min(low[module], index[imported])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group: list[str] = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return sorted(found)


@pytest.mark.slow  # a property sweep or fuzzer: the full suite runs it
def test_the_product_code_has_no_import_cycle() -> None:
    graph = import_graph(ROOT, PRODUCT_PACKAGES, TOP_PACKAGE)
    assert len(graph) > 100  # the whole engine and gui were read
    assert cycles(graph) == []


def _write(root: Path, files: Mapping[str, str]) -> None:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_a_circle_at_the_top_of_the_files_is_caught(tmp_path: Path) -> None:
    _write(tmp_path, {
        "engine/__init__.py": "",
        "engine/a.py": "from vantage.engine.b import B\n",
        "engine/b.py": "from vantage.engine import c\nB = 1\n",
        "engine/c.py": "import vantage.engine.a\n",
        "engine/d.py": "from vantage.engine.a import A\n",  # on the way in, not in the circle
    })
    found = cycles(import_graph(tmp_path, ["engine"], TOP_PACKAGE))
    assert found == [["engine.a", "engine.b", "engine.c"]]


def test_a_circle_held_open_by_an_import_inside_a_function_is_caught(tmp_path: Path) -> None:
    _write(tmp_path, {
        "gui/__init__.py": "",
        "gui/players/__init__.py": "",
        "gui/players/controller.py": (
            "def attach():\n    from vantage.gui.players.dock import Dock\n    return Dock\n"
        ),
        "gui/players/dock.py": (
            "from typing import TYPE_CHECKING\n"
            "if TYPE_CHECKING:\n    from ..players.controller import attach\n"
        ),
    })
    found = cycles(import_graph(tmp_path, ["gui"], TOP_PACKAGE))
    assert found == [["gui.players.controller", "gui.players.dock"]]


def test_a_module_importing_its_own_package_is_no_circle(tmp_path: Path) -> None:
    _write(tmp_path, {
        "engine/__init__.py": "",
        "engine/rules/__init__.py": "from vantage.engine.rules.base import Ruleset\n",
        "engine/rules/base.py": (
            "def find():\n    from vantage.engine.rules import get\n\nclass Ruleset: ...\n"
        ),
    })
    assert cycles(import_graph(tmp_path, ["engine"], TOP_PACKAGE)) == []
