"""Layered health bars (issue item 5): "Health is drawn from the ruleset's layers (stacked bars:
Protection → Stamina → Health; Fortitude → Health; hit points; wound ledger), not one fraction."

The bar has one segment per layer, in the ruleset's order and of equal width, each filled to its
left / maximum; the last layer is green/amber/red by its share, the ones before it have colours of
their own; the tooltip lists every layer. Without layers the bar is the fraction."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsScene
from skirmish_ruleset import registered, sample_encounter
from workspaces import following, workspace_on

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import ApplyDamage, StartCombat
from vantage.engine.rules.base import Health, HealthLayer
from vantage.engine.session import apply
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.token_item import LAYER_COLOURS, TokenItem, health_colour, health_segments
from vantage.gui.play.turn_tracker import TurnTracker

GUARD_HEALTH = Health(0.7, "guard 2/3, health 7/10",
                      (HealthLayer("guard", 2, 3), HealthLayer("health", 7, 10)))


def _render(item: TokenItem, zoom: float = 2.0) -> QImage:
    """The item alone, ``zoom`` device pixels per scene unit, on white."""
    scene = QGraphicsScene()
    scene.addItem(item)
    side = int(TILE_PX * zoom)
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    scene.render(painter, QRectF(0, 0, side, side), QRectF(item.pos().x(), item.pos().y(), TILE_PX, TILE_PX))
    painter.end()
    scene.removeItem(item)
    return image


def _pixel(image: QImage, item: TokenItem, x_share: float, zoom: float = 2.0) -> QColor:
    """The colour at ``x_share`` of the bar's width, in the middle of its height."""
    bar = item.health_bar_rect(zoom)
    point = QPointF(bar.left() + bar.width() * x_share, bar.center().y()) * zoom
    return image.pixelColor(int(point.x()), int(point.y()))


def _near(a: QColor, b: QColor) -> bool:
    return max(abs(a.red() - b.red()), abs(a.green() - b.green()), abs(a.blue() - b.blue())) < 40


def test_each_layer_is_a_segment_filled_to_what_is_left(workspace):
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    item.set_health(GUARD_HEALTH)
    guard, health = item.segments
    assert (guard.share, guard.text) == (2 / 3, "guard 2/3")
    assert (health.share, health.text) == (0.7, "health 7/10")
    assert guard.colour == LAYER_COLOURS[0] and health.colour == health_colour(0.7) == QColor("#3cb043")
    assert "guard 2/3 · health 7/10" in item.toolTip()
    assert "guard 2/3, health 7/10" in item.toolTip()  # the ruleset's own words follow


def test_the_painted_bar_shows_both_layers(workspace):
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    item.set_health(GUARD_HEALTH)
    image = _render(item)
    # the guard half: blue to 2/3 of it, then empty; the health half: green to 7/10 of it
    assert _near(_pixel(image, item, 0.15), LAYER_COLOURS[0])
    assert _near(_pixel(image, item, 0.45), QColor("#3a3a3a"))
    assert _near(_pixel(image, item, 0.6), QColor("#3cb043"))
    assert _near(_pixel(image, item, 0.97), QColor("#3a3a3a"))


def test_without_layers_the_bar_is_the_fraction(workspace):
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    item.set_health(Health(0.2, "2 of 10 hit points"))
    (only,) = item.segments
    assert only.share == 0.2 and only.colour == QColor("#d0302a")
    image = _render(item)
    assert _near(_pixel(image, item, 0.1), QColor("#d0302a"))
    assert _near(_pixel(image, item, 0.5), QColor("#3a3a3a"))
    assert item.toolTip().endswith("2 of 10 hit points")


def test_three_layers_get_three_distinct_colours():
    """Baton: Protection → Stamina → Health."""
    health = Health(1.0, "", (HealthLayer("protection", 1, 1), HealthLayer("stamina", 4, 4),
                              HealthLayer("health", 9, 9)))
    colours = [s.colour.name() for s in health_segments(health)]
    assert len(set(colours)) == 3
    assert [s.text for s in health_segments(health)] == ["protection 1/1", "stamina 4/4", "health 9/9"]


