"""What the map says about an attack: arc, flanking allies, terrain, reach, locking, immobilised.

This is where Avorkarth meets the geometry: everything here reads the encounter and produces the
plain :class:`Situation` the attack rules compute with.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from dataclasses import replace

from vantage.engine.geometry.arcs import Arc, arc_explanation, arc_of, bearing, settled
from vantage.engine.geometry.flanking import Flanking, flanking_allies
from vantage.engine.geometry.reach import ReachOf, are_enemies, footprint_distance, reach_one
from vantage.engine.model import Facing, Size, Tile, Token
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth import critical_wounds
from vantage.engine.rules.avorkarth.attack_roll import Situation
from vantage.engine.rules.avorkarth.board import read_once
from vantage.engine.rules.avorkarth.statblock import Weapon
from vantage.engine.rules.avorkarth.state import IMMOBILISING, Work
from vantage.engine.rules.avorkarth.tactics import ARC_WIDTHS
from vantage.engine.rules.line_of_fire import require_line_of_sight
from vantage.engine.terrain import MovementClass

LOCK_DISTANCE = 1
_IMMOBILISING = frozenset(IMMOBILISING)
#: ``MovementClass.severity`` of each class, looked up (the property searches the enum each time).
SEVERITY: dict[MovementClass, int] = {c: c.severity for c in MovementClass}


def flanking_reach(work: Work) -> ReachOf:
    """How near an ally must stand to flank: "within melee range of a creature".

    The default (``flanking_range: "tile"``) reads melee range as the text's "within a tile's
    distance … in melee combat" (locking); ``"reach"`` reads it as the ally's own melee reach (the
    longest primary melee weapon it holds).
    """
    if work.rules.get("flanking_range", "tile") != "reach":
        return reach_one

    def melee_reach(token: Token) -> int:
        if not token.stats:
            return 1
        try:
            weapons = work.block(token.id).primary_weapons
        except CommandRejected:
            return 1
        return max((w.reach for w in weapons if not w.ranged), default=1)

    return melee_reach


def flanking_of(work: Work, attacker_id: str, target_id: str) -> Flanking:
    """The attacker's allies standing within melee range of the target (:func:`flanking_reach`),
    the dead and the unconscious left out (once per encounter: it reads only the tokens and, for
    ``flanking_range: "reach"``, the weapons of their stat blocks)."""
    reading = work.rules.get("flanking_range", "tile")
    keep = (attacker_id, target_id)
    return read_once(work.enc, ("flanking", attacker_id, target_id, reading), lambda: flanking_allies(
        work.enc, attacker_id, target_id, standing_reach(work, flanking_reach(work), keep)))


def standing_reach(work: Work, reach: ReachOf, keep: tuple[str, ...] = ()) -> ReachOf:
    """``reach`` for the standing tokens (and ``keep``), −1 (nothing is that near) for the dead and
    the unconscious: they do not flank (the encounter without them reads the same, and is not
    made)."""

    def standing(token: Token) -> int:
        if token.id in keep or not token.stats or work.can_act(token.id):
            return reach(token)
        return -1

    return standing


def locking_enemies(work: Work, token_id: str) -> list[str]:
    """"Whenever a character is within a tile's distance, they are considered locked" (read once
    per encounter: only the tokens say it)."""
    return list(locked_by(work, token_id))


def locked_by(work: Work, token_id: str) -> tuple[str, ...]:
    """:func:`locking_enemies` to read only (the tuple kept for the board, not a list of one's own)."""
    return read_once(work.enc, ("locked by", token_id), lambda: _locking_enemies(work, token_id))


def _locking_enemies(work: Work, token_id: str) -> tuple[str, ...]:
    me = work.token(token_id)
    out = []
    for other in work.enc.tokens:
        if other.id == token_id or not other.stats or not work.can_act(other.id):
            continue
        if are_enemies(me, other) and footprint_distance(me, other) <= LOCK_DISTANCE:
            out.append(other.id)
    return tuple(out)


def check_lock(work: Work, attacker_id: str, target_id: str) -> None:
    """Locked: "a character can only do two actions while as such. Attack back, or retreat."""
    name = work.name(attacker_id)
    if work.record(attacker_id).get("retreating"):
        raise CommandRejected(f"{name} retreated this turn: only movement actions are left")
    locks = locked_by(work, attacker_id)
    if locks and target_id not in locks:
        by = " and ".join(work.name(t) for t in locks)
        raise CommandRejected(f"{name} is locked by {by}: they may only attack back or retreat")


def check_reach(work: Work, attacker_id: str, target_id: str, weapon: Weapon) -> None:
    a, t = work.token(attacker_id), work.token(target_id)
    distance = footprint_distance(a, t)
    if distance > weapon.reach:
        what = "range" if weapon.ranged else "reach"
        raise CommandRejected(
            f"{work.name(target_id)} is {distance} tiles from {work.name(attacker_id)}, beyond the "
            f"{possessive(weapon.name)} {what} of {weapon.reach}"
        )
    # assumed — not in the source text: no attack, ranged or melee, without a line of sight
    require_line_of_sight(work.enc, attacker_id, target_id, (work.name(attacker_id), work.name(target_id)))


def possessive(name: str) -> str:
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def defender_terrain(work: Work, token_id: str) -> MovementClass:
    """The worst ground under the defender's footprint (impassable aside), once per encounter."""
    return read_once(work.enc, ("terrain under", token_id), lambda: _terrain_under(work, token_id))


def _terrain_under(work: Work, token_id: str) -> MovementClass:
    token = work.token(token_id)
    game_map = work.enc.map
    worst = MovementClass.OPEN
    for tile in token.footprint_tiles():
        if game_map.in_bounds(tile):
            cls = game_map.terrain_at(tile).movement
            if SEVERITY[cls] > SEVERITY[worst] and cls is not MovementClass.IMPASSABLE:
                worst = cls
    return worst


def is_immobilised(work: Work, token_id: str) -> bool:
    """"Should a character be unable to move": unconscious, pinned, fully grappled, prone.

    Quicksand is not among them: "Harsh Terrain (Quicksand) : No Movement, -6 Dodge" gives it its
    own dodge penalty, and that is its rule (the terrain's dodge, in :func:`defender_terrain`).
    """
    return any(c.name in _IMMOBILISING for c in work.token(token_id).conditions)


def blind_side_arc(work: Work, attacker_id: str, target_id: str, arc: str) -> tuple[str, str]:
    """Critical wound (eyes): the blinded side counts as the back; blind on both, all sides."""
    if work.has(target_id, "blind"):
        return "back", "blind: every side counts as the back"
    if work.has(target_id, "blind-one-side") and arc != "back":
        t, a = work.token(target_id), work.token(attacker_id)
        relative = (bearing(t.centre, a.centre) - t.facing.degrees) % 360
        if 180 < relative < 360 and not math.isclose(relative, 0):
            return "back", "attacked on the blinded (left) side: counts as the back"
    return arc, ""


@functools.lru_cache(maxsize=4096)
def _arc(
    d_pos: Tile, d_size: Size, d_facing: Facing, d_name: str, a_pos: Tile, a_size: Size, a_name: str
) -> tuple[str, str]:
    """The geometry's arc reading, memoised on what it depends on (positions, sizes, facing); a
    :func:`.arcs.settled` one also by where the two stand to each other (:data:`_SETTLED_ARCS`)."""
    defender = Token("d", d_name, d_pos, size=d_size, facing=d_facing)
    attacker = Token("a", a_name, a_pos, size=a_size)
    apart = (a_pos[0] - d_pos[0], a_pos[1] - d_pos[1], d_size, d_facing, a_size)
    known = _SETTLED_ARCS.get(apart)
    if known is None:
        reading = arc_of(defender, attacker, ARC_WIDTHS)
        if not settled(reading.shares):
            return reading.arc.value, reading.explanation
        if len(_SETTLED_ARCS) >= _SETTLED_KEPT:
            _SETTLED_ARCS.clear()  # a bound on memory; the readings are the same either way
        known = _SETTLED_ARCS[apart] = (reading.arc, reading.shares)
    arc, shares = known
    return arc.value, arc_explanation(defender, attacker, arc, shares)


#: Settled arc readings (arc and shares) by where the attacker stands from the defender, the
#: sizes and the defender's facing: the same two tokens read the same arc and sentence anywhere
#: on the map (:func:`.arcs.settled`), so a fight across the map reads each way of standing once.
_SETTLED_ARCS: dict[tuple[int, int, Size, Facing, Size], tuple[Arc, Mapping[Arc, float]]] = {}
_SETTLED_KEPT = 4096


def situation_for(
    work: Work, attacker_id: str, target_id: str, weapon: Weapon, *, charge: bool = False,
    lethal: bool | None = None, dual_extra: int = 0, lesser: bool = False, maneuver: str | None = None,
    maneuver_penalty: int = 0,
) -> tuple[Situation, list[str]]:
    """The Situation of this attack and the lines that explain the map's part in it."""
    standing, notes = standing_situation(work, attacker_id, target_id)
    return with_attack_kind(standing, charge=charge, lethal=lethal, dual_extra=dual_extra, lesser=lesser,
                            maneuver=maneuver, maneuver_penalty=maneuver_penalty), list(notes)


def with_attack_kind(
    standing: Situation, *, charge: bool = False, lethal: bool | None = None, dual_extra: int = 0,
    lesser: bool = False, maneuver: str | None = None, maneuver_penalty: int = 0,
) -> Situation:
    """``standing`` (:func:`standing_situation`) for one kind of attack: a charge, lethal or not,
    dual-wielded, lesser, or a maneuver and its penalty."""
    if not (charge or lethal is not None or dual_extra or lesser or maneuver is not None or maneuver_penalty):
        return standing  # a plain attack: the standing situation as it is
    return _with_kind(standing, charge, lethal, dual_extra, lesser, maneuver, maneuver_penalty)


#: How many situations are kept by what they are made of (a fight sees a few dozen).
SITUATIONS_KEPT = 4096


@functools.lru_cache(maxsize=SITUATIONS_KEPT, typed=True)
def _with_kind(standing: Situation, charge: bool, lethal: bool | None, dual_extra: int, lesser: bool,
               maneuver: str | None, maneuver_penalty: int) -> Situation:
    """:func:`with_attack_kind` of a kind other than a plain attack, made once per standing
    situation and kind (a situation is frozen)."""
    return replace(standing, charge=charge, lethal=lethal, dual_wield_extra=dual_extra, lesser=lesser,
                   maneuver=maneuver, maneuver_penalty=maneuver_penalty)


@functools.lru_cache(maxsize=SITUATIONS_KEPT, typed=True)
def _standing(arc: str, flanking_allies: int, terrain: MovementClass, immobilised: bool, defensive: bool,
              aware: bool, outmaneuver: int, roll_shift: int, overwhelm_ranged: bool) -> Situation:
    """The Situation of :func:`standing_situation`, made once per what it holds (a situation is
    frozen; the attacks of a fight stand in a few dozen ways)."""
    return Situation(
        arc=arc,
        flanking_allies=flanking_allies,
        defender_terrain=terrain,
        defender_immobilised=immobilised,
        defender_defensive=defensive,
        defender_aware=aware,
        outmaneuver_bonus=outmaneuver,
        roll_shift=roll_shift,
        overwhelm_ranged=overwhelm_ranged,
    )


def standing_situation(work: Work, attacker_id: str, target_id: str) -> tuple[Situation, tuple[str, ...]]:
    """The Situation of any attack of ``attacker_id`` on ``target_id`` as they stand now, before
    the kind of attack is known (a plain attack), and the lines that explain the map's part in it."""
    attacker, target = work.token(attacker_id), work.token(target_id)
    arc_name, arc_text = _arc(target.position, target.size, target.facing, target.name,
                              attacker.position, attacker.size, attacker.name)
    arc, blind_note = blind_side_arc(work, attacker_id, target_id, arc_name)
    flank = flanking_of(work, attacker_id, target_id)
    notes = [arc_text, flank.explanation] + ([blind_note] if blind_note else [])
    ambushed = work.combat.get("ambush") and target_id in work.combat.get("ambushed", [])
    outmaneuver = int(work.record(attacker_id).get("outmaneuver", {}).get(target_id, 0))
    head = critical_wounds.head_wounds(work, attacker_id)
    situation = _standing(
        arc, flank.count, defender_terrain(work, target_id), is_immobilised(work, target_id),
        work.record(target_id).get("stance") == "defensive", not ambushed, outmaneuver, -head,
        not work.rules.get("overwhelm_melee_only", False),
    )
    if ambushed:
        notes.append(f"{work.name(target_id)} is ambushed and unaware: no full armour")
    if head:
        notes.append(f"{work.name(attacker_id)}'s head wound: every roll result −{head}")
    return situation, tuple(notes)
