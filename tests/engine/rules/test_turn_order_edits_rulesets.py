"""Editing a running combat's turn order by hand, ruleset by ruleset: how a newcomer gets its
initiative and its place, what happens when the one acting leaves, and whether (and for how long)
a turn can be moved. Each test quotes the rule text it follows, or names the assumption
(docs/rules/<id>.md, "Joining, leaving and moving a turn")."""

from __future__ import annotations

import pytest

from vantage.engine.dice import ScriptedDice, SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import Answer, EndTurn, SetTableDice, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules.asking import ask_pending, ask_turn, ask_turn_order_edits
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters

SAMPLES = {path.name: path for path in sample_encounters()}
AVORKARTH = "01-ruined-courtyard.json"
POWER_TIERS = "04-power-tiers-ambush.json"
SHATTERED = "05-shattered-world-ford.json"
BATON = "06-baton-crossroads.json"


def start(name: str, without: tuple[str, ...] = (), options: dict | None = None, seed: int = 5):
    """The sample's combat with every token but ``without``; Vantage rolls every die."""
    encounter, _ = apply(load_encounter(SAMPLES[name]), SetTableDice(), SeededDice(seed))
    ids = tuple(t.id for t in encounter.tokens if t.stats and t.id not in without)
    encounter, _ = apply(encounter, StartCombat(participants=ids, options=options or {}), SeededDice(seed))
    return encounter


def order(encounter) -> list[tuple[str, int | None, str, bool]]:
    return [(e.token, e.score, e.label, e.done) for e in ask_turn(encounter).entries]


def end_round(encounter, dice):
    """Every turn of the round ended, up to the first turn of the next round."""
    number = ask_turn(encounter).round
    while ask_turn(encounter).round == number:
        encounter, _ = apply(encounter, EndTurn(ask_turn(encounter).actor), dice)
    return encounter


# -- Avorkarth ---------------------------------------------------------------------------------
def test_avorkarth_newcomer_takes_its_initiative_attribute_in_its_proper_place():
    """"All creatures add their initiative to a list" … "add their initiative to the list in their
    proper place of order"; "The highest initiative goes first. Players win ties." Initiative is an
    attribute, not a roll: nothing is rolled, even with every die at the table."""
    encounter = start(AVORKARTH, without=("ogre",))
    encounter, _ = apply(encounter, SetTableDice(everyone=True), SeededDice(1))
    after, events = apply(encounter, JoinCombat("ogre"), ScriptedDice([]))
    assert [e.sentence for e in events] == ["Ogre joins the combat (initiative 3)."]
    scores = [s for _, s, _, _ in order(after)]
    ogre = [t for t, _, _, _ in order(after)].index("ogre")
    assert all(s >= 3 for s in scores[:ogre]) and all(s <= 3 for s in scores[ogre + 1:])  # by initiative
    assert not ask_pending(after)


def test_avorkarth_refuses_a_typed_initiative():
    encounter = start(AVORKARTH, without=("ogre",))
    typed = (r"^Avorkarth initiative is not rolled: Ogre's is its attribute, Initiative: .* = 3; it joins "
             r"without an initiative value$")
    with pytest.raises(CommandRejected, match=typed):
        apply(encounter, JoinCombat("ogre", 14), SeededDice(1))


def test_avorkarth_newcomer_brings_its_extra_turns():
    """"Any creature whose swiftness exceeds 6 actions then gain additional turns per 6 actions, and
    add them to the initiative list at -5 initiative per extra turn.\""""
    full = start(AVORKARTH)
    extras = [(t, s) for t, s, label, _ in order(full) if label == "extra turn"]
    swift = extras[0][0]
    encounter = start(AVORKARTH, without=(swift,))
    after, events = apply(encounter, JoinCombat(swift), SeededDice(1))
    assert f"extra turn at {extras[0][1]}" in events[0].sentence
    mine = [(t, label) for t, _, label, _ in order(after) if t == swift]
    assert mine == [(swift, "turn"), (swift, "extra turn")]


