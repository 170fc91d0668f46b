"""The Creatures dock: the encounter's ruleset's templates to drag onto the map.

Issue 16, item 6: "A creature library from the rulesets' templates to drag onto the map". The
brief: a filter box, a one-line summary from the stat block, following a ruleset change; a drag or
a double-click adds one AddToken with the template's stats, side enemy by default (a side choice
in the dock), hidden if "New tokens hidden while the player view is open" says so — one undo
step, the name numbered.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication
from skirmish_ruleset import registered

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.protocol.gm_commands import SetRuleset
from vantage.engine.rules.asking import ask_stat_schema, ask_templates, ruleset_choices
from vantage.gui.appdata.creature_store import sample_creatures
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.edit.tool import EditSettings
from vantage.gui.gm.actions import all_actions, menu_shortcuts
from vantage.gui.play.creature_library import (
    CREATURE_MIME,
    TEMPLATE_SIDE,
    CreatureLibrary,
    attach_creature_tools,
    template_summary,
)
from vantage.gui.workspace import DockId, MenuId

RULESETS = [choice.id for choice in ruleset_choices()]


def _library(ruleset: str, settings: EditSettings | None = None):
    encounter = run_command_free(ruleset)
    document = EncounterDocument(encounter)
    return CreatureLibrary(document, settings or EditSettings())


def _listed(ruleset: str) -> list[str]:
    """The names the dock lists: the ruleset's bestiary, then the samples' own creatures."""
    return [t.name for t in ask_templates(ruleset)] + [t.name for t in sample_creatures(ruleset)]


def run_command_free(ruleset: str):
    """The demo map played by ``ruleset``, its tokens' stat blocks cleared where they do not fit."""
    from dataclasses import replace

    encounter = demo_encounter()
    if ruleset == encounter.ruleset:
        return encounter
    return replace(encounter, ruleset=ruleset, combat={},
                   tokens=tuple(replace(t, stats={}) for t in encounter.tokens))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_ruleset_lists_its_templates_with_a_summary_from_the_stat_block(qtbot, ruleset):
    library = _library(ruleset)
    qtbot.addWidget(library)
    templates = ask_templates(ruleset)
    assert templates, f"{ruleset} has templates to offer"
    samples = sample_creatures(ruleset)
    assert library.visible_names() == [t.name for t in templates] + [t.name for t in samples]
    first = library.list.item(0).text()
    assert first == f"{templates[0].name}\n{template_summary(templates[0], ask_stat_schema(ruleset))}"
    assert any(ch.isdigit() for ch in first), "the summary names numbers of the stat block"


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_template_of_every_ruleset_becomes_a_token_the_ruleset_accepts(qtbot, ruleset):
    """The engine checks an AddToken's stat block with the ruleset: each template must pass."""
    library = _library(ruleset)
    qtbot.addWidget(library)
    for template in ask_templates(ruleset):
        token_id = library.add_creature(template.id, (10, 2))
        assert token_id is not None, template.id
        token = library.document.encounter.token(token_id)
        assert dict(token.stats) == dict(run_plain(template.stats)) and token.size.value == template.size


def run_plain(stats):
    import json

    return json.loads(json.dumps(stats))


def test_the_summary_is_the_size_and_the_first_numbers_of_the_schema():
    (gladiator,) = [t for t in ask_templates("avorkarth") if t.id == "gladiator"]
    assert template_summary(gladiator, ask_stat_schema("avorkarth")) == (
        "medium · Strength 6, Agility 7, Dexterity 5, Instinct 6")
    assert template_summary(gladiator, None) == "medium"


def test_the_filter_box_narrows_by_name_or_summary(qtbot):
    library = _library("avorkarth")
    qtbot.addWidget(library)
    library.filter_edit.setText("glad")
    assert library.visible_names() == ["Gladiator"]
    library.filter_edit.setText("large")
    assert library.visible_names() and all(
        t.size == "large" for t in ask_templates("avorkarth") if t.name in library.visible_names())
    library.filter_edit.setText("")
    assert len(library.visible_names()) == len(_listed("avorkarth"))


