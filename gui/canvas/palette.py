"""How things look: side colours and the texture of each terrain kind.

Terrain colours come from the engine's catalog; the texture (a Qt brush pattern over the colour)
says how hard the ground is, so the map reads in grey-scale too. How big a tile is in the scene is
the grid's business (:mod:`vantage.gui.canvas.map_grid`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from vantage.engine.model import Side, WallKind
from vantage.engine.terrain import MovementClass, TerrainKind

SIDE_COLOURS: dict[Side, QColor] = {
    Side.PARTY: QColor("#2f6fdb"),
    Side.ENEMY: QColor("#d23b2f"),
    Side.NEUTRAL: QColor("#d9a520"),
}

WALL_COLOURS: dict[WallKind, QColor] = {
    WallKind.WALL: QColor("#1b1b1f"),
    WallKind.DOOR_CLOSED: QColor("#7a4a1c"),
    WallKind.DOOR_OPEN: QColor("#f3d48c"),
    WallKind.DOOR_LOCKED: QColor("#a3281c"),
    WallKind.WINDOW: QColor("#5fb4e6"),
}

GRID_COLOUR = QColor(0, 0, 0, 60)
#: Round the map in the GM's view (its scene background, its scroll bars).
MARGIN_COLOUR = QColor("#2a2a2e")
OBJECT_FILL = QColor(90, 80, 70, 200)
COVER_FILL = QColor(150, 120, 80, 170)

#: The brush pattern laid over the colour of a terrain, by how hard it is to cross.
MOVEMENT_TEXTURE: dict[MovementClass, Qt.BrushStyle] = {
    MovementClass.OPEN: Qt.BrushStyle.NoBrush,
    MovementClass.TAME: Qt.BrushStyle.Dense7Pattern,
    MovementClass.DIFFICULT: Qt.BrushStyle.BDiagPattern,
    MovementClass.HARSH: Qt.BrushStyle.DiagCrossPattern,
    MovementClass.IMPASSABLE: Qt.BrushStyle.CrossPattern,
}


def terrain_colour(kind: TerrainKind) -> QColor:
    return QColor(kind.color)


def texture_colour(kind: TerrainKind) -> QColor:
    """The colour of the texture lines: a darker shade of the ground (lighter on dark ground)."""
    base = QColor(kind.color)
    return base.lighter(160) if base.lightnessF() < 0.3 else base.darker(150)


def side_colour(side: Side) -> QColor:
    return SIDE_COLOURS[side]


def initials(name: str) -> str:
    """Up to two letters that name a token on its disc: ``"Bram the Bold"`` → ``"BB"``."""
    words = [w for w in name.replace("-", " ").split() if w[:1].isalnum()]
    if not words:
        return "?"
    if len(words) == 1:
        return words[0][:2].capitalize()
    return (words[0][0] + words[-1][0]).upper()
