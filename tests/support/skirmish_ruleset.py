"""Skirmish: a minimal ruleset that lives only in the tests, to prove each mechanism of the ruleset
platform (:mod:`vantage.engine.rules.ruleset_base`) through ``apply``, ``vantage play`` and the GUI.

It is small but real — a ruleset built the way docs/rules/writing-a-ruleset.md tells a newcomer to
build one. Its rules, in full:

- **Sides and the baton.** Party and enemy fight. The side named by ``start_combat``'s option
  ``first`` (or the token named there) holds the initiative first. The actor hands the turn to a
  token of the *other* side that has not acted this round (``pass_initiative``); only when nobody
  of the other side can act may it go to someone of its own side. When everyone has acted, the
  last actor ends the round (``end_turn``) and the side that did not act last starts the next.
- **A turn** has one major action (``attack``, ``catch_breath``, or a dash) and one move.
- **Moving** costs the move: up to ``speed`` tiles (diagonals cost 1). A *dash*
  (``options={"mode": "dash"}``) costs the major action instead and goes twice as far.
- **Reactions.** A mover that leaves an enemy's reach may be struck by that enemy, once per round
  per enemy: the move pauses at that step and the enemy's player decides; a strike hits the mover
  standing on the last tile within reach, and the move goes on from there if it still stands.
- **Attacking** (major action, target within ``reach`` tiles): d20 + attack against
  10 + the target's defence; a hit does d6 damage.
- **Damage** soaks through two layers: ``guard`` first, then ``health``; at 0 health the creature
  is down. ``catch_breath`` (major action) regains 1 guard; a breather (``rest``, out of combat)
  restores all guard.

Register it for a test with :func:`registered` (the registry is process-global)::

    with registered():
        encounter, events = apply(encounter, command, dice)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from vantage.engine.dice import NoDice, roll
from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Encounter, Side, Size, Token
from vantage.engine.movement import MovementRules, PathEvent, check_path
from vantage.engine.protocol.commands import (
    ApplyDamage,
    Attack,
    Command,
    EndTurn,
    Heal,
    Move,
    PassInitiative,
    Rest,
    StartCombat,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import (
    CombatStarted,
    DamageTaken,
    HitResolved,
    Note,
    RoundBegan,
    RoundEnded,
    TokenMoved,
    TurnBegan,
    TurnEnded,
)
from vantage.engine.protocol.records import register as register_record
from vantage.engine.rules.base import (
    ActionEconomy,
    ActionOption,
    ActionSlot,
    DamageTrack,
    Health,
    HealthLayer,
    HealthModel,
    MovementAnswer,
    MoveMode,
    Overlay,
    RestKind,
    RulesetTraits,
    Tactics,
    TurnEntry,
    TurnInfo,
    TurnStructure,
    Unanswered,
)
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.registry import register, unregister
from vantage.engine.rules.ruleset_base import Handler, RulesetBase
from vantage.engine.rules.stat_schema import CreatureTemplate, FieldKind, StatField, StatSchema

RULESET_ID = "skirmish"
RULESET_NAME = "Skirmish"
#: the registry entry: the ruleset instance; its own commands are in this same module
TARGET = "skirmish_ruleset:SKIRMISH"

#: the condition of a creature at 0 health
DOWN = "down"
SIDES = (Side.PARTY.value, Side.ENEMY.value)


# -- its own vocabulary ---------------------------------------------------------------------------

@register_record(Command, owner=RULESET_ID)
@dataclass(frozen=True)
class CatchBreath(Command):
    """Skirmish's own command: ``token`` spends its major action to regain 1 guard."""

    kind: ClassVar[str] = "catch_breath"
    token: str


# -- the stat block -------------------------------------------------------------------------------

SCHEMA = StatSchema((
    StatField("health", FieldKind.INT, "hit points before the creature falls", 10, 1, 30, required=True),
    StatField("guard", FieldKind.INT, "soaks damage first; restored by a breather", 3, 0, 10),
    StatField("speed", FieldKind.INT, "tiles per move", 6, 1, 12),
    StatField("attack", FieldKind.INT, "added to the d20 of an attack", 2, 0, 10),
    StatField("defence", FieldKind.INT, "an attack needs 10 + defence to hit", 2, 0, 10),
    StatField("reach", FieldKind.INT, "tiles within which it strikes (1: adjacent)", 1, 1, 3),
    StatField("player", FieldKind.BOOL, "a player's character (its player answers its reactions)", False),
))

