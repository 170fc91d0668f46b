"""Attacks of opportunity as a decision of the enemy whose reach a move leaves
(engine/rules/avorkarth/opportunity.py, moving.py).

"Attacks of Opportuinty : Whenever an attack of opportunity is given, the creature may use an
immediate action to do a single primary attack." — "Retreating : A creature may retreat out of melee
range, but may only use movement actions for their turn."

Default fighters: attack 5, dodge 5, Strength 5, Longsword might 5, armour 5 from the front. The first
scripted face is the acting creature's morale check; an attack then rolls its hit and its strike.
"""

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.asking import ask_pending
from vantage.engine.session import CommandRejected

OK = 12
AVORKARTH = get_ruleset("avorkarth")


def started(*tokens, rules=None, combat=None):
    state = dict(combat or {})
    if rules:
        state["rules"] = rules
    enc, _ = run(encounter(*tokens, combat=state), ScriptedDice([OK]), c.StartCombat())
    return enc


def bram_and_ghoul(**bram):
    """Bram's turn; the Ghoul stands east of (3, 5), Bram one step north of that tile."""
    return started(fighter("bram", (3, 4), "party", "S", player=True, **bram),
                   fighter("ghoul", (4, 5), "enemy", "W"))


MAY_BE_GIVEN = "leaves the reach of Ghoul — an attack of opportunity may be given."

#: Bram steps south beside the Ghoul, then away west: the reach is left on step 2, from (3, 5).
AWAY = c.Move("bram", ((3, 4), (3, 5), (2, 5), (1, 5)))


def test_leaving_the_reach_asks_the_enemy_and_changes_nothing_yet():
    """"Whenever an attack of opportunity is given, the creature may use an immediate action": the
    enemy decides, at the tile the mover leaves from; by default it lets the mover go."""
    enc = bram_and_ghoul()
    after, events = run(enc, ScriptedDice([]), AWAY)
    (decision,) = ask_pending(after)
    assert decision.kind == "reaction" and decision.who == "ghoul"
    assert decision.prompt == "Bram leaves Ghoul's reach at (3, 5): attack of opportunity?"
    assert decision.at == (3, 5) and decision.default == "pass"
    attack, let_go = decision.choices
    assert (attack.value, attack.label) == ("attack", "Attack of opportunity with the Longsword")
    assert (let_go.value, let_go.label) == ("pass", "Let Bram go")
    hit, *outcomes = attack.chances.items()  # the chance to hit first, then each outcome, best first
    assert hit[0] == "hit" and outcomes[0][0] == "critical success"
    succeeded = ("critical success", "success", "partial success")
    assert hit[1] == pytest.approx(sum(attack.chances[o] for o in succeeded))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert f"{hit[1]:.0%} to hit" in attack.explanation  # "Bram is in the flank arc": +1
    assert attack.explanation.startswith("Attack 5 vs Dodge 5")
    assert [e.kind for e in events] == ["waiting"] and events[0].who == "ghoul"
    assert after.token("bram").position == (3, 4)
    assert {k: v for k, v in after.combat.items() if k != "pending"} == enc.combat


def test_attack_answered_the_move_the_attack_then_the_rest_of_the_move():
    """"… may use an immediate action to do a single primary attack": the attack lands on the mover
    standing on the last tile inside the reach, between the two parts of the move."""
    enc = bram_and_ghoul()
    enc, _ = run(enc, ScriptedDice([]), AWAY)
    enc, events = run(enc, ScriptedDice([OK, OK]), c.Answer("attack"))
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["note", "moved"] and kinds[-2:] == ["moved", "note"]
    first, second = (e for e in events if e.kind == "moved")
    assert first.path == ((3, 4), (3, 5)) and first.sentence == (
        "Bram moves 1 tile to (3, 5), retreating from Ghoul (only movement actions now).")
    hit = next(e for e in events if e.kind == "hit")
    assert (hit.attacker, hit.target) == ("ghoul", "bram") and kinds.index("hit") > kinds.index("moved")
    assert any(e.kind == "damage_taken" and e.token == "bram" for e in events)
    assert second.path == ((3, 5), (2, 5), (1, 5)) and second.sentence == "Bram moves on 2 tiles to (1, 5)."
    assert events[-1].sentence == "Bram, step 2: leaves the reach of Ghoul — Ghoul made an attack of " \
        "opportunity."
    assert enc.token("bram").position == (1, 5) and "pending" not in enc.combat
    assert enc.combat["creatures"]["ghoul"]["immediate_round"] == 1


