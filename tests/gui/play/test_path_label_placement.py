"""The drag's label (issue 30 items 3 and 6: "a drag's refusal label is cut at the map edge (also the
drag preview label, which is now longer)"; "Labels never cover the token they describe, stay inside
the view, and avoid each other"): beside the landing square, off the tokens round it, inside the
view, a long reason wrapped."""

from __future__ import annotations

from vantage.gui.play.path_overlay import LABEL_MAX_SHARE, PathOverlay

LONG = ("Bram cannot move to (17, 7): needs 12 tiles, has 6 (Movement: (stat block movement 6 = 6), "
        "difficult terrain: half −3 = 3), and a closed door in the way (12, 7)–(13, 7)")


def _overlay(qtbot, workspace) -> PathOverlay:
    host = workspace.view.window()
    host.resize(900, 600)
    host.show()
    qtbot.waitExposed(host)
    workspace.view.fit_map()
    overlay = PathOverlay(workspace.scene.grid)
    workspace.scene.addItem(overlay)
    return overlay


def _shown(workspace):
    view = workspace.view
    return view.mapToScene(view.viewport().rect()).boundingRect()


def test_a_refusal_beside_a_token_goes_round_it(qtbot, workspace):
    overlay = _overlay(qtbot, workspace)
    grid = workspace.scene.grid
    overlay.show_refusal((16, 6), "needs 5 tiles, has 3", 1)  # Ghoul 2 stands right of (16, 6)
    label = overlay.label_box
    ghoul = grid.footprint_rect((17, 6), 1)
    assert not label.intersects(ghoul) and not label.intersects(grid.footprint_rect((16, 6), 1))
    assert _shown(workspace).contains(label)


def test_a_long_refusal_at_the_right_edge_wraps_inside_the_view(qtbot, workspace):
    overlay = _overlay(qtbot, workspace)
    overlay.show_refusal((23, 7), LONG, 1)
    label, shown = overlay.label_box, _shown(workspace)
    assert shown.contains(label)
    assert label.width() <= shown.width() * LABEL_MAX_SHARE + 12 + 1
    assert label.height() > 2 * 14  # several lines, not one cut line
    assert not label.intersects(workspace.scene.grid.footprint_rect((23, 7), 1))
