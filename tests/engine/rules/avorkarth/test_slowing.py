"""Avorkarth's own slowing table (engine/rules/avorkarth/slowing.py): every row quotes Avorkarth's
text, and the move action's allowance reads it."""

import pytest
from avk_fixtures import encounter, fighter

from vantage.engine.dice import NoDice
from vantage.engine.movement import (
    SLOWING_CONDITIONS,
    movement_allowance,
)
from vantage.engine.movement.conditions import (
    Effect,
)
from vantage.engine.rules.avorkarth.other_commands import allowance_for
from vantage.engine.rules.avorkarth.slowing import AVORKARTH_SLOWING
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.baton.movement_rules import BATON_SLOWING


def allowance(*conditions, movement=6):
    enc = encounter(fighter("bram", (3, 3), "party", conditions=conditions, movement=movement))
    return allowance_for(Work(enc, NoDice()), "bram")


def test_every_row_is_avorkarths_and_quotes_the_text():
    for name, row in AVORKARTH_SLOWING.items():
        assert row.name == name and row.source.startswith("avorkarth: ") and row.source.count('"') == 2


def test_the_table_stands_on_its_own():
    """Avorkarth's rows are its own values, not the shared table's rows."""
    assert all(row is not SLOWING_CONDITIONS.get(name) for name, row in AVORKARTH_SLOWING.items())


def test_prone_stops_an_avorkarth_creature_where_baton_halves():
    """Trip: "fall down and unable to move/attack until they use the standing up action" (Baton: "A
    prone character's speed is halved")."""
    assert allowance("prone").value == 0 and "prone: no movement" in allowance("prone").explain()
    assert movement_allowance(6, ["prone"], table=BATON_SLOWING).value == 3


@pytest.mark.parametrize(("condition", "tiles"), [
    ("crippled", 3), ("hips-crippled", 1), ("fully-grappled", 0), ("pinned", 0), ("unconscious", 0),
    ("immobilised", 0),
])
def test_each_condition_changes_the_move_action(condition, tiles):
    """Cripple "reducing movement by half"; Hips "1 tile movement"; Full Grapple "may no longer move";
    Pin "tie up the target"; unconscious "cannot move"; Immobilised "unable to move"."""
    assert allowance(condition).value == tiles


def test_a_partial_grapple_halves_once_before_everything_else():
    """Partial Grapple: "The grappled target lowers their movement by half before any other movement
    calculations" — halved once, then the cripple halves the rest: 7 → 3 → 1."""
    assert allowance("grappled", movement=7).value == 3
    assert allowance("grappled", "crippled", movement=7).value == 1


def test_the_wounded_states_come_from_the_ledger_not_from_conditions():
    """Hurt "-1 Movement", Wounded "Half Movement", Crippled "1 Movement" are wounded states of the
    wound ledger (attributes.movement), so the table has no rows for them."""
    assert not {"hurt", "wounded", "crippled-state"} & set(AVORKARTH_SLOWING)
    assert allowance("hurt").value == 6
    assert {row.effect for row in AVORKARTH_SLOWING.values()} == {Effect.HALVE, Effect.CAP, Effect.STOP}
