"""Damage, Disability and Death; healing and rest.

- "Any character or monster who has 1/5th or less (round down, but not less than 1) of his or her
  Hit Points left is Disabled."
- "Any character reduced to zero Hit Points (negatives will not be recorded) is dying. The player
  must roll a Will roll to remain conscious".
- "Each subsequent Round (conscious or not), the player must make an Endurance roll; success results
  in the character becoming stable ... The player has 1 chance, plus the Endurance bonus if it's
  positive". The rolls are made at the start of each Round after the one the character fell in.
- "Stable characters do not become conscious immediately; each Round after the character
  stabilizes, the player must make an Endurance check again, with success resulting in the
  character becoming conscious with 1 Hit Point; he or she may not act in that same Round."
- Healing magic on a dying character: "only 1/2 (round down, minimum 1 point) of the healing points
  are applied but the character will become conscious automatically (if not already) and is no
  longer in danger of death." The GM's ``heal`` on a dying creature is that healing.
- Binding wounds: "giving an immediate extra Endurance roll by the victim to stabilize (one such per
  Round)".
- Healing: "Normal characters heal one point for each night's rest. A night's rest is 8 hours minus
  the Endurance bonus"; "Resting all day and all night doubles healing to 2 points"; "Damage from
  unarmed combat is healed at 1 point per hour of rest".
"""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.protocol.commands import ApplyDamage, Heal, Rest
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import DamageTaken, Note, TokenDied, TokenUnconscious
from vantage.engine.rules.base import DamageTrack, RestKind
from vantage.engine.rules.shattered_world.mounts import fall_from_saddle
from vantage.engine.rules.shattered_world.skill import SkillRoll, skill_roll
from vantage.engine.rules.shattered_world.vocabulary import RULESET_NAME, BindWounds
from vantage.engine.rules.shattered_world.work import (
    DEAD,
    DYING,
    STABLE,
    UNCONSCIOUS,
    UP,
    Work,
    require_attack_of_pass,
    require_fighting,
    require_turn,
    spend_attack_of_pass,
)

#: "Combat is fought in Rounds of 6 seconds each."
ROUNDS_A_MINUTE = 10

DAMAGE_TRACKS = (
    DamageTrack("wounds", "Wounds", "hit points", "weapon and other damage; heals 1 a night's rest"),
    DamageTrack(
        "unarmed",
        "Unarmed damage",
        "hit points",
        'fist and kick damage, "healed at 1 point per hour of rest, and so must be counted separately"',
    ),
)
REST_KINDS = (
    RestKind("night", "Night's rest", "nights", "1 point a night; a night is 8 hours − Endurance bonus"),
    RestKind("full", "Full rest", "days", "resting all day and all night: 2 points a day"),
    RestKind("hours", "Hours of rest", "hours", "unarmed damage heals 1 point an hour"),
)


def chances(work: Work, token_id: str) -> int:
    """ "1 chance, plus the Endurance bonus if it's positive"."""
    return 1 + max(0, work.stats(token_id).bonus("endurance"))


def take_damage(
    work: Work, token_id: str, amount: int, track: str, why: str, kind: str | None = None
) -> None:
    """``amount`` Hit Points off (never below 0); at 0 the creature is dying."""
    left, total = work.hp(token_id)
    name = work.name(token_id)
    if work.state(token_id) == DEAD:
        work.emit(Note(sentence=f"{name} is dead: the damage changes nothing.", token=token_id))
        return
    taken = min(amount, left)
    rec = work.creature(token_id)
    was_disabled = work.disabled(token_id)
    rec[track] = int(rec[track]) + taken
    text = work.hp_text(token_id)
    lost = f", {amount - taken} more not recorded" if taken < amount else ""
    work.emit(
        DamageTaken(
            sentence=f"{name} takes {taken} damage{why} ({text}{lost}).",
            token=token_id,
            amount=taken,
            track=track,
            damage_kind=kind,
            text=text,
        )
    )
    if taken == 0:
        return
    if work.hp(token_id)[0] == 0:
        fall(work, token_id)
    elif work.disabled(token_id) and not was_disabled:
        work.add_condition(
            token_id,
            "disabled",
            why=f"{_points(work.hp(token_id)[0])} left, 1/5th of {total} "
            f"is {work.disabled_at(token_id)}: half movement, +1d20 on every action",
        )


