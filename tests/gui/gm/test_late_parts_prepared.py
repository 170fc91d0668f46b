"""What a staged window prepares while its background picture decodes (issue 32, "window
complete"): the modules its late part imports, the ruleset's face and the sample creatures
(``main_window.prepare_late_parts``; taken by ``launch.staged_window`` while the picture decodes
ahead). The list of modules is the late part's own: a module ``finish`` imports and the list
leaves out would load after the first frame again; one the list names that ``finish`` no longer
uses would load for nothing."""

from __future__ import annotations

import ast
import inspect
import sys

from vantage.engine.fileformat import load_encounter
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.gm import main_window
from vantage.gui.gm.main_window import LATER_MODULES, prepare_late_parts

#: The methods ``finish`` runs to attach the late part (each imports what it attaches).
LATE_METHODS = ("finish", "_attach_the_rest", "_build_protection", "_build_parts",
                "_build_menus_and_docks", "_attach_add_ons", "_attach_campaign")


def _window_methods() -> dict[str, ast.FunctionDef]:
    tree = ast.parse(inspect.getsource(main_window))
    window = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "MainWindow")
    return {node.name: node for node in window.body if isinstance(node, ast.FunctionDef)}


def _imported_by(method: ast.FunctionDef) -> set[str]:
    return {node.module for node in ast.walk(method)
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("vantage.")}


def test_the_modules_prepared_are_exactly_those_the_late_part_imports():
    methods = _window_methods()
    imported = set().union(*(_imported_by(methods[name]) for name in LATE_METHODS))
    assert set(LATER_MODULES) == imported
    assert len(LATER_MODULES) == len(set(LATER_MODULES))


def test_the_steps_name_each_thing_prepared_and_leave_it_loaded():
    encounter = load_encounter(sample_encounters()[0])
    steps = list(prepare_late_parts(encounter))
    assert steps == [*LATER_MODULES, f"the face of {encounter.ruleset}", "the sample creatures"]
    assert all(name in sys.modules for name in LATER_MODULES)
