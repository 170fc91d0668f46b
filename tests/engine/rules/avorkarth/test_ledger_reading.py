"""The wound ledger as the table reads it (issue 30 item 1): the three categories, how far from death
and from unconsciousness, in the log sentence, the token panel and the token's bar, which moves with
every category."""

from __future__ import annotations

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules.avorkarth.ledger import WoundLedger, describe_short, in_minor
from vantage.engine.rules.avorkarth.queries import ledger_health
from vantage.engine.rules.avorkarth.ruleset import Avorkarth


def test_the_categories_read_as_a_gm_keeps_them_on_paper():
    """"Lesser Wounds : 5 to 1 ratio (1 wound = 5 lesser wounds)"; "Minor Wounds : 10 to 1 ratio
    (1 lesser wound = 10 minor wounds)"."""
    ledger = WoundLedger(4, lethal=in_minor(wounds=1, lesser=2, minor=8), nonlethal=in_minor(1, 2, 8))
    assert ledger.categories() == "1 of 4 wounds, 2 of 5 lesser, 8 of 10 minor"
    assert WoundLedger(1).categories() == "0 of 1 wound, 0 of 5 lesser, 0 of 10 minor"


def test_how_far_from_death():
    """"Wounds : 1 to 1 ratio with the character's wound statistic. Should the character receive
    this many wounds, they perish." 8 minor wounds of 4 wounds: 3 wounds, 4 lesser and 2 minor more."""
    ledger = WoundLedger(4, lethal=8, nonlethal=8)
    assert ledger.to_death == in_minor(3, 4, 2)
    assert ledger.death_words() == "3 wounds, 4 lesser, 2 minor from death"
    one_short = WoundLedger(4, lethal=in_minor(4) - 1, nonlethal=in_minor(4) - 1)
    assert one_short.death_words() == "1 minor from death" and not one_short.dead
    assert WoundLedger(4, lethal=in_minor(4), nonlethal=in_minor(4)).death_words() == "dead"


def test_how_far_from_unconsciousness():
    """"NON-LETHAL WOUNDS Wounds - 1"; "If a character receives non-lethal damage equal to their total
    non-lethal wounds, they fall unconscious." Lethal damage counts there too: "Whenever a creature
    takes a wound (in any category), they also take an equivalent non-lethal wound"."""
    ledger = WoundLedger(4, lethal=8, nonlethal=8 + 10)  # a lesser of non-lethal damage on top
    assert ledger.to_unconscious == in_minor(3) - 18
    assert ledger.unconscious_words() == "2 wounds, 3 lesser, 2 minor from unconsciousness"
    out = WoundLedger(4, lethal=0, nonlethal=in_minor(3))
    assert out.unconscious and out.unconscious_words() == "unconscious"
    # Wounds 1: no non-lethal wounds at all, so the first wound of any kind knocks the creature out
    assert WoundLedger(1).unconscious_words() == "1 minor from unconsciousness"


def test_the_whole_reading_and_short_distances():
    assert WoundLedger(4, lethal=8, nonlethal=8).text() == (
        "0 of 4 wounds, 0 of 5 lesser, 8 of 10 minor — 3 wounds, 4 lesser, 2 minor from death; "
        "2 wounds, 4 lesser, 2 minor from unconsciousness")
    assert WoundLedger(2, lethal=in_minor(2), nonlethal=in_minor(2)).text().endswith("— dead")
    assert describe_short(0) == "nothing" and describe_short(in_minor(1)) == "1 wound"
    assert describe_short(in_minor(2, 1, 1)) == "2 wounds, 1 lesser, 1 minor"


@pytest.mark.parametrize(("taken", "layers"), [
    (0, [(10, 10), (5, 5), (3, 3), (4, 4)]),
    (1, [(9, 10), (5, 5), (3, 3), (4, 4)]),           # one minor moves the minor layer
    (10, [(10, 10), (4, 5), (3, 3), (4, 4)]),         # ten convert into a lesser
    (in_minor(1), [(10, 10), (5, 5), (2, 3), (3, 4)]),  # five lesser into a wound
    (in_minor(3), [(10, 10), (5, 5), (0, 3), (1, 4)]),  # unconscious at Wounds − 1
])
def test_the_bar_moves_with_every_category(taken, layers):
    """"When a character takes 10 minor wounds, they convert them into a lesser wound"; "When a
    character takes 5 lesser wounds, they convert them into a full wound." Every category is a layer
    of the token's bar: minor, lesser, non-lethal (before unconsciousness), wounds (before death)."""
    health = ledger_health(WoundLedger(4, lethal=taken, nonlethal=taken))
    assert [(layer.left, layer.maximum) for layer in health.layers] == layers
    assert [layer.name for layer in health.layers] == [
        "free minor wounds", "free lesser wounds", "free non-lethal wounds", "free wounds"]
    assert health.fraction == pytest.approx(1 - taken / in_minor(4))
    assert health.layers[-1].colour == ""  # the last layer ends the creature: the platform's colours


def test_the_log_and_the_panel_read_the_ledger():
    """The engine's sentence and the token panel's state carry the categories and both distances."""
    enc = encounter(fighter("bram", (2, 2), "party"), fighter("ghoul", (3, 2), "enemy"))
    enc, _ = run(enc, ScriptedDice([12] * 10), c.StartCombat())
    enc, events = run(enc, ScriptedDice([]), c.ApplyDamage(token="ghoul", amount=8))
    sentence = next(e.sentence for e in events if e.kind == "damage_taken")
    assert sentence.endswith("now 0 of 6 wounds, 0 of 5 lesser, 8 of 10 minor — 5 wounds, 4 lesser, 2 minor "
                             "from death; 4 wounds, 4 lesser, 2 minor from unconsciousness.")
    state = Avorkarth().describe_state(enc, "ghoul")
    assert state["wounds"] == "0 of 6 wounds, 0 of 5 lesser, 8 of 10 minor"
    assert state["from_death"] == "5 wounds, 4 lesser, 2 minor"
    assert state["from_unconsciousness"] == "4 wounds, 4 lesser, 2 minor"


def test_the_bar_of_a_token_is_its_ledgers_reading_kept_per_ledger():
    """"Minor Wounds : 10 to 1 ratio": a token's bar is :func:`ledger_health` of its ledger, the
    same (frozen) answer for every token and state with that ledger's numbers."""
    enc = encounter(fighter("bram", (2, 2), "party"), fighter("ghoul", (3, 2), "enemy"),
                    fighter("wight", (6, 6), "enemy"))
    enc, _ = run(enc, ScriptedDice([12] * 10), c.StartCombat())
    ruleset = Avorkarth()
    bars = {t: ruleset.health(enc, t) for t in ("bram", "ghoul", "wight")}
    for tid, bar in bars.items():
        record, wounds = enc.combat["creatures"][tid], enc.token(tid).stats["wounds"]
        assert bar == ledger_health(WoundLedger(wounds, record["lethal"], record["nonlethal"]))
    assert bars["ghoul"] is bars["wight"]  # the same numbers: the same answer
    enc, _ = run(enc, ScriptedDice([]), c.ApplyDamage("wight", 3, "lethal"))
    hurt = ruleset.health(enc, "wight")
    assert hurt != bars["wight"] and hurt.layers[0].left == 7
