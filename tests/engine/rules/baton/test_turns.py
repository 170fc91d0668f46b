"""The baton: triggering the initiative, the actions of the holder, passing it on, turns."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import (
    Attack,
    EndCombat,
    EndTurn,
    Move,
    PassInitiative,
    SetCondition,
    StartCombat,
)
from vantage.engine.rules.asking import ask_pending, ask_token_actions, ask_turn, ask_turn_options
from vantage.engine.rules.baton.vocabulary import SetAsideConfusion, TakeAction
from vantage.engine.rules.decisions import Decision, decides


@pytest.fixture
def four(fight, make):
    return fight(
        make("bram", "sellsword", (2, 2)),
        make("ada", "rogue", (2, 5)),
        make("cult", "cultist", (3, 2)),
        make("bones", "skeleton", (9, 8)),
    )


def test_the_players_choose_a_pc_who_is_not_surprised(four):
    """The text: "When combat begins, a PC who is not surprised, chosen by the players, starts with
    the initiative"."""
    four.do(StartCombat(options={"surprised": ["ada"]}))  # only Bram can start: no question
    assert ask_turn(four.enc).actor == "bram"


def test_with_two_pcs_the_players_are_asked(four):
    four.do(StartCombat())
    (decision,) = ask_pending(four.enc)
    assert decision.prompt == "The players choose who starts with the initiative"
    assert [c.value for c in decision.choices] == ["bram", "ada"] and decision.default == "bram"
    four.answer("ada")
    assert ask_turn(four.enc).actor == "ada" and ask_turn(four.enc).side == "party"


def test_the_players_are_named_as_deciding_not_one_character(four):
    """ "a PC who is not surprised, chosen by the players, starts with the initiative" — the players
    decide, not the first PC's player (GM walkthrough 3: "Choice · Bram decides — The players choose
    who starts"); the first PC's player is the one whose device is asked."""
    sentences = four.do(StartCombat())
    (decision,) = ask_pending(four.enc)
    assert decision.chosen_by == "the players" and decision.who == "bram"
    assert decides(four.enc, decision) == "the players decide"
    assert sentences == ["Waiting for the players: The players choose who starts with the initiative."]
    assert Decision.from_dict(decision.to_dict()) == decision
    assert four.answer("ada")[0] == "The players: Ada starts."


def test_if_every_pc_is_surprised_the_gm_chooses_an_opponent(four):
    """The text: "If every PC is surprised, then an opponent chosen by the GM starts with the initiative
    instead"."""
    four.do(StartCombat(options={"surprised": ["bram", "ada"]}))
    (decision,) = ask_pending(four.enc)
    assert (
        decision.who is None
        and decision.prompt == "Every PC is surprised: the GM chooses who starts with the initiative"
    )
    assert [c.value for c in decision.choices] == ["cult", "bones"]
    assert decision.chosen_by == "" and decides(four.enc, decision) == "the GM decides"
    four.answer("bones")
    assert ask_turn(four.enc).actor == "bones"


def test_an_opponent_may_not_start_while_a_pc_is_not_surprised(four):
    reason = four.refused(StartCombat(options={"first": "cult"}))
    assert reason == (
        "start_combat.options.first: Cult is an opponent, and Bram, Ada are not surprised: a PC starts"
    )
    assert (
        four.refused(StartCombat(options={"first": "ada", "surprised": ["ada"]}))
        == "start_combat.options.first: Ada is surprised"
    )
    four.condition("ada", "dead")
    assert four.refused(StartCombat(options={"first": "ada"})) == "start_combat.options.first: Ada is dead"


