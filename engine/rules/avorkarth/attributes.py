"""Avorkarth combat attributes from ability scores, each a Breakdown that explains itself.

Wounded states (optional rule) and stamina states change the attributes: they are passed in as
:class:`Condition` values so the same functions serve the tooltips and the attack rolls.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from vantage.engine.explain import Breakdown
from vantage.engine.model import Size
from vantage.engine.rules.avorkarth.ledger import WoundedState
from vantage.engine.rules.avorkarth.statblock import StatBlock, Weapon


class StaminaState(StrEnum):
    """Stamina 0 or less: Tired; −Stamina: Fatigued; −Stamina × 2: Exhausted (−1 each step)."""

    NORMAL = "normal"
    TIRED = "tired"
    FATIGUED = "fatigued"
    EXHAUSTED = "exhausted"

    @property
    def penalty(self) -> int:
        return _STAMINA_PENALTY[self]


_STAMINA_PENALTY = {s: i for i, s in enumerate(StaminaState)}


def stamina_state(current: int, maximum: int) -> StaminaState:
    if current > 0:
        return StaminaState.NORMAL
    if current > -maximum:
        return StaminaState.TIRED
    if current > -2 * maximum:
        return StaminaState.FATIGUED
    return StaminaState.EXHAUSTED


@dataclass(frozen=True)
class Condition:
    """What the fight has done to a creature so far: its wounded state and its stamina state."""

    wounded: WoundedState = WoundedState.WELL
    stamina: StaminaState = StaminaState.NORMAL


WELL = Condition()

#: Resistances: "Resistances are influenced by the character's vitality or toughness"; the text names
#: vitality for poison/necrotic/cold and toughness for fire/shock. The other five (acid, holy,
#: infernal, shadow, spirit) it leaves to "vitality or toughness": the better of the two (assumed
#: — the text does not say which, as "Agility OR Dexterity" is read as the better).
RESISTANCE_ABILITY: dict[str, tuple[str, ...]] = {
    "poison": ("vitality",), "necrotic": ("vitality",), "cold": ("vitality",),
    "fire": ("toughness",), "shock": ("toughness",),
    "acid": ("vitality", "toughness"), "holy": ("vitality", "toughness"),
    "infernal": ("vitality", "toughness"), "shadow": ("vitality", "toughness"),
    "spirit": ("vitality", "toughness"),
}


def resistance_source(kind: str) -> str:
    """"Vitality", "Toughness" or "Vitality or Toughness (the better)" — where a resistance comes from."""
    names = [n.capitalize() for n in RESISTANCE_ABILITY[kind]]
    return names[0] if len(names) == 1 else " or ".join(names) + " (the better)"


def _halve(b: Breakdown, label: str) -> Breakdown:
    v = int(b.value)
    return b.plus(label, -(v - v // 2))


def _stamina(b: Breakdown, cond: Condition) -> Breakdown:
    return b.plus(f"stamina: {cond.stamina.value}", -cond.stamina.penalty)


def _ab(block: StatBlock, name: str) -> str:
    return f"{name.capitalize()} {block.ability(name)}"


def melee_attack(block: StatBlock, cond: Condition = WELL) -> Breakdown:
    """(Agility OR Dexterity + Instinct)/2 rounded down — the better of the two."""
    best = "agility" if block.ability("agility") >= block.ability("dexterity") else "dexterity"
    base = (block.ability(best) + block.ability("instinct")) // 2
    b = Breakdown("Melee attack", base, f"({_ab(block, best)} + {_ab(block, 'instinct')}) / 2")
    return _stamina(_wounded_attack(b, cond), cond)


def ranged_attack(block: StatBlock, cond: Condition = WELL) -> Breakdown:
    """(Dexterity + Instinct)/2 rounded down."""
    base = (block.ability("dexterity") + block.ability("instinct")) // 2
    b = Breakdown("Ranged attack", base, f"({_ab(block, 'dexterity')} + {_ab(block, 'instinct')}) / 2")
    return _stamina(_wounded_attack(b, cond), cond)


def attack(block: StatBlock, weapon: Weapon, cond: Condition = WELL) -> Breakdown:
    return ranged_attack(block, cond) if weapon.ranged else melee_attack(block, cond)


def _wounded_attack(b: Breakdown, cond: Condition) -> Breakdown:
    if cond.wounded is WoundedState.HURT:
        return b.plus("hurt", -1)
    if cond.wounded is WoundedState.WOUNDED:
        return b.plus("wounded", -2)
    if cond.wounded is WoundedState.CRIPPLED:
        return _halve(b, "crippled: halved")
    return b


def might(block: StatBlock, weapon: Weapon, cond: Condition = WELL) -> Breakdown:
    """Strength OR Weapon Might: the weapon's might when it has one, else Strength."""
    if weapon.might is not None:
        b = Breakdown("Might", weapon.might, f"{weapon.name} might")
    else:
        b = Breakdown("Might", block.ability("strength"), f"Strength ({weapon.name})")
    if cond.wounded is WoundedState.WOUNDED:
        b = b.plus("wounded", -1)
    elif cond.wounded is WoundedState.CRIPPLED:
        b = _halve(b, "crippled: halved")
    return _stamina(b, cond)


