"""Dragging a rider and its mount (GM walkthrough 3, Baton riders): grabbed anywhere on the pair — the
rider's disc, or the mount round it on the rider's own tile — the one Baton moves is dragged ("The
character uses the mount's speed": the rider moves, its mount carries it), its mount's picture moves
along, and the drag says where the mount's footprint leaves an enemy's reach (an opportunity attack,
measured from the mount's whole footprint, assumed: docs/rules/baton.md). Opportunity Attack: "When a
character moves out of the reach of an enemy wielding a melee weapon, they allow that enemy to
immediately make an attack against them." """

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt

from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.rules.asking import ask_pending
from vantage.gui.document import run_command


def creature(token_id: str, template: str, tile: tuple[int, int], **skills: dict[str, int]) -> Token:
    """A token of one of Baton's templates (``skills``: skills to set)."""
    from vantage.engine.rules.baton.schema import TEMPLATES
    made = next(t for t in TEMPLATES if t.id == template)
    stats = {**dict(made.stats), **skills}
    return Token(token_id, token_id.capitalize(), tile, Side(made.side), Size(made.size), stats=stats)


@pytest.fixture
def mounted(qtbot):
    from play_workspace import play_workspace
    horse = creature("horse", "warhorse", (2, 2), skills={"dodge": 3})  # large: (2, 2)–(3, 3)
    rider = replace(creature("rider", "outrider", (2, 2)), rides="horse")
    encounter = Encounter(GameMap(20, 10), (horse, rider, creature("cult", "cultist", (4, 2))),
                          ruleset="baton", name="riders")
    window = play_workspace(qtbot, encounter, centre=(5, 4))
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    return window


def _point(window, tile, at=(0.5, 0.5)) -> QPoint:
    """The view point of (tile + at) in tile units."""
    grid = window.scene.grid
    scene = grid.scene_point(tile)
    side = grid.scene_length(1)
    return window.view.mapFromScene(QPointF(scene.x() + at[0] * side, scene.y() + at[1] * side))


def _drag_to(qtbot, window, press: QPoint, end_tile):
    viewport = window.view.viewport()
    qtbot.mousePress(viewport, Qt.MouseButton.LeftButton, pos=press)
    qtbot.mouseMove(viewport, window.view.tile_centre_in_view(end_tile))
    return window.parts.play_tool


@pytest.mark.parametrize("grab", ["rider's disc", "mount on the rider's tile", "mount elsewhere"])
def test_the_pair_is_dragged_by_its_rider_and_the_drag_warns_of_the_opportunity_attack(qtbot, mounted, grab):
    window = mounted
    press, grabbed_tile = {
        "rider's disc": (_point(window, (2, 2)), (2, 2)),
        "mount on the rider's tile": (_point(window, (2, 2), (0.06, 0.06)), (2, 2)),
        "mount elsewhere": (_point(window, (3, 3)), (3, 3)),
    }[grab]
    end = (grabbed_tile[0], grabbed_tile[1] + 3)
    tool = _drag_to(qtbot, window, press, end)
    drag = tool.drag
    assert drag is not None and drag.token_id == "rider"
    assert drag.path is not None and drag.path.end == (2, 5), drag.refusal
    warning = "Horse carries Rider: leaves Cult's reach at (2, 3): opportunity attack"
    assert tool.overlay.label.endswith(warning)
    grid = window.scene.grid
    assert window.scene.token_items["horse"].pos() == grid.scene_point((2, 5))  # the mount comes along
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=window.view.tile_centre_in_view(end))
    (decision,) = ask_pending(window.encounter)
    assert decision.prompt == "Rider leaves Cult's reach at (2, 3): opportunity attack?"


def test_a_refused_drag_puts_the_mount_back_too(qtbot, mounted):
    """The horse would stand off the map at (2, 9)–(3, 10): the engine refuses the drop."""
    window = mounted
    said: list[str] = []
    tool = _drag_to(qtbot, window, _point(window, (2, 2)), (2, 9))
    tool.message.connect(said.append)
    assert "Horse cannot carry Rider that way: " in tool.overlay.label  # said before the drop
    assert window.scene.token_items["horse"].pos() == window.scene.grid.scene_point((2, 9))
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton,
                       pos=window.view.tile_centre_in_view((2, 9)))
    assert said and said[-1].startswith("Rider cannot move to (2, 9): Rider cannot move that way")
    grid = window.scene.grid
    assert window.scene.token_items["horse"].pos() == grid.scene_point((2, 2))
    assert window.scene.token_items["rider"].pos() == grid.scene_point((2, 2))


def _marks(tool) -> list[tuple[str, int, tuple[int, int]]]:
    """The path events the drag marks with a "!" (kind, step, tile), in path order."""
    overlay = tool.overlay
    return [(e.kind, e.step, e.tile) for e in overlay.path.events if e.kind in overlay.warning_kinds]


def test_the_marks_of_a_rider_sit_where_the_label_says(qtbot, mounted):
    """Only the Horse's footprint is in Cult's reach: the Rider's own tile (2, 2) is 2 tiles from
    Cult at (4, 2), the Horse's (3, 2) beside it. The label says the pair leaves Cult's reach at
    (2, 3) — the mark is on the step from (2, 3), from the same answer of the engine (its movement
    query for that move), not from the path search's 1×1 tile (which finds no reach to leave)."""
    window = mounted
    tool = _drag_to(qtbot, window, _point(window, (2, 2)), (2, 5))
    said = "Horse carries Rider: leaves Cult's reach at (2, 3): opportunity attack"
    assert tool.overlay.label.endswith(said)
    assert not [e for e in tool.drag.path.events if e.kind == "leaves_reach"]  # the 1×1 search's
    ((kind, step, tile),) = _marks(tool)
    assert kind == "leaves_reach" and tool.overlay.path.tiles[step - 1] == (2, 3) and tile == (2, 4)
    assert tool.overlay.warnings() == ["leaves the reach of Cult"]
    assert tool.drag.path.tiles == tool.overlay.path.tiles  # the path sent on the drop is the same


def test_a_rider_whose_own_tile_leaves_a_reach_its_mount_stays_in_gets_no_mark(qtbot):
    """The Rider's own tile (3, 3) → (3, 4) leaves Cult's reach; the Horse's footprint, (2, 3)–(3, 4)
    after the step, is still beside Cult: no opportunity attack, and so no mark."""
    from play_workspace import play_workspace
    horse = creature("horse", "warhorse", (2, 2))
    rider = replace(creature("rider", "outrider", (3, 3)), rides="horse")
    encounter = Encounter(GameMap(20, 10), (horse, rider, creature("cult", "cultist", (4, 2))),
                          ruleset="baton", name="riders")
    window = play_workspace(qtbot, encounter, centre=(5, 4))
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    tool = _drag_to(qtbot, window, _point(window, (3, 3)), (3, 4))
    assert tool.drag is not None and tool.drag.path is not None and tool.drag.path.end == (3, 4)
    assert [e.kind for e in tool.drag.path.events] == ["leaves_reach"]  # the 1×1 search's
    assert _marks(tool) == [] and "opportunity attack" not in tool.overlay.label
