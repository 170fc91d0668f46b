"""Issue 32, "window complete (every panel, menu and tool usable)": a dock that starts hidden or
behind another dock's tab — Measure, Party, Campaign, Players' devices, Player view — is there
from the start (its title, its tab, its entries in the menus), and its contents are made the first
time the GM brings it forward (gui/workspace/dock_content.py). These tests bring each one forward
the way the GM does (a click on its tab, a menu entry) and use the panel that comes."""

from __future__ import annotations

from dataclasses import replace

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow, QTabBar, QWidget

from vantage.engine.campaign import new_campaign
from vantage.engine.model import Encounter, GameMap, TemplateKind
from vantage.engine.terrain import TerrainKind
from vantage.gui.edit.tool import EditMode
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.workspace import ActionId, DockId, MenuId
from vantage.gui.workspace.dock_content import DockContent

LATE = ("Measure", "Party", "Campaign", "Players' devices", "Editor")


def _tab_bar_with(window: QMainWindow, title: str) -> tuple[QTabBar, int]:
    """The window's tab bar that holds ``title``'s tab (on the screen), and the tab's index."""
    own = Qt.FindChildOption.FindDirectChildrenOnly
    for bar in window.findChildren(QTabBar, options=own):
        if not bar.isVisible():
            continue
        for index in range(bar.count()):
            if bar.tabText(index) == title:
                return bar, index
    raise AssertionError(f"no tab {title!r} on the screen")


def _tabs_on_screen(window: QMainWindow, title: str) -> list[QTabBar]:
    own = Qt.FindChildOption.FindDirectChildrenOnly
    return [bar for bar in window.findChildren(QTabBar, options=own) if bar.isVisible()
            and any(bar.tabText(i) == title for i in range(bar.count()))]


def _click_tab(qtbot, window: QMainWindow, title: str) -> None:
    bar, index = _tab_bar_with(window, title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())


@pytest.fixture
def shown(gm_window):
    """The GM window on the screen with its docks laid out (the tabs made)."""
    gm_window.docks["Legend"].show()
    return gm_window


def test_the_docks_behind_a_tab_or_hidden_are_there_without_their_contents(qtbot, shown):
    window = shown
    qtbot.wait(50)
    for title in LATE:
        dock = window.docks[title]
        assert dock.widget() is None, f"{title} was made before the GM saw it"
        assert dock.toggleViewAction() in window.workspace.actions.menu(MenuId.PANELS).actions()
    assert window.player_view.dock.widget() is None
    for title in ("Decisions", "Turn tracker", "Token", "Legend", "Combat log", "Creatures"):
        assert window.docks[title].widget() is not None, title
    # their tabs are on the screen: the GM can reach each one
    for title in ("Measure", "Party", "Campaign"):
        _tab_bar_with(window, title)


def test_a_click_on_the_measure_tab_makes_a_panel_that_works(qtbot, shown):
    window = shown
    window.measuring.ruler_to_players.setChecked(True)  # before the panel is made
    _click_tab(qtbot, window, "Measure")
    dock = window.docks["Measure"]
    qtbot.waitUntil(lambda: dock.widget() is not None, timeout=2000)
    panel = window.measuring.panel
    assert dock.widget() is panel and panel.isVisible()
    assert panel.ruler_to_players.isChecked()  # made as it would be had it followed every change
    qtbot.mouseClick(panel.cone_button, Qt.MouseButton.LeftButton)
    assert window.measuring.templates.shape is TemplateKind.CONE
    panel.ruler_to_players.click()  # the panel's box and the menu's entry are one setting
    assert not window.measuring.ruler_to_players.isChecked()
    window.measuring.ruler_to_players.setChecked(True)
    assert panel.ruler_to_players.isChecked()


def test_a_template_placed_before_the_panel_was_made_is_listed_in_it(qtbot, shown):
    window = shown
    templates = window.measuring.templates
    assert templates.place((5, 5)) is not None
    assert window.docks["Measure"].widget() is None
    _click_tab(qtbot, window, "Measure")
    panel = window.measuring.panel
    assert panel.list.count() == 1


def test_the_party_and_campaign_tabs_make_their_panels_and_a_campaign_fills_them(qtbot, shown, tmp_path):
    window = shown
    _click_tab(qtbot, window, "Party")
    party = window.campaign_tools.party_panel
    assert window.docks["Party"].widget() is party and party.isVisible()
    assert "No campaign is open" in party.heading.text()
    assert window.docks["Campaign"].widget() is None
    folder = tmp_path / "road"
    new_campaign(folder, shown.encounter.ruleset, "The Long Road")
    assert window.campaign_tools.open_campaign(folder)  # brings both panels forward
    qtbot.waitUntil(lambda: window.docks["Campaign"].widget() is not None, timeout=2000)
    assert "The Long Road" in party.heading.text()
    campaign = window.campaign_tools.campaign_panel
    assert campaign.import_button.isEnabled()
    _click_tab(qtbot, window, "Creatures")
    _click_tab(qtbot, window, "Campaign")
    assert campaign.isVisible()


def test_share_on_the_network_shows_the_devices_panel_made_then(qtbot, shown):
    window = shown
    dock = window.docks["Players' devices"]
    window.workspace.actions.action(ActionId.SHARE_WITH_DEVICES).trigger()
    qtbot.waitUntil(lambda: dock.widget() is not None and dock.widget().isVisible(), timeout=2000)
    panel = window.players_devices.panel
    assert dock.widget() is panel
    assert panel.url.text() == "Not shared: the players' devices cannot see the table"
    assert panel.start_button.text() == "Start sharing"


