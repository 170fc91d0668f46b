"""A condition the GM sets that no rule of Avorkarth acts on is kept, and said to be a reminder.

The reliability review: "`vantage play` accepts input that looks wrong without saying so: … an
unknown condition name ("Bram is now petrified")."
"""

from __future__ import annotations

import ast
from pathlib import Path

from vantage.engine.dice import ScriptedDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import SetCondition
from vantage.engine.rules.avorkarth.conditions import CONDITION_RULES
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters

PACKAGE = Path(__file__).resolve().parents[4] / "engine" / "rules" / "avorkarth"
_CALLS = {"add_condition", "remove_condition", "has_condition", "has"}


def _named_in_the_code() -> set[str]:
    """Every condition name Avorkarth's code passes to add/remove/has_condition as a literal."""
    names = set()
    for path in PACKAGE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
                if name in _CALLS:
                    # (token, name) or (name); the reasons beside them have spaces
                    names |= {a.value for a in node.args[:2] if isinstance(a, ast.Constant)
                              and isinstance(a.value, str) and " " not in a.value}
    return names


def test_every_condition_the_rules_name_is_declared():
    assert _named_in_the_code() <= CONDITION_RULES


def test_a_condition_without_a_rule_is_kept_and_called_a_reminder():
    encounter = load_encounter(sample_encounters()[0])
    token = encounter.tokens[0]
    after, events = apply(encounter, SetCondition(token=token.id, condition="petrified"), ScriptedDice([]))
    assert after.token(token.id).has_condition("petrified")
    assert events[-1].sentence == (f"{token.name} is now petrified (set by the GM; Avorkarth has no rule for "
                                   "it, so it is a reminder for the table).")


def test_a_condition_with_a_rule_reads_as_before():
    encounter = load_encounter(sample_encounters()[0])
    token = encounter.tokens[0]
    _after, events = apply(encounter, SetCondition(token=token.id, condition="prone"), ScriptedDice([]))
    assert events[-1].sentence == f"{token.name} is now prone (set by the GM)."