TEMPLATES: tuple[CreatureTemplate, ...] = (
    CreatureTemplate("goblin", "Goblin", {"health": 6, "guard": 1, "speed": 6, "attack": 2, "defence": 1,
                                          "reach": 1, "player": False},
                     "small", "enemy", "quick and cowardly; little guard"),
    CreatureTemplate("wolf", "Wolf", {"health": 8, "guard": 2, "speed": 10, "attack": 3, "defence": 2,
                                      "reach": 1, "player": False},
                     "medium", "enemy", "fast; hunts in packs"),
    CreatureTemplate("knight", "Knight", {"health": 14, "guard": 6, "speed": 5, "attack": 4, "defence": 5,
                                          "reach": 1, "player": True},
                     "medium", "party", "heavy armour: a deep guard, a slow step"),
    CreatureTemplate("archer", "Archer", {"health": 9, "guard": 2, "speed": 6, "attack": 4, "defence": 2,
                                          "reach": 3, "player": True},
                     "medium", "party", "strikes from 3 tiles away"),
    CreatureTemplate("troll", "Troll", {"health": 24, "guard": 4, "speed": 6, "attack": 5, "defence": 3,
                                        "reach": 2, "player": False},
                     "large", "enemy", "large and long-armed: reach 2"),
    CreatureTemplate("giant-rat", "Giant rat", {"health": 3, "guard": 0, "speed": 8, "attack": 1,
                                                "defence": 1, "reach": 1, "player": False},
                     "small", "enemy", "no guard at all; falls to a single good hit"),
)


def _reach_of(token: Token) -> int:
    """The token's melee reach from its stat block (1 when it has none)."""
    value = token.stats.get("reach", 1) if isinstance(token.stats, Mapping) else 1
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 1 else 1


#: How Skirmish moves: diagonals cost 1, enemies block, reach from the stat block, no locking.
MOVE_RULES = MovementRules(reach_of=_reach_of, locked_must_retreat=False, name=RULESET_ID)

MOVE_OPTIONS: Mapping[str, OptionSpec] = {
    "mode": OptionSpec((str,), None, "dash: twice the speed, for the major action"),
}
START_OPTIONS: Mapping[str, OptionSpec] = {
    "first": OptionSpec((str,), "party", "the side (party, enemy) or the token that acts first"),
    "surprised": OptionSpec((list, tuple), (), "tokens caught by surprise: they do not act in round 1"),
}
MODES = (MoveMode("dash", "Dash", "double speed; uses the major action"),)


# -- the working copy -----------------------------------------------------------------------------

class SkirmishWork(CombatWork):
    """One command's working state, with Skirmish's stat blocks and per-creature records."""

    def new_creature(self, token_id: str) -> dict[str, Any]:
        """Damage on each layer, and what is left of the turn's major action and move."""
        return {"damage_guard": 0, "damage_health": 0, "major": 1, "move": 1}

    def stats(self, token_id: str) -> dict[str, Any]:
        """The token's stat block with the defaults filled in; refused when it has none or a bad one."""
        token = self.token(token_id)
        if not token.stats:
            raise CommandRejected(f"{self.name(token_id)} has no {RULESET_NAME} stat block")
        problems = SCHEMA.validate(token.stats)
        if problems:
            place, message = problems[0]
            raise CommandRejected(f"{self.name(token_id)}'s stat block is not valid: {place}: {message}")
        return {**SCHEMA.defaults(), **token.stats}

    # -- the combat ----------------------------------------------------------------------------
    @property
    def participants(self) -> list[str]:
        return list(self.combat.get("participants", ()))

    @property
    def actor(self) -> str | None:
        actor = self.combat.get("actor")
        return None if actor is None else str(actor)

    def side(self, token_id: str) -> str:
        return self.token(token_id).side.value

    def down(self, token_id: str) -> bool:
        return self.has(token_id, DOWN)

    def can_act(self, token_id: str) -> bool:
        """Still to act this round: a participant that has not acted and is not down."""
        return (token_id in self.participants and token_id not in self.combat.get("acted", ())
                and not self.down(token_id))

    def layers(self, token_id: str) -> tuple[int, int, int, int]:
        """(guard left, guard, health left, health)."""
        s = self.stats(token_id)
        record = self.creature_or_none(token_id, {}) or {}
        guard_left = s["guard"] - int(record.get("damage_guard", 0))
        health_left = s["health"] - int(record.get("damage_health", 0))
        return max(0, guard_left), s["guard"], max(0, health_left), s["health"]

    def layers_text(self, token_id: str) -> str:
        """``"guard 1/3, health 10/10"``."""
        guard_left, guard, health_left, health = self.layers(token_id)
        return f"guard {guard_left}/{guard}, health {health_left}/{health}"


def _require_combat(work: SkirmishWork, what: str) -> None:
    if not work.started:
        raise CommandRejected(f"combat has not started: no {what} before it")


def _require_turn(work: SkirmishWork, token_id: str) -> None:
    actor = work.actor
    if token_id != actor:
        who = work.name(actor) if actor is not None else "nobody"
        raise CommandRejected(f"{work.name(token_id)} cannot act now: it is {who}'s turn")