def test_the_bar_keeps_four_device_pixels_when_zoomed_out(workspace):
    """Readable on a projector at small zoom: never thinner than 4 device pixels."""
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    assert item.health_bar_rect(1.0).height() == 5.0
    for zoom in (0.5, 0.4, 0.35):
        assert item.health_bar_rect(zoom).height() * zoom >= 4.0 - 1e-9
    for zoom in (0.35, 0.3, 0.1):  # and it never covers more than 30 % of the disc
        assert item.health_bar_rect(zoom).height() <= 0.3 * item.disc_rect(zoom).height() + 1e-9


def test_avorkarth_draws_its_wound_ledger_by_category(qtbot, workspace):
    """Avorkarth (issue 30 item 1): the bar moves with every category — "When a character takes 10
    minor wounds, they convert them into a lesser wound" — minor, lesser, non-lethal, wounds."""
    following(workspace)
    tracker = TurnTracker(workspace.document)
    qtbot.addWidget(tracker)
    workspace.document.dice = ScriptedDice([10] * 60)
    tracker.start_combat()
    from vantage.gui.document import run_command

    item = workspace.scene.token_items["ghoul-1"]
    full = _render(item)
    run_command(workspace.document, "Hurt the ghoul", ApplyDamage(token="ghoul-1", amount=8))
    minor, lesser, nonlethal, wounds = item.segments
    assert (minor.share, minor.text) == (0.2, "free minor wounds 2/10")
    assert (lesser.share, wounds.share) == (1.0, 1.0)
    assert "from death" in item.toolTip() and "from unconsciousness" in item.toolTip()
    hurt = _render(item)
    # the minor quarter of the bar empties from 20 % on; the other quarters stay as they were
    assert not _near(_pixel(hurt, item, 0.15), _pixel(hurt, item, 0.4))
    assert _near(_pixel(hurt, item, 0.15), QColor("#3a3a3a")) and not _near(_pixel(full, item, 0.15),
                                                                           QColor("#3a3a3a"))
    assert _near(_pixel(hurt, item, 0.9), _pixel(full, item, 0.9))
    run_command(workspace.document, "Hurt the ghoul", ApplyDamage(token="ghoul-1", amount=42))
    minor, lesser, nonlethal, wounds = item.segments
    assert [s.text for s in item.segments] == ["free minor wounds 10/10", "free lesser wounds 5/5",
                                               "free non-lethal wounds 2/3", "free wounds 3/4"]
    assert item.health == 0.75


def test_skirmish_draws_guard_over_health_on_the_map(qtbot):
    """Skirmish: "Damage soaks through two layers: guard first, then health"."""
    with registered():
        encounter, _ = apply(sample_encounter(), StartCombat(options={"first": "party"}), ScriptedDice([]))
        encounter, _ = apply(encounter, ApplyDamage(token="ghoul", amount=4), ScriptedDice([]))
        workspace = following(workspace_on(qtbot, replace(encounter, name="bars")))
        item = workspace.scene.token_items["ghoul"]
        guard, health = item.segments
        assert (guard.text, health.text) == ("guard 0/3", "health 9/10")
        assert "guard 0/3 · health 9/10" in item.toolTip()
        image = _render(item)
        assert _near(_pixel(image, item, 0.25), QColor("#3a3a3a"))  # the guard is spent
        assert _near(_pixel(image, item, 0.7), QColor("#3cb043"))


def test_no_bar_without_health(workspace):
    item = TokenItem(workspace.encounter.token("bram"), workspace.scene.grid)
    item.set_health(None)
    assert item.segments == () and item.health is None
    assert not _near(_pixel(_render(item), item, 0.5), QColor("#3a3a3a"))  # the disc, no bar
    item.set_health(Health(0.0, "dead"))
    assert _near(_pixel(_render(item), item, 0.5), QColor("#3a3a3a"))  # an empty bar