def single_turned(encounter) -> list[str]:
    """The tokens with one entry in the order (no extra turn), in the order."""
    tokens = [t for t, _, _, _ in order(encounter)]
    return [t for t in tokens if tokens.count(t) == 1]


def test_avorkarth_newcomer_whose_place_has_passed_acts_from_the_next_round():
    """Assumed — the text is silent on joining mid-round: a place already behind the creature
    acting now is passed this round; the newcomer is in the next round's list."""
    full = start(AVORKARTH)
    rows = order(full)
    newcomer = single_turned(full)[0]
    at = [t for t, _, _, _ in rows].index(newcomer)
    encounter = start(AVORKARTH, without=(newcomer,))
    while [t for t, _, _, _ in order(encounter)].index(ask_turn(encounter).actor) < at:
        encounter, _ = apply(encounter, EndTurn(ask_turn(encounter).actor), SeededDice(2))
    after, events = apply(encounter, JoinCombat(newcomer), SeededDice(2))
    assert events[0].sentence.endswith("Its place in round 1 has already passed: it acts from round 2.")
    mine = [r for r in order(after) if r[0] == newcomer]
    assert mine == [(newcomer, rows[at][1], "turn", True)]  # in its place, and passed
    assert ask_turn(after).actor == ask_turn(encounter).actor  # the turn acting goes on
    after = end_round(after, SeededDice(3))
    assert newcomer in [r[0] for r in order(after) if not r[3]]


def test_avorkarth_newcomer_with_an_extra_turn_may_have_passed_only_its_first():
    full = start(AVORKARTH)
    swift = order(full)[0][0]
    assert [r[2] for r in order(full) if r[0] == swift] == ["turn", "extra turn"]
    encounter = start(AVORKARTH, without=(swift,))
    encounter, _ = apply(encounter, EndTurn(ask_turn(encounter).actor), SeededDice(2))
    after, events = apply(encounter, JoinCombat(swift), SeededDice(2))
    passed = "Its first place in round 1 has already passed: it acts at its extra turn."
    assert events[0].sentence.endswith(passed)
    assert [(r[2], r[3]) for r in order(after) if r[0] == swift] == [("turn", True), ("extra turn", False)]


def test_avorkarth_actor_leaving_begins_the_next_turn():
    """Its turns leave the list like the perished ("Remove all creatures that have perished from the
    initiative list"); the next creature in the list acts (its first turn: its resolve check)."""
    encounter = start(AVORKARTH)
    actor, upcoming = order(encounter)[0][0], order(encounter)[1][0]
    after, events = apply(encounter, LeaveCombat(actor), SeededDice(4))
    assert events[0].sentence == f"{encounter.token(actor).name} leaves the combat; it stays on the map."
    assert ask_turn(after).actor == upcoming
    assert any(e.kind == "morale" for e in events)  # "they must roll their Resolve check"
    assert actor not in [t for t, _, _, _ in order(after)]
    assert actor not in after.combat["participants"]


def test_avorkarth_moving_a_turn_holds_for_this_round_only():
    """The GM's override: "begin a new round with the updated initiative list. The highest
    initiative goes first. Players win ties." orders the next round again."""
    encounter = start(AVORKARTH)
    before = order(encounter)
    last = next(i for i in range(len(before) - 1, 0, -1) if before[i][2] == "turn")
    token = before[last][0]
    after, events = apply(encounter, MoveInTurnOrder(token, 1), SeededDice(1))
    name = encounter.token(token).name
    assert events[0].sentence == (f"The GM moves {name}'s turn to place 2, before "
                                  f"{encounter.token(before[1][0]).name}. For this round only: round 2 is "
                                  "ordered by initiative again.")
    assert order(after)[1][0] == token
    edits = ask_turn_order_edits(after, token)
    assert edits.note.startswith("a GM override for this round")
    next_round = end_round(after, SeededDice(6))
    assert [t for t, _, _, _ in order(next_round)].index(token) > 1  # by initiative again