def dodge(block: StatBlock, cond: Condition = WELL) -> Breakdown:
    """(Agility + Instinct)/2 rounded down + Armour Penalty."""
    base = (block.ability("agility") + block.ability("instinct")) // 2
    b = Breakdown("Dodge", base, f"({_ab(block, 'agility')} + {_ab(block, 'instinct')}) / 2")
    b = b.plus("armour penalty", block.armour_penalty)
    if cond.wounded is WoundedState.HURT:
        b = b.plus("hurt", -1)
    elif cond.wounded is WoundedState.WOUNDED:
        b = _halve(b, "wounded: half")
    elif cond.wounded is WoundedState.CRIPPLED:
        return b.replaced("crippled: dodge 1", 1)
    return _stamina(b, cond)


def movement(block: StatBlock, cond: Condition = WELL, *, grappled: bool = False) -> Breakdown:
    """Tiles per move action, before terrain: the stat block's movement and the wounded state.

    ``grappled``: a partial grapple's target "lowers their movement by half before any other
    movement calculations".
    """
    b = Breakdown("Movement", block.movement, "stat block movement")
    if grappled:
        b = _halve(b, "partial grapple: half, before anything else")
    if cond.wounded is WoundedState.HURT:
        return b.plus("hurt", -1).clamped(minimum=0)
    if cond.wounded is WoundedState.WOUNDED:
        return _halve(b, "wounded: half")
    if cond.wounded is WoundedState.CRIPPLED:
        return b.replaced("crippled: movement 1", min(1, block.movement))
    return b


def _crippled_halves(b: Breakdown, cond: Condition) -> Breakdown:
    if cond.wounded is WoundedState.CRIPPLED:
        b = _halve(b, "crippled: halved")
    return _stamina(b, cond)


def initiative(block: StatBlock, cond: Condition = WELL) -> Breakdown:
    """Initiative = Instinct."""
    return _crippled_halves(Breakdown("Initiative", block.ability("instinct"), "Instinct"), cond)


def swiftness(block: StatBlock, cond: Condition = WELL) -> Breakdown:
    """Swiftness = Agility: the actions of a round; above 6, extra turns. Crippled halves it and
    stamina lowers it ("all combat attributes")."""
    b = Breakdown("Swiftness", block.ability("agility"), "Agility")
    return _crippled_halves(b, cond).clamped(minimum=0)


def stamina(block: StatBlock) -> Breakdown:
    """Stamina = Constitution."""
    return Breakdown("Stamina", block.ability("constitution"), "Constitution")


def resolve(block: StatBlock, cond: Condition = WELL) -> Breakdown:
    """Resolve = Will."""
    return _crippled_halves(Breakdown("Resolve", block.ability("will"), "Will"), cond)


def nonlethal_wounds(block: StatBlock) -> Breakdown:
    """Non-lethal wounds = Wounds − 1."""
    return Breakdown("Non-lethal wounds", block.wounds, "Wounds").plus("minus one", -1)


