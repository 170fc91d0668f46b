"""Movement: "Move up to the limit of their speed", split around an action ("A character may take a
major action or a minor action while moving"), standing up, opportunity attacks and shots at a
character leaving full cover (the move pauses for the enemy's decision), avoiding them at half
speed, the dash, difficult terrain checks and their setbacks, and falls."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from vantage.engine.explain import Breakdown
from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Tile, Token
from vantage.engine.movement import MovementRules, PathEvent, check_path, movement_allowance
from vantage.engine.movement.path import Path
from vantage.engine.protocol.commands import Move, StandUp
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note, TokenMoved
from vantage.engine.rules.base import MoveReading
from vantage.engine.rules.baton import mounts
from vantage.engine.rules.baton.attacking import (
    HELPLESS,
    held_weapons,
    hit_odds,
    plan,
    reaction_attack,
    situation,
)
from vantage.engine.rules.baton.check import difficulty, make_check
from vantage.engine.rules.baton.face import MOVE_MODES
from vantage.engine.rules.baton.movement_rules import BATON_MOVEMENT, BATON_SLOWING
from vantage.engine.rules.baton.schema import Weapon, read_stats
from vantage.engine.rules.baton.state import BatonWork, stat_problems
from vantage.engine.rules.baton.tables import RULESET_NAME
from vantage.engine.rules.baton.turns import (
    confusion_refusal,
    expose_until_next_turn,
    note_check,
    require_alive,
    require_turn,
    speed_tiles,
    spend,
)
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.decisions import Choice, Decision
from vantage.engine.rules.line_of_fire import no_sight_reason

MOVE_OPTIONS = {"mode": OptionSpec((str,), None, "disengage (half speed, no opportunity attacks) or dash")}
MODES = MOVE_MODES
#: "Dash ... against difficulty 8".
DASH_DIFFICULTY = 8
#: A creature that cannot take an action that requires a movement (the text's paralyzed and
#: restrained; petrified is a statue).
NO_MOVEMENT = ("paralyzed", "restrained", "petrified")


def _reach_of(token: Token) -> int:
    if not token.stats or stat_problems(token.stats):
        return 1
    return read_stats(token.stats).melee_reach


#: How Baton moves: its preset (terrain checks, leaving cover) with reach from the weapons.
MOVE_RULES: MovementRules = replace(BATON_MOVEMENT, reach_of=_reach_of)


def factor(work: BatonWork, token_id: str, mode: str | None) -> tuple[int, list[str]]:
    """How many tiles of movement one step costs: "A prone character's speed is halved"; avoiding
    opportunity attacks "their speed is halved" (several halvings stack, assumed)."""
    reasons = []
    f = 1
    if work.has(token_id, "prone"):
        f *= 2
        reasons.append("prone: speed halved")
    if mode == "disengage":
        f *= 2
        reasons.append("avoiding opportunity attacks: speed halved")
    return f, reasons


def allowance(work: BatonWork, token_id: str, mode: str | None = None) -> Breakdown:
    """The tiles this move may use now, as arithmetic."""
    full = speed_tiles(work, token_id)
    conditions = [c.name for c in work.token(token_id).conditions if c.name not in ("prone", "disengaging")]
    _, label = mounts.speed(work, token_id)  # "The character uses the mount's speed"
    base = movement_allowance(full, conditions, table=BATON_SLOWING, base_label=label)
    if base.value == 0:
        return base
    if work.started and work.actor == token_id:
        left = int(work.record(token_id).get("move_left", full))
        if left != full:
            base = base.plus("already moved", left - full)
    f, reasons = factor(work, token_id, mode)
    value = base.value
    for why in reasons:
        half = value // 2
        base = base.plus(why, half - value)
        value = half
    return base


def _moved(work: BatonWork, token_id: str, tiles: Sequence[Tile], verb: str) -> None:
    if len(tiles) < 2:
        return
    mount = mounts.mount_of(work, token_id)
    was = work.token(mount).position if mount is not None else None
    mounts.moved_with(work, token_id, tiles[-1])  # a rider's mount carries it; a mount its rider
    steps = len(tiles) - 1
    work.emit(
        TokenMoved(
            sentence=f"{work.name(token_id)} {verb} {steps} tile{'s' if steps != 1 else ''} to {tiles[-1]}.",
            token=token_id,
            path=tuple(tiles),
            cost=float(steps),
        )
    )
    if mount is not None and was is not None:
        now = work.token(mount).position
        work.emit(
            TokenMoved(
                sentence=f"{work.name(mount)} carries {work.name(token_id)} to {now}.",
                token=mount,
                path=(was, now),
            )
        )
    _carry(work, token_id, tiles)


def _carry(work: BatonWork, token_id: str, tiles: Sequence[Tile]) -> None:
    """ "the grappling character can move freely and carry the grappled character along with them"."""
    partner = work.record(token_id).get("grappling")
    if not partner or not work.has(token_id, "grappling"):
        return
    other = work.token(str(partner))
    behind = tiles[-2]
    work.set_token(replace(other, position=behind))
    work.emit(
        Note(
            sentence=f"{work.name(token_id)} carries {work.name(other.id)} along to {behind}.",
            token=token_id,
            data={"carried": other.id},
        )
    )


def _straight_run(tiles: Sequence[Tile]) -> int:
    """The steps at the end of the path taken in one direction (for a charge)."""
    if len(tiles) < 2:
        return 0
    last = (tiles[-1][0] - tiles[-2][0], tiles[-1][1] - tiles[-2][1])
    run = 0
    for k in range(len(tiles) - 1, 0, -1):
        if (tiles[k][0] - tiles[k - 1][0], tiles[k][1] - tiles[k - 1][1]) != last:
            break
        run += 1
    return run


def _can_react(work: BatonWork, enemy: str) -> bool:
    return (
        enemy in work.participants
        and not work.dead(enemy)
        and not any(work.has(enemy, c) for c in (*HELPLESS, "petrified", "confused"))
    )


def _opportunity(
    work: BatonWork, mover: str, event: PathEvent, tiles: Sequence[Tile], ranged: bool
) -> Weapon | None:
    """Ask the enemy whose reach (or line of sight) the mover leaves whether it attacks, and with
    which of its weapons that reach (the attacker chooses its weapon, as in any attack); the weapon
    it attacks with, or None."""
    enemy = str(event.data["enemy"])
    if not _can_react(work, enemy) or not work.rules["opportunity_decisions"]:
        return None
    if work.record(mover).get("grappling") == enemy:
        return None  # carried along by the mover
    name, enemy_name = work.name(mover), work.name(enemy)
    at = tiles[event.step] if ranged else tiles[event.step - 1]
    distance = footprint_distance(work.token(enemy), _body_at(work, mover, at))
    weapons = [
        w
        for w in held_weapons(work, enemy)
        if w.ranged == ranged and distance <= (w.range if ranged else w.reach)
    ]
    if not weapons:
        return None
    placed = work.enc.with_token(replace(work.token(mover), position=at))
    if not ranged and no_sight_reason(placed, enemy, mover):
        return None  # assumed: no melee attack through a wall (docs/rules/baton.md)
    what = "leaves full cover at" if ranged else "leaves the reach of"
    prompt = (
        f"{name} leaves full cover at {at}: does {enemy_name} shoot?"
        if ranged
        else f"{name} leaves {enemy_name}'s reach at {at}: opportunity attack?"
    )
    values = ["attack" if i == 0 else f"attack:{w.name}" for i, w in enumerate(weapons)]

    def full() -> list[Choice]:
        seen = situation(work, enemy, mover, ranged)  # the weapons are all of one reach
        attacks = [
            Choice(
                value,
                f"{'Shoot' if ranged else 'Attack'} with the {w.name}",
                {"hit": hit_odds(work, plan(work, enemy, mover, w, seen=seen))},
                f"{enemy_name} attacks {name} as {name} {what} {at} (a counterattack)",
            )
            for w, value in zip(weapons, values, strict=True)
        ]
        return [*attacks, Choice("let-go", "Let go", {}, f"{name} moves on untouched")]

    choices = work.choices([*values, "let-go"], full)
    answer = work.ask(Decision("reaction", enemy, prompt, choices, "attack", at=at))
    return next((w for w, value in zip(weapons, values, strict=True) if value == answer), None)


#: The path events of the reach and sight round the mover: a rider's are its mount's (assumed).
REACH_EVENTS = ("leaves_reach", "leaves_cover")


def _body_at(work: BatonWork, mover: str, at: Tile) -> Token:
    """The footprint ``mover`` is reached at when it stands on ``at``: a rider's is its mount's,
    carried by the same offset ("a rider reaches and is reached from its mount's whole footprint",
    assumed: docs/rules/baton.md)."""
    token = work.token(mover)
    mount = mounts.mount_of(work, mover)
    if mount is None:
        return replace(token, position=at)
    body = work.token(mount)
    dx, dy = at[0] - token.position[0], at[1] - token.position[1]
    return replace(body, position=(body.position[0] + dx, body.position[1] + dy))


def rider_events(rider_path: Path, mount_path: Path) -> tuple[PathEvent, ...]:
    """A rider's path events: where it leaves an enemy's reach (or full cover) measured from its
    mount's whole footprint along the carried path (the rider is up on it, assumed), the rest (terrain,
    falls) its own; in the order of the steps."""
    own = [e for e in rider_path.events if e.kind not in REACH_EVENTS]
    carried = [e for e in mount_path.events if e.kind in REACH_EVENTS]
    return tuple(sorted([*carried, *own], key=lambda e: e.step))


def rider_reading(work: BatonWork, token_id: str, path: tuple[Tile, ...], mode: str | None) -> MoveReading:
    """For the drag of a rider, one answer for the label and the marks, from its mount's footprint
    carried along ``path`` as the move measures it (:func:`rider_events`): the path's events (the
    reach and cover ones its mount's, each on the rider's own step) and the words — where the mount
    carrying it leaves an enemy's reach ("Horse carries Rider: leaves Cult's reach at (2, 3):
    opportunity attack"), or why the mount cannot go that way (the move will be refused). No words
    out of combat, avoiding opportunity attacks or without them; nothing for any other mover."""
    mount = mounts.mount_of(work, token_id)
    if mount is None or len(path) < 2:
        return MoveReading()
    asked = work.started and mode != "disengage" and bool(work.rules["opportunity_decisions"])
    try:
        carried = check_path(work.enc, mount, mounts.carried_path(work, token_id, path), 10_000, MOVE_RULES)
    except CommandRejected as exc:  # the drop will be refused: say so before it
        return MoveReading(f"{work.name(mount)} cannot carry {work.name(token_id)} that way: {exc.reason}"
                           if asked else "")
    try:
        own = check_path(work.enc, token_id, path, 10_000, MOVE_RULES)
    except CommandRejected:
        events = None  # the rider's own path is refused: the move says why, the search's marks stand
    else:
        events = tuple(replace(e, tile=path[e.step]) for e in rider_events(own, carried))
    leaves = [
        f"leaves {work.name(str(e.data['enemy']))}'s reach at {path[e.step - 1]}"
        for e in carried.events
        if asked and e.kind == "leaves_reach" and _can_react(work, str(e.data["enemy"]))
    ]
    note = f"{work.name(mount)} carries {work.name(token_id)}: {', '.join(leaves)}: opportunity attack" \
        if leaves else ""
    return MoveReading(note, events)


def move(work: BatonWork, cmd: Move) -> None:
    options = read_options("move", cmd.options, MOVE_OPTIONS, RULESET_NAME)
    mode = options["mode"]
    if mode is not None and mode not in {m.id for m in MODES}:
        raise CommandRejected(
            f"move.options.mode: {mode!r} is not a {RULESET_NAME} move mode "
            f"(known: {', '.join(m.id for m in MODES)})"
        )
    tid, name = cmd.token, work.name(cmd.token)
    work.stats(tid)
    require_alive(work, tid, "move")
    rider = mounts.rider_of(work, tid)
    if rider is not None:
        raise CommandRejected(
            f"{name} carries {work.name(rider)}: it moves when {work.name(rider)} moves "
            "(\"The character uses the mount's speed\")"
        )
    if work.started:
        require_turn(work, tid)
    stuck = next((c for c in NO_MOVEMENT if work.has(tid, c)), None)
    if stuck:
        raise CommandRejected(f"{name} is {stuck} and cannot take actions that require a movement")
    refusal = confusion_refusal(work, tid, "move")
    if refusal:
        raise CommandRejected(refusal)
    if mode == "dash":
        dash(work, cmd)
        return
    record = work.creature(tid) if work.started else {}
    if work.started:
        if record.get("movement", 1) < 1 or int(record.get("move_left", 0)) < 1:
            raise CommandRejected(
                f"{name} has used all of the movement this turn (a dash takes the major action)"
            )
        if work.has(tid, "slowed") and record.get("used_one") and not record.get("moved_this_turn"):
            raise CommandRejected(
                f"{name} is slowed: only one major action, minor action or movement, and it is used"
            )
    allowed = allowance(work, tid, mode)
    try:
        path = check_path(work.enc, tid, cmd.path, allowed, MOVE_RULES)
        if mounts.mount_of(work, tid) is not None:  # the mount must be able to carry its rider there
            carried = check_path(
                work.enc, str(mounts.mount_of(work, tid)), mounts.carried_path(work, tid, cmd.path), allowed,
                MOVE_RULES,
            )
            path = replace(path, events=rider_events(path, carried))
    except CommandRejected as exc:
        raise CommandRejected(f"{name} cannot move that way: {exc.reason}") from None
    f, _ = factor(work, tid, mode)
    if work.started:
        record = work.creature(tid)
        record["move_left"] = int(record.get("move_left", 0)) - path.steps * f
        record["used_one"] = True
        record["moved_this_turn"] = True
        if record["move_left"] <= 0:
            record["move_left"] = 0
            record["movement"] = 0
    if mode == "leap" and not any(e.kind == "fall" and e.step == path.steps for e in path.events):
        raise CommandRejected(
            f"{name} cannot leap that way: a leap ends with a fall (its last step drops at least 5 ft)"
        )
    walk(work, tid, path.tiles, path.events, "moves", disengage=mode == "disengage", leap=mode == "leap")


def walk(
    work: BatonWork,
    tid: str,
    tiles: Sequence[Tile],
    events: Sequence[PathEvent],
    verb: str,
    disengage: bool = False,
    leap: bool = False,
) -> None:
    """Carry the mover along ``tiles``, stopping for what happens on the way."""
    name = work.name(tid)
    done = 0
    stop_at: int | None = None
    for event in events if work.started else ():
        if stop_at is not None and event.step > stop_at:
            break
        if event.kind in ("leaves_reach", "leaves_cover"):
            ranged = event.kind == "leaves_cover"
            if not ranged and disengage:
                work.emit(
                    Note(
                        sentence=f"{name} leaves {work.name(str(event.data['enemy']))}'s reach at half "
                        "speed: no opportunity attack.",
                        token=tid,
                    )
                )
                continue
            weapon = _opportunity(work, tid, event, tiles, ranged)
            if weapon is None:
                continue
            at = event.step if ranged else event.step - 1
            if at > done:
                _moved(work, tid, tiles[done : at + 1], verb)
                done, verb = at, f"{verb.split()[0]} on"
            enemy = str(event.data["enemy"])
            reaction_attack(
                work,
                enemy,
                tid,
                weapon,
                f"{work.name(enemy)} shoots as {name} leaves full cover"
                if ranged
                else f"Opportunity attack as {name} leaves {work.name(enemy)}'s reach",
            )
            if work.dead(tid):
                return
        elif event.kind == "terrain_check":
            stop = _terrain(work, tid, event, tiles)
            if stop is not None:
                stop_at = stop
        elif event.kind == "fall":
            if event.step > done:
                _moved(work, tid, tiles[done : event.step + 1], verb)
                done, verb = event.step, f"{verb.split()[0]} on"
            if leap and event.step == len(tiles) - 1:
                feet = float(event.data.get("feet", 0))
                work.creature(tid)["falling"] = {"feet": feet, "severity": int(event.data.get("severity", 0))}
                work.emit(
                    Note(
                        sentence=f"{name} leaps down {feet:g} ft: the attack that follows settles the fall.",
                        token=tid,
                    )
                )
                continue
            _fall(work, tid, event)
            if work.dead(tid):
                return
    end = len(tiles) - 1 if stop_at is None else stop_at
    if end > done:
        _moved(work, tid, tiles[done : end + 1], verb)
    if stop_at is not None:
        work.emit(Note(sentence=f"{name} is left partway through, at {tiles[end]}.", token=tid))
    if work.started:
        record = work.creature(tid)
        record["straight"] = _straight_run(tiles[: end + 1])


def _best(work: BatonWork, tid: str, *skills: str) -> tuple[str, int]:
    s = work.stats(tid)
    return max(((k, s.skill(k)) for k in skills), key=lambda kv: kv[1])


def _terrain(work: BatonWork, tid: str, event: PathEvent, tiles: Sequence[Tile]) -> int | None:
    """ "pass an Athletics or Agility check with a difficulty equal to 7 + 1 for every 5 feet";
    on a failure the setbacks; slippery and ensnaring stop the mover on the first tile of the
    stretch (assumed: a fall to the ground or a snare "prevents them from continuing")."""
    skill, value = _best(work, tid, "athletics", "agility")
    steps = list(event.data.get("steps", ()))
    feet = float(event.data.get("feet", 0))
    against = difficulty(work.table.base_difficulty, (f"{feet:g} ft of difficult terrain", int(feet // 5)))
    chances = work.own_chances(tid, skill)
    result = make_check(
        work.dice,
        f"{work.name(tid)} crosses difficult terrain ({skill.capitalize()})",
        Breakdown("Skill", value, skill.capitalize()),
        against,
        chances,
        work.table,
    )
    work.spend_boon(tid, chances)
    work.emit_roll(result.roll, "crosses" if result.success else "setback")
    setbacks = list(event.data.get("setbacks", ()))
    if result.success:
        work.emit(
            Note(
                sentence=f"{work.name(tid)} crosses the difficult terrain without trouble — "
                f"{result.explanation()}.",
                token=tid,
            )
        )
        return None
    work.emit(
        Note(
            sentence=f"{work.name(tid)} suffers the setback of the difficult terrain "
            f"({', '.join(setbacks) or 'none'}) — {result.explanation()}.",
            token=tid,
        )
    )
    stop: int | None = None
    if "hazardous" in setbacks:
        work.take_damage(tid, max(1, int(feet // 5)), how=f"hazardous terrain, {feet:g} ft")
    if "exhausting" in setbacks and feet >= 10:
        work.take_damage(tid, int(feet // 10), how=f"exhausting terrain, {feet:g} ft", kind="fatigue")
    first = steps[0] if steps else event.step
    if "slippery" in setbacks:
        work.add_condition(tid, "prone", why="slipped on the terrain")
        stop = first
    if "ensnaring" in setbacks:
        work.add_condition(tid, "restrained", why="ensnared by the terrain")
        stop = first
    return stop


def _fall(work: BatonWork, tid: str, event: PathEvent) -> None:
    """Falling: "A fall inflicts a wound with a severity equal to 1 for every 5 feet fallen"."""
    work.settle_fall(tid, float(event.data.get("feet", 0)), int(event.data.get("severity", 0)))


def dash(work: BatonWork, cmd: Move) -> None:
    """ "Once they have used up all of their speed, a character can use their major action to move
    beyond its limit ... Agility or Athletics check against difficulty 8. On a success, they move 5
    feet for each success level ... On a failure, they ... become exposed until their next turn"."""
    tid, name = cmd.token, work.name(cmd.token)
    if not work.started:
        raise CommandRejected("a dash is a major action in combat")
    record = work.creature(tid)
    if int(record.get("move_left", 0)) > 0 and record.get("movement", 1):
        raise CommandRejected(
            f"{name} can dash only once the whole speed is used "
            f"({record.get('move_left')} tiles of movement left)"
        )
    try:
        path = check_path(work.enc, tid, cmd.path, 10_000, MOVE_RULES)
    except CommandRejected as exc:
        raise CommandRejected(f"{name} cannot dash that way: {exc.reason}") from None
    spend(work, tid, "major", "a dash")
    skill, value = _best(work, tid, "athletics", "agility")
    chances = work.own_chances(tid, skill)
    result = make_check(
        work.dice,
        f"{name} dashes ({skill.capitalize()})",
        Breakdown("Skill", value, skill.capitalize()),
        difficulty(DASH_DIFFICULTY),
        chances,
        work.table,
    )
    work.spend_boon(tid, chances)
    work.emit_roll(result.roll, "success" if result.success else "failure")
    note_check(work, tid, result.natural)
    if not result.success:
        work.emit(Note(sentence=f"{name} fails to dash — {result.explanation()}.", token=tid))
        expose_until_next_turn(work, tid, "a failed dash")
        return
    tiles_allowed = int(result.levels * 5 // work.enc.map.feet_per_tile)
    tiles = path.tiles[: tiles_allowed + 1]
    work.emit(Note(sentence=f"{name} dashes {result.levels * 5} ft — {result.explanation()}.", token=tid))
    if len(tiles) < len(path.tiles):
        try:
            path = check_path(work.enc, tid, tiles, 10_000, MOVE_RULES)
        except CommandRejected as exc:
            raise CommandRejected(f"{name} cannot stop the dash at {tiles[-1]}: {exc.reason}") from None
    walk(work, tid, path.tiles, path.events, "dashes")


def stand_up(work: BatonWork, cmd: StandUp) -> None:
    """ "Stand up, if prone": the movement. "The prone character can use their movement to stand up"."""
    tid, name = cmd.token, work.name(cmd.token)
    work.stats(tid)
    require_alive(work, tid, "stand up")
    if not work.has(tid, "prone"):
        raise CommandRejected(f"{name} is not prone")
    if work.started:
        require_turn(work, tid)
        record = work.creature(tid)
        if record.get("moved_this_turn"):
            raise CommandRejected(f"{name} has already moved this turn: standing up takes the movement")
        spend(work, tid, "movement", "standing up")
    work.remove_condition(tid, "prone", "stands up")


def options_of(cmd: Move) -> Mapping[str, object]:
    return read_options("move", cmd.options, MOVE_OPTIONS, RULESET_NAME)
