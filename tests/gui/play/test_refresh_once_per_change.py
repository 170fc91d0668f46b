"""The panels that follow the selected token (the token panel, the tactics overlay, the turn
tracker's order edits) draw once per change, and what they draw step by step
is what a fresh panel draws (issue 32: "a long session in the GUI … the token panel and tactics
overlay refreshing after every change"; a turn change drew them twice — for the token whose turn
ended, then for the one whose turn starts — and every token's health bar was repainted after every
command).

A session of turn changes, placements, undos and redos; after each step the token panel and the
tactics overlay are compared with a panel and an overlay made fresh for the same encounter and
token. The overlay keeps the items of what did not change (issue 32: "the tactics overlay rebuilds
all its items on every change"): item for item, in the same stacking, and pixel for pixel, it is
what a fresh overlay draws."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pytest
from overlay_items import fresh_overlay, overlay_drawing, rendered, stacking_is_by_z_alone, take_away
from place_steps import place_on_a_free_tile
from play_workspace import PlayWorkspace
from PySide6.QtCore import QRectF

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.asking import ask_reachable, ask_turn
from vantage.engine.rules.base import Health, HealthLayer
from vantage.gui.document import run_command
from vantage.gui.play.tactics_overlay import Layer, TacticsOverlay
from vantage.gui.play.token_panel import TokenPanel, shown_rows


def _panel_shows(panel: TokenPanel) -> tuple[object, ...]:
    """What the panel shows, its stat block as the GM sees it on bringing its tab in front (behind
    the State tab in a shown window, the block is loaded then), the State tab put back after."""
    in_front = panel.tabs.currentIndex()
    panel.tabs.setCurrentWidget(panel.form)
    block, modified = panel.form.block(), panel.form.is_modified()
    panel.tabs.setCurrentIndex(in_front)
    return (panel.token_id, panel.isEnabled(), panel.title.text(), panel.name_edit.text(),
            shown_rows(panel.derived), shown_rows(panel.conditions), block, modified)


def _overlay_shows(overlay: TacticsOverlay) -> list[tuple[str, str, tuple[float, ...]]]:
    """Every item of the overlay: its kind, tooltip and place in the scene."""
    items = []
    stack = [*overlay.childItems(), *overlay.above.childItems()]
    while stack:
        item = stack.pop()
        stack += item.childItems()
        rect = item.sceneBoundingRect()
        items.append((type(item).__name__, item.toolTip(), tuple(round(v, 3) for v in rect.getRect())))
    return sorted(items)


def _fresh_overlay(panels: PlayWorkspace) -> list[tuple[str, str, tuple[float, ...]]]:
    fresh = TacticsOverlay(panels.workspace.overlays)
    panels.scene.addItem(fresh)
    encounter, token = panels.encounter, panels.workspace.selection.token
    hovered = panels.workspace.hover.token
    fresh.rebuild(encounter, token, lambda: ask_reachable(encounter, token or ""), hovered)
    shows = _overlay_shows(fresh)
    panels.scene.removeItem(fresh.above)
    panels.scene.removeItem(fresh)
    return shows


class _Counts:
    """How often the token panel and the overlay drew during one step."""

    def __init__(self, panels: PlayWorkspace) -> None:
        self.panel = self.overlay = self.edits = 0
        panel, overlay, tracker = panels.token_panel, panels.tactics, panels.tracker
        panel_refresh, overlay_rebuild, show_edits = panel.refresh, overlay.rebuild, tracker._show_edits

        def counted_edits() -> None:  # the tracker's Up / Down / Remove for the selected token
            self.edits += 1
            show_edits()

        def counted_refresh() -> None:
            self.panel += 1
            panel_refresh()

        def counted_rebuild(*args, **kwargs) -> None:
            self.overlay += 1
            overlay_rebuild(*args, **kwargs)

        panel.refresh = counted_refresh  # type: ignore[method-assign]
        overlay.rebuild = counted_rebuild  # type: ignore[method-assign]
        tracker._show_edits = counted_edits  # type: ignore[method-assign]

    def take(self) -> tuple[int, int, int]:
        counts = (self.panel, self.overlay, self.edits)
        self.panel = self.overlay = self.edits = 0
        return counts


def _steps(panels: PlayWorkspace, count: int) -> Iterator[str]:
    """The long session's steps (benchmarks/long_session.py), a few of them: a turn change, the GM
    placing the acting token, an undo and a redo."""
    document = panels.workspace.document
    tiles = [(x, y) for y in range(panels.encounter.map.height) for x in range(panels.encounter.map.width)]
    for step in range(count):
        turn = ask_turn(document.encounter)
        if step % 5 == 4:
            document.undo_stack.undo()
            yield "undo"
            document.undo_stack.redo()
            yield "redo"
        elif turn is None:
            panels.tracker.start_combat()
            yield "turn"
        elif step % 2 == 0 or turn.actor is None:
            panels.tracker.next_turn()
            yield "turn"
        else:
            place_on_a_free_tile(document, turn.actor, tiles, step)
            yield "place"


@pytest.fixture
def panels(demo_panels: PlayWorkspace) -> PlayWorkspace:
    for layer in Layer:  # every layer the ruleset draws
        demo_panels.workspace.overlays.set_shown(layer, True)
    return demo_panels


def test_every_step_draws_the_token_panel_and_overlay_once_as_a_fresh_one_draws_them(qtbot, panels):
    counts = _Counts(panels)
    kinds = set()
    for kind in _steps(panels, 24):
        kinds.add(kind)
        selected = panels.workspace.selection.token
        assert counts.take() == (1, 1, 1), kind  # a turn change too: not first for the token whose turn ended
        if kind == "turn":  # the token whose turn starts is selected, and drawn
            assert selected == ask_turn(panels.encounter).actor
        assert panels.token_panel.token_id == selected
        fresh = TokenPanel(panels.workspace.document)  # made for this step: it draws everything anew
        qtbot.addWidget(fresh)
        fresh.show_token(selected)
        assert _panel_shows(panels.token_panel) == _panel_shows(fresh), kind
        assert _overlay_shows(panels.tactics) == _fresh_overlay(panels), kind
    assert kinds == {"turn", "place", "undo", "redo"}


def _hover_nearest_enemy(panels: PlayWorkspace) -> None:
    """Point at the enemy nearest the selected token: the sight line and its badge are drawn."""
    encounter, selected = panels.encounter, panels.workspace.selection.token
    if selected is None:
        return
    me = encounter.token(selected)
    others = [t for t in encounter.tokens if t.side != me.side]
    if others:
        x, y = me.position
        near = min(others, key=lambda t: abs(t.position[0] - x) + abs(t.position[1] - y))
        panels.workspace.hover.set(near.position, near.id)


def test_the_overlay_kept_step_by_step_is_item_for_item_and_pixel_for_pixel_a_fresh_one(panels):
    overlay, scene = panels.tactics, panels.scene
    area = QRectF(0, 0, 30 * 48, 20 * 48)
    kept_some = made_few = False
    for kind in _steps(panels, 30):
        _hover_nearest_enemy(panels)
        workspace = panels.workspace
        fresh = fresh_overlay(scene, workspace.overlays, panels.encounter, workspace.selection.token,
                              workspace.hover.token)
        assert stacking_is_by_z_alone(overlay) and stacking_is_by_z_alone(fresh)
        assert overlay_drawing(overlay) == overlay_drawing(fresh), kind
        fresh.hide()
        fresh.above.hide()
        kept_picture = rendered(scene, area)
        overlay.hide()
        overlay.above.hide()
        fresh.show()
        fresh.above.show()
        assert rendered(scene, area) == kept_picture, kind
        take_away(fresh)
        overlay.show()
        overlay.above.show()
        items = len(overlay.childItems()) + len(overlay.above.childItems())
        kept_some |= items > overlay.made > 0
        made_few |= kind in ("undo", "redo") and overlay.made < items
    assert kept_some and made_few  # not every item made anew


def test_a_change_elsewhere_keeps_the_selected_tokens_items(panels):
    """Moving an enemy far from the selected token replaces what shows that enemy (its reach
    zone, the lane to it) and keeps the rest: the same item objects."""
    document, overlay = panels.workspace.document, panels.tactics
    panels.workspace.selection.select_token("bram")
    before = {id(item) for item in [*overlay.childItems(), *overlay.above.childItems()]}
    zones = {item.toolTip(): item for item in overlay.childItems() if "melee reach" in item.toolTip()}
    ogre_zone = next(item for tip, item in zones.items() if tip.startswith("Ogre"))
    corner = panels.encounter.map.width - 3, panels.encounter.map.height - 3
    run_command(document, "Place", Place("ogre", corner))  # the far corner, clear of Bram
    after = [*overlay.childItems(), *overlay.above.childItems()]
    assert ogre_zone not in after  # the ogre's zone moved with it: a new item
    assert any("Ogre" in item.toolTip() and "melee reach" in item.toolTip() for item in after)
    kept = [item for item in after if id(item) in before]
    assert kept and overlay.made < len(after)
    assert any(item.toolTip() == "Bram's front arc" for item in kept)  # Bram did not move: his arcs stay


def test_a_refused_command_and_a_selection_outside_a_change_draw_at_once(panels):
    counts = _Counts(panels)
    panels.workspace.selection.select_token("ogre")
    assert counts.take()[:2] == (1, 1) and panels.token_panel.token_id == "ogre"
    with pytest.raises(CommandRejected):
        run_command(panels.workspace.document, "Place", Place("ogre", (-5, -5)))
    assert counts.take() == (0, 0, 0)  # nothing changed: nothing drawn


def test_a_token_bar_repaints_only_when_its_health_changes(panels):
    item = panels.scene.token_items["bram"]
    health = Health(0.5, "2 of 4 wounds left", (HealthLayer("wounds", 2, 4),))
    item.set_health(health)
    updates: list[None] = []
    item.update = lambda *args: updates.append(None)  # type: ignore[method-assign]
    segments = item.segments
    item.set_health(Health(0.5, "2 of 4 wounds left", (HealthLayer("wounds", 2, 4),)))  # an equal answer
    assert updates == [] and item.segments is segments
    item.set_health(None)
    assert updates == [None] and item.segments == () and item.health is None
    item.set_health(health)
    assert len(updates) == 2 and item.segments == segments


def test_the_token_panel_checks_a_stat_block_again_only_when_it_differs(panels):
    """The ruleset's check of the block is remembered per token (most commands leave the block
    as it was) and asked again when the block differs: a bad block loaded shows its problems, the
    same token with its good block again shows its values."""
    document, panel = panels.workspace.document, panels.token_panel
    good = panels.encounter
    bram = good.token("bram")
    bad_stats = {**bram.stats, "strength": "very"}
    panels.workspace.selection.select_token("bram")
    checks: list[object] = []
    ruleset = get_ruleset(good.ruleset)
    real_validate = ruleset.validate_stats

    def counted(stats: object, place: str = "stats") -> list[tuple[str, str]]:
        checks.append(stats)
        return real_validate(stats, place)

    ruleset.validate_stats = counted  # type: ignore[method-assign]
    try:
        run_command(document, "Place", Place("bram", (bram.position[0], bram.position[1] + 1)))
        assert checks == []  # the block as it was: not checked again
        document.reset(good.with_token(replace(bram, stats=bad_stats)), None)
        assert bad_stats in checks  # a different block: checked
        rows = shown_rows(panel.derived)
        assert rows[0][0].startswith("Stat block problems: ") and "strength" in rows[0][0]
        checks.clear()
        document.reset(good, None)
        assert dict(bram.stats) in checks
        assert not shown_rows(panel.derived)[0][0].startswith("Stat block problems")
    finally:
        del ruleset.validate_stats
