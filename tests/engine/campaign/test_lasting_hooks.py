"""Each ruleset's lasting-state hooks: what it declares outlasts a fight comes back exactly on a
fresh map, and what a fight alone holds (the round's budget, Protection, fear) does not."""

from __future__ import annotations

import pytest

from vantage.engine.dice import SeededDice
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.commands import ApplyDamage
from vantage.engine.rules import get_ruleset
from vantage.engine.session import apply

CASES = {
    # ruleset: (template, damage, a key a fight alone holds)
    "avorkarth": ("warrior", 23, "fear"),
    "power-tiers": ("neophyte", 13, "actions"),
    "shattered-world": ("human-warrior", 9, "attacks"),
    "baton": ("sellsword", 20, "protection"),
}


def _alone(ruleset_id: str, template: str) -> Encounter:
    stats = {t.id: dict(t.stats) for t in get_ruleset(ruleset_id).templates()}[template]
    return Encounter(GameMap(3, 3), (Token("bram", "Bram", (1, 1), Side.PARTY, stats=stats),),
                     ruleset=ruleset_id)


@pytest.mark.parametrize("ruleset_id", sorted(CASES))
def test_the_lasting_state_comes_back_whole_on_a_fresh_map(ruleset_id):
    template, damage, fleeting = CASES[ruleset_id]
    ruleset = get_ruleset(ruleset_id)
    hurt, _ = apply(_alone(ruleset_id, template), ApplyDamage(token="bram", amount=damage), SeededDice(1))
    state = ruleset.lasting_state(hurt, "bram")
    assert set(state["record"]) <= ruleset.lasting_keys and state["record"]
    assert fleeting not in state["record"] and fleeting not in ruleset.lasting_keys
    fresh = ruleset.restore_lasting_state(_alone(ruleset_id, template), "bram", state)
    assert ruleset.lasting_state(fresh, "bram") == state
    kept = ruleset.lasting_state(fresh, "bram")
    again = ruleset.restore_lasting_state(_alone(ruleset_id, template), "bram", kept)
    assert ruleset.lasting_summary(again, "bram") == ruleset.lasting_summary(fresh, "bram")
    assert ruleset.lasting_summary(fresh, "bram") != ruleset.lasting_summary(_alone(ruleset_id, template),
                                                                            "bram")


def test_a_state_from_elsewhere_keeps_only_what_the_ruleset_declares():
    ruleset = get_ruleset("baton")
    state = {"record": {"wounds": [{"severity": 2, "kind": "blunt"}], "protection": 0, "major": 0},
             "conditions": ["dead", "prone"]}
    fresh = ruleset.restore_lasting_state(_alone("baton", "sellsword"), "bram", state)
    assert fresh.combat["creatures"]["bram"] == {"wounds": [{"severity": 2, "kind": "blunt"}]}
    assert [c.name for c in fresh.token("bram").conditions] == ["dead"]
