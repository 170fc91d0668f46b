"""The terrain catalog: what each kind of ground does to movement.

A terrain kind has a *movement class* (open, tame, difficult, harsh, impassable — the classes
Avorkarth names; the other rulesets map onto them) and the *setbacks* Baton gives to difficult
terrain (slippery, ensnaring, hazardous, exhausting). Rulesets decide what a class costs; the
catalog only says what the ground is.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType


class MovementClass(StrEnum):
    """How hard ground is to cross, easiest first (``severity`` orders them)."""

    OPEN = "open"
    TAME = "tame"
    DIFFICULT = "difficult"
    HARSH = "harsh"
    IMPASSABLE = "impassable"

    @property
    def severity(self) -> int:
        return list(MovementClass).index(self)


class Setback(StrEnum):
    """Baton: what failing the difficult-terrain check does to a character."""

    SLIPPERY = "slippery"  # becomes prone
    ENSNARING = "ensnaring"  # becomes restrained
    HAZARDOUS = "hazardous"  # 1 damage per 5 ft crossed
    EXHAUSTING = "exhausting"  # 1 fatigue damage per 10 ft crossed


@dataclass(frozen=True)
class TerrainKind:
    id: str
    name: str
    movement: MovementClass = MovementClass.OPEN
    setbacks: frozenset[Setback] = frozenset()
    color: str = "#c8c0a8"
    blocks_sight: bool = False

    @property
    def passable(self) -> bool:
        return self.movement is not MovementClass.IMPASSABLE


def _kinds(*kinds: TerrainKind) -> MappingProxyType[str, TerrainKind]:
    return MappingProxyType({k.id: k for k in kinds})


M = MovementClass
S = Setback

#: The terrains every map may use. The examples in Avorkarth's text decide the class of sand,
#: rocky ground, undergrowth (tame), brush, marshland, ruin rubble (difficult) and quicksand
#: (harsh); the rest are ours and documented in docs/rules/terrain.md.
DEFAULT_TERRAIN: MappingProxyType[str, TerrainKind] = _kinds(
    TerrainKind("open", "Open ground", M.OPEN, color="#b9b08f"),
    TerrainKind("floor", "Floor", M.OPEN, color="#a59d92"),
    TerrainKind("grass", "Grass", M.OPEN, color="#8fae6b"),
    TerrainKind("road", "Road", M.OPEN, color="#c2ab7f"),
    TerrainKind("sand", "Sand", M.TAME, frozenset({S.EXHAUSTING}), color="#dcc88c"),
    TerrainKind("rocky", "Rocky ground", M.TAME, frozenset({S.SLIPPERY}), color="#9b9384"),
    TerrainKind("undergrowth", "Undergrowth", M.TAME, frozenset({S.ENSNARING}), color="#6f9450"),
    TerrainKind("shallow-water", "Shallow water", M.TAME, frozenset({S.SLIPPERY}), color="#7fb0c8"),
    TerrainKind("brush", "Brush", M.DIFFICULT, frozenset({S.ENSNARING}), color="#557a3a"),
    TerrainKind("marsh", "Marshland", M.DIFFICULT, frozenset({S.ENSNARING, S.EXHAUSTING}), color="#5f7f66"),
    TerrainKind("rubble", "Ruin rubble", M.DIFFICULT, frozenset({S.SLIPPERY}), color="#8a7d6b"),
    TerrainKind("ice", "Ice", M.DIFFICULT, frozenset({S.SLIPPERY}), color="#d4eaf2"),
    TerrainKind("thorns", "Thorns", M.DIFFICULT, frozenset({S.HAZARDOUS}), color="#6b5a3a"),
    TerrainKind("embers", "Embers", M.DIFFICULT, frozenset({S.HAZARDOUS}), color="#b3552e"),
    TerrainKind("quicksand", "Quicksand", M.HARSH, frozenset({S.ENSNARING}), color="#b89a5a"),
    TerrainKind("deep-water", "Deep water", M.IMPASSABLE, color="#3f6e9a"),
    TerrainKind("chasm", "Chasm", M.IMPASSABLE, color="#2b2622"),
    TerrainKind("solid", "Solid rock", M.IMPASSABLE, color="#4a4440", blocks_sight=True),
)
