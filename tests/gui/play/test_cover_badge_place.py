"""The cover badge sits beside the hovered token, never on it nor on a neighbouring token (GM
walkthrough 3: "half cover" on Ghoul 3, `16-half-cover-label.png`; "no cover" over Ilse,
`40-no-cover-label-hides-token.png`) — at any zoom, also zoomed out where the tokens are drawn as
plain discs by one item, and in a melee scrum where no place beside the target is free: then beyond
the tokens round it."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt

from vantage.gui.play.tactics_overlay import Layer


def _crowd(qtbot, window, zoom: float):
    """Bram selected at (14, 10); Ilse, Ghoul 1 and Ghoul 2 packed round the Ogre (2 × 2) at (17, 10)."""
    window.workspace.overlays.set_shown(Layer.SIGHT, True)
    e = window.encounter
    moves = {"bram": (14, 10), "ogre": (17, 10), "ilse": (19, 10), "ghoul-1": (17, 12), "ghoul-2": (17, 9)}
    for token_id, tile in moves.items():
        e = e.with_token(replace(e.token(token_id), position=tile, conditions=()))
    window.document.reset(e, None)
    window.view.set_zoom(zoom)
    window.view.centerOn(window.scene.grid.scene_point((16, 10)))
    qtbot.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton,
                     pos=window.view.tile_centre_in_view((14, 10)))
    assert window.workspace.selection.token == "bram"
    return window.tactics


@pytest.mark.parametrize("zoom", [1.0, 0.5, 0.3, 0.2, 0.12])
def test_the_badge_covers_no_token(qtbot, demo_play, zoom):
    overlay = _crowd(qtbot, demo_play, zoom)
    qtbot.mouseMove(demo_play.view.viewport(), demo_play.view.tile_centre_in_view((17, 10)))
    assert overlay.hovered_id == "ogre" and overlay.sight_label is not None
    badge = overlay.sight_label.parentItem().sceneBoundingRect().adjusted(1, 1, -1, -1)
    grid = demo_play.scene.grid
    for token in demo_play.encounter.tokens:
        assert not badge.intersects(grid.footprint_rect(token.position, token.footprint)), (token.id, zoom)


def test_a_token_moved_under_the_badge_pushes_it_off(qtbot, demo_play):
    """The badge follows the map: a token that comes to stand where the badge is (moved, added) gets
    the badge off it."""
    overlay = _crowd(qtbot, demo_play, 1.0)
    qtbot.mouseMove(demo_play.view.viewport(), demo_play.view.tile_centre_in_view((17, 10)))
    badge = overlay.sight_label.parentItem().sceneBoundingRect()
    grid = demo_play.scene.grid
    under = next((x, y) for y in range(20) for x in range(30)
                 if grid.tile_rect((x, y)).intersects(badge.adjusted(1, 1, -1, -1)))
    e = demo_play.encounter
    demo_play.document.reset(e.with_token(replace(e.token("mule"), position=under)), None)
    qtbot.wait(10)
    assert overlay.sight_label is not None
    badge = overlay.sight_label.parentItem().sceneBoundingRect().adjusted(1, 1, -1, -1)
    for token in demo_play.encounter.tokens:
        assert not badge.intersects(grid.footprint_rect(token.position, token.footprint)), token.id



def _scrum(qtbot, rings: int):
    """Me at (2, 8) looks at Target at (10, 8), ringed by ``rings`` rings of tokens (a melee scrum)."""
    from play_workspace import play_workspace

    from vantage.engine.model import Encounter, GameMap, Side, Token
    tokens = [Token("me", "Me", (2, 8), Side.PARTY), Token("target", "Target", (10, 8), Side.ENEMY)]
    for dx in range(-rings, rings + 1):
        for dy in range(-rings, rings + 1):
            if (dx, dy) != (0, 0):
                tokens.append(Token(f"n{len(tokens)}", f"N{len(tokens)}", (10 + dx, 8 + dy), Side.ENEMY))
    scrum = Encounter(GameMap(20, 16), tuple(tokens), ruleset="avorkarth", name="scrum")
    window = play_workspace(qtbot, scrum, centre=(8, 8))
    window.workspace.overlays.set_shown(Layer.SIGHT, True)
    window.workspace.selection.select_token("me")
    window.tactics.show_sight(window.encounter, "target")
    return window


@pytest.mark.parametrize("rings", [1, 2, 3])
def test_in_a_scrum_the_badge_goes_beyond_the_tokens_round_the_target(qtbot, rings):
    """Two rings of tokens round the target left no place beside it: the badge was drawn over one."""
    window = _scrum(qtbot, rings)
    badge = window.tactics.sight_label.parentItem().sceneBoundingRect().adjusted(1, 1, -1, -1)
    grid = window.scene.grid
    over = [t.id for t in window.encounter.tokens
            if badge.intersects(grid.footprint_rect(t.position, t.footprint))]
    assert over == []
    assert window.tactics.sight_label.text() == "no cover"
