"""Hit → strike → wound: one Avorkarth attack resolved against the Dice Rolls chart.

:func:`resolve_attack` is a pure function of two :class:`Combatant` values, the weapon, the
:class:`Situation` the map produced (arc, flanking allies, charge, terrain, stance …), a dice source
and the chart. It returns every roll and outcome as data; the session turns that into events.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field

from vantage.engine.dice import DiceExpression, DiceSource, Roll, parse, roll
from vantage.engine.explain import Breakdown
from vantage.engine.model import Size
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART, DiceRollsChart, Outcome
from vantage.engine.rules.avorkarth.ledger import MINOR_PER_LESSER, MINOR_PER_WOUND
from vantage.engine.rules.avorkarth.statblock import StatBlock, Weapon, from_block
from vantage.engine.terrain import MovementClass

#: Tame −1, difficult −3, harsh −6 dodge for a defender standing in that terrain.
TERRAIN_DODGE = {MovementClass.TAME: -1, MovementClass.DIFFICULT: -3, MovementClass.HARSH: -6}
#: Strike outcome → minor wounds: 1 wound, 1 lesser, 1 minor, none, none.
STRIKE_DAMAGE = {
    Outcome.CRITICAL_SUCCESS: MINOR_PER_WOUND,
    Outcome.SUCCESS: MINOR_PER_LESSER,
    Outcome.PARTIAL: 1,
    Outcome.FAIL: 0,
    Outcome.CRITICAL_FAIL: 0,
}
#: Overwhelm: strength difference → minor wounds added (or removed). Rows the text skips (4, 6, 8, 9)
#: use the row below them (assumed — not in the source text).
OVERWHELM = ((10, 3 * MINOR_PER_WOUND), (7, MINOR_PER_WOUND), (5, 3 * MINOR_PER_LESSER),
             (3, MINOR_PER_LESSER), (2, 5), (1, 2))
#: Assumed — not in the source text: the longest chain of critical hits and strikes rolled out.
MAX_CHAIN = 12
IMMOBILISED_STRIKE_BONUS = 3
#: How many (chart, category, shift) keep what their roll needs (a fight sees a few dozen).
NEEDS_KEPT = 1024
#: How many categories (hit, strike) and damages are kept, each by the plain numbers and labels
#: it is made of (a fight sees a few dozen).
CATEGORIES_KEPT = 4096


@dataclass(frozen=True)
class Combatant:
    """A creature as the attack rules see it."""

    name: str
    block: StatBlock
    cond: attr.Condition = attr.WELL
    size: Size = Size.MEDIUM
    half_dodge: str | None = None  # "partial grapple" halves dodge
    no_dodge: str | None = None  # "full grapple": the grappler loses all of its dodge


@dataclass(frozen=True)
class Situation:
    """What the map and the turn say about this attack."""

    arc: str = "front"
    flanking_allies: int = 0
    charge: bool = False
    defender_terrain: MovementClass = MovementClass.OPEN
    defender_immobilised: bool = False
    defender_defensive: bool = False
    defender_aware: bool = True
    lethal: bool | None = None
    dual_wield_extra: int = 0
    lesser: bool = False
    outmaneuver_bonus: int = 0
    maneuver_penalty: int = 0
    maneuver: str | None = None
    extra_hit_terms: tuple[tuple[str, int], ...] = field(default=())
    #: "The difference in strength between the users also changes the wounds dealt": ranged attacks
    #: too (False: the rules option ``overwhelm_melee_only``).
    overwhelm_ranged: bool = True
    #: added to each of the attacker's roll results before the chart reads them (a critical wound to
    #: the head: "Reduce all rolls results by 1", −1 each)
    roll_shift: int = 0


@dataclass(frozen=True)
class Swing:
    """One hit roll and, if it landed, its strike: one link of a critical chain."""

    hit_category: Breakdown
    hit_roll: Roll | None
    hit: Outcome
    hit_note: str
    strike_category: Breakdown | None = None
    strike_roll: Roll | None = None
    strike: Outcome | None = None
    damage: Breakdown | None = None
    armour: Breakdown | None = None

    @property
    def minor(self) -> int:
        return int(self.damage.value) if self.damage is not None else 0


@dataclass(frozen=True)
class AttackResolution:
    attacker: str
    defender: str
    weapon: str
    lethal: bool
    attack: Breakdown
    dodge: Breakdown
    swings: tuple[Swing, ...]
    weapon_dropped: bool = False
    durability_loss: int = 0
    attacker_minor: int = 0
    defender_outmaneuvers: bool = False
    #: the attacker chose to roll no additional hit after a critical hit and strike
    chain_stopped: bool = False

    @property
    def damage(self) -> int:
        return sum(s.minor for s in self.swings)

    @property
    def rolls(self) -> tuple[Roll, ...]:
        out: list[Roll] = []
        for s in self.swings:
            out.extend(r for r in (s.hit_roll, s.strike_roll) if r is not None)
        return tuple(out)


def defender_dodge(defender: Combatant, situation: Situation, attacker_size: Size = Size.MEDIUM) -> Breakdown:
    """The defender's dodge against this attack: flanking, terrain, grapple, size vs maneuvers
    (worked out once per stat block and everything else it reads)."""
    larger = None if situation.maneuver is None else defender.size.rank - attacker_size.rank
    key = ("dodge against", defender.cond, defender.no_dodge, defender.half_dodge,
           situation.flanking_allies, situation.defender_terrain, larger)
    return from_block(defender.block, key, lambda: _defender_dodge(defender, situation, larger))


def _defender_dodge(defender: Combatant, situation: Situation, larger: int | None) -> Breakdown:
    b = attr.dodge(defender.block, defender.cond)
    if defender.no_dodge:
        b = b.plus(f"{defender.no_dodge}: no dodge", -int(b.value))
    elif defender.half_dodge:
        b = b.plus(f"{defender.half_dodge}: half dodge", -(int(b.value) - int(b.value) // 2))
    b = b.plus(f"flanked by {situation.flanking_allies} more", -situation.flanking_allies)
    terrain = TERRAIN_DODGE.get(situation.defender_terrain, 0)
    b = b.plus(f"{situation.defender_terrain.value} terrain", terrain)
    if larger is not None:  # a maneuver: sizes larger than the attacker
        b = b.plus(f"{larger} size{'s' if larger != 1 else ''} larger", 4 * max(0, larger))
    return b


def hit_category(
    attacker: Combatant, defender: Combatant, weapon: Weapon, situation: Situation,
) -> tuple[Breakdown, Breakdown, Breakdown]:
    """(attack, dodge, category): the hit roll's category = attack − dodge + every shift."""
    key = ("attack with", weapon.ranged, attacker.cond, situation.charge, situation.dual_wield_extra,
           situation.lesser, situation.outmaneuver_bonus, situation.maneuver, situation.maneuver_penalty,
           situation.extra_hit_terms)
    attack = from_block(attacker.block, key, lambda: _attack(attacker, weapon, situation))
    dodge = defender_dodge(defender, situation, attacker.size)
    cat = _hit_category(attack.value, dodge.value, situation.arc, _nonlethal_penalty(weapon, situation))
    return attack, dodge, cat