def test_the_list_follows_a_ruleset_change_and_undo(qtbot):
    library = _library("avorkarth")
    qtbot.addWidget(library)
    run_command(library.document, "Ruleset", SetRuleset(ruleset="baton"))
    assert library.visible_names() == _listed("baton")
    assert library.title.text().endswith(f"{len(_listed('baton'))} creatures")
    library.document.undo_stack.undo()
    assert library.visible_names() == _listed("avorkarth")


def test_the_test_ruleset_is_listed_too(qtbot):
    with registered():
        library = _library("skirmish")
        qtbot.addWidget(library)
        assert library.visible_names() == [t.name for t in ask_templates("skirmish")]


def test_side_is_enemy_by_default_and_the_dock_chooses_another(qtbot):
    library = _library("avorkarth")
    qtbot.addWidget(library)
    assert library.side_box.currentText() == "enemy"
    warrior = library.add_creature("warrior", (10, 2))  # a party template
    assert library.document.encounter.token(warrior).side.value == "enemy"
    library.side_box.setCurrentText("neutral")
    neutral = library.add_creature("warrior", (10, 2))
    assert library.document.encounter.token(neutral).side.value == "neutral"
    library.side_box.setCurrentText(TEMPLATE_SIDE)
    own = library.add_creature("warrior", (10, 2))
    assert library.document.encounter.token(own).side.value == "party"


def test_one_undo_step_a_numbered_name_and_a_taken_tile_moves_to_the_nearest_free_one(qtbot):
    library = _library("avorkarth")
    qtbot.addWidget(library)
    steps = library.document.undo_stack.count()
    first = library.add_creature("gladiator", (10, 2))
    second = library.add_creature("gladiator", (10, 2))
    encounter = library.document.encounter
    assert encounter.token(first).name == "Gladiator" and encounter.token(first).position == (10, 2)
    assert encounter.token(second).name == "Gladiator 2"
    assert encounter.token(second).position in {(9, 1), (10, 1), (11, 1), (9, 2), (11, 2), (9, 3), (10, 3),
                                                (11, 3)}
    assert library.document.undo_stack.count() == steps + 2
    library.document.undo_stack.undo()
    assert second not in {t.id for t in library.document.encounter.tokens}


@pytest.mark.parametrize(("hide_setting", "hidden"), [(True, True), (False, False)])
def test_hidden_if_the_editor_option_says_so(qtbot, hide_setting, hidden):
    """Issue 30 item 4: "'new tokens start hidden' must not depend on the window being open" — the
    option alone decides (the library is not even told whether the player window is open; the
    window opened later: tests/gui/play/test_hide_reveal.py)."""
    library = _library("avorkarth", EditSettings(hide_new_tokens=hide_setting))
    qtbot.addWidget(library)
    token_id = library.add_creature("gladiator", (10, 2))
    token = library.document.encounter.token(token_id)
    assert token.hidden is hidden


