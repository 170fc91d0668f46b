"""The built-in demo (shown when no sample file is bundled) names its ruleset and imports none: its
stat blocks are plain data in that ruleset's fields, as a file holds them (issue 26: a shared module
imports no plug-in)."""

from __future__ import annotations

import ast
from pathlib import Path

from vantage.engine.demo_encounter import DEMO_RULESET, demo_encounter
from vantage.engine.rules import get_ruleset

SOURCE = Path(__file__).resolve().parents[2] / "engine" / "demo_encounter.py"


def test_the_demo_imports_no_ruleset():
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m and m.startswith("vantage.engine.rules")]


def test_every_demo_stat_block_fits_the_demos_ruleset():
    encounter = demo_encounter()
    assert encounter.ruleset == DEMO_RULESET == "avorkarth"
    ruleset = get_ruleset(encounter.ruleset)
    assert {t.id: ruleset.validate_stats(t.stats) for t in encounter.tokens} == {
        t.id: [] for t in encounter.tokens
    }
