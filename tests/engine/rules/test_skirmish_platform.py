"""The ruleset platform proved through ``apply`` with the test ruleset Skirmish
(tests/support/skirmish_ruleset.py): a reaction that pauses a move, dice rolled at the table, the
baton passed between sides, another ruleset's commands refused, and the queries the GUI asks.
Scripted dice force each branch; the rule quoted in each docstring is Skirmish's (its module text)
or the platform's (engine/rules/decisions.py, ruleset_base.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from skirmish_ruleset import (
    DOWN,
    MOVE_RULES,
    SKIRMISH,
    CatchBreath,
    registered,
    sample_encounter,
    skirmish_encounter,
    skirmisher,
)

from vantage.engine.dice import ScriptedDice, SeededDice
from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.model import Encounter, GameMap, Token
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import BadCommand, CommandRejected
from vantage.engine.rules import read_command
from vantage.engine.rules.asking import (
    ask_attack_options,
    ask_health,
    ask_movement,
    ask_pending,
    ask_reachable,
    ask_tactics,
    ask_token_actions,
    ask_turn,
    ask_turn_options,
)
from vantage.engine.rules.avorkarth.vocabulary import Stay
from vantage.engine.rules.base import (
    Health,
    HealthLayer,
    MovementAnswer,
    MoveMode,
    Overlay,
    TurnStructure,
    Unanswered,
)
from vantage.engine.session import apply, apply_all

#: Bram's way out past Ghoul: it leaves Ghoul's reach on step 3, from (4, 4).
PAST_GHOUL = ((4, 6), (4, 5), (4, 4), (3, 4), (2, 4), (1, 4))
#: Round 1 with Ghoul first: each passes to the other side; Ada is the last to act.
AROUND_ONCE = (c.PassInitiative("ghoul", "bram"), c.PassInitiative("bram", "wight"),
               c.PassInitiative("wight", "ada"), c.EndTurn("ada"))
#: Past Ghoul (step 3, from (4, 4)) and then past Wight (step 5, from (2, 3)).
PAST_BOTH = ((4, 6), (4, 5), (4, 4), (3, 4), (2, 3), (3, 2))


@pytest.fixture(autouse=True)
def skirmish():
    with registered() as ruleset:
        yield ruleset


def started(encounter: Encounter | None = None, **options) -> Encounter:
    return apply(encounter or sample_encounter(), c.StartCombat(options=options), ScriptedDice([]))[0]


def without_pending(encounter: Encounter) -> Encounter:
    return replace(encounter, combat={k: v for k, v in encounter.combat.items() if k != "pending"})


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def with_rock(encounter: Encounter, stats: bool = False) -> Encounter:
    """The encounter with one more token, Rock: scenery, or (``stats``) a creature left out of the fight."""
    rock = skirmisher("rock", (11, 0), "enemy") if stats else Token("rock", "Rock", (11, 0))
    return encounter.with_token(rock)


# -- a reaction pauses a move ---------------------------------------------------------------------


def test_a_move_that_leaves_an_enemys_reach_pauses_there_and_changes_nothing_yet():
    """"A mover that leaves an enemy's reach may be struck by that enemy ... the move pauses at that
    step and the enemy's player decides"; "The encounter stays as it was before the command (only
    ``pending`` is added) until the last answer comes"."""
    before = started()
    after, events = apply(before, c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    assert kinds(events) == ["waiting"]
    assert events[0].who == "ghoul"
    assert after.combat["pending"]["command"] == c.Move("bram", PAST_GHOUL).to_dict()
    assert without_pending(after) == before
    assert after.token("bram").position == (4, 6)
    (decision,) = ask_pending(after)
    assert decision.kind == "reaction" and decision.who == "ghoul"
    assert decision.prompt == "Bram leaves Ghoul's reach at (4, 4): does Ghoul strike?"
    assert [ch.value for ch in decision.choices] == ["strike", "let-go"]
    assert decision.choices[0].chances == {"hit": pytest.approx(0.55)}
    assert "d20 + attack 2 against 10 + defence 2 = 12" in decision.choices[0].explanation
    assert decision.default == "let-go" and decision.at == (4, 4) and decision.dice is None
    assert ask_turn(after).waiting_on == "ghoul"


def test_while_the_table_decides_every_other_command_is_refused_naming_what_is_awaited():
    """"While a decision is pending only its answer (or the GM withdrawing the action) is accepted"."""
    waiting, _ = apply(started(), c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    for command in (c.EndTurn("bram"), c.Attack("bram", "ghoul"), c.SetTableDice(everyone=True),
                    c.Move("bram", PAST_GHOUL)):
        with pytest.raises(CommandRejected) as refused:
            apply(waiting, command, ScriptedDice([]))
        assert "the table must answer first — waiting for Ghoul: Bram leaves Ghoul's reach at (4, 4)" \
            in refused.value.reason
    legal, reason = SKIRMISH.legality(waiting, c.EndTurn("bram"))
    assert not legal and reason.startswith("the table must answer first")


def test_a_strike_hits_the_mover_on_the_step_before_it_leaves_and_the_move_goes_on():
    """"a strike hits the mover standing on the last tile within reach, and the move goes on from
    there if it still stands" — two ``moved`` events, the strike between them."""
    waiting, _ = apply(started(), c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    done, events = apply(waiting, c.Answer(choice="strike"), ScriptedDice([15, 4]))
    assert kinds(events) == ["note", "moved", "note", "roll", "hit", "roll", "damage_taken", "damage_taken",
                             "moved"]
    assert events[0].sentence == "Ghoul: Strike." and events[0].data == {"answer": "strike"}
    assert events[1].path == ((4, 6), (4, 5), (4, 4))
    assert events[3].purpose == "Ghoul attack on Bram" and events[3].faces == (15,)
    assert (events[4].attacker, events[4].target, events[4].margin) == ("ghoul", "bram", 5)
    assert events[4].detail == "d20 + attack against 10 + defence"
    assert [(e.track, e.amount, e.text) for e in events[6:8]] == [
        ("guard", 3, "guard 0/3, health 10/10"), ("health", 1, "guard 0/3, health 9/10")]
    assert events[8].path == ((4, 4), (3, 4), (2, 4), (1, 4))
    assert events[8].sentence == "Bram moves on 3 tiles to (1, 4)."
    assert "pending" not in done.combat
    assert done.token("bram").position == (1, 4)
    assert done.combat["reacted"] == ["ghoul"]
    assert ask_health(done, "bram").text == "guard 0/3, health 9/10"


def test_a_miss_still_resumes_the_move():
    """"a hit does d6 damage" — a miss does none, and the move goes on from where it paused."""
    waiting, _ = apply(started(), c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    done, events = apply(waiting, c.Answer(choice="strike"), ScriptedDice([2]))
    assert kinds(events) == ["note", "moved", "note", "roll", "hit", "moved"]
    assert events[4].outcome == "miss" and events[4].margin == -8
    assert done.token("bram").position == (1, 4)


def test_an_answer_without_a_choice_takes_the_default_and_the_enemy_keeps_its_reaction():
    """``Answer``: "``choice`` (one of its choices' values; null: the default)"; the default of a
    Skirmish reaction is to let the mover go."""
    waiting, _ = apply(started(), c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    done, events = apply(waiting, c.Answer(), ScriptedDice([]))
    assert kinds(events) == ["note", "moved"]
    assert events[0].sentence == "Ghoul: Let go."
    assert events[1].path == PAST_GHOUL
    assert done.token("bram").position == (1, 4) and done.combat["reacted"] == []


def test_the_gm_withdraws_the_waiting_move_and_it_is_not_carried_out():
    """``CancelPending``: "withdraw the action that waits for the table; it is not carried out"."""
    before = started()
    waiting, _ = apply(before, c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    after, events = apply(waiting, c.CancelPending(), ScriptedDice([]))
    assert kinds(events) == ["withdrawn"]
    assert events[0].sentence == "The GM withdraws the waiting move; it is not carried out."
    assert events[0].command == c.Move("bram", PAST_GHOUL).to_dict()
    assert after == before
    assert ask_pending(after) == ()


def test_a_choice_that_is_not_offered_is_refused_and_the_decision_stays():
    """``check_choice``: "CommandRejected listing the choices"."""
    waiting, _ = apply(started(), c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    with pytest.raises(CommandRejected) as refused:
        apply(waiting, c.Answer(choice="flee"), ScriptedDice([]))
    assert refused.value.reason == ("'flee' is not an answer to \"Bram leaves Ghoul's reach at (4, 4): does "
                                    "Ghoul strike?\" (choose strike, let-go)")
    with pytest.raises(CommandRejected, match="is answered with a choice, not dice faces"):
        apply(waiting, c.Answer(faces=(3,)), ScriptedDice([]))
    assert ask_pending(waiting)


def test_two_reactions_pause_twice_and_the_faces_drawn_before_the_second_pause_are_not_rolled_again():
    """"the command runs once more from the start with every answer and the same faces, so its result
    is exactly as if nobody had waited": the faces of Ghoul's strike are kept with the second pause
    and shown again, and replaying the same commands from the start gives an equal encounter."""
    commands = [c.StartCombat(), c.Move("bram", PAST_BOTH), c.Answer(choice="strike"),
                c.Answer(choice="strike")]
    dice = SeededDice(9)  # draws 15 and 5 (Ghoul hits for 5), then 12 and 3 (Wight hits for 3)
    enc = sample_encounter()
    for command in commands[:3]:
        enc, events = apply(enc, command, dice)
    assert kinds(events) == ["note", "waiting"]
    (decision,) = ask_pending(enc)
    assert decision.who == "wight" and decision.at == (2, 3)
    assert enc.combat["pending"]["drawn"] == [15, 5]
    assert enc.combat["pending"]["answers"] == [{"choice": "strike"}]
    final, events = apply(enc, commands[3], dice)
    rolls = [(e.purpose, e.faces) for e in events if e.kind == "roll"]
    assert rolls == [("Ghoul attack on Bram", (15,)), ("Ghoul damage to Bram", (5,)),
                     ("Wight attack on Bram", (12,)), ("Wight damage to Bram", (3,))]
    assert [e.path[-1] for e in events if e.kind == "moved"] == [(4, 4), (2, 3), (3, 2)]
    assert ask_health(final, "bram").text == "guard 0/3, health 5/10"
    replayed, log = apply_all(sample_encounter(), commands, SeededDice(9))
    assert replayed == final and log[-len(events):] == events
    # dice that hold only Wight's two faces: had Ghoul's been rolled again, they would run out
    scripted, events = apply(enc, commands[3], ScriptedDice([12, 3]))
    assert scripted == final


def test_an_enemy_reacts_once_a_round():
    """"may be struck by that enemy, once per round per enemy": a second time out of Ghoul's reach
    in the same round is noted and does not pause."""
    waiting, _ = apply(started(), c.Move("bram", PAST_GHOUL[:4]), ScriptedDice([]))
    enc, _ = apply(waiting, c.Answer(choice="strike"), ScriptedDice([2]))
    dash = ((3, 4), (4, 4), (3, 3))
    after, events = apply(enc, c.Move("bram", dash, {"mode": "dash"}), ScriptedDice([]))
    assert kinds(events) == ["note", "moved"]
    assert events[0].sentence == "Bram leaves Ghoul's reach; Ghoul has already reacted this round."
    assert after.token("bram").position == (3, 3)


def test_a_mover_struck_down_stops_where_it_was_hit():
    """"the move goes on from there if it still stands"; "at 0 health the creature is down"."""
    enc = sample_encounter()
    bram = enc.token("bram")
    enc = enc.with_token(replace(bram, stats={**bram.stats, "health": 2, "guard": 0}))
    waiting, _ = apply(started(enc), c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    done, events = apply(waiting, c.Answer(choice="strike"), ScriptedDice([18, 5]))
    assert kinds(events)[-3:] == ["damage_taken", "condition", "note"]
    assert events[-1].sentence == "Bram falls at (4, 4); the move ends there."
    assert done.token("bram").position == (4, 4) and done.token("bram").has_condition(DOWN)
    assert [e.kind for e in events].count("moved") == 1


def test_a_move_outside_combat_asks_nobody():
    """Reactions belong to the fight: before combat a move goes through at once."""
    after, events = apply(sample_encounter(), c.Move("bram", PAST_GHOUL), ScriptedDice([]))
    assert kinds(events) == ["moved"] and after.token("bram").position == (1, 4)


# -- dice rolled at the table ---------------------------------------------------------------------


def _duel() -> Encounter:
    return skirmish_encounter(skirmisher("bram", (2, 2), "party", player=True),
                              skirmisher("ghoul", (3, 2), "enemy"))


def _at_the_table() -> tuple[list[c.Command], Encounter]:
    commands: list[c.Command] = [c.StartCombat(), c.SetTableDice(tokens=("bram",)), c.Attack("bram", "ghoul")]
    return commands, apply_all(_duel(), commands, ScriptedDice([]))[0]


def test_a_token_whose_dice_are_physical_pauses_its_attack_for_the_d20():
    """"Dice rolled at the table are the same mechanism: :class:`TableDice` stops at each roll of a
    token whose dice are physical and asks for the face(s)"."""
    _, waiting = _at_the_table()
    (decision,) = ask_pending(waiting)
    assert decision.kind == "roll" and decision.who == "bram"
    assert decision.dice is not None
    assert (decision.dice.expr, decision.dice.count, decision.dice.sides) == ("1d20", 1, 20)
    assert decision.dice.purpose == "Bram attack on Ghoul"
    assert decision.prompt == "Roll 1d20 at the table: Bram attack on Ghoul"


def test_a_face_out_of_range_is_refused_naming_the_die_and_its_faces_and_nothing_changes():
    """``DiceRequest.check``: "CommandRejected naming what is wrong with them"."""
    _, waiting = _at_the_table()
    for faces, message in (((21,), "Bram attack on Ghoul is 1d20: 21 is not a face of a d20 (1–20)"),
                           ((0,), "Bram attack on Ghoul is 1d20: 0 is not a face of a d20 (1–20)"),
                           ((4, 5), "Bram attack on Ghoul is 1d20: it needs 1 face (1–20), 2 given")):
        with pytest.raises(CommandRejected) as refused:
            apply(waiting, c.Answer(faces=faces), ScriptedDice([]))
        assert refused.value.reason == message
    with pytest.raises(CommandRejected, match="is answered with the faces rolled, not a choice"):
        apply(waiting, c.Answer(choice="strike"), ScriptedDice([]))
    assert ask_pending(waiting)[0].dice.sides == 20


def test_faces_entered_by_hand_resolve_the_roll_and_the_next_die_asks_again():
    """The d20 entered by hand shows in the ``roll`` event; the damage d6 asks again; an answer
    without faces ("empty: let Vantage roll it") rolls it; the command list replays to the same
    state."""
    commands, waiting = _at_the_table()
    second, events = apply(waiting, c.Answer(faces=(15,)), ScriptedDice([]))
    assert kinds(events) == ["waiting"]
    (decision,) = ask_pending(second)
    assert decision.dice.expr == "1d6" and decision.dice.purpose == "Bram damage to Ghoul"
    done, events = apply(second, c.Answer(), ScriptedDice([5]))
    rolls = [e for e in events if e.kind == "roll"]
    assert [(r.purpose, r.faces) for r in rolls] == [("Bram attack on Ghoul", (15,)),
                                                     ("Bram damage to Ghoul", (5,))]
    assert ask_health(done, "ghoul").text == "guard 0/3, health 8/10"
    assert "pending" not in done.combat
    everything = [*commands, c.Answer(faces=(15,)), c.Answer()]
    replayed, log = apply_all(_duel(), everything, ScriptedDice([5]))
    assert replayed == done
    assert [e.faces for e in log if e.kind == "roll"] == [(15,), (5,)]


def test_the_table_dice_of_one_token_leave_the_others_to_vantage():
    """``SetTableDice``: "the ``tokens`` listed" roll at the table; every other roll comes from the dice."""
    commands, _ = _at_the_table()
    enc = apply_all(_duel(), [*commands[:2], c.PassInitiative("bram", "ghoul")], ScriptedDice([]))[0]
    after, events = apply(enc, c.Attack("ghoul", "bram"), ScriptedDice([3]))
    assert kinds(events) == ["roll", "hit"] and "pending" not in after.combat


def test_an_enemys_reaction_is_rolled_by_the_enemys_dice_and_not_by_the_movers():
    """decisions.py: ":class:`TableDice` stops at each roll of a token whose dice are physical" — the
    strike of a reaction is Ghoul's roll inside Bram's move: Ghoul's table rolls it, Bram's does not."""
    ghoul_at_table = apply_all(started(), [c.SetTableDice(tokens=("ghoul",)), c.Move("bram", PAST_GHOUL),
                                           c.Answer(choice="strike")], ScriptedDice([15, 4]))[0]
    assert [d.who for d in ask_pending(ghoul_at_table)] == ["ghoul"]
    bram_at_table = apply_all(started(), [c.SetTableDice(tokens=("bram",)), c.Move("bram", PAST_GHOUL),
                                          c.Answer(choice="strike")], ScriptedDice([15, 4]))[0]
    assert ask_pending(bram_at_table) == ()


# -- the baton ------------------------------------------------------------------------------------


def test_the_side_named_first_holds_the_initiative_and_its_first_token_acts():
    """"The side named by ``start_combat``'s option ``first`` (or the token named there) holds the
    initiative first"."""
    enc = started(first="enemy")
    turn = ask_turn(enc)
    assert (turn.round, turn.actor, turn.side) == (1, "ghoul", "enemy")
    assert [(e.token, e.label, e.done) for e in turn.entries] == [
        ("bram", "party", False), ("ada", "party", False), ("ghoul", "enemy", False),
        ("wight", "enemy", False)]
    assert turn.current == 2 and turn.round_label == "Round 1"
    assert [(s.name, s.left, s.total) for s in turn.slots] == [("major", 1, 1), ("move", 1, 1)]
    assert ask_turn(started(first="wight")).actor == "wight"
    assert ask_turn(started()).actor == "bram"
    assert SKIRMISH.traits.turn_structure is TurnStructure.BATON


def test_start_combat_options_are_checked():
    """``read_options``: "anything else is refused with a sentence that lists what the ruleset knows"."""
    with pytest.raises(CommandRejected) as refused:
        started(ambushers=["ghoul"])
    assert refused.value.reason == ("start_combat.options: Skirmish has no option 'ambushers' "
                                    "(its start_combat options: first, surprised)")
    with pytest.raises(CommandRejected, match=r"first: 'dragons' is not party, enemy or a participant"):
        started(first="dragons")
    with pytest.raises(CommandRejected, match=r"start_combat.options.first: 3 is not text"):
        started(first=3)


def test_the_surprised_do_not_act_in_the_first_round():
    """Well-known ``surprised``: "the tokens caught by surprise" — marked as having acted in round 1."""
    enc = started(surprised=["ghoul"])
    assert [e.done for e in ask_turn(enc).entries] == [False, False, True, False]
    legal, reason = SKIRMISH.legality(enc, c.PassInitiative("bram", "ghoul"))
    assert not legal and reason.endswith("Ghoul has already acted this round")


def test_the_actor_passes_to_the_other_side_and_not_to_one_who_has_acted():
    """"The actor hands the turn to a token of the *other* side that has not acted this round"."""
    enc = started(first="enemy")
    enc, events = apply(enc, c.PassInitiative("ghoul", "bram"), ScriptedDice([]))
    assert kinds(events) == ["turn_ended", "turn_began"]
    assert events[0].sentence == "Ghoul ends the turn and passes the initiative to Bram."
    assert (events[1].token, events[1].label, events[1].budget) == ("bram", "party", {"major": 1, "move": 1})
    turn = ask_turn(enc)
    assert (turn.actor, turn.side) == ("bram", "party")
    assert [e.done for e in turn.entries] == [False, False, True, False]
    with pytest.raises(CommandRejected) as refused:
        apply(enc, c.PassInitiative("bram", "ghoul"), ScriptedDice([]))
    assert refused.value.reason == ("Bram cannot pass the initiative to Ghoul: "
                                    "Ghoul has already acted this round")
    with pytest.raises(CommandRejected) as refused:
        apply(enc, c.PassInitiative("bram", "ada"), ScriptedDice([]))
    assert refused.value.reason == ("Bram cannot pass the initiative to Ada: "
                                    "the other side still has someone to act (Wight)")
    with pytest.raises(CommandRejected, match="Ada cannot act now: it is Bram's turn"):
        apply(enc, c.PassInitiative("ada", "wight"), ScriptedDice([]))


def test_the_last_to_act_ends_the_round_and_the_side_that_did_not_act_last_starts_the_next():
    """"When everyone has acted, the last actor ends the round (``end_turn``) and the side that did
    not act last starts the next"; anyone else must pass."""
    with pytest.raises(CommandRejected, match="Bram must pass the initiative: Ada, Ghoul, Wight can still"):
        apply(started(), c.EndTurn("bram"), ScriptedDice([]))
    enc = apply_all(started(first="enemy"), AROUND_ONCE[:3], ScriptedDice([]))[0]
    assert ask_turn(enc).note == "everyone has acted: end the round"
    after, events = apply(enc, c.EndTurn("ada"), ScriptedDice([]))
    assert kinds(events) == ["turn_ended", "round_ended", "round_began", "turn_began"]
    turn = ask_turn(after)
    assert (turn.round, turn.actor, turn.side) == (2, "ghoul", "enemy")
    assert not any(e.done for e in turn.entries)


def test_the_baton_goes_to_the_own_side_once_the_other_side_has_all_acted():
    """"only when nobody of the other side can act may it go to someone of its own side"."""
    three = skirmish_encounter(skirmisher("bram", (1, 1), "party"), skirmisher("ada", (3, 1), "party"),
                               skirmisher("cleo", (5, 1), "party"), skirmisher("ghoul", (1, 8), "enemy"))
    enc = apply_all(started(three), [c.PassInitiative("bram", "ghoul"), c.PassInitiative("ghoul", "ada")],
                    ScriptedDice([]))[0]
    assert ask_turn(enc).note == "the other side has acted: pass to Cleo"
    with pytest.raises(CommandRejected, match="cannot pass the initiative to Ghoul: Ghoul has already acted"):
        apply(enc, c.PassInitiative("ada", "ghoul"), ScriptedDice([]))
    enc, events = apply(enc, c.PassInitiative("ada", "cleo"), ScriptedDice([]))
    assert ask_turn(enc).actor == "cleo"
    enc, events = apply(enc, c.EndTurn("cleo"), ScriptedDice([]))
    assert ask_turn(enc).actor == "ghoul"  # the party acted last: the enemy side starts round 2


def test_the_round_end_ticks_timers_in_rounds_and_the_bearers_turn_end_ticks_timers_in_turns():
    """Timers: "round end for ``ROUNDS``, the end of the bearer's turn for ``TURNS``"."""
    enc = apply_all(started(), [c.SetCondition("ghoul", "shaken", rounds=1, unit="rounds"),
                                c.SetCondition("bram", "dazed", rounds=2, unit="turns")], ScriptedDice([]))[0]
    enc, events = apply(enc, c.PassInitiative("bram", "ghoul"), ScriptedDice([]))
    assert enc.token("bram").conditions[0].rounds_left == 1 and enc.token("ghoul").has_condition("shaken")
    enc = apply_all(enc, [c.PassInitiative("ghoul", "ada"), c.PassInitiative("ada", "wight")],
                    ScriptedDice([]))[0]
    enc, events = apply(enc, c.EndTurn("wight"), ScriptedDice([]))
    assert "Ghoul is no longer shaken (its time is up)." in [e.sentence for e in events]
    assert events.index(next(e for e in events if e.kind == "round_ended")) < events.index(
        next(e for e in events if e.kind == "condition"))
    assert enc.token("bram").has_condition("dazed")  # a round passed, but Bram had only one turn
    assert ask_turn(enc).actor == "bram"  # the enemy side acted last: the party starts round 2
    enc, events = apply(enc, c.PassInitiative("bram", "ghoul"), ScriptedDice([]))
    assert "Bram is no longer dazed (its time is up)." in [e.sentence for e in events]


# -- another ruleset's commands -------------------------------------------------------------------


def test_a_command_of_avorkarth_is_refused_in_a_skirmish_encounter_naming_both():
    """"a command that belongs to another ruleset is refused with a sentence that names both"."""
    with pytest.raises(BadCommand) as refused:
        read_command({"type": "stay", "token": "bram"}, "skirmish")
    assert refused.value.reason == "'stay' is a command of Avorkarth, and this encounter plays Skirmish"
    with pytest.raises(CommandRejected) as refused:
        apply(started(), Stay(token="bram"), ScriptedDice([]))
    assert refused.value.reason == "'stay' is a command of Avorkarth, and this encounter plays Skirmish"


def test_skirmishs_own_command_is_read_in_its_encounters_and_refused_in_avorkarths():
    """Its vocabulary "load[s] with the ruleset's registry entry": Skirmish's ``catch_breath``."""
    assert read_command({"type": "catch_breath", "token": "bram"}, "skirmish") == CatchBreath(token="bram")
    with pytest.raises(BadCommand) as refused:
        read_command({"type": "catch_breath", "token": "bram"}, "avorkarth")
    assert refused.value.reason == ("'catch_breath' is a command of Skirmish, "
                                    "and this encounter plays Avorkarth")
    avorkarth = Encounter(GameMap(4, 4), tokens=sample_encounter().tokens[:1], ruleset="avorkarth")
    with pytest.raises(CommandRejected, match="is a command of Skirmish, and this encounter plays Avorkarth"):
        apply(avorkarth, CatchBreath(token="bram"), ScriptedDice([]))


def test_a_command_skirmish_has_no_rule_for_is_refused_by_name():
    """``handler_for``: "{ruleset} has no rule for a {kind!r} command"."""
    with pytest.raises(CommandRejected, match="Skirmish has no rule for a 'face' command"):
        apply(started(), c.Face("bram", "N"), ScriptedDice([]))


# -- the turn options, token actions and attack options -------------------------------------------


def test_turn_options_list_every_pass_with_why_not_and_end_round_only_when_nobody_is_left():
    """The turn tracker "shows exactly these": each "Pass to X" with whether it is legal and why not."""
    enc = apply(started(first="enemy"), c.PassInitiative("ghoul", "bram"), ScriptedDice([]))[0]
    options = {o.label: o for o in ask_turn_options(enc)}
    assert list(options) == ["Pass to Ada", "Pass to Ghoul", "Pass to Wight"]
    assert options["Pass to Wight"].legal
    assert options["Pass to Wight"].command == c.PassInitiative("bram", "wight")
    assert not options["Pass to Ghoul"].legal
    assert options["Pass to Ghoul"].reason.endswith("has already acted this round")
    assert options["Pass to Ghoul"].explanation.startswith("Not now: Bram cannot pass the initiative")
    assert options["Pass to Ada"].reason.endswith("the other side still has someone to act (Wight)")
    last = apply_all(enc, [c.PassInitiative("bram", "wight"), c.PassInitiative("wight", "ada")],
                     ScriptedDice([]))[0]
    options = {o.label: o for o in ask_turn_options(last)}
    assert options["End round"].legal and options["End round"].command == c.EndTurn("ada")
    assert not any(o.legal for label, o in options.items() if label != "End round")
    assert ask_turn_options(sample_encounter()) == ()


def test_catch_breath_is_a_token_action_that_uses_the_major_action_for_one_guard():
    """"``catch_breath`` (major action) regains 1 guard"."""
    enc = started()
    (option,) = ask_token_actions(enc, "bram")
    assert option.label == "Catch breath" and not option.legal
    assert option.reason == "Bram's guard is full (3/3)"
    enc = apply(enc, c.ApplyDamage("bram", 2), ScriptedDice([]))[0]
    (option,) = ask_token_actions(enc, "bram")
    assert option.legal and option.command == CatchBreath(token="bram")
    enc, events = apply(enc, CatchBreath(token="bram"), ScriptedDice([]))
    assert events[0].sentence == "Bram catches a breath: 1 guard back (guard 2/3, health 10/10)."
    assert ask_turn(enc).slots[0].left == 0
    (option,) = ask_token_actions(enc, "bram")
    assert option.reason == "Bram has already used the major action this turn"
    (option,) = ask_token_actions(enc, "ghoul")
    assert option.reason == "Ghoul cannot act now: it is Bram's turn"
    assert ask_token_actions(with_rock(enc), "rock") == Unanswered("Rock has no Skirmish stat block")


def test_attack_options_give_the_chance_to_hit_and_the_reason_when_not_legal():
    """"d20 + attack against 10 + the target's defence" — one "Strike" with its odds and legality."""
    enc = started()
    (strike,) = ask_attack_options(enc, "bram", "ghoul")
    assert strike.label == "Strike" and strike.legal and strike.command == c.Attack("bram", "ghoul")
    assert strike.chances == {"hit": pytest.approx(0.55)}
    assert [m.value for m in strike.modifiers] == [2, 12]
    (far,) = ask_attack_options(enc, "bram", "wight")
    assert not far.legal and far.reason == "Wight is out of reach: 4 tiles away, Bram's reach is 1"
    assert far.explanation.startswith("Not now: Wight is out of reach")
    (not_yours,) = ask_attack_options(enc, "ghoul", "bram")
    assert not_yours.reason == "Ghoul cannot act now: it is Bram's turn"


def test_an_attack_uses_the_major_action_and_a_hit_soaks_through_guard_then_health():
    """"a hit does d6 damage"; "``guard`` first, then ``health``"."""
    enc, events = apply(started(), c.Attack("bram", "ghoul"), ScriptedDice([10, 6]))
    assert kinds(events) == ["roll", "hit", "roll", "damage_taken", "damage_taken"]
    assert events[1].sentence == "Bram hits Ghoul (12 against 12)." and events[1].margin == 0
    assert ask_health(enc, "ghoul") == Health(0.7, "guard 0/3, health 7/10",
                                              (HealthLayer("guard", 0, 3), HealthLayer("health", 7, 10)))
    with pytest.raises(CommandRejected, match="Bram has already used the major action this turn"):
        apply(enc, c.Attack("bram", "ghoul"), ScriptedDice([10, 6]))
    with pytest.raises(CommandRejected, match="no option 'charge'"):
        apply(started(), c.Attack("bram", "ghoul", options={"charge": True}), ScriptedDice([]))


# -- moving ---------------------------------------------------------------------------------------


def test_movement_is_the_speed_under_skirmishs_policy_and_a_dash_doubles_it_for_the_major_action():
    """"up to ``speed`` tiles"; "A *dash* (``options={"mode": "dash"}``) costs the major action
    instead and goes twice as far"."""
    enc = started(first="ada")
    answer = ask_movement(enc, "ada")
    assert isinstance(answer, MovementAnswer) and answer.rules is MOVE_RULES
    assert answer.allowance.value == 6 and not answer.rules.locked_must_retreat
    assert ask_reachable(enc, "ada").cost((2, 8)) == 6 and (1, 8) not in ask_reachable(enc, "ada")
    straight = tuple((8 - i, 8) for i in range(8))
    with pytest.raises(CommandRejected, match="Ada cannot move that way: needs 7 tiles, has 6"):
        apply(enc, c.Move("ada", straight), ScriptedDice([]))
    dashed, events = apply(enc, c.Move("ada", straight, {"mode": "dash"}), ScriptedDice([]))
    assert kinds(events) == ["moved"] and events[0].sentence == "Ada dashes 7 tiles to (1, 8)."
    assert [(s.name, s.left) for s in ask_turn(dashed).slots] == [("major", 0), ("move", 1)]
    with pytest.raises(CommandRejected, match="'run' is not a Skirmish move mode \\(known: dash\\)"):
        apply(enc, c.Move("ada", straight, {"mode": "run"}), ScriptedDice([]))
    moved = apply(enc, c.Move("ada", ((8, 8), (8, 7))), ScriptedDice([]))[0]
    with pytest.raises(CommandRejected, match="Ada has already used the move this turn"):
        apply(moved, c.Move("ada", ((8, 7), (8, 6))), ScriptedDice([]))


def test_tactics_declare_only_reachable_reach_zones_and_sight_and_the_dash():
    """The GUI "draws only the declared ones": no arcs, no charge lanes."""
    tactics = ask_tactics(started())
    assert tactics.arc_widths is None and tactics.charge_min_tiles is None
    assert tactics.overlays == {Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.SIGHT}
    assert tactics.path_warnings == {"leaves_reach"}
    assert tactics.move_modes == (MoveMode("dash", "Dash", "double speed; uses the major action"),)


# -- health, damage, rest -------------------------------------------------------------------------


def test_health_has_two_layers_and_the_gm_damages_one_track_or_both_in_order():
    """``ApplyDamage`` "on ``track``"; with none, "soaked by guard first, the rest on health"."""
    enc = started()
    assert ask_health(enc, "bram").layers == (HealthLayer("guard", 3, 3), HealthLayer("health", 10, 10))
    enc, events = apply(enc, c.ApplyDamage("bram", 2, track="health"), ScriptedDice([]))
    assert [(e.track, e.amount, e.text) for e in events] == [("health", 2, "guard 3/3, health 8/10")]
    enc, events = apply(enc, c.ApplyDamage("bram", 5, damage_kind="fire"), ScriptedDice([]))
    assert [(e.track, e.amount, e.damage_kind) for e in events] == [("guard", 3, "fire"),
                                                                    ("health", 2, "fire")]
    enc, events = apply(enc, c.ApplyDamage("bram", 9), ScriptedDice([]))
    assert [e.kind for e in events] == ["damage_taken", "condition"]
    assert events[1].sentence == "Bram is now down (health 0/10)."
    assert ask_health(enc, "bram").fraction == 0
    with pytest.raises(CommandRejected, match="apply_damage.track: 'lethal' is not a Skirmish damage track "
                                              "\\(known: guard, health\\)"):
        apply(enc, c.ApplyDamage("ada", 1, track="lethal"), ScriptedDice([]))
    with pytest.raises(CommandRejected, match="apply_damage.amount: 0 is not a positive amount"):
        apply(enc, c.ApplyDamage("ada", 0), ScriptedDice([]))
    healed, events = apply(enc, c.Heal("bram", 4), ScriptedDice([]))
    assert [e.sentence for e in events] == ["Bram heals 4 health (guard 0/3, health 4/10).",
                                            "Bram is no longer down (back above 0 health)."]
    assert ask_health(with_rock(healed), "rock") == Unanswered("Rock has no Skirmish stat block")
    left_out = Unanswered("Rock is not taking part in the combat")
    assert ask_health(with_rock(healed, stats=True), "rock") == left_out


def test_a_breather_out_of_combat_restores_all_guard_and_is_refused_in_combat():
    """"a breather (``rest``, out of combat) restores all guard"."""
    enc, _ = apply(sample_encounter(), c.ApplyDamage("bram", 2), ScriptedDice([]))
    rested, events = apply(enc, c.Rest("breather", 1), ScriptedDice([]))
    assert [e.sentence for e in events] == [
        "Bram takes a breather: guard restored (guard 3/3, health 10/10)."]
    assert ask_health(rested, "bram").layers[0] == HealthLayer("guard", 3, 3)
    with pytest.raises(CommandRejected, match="combat is on: a breather is taken out of combat"):
        apply(started(enc), c.Rest("breather", 5), ScriptedDice([]))
    with pytest.raises(CommandRejected, match="rest.rest: 'natural' is not a Skirmish kind of rest"):
        apply(enc, c.Rest("natural", 1), ScriptedDice([]))


# -- the stat block and the bestiary --------------------------------------------------------------


def test_stat_blocks_are_checked_against_the_schema_with_their_places():
    """The schema: "``speed`` int 1–12 ... tiles per move"; every problem named with its place."""
    good = {"health": 10, "guard": 3, "speed": 6, "attack": 2, "defence": 2, "reach": 1, "player": False}
    assert SKIRMISH.validate_stats(good) == []
    assert SKIRMISH.validate_stats({**good, "speed": 13}) == [("stats.speed", "13 is above 12")]
    assert SKIRMISH.validate_stats({"guard": -1, "wounds": 6}, "tokens[1].stats") == [
        ("tokens[1].stats.health", "is missing"), ("tokens[1].stats.guard", "-1 is below 0"),
        ("tokens[1].stats.wounds",
         "is not a field of this stat block (known: attack, defence, guard, health, player, reach, speed)")]
    assert [f.path for f in SKIRMISH.stat_schema().fields] == [
        "health", "guard", "speed", "attack", "defence", "reach", "player"]
    assert all(f.help for f in SKIRMISH.stat_schema().fields)
    bad = sample_encounter()
    bad = bad.with_token(replace(bad.token("bram"), stats={**good, "speed": 13}))
    with pytest.raises(CommandRejected) as refused:
        started(bad)
    assert refused.value.reason == "Bram's stat block is not valid: stats.speed: 13 is above 12"


def test_every_template_is_a_valid_creature():
    """``templates()``: "the ruleset's bestiary: creatures a GM can give a token"."""
    templates = SKIRMISH.templates()
    assert len(templates) >= 6 and len({t.id for t in templates}) == len(templates)
    for template in templates:
        assert SKIRMISH.validate_stats(template.stats) == [], template.id
        assert template.side in ("party", "enemy") and template.help
        assert template.size in ("tiny", "small", "medium", "large", "huge", "gargantuan")


# -- files ----------------------------------------------------------------------------------------


def test_an_encounter_saved_while_a_decision_waits_loads_and_the_answer_still_resolves(tmp_path):
    """"the ruleset base keeps the command, the answers so far and the faces already drawn in
    ``combat["pending"]``" — plain JSON, so a file keeps the waiting action."""
    waiting, _ = apply(started(), c.Move("bram", PAST_BOTH), ScriptedDice([]))
    waiting, _ = apply(waiting, c.Answer(choice="strike"), ScriptedDice([16, 2]))
    path = tmp_path / "waiting.json"
    save_encounter(waiting, path)
    loaded = load_encounter(path)
    assert loaded == waiting
    assert ask_pending(loaded) == ask_pending(waiting)
    from_file, events = apply(loaded, c.Answer(choice="let-go"), ScriptedDice([]))
    in_memory, same = apply(waiting, c.Answer(choice="let-go"), ScriptedDice([]))
    assert from_file == in_memory and events == same
    assert from_file.token("bram").position == (3, 2)