def _drop(window, template_id: str, tile: tuple[int, int]) -> None:
    data = QMimeData()
    data.setData(CREATURE_MIME, template_id.encode())
    scene_point = QPointF((tile[0] + 0.5) * TILE_PX, (tile[1] + 0.5) * TILE_PX)
    at = QPointF(window.view.mapFromScene(scene_point))
    args = (Qt.DropAction.CopyAction, data, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(at.toPoint(), *args)
    QApplication.sendEvent(window.view.viewport(), enter)
    assert enter.isAccepted(), "the map view takes a creature"
    QApplication.sendEvent(window.view.viewport(), QDropEvent(at, *args))


def test_a_drop_on_the_map_adds_the_creature_on_that_tile(qtbot, demo_play):
    tools = attach_creature_tools(demo_play.workspace, EditSettings())
    assert demo_play.workspace.dock(DockId.CREATURES) is tools.dock
    _drop(demo_play, "gladiator", (10, 3))
    (added,) = [t for t in demo_play.document.encounter.tokens if t.name == "Gladiator"]
    assert added.position == (10, 3) and added.side.value == "enemy"
    assert demo_play.document.undo_stack.undoText() == "Add Gladiator"
    assert "Gladiator added at (10, 3)" in demo_play.status()


def test_a_double_click_places_beside_the_selected_token_else_in_the_middle_of_the_view(qtbot, demo_play):
    tools = attach_creature_tools(demo_play.workspace, EditSettings())
    library = tools.library
    item = next(library.list.item(r) for r in range(library.list.count())
                if library.list.item(r).data(Qt.ItemDataRole.UserRole) == "gladiator")
    library.list.itemActivated.emit(item)
    (first,) = [t for t in demo_play.document.encounter.tokens if t.name == "Gladiator"]
    assert first.position == demo_play.view.tile_at(demo_play.view.viewport().rect().center())
    demo_play.workspace.selection.select_token("bram")  # Bram stands at (5, 6)
    library.list.setFocus()
    qtbot.waitUntil(library.list.hasFocus)
    library.list.itemActivated.emit(item)
    second = demo_play.document.encounter.token("gladiator-2")
    assert max(abs(second.position[0] - 5), abs(second.position[1] - 6)) == 1
    # issue 16 item 10, "Shortcuts never type into a text field": the keys are the map's again
    assert demo_play.view.hasFocus()


@pytest.mark.slow
def test_the_shortcuts_are_free_and_the_token_menu_has_the_new_entries(qtbot, gm_window):
    """The window's menus and every shortcut of the window: a whole-window test."""
    tools = attach_creature_tools(gm_window.workspace, gm_window.edit_settings)
    keys = [a.shortcut().toString() for a in all_actions(gm_window) if not a.shortcut().isEmpty()]
    duplicates = {k for k in keys if keys.count(k) > 1}
    assert not duplicates, duplicates
    assert "Ctrl+D" in keys and "Ctrl+Shift+M" in keys
    in_help = {s.keys for s in menu_shortcuts(gm_window)}  # the ? overlay lists the menus' shortcuts
    assert {"Ctrl+D", "Ctrl+Shift+M"} <= in_help
    texts = [a.text() for a in gm_window.workspace.actions.menu(MenuId.TOKEN).actions()]
    assert {"Creature &library", "&Duplicate", "&Picture…", "Remove picture"} <= set(texts)
    tools.dock.hide()
    qtbot.keyClick(gm_window.view, Qt.Key.Key_M,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert tools.dock.isVisibleTo(gm_window)
    assert gm_window.dockWidgetArea(tools.dock) == Qt.DockWidgetArea.LeftDockWidgetArea
    legend = gm_window.docks["Legend"]
    legend.show()  # the fixture hides it; the creatures under the legend, not a tab (issue 30 item 6)
    assert legend not in gm_window.tabifiedDockWidgets(tools.dock)  # (the Campaign panel may be a tab)
    qtbot.wait(20)
    assert legend.geometry().bottom() < tools.dock.geometry().top()


def test_a_drag_from_the_list_carries_the_template_id(qtbot):
    library = _library("avorkarth")
    qtbot.addWidget(library)
    data = library.list.mimeData([library.list.item(1)])
    assert bytes(data.data(CREATURE_MIME).data()).decode() == ask_templates("avorkarth")[1].id
    assert library.list.mimeTypes() == [CREATURE_MIME]


def test_an_unknown_template_is_refused_with_a_sentence(qtbot):
    library = _library("avorkarth")
    qtbot.addWidget(library)
    said: list[str] = []
    library.message.connect(said.append)
    assert library.add_creature("dragon", (1, 1)) is None
    assert said == ["'dragon' is not a creature of this encounter's ruleset"]
