"""The table-roll prompt's line names the roller once: "A table roll opens a small keyboard-first
prompt that says what the roll is for and what it needs ("Bram, hit roll vs Ghoul 2: 1d20 — 12+
hits")" — the roller in front, unless the purpose names the roller already."""

from __future__ import annotations

from vantage.engine.rules.decisions import DiceRequest
from vantage.gui.play.table_ask import names, roll_sentence


def test_a_purpose_that_names_the_roller_is_not_prefixed_again():
    morale = DiceRequest("1d20", 1, 20, "morale check, Mira", "17+ partial, 20+ success")
    assert roll_sentence("Mira", morale) == "morale check, Mira: 1d20 — 17+ partial, 20+ success"
    attack = DiceRequest("1d20", 1, 20, "Bram attack on Ghoul 2", "12+ hits")
    assert roll_sentence("Bram", attack) == "Bram attack on Ghoul 2: 1d20 — 12+ hits"


def test_a_purpose_that_does_not_name_the_roller_gets_the_name_in_front():
    hit = DiceRequest("1d20", 1, 20, "hit roll vs Ghoul 2", "12+ hits")
    assert roll_sentence("Bram", hit) == "Bram, hit roll vs Ghoul 2: 1d20 — 12+ hits"
    defence = DiceRequest("1d20", 1, 20, "defence against Bram", "")
    assert roll_sentence("Ghoul 2", defence) == "Ghoul 2, defence against Bram: 1d20"


def test_a_name_counts_only_whole_and_not_as_part_of_a_numbered_one():
    assert names("Bram attack on Ghoul 2", "Ghoul 2")
    assert not names("Bram attack on Ghoul 2", "Ghoul")
    assert not names("Bram attack on Ghoul 12", "Ghoul 1")
    assert not names("Bramble's attack", "Bram")
    assert names("Ssith (Sauran) Dodge", "Ssith (Sauran)")
