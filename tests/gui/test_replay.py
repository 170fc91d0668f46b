"""A recorded GUI session replays headless (issue 11: "The GUI keeps the list of commands it sent;
a test records a GUI session (drag, attack, paint, door, fog, token edit), replays its commands
headless and gets an equal encounter")."""

from __future__ import annotations

import pytest
from play_workspace import PlayPanels, play_panels
from PySide6.QtCore import QPointF, Qt

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Attack, Move, StartCombat
from vantage.engine.protocol.gm_commands import EditToken, PaintTerrain, Place, RevealFog, SetDoor
from vantage.engine.session import apply_all
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.edit.tool import EditMode
from vantage.gui.players.attach import AttachedPlayerView, attach_player_view
from vantage.gui.players.fog_tool import FogShape


@pytest.fixture
def desk(qtbot) -> tuple[PlayPanels, AttachedPlayerView]:
    """The demo map in play mode with the play panels, the window's action handlers and the player
    view attached, shown, at zoom 1 centred on (8, 8)."""
    panels = play_panels(qtbot, demo_encounter())
    return panels, attach_player_view(panels.workspace)


def _click(qtbot, window, tile, button=Qt.MouseButton.LeftButton, modifier=Qt.KeyboardModifier.NoModifier):
    qtbot.mouseClick(window.view.viewport(), button, modifier, window.view.tile_centre_in_view(tile))


def _drag(qtbot, window, tiles, modifier=Qt.KeyboardModifier.NoModifier):
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, modifier, window.view.tile_centre_in_view(tiles[0]))
    for tile in tiles[1:]:
        qtbot.mouseMove(viewport, window.view.tile_centre_in_view(tile))
    end = window.view.tile_centre_in_view(tiles[-1])
    qtbot.mouseRelease(viewport, Qt.MouseButton.LeftButton, modifier, end)


def _record_a_session(qtbot, window: PlayPanels, player_view: AttachedPlayerView):
    """Drag, Shift-drag, combat and an attack from the attack menu, a paint stroke, a door, a fog
    reveal and a token edit, each through the window's own widgets."""
    window.document.dice = ScriptedDice([20] + [1] * 10 + [10] * 60)
    _drag(qtbot, window, [(5, 6), (7, 8)])  # a legal move along the engine's path
    _drag(qtbot, window, [(7, 8), (14, 10)], Qt.KeyboardModifier.ShiftModifier)  # GM placement
    window.tracker.start_combat()
    while window.tracker.active != "bram":
        window.tracker.next_turn()
    _click(qtbot, window, (14, 10))
    _click(qtbot, window, (15, 10), Qt.MouseButton.RightButton)
    menu = window.attack_menu.menu
    next(a for a in menu.actions() if a.text().startswith("Attack with the Longsword")).trigger()
    window.commands.set_edit_mode(True)  # what Edit ▸ Edit mode (Ctrl+E) does
    window.edit_settings.mode, window.edit_settings.terrain, window.edit_settings.brush = \
        EditMode.TERRAIN, "chasm", 1
    _drag(qtbot, window, [(1, 14), (2, 14), (3, 14)])
    window.commands.set_edit_mode(False)
    door = window.view.mapFromScene(QPointF(12.5 * TILE_PX, 7.0 * TILE_PX))
    qtbot.mouseDClick(window.view.viewport(), Qt.MouseButton.LeftButton, pos=door)
    controller = player_view.controller
    controller.use_fog_tool(True, shape=FogShape.ROOM, reveal=True)
    _click(qtbot, window, (2, 2))
    controller.use_fog_tool(False)
    window.token_panel.show_token("ilse")
    window.token_panel.name_edit.setText("Ilse the Bold")
    window.token_panel.name_edit.editingFinished.emit()


def _replayed(document):
    rolls = [event for sent in document.sent for event in sent.events if event.kind == "roll"]
    faces = [face for roll in rolls for face in roll.faces]
    encounter, _ = apply_all(document.origin, document.commands, ScriptedDice(faces))
    return encounter


def test_a_recorded_gui_session_replays_headless_to_an_equal_encounter(qtbot, desk):
    window, player_view = desk
    _record_a_session(qtbot, window, player_view)
    kinds = {type(c) for c in window.document.commands}
    assert {Move, Place, StartCombat, Attack, PaintTerrain, SetDoor, RevealFog, EditToken} <= kinds
    assert window.encounter.token("ilse").name == "Ilse the Bold"
    assert window.encounter.map.terrain_at((2, 14)).id == "chasm"
    assert not next(w for w in window.encounter.map.walls if w.a == (12.0, 7.0)).kind.blocks_movement
    assert window.encounter.map.revealed
    assert any(e.kind == "hit" for sent in window.document.sent for e in sent.events)
    assert _replayed(window.document) == window.encounter


def test_the_command_list_follows_undo_and_redo_and_a_stroke_keeps_all_its_commands(qtbot, desk):
    """"the list that produces the current state — commands of undone steps drop out, redone come
    back; a merged stroke keeps all its commands"."""
    window, player_view = desk
    _record_a_session(qtbot, window, player_view)
    everything = window.document.commands
    strokes = [c for c in everything if isinstance(c, PaintTerrain)]
    assert [c.tiles for c in strokes] == [((1, 14),), ((2, 14),), ((3, 14),)]
    window.document.undo_stack.undo()  # the token edit
    window.document.undo_stack.undo()  # the fog reveal
    window.document.undo_stack.undo()  # the door
    window.document.undo_stack.undo()  # the whole paint stroke, one step
    assert window.document.commands == everything[:-6]
    assert _replayed(window.document) == window.encounter
    window.document.undo_stack.redo()
    assert window.document.commands == everything[:-3]
    assert _replayed(window.document) == window.encounter
