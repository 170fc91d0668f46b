"""Mounted Combat: the mount is a token of its own, linked to its rider (``rides``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vantage.engine.protocol.commands import ApplyDamage, Attack, Move, PassInitiative
from vantage.engine.rules.asking import (
    ask_attack_options,
    ask_move_preview,
    ask_move_reading,
    ask_movement,
    ask_pending,
)
from vantage.engine.rules.base import MoveReading


@pytest.fixture
def mounted(fight, make):
    """Rider on Horse (a large warhorse covering (2, 2)–(3, 3)); Cult next to the horse."""
    horse = make("horse", "warhorse", (2, 2), skills={"dodge": 3})
    rider = replace(make("rider", "outrider", (2, 2)), rides="horse")
    return fight(horse, rider, make("cult", "cultist", (4, 2)), width=20)


def test_the_rider_uses_the_mounts_speed_and_is_on_higher_ground(mounted):
    """ "The character uses the mount's speed." "The character is treated as being on higher ground." """
    assert str(ask_movement(mounted.enc, "rider").allowance) == "Movement: Horse's speed 60 ft 12 = 12"
    mounted.start("party")
    options = ask_attack_options(mounted.enc, "rider", "cult")
    (lance,) = [o for o in options if o.label == "Attack with the Lance"]
    assert lance.legal, lance.reason  # the lance reaches from the horse's footprint (assumed)
    assert "positive chance: mounted: higher ground" in lance.explanation


def test_the_rider_adds_the_mounts_defense(mounted):
    """ "The character adds the mount's Defense to their skill to defend against attacks"."""
    mounted.start("party")
    mounted.do(PassInitiative("rider", "cult"))
    sentences = mounted.resisted(Attack("cult", "rider", "Sickle"), 5, 2)  # 7 + 1 = 8 vs 7 + 1 + 2 = 10
    assert "against difficulty 7 + Dodge 1 + Horse's Defense 2 = 10: failure" in sentences[1]


def test_the_mount_can_be_targeted_and_uses_only_its_own_defense(mounted):
    """ "…but the mount can also be targeted by attacks (in which case it uses only its own Defense)":
    the horse's Dodge 3 is not offered."""
    mounted.start("party")
    mounted.do(PassInitiative("rider", "cult"))
    options = ask_attack_options(mounted.enc, "cult", "horse")
    (sickle,) = [o for o in options if o.label == "Attack with the Sickle"]
    assert sickle.legal and "against difficulty 9" in sickle.explanation
    sentences = mounted.resisted(Attack("cult", "horse", "Sickle"), 4, 4, 1, 6, 6)  # 8 + 1 = 9 vs 7 + 2
    assert "against difficulty 7 + its own Defense 2 = 9: success" in sentences[1]
    assert "Dodge" not in sentences[1]


def test_damage_to_the_mount_asks_the_rider_for_a_ride_check(mounted):
    """ "If the rider or the mount takes damage, the rider must pass a Ride [Animal] check with a
    difficulty equal to 7 + the damage taken to avoid being thrown off." Thrown off: beside the
    mount, prone (assumed)."""
    mounted.start("party")
    mounted.do(PassInitiative("rider", "cult"))
    before = mounted.enc
    sentences = mounted.resisted(Attack("cult", "horse", "Sickle"), 4, 4, 3, 4, 4)  # damage 3: Ride 2 + 8
    assert "Rider keeps the saddle (Ride): 2d6 [4, 4] = 8 → stays mounted." in sentences
    assert mounted.token("rider").rides == "horse"
    mounted.enc = before
    sentences = mounted.resisted(Attack("cult", "horse", "Sickle"), 4, 4, 3, 4, 3)  # Ride 2 + 7 = 9 < 7 + 3
    assert "Rider keeps the saddle (Ride): 2d6 [4, 3] = 7 → thrown off." in sentences
    assert "Rider is thrown off Horse, landing at (1, 1)." in sentences
    rider = mounted.token("rider")
    assert rider.rides is None and rider.position == (1, 1) and mounted.has("rider", "prone")