def _spend(work: SkirmishWork, token_id: str, slot: str, what: str) -> None:
    record = work.creature(token_id)
    if record.get(slot, 0) < 1:
        raise CommandRejected(f"{work.name(token_id)} has already used the {what} this turn")
    record[slot] = record[slot] - 1


def _require_standing(work: SkirmishWork, token_id: str, what: str) -> None:
    if work.down(token_id):
        raise CommandRejected(f"{work.name(token_id)} is down and cannot {what}")


# -- turns and rounds -----------------------------------------------------------------------------

def _begin_turn(work: SkirmishWork, token_id: str) -> None:
    side = work.side(token_id)
    work.combat["actor"] = token_id
    work.combat["holder"] = side
    work.ruleset.on_turn_start(work, token_id)
    work.emit(TurnBegan(sentence=f"{work.name(token_id)}'s turn: the {side} side holds the initiative.",
                        token=token_id, round=int(work.combat["round"]), label=side,
                        budget={"major": 1, "move": 1}))


def _finish_turn(work: SkirmishWork, token_id: str, passed_to: str | None) -> None:
    acted = work.combat.setdefault("acted", [])
    if token_id not in acted:
        acted.append(token_id)
    tail = f" and passes the initiative to {work.name(passed_to)}" if passed_to else ""
    work.emit(TurnEnded(sentence=f"{work.name(token_id)} ends the turn{tail}.", token=token_id))
    work.ruleset.on_turn_end(work, token_id)


def _next_round(work: SkirmishWork, last: str) -> None:
    """Everyone has acted: the round ends (timers in rounds tick) and the side that did not act
    last begins the next one with its first token still standing."""
    number = int(work.combat["round"])
    work.emit(RoundEnded(sentence=f"Round {number} ends.", round=number))
    work.ruleset.on_round_end(work)
    work.combat.update({"round": number + 1, "acted": [], "reacted": []})
    work.emit(RoundBegan(sentence=f"Round {number + 1} begins.", round=number + 1))
    other = next(s for s in SIDES if s != work.side(last))
    standing = [t for t in work.participants if not work.down(t)]
    first = next((t for t in standing if work.side(t) == other), standing[0] if standing else None)
    if first is None:
        work.combat["actor"] = None
        work.emit(Note(sentence="Nobody is left standing to act."))
        return
    _begin_turn(work, first)


def start_combat(work: SkirmishWork, cmd: StartCombat) -> None:
    """Combat begins: the participants (every token with a stat block when none are named), and
    the side or token named by ``first`` holds the initiative."""
    options = read_options("start_combat", cmd.options, START_OPTIONS, RULESET_NAME)
    if work.started:
        raise CommandRejected("combat has already started")
    ids = list(dict.fromkeys(cmd.participants)) or [t.id for t in work.enc.tokens if t.stats]
    if not ids:
        raise CommandRejected("no token with a stat block to fight")
    for tid in ids:
        work.stats(tid)
        if work.side(tid) not in SIDES:
            raise CommandRejected(f"{work.name(tid)} is neutral: a {RULESET_NAME} fight is party "
                                  "against enemy")
    surprised = [str(t) for t in options["surprised"]]
    for tid in surprised:
        if tid not in ids:
            raise CommandRejected(f"start_combat.options.surprised: {tid!r} is not taking part in the combat")
    first = options["first"]
    if first in SIDES:
        candidates = [t for t in ids if work.side(t) == first and t not in surprised and not work.down(t)]
        if not candidates:
            raise CommandRejected(f"start_combat.options.first: nobody of the {first} side can act first")
        actor = candidates[0]
    elif first in ids:
        actor = first
        if actor in surprised:
            raise CommandRejected(f"start_combat.options.first: {work.name(actor)} is surprised")
    else:
        raise CommandRejected(f"start_combat.options.first: {first!r} is not party, enemy or a participant")
    for tid in ids:
        work.creature(tid)
    work.combat.update({"started": True, "round": 1, "participants": ids, "acted": list(surprised),
                        "reacted": [], "holder": work.side(actor), "actor": actor})
    names = ", ".join(work.name(t) for t in ids)
    work.emit(CombatStarted(sentence=f"Combat begins: {names}. The {work.side(actor)} side holds the "
                                     "initiative.", order=()))
    for tid in surprised:
        work.emit(Note(sentence=f"{work.name(tid)} is caught by surprise and does not act this round.",
                       token=tid))
    work.emit(RoundBegan(sentence="Round 1 begins.", round=1))
    _begin_turn(work, actor)


def pass_why_not(work: SkirmishWork, token_id: str, to: str) -> str:
    """Why ``token_id`` cannot hand the initiative to ``to`` now ("" when it can)."""
    if to not in work.participants:
        return f"{work.name(to)} is not taking part in the combat"
    if to == token_id:
        return f"{work.name(token_id)} cannot pass the initiative to itself"
    if to in work.combat.get("acted", ()):
        return f"{work.name(to)} has already acted this round"
    if work.down(to):
        return f"{work.name(to)} is down and cannot act"
    others = [t for t in work.participants if work.side(t) != work.side(token_id) and work.can_act(t)]
    if work.side(to) == work.side(token_id) and others:
        names = ", ".join(work.name(t) for t in others)
        return f"the other side still has someone to act ({names})"
    return ""