def test_an_even_die_keeps_the_initiative_for_an_ally_who_has_not_acted(four):
    """KEEPING THE INITIATIVE: "If a character makes a skill check as part of their major action and
    the die result is even, they keep the initiative on their side ... prioritizing characters who
    have not yet acted in the combat"."""
    four.start("bram")
    four.resisted(Attack("bram", "cult", "Longsword"), 3, 5, 1)  # 8: even
    assert four.refused(PassInitiative("bram", "cult")) == (
        "Bram cannot pass the initiative to Cult: even die (8): the initiative stays on the party side; "
        "to an ally who has not acted yet (to Ada)"
    )
    four.do(PassInitiative("bram", "ada"))
    turn = ask_turn(four.enc)
    assert turn.actor == "ada" and turn.side == "party" and turn.round == 1  # still turn 1


def test_once_every_ally_has_acted_any_ally_may_receive_it(four, make):
    four.start("bram")
    four.resisted(Attack("bram", "cult", "Longsword"), 3, 5, 1)
    four.do(PassInitiative("bram", "ada"))
    four.do(TakeAction("ada", "create_opportunity", "stealth", 7), 2, 2)  # 4: even
    assert ask_turn(four.enc).note == (
        "Even die (4): the initiative stays on the party side; every ally has "
        "acted, so any ally: pass to Bram"
    )
    four.do(PassInitiative("ada", "bram"))
    assert ask_turn(four.enc).actor == "bram"


def test_an_odd_die_or_no_check_passes_to_the_other_side(four):
    """LOSING THE INITIATIVE: "If a character does not make a skill check as part of their major
    action, or does but the die result is odd, they must pass the initiative to the opposing side"."""
    four.start("bram")
    assert four.refused(PassInitiative("bram", "ada")).endswith(
        "no skill check in the major action: the initiative passes to the enemy side (to Cult, Bones)"
    )
    four.resisted(Attack("bram", "cult", "Longsword"), 2, 5, 1)  # 7: odd, a hit
    assert "odd die (7)" in four.refused(PassInitiative("bram", "ada"))
    sentences = four.do(PassInitiative("bram", "bones"))
    assert sentences == [
        "Bram passes the initiative to Bones: odd die (7): the initiative passes to the enemy side.",
        "Bones holds the initiative (turn 2, the enemy side).",
    ]


def test_a_turn_is_the_span_one_side_holds_the_initiative(four):
    """The text: "a turn is the span of time in which one side of the fight holds the initiative";
    PER-TURN EFFECTS "end after a set number of turns have passed for them" — a condition of 1 side
    turn given to Cult in the party's turn lasts through the enemy side's next turn."""
    four.start("bram")
    four.do(SetCondition("cult", "shaken", rounds=1, unit="side turns"))
    four.do(PassInitiative("bram", "cult"))
    assert four.has("cult", "shaken") and ask_turn(four.enc).round == 2
    sentences = four.do(PassInitiative("cult", "ada"))
    assert "Cult is no longer shaken (its time is up)." in sentences
    assert ask_turn(four.enc).round == 3 and ask_turn(four.enc).round_label == "Turn 3"


def test_a_condition_in_turns_lasts_while_the_side_keeps_the_initiative(four):
    """Turn: "A turn begins for a character when the initiative is passed to their side and ends when
    it is lost" — a condition of 1 turn on Bram does not end when Bram passes the initiative to Ada
    while the party keeps it; it ends when the party loses it."""
    four.start("bram")
    four.do(SetCondition("bram", "shaken", rounds=1, unit="turns"))
    four.resisted(Attack("bram", "cult", "Longsword"), 3, 5, 1)  # 8: even, the party keeps it
    assert "Bram is no longer shaken" not in " ".join(four.do(PassInitiative("bram", "ada")))
    assert four.has("bram", "shaken")
    sentences = four.do(PassInitiative("ada", "cult"))  # no check: the party loses it
    assert "Bram is no longer shaken (its time is up)." in sentences


