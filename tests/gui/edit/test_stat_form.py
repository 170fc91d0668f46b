"""The stat-block form (issue item 6): "The token panel draws a form from the schema, with the raw
JSON behind an 'Advanced' toggle; stat blocks are validated on load with their place
(`tokens[2].stats.abilities.agility: 31 is above 30`)." Each ruleset "ships creature templates".

The token panel is built on its own over a document (no GM window): Skirmish (tests/support) has
a flat schema of seven whole numbers and a bool and six templates; Avorkarth's schema has groups
(abilities, armour, resistances) and a list (weapons).
"""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QSpinBox
from skirmish_ruleset import TEMPLATES, registered, sample_encounter

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.protocol.gm_commands import EditToken
from vantage.gui.document import EncounterDocument
from vantage.gui.play.token_panel import TokenPanel


@pytest.fixture
def skirmish():
    with registered() as ruleset:
        yield ruleset


def _panel(qtbot, encounter, token_id: str) -> TokenPanel:
    panel = TokenPanel(EncounterDocument(encounter))
    qtbot.addWidget(panel)
    panel.resize(380, 900)
    panel.show_token(token_id)
    panel.tabs.setCurrentIndex(1)
    return panel


def _template(template_id: str):
    return next(t for t in TEMPLATES if t.id == template_id)


def test_the_form_has_one_row_per_schema_field_with_help_range_and_default(qtbot, skirmish):
    """"each ruleset declares the schema of its stat block (fields, types, ranges, defaults, one
    line of help each)": one editor per field; its tooltip is the help, the range, the default."""
    panel = _panel(qtbot, sample_encounter(), "ada")
    form = panel.form
    assert list(form.rows) == ["health", "guard", "speed", "attack", "defence", "reach", "player"]
    speed = form.rows["speed"].editor
    assert isinstance(speed, QSpinBox) and (speed.minimum(), speed.maximum(), speed.value()) == (1, 12, 6)
    assert speed.toolTip().splitlines()[:3] == ["tiles per move", "Range: 1–12", "Default: 6"]
    assert form.rows["reach"].editor.value() == 2  # Ada's own reach, not the default
    assert isinstance(form.rows["player"].editor, QCheckBox) and form.rows["player"].editor.isChecked()
    assert form.json_edit.isHidden()
    form.advanced_button.click()
    assert not form.json_edit.isHidden()
    assert json.loads(form.json_edit.toPlainText()) == dict(panel.document.encounter.token("ada").stats)


def test_fields_are_grouped_by_their_prefix_and_lists_are_left_to_the_json(qtbot):
    """"one row per field grouped by the dotted prefix (abilities, armour …)"; "list fields as a
    read-only summary "3 weapons — edit in Advanced""."""
    panel = _panel(qtbot, demo_encounter(), "bram")
    titles = [box.title() for box in panel.form.findChildren(QGroupBox)]
    assert titles == ["Abilities", "Armour", "Resistances"]
    weapons = panel.form.rows["weapons"].editor
    assert isinstance(weapons, QLabel) and weapons.text() == "1 weapon — edit in Advanced"
    assert panel.form.rows["abilities.agility"].editor.value() == 5
    assert panel.form.rows["armour_penalty"].hint.text() == "default"  # left out: the default holds


def test_an_optional_number_without_a_default_can_be_left_out(qtbot):
    """Avorkarth's resistances: "left out, each is derived from its ability" — the spin box shows
    "—" for a resistance the block leaves out, and going back to "—" leaves it out again."""
    panel = _panel(qtbot, demo_encounter(), "bram")
    fire = panel.form.rows["resistances.fire"].editor
    assert fire.text() == "—" and "— leaves it out" in fire.toolTip()
    fire.setValue(3)
    assert panel.form.block()["resistances"] == {"fire": 3}
    fire.setValue(fire.minimum())
    assert "resistances" not in panel.form.block() and not panel.form.is_modified()


def test_editing_a_spin_box_and_applying_sends_one_edit_that_undo_takes_back(qtbot, skirmish):
    """"Apply validates with the ruleset's validate_stats … and only a valid block is sent, as the
    existing GM command that edits a token … through run_command — one undo step"."""
    panel = _panel(qtbot, sample_encounter(), "bram")
    document = panel.document
    before = document.encounter
    panel.form.rows["speed"].editor.setValue(9)
    assert json.loads(panel.form.json_edit.toPlainText())["speed"] == 9  # the JSON follows the form
    assert panel.form.apply() is True
    assert document.encounter.token("bram").stats["speed"] == 9
    sent = document.commands[-1]
    assert isinstance(sent, EditToken) and sent.stats["speed"] == 9 and sent.size is None
    assert document.undo_stack.count() == 1
    assert document.undo_stack.text(0) == "Edit Bram's stat block"
    document.undo_stack.undo()
    assert document.encounter == before
    assert panel.form.rows["speed"].editor.value() == 6


