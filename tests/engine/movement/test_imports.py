"""Importing the movement package is light (issue 15, "Start": "Nothing that the first frame does
not need is imported or computed before it (the movement graph, shapely, networkx)")."""

import subprocess
import sys


def _modules_after(statement: str) -> set[str]:
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(done.stdout.split())


def test_the_movement_package_and_the_reachable_query_import_no_networkx():
    loaded = _modules_after("import vantage.engine.movement, vantage.engine.rules.asking")
    assert "vantage.engine.movement.graph" in loaded
    assert "networkx" not in loaded


def test_the_static_graph_as_networkx_imports_it_when_asked():
    loaded = _modules_after(
        "from vantage.engine.model import GameMap\n"
        "from vantage.engine.movement import MovementGraph\n"
        "MovementGraph(GameMap(3, 3)).as_networkx()"
    )
    assert "networkx" in loaded