def test_the_immediate_action_is_spent_so_a_second_leave_that_round_asks_nothing():
    """"… may use an immediate action" — one a round: leaving the reach again in the same round
    gives no second decision."""
    enc = started(fighter("bram", (3, 5), "party", "W", player=True), fighter("ghoul", (4, 5), "enemy", "W"))
    # out of the reach (step 1), back in beside it (step 2), out again (step 3)
    weave = c.Move("bram", ((3, 5), (2, 5), (3, 6), (2, 7)))
    enc, _ = run(enc, ScriptedDice([]), weave)
    enc, events = run(enc, ScriptedDice([OK, OK]), c.Answer("attack"))
    assert ask_pending(enc) == ()
    assert sum(e.kind == "hit" for e in events) == 1 and enc.token("bram").position == (2, 7)


def test_pass_answered_the_move_reads_as_it_did_before_decisions():
    """The enemy lets the mover go: one move event and the path's notes, as with decisions off — the
    note of the leave says who let the mover go."""
    enc = bram_and_ghoul()
    paused, _ = run(enc, ScriptedDice([]), AWAY)
    after, events = run(paused, ScriptedDice([]), c.Answer("pass"))
    off = started(fighter("bram", (3, 4), "party", "S", player=True), fighter("ghoul", (4, 5), "enemy", "W"),
                  rules={"opportunity_decisions": False})
    _, plain = run(off, ScriptedDice([]), AWAY)
    assert events[0].sentence == "Ghoul: Let Bram go."
    assert [e.to_dict() for e in events[1:-1]] == [e.to_dict() for e in plain[:-1]]
    assert plain[-1].sentence == f"Bram, step 2: {MAY_BE_GIVEN}"
    assert events[-1].sentence == "Bram, step 2: leaves the reach of Ghoul — Ghoul lets Bram go."
    assert after.token("bram").position == (1, 5)
    assert after.combat["creatures"]["ghoul"]["immediate_round"] == 0


def test_a_pass_keeps_the_immediate_action_for_the_next_leave():
    """Letting the mover go spends nothing: leaving the reach again in the same move asks again."""
    enc = started(fighter("bram", (3, 5), "party", "W", player=True), fighter("ghoul", (4, 5), "enemy", "W"))
    enc, _ = run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (2, 5), (3, 6), (2, 7))))
    enc, _ = run(enc, ScriptedDice([]), c.Answer("pass"))
    (again,) = ask_pending(enc)
    assert again.at == (3, 6) and again.who == "ghoul"


def test_a_mover_knocked_out_by_the_attack_stops_where_it_was_hit():
    """"Unconsciousness : … the character cannot move": the move ends on the tile of the attack."""
    enc = bram_and_ghoul(wounds=2)
    enc, _ = run(enc, ScriptedDice([]), c.ApplyDamage("bram", amount=45), AWAY)
    enc, events = run(enc, ScriptedDice([OK, OK]), c.Answer("attack"))
    assert enc.token("bram").has_condition("unconscious")
    assert enc.token("bram").position == (3, 5)
    assert events[-1].sentence == "Bram cannot move on (unconscious): the move ends at (3, 5)."
    assert sum(e.kind == "moved" for e in events) == 1