def _attack(attacker: Combatant, weapon: Weapon, situation: Situation) -> Breakdown:
    """The attack value of :func:`hit_category` (``weapon`` read for ``ranged`` only)."""
    attack = attr.attack(attacker.block, weapon, attacker.cond)
    attack = attack.plus("charging", 1 if situation.charge else 0)
    attack = attack.plus("dual wielding", -situation.dual_wield_extra)
    attack = attack.plus("lesser attack", -1 if situation.lesser else 0)
    attack = attack.plus("outmaneuvered the target earlier", situation.outmaneuver_bonus)
    attack = attack.plus(f"{situation.maneuver} maneuver", situation.maneuver_penalty)
    for label, amount in situation.extra_hit_terms:
        attack = attack.plus(label, amount)
    return attack


@functools.lru_cache(maxsize=CATEGORIES_KEPT, typed=True)
def _hit_category(attack: float, dodge: float, arc: str, nonlethal_penalty: bool) -> Breakdown:
    """The hit category from the attack and dodge values and the shifts (worked out once each)."""
    cat = Breakdown("Hit category", attack, "attack").plus("dodge", -dodge)
    if arc == "flank":
        cat = cat.plus("flank attack", 1)
    elif arc == "back":
        cat = cat.plus("back attack", 3)
    if nonlethal_penalty:
        cat = cat.plus("non-lethal with a lethal weapon", -1)
    return cat


def _nonlethal_penalty(weapon: Weapon, situation: Situation) -> bool:
    return situation.lethal is False and weapon.lethal and situation.maneuver is None


def is_lethal(weapon: Weapon, situation: Situation) -> bool:
    return weapon.lethal if situation.lethal is None else situation.lethal


def overwhelm(attacker: StatBlock, defender: StatBlock) -> tuple[int, str]:
    """Minor wounds added (+) or removed (−) by the strength difference, and why."""
    diff = attacker.ability("strength") - defender.ability("strength")
    for step, minor in OVERWHELM:
        if abs(diff) >= step:
            sign = 1 if diff > 0 else -1
            return sign * minor, f"overwhelm (strength {diff:+d})"
    return 0, ""