def _points(n: int) -> str:
    return "1 Hit Point" if n == 1 else f"{n} Hit Points"


def fall(work: Work, token_id: str) -> None:
    """At 0 Hit Points: dying; the Will roll to remain conscious."""
    rec = work.creature(token_id)
    rec.update({"state": DYING, "fell": work.round, "fails": 0})
    work.remove_condition(token_id, "disabled", "at 0 Hit Points")
    name = work.name(token_id)
    work.emit(
        Note(
            sentence=f"{name} is at 0 Hit Points and dying: {chances(work, token_id)} chance"
            f"{'s' if chances(work, token_id) > 1 else ''} on Endurance to become stable.",
            token=token_id,
            data={"state": DYING},
        )
    )
    will = int(work.stats(token_id).abilities["will"])
    with work.rolls_by(token_id):
        check = skill_roll(work.dice, will, 0, f"{name} Will roll to remain conscious")
    rec["conscious"] = check.success
    if check.success:
        work.emit_roll(check.roll, "success: conscious, but still dying")
        work.add_condition(token_id, "dying", why="may not move around or fight")
    else:
        work.emit_roll(check.roll, "failure: unconscious")
        work.add_condition(token_id, "dying", quiet=True)
        work.add_condition(token_id, UNCONSCIOUS, quiet=True)
        work.emit(TokenUnconscious(sentence=f"{name} falls unconscious, dying.", token=token_id))
    fall_from_saddle(work, token_id)  # a dying rider, or the rider of a dying steed (assumed)


def _endurance(work: Work, token_id: str, purpose: str) -> SkillRoll:
    endurance = int(work.stats(token_id).abilities["endurance"])
    with work.rolls_by(token_id):
        return skill_roll(work.dice, endurance, 0, f"{work.name(token_id)} {purpose}")


def stabilise_roll(work: Work, token_id: str, purpose: str) -> None:
    """One Endurance roll of a dying creature: stable on a success, one chance less on a failure."""
    check = _endurance(work, token_id, purpose)
    rec = work.creature(token_id)
    name = work.name(token_id)
    if check.success:
        work.emit_roll(check.roll, "success: stable")
        rec.update({"state": STABLE, "stable": work.round})
        work.remove_condition(token_id, "dying", "stable, no longer in danger of death")
        work.add_condition(token_id, "stable", quiet=True)
        return
    rec["fails"] = int(rec.get("fails", 0)) + 1
    left = chances(work, token_id) - rec["fails"]
    if left > 0:
        work.emit_roll(check.roll, f"failure: {left} chance{'s' if left > 1 else ''} left")
        return
    work.emit_roll(check.roll, "failure: no chance left")
    rec["state"] = DEAD
    token = work.token(token_id)
    work.set_token(
        replace(token, conditions=tuple(c for c in token.conditions if c.name not in ("dying", UNCONSCIOUS)))
    )
    work.add_condition(token_id, "dead", quiet=True)
    work.emit(TokenDied(sentence=f"{name} dies.", token=token_id))


def round_rolls(work: Work) -> None:
    """The start of a Round: each dying creature that fell in an earlier Round rolls to stabilise;
    each stable one that stabilised in an earlier Round rolls to wake with 1 Hit Point."""
    for tid in work.participants:
        rec = work.record(tid)
        if rec["state"] == DYING and int(rec.get("fell", 0)) < work.round:
            stabilise_roll(work, tid, "Endurance roll to stabilise")
        elif rec["state"] == STABLE and int(rec.get("stable", 0)) < work.round:
            come_to_roll(work, tid)


def come_to_roll(work: Work, token_id: str) -> None:
    """One Endurance check of a stable creature: "success resulting in the character becoming
    conscious with 1 Hit Point; he or she may not act in that same Round"."""
    check = _endurance(work, token_id, "Endurance check to come to")
    if not check.success:
        work.emit_roll(check.roll, "failure: still unconscious")
        return
    work.emit_roll(check.roll, "success: conscious with 1 Hit Point")
    later = " and may not act this Round" if work.started else ""
    wake(work, token_id, f"comes to with 1 Hit Point{later}")