def test_one_major_one_minor_one_movement(four):
    """The text: "a character may take, in any order, one major action, one minor action, and one
    movement"."""
    four.start("bram")
    four.do(TakeAction("bram", "draw_stow"))
    assert (
        four.refused(TakeAction("bram", "shout"))
        == "Bram has already used the minor action this turn (shout a command)"
    )
    four.do(TakeAction("bram", "magic_ring"))
    assert (
        four.refused(Attack("bram", "cult")) == "Bram has already used the major action this turn (an attack)"
    )
    slots = {s.name: s.left for s in ask_turn(four.enc).slots}
    assert slots == {"major": 0, "minor": 0, "movement": 6}


def test_slowed_takes_only_one_of_the_three(four):
    """SLOWED: "a slowed character can only take one major action or one minor action or one movement"."""
    four.condition("bram", "slowed")
    four.start("bram")
    four.do(TakeAction("bram", "shout"))
    assert four.refused(TakeAction("bram", "magic_ring")).startswith("Bram is slowed: only one")


def test_a_confused_character_acts_first_and_always_passes_to_an_ally(four):
    """CONFUSED: "A confused character always acts before their allies and always passes the
    initiative to an ally regardless of the action they took"."""
    four.condition("bones", "confused")
    four.start("bram")
    four.resisted(Attack("bram", "cult", "Longsword"), 2, 5, 1)  # odd: to the other side
    reason = four.refused(PassInitiative("bram", "cult"))
    assert reason.endswith("a confused character acts before their allies (to Bones)")
    four.do(PassInitiative("bram", "bones"), 6)  # "on a 6 they do nothing"
    assert "confused: always passes to an ally" in four.refused(PassInitiative("bones", "bram"))
    four.do(PassInitiative("bones", "cult"))


def test_a_confused_pc_starts_the_combat(four):
    """CONFUSED: "A confused character always acts before their allies" — from the start of combat
    too: the players are not asked, the confused PC starts (and rolls)."""
    four.condition("ada", "confused")
    sentences = four.do(StartCombat(), 6)
    assert not ask_pending(four.enc) and ask_turn(four.enc).actor == "ada"
    assert 'Ada is confused: "A confused character always acts before their allies".' in sentences
    assert four.refused(StartCombat(options={"first": "bram"})) == "combat has already started"
    g = four.__class__(*four.enc.tokens)
    assert g.refused(StartCombat(options={"first": "bram"})) == (
        'start_combat.options.first: Bram cannot start: Ada is confused, and "A confused character '
        'always acts before their allies"'
    )


def test_two_confused_pcs_the_players_choose_between_them(four):
    four.condition("ada", "confused")
    four.condition("bram", "confused")
    four.do(StartCombat())
    (decision,) = ask_pending(four.enc)
    assert decision.prompt == (
        '"A confused character always acts before their allies": the players choose who starts with '
        "the initiative"
    )
    assert [c.value for c in decision.choices] == ["bram", "ada"]


def test_confused_on_a_6_does_nothing_and_every_action_is_refused(four):
    """CONFUSED: "When has the initiative, a confused character must roll 1d6 ... on a 6 they do
    nothing"."""
    four.condition("ada", "confused")
    sentences = four.do(StartCombat(), 6)
    assert "Ada is confused: 1d6 [6] = 6 → does nothing." in sentences
    assert 'Ada is confused and does nothing: "on a 6 they do nothing".' in sentences
    why = (
        'Ada is confused and rolled 6: "on a 6 they do nothing", and the roll is the turn ({} refused; '
        "the GM may set the roll aside)"
    )
    assert four.refused(Move("ada", ((2, 5), (3, 5)))) == why.format("move")
    assert four.refused(Attack("ada", "bram", "Dagger")) == why.format("an attack")
    assert four.refused(TakeAction("ada", "shout")) == why.format("shout a command")
    four.do(PassInitiative("ada", "bram"))  # it passes the initiative, to an ally
    assert ask_turn(four.enc).actor == "bram"


