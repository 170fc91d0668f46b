"""The selection is the workspace's: one token and one template, each following the document."""

from __future__ import annotations

from vantage.engine.protocol.gm_commands import RemoveToken
from vantage.engine.protocol.template_commands import PlaceTemplate
from vantage.gui.document import run_command


def test_selecting_a_token_marks_it_in_the_scene_and_says_so(workspace):
    seen = []
    workspace.selection.token_changed.connect(seen.append)
    first, second = (t.id for t in workspace.document.encounter.tokens[:2])
    workspace.selection.select_token(first)
    workspace.selection.select_token(first)  # no change: no signal
    workspace.selection.select_token(second)
    assert seen == [first, second]
    assert [tid for tid, item in workspace.scene.token_items.items() if item.isSelected()] == [second]
    workspace.selection.clear()
    assert seen[-1] is None and not any(i.isSelected() for i in workspace.scene.token_items.values())


def test_a_token_taken_off_the_map_is_no_longer_selected_and_undo_does_not_reselect(workspace):
    token = workspace.document.encounter.tokens[0]
    workspace.selection.select_token(token.id)
    run_command(workspace.document, f"Remove {token.name}", RemoveToken(token=token.id))
    assert workspace.selection.token is None
    workspace.document.undo_stack.undo()
    assert workspace.selection.token is None


def test_a_template_taken_away_by_undo_is_no_longer_selected(workspace):
    run_command(workspace.document, "Place circle",
                PlaceTemplate(id="t1", shape="circle", origin=(3.0, 3.0), size_feet=10.0))
    workspace.selection.select_template("t1")
    seen = []
    workspace.selection.template_changed.connect(seen.append)
    workspace.document.undo_stack.undo()
    assert workspace.selection.template is None and seen == [None]