def pass_initiative(work: SkirmishWork, cmd: PassInitiative) -> None:
    """The actor hands the turn to a token of the other side (of its own when the other side is done)."""
    _require_combat(work, "turns")
    work.token(cmd.to)
    _require_turn(work, cmd.token)
    reason = pass_why_not(work, cmd.token, cmd.to)
    if reason:
        raise CommandRejected(f"{work.name(cmd.token)} cannot pass the initiative to {work.name(cmd.to)}: "
                              f"{reason}")
    _finish_turn(work, cmd.token, cmd.to)
    _begin_turn(work, cmd.to)


def end_turn(work: SkirmishWork, cmd: EndTurn) -> None:
    """The last to act ends the round; anyone else must pass the initiative."""
    _require_combat(work, "turns")
    _require_turn(work, cmd.token)
    left = [t for t in work.participants if t != cmd.token and work.can_act(t)]
    if left:
        names = ", ".join(work.name(t) for t in left)
        raise CommandRejected(f"{work.name(cmd.token)} must pass the initiative: {names} can still act "
                              "this round")
    _finish_turn(work, cmd.token, None)
    _next_round(work, cmd.token)


# -- damage, healing, rest ------------------------------------------------------------------------

def take_damage(work: SkirmishWork, token_id: str, amount: int, track: str | None,
                damage_kind: str | None = None) -> None:
    """``amount`` damage: on ``track`` only, or (None) soaked by guard first, the rest on health."""
    guard_left, _, health_left, health = work.layers(token_id)
    on_guard = min(amount, guard_left) if track in (None, "guard") else 0
    on_health = min(amount - on_guard, health_left) if track in (None, "health") else 0
    record = work.creature(token_id)
    name = work.name(token_id)
    for layer, taken in (("guard", on_guard), ("health", on_health)):
        if taken <= 0:
            continue
        record[f"damage_{layer}"] = int(record.get(f"damage_{layer}", 0)) + taken
        text = work.layers_text(token_id)
        work.emit(DamageTaken(sentence=f"{name} takes {taken} damage on {layer} ({text}).", token=token_id,
                              amount=taken, track=layer, damage_kind=damage_kind, text=text))
    if on_guard == 0 and on_health == 0:
        spent = "is already down" if health_left == 0 else f"has no {track or 'guard or health'} left"
        work.emit(Note(sentence=f"{name} {spent}: the damage changes nothing.", token=token_id))
    if health_left > 0 and health_left - on_health == 0:
        work.add_condition(token_id, DOWN, why=f"health 0/{health}")


def _check_amount(kind: str, amount: int) -> None:
    if amount < 1:
        raise CommandRejected(f"{kind}.amount: {amount} is not a positive amount")


def _check_track(kind: str, track: str | None) -> None:
    known = [t.id for t in Skirmish.damage_tracks]
    if track is not None and track not in known:
        raise CommandRejected(f"{kind}.track: {track!r} is not a {RULESET_NAME} damage track "
                              f"(known: {', '.join(known)})")


def apply_damage(work: SkirmishWork, cmd: ApplyDamage) -> None:
    """GM override: damage on a track, or (no track) through guard first, then health."""
    _check_amount("apply_damage", cmd.amount)
    _check_track("apply_damage", cmd.track)
    work.stats(cmd.token)
    take_damage(work, cmd.token, cmd.amount, cmd.track, cmd.damage_kind)


def heal(work: SkirmishWork, cmd: Heal) -> None:
    """GM override: remove damage from health (or from guard); a creature above 0 health stands."""
    _check_amount("heal", cmd.amount)
    _check_track("heal", cmd.track)
    layer = cmd.track or "health"
    work.stats(cmd.token)
    record = work.creature(cmd.token)
    healed = min(cmd.amount, int(record.get(f"damage_{layer}", 0)))
    if healed == 0:
        raise CommandRejected(f"{work.name(cmd.token)} has no damage on {layer} to heal")
    record[f"damage_{layer}"] -= healed
    text = work.layers_text(cmd.token)
    work.emit(Note(sentence=f"{work.name(cmd.token)} heals {healed} {layer} ({text}).", token=cmd.token,
                   data={"track": layer, "amount": healed, "text": text}))
    if layer == "health":
        work.remove_condition(cmd.token, DOWN, "back above 0 health")


