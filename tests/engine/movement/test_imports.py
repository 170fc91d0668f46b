"""Importing the movement package is light (issue 15, "Start": "Nothing that the first frame does
not need is imported or computed before it (the movement graph, shapely, networkx)")."""

import subprocess
import sys

import pytest


def _modules_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_movement_package_and_the_reachable_query_import_no_networkx():
    loaded = _modules_after("import vantage.engine.rules.asking\n"
                            "from vantage.engine.movement import movement_graph, reachable_tiles")
    assert "vantage.engine.movement.graph" in loaded and "vantage.engine.movement.search" in loaded
    assert "networkx" not in loaded


def test_the_packages_load_a_re_exported_name_with_its_own_module_only():
    """Issue 32 (the complete window): importing the movement and geometry packages loads none of
    their modules; a name taken from a package loads the module that defines it, and reach and
    movement rules load no numpy, shapely or networkx (arcs, sight and charge lanes do, when used)."""
    bare = _modules_after("import vantage.engine.movement, vantage.engine.geometry")
    inside = ("vantage.engine.movement.", "vantage.engine.geometry.")
    assert not {name for name in bare if name.startswith(inside)}
    light = _modules_after("from vantage.engine.geometry import are_enemies, within_reach\n"
                           "from vantage.engine.movement import MovementRules, Path")
    assert {"vantage.engine.geometry.reach", "vantage.engine.movement.policy"} <= light
    assert not {"numpy", "shapely", "networkx", "vantage.engine.geometry.sight"} & light
    heavy = _modules_after("from vantage.engine.geometry import line_of_sight")
    assert {"vantage.engine.geometry.sight", "shapely", "numpy"} <= heavy


def test_a_name_neither_package_re_exports_is_an_attribute_error():
    import vantage.engine.geometry
    import vantage.engine.movement

    for package in (vantage.engine.geometry, vantage.engine.movement):
        with pytest.raises(AttributeError, match="no_such_name"):
            package.no_such_name  # noqa: B018 - the lookup is the test