def test_damage_to_the_rider_asks_for_a_ride_check_that_can_be_passed(mounted):
    """ "If the rider or the mount takes damage, the rider must pass a Ride [Animal] check…"."""
    sentences = mounted.do(ApplyDamage("rider", 1, "health"), 6, 6)
    assert any("keeps the saddle" in s and "stays mounted" in s for s in sentences)
    assert mounted.token("rider").rides == "horse"


def test_a_mount_that_dies_throws_its_rider_without_a_check(mounted):
    """The text is silent on a fallen mount: its rider lands beside it, prone (assumed)."""
    sentences = mounted.do(ApplyDamage("horse", 99, "health"))
    assert "Rider falls as Horse dies, landing at (1, 1)." in sentences
    assert not any("keeps the saddle" in s for s in sentences)
    assert mounted.token("rider").rides is None and mounted.has("rider", "prone")


def test_the_mount_acts_using_the_riders_major_action(mounted):
    """ "The mount acts using the rider's major action and minor action." """
    mounted.start("party")
    sentences = mounted.resisted(Attack("horse", "cult", "Hooves"), 1, 2, 3)  # numerical advantage: Rider
    assert sentences[1].startswith("Horse misses Cult with the Hooves")
    reason = mounted.refused(Attack("rider", "cult", "Lance"))
    assert "has already used the major action this turn" in reason
    assert mounted.record("rider")["check"] == "odd" and "check" not in mounted.record("horse")
    passing = mounted.refused(PassInitiative("horse", "cult"))  # the rider passes it, not its mount
    assert passing == "Horse does not hold the initiative: Rider does"


def test_a_ridden_mount_never_holds_the_initiative(mounted):
    """The mount acts in its rider's turn (it "acts using the rider's major action"), so the baton is
    never passed to it, and it does not start."""
    events = mounted.start("party")
    assert mounted.enc.combat["actor"] == "rider", events
    mounted.resisted(Attack("rider", "cult", "Lance"), 2, 2, 1, 1)  # even: the party keeps the initiative
    reason = mounted.refused(PassInitiative("rider", "horse"))
    assert "no ally can receive it" in reason and reason.endswith("(to Cult)")


def test_moving_the_rider_moves_the_mount_and_the_mount_does_not_walk_alone(mounted):
    """ "The character uses the mount's speed": the rider moves, the mount carries it."""
    mounted.start("party")
    mounted.do(Move("rider", ((2, 2), (2, 3), (2, 4), (2, 5))))  # the horse leaves Cult's reach
    sentences = mounted.answer("let-go")
    assert mounted.token("rider").position == (2, 5) and mounted.token("horse").position == (2, 5)
    assert "Horse carries Rider to (2, 5)." in sentences
    reason = mounted.refused(Move("horse", ((2, 5), (2, 6))))
    assert reason.startswith("Horse carries Rider: it moves when Rider moves")
    alone = str(ask_movement(mounted.enc, "horse").allowance)
    assert alone == "Movement: speed 60 ft 12; carries Rider: it moves when Rider moves → 0"


def test_the_mount_must_fit_where_the_rider_goes(fight, make):
    """The large horse cannot pass where only the rider would: the move is refused and says why."""
    horse = make("horse", "warhorse", (2, 2))
    rider = replace(make("rider", "outrider", (2, 2)), rides="horse")
    f = fight(horse, rider, make("cult", "cultist", (2, 5)), width=20)
    reason = f.refused(Move("rider", ((2, 2), (2, 3), (2, 4))))  # the horse would cover (2..3, 4..5)
    assert reason.startswith("Rider cannot move that way")
    f.start("party")
    preview = ask_move_preview(f.enc, "rider", ((2, 2), (2, 3), (2, 4)), None)
    assert preview.startswith("Horse cannot carry Rider that way: ")  # said on the drag, before the drop