def roll_on_chart(
    category: int, dice: DiceSource, chart: DiceRollsChart, purpose: str, shift: int = 0
) -> tuple[Roll, Outcome]:
    """Roll on the chart at ``category``; ``shift`` is added to the roll's result before it is read
    (a head wound's −1)."""
    expression, needs = _chart_roll(chart, category, shift)
    r = roll(expression, dice, purpose, needs=needs)
    return r, chart.outcome(r.total + shift, category)


@functools.lru_cache(maxsize=NEEDS_KEPT)
def _chart_roll(chart: DiceRollsChart, category: int, shift: int) -> tuple[DiceExpression, str]:
    """The chart's dice expression, read, and :func:`chart_needs`: once per chart, category and
    shift (a chart is frozen)."""
    return parse(chart.expression), chart_needs(chart, category, shift)


@functools.lru_cache(maxsize=NEEDS_KEPT)
def chart_needs(chart: DiceRollsChart, category: int, shift: int = 0) -> str:
    """What a roll on the chart needs, for the table: the lowest face of a partial and of a full
    success at ``category`` ("9+ partial, 12+ success"), or "no face succeeds" (worked out once
    per chart, category and shift: a chart is frozen)."""
    parts = []
    for outcome, word in ((Outcome.PARTIAL, "partial"), (Outcome.SUCCESS, "success")):
        face = next((f for f in range(1, chart.die + 1)
                     if chart.outcome(f + shift, category).rank >= outcome.rank), None)
        if face is not None:
            parts.append(f"{face}+ {word}")
    return ", ".join(parts) or "no face succeeds"



def strike_chances(chart: DiceRollsChart, category: int, shift: int = 0) -> dict[str, float]:
    """The chance of each outcome of a strike roll at ``category``, best first (none left out at 0)."""
    out: dict[str, float] = {}
    for o in reversed(Outcome):
        share = sum(1 for face in range(1, chart.die + 1)
                    if chart.outcome(face + shift, category) is o) / chart.die
        if share:
            out[o.value] = share
    return out


def strike_category(
    attacker: Combatant, defender: Combatant, weapon: Weapon, situation: Situation, hit: Outcome,
    immobilised: bool,
) -> Breakdown:
    """The strike roll's category: might − armour and every shift (without rolling)."""
    return _strike_terms(attacker, defender, weapon, situation, hit, immobilised)[0]


def _strike_terms(
    attacker: Combatant, defender: Combatant, weapon: Weapon, situation: Situation, hit: Outcome,
    immobilised: bool,
) -> tuple[Breakdown, Breakdown]:
    # each worked out once per stat block and what it reads (might: the weapon's might and name)
    cond = attacker.cond
    mt = from_block(attacker.block, ("might", weapon.might, weapon.name, cond),
                    lambda: attr.might(attacker.block, weapon, cond))
    arc, aware, parried, d_cond, damage = (situation.arc, situation.defender_aware, hit is Outcome.PARTIAL,
                                           defender.cond, weapon.damage)
    armour = from_block(
        defender.block, ("armour", arc, aware, immobilised, parried, d_cond, damage),
        lambda: attr.armour_total(defender.block, arc=arc, aware=aware, immobilised=immobilised,
                                  parried=parried, cond=d_cond, damage=damage))
    cat = _strike_category(mt.value, armour.value, immobilised, hit, _nonlethal_penalty(weapon, situation))
    return cat, armour


@functools.lru_cache(maxsize=CATEGORIES_KEPT, typed=True)
def _strike_category(might: float, armour: float, immobilised: bool, hit: Outcome,
                     nonlethal_penalty: bool) -> Breakdown:
    """The strike category from the might and armour values and the shifts (worked out once each)."""
    cat = Breakdown("Strike category", might, "might").plus("armour", -armour)
    if immobilised:
        cat = cat.plus("immobilised: extreme critical", IMMOBILISED_STRIKE_BONUS)
    elif hit is Outcome.CRITICAL_SUCCESS:
        cat = cat.plus("critical hit", 1)
    elif hit is Outcome.PARTIAL:
        cat = cat.plus("parried (partial hit)", -1)
    if nonlethal_penalty:
        cat = cat.plus("non-lethal with a lethal weapon", -1)
    return cat


def _strike(
    attacker: Combatant, defender: Combatant, weapon: Weapon, situation: Situation, hit: Outcome,
    immobilised: bool, dice: DiceSource, chart: DiceRollsChart,
) -> tuple[Breakdown, Roll, Outcome, Breakdown, Breakdown]:
    cat, armour = _strike_terms(attacker, defender, weapon, situation, hit, immobilised)
    purpose = f"strike roll, {attacker.name} ({weapon.name}) vs {defender.name}"
    r, outcome = roll_on_chart(int(cat.value), dice, chart, purpose, situation.roll_shift)
    if outcome is Outcome.CRITICAL_SUCCESS and situation.defender_defensive and situation.arc == "front":
        outcome = Outcome.SUCCESS
    extra, label = 0, ""
    if STRIKE_DAMAGE[outcome] > 0 and (situation.overwhelm_ranged or not weapon.ranged):
        extra, label = overwhelm(attacker.block, defender.block)
    return cat, r, outcome, _damage(outcome, extra, label), armour


