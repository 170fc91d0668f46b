"""A list field of a stat block (weapons …) edited as a table instead of JSON.

Issue 16, item 6: "the stat-block form instead of JSON"; the walkthrough: "To make it fight, a
297-character JSON stat block copied from a ghoul had to be pasted" — the weapons were the part
the form could only show as "edit in Advanced".
"""

from __future__ import annotations

from PySide6.QtWidgets import QPushButton

from vantage.engine.rules.asking import ask_stat_schema, ask_templates
from vantage.engine.rules.stat_schema import MISSING
from vantage.gui.edit.list_editor import ListEditor, cell_text, list_columns, parse_cell
from vantage.gui.edit.stat_form import StatForm


def test_cells_read_numbers_booleans_text_and_json_and_an_empty_cell_leaves_the_key_out():
    assert parse_cell("5") == 5 and parse_cell("-2") == -2 and parse_cell("1.5") == 1.5
    assert parse_cell("true") is True and parse_cell("false") is False
    assert parse_cell("1d6") == "1d6" and parse_cell("Longsword") == "Longsword"
    assert parse_cell('["fire"]') == ["fire"] and parse_cell("[not json") == "[not json"
    assert parse_cell("  ") is MISSING
    assert parse_cell("nan") == "nan" and parse_cell("inf") == "inf"  # words, never a float
    assert [cell_text(v) for v in (5, 2.0, True, "Dagger", None, ["a"])] == ["5", "2", "true", "Dagger", "",
                                                                              '["a"]']


def test_an_empty_list_offers_the_keys_the_templates_give_the_same_list():
    templates = ask_templates("avorkarth")
    assert list_columns([], "weapons", templates)[:2] == ["name", "might"]
    assert "reach" in list_columns([], "weapons", templates)


def test_the_stat_form_edits_a_list_in_a_table_and_apply_sends_it_checked(qtbot):
    schema = ask_stat_schema("avorkarth")
    (warrior,) = [t for t in ask_templates("avorkarth") if t.id == "warrior"]
    sent: list[dict] = []
    form = StatForm(lambda stats: [], lambda stats, size: sent.append(stats))
    qtbot.addWidget(form)
    form.set_rules(schema, ask_templates("avorkarth"))
    form.load(warrior.stats, "medium")
    row = form.rows["weapons"]
    (button,) = [b for b in row.widget.findChildren(QPushButton) if b.text() == "Table…"]
    editor: ListEditor = form.list_editor(row.field)
    qtbot.addWidget(editor)
    assert editor.table.rowCount() == 2 and editor.columns[:2] == ["name", "might"]
    assert editor.value() == [{"name": "Longsword", "might": 5}, {"name": "Dagger", "might": 3}]
    editor.add_row({})
    editor.table.item(2, 0).setText("Spear")
    editor.table.item(2, 1).setText("4")
    editor.table.item(2, editor.columns.index("reach")).setText("2")
    editor.accept()
    form._field_edited("weapons", editor.value())  # what OK does in edit_list
    assert row.editor.text() == "3 weapons — edit in Advanced"
    assert form.apply()
    assert sent[-1]["weapons"][-1] == {"name": "Spear", "might": 4, "reach": 2}
    assert button.isEnabled()


def test_ok_in_the_table_dialog_puts_the_rows_in_the_block(qtbot):
    schema = ask_stat_schema("avorkarth")
    (warrior,) = [t for t in ask_templates("avorkarth") if t.id == "warrior"]
    form = StatForm(lambda stats: [], lambda stats, size: None)
    qtbot.addWidget(form)
    form.set_rules(schema, ())
    form.load(warrior.stats, "medium")
    opened: list[ListEditor] = []
    form.list_editor = lambda field, _make=form.list_editor: opened.append(_make(field)) or opened[-1]
    form.edit_list(form.rows["weapons"].field)
    (editor,) = opened
    editor.table.selectRow(0)
    editor.remove_selected()
    editor.accept()
    assert form.block()["weapons"] == [{"name": "Dagger", "might": 3}]
    assert form.is_modified()


def test_a_list_of_plain_values_is_one_column_and_comes_back_as_plain_values(qtbot):
    from vantage.engine.rules.stat_schema import FieldKind, StatField

    field = StatField("immune", FieldKind.LIST, "damage types it ignores")
    assert list_columns(["fire", "cold"], "immune", ()) == ["value"]
    editor = ListEditor(field, ["fire", "cold"], ())
    qtbot.addWidget(editor)
    editor.table.item(1, 0).setText("")  # an empty row is no entry
    editor.add_row({"value": 3})
    assert editor.value() == ["fire", 3]