def test_one_cannot_attack_the_token_it_rides(mounted):
    mounted.start("party")
    assert "one rides the other" in mounted.refused(Attack("rider", "horse", "Lance"))


def test_an_opportunity_attack_on_a_rider_is_measured_from_its_mount(mounted):
    """ "When a character moves out of the reach of an enemy wielding a melee weapon, they allow that
    enemy to immediately make an attack against them." A rider is reached from its mount's whole
    footprint (assumed, docs/rules/baton.md): the Rider's own tile (2, 2) is 2 tiles from Cult at
    (4, 2), but the Horse's (3, 2) is beside it — the Rider leaves Cult's reach where the Horse does,
    after (2, 3)."""
    mounted.start("party")
    path = ((2, 2), (2, 3), (2, 4), (2, 5))
    assert ask_move_preview(mounted.enc, "rider", path, None) == (
        "Horse carries Rider: leaves Cult's reach at (2, 3): opportunity attack")
    assert ask_move_preview(mounted.enc, "rider", path, "disengage") == ""
    assert mounted.do(Move("rider", path)) == [
        "Waiting for Cult: Rider leaves Cult's reach at (2, 3): opportunity attack?"]
    (decision,) = ask_pending(mounted.enc)
    assert decision.who == "cult" and decision.at == (2, 3)
    assert [c.value for c in decision.choices] == ["attack", "let-go"]
    mounted.answer("attack")
    (defence,) = ask_pending(mounted.enc)  # how the Rider resists
    assert defence.who == "rider"
    sentences = mounted.answer(None, 1, 2)
    assert any(s.startswith("Opportunity attack as Rider leaves Cult's reach: Cult misses Rider")
               for s in sentences), sentences
    assert mounted.token("rider").position == (2, 5) and mounted.token("horse").position == (2, 5)


def test_the_drag_of_a_rider_reads_its_words_and_its_marks_from_the_mounts_footprint(mounted):
    """One answer for the drag's label and its marks (``move_reading``): the path's reach events are
    the Horse's footprint's carried along the Rider's path, each on the Rider's own step; the
    Rider's own 1×1 tile (2, 2) is never in Cult's reach. Out of combat the marks stand, the words
    (an opportunity attack) do not; another mover's reading adds nothing."""
    path = ((2, 2), (2, 3), (2, 4), (2, 5))
    before = ask_move_reading(mounted.enc, "rider", path, None)
    assert before.note == "" and before.events is not None
    assert [(e.kind, e.step, e.tile) for e in before.events] == [("leaves_reach", 2, (2, 4))]
    mounted.start("party")
    reading = ask_move_reading(mounted.enc, "rider", path, None)
    assert reading.note == ask_move_preview(mounted.enc, "rider", path, None) == (
        "Horse carries Rider: leaves Cult's reach at (2, 3): opportunity attack")
    assert reading.events == before.events
    (event,) = reading.events
    assert event.data["enemy"] == "cult" and path[event.step - 1] == (2, 3)  # where the label says
    assert ask_move_reading(mounted.enc, "cult", ((4, 2), (5, 2)), None) == MoveReading()


def test_a_rider_whose_own_tile_leaves_a_reach_its_mount_stays_in_is_not_attacked(fight, make):
    """The Rider's own tile (3, 3) → (3, 4) leaves Cult's reach at (4, 2); the Horse's footprint,
    (2, 3)–(3, 4) after the step, is still beside Cult: the Rider has not left its reach."""
    horse = make("horse", "warhorse", (2, 2))
    rider = replace(make("rider", "outrider", (3, 3)), rides="horse")
    f = fight(horse, rider, make("cult", "cultist", (4, 2)), width=20)
    f.start("party")
    sentences = f.do(Move("rider", ((3, 3), (3, 4))))
    assert not ask_pending(f.enc), sentences
    assert f.token("horse").position == (2, 3)