def test_an_enemy_that_used_its_immediate_action_is_not_asked():
    """One immediate action a round: an enemy that made its attack of opportunity already lets the
    mover go without being asked (the path still notes the leave)."""
    enc = bram_and_ghoul()
    enc, _ = run(enc, ScriptedDice([OK, OK]), c.Attack("ghoul", "bram", options={"opportunity": True}))
    enc, events = run(enc, ScriptedDice([]), AWAY)
    assert ask_pending(enc) == () and enc.token("bram").position == (1, 5)
    assert events[-1].sentence == f"Bram, step 2: {MAY_BE_GIVEN}"


def test_two_enemies_are_asked_in_turn():
    """Each enemy whose reach is left decides for itself, one after the other (in the map's order)."""
    enc = started(fighter("bram", (3, 5), "party", "W", player=True), fighter("ghoul", (4, 5), "enemy", "W"),
                  fighter("wight", (4, 4), "enemy", "W"))
    enc, _ = run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (2, 5), (1, 5))))
    assert ask_pending(enc)[0].who == "ghoul"
    enc, _ = run(enc, ScriptedDice([]), c.Answer("pass"))
    (second,) = ask_pending(enc)
    assert second.who == "wight"
    assert second.prompt == "Bram leaves Wight's reach at (3, 5): attack of opportunity?"
    enc, events = run(enc, ScriptedDice([OK, OK]), c.Answer("attack"))
    assert [e.attacker for e in events if e.kind == "hit"] == ["wight"]
    assert [e.sentence for e in events[:1]] == ["Wight: Attack of opportunity with the Longsword."]
    assert enc.token("bram").position == (1, 5)


def test_an_enemy_that_cannot_attack_is_not_asked():
    """An attack of opportunity is an attack: a prone enemy "must stand up first", a ranged weapon
    does not reach in melee."""
    bow = [{"name": "Bow", "might": 4, "ranged": True, "reach": 10}]
    enc = started(fighter("bram", (3, 5), "party", "W", player=True),
                  fighter("ghoul", (4, 5), "enemy", "W", conditions=("prone",)),
                  fighter("archer", (4, 4), "enemy", "W", weapons=bow))
    enc, _ = run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (2, 5), (1, 5))))
    assert ask_pending(enc) == () and enc.token("bram").position == (1, 5)


def test_a_reach_weapon_asks_when_its_own_reach_is_left():
    """The reach given up is the enemy's weapon's: a spear of reach 2 is left two tiles out."""
    spear = [{"name": "Spear", "might": 4, "reach": 2}]
    enc = started(fighter("bram", (3, 5), "party", "W", player=True),
                  fighter("guard", (4, 5), "enemy", "W", weapons=spear))
    enc, _ = run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (2, 5), (1, 5))))
    (decision,) = ask_pending(enc)
    assert decision.at == (2, 5) and decision.choices[0].label == "Attack of opportunity with the Spear"


def test_with_the_rules_option_off_a_move_only_notes_the_leave():
    """``combat["rules"]["opportunity_decisions"]: false``: the GM gives attacks of opportunity by
    hand (an ``attack`` with the ``opportunity`` option); the move only says one may be given."""
    enc = started(fighter("bram", (3, 5), "party", "W", player=True), fighter("ghoul", (4, 5), "enemy", "W"),
                  rules={"opportunity_decisions": False})
    enc, events = run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (2, 5), (1, 5))))
    assert ask_pending(enc) == () and enc.token("bram").position == (1, 5)
    assert [e.kind for e in events] == ["moved", "note"]
    assert events[1].sentence == f"Bram, step 1: {MAY_BE_GIVEN}"


def test_a_move_that_will_ask_is_legal():
    """Legality stops at the first roll or the first decision: a move that pauses for an enemy's
    reaction would be carried out, and asking it leaves the encounter as it was."""
    enc = bram_and_ghoul()
    assert AVORKARTH.legality(enc, AWAY) == (True, "")
    assert AVORKARTH.legality(enc, c.Move("bram", ((3, 4), (3, 6)))) == (
        False, "Bram cannot move that way: step 1 from (3, 4) to (3, 6): not a step to a neighbouring tile")
    assert ask_pending(enc) == ()