@functools.lru_cache(maxsize=CATEGORIES_KEPT, typed=True)
def _damage(outcome: Outcome, extra: int, label: str) -> Breakdown:
    """The strike's damage in minor wounds: the outcome's, and the overwhelm ``extra`` (worked out
    once each)."""
    damage = Breakdown("Damage (minor wounds)", STRIKE_DAMAGE[outcome], f"strike {outcome.value}")
    if extra:
        floor = 0 if extra <= -3 * MINOR_PER_WOUND else 1
        damage = damage.plus(label, extra).clamped(minimum=floor)
    return damage


def resolve_attack(
    attacker: Combatant, defender: Combatant, weapon: Weapon, situation: Situation, dice: DiceSource,
    chart: DiceRollsChart = DEFAULT_CHART, max_chain: int = MAX_CHAIN, stop_after: int | None = None,
    go_on: Callable[[tuple[Swing, ...]], bool] | None = None,
) -> AttackResolution:
    """Roll one attack: hit (attack vs dodge), then strike (might vs armour), chaining criticals.

    ``stop_after``: the minor wounds that take the defender out of the fight; a critical chain
    stops rolling once they are dealt. ``go_on``: "the attacker may roll an additional hit" — asked
    with the swings so far before each additional hit (None: always rolled).
    """
    attack, dodge, cat = hit_category(attacker, defender, weapon, situation)
    lethal = is_lethal(weapon, situation)
    swings: list[Swing] = []
    dropped = outmaneuvers = stopped = False
    durability = attacker_minor = 0
    immobilised = situation.defender_immobilised
    for _ in range(max_chain):
        if immobilised:
            note = f"{defender.name} is immobilised: extreme critical"
            hit_roll, hit = None, Outcome.CRITICAL_SUCCESS
        elif situation.defender_defensive and situation.arc == "front":
            note = f"{defender.name} stands in defensive stance: no hit roll"
            hit_roll, hit = None, Outcome.SUCCESS
        else:
            purpose = f"hit roll, {attacker.name} ({weapon.name}) vs {defender.name}"
            hit_roll, hit = roll_on_chart(int(cat.value), dice, chart, purpose, situation.roll_shift)
            note = ""
        if not hit.succeeded:
            if hit is Outcome.CRITICAL_FAIL:
                if weapon.ranged:
                    dropped = not weapon.unarmed
                    note = f"{attacker.name} fumbles and drops the {weapon.name}"
                else:
                    outmaneuvers = True
                    note = f"{defender.name} outmaneuvers {attacker.name}: +1 to the next attack against them"
            swings.append(Swing(cat, hit_roll, hit, note))
            break
        s_cat, s_roll, strike, damage, armour = _strike(
            attacker, defender, weapon, situation, hit, immobilised, dice, chart
        )
        swings.append(Swing(cat, hit_roll, hit, note, s_cat, s_roll, strike, damage, armour))
        if strike is Outcome.CRITICAL_FAIL:
            if weapon.unarmed:
                attacker_minor += 1
            else:
                durability += 1
        if not (hit is Outcome.CRITICAL_SUCCESS and strike is Outcome.CRITICAL_SUCCESS):
            break
        if stop_after is not None and sum(s.minor for s in swings) >= stop_after:
            break
        if go_on is not None and not go_on(tuple(swings)):
            stopped = True
            break
    return AttackResolution(
        attacker.name, defender.name, weapon.name, lethal, attack, dodge, tuple(swings),
        weapon_dropped=dropped, durability_loss=durability, attacker_minor=attacker_minor,
        defender_outmaneuvers=outmaneuvers, chain_stopped=stopped,
    )


@dataclass(frozen=True)
class StrikeOnly:
    """A strike without a hit roll (the free strike a tackled creature gets)."""

    category: Breakdown
    roll: Roll
    outcome: Outcome
    damage: Breakdown
    armour: Breakdown


def resolve_strike_only(
    attacker: Combatant, defender: Combatant, weapon: Weapon, dice: DiceSource,
    chart: DiceRollsChart = DEFAULT_CHART, situation: Situation = Situation(),
) -> StrikeOnly:
    cat, r, outcome, damage, armour = _strike(
        attacker, defender, weapon, situation, Outcome.SUCCESS, False, dice, chart
    )
    return StrikeOnly(cat, r, outcome, damage, armour)
