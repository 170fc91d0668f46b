"""The other actions of the text, and the GM's damage and healing.

"Major Action ... create opportunity ... Retrieve an item from their backpack ... a magic ring";
"Minor Action: Shout a command. Draw or stow a weapon. Drop or pick up an item ... pocket or belt
pouch ... a potion ... an Power Item ... a miracle". What an item, a ring or a miracle does is the
GM's (the text gives no item list): the action spends its slot and is logged; a create-opportunity
action is a check whose die counts for the baton like any check of the major action.
"""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.explain import Breakdown
from vantage.engine.protocol.commands import ApplyDamage, Heal
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.baton.check import difficulty, make_check
from vantage.engine.rules.baton.hazards import resist_poison
from vantage.engine.rules.baton.schema import SKILLS
from vantage.engine.rules.baton.state import BatonWork
from vantage.engine.rules.baton.tables import RULESET_NAME
from vantage.engine.rules.baton.turns import note_check, require_alive, require_combat, require_turn, spend
from vantage.engine.rules.baton.vocabulary import TakeAction


@dataclass(frozen=True)
class ActionKind:
    id: str
    label: str
    slot: str  # major or minor
    help: str
    check: bool = False


ACTIONS: tuple[ActionKind, ...] = (
    ActionKind(
        "create_opportunity",
        "Create opportunity",
        "major",
        "distract, manipulate the battlefield, taunt, signal, play music: a check the GM describes",
        check=True,
    ),
    ActionKind("retrieve_backpack", "Retrieve from the backpack", "major", "an item from the backpack"),
    ActionKind("magic_ring", "Activate a magic ring", "major", "the effect of a magic ring"),
    ActionKind("shout", "Shout a command", "minor", "a shouted command"),
    ActionKind("draw_stow", "Draw or stow a weapon", "minor", "draw or stow a weapon"),
    ActionKind("drop_pick_up", "Drop or pick up an item", "minor", "an item on the ground"),
    ActionKind("pouch_item", "Take from a pouch", "minor", "an item from a pocket or belt pouch"),
    ActionKind("potion", "Drink a potion", "minor", "a potion from a pocket or belt pouch, drunk"),
    ActionKind("power_item", "Activate a Power Item", "minor", "the effect of a Power Item"),
    ActionKind("miracle", "Perform a miracle", "minor", "a miracle"),
    ActionKind(
        "resist_poison",
        "Resist the poison",
        "major",
        "remake the Physique check against a lasting poison",
        check=True,
    ),
    ActionKind(
        "break_free",
        "Break free",
        "major",
        'restrained: "Trying to break free costs a major action" (Physique against 8, assumed)',
        check=True,
    ),
)
ACTION_BY_ID = {a.id: a for a in ACTIONS}
CHECK_SKILLS = ("physique", "agility", *SKILLS)


def take_action(work: BatonWork, cmd: TakeAction) -> None:
    kind = ACTION_BY_ID.get(cmd.action)
    if kind is None:
        raise CommandRejected(
            f"baton_action.action: {cmd.action!r} is not a {RULESET_NAME} action "
            f"(known: {', '.join(ACTION_BY_ID)})"
        )
    tid, name = cmd.token, work.name(cmd.token)
    work.stats(tid)
    require_combat(work, "actions")
    require_turn(work, tid)
    require_alive(work, tid, kind.label.lower())
    if work.has(tid, "paralyzed") and kind.slot == "movement":
        raise CommandRejected(f"{name} is paralyzed")
    if kind.id == "resist_poison":
        resist_poison(work, cmd)
        return
    if kind.id == "break_free":
        _break_restraint(work, cmd)
        return
    if kind.check:
        skill = cmd.skill or ""
        if skill not in CHECK_SKILLS:
            raise CommandRejected(
                f"baton_action.skill: {cmd.skill!r} is not a skill of the stat block "
                f"(known: {', '.join(CHECK_SKILLS)})"
            )
        target = 7 if cmd.difficulty is None else cmd.difficulty
        if target < 1:
            raise CommandRejected(f"baton_action.difficulty: {target} is not a difficulty (at least 1)")
    elif cmd.skill is not None:
        raise CommandRejected(f"baton_action.skill: {kind.label.lower()} is not a check")
    spend(work, tid, kind.slot, kind.label.lower())
    what = f" ({cmd.text})" if cmd.text else ""
    if not kind.check:
        work.emit(
            Note(
                sentence=f"{name}: {kind.label.lower()} ({kind.slot} action){what}.",
                token=tid,
                data={"action": kind.id},
            )
        )
        return
    value = work.stats(tid).skill(skill)
    chances = work.own_chances(tid, skill)
    label = skill.replace("_", " ").title()
    result = make_check(
        work.dice,
        f"{name} creates an opportunity ({label})",
        Breakdown("Skill", value, label),
        difficulty(target),
        chances,
        work.table,
    )
    work.spend_boon(tid, chances)
    work.emit_roll(result.roll, "success" if result.success else "failure")
    note_check(work, tid, result.natural)
    outcome = "succeeds" if result.success else "fails"
    work.emit(
        Note(
            sentence=f"{name} creates an opportunity{what} and {outcome} — {result.explanation()}.",
            token=tid,
            data={"action": kind.id, "success": result.success, "levels": result.levels},
        )
    )


