"""Menus and actions by id, never by their label (napari's MenuId): a translated label changes nothing."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from vantage.gui.workspace import ActionId, MenuId


def test_a_menu_goes_before_the_one_named_whatever_the_labels_say(workspace):
    actions, host = workspace.actions, workspace.host
    actions.add_menu(MenuId.FILE, QMenu("&Datei", host))
    actions.add_menu(MenuId.HELP, QMenu("&Hilfe", host))  # a translated Help
    actions.add_menu(MenuId.MEASURE, QMenu("&Messen", host), before=MenuId.HELP)
    assert [a.text() for a in host.menuBar().actions()] == ["&Datei", "&Messen", "&Hilfe"]
    assert actions.menu(MenuId.MEASURE).title() == "&Messen"


def test_a_menu_without_its_neighbour_goes_last_and_a_submenu_stays_out_of_the_bar(workspace):
    actions, host = workspace.actions, workspace.host
    actions.add_menu(MenuId.PLAYERS, QMenu("&Players", host), before=MenuId.HELP)
    actions.add_menu(MenuId.PANELS, QMenu("&Panels", host))
    assert [a.text() for a in host.menuBar().actions()] == ["&Players"]
    assert actions.find_menu(MenuId.PANELS) is not None and actions.find_menu(MenuId.COMBAT) is None


def test_an_action_is_found_by_id_and_its_shortcut_belongs_to_the_window(workspace):
    roll = QAction("&Roll dice…", workspace.host)
    workspace.actions.add_action(ActionId.ROLL_DICE, roll)
    assert workspace.actions.action(ActionId.ROLL_DICE) is roll and roll in workspace.host.actions()
    workspace.actions.add_action(ActionId.ROLL_DICE, roll)  # the same one again: fine
    with pytest.raises(ValueError, match="registered already"):
        workspace.actions.add_action(ActionId.ROLL_DICE, QAction("another", workspace.host))
    assert workspace.actions.find_action(ActionId.RULER) is None


def test_no_module_of_the_gui_finds_a_menu_by_its_visible_text():
    """"menu lookups by visible text return nothing" (issue 26)."""
    import pathlib

    import vantage.gui

    gui = pathlib.Path(vantage.gui.__file__).parent
    offenders = [str(p.relative_to(gui)) for p in gui.rglob("*.py")
                 if '.text().replace("&", "") ==' in p.read_text(encoding="utf-8")
                 or "window: Any" in p.read_text(encoding="utf-8")]
    assert offenders == []