def test_confused_on_1_to_3_moves_randomly(four):
    """CONFUSED: "on a 1–3 they move randomly" — a direction on 1d8 (3: east), the whole speed that
    way (assumed); the move is the turn."""
    four.condition("ada", "confused")
    sentences = four.do(StartCombat(), 2, 3)
    assert "Ada's random direction: 1d8 [3] = 3 → east." in sentences
    assert "Ada moves randomly 6 tiles to (8, 5)." in sentences
    assert four.token("ada").position == (8, 5)
    assert four.refused(Attack("ada", "bones", "Dagger")).startswith(
        'Ada is confused and rolled 2: "on a 1–3 they move randomly", and the roll is the turn (an attack'
    )
    assert "(move refused;" in four.refused(Move("ada", ((8, 5), (8, 6))))


def test_a_random_move_stops_before_what_it_cannot_enter(four):
    four.condition("ada", "confused")
    four.place("ada", (11, 5))
    four.do(StartCombat(), 1, 3)  # east: two tiles to the edge of a 14-wide map
    assert four.token("ada").position == (13, 5)


def test_confused_on_4_or_5_attacks_a_random_character_within_reach(four):
    """CONFUSED: "on a 4–5 they attack a random character within their reach" — friend or foe,
    drawn among those within reach; the attack is made at once, the target resisting as usual."""
    four.condition("ada", "confused")
    four.place("ada", (2, 3))  # beside Bram (2, 2) and Cult (3, 2)
    four.do(StartCombat(), 4, 2)  # 1d2: 2 → Cult, who resists (the GM's decision)
    (decision,) = ask_pending(four.enc)
    assert decision.prompt == "Ada attacks Cult with the Short sword: how does Cult resist?"
    sentences = four.answer(None, 5, 5, 1, 3)  # 3d6kh2: Bram is in melee with Cult
    assert "Ada's random target: 1d2 [2] = 2 → Cult." in sentences
    assert any(s.startswith("Confused: Ada hits Cult with the Short sword") for s in sentences)
    assert four.refused(Attack("ada", "cult", "Dagger")).startswith(
        'Ada is confused and rolled 4: "on a 4–5 they attack a random character within their reach"'
    )


def test_the_gm_may_set_the_confusion_roll_aside_logged_as_an_override(four):
    """The roll is enforced; the GM may still play the turn out by hand — a GM override, logged."""
    four.condition("ada", "confused")
    four.do(StartCombat(), 6)
    options = {o.label: o for o in ask_token_actions(four.enc, "ada")}
    override = options["Set the confusion roll aside (GM override)"]
    assert override.legal
    sentences = four.do(override.command)
    assert sentences == [
        "GM override: Ada's confusion roll (6: does nothing) is set aside this turn; the GM plays the "
        "turn out."
    ]
    four.do(Move("ada", ((2, 5), (3, 5))))
    assert four.token("ada").position == (3, 5)
    assert four.refused(SetAsideConfusion("ada")) == "Ada's confusion roll is already set aside this turn"
    assert four.refused(SetAsideConfusion("bram")) == "Bram does not hold the initiative: Ada does"


def test_only_the_holder_passes_and_never_to_the_dead(four):
    four.start("bram")
    assert four.refused(PassInitiative("ada", "cult")) == "Ada does not hold the initiative: Bram does"
    four.do(SetCondition("cult", "dead"))
    assert (
        four.refused(PassInitiative("bram", "cult"))
        == "Bram cannot pass the initiative to Cult: Cult is dead"
    )


def test_the_turn_options_are_the_passes_greyed_with_the_reason(four):
    four.start("bram")
    options = {o.label: o for o in ask_turn_options(four.enc)}
    assert set(options) == {
        "Pass the initiative…",
        "Pass to Ada",
        "Pass to Cult",
        "Pass to Bones",
        "End combat",
    }
    assert options["Pass to Cult"].legal and not options["Pass to Ada"].legal
    assert options["Pass to Ada"].explanation.startswith("Not now: Bram cannot pass the initiative to Ada")


