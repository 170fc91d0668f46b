"""The first press on a token does only what the GM sees at once (issue 15, "Big maps": "the first
press on a token at 400×400 tiles ≤ 50 ms").

No timing here (``benchmarks/big_map.py`` has the figure): the token panel builds its stat-block
form once per schema and only when its tab is in front, refilling the values for the next token;
a panel whose dock is hidden refreshes when it is shown, and at once when it is visible; the
enemies' reach zones are the same rectangles, tooltips and pixels as before, drawn by cheaper
items; a partial repaint of the structure layer draws only the walls near the exposed rect, and a
full one still draws them all.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QImage, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QGraphicsScene, QStyleOptionGraphicsItem

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.geometry import are_enemies
from vantage.engine.model import Encounter, GameMap, Wall, WallKind
from vantage.engine.rules.asking import ask_movement, ask_reachable, ask_stat_schema
from vantage.engine.rules.base import Unanswered
from vantage.engine.rules.stat_schema import FieldKind, lookup
from vantage.gui.canvas.map_grid import TILE_PX, grid_of
from vantage.gui.canvas.structure_layer import DOOR_HALO, StructureLayer, wall_paths
from vantage.gui.edit import stat_form
from vantage.gui.edit.stat_form import StatForm
from vantage.gui.play.tactics_overlay import Layer, TacticsOverlay
from vantage.gui.workspace import DockId, OverlaysShown


@pytest.fixture
def built_rows(monkeypatch) -> list[str]:
    """The path of every form row built from now on (``FieldRow`` spied on)."""
    built: list[str] = []

    class CountedRow(stat_form.FieldRow):
        def __init__(self, field, on_edit):
            built.append(field.path)
            super().__init__(field, on_edit)

    monkeypatch.setattr(stat_form, "FieldRow", CountedRow)
    return built


def _number_fields_given(form: StatForm, stats: dict) -> dict[str, float]:
    """Each number field the token's block gives, with its value."""
    given = {}
    for path, row in form.rows.items():
        value = lookup(stats, path)
        if row.field.kind in (FieldKind.INT, FieldKind.NUMBER) and isinstance(value, int | float) \
                and not isinstance(value, bool):
            given[path] = value
    return given


def test_a_second_token_with_the_same_schema_refills_the_form_without_rebuilding_it(
        qtbot, demo_panels, built_rows):
    """"the token panel builds its form once per ruleset/schema and only refills values": Bram and
    then Ilse (both Avorkarth stat blocks) build the rows once; the second shows Ilse's values."""
    panel = demo_panels.token_panel
    panel.tabs.setCurrentIndex(1)  # the Stat block tab in front
    panel.show_token("bram")
    fields = ask_stat_schema("avorkarth").fields
    assert built_rows == [f.path for f in fields]
    rows_before = dict(panel.form.rows)
    ilse = demo_panels.document.encounter.token("ilse")
    panel.show_token("ilse")
    assert built_rows == [f.path for f in fields]  # not one row more
    assert all(panel.form.rows[path] is row for path, row in rows_before.items())
    given = _number_fields_given(panel.form, dict(ilse.stats))
    assert given and {path: panel.form.rows[path].editor.value() for path in given} == given
    bram = demo_panels.document.encounter.token("bram")
    assert lookup(dict(bram.stats), "abilities.agility") != lookup(dict(ilse.stats), "abilities.agility")
    agility = panel.form.rows["abilities.agility"].editor
    assert agility.value() == lookup(dict(ilse.stats), "abilities.agility")
    assert panel.title.text().startswith("Ilse Varn at (4, 8)")


def test_the_stat_block_rows_wait_until_their_tab_is_in_front(qtbot, demo_panels, built_rows):
    """"make the press do only what the GM sees at once": with the State tab in front a selection
    fills the state and derived values but builds no form row; bringing the Stat block tab forward
    builds them with the selected token's values."""
    panel = demo_panels.token_panel
    assert panel.tabs.currentIndex() == 0
    panel.show_token("bram")
    assert built_rows == [] and not panel.form.rows_built()
    assert panel.title.text().startswith("Bram at (5, 6)") and panel.derived.count() > 0
    panel.tabs.setCurrentIndex(1)
    assert panel.form.rows_built() and len(built_rows) == len(ask_stat_schema("avorkarth").fields)
    bram = dict(demo_panels.document.encounter.token("bram").stats)
    assert panel.form.rows["abilities.agility"].editor.value() == lookup(bram, "abilities.agility")