def test_avorkarth_only_turns_yet_to_begin_move():
    encounter = start(AVORKARTH)
    while ask_turn(encounter).actor not in single_turned(encounter):
        encounter, _ = apply(encounter, EndTurn(ask_turn(encounter).actor), SeededDice(2))
    actor = ask_turn(encounter).actor
    now = ask_turn(encounter).current
    name = encounter.token(actor).name
    with pytest.raises(CommandRejected, match=f"^{name} is acting now: only a turn yet to begin can move$"):
        apply(encounter, MoveInTurnOrder(actor, now + 2), SeededDice(1))
    second = order(encounter)[now + 1][0]
    with pytest.raises(CommandRejected, match=f"^place {now + 1} is {name}'s turn, which has already begun: "
                                              "a turn moves only among those yet to begin$"):
        apply(encounter, MoveInTurnOrder(second, now), SeededDice(1))
    with pytest.raises(CommandRejected, match=r"^move_in_turn_order.to: place 41 is not in the order"):
        apply(encounter, MoveInTurnOrder(second, 40), SeededDice(1))


# -- Shattered World ---------------------------------------------------------------------------
def test_shattered_world_newcomer_rolls_1d10_plus_dexterity_bonus():
    """"Each player rolls 1d10 for Initiative. A natural 1 is always 1; otherwise add the Dexterity
    Ability Bonus to the roll. High numbers move first.\""""
    encounter = start(SHATTERED, without=("wolf",))
    after, events = apply(encounter, JoinCombat("wolf"), ScriptedDice([6]))
    bonus = after.combat["initiative"]["wolf"] - 6
    assert events[0].outcome == f"6 + Dexterity bonus {bonus} = {6 + bonus}"
    assert events[1].sentence == f"Wolf joins the combat (Initiative {6 + bonus})."
    first_pass = [(t, s) for t, s, label, _ in order(after) if label == "turn"]
    assert [s for _, s in first_pass] == sorted((s for _, s in first_pass), reverse=True)
    after, events = apply(encounter, JoinCombat("wolf"), ScriptedDice([1]))
    assert after.combat["initiative"]["wolf"] == 1 and events[0].outcome == "a natural 1 is always 1"


def test_shattered_world_newcomer_rolls_at_the_table_when_its_dice_are():
    """A table roll is a pending decision; the faces typed give the Initiative."""
    encounter = start(SHATTERED, without=("wolf",))
    encounter, _ = apply(encounter, SetTableDice(tokens=("wolf",)), SeededDice(1))
    waiting, events = apply(encounter, JoinCombat("wolf"), SeededDice(1))
    (decision,) = ask_pending(waiting)
    assert decision.kind == "roll" and decision.dice.sides == 10 and "Wolf Initiative" in decision.prompt
    assert "wolf" not in waiting.combat["participants"]  # nothing happens until the table answers
    after, events = apply(waiting, Answer(faces=(7,)), SeededDice(1))
    assert "wolf" in after.combat["participants"] and after.combat["initiative"]["wolf"] >= 7


def test_shattered_world_typed_initiative_must_be_one_a_roll_could_give():
    encounter = start(SHATTERED, without=("wolf",))
    after, events = apply(encounter, JoinCombat("wolf", 1), ScriptedDice([]))
    assert events[0].sentence == "Wolf joins the combat (Initiative 1, rolled at the table)."
    ok = load_wolf_bonus(encounter)
    refusal = (rf"^Wolf's Initiative is 1d10 \+ Dexterity bonus {ok} \(a natural 1 is 1\): 40 cannot be "
               rf"rolled \(1, or {2 + ok} to {10 + ok}\)$")
    with pytest.raises(CommandRejected, match=refusal):
        apply(encounter, JoinCombat("wolf", 40), ScriptedDice([]))


def load_wolf_bonus(encounter) -> int:
    after, _ = apply(encounter, JoinCombat("wolf"), ScriptedDice([5]))
    return after.combat["initiative"]["wolf"] - 5


