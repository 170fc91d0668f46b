"""Combat maneuvers and grappling (engine/rules/avorkarth/maneuvers.py, grapple.py).

Bram (party, facing S at (5, 4)) acts first; Ghoul stands at (5, 5) facing N. Both: attack 5,
dodge 5, Strength 5. The first scripted face is Bram's morale check.
"""

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.session import CommandRejected

OK = 12


def duel(ghoul_size="medium", faces=(OK,), **ghoul):
    enc = encounter(fighter("bram", (5, 4), "party", "S", player=True),
                    fighter("ghoul", (5, 5), "enemy", "N", size=ghoul_size, **ghoul))
    return run(enc, ScriptedDice(list(faces)), c.StartCombat())[0]


def maneuver(enc, faces, *, extra=None, choice=None, **kw):
    """A maneuver of Bram on the Ghoul; ``extra`` and ``choice`` are Avorkarth's options."""
    options = {k: v for k, v in (("extra", extra), ("choice", choice)) if v is not None}
    return run(enc, ScriptedDice(faces), c.Maneuver("bram", "ghoul", options=options, **kw))


def test_shove_moves_the_target_with_minus_one_per_tile():
    """"Shove/Drag -1 per tile Attempt to push/drag a target for a distance up to one's total movement." """
    enc, events = maneuver(duel(), [16], maneuver="shove", path=((5, 5), (5, 6), (5, 7)))
    hit = next(e for e in events if e.kind == "hit")
    assert hit.margin == -2 and "shove maneuver −2" in hit.explanation
    assert enc.token("ghoul").position == (5, 7)


def test_drag_keeps_the_attacker_in_melee_range():
    """"Must be in melee range and remain in melee range if dragging." """
    enc, _ = maneuver(duel(), [16], maneuver="drag", path=((5, 5), (6, 5)))
    assert enc.token("ghoul").position == (6, 5) and enc.token("bram").position == (6, 4)


def test_cripple_halves_movement_for_one_plus_x_rounds():
    """"Cripple -1-X Attempt to cripple a target … reducing movement by half for 1+X rounds." """
    enc, events = maneuver(duel(), [18], maneuver="cripple", extra=2)
    assert next(e for e in events if e.kind == "hit").margin == -3
    crippled = next(cd for cd in enc.token("ghoul").conditions if cd.name == "crippled")
    assert crippled.rounds_left == 3


def test_trip_makes_prone_until_standing_up():
    """"Trip -1 Attempt to make a target … fall down and unable to move/attack until they use the
    standing up action." """
    enc, _ = maneuver(duel(), [16], maneuver="trip")
    assert enc.token("ghoul").has_condition("prone")
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))
    with pytest.raises(CommandRejected, match="Ghoul is prone: must stand up first"):
        run(enc, ScriptedDice([]), c.Attack("ghoul", "bram"))
    with pytest.raises(CommandRejected, match="cannot move that way"):
        run(enc, ScriptedDice([]), c.Move("ghoul", ((5, 5), (5, 6))))
    enc, _ = run(enc, ScriptedDice([]), c.StandUp("ghoul"))
    assert not enc.token("ghoul").has_condition("prone")


def test_disarm_drops_the_targets_weapon():
    """"Disarm -2. Attempt to make a target within attacking range drop their wielded weapon." """
    enc, events = maneuver(duel(), [18], maneuver="disarm")
    assert enc.combat["dropped"] == [{"owner": "ghoul", "weapon": "Longsword", "tile": [5, 5]}]
    assert any("Ghoul is disarmed and drops the Longsword" in e.sentence for e in events)


def test_size_makes_maneuvers_harder_or_impossible():
    """"For every size larger, the opponent gains a +4 bonus to their dodge value, and it is
    impossible to do any combat maneuvers against targets 3 sizes larger." """
    enc = duel("large")
    _, events = maneuver(enc, [5], maneuver="trip")
    assert next(e for e in events if e.kind == "hit").margin == -1 - 4
    with pytest.raises(CommandRejected, match="3 sizes larger than Bram: no maneuver is possible"):
        maneuver(duel("gargantuan"), [5], maneuver="trip")


def test_maneuver_critical_fail_drops_the_weapon():
    """"Critical Fail : MELEE : The weapon bounces off. Drop your weapon." """
    enc, events = maneuver(duel(), [1], maneuver="trip")
    assert enc.combat["dropped"][0]["owner"] == "bram"
    assert not enc.token("ghoul").has_condition("prone")