def resistance(block: StatBlock, kind: str, cond: Condition = WELL) -> Breakdown:
    """The resistance to damage of ``kind``: the stat block's value or its ability; crippled halves
    it and stamina lowers it (never below 0)."""
    if block.resistances and kind in block.resistances:
        b = Breakdown(f"{kind.capitalize()} resistance", block.resistances[kind], "stat block")
    else:
        ability = max(RESISTANCE_ABILITY[kind], key=block.ability)
        b = Breakdown(f"{kind.capitalize()} resistance", block.ability(ability), ability.capitalize())
    return _crippled_halves(b, cond).clamped(minimum=0)


def terrifying_size(size: Size) -> int:
    """Large +1, doubling per size greater: huge +2, gargantuan +4."""
    steps = size.rank - Size.LARGE.rank
    return 0 if steps < 0 else 2**steps


#: The two readings of "+ 1 per 5 Wounds - 5" (the rules option ``presence_wounds``).
PRESENCE_WOUNDS_READINGS = ("beyond_five", "minus_five")


def presence_from_wounds(wounds: int, reading: str = "beyond_five") -> tuple[int, str]:
    """What the Wounds add to presence, and the label that says how.

    "+ 1 per 5 Wounds - 5" is ambiguous. ``"beyond_five"`` (the default): +1 for every 5 Wounds
    beyond the first 5, ⌊(Wounds − 5)/5⌋ and never below 0 — a bonus "per 5 Wounds" is never a
    penalty. ``"minus_five"``: +1 per 5 Wounds, then −5, ⌊Wounds/5⌋ − 5.
    """
    if reading == "minus_five":
        return wounds // 5 - 5, f"Wounds {wounds}: ⌊Wounds/5⌋ − 5"
    return max(0, (wounds - 5) // 5), f"Wounds {wounds} (+1 per 5 beyond 5)"


def presence(
    block: StatBlock, size: Size = Size.MEDIUM, *, towards_enemies: bool = False, cond: Condition = WELL,
    wounds_reading: str = "beyond_five",
) -> Breakdown:
    """Constitution OR Strength OR Charisma OR Elegance + 1 per 5 Wounds − 5, terrifying size; crippled
    halves it and stamina lowers it ("all combat attributes").

    "Presence using Elegance only affects allies": towards enemies the best of the other three.
    The Wounds' part: :func:`presence_from_wounds`.
    """
    names = ("constitution", "strength", "charisma") + (() if towards_enemies else ("elegance",))
    best = max(names, key=block.ability)
    name = "Presence towards enemies" if towards_enemies else "Presence"
    b = Breakdown(name, block.ability(best), best.capitalize())
    amount, label = presence_from_wounds(block.wounds, wounds_reading)
    b = b.plus(label, amount)
    b = b.plus(f"terrifying size ({size.value})", terrifying_size(size))
    return _crippled_halves(b, cond)


def armour_total(
    block: StatBlock, *, arc: str = "front", aware: bool = True, immobilised: bool = False,
    parried: bool = False, cond: Condition = WELL, damage: str | None = None,
) -> Breakdown:
    """The armour a strike must beat.

    Full armour counts when the defender is aware of the fight; guarded armour (and the shield's
    guarded value on a parry) only against front and flank attacks; natural armour always.
    Against an immobilised creature only natural armour counts. A strike of a ``damage`` type
    meets the resistance of that type as armour ("Resistances function as an armour value to any
    damage of its type"); a resistance is neither full nor guarded armour, so it counts against
    the immobilised too. Crippled halves the armour and stamina lowers it ("all combat
    attributes"), never below 0.
    """
    b = Breakdown("Armour", block.armour["natural"], "natural")
    if not immobilised:
        if aware:
            b = b.plus("full", block.armour["full"])
        if arc in ("front", "flank"):
            b = b.plus(f"guarded ({arc})", block.armour["guarded"])
            if parried:
                b = b.plus("shield guarded (parried)", block.shield_guarded)
    if cond != WELL:
        b = _crippled_halves(b, cond).clamped(minimum=0)
    if damage is not None:
        res = resistance(block, damage, cond)
        b = b.plus(f"{damage} resistance", int(res.value))
    return b
