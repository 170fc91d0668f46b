"""Issue 27 (the GUI half), offscreen: "Pictures imported into a campaign are stored in it, never
beside the source map" (the Campaign panel's Import a map…), the Mark the party's start tool under
the mouse, the first start's "Start a campaign", the recent campaigns that are gone, and which
campaign is open when none is."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtTest import QTest

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.campaign import load_campaign, new_campaign
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter, GameMap
from vantage.engine.session.party import start_area_tiles
from vantage.gui.campaign import current
from vantage.gui.campaign.recent import remember_campaign
from vantage.gui.campaign.start_tool import tiles_between
from vantage.gui.gm.first_launch import offer_first_launch_hint
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.importing.dialog import import_file_interactively
from vantage.gui.workspace import ActionId, MenuId

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt"


@pytest.fixture
def window(qtbot):
    w = MainWindow(Encounter(GameMap(8, 6), (), ruleset="power-tiers", name="Nowhere"))
    w.files.ask_unsaved = lambda: "discard"
    qtbot.addWidget(w)
    return w


def test_a_map_imported_into_the_campaign_keeps_its_picture_in_the_campaign(window, tmp_path):
    source_folder = tmp_path / "downloads"
    source_folder.mkdir()
    source = source_folder / "cave.dd2vtt"
    data = json.loads((FIXTURES / "window.dd2vtt").read_text(encoding="utf-8"))
    data["image"] = base64.b64encode(solid_png(80, 64, (10, 20, 30))).decode()
    source.write_text(json.dumps(data), encoding="utf-8")
    folder = tmp_path / "campaign"
    new_campaign(folder, "power-tiers", "Road")
    tools = window.campaign_tools
    assert tools.open_campaign(folder)
    tools.prep.ask_import = lambda pictures, ruleset: import_file_interactively(
        None, source, lambda dialog: True, ruleset, pictures)
    assert tools.prep.import_map()
    assert list(source_folder.iterdir()) == [source]  # nothing written beside the source map
    (entry,) = load_campaign(folder).encounters
    opened = folder / entry.file
    assert window.document.path == opened
    background = load_encounter(opened).map.background
    assert background is not None and background.path == "../pictures/cave-background.png"
    assert (folder / "pictures" / "cave-background.png").is_file()


def test_the_start_is_marked_by_dragging_across_the_tiles_and_the_tool_goes_away(qtbot, window, tmp_path):
    window.resize(1400, 900)
    window.show()
    QTest.qWaitForWindowExposed(window)
    view = window.view
    view.set_zoom(1.0)
    view.center_on_tile((3, 3))
    tools = window.campaign_tools
    window.workspace.actions.action(ActionId.MARK_PARTY_START).trigger()
    assert window.workspace.tools.is_current(tools.start_tool)
    viewport = view.viewport()
    a, b = view.tile_centre_in_view((1, 1)), view.tile_centre_in_view((3, 2))
    QTest.mousePress(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(viewport, b)
    QTest.mouseRelease(viewport, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, b)
    assert sorted(start_area_tiles(window.encounter)) == sorted(tiles_between((1, 1), (3, 2)))
    assert not window.workspace.tools.is_current(tools.start_tool)
    assert window.document.undo_stack.undoText() == "Mark the party's start"
    window.workspace.actions.action(ActionId.MARK_PARTY_START).trigger()
    QTest.mouseClick(viewport, Qt.MouseButton.RightButton, Qt.KeyboardModifier.NoModifier, QPoint(5, 5))
    assert not window.workspace.tools.is_current(tools.start_tool)  # put away unused


def test_tiles_between_two_corners_in_either_order():
    assert tiles_between((2, 1), (1, 2)) == ((1, 1), (2, 1), (1, 2), (2, 2))
    assert tiles_between((4, 4), (4, 4)) == ((4, 4),)


def test_the_first_start_offers_a_campaign_beside_the_sample(window):
    bar = window.table_rolls.prompt
    made: list[str] = []
    assert offer_first_launch_hint(bar, lambda: made.append("asked") or "A campaign is open")
    ask = bar.current
    assert ask is not None and [c.label for c in ask.choices] == ["Got it", "Start a campaign…"]
    assert ask.choices[1].act is not None and ask.choices[1].act() == "A campaign is open"
    assert made == ["asked"]


def test_a_recent_campaign_that_is_gone_is_not_in_the_menu(window, tmp_path):
    kept, gone = tmp_path / "kept", tmp_path / "gone"
    new_campaign(kept, "power-tiers")
    remember_campaign(gone)
    remember_campaign(kept)
    window.campaign_tools._fill_recent()
    menu = window.workspace.actions.menu(MenuId.RECENT_CAMPAIGNS)
    shown = [a.text() for a in menu.actions()]
    assert shown[0] == str(kept.resolve()) and str(gone.resolve()) not in shown


def test_a_closed_campaign_is_no_longer_the_current_one(window, tmp_path):
    folder = tmp_path / "campaign"
    new_campaign(folder, "power-tiers")
    holder = window.campaign_tools.holder
    assert window.campaign_tools.open_campaign(folder)
    assert current.current_holder() is holder and current.current_encounters_folder() == folder / "encounters"
    holder.close()
    assert current.current_holder() is not holder
    assert holder.undo() is None and holder.undo_name() is None


def test_a_character_dragged_from_the_party_panel_arrives_where_it_is_dropped(qtbot, window, tmp_path):
    """"Bring the party places the party's tokens on the open encounter (… or dragged from a Party
    panel)" — one character, on the tile it is dropped on, one undo step."""
    from PySide6.QtCore import QPointF
    from PySide6.QtGui import QDragEnterEvent, QDropEvent
    from PySide6.QtWidgets import QApplication

    from vantage.engine.campaign import add_character_from_template, save_campaign
    from vantage.gui.campaign.party_drop import member_mime

    folder = tmp_path / "campaign"
    campaign = add_character_from_template(new_campaign(folder, "power-tiers"), "neophyte", "Bram")
    save_campaign(campaign, folder)
    tools = window.campaign_tools
    assert tools.open_campaign(folder)
    window.resize(1400, 900)
    window.show()
    QTest.qWaitForWindowExposed(window)
    view = window.view
    view.set_zoom(1.0)
    view.center_on_tile((3, 3))
    at = QPointF(view.tile_centre_in_view((5, 4)))
    data = member_mime("bram")
    actions, buttons = Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton
    none = Qt.KeyboardModifier.NoModifier

    def drop() -> bool:
        enter = QDragEnterEvent(at.toPoint(), actions, data, buttons, none)
        QApplication.sendEvent(view.viewport(), enter)
        QApplication.sendEvent(view.viewport(), QDropEvent(at, actions, data, buttons, none))
        return enter.isAccepted()

    steps = window.document.undo_stack.count()
    assert drop()
    assert window.encounter.token("bram").position == (5, 4)
    assert window.document.undo_stack.count() == steps + 1
    assert tools.party_panel.lines()[0].startswith("Bram · on the map")
    said: list[str] = []
    tools.party.warn = lambda title, text: said.append(text)
    drop()
    assert said == ["This character is on the map already"]


def test_opening_an_encounter_of_a_campaign_opens_its_campaign_when_none_is(window, tmp_path):
    from vantage.engine.campaign import add_encounter_file, save_campaign
    from vantage.engine.fileformat import save_encounter

    folder = tmp_path / "campaign"
    source = tmp_path / "den.json"
    save_encounter(Encounter(GameMap(5, 5), (), ruleset="power-tiers", name="Den"), source, keep_backup=False)
    campaign = add_encounter_file(new_campaign(folder, "power-tiers", "Road"), folder, source)
    save_campaign(campaign, folder)
    tools = window.campaign_tools
    assert not tools.holder.is_open
    assert window.open_file(folder / campaign.encounters[0].file)
    assert tools.holder.folder == folder and tools.campaign_panel.lines()[0].endswith("open now")
    other = tmp_path / "other"
    new_campaign(other, "power-tiers", "Other")
    assert tools.open_campaign(other)
    assert window.open_file(folder / campaign.encounters[0].file)
    assert tools.holder.folder == other  # a campaign open is never switched behind the GM's back