def rest(work: SkirmishWork, cmd: Rest) -> None:
    """A breather out of combat restores all guard."""
    known = [k.id for k in Skirmish.rest_kinds]
    if cmd.rest not in known:
        raise CommandRejected(f"rest.rest: {cmd.rest!r} is not a {RULESET_NAME} kind of rest "
                              f"(known: {', '.join(known)})")
    if cmd.duration < 1:
        raise CommandRejected("rest.duration: a breather lasts at least 1 minute")
    if work.started:
        raise CommandRejected("combat is on: a breather is taken out of combat (catch_breath in it)")
    ids = list(cmd.tokens) or [t.id for t in work.enc.tokens if t.stats]
    for tid in ids:
        work.stats(tid)
    for tid in ids:
        record = work.creature_or_none(tid)
        if not record or not record.get("damage_guard"):
            continue
        work.creature(tid)["damage_guard"] = 0
        text = work.layers_text(tid)
        work.emit(Note(sentence=f"{work.name(tid)} takes a breather: guard restored ({text}).", token=tid,
                       data={"track": "guard", "text": text}))


def catch_breath(work: SkirmishWork, cmd: CatchBreath) -> None:
    """The major action: regain 1 guard."""
    work.stats(cmd.token)
    if not work.started:
        raise CommandRejected("combat has not started: take a breather (rest) instead")
    _require_turn(work, cmd.token)
    _require_standing(work, cmd.token, "catch a breath")
    guard_left, guard, _, _ = work.layers(cmd.token)
    if guard_left >= guard:
        raise CommandRejected(f"{work.name(cmd.token)}'s guard is full ({guard_left}/{guard})")
    _spend(work, cmd.token, "major", "major action")
    work.creature(cmd.token)["damage_guard"] -= 1
    text = work.layers_text(cmd.token)
    work.emit(Note(sentence=f"{work.name(cmd.token)} catches a breath: 1 guard back ({text}).",
                   token=cmd.token, data={"track": "guard", "amount": 1, "text": text}))


# -- attacks --------------------------------------------------------------------------------------

def hit_chance(attack: int, defence: int) -> float:
    """The chance that d20 + ``attack`` reaches 10 + ``defence``."""
    needed_face = 10 + defence - attack
    return max(0, min(20, 21 - needed_face)) / 20


def strike_odds(work: SkirmishWork, attacker: str, target: str) -> tuple[float, str]:
    """The chance to hit and the line that explains it."""
    attack, defence = work.stats(attacker)["attack"], work.stats(target)["defence"]
    chance = hit_chance(attack, defence)
    return chance, (f"d20 + attack {attack} against 10 + defence {defence} = {10 + defence}: "
                    f"{round(chance * 100)}% to hit; a hit does d6 damage, guard first")


def strike(work: SkirmishWork, attacker: str, target: str) -> None:
    """One strike: d20 + attack against 10 + defence; a hit does d6, through guard, then health."""
    a, t = work.stats(attacker), work.stats(target)
    name, target_name = work.name(attacker), work.name(target)
    needed = 10 + t["defence"]
    r = roll("d20", work.dice, f"{name} attack on {target_name}",
             needs=f"{max(1, needed - a['attack'])}+ hits")
    total = r.total + a["attack"]
    outcome = "hit" if total >= needed else "miss"
    work.emit_roll(r, outcome)
    work.emit(HitResolved(
        sentence=f"{name} {'hits' if outcome == 'hit' else 'misses'} {target_name} "
                 f"({total} against {needed}).",
        attacker=attacker, target=target, outcome=outcome, margin=total - needed,
        explanation=f"d20 {r.total} + attack {a['attack']} = {total} against 10 + defence "
                    f"{t['defence']} = {needed}",
        detail="d20 + attack against 10 + defence",
    ))
    if outcome == "hit":
        damage = roll("d6", work.dice, f"{name} damage to {target_name}")
        work.emit_roll(damage)
        take_damage(work, target, damage.total, None)


def attack(work: SkirmishWork, cmd: Attack) -> None:
    """The major action: strike a participant within reach."""
    read_options("attack", cmd.options, {}, RULESET_NAME)
    if cmd.weapon is not None:
        raise CommandRejected(f"attack.weapon: {RULESET_NAME} creatures have no weapons to choose "
                              "(leave it null)")
    _require_combat(work, "attacks")
    a, name = work.stats(cmd.attacker), work.name(cmd.attacker)
    work.stats(cmd.target)
    _require_turn(work, cmd.attacker)
    _require_standing(work, cmd.attacker, "attack")
    if cmd.target == cmd.attacker:
        raise CommandRejected(f"{name} cannot attack itself")
    if cmd.target not in work.participants:
        raise CommandRejected(f"{work.name(cmd.target)} is not taking part in the combat")
    if work.down(cmd.target):
        raise CommandRejected(f"{work.name(cmd.target)} is already down")
    distance = footprint_distance(work.token(cmd.attacker), work.token(cmd.target))
    if distance > a["reach"]:
        raise CommandRejected(f"{work.name(cmd.target)} is out of reach: {distance} tiles away, "
                              f"{name}'s reach is {a['reach']}")
    _spend(work, cmd.attacker, "major", "major action")
    strike(work, cmd.attacker, cmd.target)


