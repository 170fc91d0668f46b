"""The one owner of the mouse's tool: a stack, the mode's tool at the bottom (Tiled's ToolManager).

Built on a workspace over a bare QMainWindow: no GM window, no rules."""

from __future__ import annotations

import pytest

from vantage.gui.workspace import GmWorkspace


class Tool:
    """A tool that uses no gesture, with a name for the status bar."""

    def __init__(self, name: str) -> None:
        self.name = name

    def press(self, view, event) -> bool:
        return False

    move = release = wheel = press

    def status_words(self) -> str:
        return self.name


@pytest.fixture
def tools(workspace: GmWorkspace):
    return workspace.tools


def test_the_view_holds_the_current_tool_and_every_switch_is_announced(workspace, tools):
    seen = []
    tools.changed.connect(seen.append)
    play, ruler = Tool("play"), Tool("ruler")
    tools.set_mode_tool(play)
    tools.use(ruler)
    assert workspace.view.tool is ruler and tools.current is ruler and seen == [play, ruler]
    assert tools.status_words() == "ruler"


def test_putting_a_tool_away_brings_back_the_one_under_it(workspace, tools):
    play, fog, ruler = Tool("play"), Tool("fog"), Tool("ruler")
    tools.set_mode_tool(play)
    tools.use(fog)
    tools.use(ruler)
    tools.put_away(ruler)
    assert workspace.view.tool is fog
    tools.put_away(fog)
    assert workspace.view.tool is play


def test_a_tool_under_another_can_be_put_away_and_does_not_come_back(workspace, tools):
    """The second probe of the review: fog tool out, ruler over it, fog put away (was ignored), ruler
    put away: the play tool, not the fog tool, comes back."""
    play, fog, ruler = Tool("play"), Tool("fog"), Tool("ruler")
    tools.set_mode_tool(play)
    tools.use(fog)
    tools.use(ruler)
    tools.put_away(fog)
    assert tools.stack == (play, ruler)
    tools.put_away(ruler)
    assert workspace.view.tool is play


def test_a_new_mode_puts_every_borrowed_tool_away(workspace, tools):
    play, edit, fog, ruler = Tool("play"), Tool("edit"), Tool("fog"), Tool("ruler")
    tools.set_mode_tool(play)
    tools.use(fog)
    tools.use(ruler)
    tools.set_mode_tool(edit)
    assert tools.stack == (edit,) and workspace.view.tool is edit
    tools.set_mode_tool(play)
    assert tools.stack == (play,)


def test_using_a_tool_again_moves_it_to_the_top_once(tools):
    play, fog, ruler = Tool("play"), Tool("fog"), Tool("ruler")
    tools.set_mode_tool(play)
    tools.use(fog)
    tools.use(ruler)
    tools.use(fog)
    assert tools.stack == (play, ruler, fog)


def test_nothing_changes_and_nothing_is_announced_for_a_switch_that_changes_nothing(tools):
    play, ruler = Tool("play"), Tool("ruler")
    tools.set_mode_tool(play)
    tools.use(ruler)
    seen = []
    tools.changed.connect(seen.append)
    tools.use(ruler)
    tools.put_away(Tool("never used"))
    tools.put_away(play)  # the mode's tool is not put away
    assert seen == [] and tools.stack == (play, ruler)


def test_a_borrowed_tool_needs_a_mode_first_and_the_mode_tool_is_not_borrowed(tools):
    with pytest.raises(ValueError, match="mode tool"):
        tools.use(Tool("ruler"))
    play = Tool("play")
    tools.set_mode_tool(play)
    tools.use(play)  # already the mouse's tool: nothing to do
    tools.use(Tool("ruler"))
    with pytest.raises(ValueError, match="mode's tool"):
        tools.use(play)
