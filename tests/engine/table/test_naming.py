"""Identical names are numbered so the table can tell tokens apart.

Issue 16, item 5: "Identical names are numbered (Ghoul 1, Ghoul 2, Ghoul 3) on the token, in the
tracker and in the log".
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.gm_commands import AddToken
from vantage.engine.session import apply
from vantage.engine.table.naming import base_name, identical_name_fixes, numbered_name


def _tokens(*names: str) -> tuple[Token, ...]:
    return tuple(Token(f"t{i}", name, (i, 0), side=Side.ENEMY) for i, name in enumerate(names))


def test_a_free_name_stays_as_it_is():
    assert numbered_name("Ghoul", ["Bram", "Ogre"]) == "Ghoul"


def test_a_taken_name_gets_the_lowest_free_number_from_two():
    assert numbered_name("Ghoul", ["Ghoul"]) == "Ghoul 2"
    assert numbered_name("Ghoul", ["Ghoul", "Ghoul 2"]) == "Ghoul 3"
    assert numbered_name("Ghoul 2", ["Ghoul", "Ghoul 2"]) == "Ghoul 3"  # a copy of Ghoul 2
    assert numbered_name("ghoul", ["Ghoul"]) == "ghoul 2"  # names differ only in case: taken


def test_the_base_of_a_numbered_name():
    assert base_name("Ghoul 12") == "Ghoul" and base_name("Ghoul") == "Ghoul"
    assert base_name("Room 101 guard") == "Room 101 guard"


def test_identical_names_become_one_two_three_in_token_order():
    fixes = identical_name_fixes(_tokens("Ghoul", "Bram", "Ghoul", "Ghoul"))
    assert fixes == [("t0", "Ghoul 1"), ("t2", "Ghoul 2"), ("t3", "Ghoul 3")]


def test_numbers_already_in_use_are_skipped():
    fixes = identical_name_fixes(_tokens("Cultist", "Cultist", "Cultist 1"))
    assert fixes == [("t0", "Cultist 2"), ("t1", "Cultist 3")]


@given(st.lists(st.sampled_from(["Ghoul", "Ghoul 1", "Ghoul 2", "Bram", "bram", "Ogre"]), max_size=12))
def test_after_the_fixes_every_name_is_its_own(names):
    tokens = _tokens(*names)
    fixed = dict(identical_name_fixes(tokens))
    final = [fixed.get(t.id, t.name).casefold() for t in tokens]
    assert len(set(final)) == len(final)


def test_the_gm_adding_a_second_ghoul_gets_ghoul_2_in_the_map_and_the_log():
    encounter = Encounter(GameMap(6, 6, terrain=("open",) * 36), _tokens("Ghoul"), ruleset="avorkarth")
    after, events = apply(encounter, AddToken(id="new", name="Ghoul", tile=(3, 3)), ScriptedDice([]))
    assert after.token("new").name == "Ghoul 2"
    assert events[0].sentence == "The GM adds Ghoul 2 at (3, 3)."