def play_out_rounds(work: Work, token_id: str, rounds: int) -> None:
    """``rounds`` Rounds pass out of combat: "Each subsequent Round (conscious or not), the player must
    make an Endurance roll" while dying, and the Endurance check to come to while stable — until the
    creature is conscious or dead, or the Rounds are over."""
    for _ in range(rounds):
        state = work.state(token_id)
        if state == DYING:
            stabilise_roll(work, token_id, "Endurance roll to stabilise")
        elif state == STABLE:
            come_to_roll(work, token_id)
        else:
            return


def wake(work: Work, token_id: str, how: str) -> None:
    rec = work.creature(token_id)
    total = work.stats(token_id).hit_points
    if work.hp(token_id)[0] == 0:  # 1 Hit Point back, taken off unarmed damage first
        if rec["unarmed"]:
            rec["unarmed"] -= 1
        else:
            rec["wounds"] = total - 1 - int(rec["unarmed"])
    rec.update({"state": UP, "conscious": True, "woke": work.round})
    for cond in ("stable", "dying", UNCONSCIOUS):
        work.remove_condition(token_id, cond, "conscious again")
    work.emit(Note(sentence=f"{work.name(token_id)} {how} ({work.hp_text(token_id)}).", token=token_id))
    if work.disabled(token_id):
        work.add_condition(token_id, "disabled", why="1/5th or less of the Hit Points left")


def _check_track(kind: str, track: str | None) -> str:
    known = [t.id for t in DAMAGE_TRACKS]
    if track is not None and track not in known:
        raise CommandRejected(
            f"{kind}.track: {track!r} is not a {RULESET_NAME} damage track (known: {', '.join(known)})"
        )
    return track or "wounds"


def apply_damage(work: Work, cmd: ApplyDamage) -> None:
    """GM: Hit Points of damage, as wounds or unarmed damage (no armour: the GM gives the amount)."""
    if cmd.amount < 1:
        raise CommandRejected(f"apply_damage.amount: {cmd.amount} is not a positive amount")
    track = _check_track("apply_damage", cmd.track)
    work.stats(cmd.token)
    take_damage(work, cmd.token, cmd.amount, track, " (the GM)", cmd.damage_kind)


def _restore(work: Work, token_id: str, amount: int, track: str) -> int:
    rec = work.creature(token_id)
    healed = min(amount, int(rec[track]))
    rec[track] -= healed
    return healed


