"""Rounds, initiative, passes of attacks and surprise."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Attack, EndTurn, Move
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_turn, ask_turn_options


def test_initiative_is_1d10_plus_dexterity_bonus_and_a_natural_1_is_1(sw):
    """ "Each player rolls 1d10 for Initiative. A natural 1 is always 1; otherwise add the Dexterity
    Ability Bonus to the roll. High numbers move first.\""""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1), abilities={"dexterity": 16}),  # bonus +2
        sw.fighter("ada", (5, 1), abilities={"dexterity": 16}),
        sw.fighter("ghoul", (9, 1), "enemy", abilities={"dexterity": 4}),
    )  # bonus −2
    table = sw.start(enc, [1, 5, 9])
    assert table.enc.combat["initiative"] == {"bram": 1, "ada": 7, "ghoul": 7}
    assert "Bram Initiative: 1d10 [1] = 1 → a natural 1 is always 1." in table.sentences()
    assert "Ghoul Initiative: 1d10 [9] = 9 → 9 + Dexterity bonus -2 = 7." in table.sentences()
    # a tie: the higher Dexterity bonus first (assumed)
    assert [e[0] for e in table.enc.combat["order"]] == ["ada", "ghoul", "bram"]
    assert ask_turn(table.enc).actor == "ada"


def test_second_attacks_come_in_a_second_pass_in_initiative_order(sw):
    """ "All characters and/or monsters make at most one Attack, in descending order. Any characters
    or monsters eligible for a second Attack then act in descending Initiative order, and so on for
    third Attacks.\""""
    two = [
        {"weapon": "longsword", "skill": 12, "hand": "main"},
        {"weapon": "kite", "skill": 12, "hand": "off"},
    ]
    enc = sw.encounter(
        sw.fighter("bram", (1, 1), weapons=two),
        sw.fighter("ada", (5, 1)),
        sw.fighter("troll", (9, 1), "enemy", attacks=3),
    )
    table = sw.start(enc, [4, 8, 6])
    assert [tuple(e) for e in table.enc.combat["order"]] == [
        ("ada", 8, 1),
        ("troll", 6, 1),
        ("bram", 4, 1),
        ("troll", 6, 2),
        ("bram", 4, 2),
        ("troll", 6, 3),
    ]
    assert (
        "Round 1 begins. First Attacks: Ada 8, Troll 6, Bram 4; Second Attacks: Troll 6, Bram 4; "
        "Third Attacks: Troll 6." in table.sentences()
    )
    turn = ask_turn(table.enc)
    assert [(e.token, e.label) for e in turn.entries][3:] == [
        ("troll", "second Attack"),
        ("bram", "second Attack"),
        ("troll", "third Attack"),
    ]
    for who in ("ada", "troll", "bram"):
        table.do(EndTurn(token=who))
    turn = ask_turn(table.enc)
    assert turn.actor == "troll" and turn.current == 3 and turn.entries[0].done
    assert "Troll's second Attack (Initiative 6)." in table.sentences()


def test_a_later_pass_cannot_move(sw):
    """ "The movement and Attack take place on the character's Initiative"."""
    enc = sw.encounter(sw.fighter("bram", (1, 1)), sw.fighter("troll", (9, 1), "enemy", attacks=2))
    table = sw.start(enc, [8, 4])
    table.do(EndTurn(token="bram"))
    table.do(EndTurn(token="troll"))
    with pytest.raises(CommandRejected, match="moves on its Initiative, not in a later pass"):
        table.do(Move(token="troll", path=((9, 1), (8, 1))))


def test_the_round_ends_after_the_last_entry(sw):
    enc = sw.encounter(sw.fighter("bram", (1, 1)), sw.fighter("ghoul", (9, 1), "enemy"))
    table = sw.start(enc, [8, 4])
    table.do(EndTurn(token="bram"))
    events = table.do(EndTurn(token="ghoul"))
    assert "Round 1 ends." in table.sentences(events)
    assert ask_turn(table.enc).round == 2 and ask_turn(table.enc).actor == "bram"
    assert [o.label for o in ask_turn_options(table.enc)] == ["End turn"]


def test_not_your_turn_is_refused_and_changes_nothing(sw):
    enc = sw.encounter(sw.fighter("bram", (1, 1)), sw.fighter("ghoul", (2, 1), "enemy"))
    table = sw.start(enc, [8, 4])
    before = table.enc
    with pytest.raises(CommandRejected, match="^Ghoul cannot act now: it is Bram's turn$"):
        table.do(Attack(attacker="ghoul", target="bram"))
    assert table.enc == before


def test_face_to_face_surprise_dexterity_checks(sw):
    """ "both characters (and any unsuspecting onlookers) must roll Ability Checks against Dexterity;
    those who fail are Surprised." "Surprised characters may not act for one Round.\""""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1), abilities={"dexterity": 12}),
        sw.fighter("ghoul", (2, 1), "enemy", abilities={"dexterity": 12}),
    )
    table = sw.start(enc, [12, 13, 5, 9], surprise_check=["bram", "ghoul"])
    assert "Bram Dexterity check against Surprise: 1d20 [12] = 12 → success." in table.sentences()
    assert "Ghoul Dexterity check against Surprise: 1d20 [13] = 13 → failure: Surprised." in table.sentences()
    assert table.enc.token("ghoul").has_condition("surprised")
    # Ghoul's initiative 9 comes first, and is passed over
    assert "Ghoul is Surprised and does not act this Round: the turn passes." in table.sentences()
    assert ask_turn(table.enc).actor == "bram"
    events = table.do(EndTurn(token="bram"))
    assert "Ghoul is no longer surprised (its time is up)." in table.sentences(events)
    # round 2: the surprise is over
    assert not table.enc.token("ghoul").has_condition("surprised")
    assert ask_turn(table.enc).round == 2


def test_hidden_ambushers_surprise_automatically_and_the_surprised_may_not_parry_or_dodge(sw):
    """ "characters who are successfully hidden may automatically Surprise those they are hidden from."
    "No Attacks, Parries, Dodges, Spells, etc. are allowed.\""""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1), weapons=[{"weapon": "longsword", "skill": 14, "hand": "main"}]),
        sw.fighter("ghoul", (2, 1), "enemy"),
    )
    table = sw.start(enc, [3, 9], surprised=["ghoul"])
    assert ask_turn(table.enc).actor == "bram"  # Ghoul's higher initiative is passed over
    table.faces(5, 6)  # no Dodge and no Parry asked of a surprised Ghoul: attack 5 ≤ 14, damage 6
    events = table.do(Attack(attacker="bram", target="ghoul"))
    assert (
        "Ghoul takes 6 damage from Bram's Longsword (Longsword 1d12 6 = 6) (Hit Points 9/15)."
        in table.sentences(events)
    )
    assert table.asked == []


def test_initiative_again_each_round_is_a_rules_option(sw):
    """The text does not say when Initiative is rolled: once (default) or, as an option, each Round."""
    enc = sw.encounter(
        sw.fighter("bram", (1, 1)),
        sw.fighter("ghoul", (9, 1), "enemy"),
        rules={"initiative_each_round": True},
    )
    table = sw.start(enc, [8, 4])
    table.do(EndTurn(token="bram"))
    table.faces(2, 9)
    table.do(EndTurn(token="ghoul"))
    assert table.enc.combat["initiative"] == {"bram": 2, "ghoul": 9}
    assert ask_turn(table.enc).actor == "ghoul"


def test_a_bad_rules_option_is_refused_by_name(sw):
    enc = sw.encounter(sw.fighter("bram", (1, 1)), rules={"fumbles": "yes"})
    with pytest.raises(CommandRejected, match="^combat.rules.fumbles: 'yes' is not true or false$"):
        sw.start(enc, [8])
