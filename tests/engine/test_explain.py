"""Breakdowns read as arithmetic (the house rule: "attack 5 − dodge 4 = 1", never
"attack 5 − dodge 4 1 = 1"; issue 16 item 9: today "(Dexterity 7 + Instinct 6)/2 6 = 6")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from vantage.engine.dice import SeededDice
from vantage.engine.explain import Breakdown, is_formula
from vantage.engine.fileformat.storage import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.rules.asking import ask_attack_options, ask_movement, ask_token_actions
from vantage.engine.rules.base import Unanswered
from vantage.engine.rules.registry import get_ruleset
from vantage.engine.session import apply

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.json"))
#: a value followed by a bare number: "4 1", "(… 6)/2 6", "(… = 4) 4", "6 6"
BARE_NUMBER = re.compile(r"\d\)?(?:/\d+)? \d")


def test_a_formula_base_is_equal_to_its_value():
    b = Breakdown("Melee attack", 6, "(Dexterity 7 + Instinct 6) / 2")
    assert b.explain() == "Melee attack: (Dexterity 7 + Instinct 6) / 2 = 6"
    category = Breakdown("Hit category", 1, "attack 5 − dodge 4")
    assert category.explain() == "Hit category: attack 5 − dodge 4 = 1"


def test_a_formula_with_terms_then_sums_on():
    b = Breakdown("Dodge", 5, "(Agility 6 + Instinct 4) / 2").plus("flanked by 1 more", -1).plus("brush", -3)
    assert b.explain() == "Dodge: (Agility 6 + Instinct 4) / 2 = 5, flanked by 1 more −1, brush −3 = 1"


def test_a_named_base_keeps_its_value_beside_the_name():
    presence = Breakdown("Presence", 9, "Strength").plus("size", 1)
    assert presence.explain() == "Presence: Strength 9, size +1 = 10"
    skill = Breakdown("Attack", 2, "combat skill (Shortsword)")
    assert skill.explain() == "Attack: combat skill (Shortsword) 2 = 2"


def test_a_base_that_is_only_its_value_is_said_once():
    assert Breakdown("Health", 6, "6").plus("2 × Physique", 4).explain() == "Health: 6, 2 × Physique +4 = 10"


def test_a_bracketed_breakdown_as_base_is_not_repeated():
    inner = "(speed 8, prone: half −4 = 4)"
    assert Breakdown("Movement", 4, inner).plus("tame terrain", -2).explain() == (
        "Movement: (speed 8, prone: half −4 = 4), tame terrain −2 = 2"
    )


def test_clamps_and_replacements_still_say_so():
    low = Breakdown("Dodge", 1, "(Agility 1 + Instinct 1) / 2").plus("terrain", -3).clamped(minimum=0)
    assert low.explain() == "Dodge: (Agility 1 + Instinct 1) / 2 = 1, terrain −3 = -2, min 0 → 0"
    gone = Breakdown("Movement", 6, "speed").replaced("harsh terrain: no movement", 0)
    assert gone.explain() == "Movement: speed 6; harsh terrain: no movement → 0"


def test_is_formula():
    assert is_formula("attack 5 − dodge 4") and is_formula("(Agility 6 + Instinct 4) / 2")
    assert not is_formula("Strength") and not is_formula("combat skill (Shortsword)")


def _texts(enc: Encounter) -> list[str]:
    """Every breakdown and explanation the GUI shows for ``enc``: derived values, movement
    allowances, every attack option on every other token and every token's own actions."""
    ruleset = get_ruleset(enc.ruleset)
    out: list[str] = []
    for token in enc.tokens:
        out.extend(str(b) for b in ruleset.explain(enc, token.id).values())
        movement = ask_movement(enc, token.id)
        if not isinstance(movement, Unanswered):
            out.append(str(movement.allowance))
        own = ask_token_actions(enc, token.id)
        if not isinstance(own, Unanswered):
            out.extend(o.explanation for o in own)
        for other in enc.tokens:
            if other.id == token.id:
                continue
            options = ask_attack_options(enc, token.id, other.id)
            if isinstance(options, Unanswered):
                continue
            for option in options:
                out.append(option.summary)
                out.append(option.explanation)
                out.extend(str(b) for b in option.modifiers)
    return out


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
def test_every_breakdown_of_the_sample_maps_reads_as_arithmetic(path):
    enc = load_encounter(path)
    options = {"first": "party"} if enc.ruleset == "baton" else {}
    started, _ = apply(enc, StartCombat(options=options), SeededDice(1))
    texts = [*_texts(enc), *_texts(started)]
    assert len(texts) > 50
    garbled = sorted({line for text in texts for line in text.split("\n") if BARE_NUMBER.search(line)})
    assert garbled == []