# -- moving, and the reaction when a move leaves an enemy's reach ---------------------------------

def allowance(work: SkirmishWork, token_id: str, mode: str | None) -> Breakdown:
    """Tiles this move may use: the speed, doubled by a dash."""
    speed = Breakdown("Movement", work.stats(token_id)["speed"], "speed")
    return speed.plus("dash: twice the speed", speed.base) if mode == "dash" else speed


def _reaction(work: SkirmishWork, mover: str, event: PathEvent, tiles: Sequence[tuple[int, int]]) -> str:
    """Ask the enemy whose reach the mover leaves whether it strikes ("strike" or "let-go")."""
    enemy = str(event.data["enemy"])
    leaving = tiles[event.step - 1]
    chance, odds = strike_odds(work, enemy, mover)
    name, enemy_name = work.name(mover), work.name(enemy)
    return work.ask(Decision(
        kind="reaction", who=enemy,
        prompt=f"{name} leaves {enemy_name}'s reach at {leaving}: does {enemy_name} strike?",
        choices=(
            Choice("strike", "Strike", {"hit": chance},
                   f"{enemy_name} strikes {name} at {leaving}: {odds}; it uses the reaction of this round"),
            Choice("let-go", "Let go", {}, f"{name} moves on untouched; {enemy_name} keeps its reaction"),
        ),
        default="let-go", at=leaving,
    ))


def _can_react(work: SkirmishWork, enemy: str) -> bool:
    return enemy in work.participants and not work.down(enemy) and enemy not in work.combat.get("reacted", ())


def _moved(work: SkirmishWork, token_id: str, tiles: Sequence[tuple[int, int]], verb: str) -> None:
    token = work.token(token_id)
    work.set_token(replace(token, position=tiles[-1]))
    steps = len(tiles) - 1
    work.emit(TokenMoved(sentence=f"{work.name(token_id)} {verb} {steps} tile{'s' if steps != 1 else ''} "
                                  f"to {tiles[-1]}.", token=token_id, path=tuple(tiles), cost=float(steps)))