def test_a_lone_character_who_keeps_it_passes_it_over_unless_the_option_is_off(fight, make):
    """Silence: an even die with no ally left — assumed: the initiative passes to the other side
    (rules option ``lone_keeper_passes_over``)."""
    f = fight(make("bram", "sellsword", (2, 2)), make("cult", "cultist", (3, 2)))
    f.start("bram")
    f.resisted(Attack("bram", "cult", "Longsword"), 3, 5, 1)
    f.do(PassInitiative("bram", "cult"))
    g = fight(make("bram", "sellsword", (2, 2)), make("cult", "cultist", (3, 2)))
    from dataclasses import replace

    g.enc = replace(g.enc, combat={"rules": {"lone_keeper_passes_over": False}})
    g.start("bram")
    g.resisted(Attack("bram", "cult", "Longsword"), 3, 5, 1)
    assert g.refused(PassInitiative("bram", "cult")).endswith("but no ally can receive it (to nobody)")


def test_the_end_of_combat_restores_protection_but_not_wounds(four):
    """The text: "At the end of each combat, the character's Protection is fully restored"."""
    four.start("bram")
    four.resisted(Attack("bram", "cult", "Longsword"), 6, 5, 6)  # 11: a hit for 6 + 2 = 8
    assert four.record("cult")["protection"] == 0
    four.do(EndCombat())
    assert "protection" not in four.record("cult") and ask_turn(four.enc) is None
    assert four.record("cult")["wounds"] == [] and four.record("cult")["stamina"] == 1


def test_a_petrified_character_cannot_act_or_receive_the_initiative(four):
    """PETRIFIED: "A petrified character turns into a statue of stone"."""
    four.condition("ada", "petrified")
    four.start("bram")
    four.resisted(Attack("bram", "cult", "Longsword"), 3, 5, 1)  # even, but Ada is stone
    assert four.refused(PassInitiative("bram", "ada")).endswith(
        "it passes to the enemy side (to Cult, Bones)"
    )


def test_a_timer_in_rounds_counts_the_bearers_side_turns(four):
    """Silence: Baton has no rounds — a condition set for 1 round lasts one turn of the bearer's side
    (assumed)."""
    four.start("bram")
    four.do(SetCondition("cult", "shaken", rounds=1))
    four.do(PassInitiative("bram", "cult"))
    assert four.has("cult", "shaken")
    four.do(PassInitiative("cult", "bram"))
    assert not four.has("cult", "shaken")


def test_exposed_until_the_next_turn_ends_when_the_initiative_returns(four):
    """Charge: "they become exposed until their next turn"."""
    four.place("bram", (0, 2))
    four.place("cult", (3, 2))
    four.start("bram")
    four.do(Move("bram", ((0, 2), (1, 2), (2, 2))))
    four.resisted(Attack("bram", "cult", "Longsword", {"charge": True}), 1, 2)
    assert four.has("bram", "exposed")
    four.do(PassInitiative("bram", "cult"))
    assert four.has("bram", "exposed")  # the enemy's turn: still exposed
    sentences = four.do(PassInitiative("cult", "ada"))
    assert "Bram is no longer exposed (their next turn has come)." in sentences


def test_who_receives_the_initiative_is_the_holders_choice(four):
    """ "they pass the initiative to an ally of their choice" — ``end_turn`` asks the holder's player
    among those the baton rule allows (a choice decision), the first of them by default."""
    four.start("bram")
    four.resisted(Attack("bram", "cult", "Longsword"), 2, 5, 1)  # odd: to the other side
    four.do(EndTurn("bram"))
    (decision,) = ask_pending(four.enc)
    assert decision.who == "bram" and [c.value for c in decision.choices] == ["cult", "bones"]
    assert decision.prompt == (
        "Bram passes the initiative (odd die (7): the initiative passes to the enemy side): to whom?"
    )
    four.answer("bones")
    assert ask_turn(four.enc).actor == "bones"