def test_the_player_view_dock_is_made_when_shown_and_follows_the_fog_tool(qtbot, shown):
    window = shown
    controller, dock = window.player_view.controller, window.player_view.dock
    controller.use_fog_tool(True)  # out before the controls are made
    assert dock.widget() is None
    entry = dock.toggleViewAction()  # Players ▸ Player view
    assert entry in window.player_view.menu.actions()
    entry.trigger()  # a tab among the right-hand panels: the GM clicks it
    qtbot.waitUntil(lambda: bool(_tabs_on_screen(window, "Player view")), timeout=2000)
    _click_tab(qtbot, window, "Player view")
    qtbot.waitUntil(lambda: dock.widget() is not None and dock.widget().isVisible(), timeout=2000)
    assert dock.tool_check.isChecked()
    dock.tool_check.click()  # puts the fog tool away
    assert not controller.tools.is_current(controller.fog_tool)
    controller.use_fog_tool(True)
    assert dock.tool_check.isChecked()


def test_a_control_asked_for_before_the_dock_was_shown_is_made_then(qtbot, shown):
    dock = shown.player_view.dock
    assert dock.widget() is None
    assert not dock.tool_check.isChecked()  # asking makes the controls
    assert dock.widget() is not None
    with pytest.raises(AttributeError):
        _ = dock.no_such_control


def test_edit_mode_shows_the_editor_made_then_and_it_edits(qtbot, shown):
    """The Editor dock starts hidden; Edit mode shows it (its panel made then) and a mode picked in
    it is the edit tool's."""
    window = shown
    dock = window.docks["Editor"]
    assert dock.widget() is None
    window.workspace.actions.action(ActionId.EDIT_MODE).trigger()
    qtbot.waitUntil(lambda: dock.widget() is not None and dock.widget().isVisible(), timeout=2000)
    panel = window.editor_panel
    assert dock.widget() is panel
    panel.mode_buttons[EditMode.WALL].click()
    assert window.edit_settings.mode is EditMode.WALL
    assert "Edit mode" in window.status_line.mode_label.text()


def _marsh() -> Encounter:
    kinds = {k.id: k for k in (TerrainKind("mud", "Mud"), TerrainKind("reeds", "Reeds"))}
    marsh = GameMap(4, 3, terrain=("mud",) * 12, terrain_kinds=kinds)
    return Encounter(marsh, (), ruleset="power-tiers", name="Marsh")


def test_a_map_without_the_chosen_terrain_moves_the_choice_as_a_made_editor_does(qtbot):
    """Opened while the editor was never shown, a map without the chosen terrain kind leaves the
    choice on its first kind, as the editor's terrain box does when it is made."""
    windows = []
    for made in (True, False):
        window = MainWindow(Encounter(GameMap(4, 3), (), ruleset="power-tiers", name="Field"))
        window.files.ask_unsaved = lambda: "discard"
        qtbot.addWidget(window)
        if made:
            _ = window.editor_panel
        window.edit_settings.terrain = "grass"
        window.set_encounter(_marsh(), None)
        windows.append(window)
    made, unmade = windows
    assert unmade.docks["Editor"].widget() is None
    assert made.edit_settings.terrain == unmade.edit_settings.terrain == "mud"
    boxes = (unmade.editor_panel.terrain_box, made.editor_panel.terrain_box)
    assert [box.currentData() for box in boxes] == ["mud", "mud"]


def test_a_chosen_terrain_the_next_map_has_stays_chosen_while_the_editor_is_not_made(qtbot):
    window = MainWindow(_marsh())
    window.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(window)
    window.edit_settings.terrain = "reeds"
    window.set_encounter(replace(_marsh(), name="Another marsh"), None)
    assert window.edit_settings.terrain == "reeds"
    assert window.editor_panel.terrain_box.currentData() == "reeds"


# -- the helper itself (over a bare window) ------------------------------------------------------
def test_dock_content_is_made_once_when_its_tab_comes_forward(qtbot):
    host = QMainWindow()
    qtbot.addWidget(host)
    host.setCentralWidget(QWidget())
    front, behind = QDockWidget("Front", host), QDockWidget("Behind", host)
    front.setWidget(QLabel("front"))
    for dock in (front, behind):
        host.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
    host.tabifyDockWidget(front, behind)
    made: list[QLabel] = []

    def build() -> QLabel:
        made.append(QLabel("behind"))
        return made[-1]

    content = DockContent(behind, build)
    front.raise_()
    host.show()
    qtbot.waitExposed(host)
    qtbot.wait(20)
    assert not made and not content.is_built
    _click_tab(qtbot, host, "Behind")
    qtbot.waitUntil(lambda: bool(made), timeout=2000)
    assert behind.widget() is made[0] and content.widget() is made[0]
    _click_tab(qtbot, host, "Front")
    _click_tab(qtbot, host, "Behind")
    assert len(made) == 1


def test_dock_content_asked_for_is_made_at_once_even_while_hidden(qtbot):
    host = QMainWindow()
    qtbot.addWidget(host)
    dock = QDockWidget("Hidden", host)
    host.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, dock)
    dock.hide()
    content = DockContent(dock, lambda: QLabel("made"))
    assert not content.is_built
    label = content.widget()
    assert dock.widget() is label and content.is_built and content.widget() is label
    dock.show()  # shown later: the same contents, not made again
    assert dock.widget() is label


def test_dock_ids_of_the_late_docks_are_the_ones_tested():
    assert {DockId(title) for title in LATE} <= set(DockId)