def move(work: SkirmishWork, cmd: Move) -> None:
    """Move along ``path`` (the move, or the major action for a dash). Where the path leaves an
    enemy's reach, that enemy may strike: the move pauses there until its player answers."""
    options = read_options("move", cmd.options, MOVE_OPTIONS, RULESET_NAME)
    mode = options["mode"]
    if mode is not None and mode not in {m.id for m in MODES}:
        raise CommandRejected(f"move.options.mode: {mode!r} is not a {RULESET_NAME} move mode "
                              f"(known: {', '.join(m.id for m in MODES)})")
    tid, name = cmd.token, work.name(cmd.token)
    work.stats(tid)
    _require_standing(work, tid, "move")
    if work.started:
        _require_turn(work, tid)
        if mode == "dash":
            _spend(work, tid, "major", "major action (a dash uses it)")
        else:
            _spend(work, tid, "move", "move")
    try:
        path = check_path(work.enc, tid, cmd.path, allowance(work, tid, mode), MOVE_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{name} cannot move that way: {exc.reason}") from None
    tiles = path.tiles
    verb = "dashes" if mode == "dash" else "moves"
    done = 0  # the index of the tile the mover stands on
    for event in (path.events if work.started else ()):
        if event.kind != "leaves_reach":
            continue
        enemy = str(event.data["enemy"])
        if not _can_react(work, enemy):
            if enemy in work.combat.get("reacted", ()):
                work.emit(Note(sentence=f"{name} leaves {work.name(enemy)}'s reach; {work.name(enemy)} has "
                                        "already reacted this round.", token=tid))
            continue
        if _reaction(work, tid, event, tiles) != "strike":
            continue
        stop = event.step - 1
        if stop > done:
            _moved(work, tid, tiles[done:stop + 1], verb)
            done = stop
        work.combat.setdefault("reacted", []).append(enemy)
        work.emit(Note(sentence=f"{work.name(enemy)} strikes as {name} leaves its reach at {tiles[stop]}.",
                       token=enemy, data={"reaction": "strike", "tile": list(tiles[stop])}))
        with work.rolls_by(enemy):  # the enemy's strike is rolled with the enemy's dice
            strike(work, enemy, tid)
        if work.down(tid):
            work.emit(Note(sentence=f"{name} falls at {tiles[stop]}; the move ends there.", token=tid))
            return
        verb = "dashes on" if mode == "dash" else "moves on"
    _moved(work, tid, tiles[done:], verb)


# -- the ruleset ----------------------------------------------------------------------------------

class Skirmish(RulesetBase):
    """The test ruleset: baton initiative, major action and move, guard → health."""

    id: ClassVar[str] = RULESET_ID
    name: ClassVar[str] = RULESET_NAME
    traits: ClassVar[RulesetTraits] = RulesetTraits(
        turn_structure=TurnStructure.BATON,
        action_economy=ActionEconomy.MAJOR_MINOR_MOVE,
        actions_per_turn=None,
        health_model=HealthModel.LAYERS,
        health_layers=("guard", "health"),
        initiative_passed_between_sides=True,
        side_in_the_open=True,
    )
    damage_tracks: ClassVar[tuple[DamageTrack, ...]] = (
        DamageTrack("guard", "Guard", "points", "soaks damage first; restored by a breather"),
        DamageTrack("health", "Health", "points", "at 0 the creature is down"),
    )
    rest_kinds: ClassVar[tuple[RestKind, ...]] = (
        RestKind("breather", "Breather", "minutes", "out of combat: all guard comes back"),
    )
    handlers: ClassVar[Mapping[type, Handler]] = {
        StartCombat: start_combat,
        PassInitiative: pass_initiative,
        EndTurn: end_turn,
        Move: move,
        Attack: attack,
        CatchBreath: catch_breath,
        ApplyDamage: apply_damage,
        Heal: heal,
        Rest: rest,
    }
    work_class = SkirmishWork

    def work(self, encounter: Encounter) -> SkirmishWork:
        """A working copy for a query: no dice (a query never rolls)."""
        work = SkirmishWork(encounter, NoDice())
        work.ruleset = self
        return work

    # -- hooks --------------------------------------------------------------------------------
    def on_turn_start(self, work: CombatWork, token_id: str) -> None:
        """A turn brings one major action and one move."""
        record = work.creature(token_id)
        record["major"] = 1
        record["move"] = 1

    # -- the stat block -----------------------------------------------------------------------
    def stat_schema(self) -> StatSchema:
        return SCHEMA

    def templates(self) -> Sequence[CreatureTemplate]:
        return TEMPLATES

    def explain(self, encounter: Encounter, token_id: str) -> Mapping[str, Breakdown]:
        work = self.work(encounter)
        s = work.stats(token_id)
        return {
            "movement": allowance(work, token_id, None),
            "to hit": Breakdown("To hit", 10, "10").plus("defence", s["defence"]),
            "attack": Breakdown("Attack", s["attack"], "d20 +"),
            "reach": Breakdown("Reach", s["reach"], "tiles"),
        }

    def describe_state(self, encounter: Encounter, token_id: str) -> Mapping[str, Any]:
        work = self.work(encounter)
        guard_left, guard, health_left, health = work.layers(token_id)
        record = work.creature_or_none(token_id, {}) or {}
        return {"guard": f"{guard_left}/{guard}", "health": f"{health_left}/{health}",
                "down": work.down(token_id), "major": record.get("major", 1), "move": record.get("move", 1)}

    # -- the turn -----------------------------------------------------------------------------
    def turn(self, encounter: Encounter) -> TurnInfo | None:
        work = self.work(encounter)
        if not work.started:
            return None
        actor = work.actor
        acted = set(work.combat.get("acted", ()))
        entries = tuple(TurnEntry(t, None, work.side(t), t in acted) for t in work.participants)
        slots: tuple[ActionSlot, ...] = ()
        note = ""
        if actor is not None:
            record = work.creature_or_none(actor, {}) or {}
            slots = (ActionSlot("major", int(record.get("major", 1)), 1),
                     ActionSlot("move", int(record.get("move", 1)), 1))
            note = self._turn_note(work, actor)
        waiting = self.pending(encounter)
        return TurnInfo(
            round=int(work.combat["round"]), actor=actor, side=work.combat.get("holder"), entries=entries,
            current=work.participants.index(actor) if actor in work.participants else None, slots=slots,
            note=note, round_label=f"Round {work.combat['round']}",
            waiting_on=(waiting[0].who or "GM") if waiting else None,
        )

    def _turn_note(self, work: SkirmishWork, actor: str) -> str:
        others = [t for t in work.participants if work.side(t) != work.side(actor) and work.can_act(t)]
        own = [t for t in work.participants if t != actor and work.side(t) == work.side(actor)
               and work.can_act(t)]
        if others:
            return f"then pass to the other side: {', '.join(work.name(t) for t in others)}"
        if own:
            return f"the other side has acted: pass to {', '.join(work.name(t) for t in own)}"
        return "everyone has acted: end the round"

    def turn_options(self, encounter: Encounter) -> Sequence[ActionOption]:
        """"Pass to X" for every other participant (with why not), and "End round" when nobody is left."""
        work = self.work(encounter)
        actor = work.actor
        if not work.started or actor is None:
            return ()
        out = [self.option(encounter, f"Pass to {work.name(t)}", PassInitiative(token=actor, to=t),
                           f"{work.name(actor)} ends the turn and hands the initiative to {work.name(t)}.")
               for t in work.participants if t != actor]
        if not any(t != actor and work.can_act(t) for t in work.participants):
            out.append(self.option(encounter, "End round", EndTurn(token=actor),
                                   f"{work.name(actor)} is the last to act: the round ends."))
        return out

    # -- what the map shows -------------------------------------------------------------------
    def tactics(self) -> Tactics:
        """No facing, no charges; reachable tiles, reach zones and sight; a warning where a drag
        leaves reach; the dash move mode."""
        overlays = frozenset({Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.SIGHT})
        return Tactics(None, None, overlays=overlays, path_warnings=frozenset({"leaves_reach"}),
                       move_modes=MODES)

    def movement(self, encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
        """The move command's policy and the plain speed (a dash doubles it)."""
        work = self.work(encounter)
        try:
            speed = allowance(work, token_id, None)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        if work.down(token_id):
            speed = speed.replaced("down", 0)
        return MovementAnswer(MOVE_RULES, speed)

    def attack_options(
        self, encounter: Encounter, attacker_id: str, target_id: str
    ) -> Sequence[ActionOption] | Unanswered:
        """One "Strike", with its chance to hit and whether it is legal now."""
        work = self.work(encounter)
        try:
            chance, odds = strike_odds(work, attacker_id, target_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        command = Attack(attacker=attacker_id, target=target_id)
        legal, reason = self.legality(encounter, command)
        a, t = work.stats(attacker_id), work.stats(target_id)
        modifiers = (Breakdown("Attack", 0, "d20").plus("attack", a["attack"]),
                     Breakdown("Needed", 10, "10").plus("defence", t["defence"]))
        explanation = odds if legal else f"Not now: {reason}\n{odds}"
        summary = f"Strike: {round(chance * 100)}% to hit" if legal else f"Not now: {reason}"
        return (ActionOption("Strike", command, legal, reason, {"hit": chance}, modifiers, summary,
                             explanation),)

    def token_actions(self, encounter: Encounter, token_id: str) -> Sequence[ActionOption] | Unanswered:
        """Catching a breath (the major action: 1 guard back)."""
        work = self.work(encounter)
        try:
            work.stats(token_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        return (self.option(encounter, "Catch breath", CatchBreath(token=token_id),
                            f"{work.name(token_id)} spends the major action to regain 1 guard."),)

    def health(self, encounter: Encounter, token_id: str) -> Health | Unanswered:
        """Guard over health; the bar is the share of health left (at 0 the creature is down)."""
        work = self.work(encounter)
        try:
            guard_left, guard, health_left, health = work.layers(token_id)
        except CommandRejected as exc:
            return Unanswered(exc.reason)
        if work.started and token_id not in work.participants:
            return Unanswered(f"{work.name(token_id)} is not taking part in the combat")
        return Health(health_left / health, work.layers_text(token_id),
                      (HealthLayer("guard", guard_left, guard), HealthLayer("health", health_left, health)))


SKIRMISH = Skirmish()


# -- for tests ------------------------------------------------------------------------------------

@contextmanager
def registered() -> Iterator[Skirmish]:
    """Skirmish registered as ``"skirmish"`` for the block, forgotten after (the registry is global)."""
    register(RULESET_ID, TARGET)
    try:
        yield SKIRMISH
    finally:
        unregister(RULESET_ID)


def skirmisher(token_id: str, position: tuple[int, int], side: str, size: str = "medium",
               **stats: Any) -> Token:
    """A token with a Skirmish stat block (the schema's defaults, ``stats`` over them)."""
    return Token(token_id, token_id.capitalize(), position, Side(side), Size(size),
                 stats={**SCHEMA.defaults(), **stats})


def skirmish_encounter(*tokens: Token, width: int = 12, height: int = 10) -> Encounter:
    """An open map of ``width`` × ``height`` tiles played by Skirmish."""
    from vantage.engine.model import GameMap

    return Encounter(GameMap(width, height), tokens=tokens, ruleset=RULESET_ID, name="Skirmish test")


def sample_encounter() -> Encounter:
    """Bram and Ada (party) against Ghoul and Wight (enemy), the scene of the Skirmish tests.

    Bram stands next to Ghoul; a move from (4, 6) up and west leaves Ghoul's reach at step 3
    (from (4, 4)) and then Wight's at step 5 (from (2, 3))."""
    return skirmish_encounter(
        skirmisher("bram", (4, 6), "party", player=True),
        skirmisher("ada", (8, 8), "party", player=True, reach=2),
        skirmisher("ghoul", (5, 5), "enemy"),
        skirmisher("wight", (1, 2), "enemy", guard=0),
    )


__all__ = [
    "DOWN", "MOVE_RULES", "RULESET_ID", "SCHEMA", "SKIRMISH", "TARGET", "TEMPLATES", "CatchBreath",
    "Skirmish", "SkirmishWork", "hit_chance", "registered", "sample_encounter", "skirmish_encounter",
    "skirmisher",
]