def test_shattered_world_a_turn_moves_within_its_pass_of_attacks():
    """"All characters and/or monsters make at most one Attack, in descending order. Any characters
    or monsters eligible for a second Attack then act in descending Initiative order": a first
    turn moves among the first Attacks only; the next Round is ordered by Initiative again."""
    encounter = start(SHATTERED)
    rows = order(encounter)
    firsts = [i for i, r in enumerate(rows) if r[2] == "turn"]
    last = firsts[-1]
    token = rows[last][0]
    name = encounter.token(token).name
    after, events = apply(encounter, MoveInTurnOrder(token, 1), SeededDice(1))
    assert order(after)[1][0] == token
    assert events[0].sentence.endswith("For this Round only: Round 2 is ordered by Initiative again.")
    seconds = [i for i, r in enumerate(rows) if r[2] != "turn"]
    if seconds:
        with pytest.raises(CommandRejected, match=f"^{name}'s turn moves only among the first Attacks"):
            apply(encounter, MoveInTurnOrder(token, seconds[0]), SeededDice(1))
    again = end_round(after, SeededDice(8))
    scores = [s for _, s, label, _ in order(again) if label == "turn"]
    assert scores == sorted(scores, reverse=True)


def test_shattered_world_actor_leaving_passes_to_the_next_entry():
    encounter = start(SHATTERED)
    actor, upcoming = order(encounter)[0][0], order(encounter)[1][0]
    after, events = apply(encounter, LeaveCombat(actor), SeededDice(1))
    assert ask_turn(after).actor == upcoming
    assert actor not in after.combat["initiative"] and actor not in [r[0] for r in order(after)]
    assert events[-1].kind == "turn_began"


# -- Power Tiers -------------------------------------------------------------------------------
def test_power_tiers_newcomer_rolls_initiative_and_a_typed_one_is_checked():
    """Assumed — the text has no turn order: the newcomer rolls d20 + Dexterity like everyone."""
    encounter = start(POWER_TIERS, without=("wolf",))
    after, events = apply(encounter, JoinCombat("wolf"), ScriptedDice([12]))
    assert events[0].outcome == "12 + Dexterity 8 = 20"
    assert events[1].sentence == "Wolf joins the combat (initiative 20)."
    scores = [s for _, s, _, _ in order(after)]
    assert scores == sorted(scores, reverse=True)
    after, events = apply(encounter, JoinCombat("wolf", 9), ScriptedDice([]))
    assert events[0].sentence == "Wolf joins the combat (initiative 9, rolled at the table)."
    refusal = r"^Wolf's initiative is d20 \+ Dexterity 8: 8 is not between 9 and 28$"
    with pytest.raises(CommandRejected, match=refusal):
        apply(encounter, JoinCombat("wolf", 8), ScriptedDice([]))


def test_power_tiers_newcomer_whose_place_has_passed_acts_next_round():
    encounter = start(POWER_TIERS, without=("wolf",))
    encounter, _ = apply(encounter, EndTurn(ask_turn(encounter).actor), SeededDice(1))
    actor = ask_turn(encounter).actor
    after, events = apply(encounter, JoinCombat("wolf", 28), ScriptedDice([]))
    assert events[0].sentence.endswith("Its place in round 1 has already passed: it acts from round 2.")
    assert ask_turn(after).actor == actor
    assert ask_turn(end_round(after, SeededDice(2))).actor == "wolf"


def test_power_tiers_a_moved_turn_keeps_its_place_in_the_next_rounds():
    """Assumed — the order is rolled once, so a turn moved by hand keeps its new place."""
    encounter = start(POWER_TIERS)
    last = order(encounter)[-1][0]
    after, events = apply(encounter, MoveInTurnOrder(last, 1), SeededDice(1))
    assert events[0].sentence.endswith("It keeps the new place in the next rounds.")
    assert order(after)[1][0] == last
    assert order(end_round(after, SeededDice(2)))[1][0] == last


def test_power_tiers_actor_leaving_passes_to_the_next_in_the_order():
    encounter = start(POWER_TIERS)
    actor, upcoming = order(encounter)[0][0], order(encounter)[1][0]
    after, _ = apply(encounter, LeaveCombat(actor), SeededDice(1))
    assert ask_turn(after).actor == upcoming and ask_turn(after).current == 0


# -- Baton -------------------------------------------------------------------------------------
BATON_REORDER = ("Baton has no turn order to rearrange: the initiative \"is passed like a baton among the "
                 "characters over the course of a fight\", and whoever holds it chooses who receives it")