def test_grapple_partial_then_full_then_choke_grows_each_round():
    """"If another grapple is successful, the partial grapple becomes a full grapple." / "Choke/Constrict :
    The grappler deals 1 minor wound every round … This increases by 1 minor wound per round." """
    enc, _ = maneuver(duel(), [18], maneuver="grapple")
    assert enc.token("ghoul").has_condition("grappled")
    assert enc.combat["grapples"] == [{"grappler": "bram", "target": "ghoul", "level": "partial", "choke": 0}]
    enc, _ = maneuver(enc, [20], maneuver="grapple")
    assert enc.token("ghoul").has_condition("fully-grappled")
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))  # Ghoul's morale
    with pytest.raises(CommandRejected, match="cannot use any limbs"):
        run(enc, ScriptedDice([]), c.Attack("ghoul", "bram"))
    # end of round: the Ghoul tries to escape (d20 3 + 5) against Bram (d20 10 + 5 + 5 full grapple)
    enc, events = run(enc, ScriptedDice([3, 10, OK]), c.EndTurn("ghoul"))
    assert any("cannot break Bram's hold" in e.sentence for e in events)
    with pytest.raises(CommandRejected, match="choose \"choke\" or \"pin\""):
        maneuver(enc, [20], maneuver="grapple")
    enc, _ = maneuver(enc, [], maneuver="grapple", choice="choke")  # fully grappled: immobilised
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))
    enc, events = run(enc, ScriptedDice([2, 2, OK]), c.EndTurn("ghoul"))
    assert enc.combat["creatures"]["ghoul"]["lethal"] == 1
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))
    enc, _ = run(enc, ScriptedDice([2, 2, OK]), c.EndTurn("ghoul"))
    assert enc.combat["creatures"]["ghoul"]["lethal"] == 1 + 2


def test_partial_grapple_halves_both_dodges_and_drags():
    """"Both the grappler and target lose half their dodge … The two creatures drag each other whenever
    moving." """
    enc, _ = maneuver(duel(), [18], maneuver="grapple")
    enc, events = run(enc, ScriptedDice([1]), c.Attack("bram", "ghoul"))
    hit = next(e for e in events if e.kind == "hit")
    assert hit.margin == 5 - 2  # dodge 5 halved (rounded down) to 2
    assert "partial grapple: half dodge −3" in hit.explanation
    enc, _ = maneuver(duel(), [18], maneuver="grapple")
    enc, events = run(enc, ScriptedDice([]), c.Move("bram", ((5, 4), (4, 4), (3, 4))))
    assert enc.token("bram").position == (3, 4) and enc.token("ghoul").position == (3, 5)
    assert events[-1].sentence == "Ghoul is dragged along to (3, 5)."


def test_tackle_is_a_full_grapple_and_the_target_strikes_back():
    """"Tackle +2 Attempt to fully grapple a target. The target may use their swift action to get a
    free Striking roll with their primary attack." """
    enc, events = maneuver(duel(), [10], maneuver="tackle")
    enc, more = run(enc, ScriptedDice([12]), c.Answer("strike"))  # the ghoul takes its free strike
    events = [*events, *more]
    assert next(e for e in events if e.kind == "hit").margin == 2
    assert enc.token("ghoul").has_condition("fully-grappled")
    assert any("answers the tackle with a free strike (success)" in e.sentence for e in events)
    assert enc.combat["creatures"]["bram"]["lethal"] == 10


def test_pin_ends_the_grapple_and_binds():
    """"Pin : Pinning the target ends the grapple action and allows the grappler to use rope or bindings" """
    enc, _ = maneuver(duel(), [10], maneuver="tackle")
    enc, _ = run(enc, ScriptedDice([5]), c.Answer())  # the default: the free strike
    enc, _ = maneuver(enc, [], maneuver="grapple", choice="pin")
    assert enc.token("ghoul").has_condition("pinned") and enc.combat["grapples"] == []


def test_escape_when_the_target_rolls_higher():
    """"Each round, the target and grappler must roll and add their strength. If the target's total is
    greater than the grappler's, they escape." """
    enc, _ = maneuver(duel(), [18], maneuver="grapple")
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))
    enc, events = run(enc, ScriptedDice([15, 14, OK]), c.EndTurn("ghoul"))
    assert any("Ghoul breaks free of Bram (20 against 19)" in e.sentence for e in events)
    assert enc.combat["grapples"] == [] and not enc.token("ghoul").has_condition("grappled")
