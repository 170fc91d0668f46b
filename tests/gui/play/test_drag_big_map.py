"""Dragging on a big map (issue 15, "Big maps": "the first press on a token at 400×400 tiles …
(build the movement graph after load without blocking the window, incrementally, or by region);
drag move latency at 400×400 with 400 tokens … must not grow with the token count").

No timing here: the press builds only the chunks of the movement graph round the token, a drag
move does no work per token on the map, and the GM still sees the path, its cost and the refusals.
"""

from __future__ import annotations

import random

import pytest
from play_workspace import PlayWorkspace, play_workspace
from PySide6.QtCore import Qt

from vantage.engine.model import Encounter, GameMap, Side, Token, Wall, WallKind
from vantage.engine.movement import movement_graph
from vantage.engine.rules.avorkarth.statblock import DEFAULT_ABILITIES, stats_dict

STATS = stats_dict(6, abilities=dict.fromkeys(DEFAULT_ABILITIES, 5), movement=12)
SIDE = 400
START = (200, 200)


def big_encounter(tokens: int) -> Encounter:
    """400 × 400 tiles, a wall 20 tiles long with a closed door east of the mover, and ``tokens`` tokens: the
    mover at (200, 200) and the others scattered far from it (the same ones for every count)."""
    walls = (Wall((204.0, 190.0), (204.0, 200.0)), Wall((204.0, 200.0), (204.0, 201.0), WallKind.DOOR_CLOSED),
             Wall((204.0, 201.0), (204.0, 210.0)))
    rng = random.Random(7)
    others = []
    taken = {START}
    while len(others) < tokens - 1:
        pos = (rng.randrange(SIDE), rng.randrange(SIDE))
        if pos in taken or max(abs(pos[0] - START[0]), abs(pos[1] - START[1])) < 30:
            continue
        taken.add(pos)
        side = Side.ENEMY if len(others) % 2 else Side.PARTY
        others.append(Token(f"t{len(others)}", f"Other {len(others)}", pos, side, stats=STATS))
    mover = Token("bram", "Bram", START, Side.PARTY, stats=STATS)
    return Encounter(GameMap(SIDE, SIDE, walls=walls), (mover, *others), ruleset="avorkarth")


@pytest.fixture
def big_window(qtbot):
    """A factory: the map of ``big_encounter(tokens)`` in play mode, centred on the mover."""

    def open_one(tokens: int) -> PlayWorkspace:
        return play_workspace(qtbot, big_encounter(tokens), centre=START)

    return open_one


def _press(qtbot, window, tile):
    pos = window.view.tile_centre_in_view(tile)
    qtbot.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def _move(qtbot, window, tile):
    qtbot.mouseMove(window.view.viewport(), window.view.tile_centre_in_view(tile))


def _release(qtbot, window, tile):
    pos = window.view.tile_centre_in_view(tile)
    qtbot.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def test_the_first_press_builds_the_graph_round_the_token_not_the_map(qtbot, big_window):
    window = big_window(40)
    graph = movement_graph(window.encounter.map)
    assert graph.built_chunks(1) == 0  # nothing was built before the press
    _press(qtbot, window, START)
    assert window.play_tool.drag is not None and window.play_tool.drag.reachable is not None
    assert 0 < graph.built_chunks(1) <= 9  # the token's chunk and those round it, of 625
    _move(qtbot, window, (203, 200))
    overlay = window.play_tool.overlay
    assert overlay.path is not None and overlay.label.startswith("3 used · 9 left")
    _move(qtbot, window, (206, 200))  # behind the closed door: the way round the wall is long
    assert overlay.path is None
    assert overlay.refusal == ((206, 200), "needs 20 tiles, has 12")
    _move(qtbot, window, (203, 200))
    _release(qtbot, window, (203, 200))
    assert window.encounter.token("bram").position == (203, 200)
    assert graph.built_chunks(1) < graph.chunk_count // 10


def _footprint_calls_while_dragging(qtbot, window, monkeypatch) -> int:
    calls = []
    original = Token.footprint_tiles

    def counted(self, at=None):
        calls.append(self.id)
        return original(self, at)

    _press(qtbot, window, START)
    _move(qtbot, window, (201, 200))
    monkeypatch.setattr(Token, "footprint_tiles", counted)
    for tile in [(200 + dx, 195 + dy) for dx in range(-3, 4) for dy in (0, 10)] + [(206, 200), (203, 201)]:
        _move(qtbot, window, tile)
    monkeypatch.setattr(Token, "footprint_tiles", original)
    _move(qtbot, window, START)
    _release(qtbot, window, START)
    return len(calls)


def test_a_drag_move_does_no_work_per_token_on_the_map(qtbot, big_window, monkeypatch):
    """The token under the cursor comes from an index of the footprints, made once per tokens
    value: a move looks at the same few tokens with 400 on the map as with 4."""
    few = _footprint_calls_while_dragging(qtbot, big_window(4), monkeypatch)
    many = _footprint_calls_while_dragging(qtbot, big_window(400), monkeypatch)
    assert many == few
    assert few < 40


def test_the_token_under_the_cursor_follows_a_move(qtbot, big_window):
    window = big_window(4)
    scene = window.scene
    assert scene.token_at_tile(START) == "bram"
    _press(qtbot, window, START)
    _move(qtbot, window, (202, 201))
    _release(qtbot, window, (202, 201))
    assert window.encounter.token("bram").position == (202, 201)
    assert scene.token_at_tile((202, 201)) == "bram"
    assert scene.token_at_tile(START) is None