def test_a_bad_value_in_the_json_is_refused_with_its_place_and_nothing_changes(qtbot, skirmish):
    """"a bad value is refused with the message and nothing changes"; the places are shown "inline
    next to the field and in a message line"."""
    panel = _panel(qtbot, sample_encounter(), "bram")
    before = panel.document.encounter
    form = panel.form
    form.advanced_button.click()
    stats = json.loads(form.json_edit.toPlainText())
    stats.update(speed=13, colour="green")
    form.json_edit.setPlainText(json.dumps(stats))
    assert form.apply() is False
    assert panel.document.encounter is before and panel.document.undo_stack.count() == 0
    assert "stats.speed: 13 is above 12" in form.message.text()
    assert "stats.colour: is not a field of this stat block" in form.message.text()
    speed_problem = form.rows["speed"].problem
    assert speed_problem.text() == "13 is above 12" and speed_problem.isVisibleTo(form)
    assert form.rows["health"].problem.text() == ""
    form.json_edit.setPlainText('{"speed": ')
    assert form.apply() is False and form.message.text().startswith("Not applied — Not JSON: line 1")
    assert panel.document.encounter is before


def test_a_template_fills_the_form_and_its_size_for_the_gm_to_apply(qtbot, skirmish):
    """""From template…" (the ruleset's templates()) fills the form (and the token's size if the
    template says so) for the GM to apply."""
    panel = _panel(qtbot, sample_encounter(), "ghoul")
    form = panel.form
    titles = [a.text() for a in form.template_menu.actions()]
    assert titles == ["Goblin (small)", "Wolf (medium)", "Knight (medium)", "Archer (medium)",
                      "Troll (large)", "Giant rat (small)"]
    form.template_menu.actions()[4].trigger()
    assert form.rows["health"].editor.value() == 24 and form.template_size == "large"
    assert panel.document.encounter.token("ghoul").stats["health"] == 10  # not applied yet
    assert form.apply() is True
    ghoul = panel.document.encounter.token("ghoul")
    assert dict(ghoul.stats) == dict(_template("troll").stats) and ghoul.size.value == "large"
    assert panel.document.undo_stack.count() == 1  # stat block and size in one step
    panel.document.undo_stack.undo()
    assert panel.document.encounter.token("ghoul").size.value == "medium"


def test_a_template_the_map_has_no_room_for_is_refused_by_the_engine(qtbot, skirmish):
    from skirmish_ruleset import skirmish_encounter, skirmisher

    encounter = skirmish_encounter(skirmisher("rat", (11, 9), "enemy"))  # the corner of 12 × 10
    panel = _panel(qtbot, encounter, "rat")
    panel.form.use_template(_template("troll"))
    assert panel.form.apply() is False
    assert "Rat as large does not fit on the map at (11, 9)" in panel.form.message.text()
    assert panel.document.encounter is encounter


def test_enter_applies_and_escape_reverts(qtbot, skirmish):
    """"Keyboard: Enter applies, Esc reverts"."""
    panel = _panel(qtbot, sample_encounter(), "bram")
    panel.show()
    qtbot.waitExposed(panel)
    speed = panel.form.rows["speed"].editor
    speed.setFocus()
    speed.setValue(4)
    qtbot.keyClick(speed, Qt.Key.Key_Escape)
    assert speed.value() == 6 and not panel.form.is_modified()
    speed.setValue(4)
    qtbot.keyClick(speed, Qt.Key.Key_Return)
    assert panel.document.encounter.token("bram").stats["speed"] == 4
    panel.form.advanced_button.click()
    json_edit = panel.form.json_edit
    json_edit.setPlainText(json.dumps({**panel.document.encounter.token("bram").stats, "guard": 5}))
    qtbot.keyClick(json_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert panel.document.encounter.token("bram").stats["guard"] == 5


def test_a_bad_block_from_a_file_shows_its_problems_when_the_token_is_selected(qtbot, skirmish):
    """"stat blocks are validated on load with their place": the form shows them at their fields."""
    from dataclasses import replace

    encounter = sample_encounter()
    encounter = encounter.with_token(replace(encounter.token("bram"), stats={"health": 31, "speed": 0}))
    panel = _panel(qtbot, encounter, "bram")
    assert panel.form.message.text().startswith("Does not fit Skirmish — 2 problems:")
    assert panel.form.rows["health"].problem.text() == "31 is above 30"
    assert panel.form.rows["speed"].problem.text() == "0 is below 1"


def test_another_change_to_the_encounter_keeps_an_edit_in_progress(qtbot, skirmish):
    from vantage.engine.protocol.gm_commands import Place
    from vantage.gui.document import run_command

    panel = _panel(qtbot, sample_encounter(), "bram")
    panel.form.rows["attack"].editor.setValue(7)
    run_command(panel.document, "Place Ghoul", Place(token="ghoul", tile=(9, 1)))
    assert panel.form.rows["attack"].editor.value() == 7 and panel.form.is_modified()


def test_render_the_form(qtbot, skirmish, tmp_path):
    panel = _panel(qtbot, demo_encounter(), "bram")
    panel.show()
    qtbot.waitExposed(panel)
    panel.form.rows["abilities.agility"].editor.setValue(30)
    panel.form.show_problems([("stats.abilities.agility", "31 is above 30"),
                              ("stats.weapons[0].might", "-1 is below 0")])
    out = tmp_path / "stat-form.png"
    assert panel.grab().save(str(out))