def test_baton_newcomer_joins_its_side_and_rolls_nothing():
    """Assumed — the text is silent on joining late: it may receive the initiative "prioritizing
    characters who have not yet acted in the combat"; Baton rolls no initiative."""
    encounter = start(BATON, without=("ogre",), options={"first": "bram"})
    after, events = apply(encounter, JoinCombat("ogre"), ScriptedDice([]))
    assert events[0].sentence == ("Ogre joins the combat (the enemy side). It may receive the initiative "
                                  "like anyone who has not acted yet.")
    assert "ogre" in after.combat["participants"]
    with pytest.raises(CommandRejected, match=r"^Baton rolls no initiative \(the initiative is passed like a "
                                              r"baton\): Ogre joins without an initiative value$"):
        apply(encounter, JoinCombat("ogre", 3), ScriptedDice([]))


def test_baton_holder_leaving_passes_the_initiative_the_gm_choosing():
    """"Once they have acted, the character must pass the initiative on to another character";
    without a skill check "they must pass the initiative to the opposing side" — the GM chooses
    who of them receives it (assumed: the leaver's player no longer decides)."""
    encounter = start(BATON, options={"first": "bram"})
    waiting, events = apply(encounter, LeaveCombat("bram"), SeededDice(1))
    (decision,) = ask_pending(waiting)
    assert decision.who is None and "Bram leaves the combat holding the initiative" in decision.prompt
    enemies = [c.value for c in decision.choices]
    assert all(waiting.token(t).side.value == "enemy" for t in enemies)
    after, events = apply(waiting, Answer(choice=enemies[-1]), SeededDice(1))
    assert ask_turn(after).actor == enemies[-1]
    assert "bram" not in after.combat["participants"]
    assert after.token("bram") == encounter.token("bram")


def test_baton_has_no_order_to_rearrange():
    encounter = start(BATON, options={"first": "bram"})
    with pytest.raises(CommandRejected, match="^" + BATON_REORDER.replace("(", r"\(") + "$"):
        apply(encounter, MoveInTurnOrder("ysolde", 0), SeededDice(1))
    edits = ask_turn_order_edits(encounter, "ysolde")
    assert edits.reorder == BATON_REORDER
    assert [o.reason for o in edits.options[1:]] == [BATON_REORDER, BATON_REORDER]


def test_avorkarth_leaving_during_a_re_entered_stayed_turn_resumes_the_interrupted_one():
    """"they may re-enact their turn before any next creature's turn": when the creature that
    re-entered leaves, the creature it interrupted takes its turn back."""
    from vantage.engine.rules.avorkarth.vocabulary import Resume, Stay

    encounter = start(AVORKARTH)
    stayer = ask_turn(encounter).actor
    encounter, _ = apply(encounter, Stay(stayer), SeededDice(1))
    interrupted = ask_turn(encounter).actor
    encounter, _ = apply(encounter, Resume(stayer), SeededDice(1))
    assert ask_turn(encounter).actor == stayer
    after, events = apply(encounter, LeaveCombat(stayer), SeededDice(1))
    assert ask_turn(after).actor == interrupted
    assert after.combat["interrupted"] is None
    assert stayer not in [r[0] for r in order(after)]


def test_shattered_world_newcomer_whose_place_has_passed_acts_from_the_next_round():
    """Assumed — the text is silent on joining mid-Round: an entry already behind the one acting
    now is passed this Round."""
    encounter = start(SHATTERED, without=("wolf",))
    assert order(encounter)[0][1] < 11  # the Wolf's best (10 + Dexterity bonus 1) goes first
    after, events = apply(encounter, JoinCombat("wolf", 11), ScriptedDice([]))
    assert events[-1].sentence == ("Wolf joins the combat (Initiative 11, rolled at the table). Its "
                                   "place among the first Attacks of Round 1 has already passed: it acts "
                                   "from Round 2.")
    assert order(after)[0] == ("wolf", 11, "turn", True)
    assert ask_turn(after).actor == ask_turn(encounter).actor
