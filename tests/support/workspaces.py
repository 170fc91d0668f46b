"""Parts of the GM window built on a bare workspace, for the fast lane (issue 26).

``tests/gui/conftest.py``'s ``workspace`` fixture is a :class:`~vantage.gui.workspace.GmWorkspace`
on the demo encounter over a bare ``QMainWindow``; ``tests/support/play_workspace.py`` adds the play
tool and the play panels. These add one more part each, made and connected as ``MainWindow`` makes
and connects it:

- ``workspace_on(qtbot, encounter, path)``: a workspace on another encounter (not shown);
- ``following(workspace)``: the scene follows the document (its tokens and their health bars);
- ``file_actions_on(workspace)``: File ▸ New, Open, Import, Save and the Ruleset… switch, showing
  another encounter in the workspace, their messages in the workspace's status messages, never
  asking about unsaved changes;
- ``status_line(workspace)``: the status bar's messages and its hover, mode and autosave labels;
- ``with_player_view(qtbot, encounter, ...)``: ``play_workspace`` (shown, play mode, zoom 1) with
  the player view attached: its controller, the Players menu, the controls dock, the fog tools.

What the window does itself — opening a file with its title, numbered names and background check,
the menus, the toolbar, focus — is tested on the window (``tests/support/gm_windows.py``, slow).
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from pathlib import Path

from gm_windows import WINDOW_SIZE
from play_workspace import PlayWorkspace, play_workspace
from PySide6.QtWidgets import QMainWindow

from vantage.engine.model import Encounter, Tile
from vantage.gui.gm.file_actions import FileActions
from vantage.gui.gm.status_line import StatusLine
from vantage.gui.players.attach import AttachedPlayerView, attach_player_view
from vantage.gui.workspace import GmWorkspace


def workspace_on(qtbot, encounter: Encounter, path: Path | None = None) -> GmWorkspace:
    """A workspace on ``encounter`` over a bare ``QMainWindow`` (the map view its central widget)."""
    host = QMainWindow()
    qtbot.addWidget(host)
    workspace = GmWorkspace(encounter, path, host)
    host.setCentralWidget(workspace.view)
    return workspace


def following(workspace: GmWorkspace) -> GmWorkspace:
    """The scene shows the document's encounter after every change, with each token's health."""
    workspace.scene.follow(workspace.document)
    return workspace


def file_actions_on(workspace: GmWorkspace) -> FileActions:
    """The File actions of the workspace's document, as the window makes them."""
    files = FileActions(workspace.document, workspace.host, workspace.open_encounter)
    files.ask_unsaved = lambda: "discard"  # closing at teardown must not wait on a question
    files.message.connect(workspace.say)
    return files


def status_line(workspace: GmWorkspace) -> StatusLine:
    """The host's status bar as the window's: the workspace's messages and the permanent labels."""
    line = StatusLine(workspace, workspace.host.statusBar())
    line.add_labels()
    line.update_mode_label()
    return line


@dataclass(eq=False)
class WithPlayerView(PlayWorkspace):
    """:class:`~play_workspace.PlayWorkspace` with the player view attached."""

    player_view: AttachedPlayerView


def with_player_view(qtbot, encounter: Encounter, path: Path | None = None, centre: Tile = (8, 8),
                     size: tuple[int, int] = WINDOW_SIZE) -> WithPlayerView:
    """The map of ``encounter`` in play mode, shown and active at zoom 1 centred on ``centre``, with
    the player view attached as the window attaches it (not opened yet)."""
    desk = play_workspace(qtbot, encounter, path, centre, size)
    player_view = attach_player_view(desk.workspace)
    desk.view.set_zoom(1.0)  # the controls dock came and went: the map stays where it was put
    desk.view.center_on_tile(centre)
    return WithPlayerView(**{f.name: getattr(desk, f.name) for f in fields(desk)}, player_view=player_view)