def _passes_as_the_command_says(enc):
    """Every "Pass to …" option of ``turn_options`` against the option made from the command's own
    legality (``RulesetBase.option``): the options read the refused passes from the baton rule
    instead of running each pass, and must say the same."""
    from vantage.engine.rules.baton.ruleset import BATON

    passes = [o for o in BATON.turn_options(enc) if isinstance(o.command, PassInitiative)]
    for o in passes:
        assert o == BATON.option(enc, o.label, o.command, o.explanation.split("\n")[-1]), o.label
    return passes


def test_the_greyed_passes_say_what_the_pass_itself_refuses_with(four):
    """LOSING THE INITIATIVE: "If a character does not make a skill check as part of their major
    action, or does but the die result is odd, they must pass the initiative to the opposing side"
    — and KEEPING THE INITIATIVE: an even die passes "to an ally of their choice, prioritizing
    characters who have not yet acted"; each refused pass is greyed with the sentence the pass gets."""
    four.start("bram")
    passes = _passes_as_the_command_says(four.enc)  # no check yet: to the other side
    assert [o.label for o in passes if not o.legal] == ["Pass to Ada"]
    four.resisted(Attack("bram", "cult", "Longsword"), 3, 5, 1)  # 8: even
    passes = _passes_as_the_command_says(four.enc)
    assert [o.label for o in passes if o.legal] == ["Pass to Ada"]
    assert passes[1].reason == (
        "Bram cannot pass the initiative to Cult: even die (8): the initiative stays on the party "
        "side; to an ally who has not acted yet (to Ada)"
    )
    four.do(PassInitiative("bram", "ada"))
    four.condition("cult", "confused")  # "A confused character always acts before their allies"
    passes = _passes_as_the_command_says(four.enc)
    assert [o.label for o in passes if o.legal] == ["Pass to Cult"]


def test_an_allowed_pass_the_new_turn_refuses_is_greyed_as_the_command_refuses_it(four):
    """ "A turn begins for a character when the initiative is passed to their side": the new turn
    reads the receiver's movement from its stat block, so a pass the baton rule allows is still
    refused when that block is gone — the option says what the pass itself says."""
    from dataclasses import replace

    four.start("bram")  # no check yet: to the other side (Cult or Bones)
    four.enc = four.enc.with_token(replace(four.enc.token("cult"), stats={}))
    passes = {o.label: o for o in _passes_as_the_command_says(four.enc)}
    assert not passes["Pass to Cult"].legal
    assert passes["Pass to Cult"].reason == "Cult has no Baton stat block"
    assert passes["Pass to Bones"].legal and not passes["Pass to Ada"].legal


def test_the_greyed_passes_while_the_table_must_answer_first(four):
    """While a decision waits, every pass is refused with the waiting question (the command's
    own refusal, not the baton rule's)."""
    four.start("bram")
    four.do(Attack("bram", "cult", "Longsword"))  # waits for the defence
    passes = _passes_as_the_command_says(four.enc)
    assert passes and all(o.reason.startswith("the table must answer first") for o in passes)


def test_a_refusal_anywhere_in_what_a_pass_does_greys_the_option(four, monkeypatch):
    """ "Once they have acted, the character must pass the initiative on to another character":
    a pass the baton rule allows is offered as the pass itself would go — whatever the new turn
    refuses (here a refusal added to the start of a turn, as a future rule might) greys the option
    with the pass's own sentence, since the options run the very steps the pass runs."""
    from vantage.engine.protocol.errors import CommandRejected
    from vantage.engine.rules.baton import turns

    four.start("bram")  # no check yet: to the other side (Cult or Bones)
    begin = turns.begin_turn

    def refusing(work, token_id):
        if token_id == "bones":
            raise CommandRejected("Bones is stuck in the mud")
        begin(work, token_id)

    monkeypatch.setattr(turns, "begin_turn", refusing)
    passes = {o.label: o for o in _passes_as_the_command_says(four.enc)}
    assert not passes["Pass to Bones"].legal
    assert passes["Pass to Bones"].reason == "Bones is stuck in the mud"
    assert passes["Pass to Cult"].legal