def test_problems_shown_before_the_rows_exist_appear_in_them(qtbot):
    """"every problem is shown next to its field": a problem shown while the rows wait is in its
    row once they are built, and in the message line at once."""
    form = StatForm(lambda stats: [], lambda stats, size: None)
    qtbot.addWidget(form)
    schema = ask_stat_schema("avorkarth")
    assert not isinstance(schema, Unanswered)
    form.set_rules(schema, ())
    form.show_problems([("stats.abilities.agility", "31 is above 30")])
    assert not form.rows_built()
    assert "stats.abilities.agility: 31 is above 30" in form.message.text()
    assert form.rows["abilities.agility"].problem.text() == "31 is above 30"
    assert form.rows["abilities.strength"].problem.text() == ""


def test_a_hidden_token_panel_refreshes_when_shown(qtbot, demo_panels):
    """"defer the refresh while its dock is hidden, refreshing when it is shown … the panel must
    show the right token at once when its dock is visible"."""
    panel, dock = demo_panels.token_panel, demo_panels.workspace.dock(DockId.TOKEN)
    dock.hide()
    qtbot.mouseClick(demo_panels.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=demo_panels.view.tile_centre_in_view((4, 8)))
    assert demo_panels.workspace.selection.token == "ilse" and panel.token_id == "ilse"
    assert panel.stale and panel.title.text() == "No token selected"  # nothing done while hidden
    dock.show()
    assert not panel.stale
    assert panel.title.text().startswith("Ilse Varn at (4, 8)") and panel.name_edit.text() == "Ilse Varn"
    assert any(panel.conditions.item(i).text() == "prone" for i in range(panel.conditions.count()))
    # visible: the next selection shows at once
    qtbot.mouseClick(demo_panels.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=demo_panels.view.tile_centre_in_view((5, 6)))
    assert panel.title.text().startswith("Bram at (5, 6)") and not panel.stale


def test_a_hidden_token_panel_shows_edits_made_while_it_was_hidden(qtbot, demo_panels):
    """A change to the encounter while the panel is hidden (a rename) is there when it is shown."""
    panel, dock = demo_panels.token_panel, demo_panels.workspace.dock(DockId.TOKEN)
    panel.show_token("bram")
    dock.hide()
    encounter = demo_panels.document.encounter
    renamed = replace(encounter.token("bram"), name="Bram the Bold")
    demo_panels.document.reset(encounter.with_token(renamed), None)
    assert panel.stale and panel.name_edit.text() == "Bram"
    dock.show()
    assert panel.name_edit.text() == "Bram the Bold"


def _old_reach_zone_items(encounter: Encounter, token_id: str, scene: QGraphicsScene) -> None:
    """The reach zones as they were drawn before: one path item per enemy, each its own pen and
    brush (the reference the new items must match, pixel for pixel)."""
    answer = ask_movement(encounter, token_id)
    assert not isinstance(answer, Unanswered)
    me = encounter.token(token_id)
    for enemy in (t for t in encounter.tokens if are_enemies(me, t)):
        r = answer.rules.reach_of(enemy)
        (x, y), n = enemy.position, enemy.footprint
        path = QPainterPath()
        side = (n + 2 * r) * TILE_PX
        path.addRect(QRectF((x - r) * TILE_PX, (y - r) * TILE_PX, side, side))
        item = QGraphicsPathItem(path)
        item.setPen(QPen(QColor(200, 40, 40, 200), 2, Qt.PenStyle.DashLine))
        item.setBrush(QBrush(QColor(200, 40, 40, 35)))
        scene.addItem(item)