# -- the GM's damage and healing -------------------------------------------------------------------

TRACKS = ("protection", "stamina", "health")
DAMAGE_KINDS = ("direct", "fatigue", "necrotic", "divine", "fire")


def apply_damage(work: BatonWork, cmd: ApplyDamage) -> None:
    """GM: damage through the layers (``track`` null), or on one layer; ``direct`` and ``necrotic``
    damage are wounds at once, ``fatigue`` lands on Stamina."""
    if cmd.amount < 1:
        raise CommandRejected(f"apply_damage.amount: {cmd.amount} is not a positive amount")
    if cmd.track is not None and cmd.track not in TRACKS:
        raise CommandRejected(
            f"apply_damage.track: {cmd.track!r} is not a {RULESET_NAME} damage track "
            f"(known: {', '.join(TRACKS)})"
        )
    if cmd.damage_kind is not None and cmd.damage_kind not in DAMAGE_KINDS:
        raise CommandRejected(
            f"apply_damage.damage_kind: {cmd.damage_kind!r} is not a {RULESET_NAME} kind of "
            f"damage (known: {', '.join(DAMAGE_KINDS)})"
        )
    work.stats(cmd.token)
    if work.dead(cmd.token):
        raise CommandRejected(f"{work.name(cmd.token)} is already dead")
    work.take_damage(cmd.token, cmd.amount, how="the GM", kind=cmd.damage_kind, track=cmd.track)


def heal(work: BatonWork, cmd: Heal) -> None:
    """GM: Protection or Stamina back, or (health) the severity of the worst wound lowered — a
    potion or a miracle, which also heals necrotic wounds ("requiring some form of magical treatment")."""
    if cmd.amount < 1:
        raise CommandRejected(f"heal.amount: {cmd.amount} is not a positive amount")
    track = cmd.track or "health"
    if track not in TRACKS:
        raise CommandRejected(
            f"heal.track: {track!r} is not a {RULESET_NAME} damage track (known: {', '.join(TRACKS)})"
        )
    tid, name = cmd.token, work.name(cmd.token)
    s = work.stats(tid)
    record = work.creature(tid)
    if track == "protection":
        before = work.protection_left(tid)
        record["protection"] = min(s.protection, before + cmd.amount)
        healed = work.protection_left(tid) - before
    elif track == "stamina":
        before = work.stamina_left(tid)
        record["stamina"] = min(work.health_left(tid), before + cmd.amount)
        healed = work.stamina_left(tid) - before
    else:
        wounds = record.get("wounds", [])
        if not wounds:
            raise CommandRejected(f"{name} has no wound to heal")
        worst = max(wounds, key=lambda w: w["severity"])
        healed = min(cmd.amount, int(worst["severity"]))
        worst["severity"] -= healed
        worst.pop("necrotic", None)
        record["wounds"] = [w for w in wounds if w["severity"] > 0]
    if healed == 0:
        raise CommandRejected(f"{name}'s {track} is already full")
    work.emit(
        Note(
            sentence=f"{name} heals {healed} {track} ({work.layers_text(tid)}).",
            token=tid,
            data={"track": track, "amount": healed},
        )
    )


# -- rest, recovery and treatment ------------------------------------------------------------------


# -- poisons ---------------------------------------------------------------------------------------


def _break_restraint(work: BatonWork, cmd: TakeAction) -> None:
    tid, name = cmd.token, work.name(cmd.token)
    if not work.has(tid, "restrained"):
        raise CommandRejected(f"{name} is not restrained")
    if work.record(tid).get("grappled_by"):
        raise CommandRejected(f"{name} is held by a grapple: break free with the break_free maneuver")
    spend(work, tid, "major", "breaking free")
    result = make_check(
        work.dice,
        f"{name} breaks free (Physique)",
        Breakdown("Skill", work.stats(tid).physique, "Physique"),
        difficulty(8),
        work.own_chances(tid, "physique"),
        work.table,
    )
    work.emit_roll(result.roll, "free" if result.success else "still restrained")
    note_check(work, tid, result.natural)
    if result.success:
        work.remove_condition(tid, "restrained", "broke free")