def heal(work: Work, cmd: Heal) -> None:
    """GM: healing. On a dying or stable creature it is healing magic: half the points (round down,
    minimum 1), conscious at once and out of danger."""
    if cmd.amount < 1:
        raise CommandRejected(f"heal.amount: {cmd.amount} is not a positive amount")
    track = _check_track("heal", cmd.track)
    work.stats(cmd.token)
    name = work.name(cmd.token)
    state = work.state(cmd.token)
    if state == DEAD:
        raise CommandRejected(f"{name} is dead: healing does not bring back the dead")
    amount = cmd.amount
    if state in (DYING, STABLE):
        amount = max(1, cmd.amount // 2)
        healed = _restore(work, cmd.token, amount, track) or _restore(work, cmd.token, amount, "wounds")
        work.emit(
            Note(
                sentence=f"Healing magic on the {state} {name}: half of {cmd.amount} is {amount} "
                "(round down, minimum 1).",
                token=cmd.token,
            )
        )
        wake(work, cmd.token, f"is healed {healed}, conscious and out of danger of death")
        return
    healed = _restore(work, cmd.token, amount, track)
    if healed == 0:
        raise CommandRejected(f"{name} has no {track} to heal")
    work.emit(
        Note(
            sentence=f"{name} heals {healed} ({work.hp_text(cmd.token)}).",
            token=cmd.token,
            data={"track": track, "amount": healed},
        )
    )
    if not work.disabled(cmd.token):
        work.remove_condition(cmd.token, "disabled", "more than 1/5th of the Hit Points again")


def _rest_rounds(work: Work, token_id: str, kind: str, duration: int, night_hours: int) -> None:
    """The Rounds of 6 seconds a rest lasts pass first for the dying and the stable ("Each
    subsequent Round (conscious or not) ..."): it may die, or come to, before it heals."""
    if work.state(token_id) not in (DYING, STABLE):
        return
    hours = {"hours": duration, "night": duration * max(1, night_hours), "full": duration * 24}[kind]
    span = f"{hours} hour{'s' if hours != 1 else ''}"
    work.emit(Note(sentence=f"{work.name(token_id)} is {work.state(token_id)}: the {span} of rest pass "
                            "Round by Round first.", token=token_id))
    play_out_rounds(work, token_id, hours * 60 * ROUNDS_A_MINUTE)


def rest(work: Work, cmd: Rest) -> None:
    """Out of combat: nights, full days or hours of rest."""
    known = [k.id for k in REST_KINDS]
    if cmd.rest not in known:
        raise CommandRejected(
            f"rest.rest: {cmd.rest!r} is not a {RULESET_NAME} kind of rest (known: {', '.join(known)})"
        )
    if cmd.duration < 1:
        raise CommandRejected(f"rest.duration: {cmd.duration} is not a positive duration")
    if work.started:
        raise CommandRejected("combat is on: rest is taken out of combat")
    ids = list(cmd.tokens) or [t.id for t in work.enc.tokens if t.stats]
    for tid in ids:
        work.stats(tid)
    for tid in ids:
        if work.state(tid) == DEAD:
            continue
        bonus = work.stats(tid).bonus("endurance")
        night_hours = 8 - bonus
        _rest_rounds(work, tid, cmd.rest, cmd.duration, night_hours)
        if work.state(tid) == DEAD:
            continue
        if cmd.rest == "hours":
            wounds, hours, how = (
                0,
                cmd.duration,
                f"{cmd.duration} hour{'s' if cmd.duration > 1 else ''} of rest",
            )
        elif cmd.rest == "night":
            wounds, hours = cmd.duration, cmd.duration * night_hours
            nights = "nights'" if cmd.duration > 1 else "night's"
            how = f"{cmd.duration} {nights} rest of 8 h − Endurance bonus {bonus} = {night_hours} h"
        else:
            wounds, hours = 2 * cmd.duration, cmd.duration * 24
            how = f"{cmd.duration} day{'s' if cmd.duration > 1 else ''} of full rest (2 points a day)"
        healed = _restore(work, tid, wounds, "wounds") + _restore(work, tid, hours, "unarmed")
        if not healed:
            continue
        if work.state(tid) in (DYING, STABLE):
            work.creature(tid)["state"] = UP
        work.emit(
            Note(
                sentence=f"{work.name(tid)} heals {healed} after {how} ({work.hp_text(tid)}).",
                token=tid,
                data={"amount": healed},
            )
        )
        if not work.disabled(tid):
            work.remove_condition(tid, "disabled", "more than 1/5th of the Hit Points again")


def bind_wounds(work: Work, cmd: BindWounds) -> None:
    """A comrade beside the dying creature binds its wounds: an extra Endurance roll, once a Round."""
    if not work.started:
        raise CommandRejected("combat has not started: bind wounds in a Round of combat")
    require_turn(work, cmd.token)
    name, target = work.name(cmd.token), work.name(cmd.target)
    require_fighting(work, cmd.token, "tend anyone")
    if work.state(cmd.target) != DYING:
        raise CommandRejected(f"{target} is not dying: there is nothing to bind")
    if footprint_distance(work.token(cmd.token), work.token(cmd.target)) > 1:
        raise CommandRejected(f"{target} is not beside {name}")
    if work.record(cmd.target).get("bound") == work.round:
        raise CommandRejected(f"{target}'s wounds have already been bound this Round (one such per Round)")
    number = require_attack_of_pass(work, cmd.token)
    attacks, _ = work.budget_left(cmd.token)
    if attacks < 1:
        raise CommandRejected(f"{name} has no Attack left this Round to spend binding wounds")
    work.creature(cmd.token)["attacks"] += 1
    spend_attack_of_pass(work, cmd.token, number)
    work.creature(cmd.target)["bound"] = work.round
    work.emit(
        Note(
            sentence=f"{name} binds {target}'s wounds (in place of an Attack): an extra Endurance roll.",
            token=cmd.token,
        )
    )
    stabilise_roll(work, cmd.target, "Endurance roll to stabilise (wounds bound)")