def test_while_waiting_only_the_answer_is_taken():
    """The move waits for the Ghoul: any other command is refused until it answers or the GM
    withdraws the move."""
    enc, _ = run(bram_and_ghoul(), ScriptedDice([]), AWAY)
    with pytest.raises(CommandRejected, match="the table must answer first — waiting for Ghoul"):
        run(enc, ScriptedDice([]), c.EndTurn("bram"))
    enc, events = run(enc, ScriptedDice([]), c.CancelPending())
    assert enc.token("bram").position == (3, 4) and events[0].kind == "withdrawn"


def test_grapple_partners_are_dragged_along_each_part_of_the_move():
    """"The two creatures drag each other whenever moving": the grappled goblin follows the move up to
    the attack and then the rest of it."""
    grapple = {"grappler": "bram", "target": "goblin", "level": "partial", "choke": 0}
    enc = started(fighter("bram", (3, 4), "party", "S", player=True), fighter("ghoul", (4, 5), "enemy", "W"),
                  fighter("goblin", (2, 3), "enemy", "N", conditions=("grappled",)),
                  combat={"grapples": [grapple]})
    # Bram's allowance is 6 (the partial grapple halves only its target's movement)
    enc, _ = run(enc, ScriptedDice([]), AWAY)
    enc, events = run(enc, ScriptedDice([OK, OK]), c.Answer("attack"))
    dragged = [e.sentence for e in events if e.kind == "moved" and e.token == "goblin"]
    assert dragged == ["Goblin is dragged along to (2, 4).", "Goblin is dragged along to (0, 4)."]
    assert enc.token("goblin").position == (0, 4)


def test_the_enemy_rolls_its_own_dice_at_the_table():
    """Dice rolled at the table are the roller's: the Ghoul's attack asks the Ghoul's faces, not the
    mover's."""
    enc = bram_and_ghoul()
    enc, _ = run(enc, ScriptedDice([]), c.SetTableDice(tokens=("ghoul",)), AWAY)
    enc, _ = run(enc, ScriptedDice([]), c.Answer("attack"))
    (roll,) = ask_pending(enc)
    assert roll.kind == "roll" and roll.who == "ghoul"
    enc, _ = run(enc, ScriptedDice([]), c.Answer(faces=(OK,)))
    enc, events = run(enc, ScriptedDice([]), c.Answer(faces=(OK,)))
    assert enc.token("bram").position == (1, 5)
    assert [e.faces for e in events if e.kind == "roll"] == [(OK,), (OK,)]


def test_an_enemy_with_alternate_attacks_chooses_the_weapon():
    """"Alternate Attacks : Some creatures may have alternate primary attacks. Which attack is used
    must be chosen before rolling to hit." — the enemy is offered each primary melee weapon that
    reaches, and the one it answers is the one that strikes."""
    claws = [{"name": "Claws", "might": 4}, {"name": "Maw", "might": 6}]
    enc = started(fighter("bram", (3, 4), "party", "S", player=True),
                  fighter("ghoul", (4, 5), "enemy", "W", weapons=claws))
    enc, _ = run(enc, ScriptedDice([]), AWAY)
    (decision,) = ask_pending(enc)
    assert [(ch.value, ch.label) for ch in decision.choices] == [
        ("attack", "Attack of opportunity with the Claws"),
        ("attack:Maw", "Attack of opportunity with the Maw"),
        ("pass", "Let Bram go"),
    ]
    enc, events = run(enc, ScriptedDice([OK, OK]), c.Answer("attack:Maw"))
    assert any(e.kind == "hit" and "with the Maw" in e.sentence for e in events)
    assert events[-1].sentence.endswith("Ghoul made an attack of opportunity.")