def _render(scene: QGraphicsScene, source: QRectF) -> QImage:
    image = QImage(int(source.width()), int(source.height()), QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    scene.render(painter, QRectF(image.rect()), source)
    painter.end()
    return image


def test_reach_zones_show_the_same_zones_tooltips_and_pixels(qtbot):
    """Reach zones: "the enemies' reach zones" — one zone per enemy of Bram's, the square of its
    footprint grown by its melee reach, with "<name>'s melee reach: N tile(s)" as its tooltip,
    drawn exactly as the path items were."""
    encounter = demo_encounter()
    overlay = TacticsOverlay(OverlaysShown({Layer.REACH_ZONES}))
    scene = QGraphicsScene()
    scene.addItem(overlay)
    overlay.rebuild(encounter, "bram", lambda: ask_reachable(encounter, "bram"))
    zones = {c.toolTip(): c.sceneBoundingRect() for c in overlay.childItems() if "melee reach" in c.toolTip()}
    reference = QGraphicsScene()
    _old_reach_zone_items(encounter, "bram", reference)
    expected = {f"{t.name}'s melee reach: 1 tile" for t in encounter.tokens if t.side.value == "enemy"}
    assert set(zones) == expected  # Ghoul 1, Ghoul 2, Ogre: one each
    assert sorted(r.getRect() for r in zones.values()) == sorted(
        i.sceneBoundingRect().getRect() for i in reference.items())
    ogre = zones["Ogre's melee reach: 1 tile"]  # large (2×2) at (19, 8), reach 1: tiles 18–21
    assert ogre.adjusted(1, 1, -1, -1) == QRectF(18 * TILE_PX, 7 * TILE_PX, 4 * TILE_PX, 4 * TILE_PX)
    for item in [*overlay.childItems(), *overlay.above.childItems()]:
        if "melee reach" not in item.toolTip():
            item.setVisible(False)  # the locks are drawn as before; compare the zones alone
    whole = QRectF(0, 0, encounter.map.width * TILE_PX, encounter.map.height * TILE_PX)
    assert _render(scene, whole) == _render(reference, whole)


def _walls_map() -> GameMap:
    """64 × 64 tiles: a long wall across the map, short walls, doors and windows on a grid."""
    walls = [Wall((0.0, 32.0), (64.0, 32.0))]
    kinds = (WallKind.WALL, WallKind.DOOR_CLOSED, WallKind.DOOR_OPEN, WallKind.WINDOW)
    for i, x in enumerate(range(2, 62, 5)):
        for j, y in enumerate(range(2, 62, 6)):
            walls.append(Wall((float(x), float(y)), (float(x + 2), float(y)), kinds[(i + j) % 4]))
            walls.append(Wall((float(x), float(y)), (float(x), float(y + 3))))
    return GameMap(64, 64, walls=tuple(walls))


class CountingPainter(QPainter):
    """Counts the path elements handed to ``drawPath`` in a wall's own colour (a door's dark edge
    under it draws the same elements again and is not counted)."""

    def __init__(self, image: QImage) -> None:
        super().__init__(image)
        self.walls = 0

    def drawPath(self, path: QPainterPath) -> None:  # noqa: N802 (Qt name)
        if self.pen().color() != DOOR_HALO:
            self.walls += path.elementCount()
        super().drawPath(path)


def _paint_walls(layer: StructureLayer, exposed: QRectF) -> int:
    image = QImage(64, 64, QImage.Format.Format_ARGB32)
    painter = CountingPainter(image)
    option = QStyleOptionGraphicsItem()
    option.exposedRect = exposed
    layer.paint(painter, option)
    painter.end()
    return painter.walls


def test_a_partial_repaint_draws_only_the_walls_near_the_exposed_rect(qtbot):
    """"walls outside the exposed rect are not drawn but a full repaint still draws all"."""
    game_map = _walls_map()
    layer = StructureLayer(game_map)
    # every element of every wall (a wall is a move and a line; a door adds its jambs and leaf)
    everything = sum(path.elementCount() for path in wall_paths(game_map.walls, grid_of(game_map)).values())
    assert _paint_walls(layer, layer.boundingRect()) == everything
    corner = QRectF(0, 0, 4 * TILE_PX, 4 * TILE_PX)  # two short walls start at (2, 2)
    drawn = _paint_walls(layer, corner)
    assert 2 * 2 <= drawn < everything / 10
    # the long wall's midpoint is far from the left edge, yet a repaint there draws it
    left_edge = QRectF(0, 31 * TILE_PX, 2 * TILE_PX, 2 * TILE_PX)
    assert _paint_walls(layer, left_edge) >= 1


def test_partial_and_full_repaints_of_the_walls_draw_the_same_pixels(qtbot):
    """A partial repaint shows the walls exactly as the full one does where it paints."""
    game_map = _walls_map()
    scene = QGraphicsScene()
    scene.addItem(StructureLayer(game_map))
    whole = QRectF(0, 0, 64 * TILE_PX, 64 * TILE_PX)
    full = _render(scene, whole)
    for part in (QRectF(0, 0, 512, 512), QRectF(1000, 1700, 900, 700), QRectF(2000, 1500, 1072, 1572)):
        piece = _render(scene, part)
        assert piece == full.copy(part.toRect()), part
