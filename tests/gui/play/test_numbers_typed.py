"""Numbers typed in the GM window are measured before they are converted (issue 33, item 5: a number
of more than 4,300 digits in the dice box ended in "ValueError: Exceeds the limit (4300 digits)").
The dice box, the faces typed at the table and the stat-block editor's cells all go through
``whole_number_text``."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.decisions import DiceRequest
from vantage.gui.edit.list_editor import parse_cell
from vantage.gui.play.table_ask import read_face
from vantage.gui.play.table_rolls import attach_table_rolls

HUGE = "9" * 5000


def test_the_dice_box_refuses_a_number_of_5000_digits_at_its_column(qtbot, skirmish_play):
    """"a bad expression is refused in place with the place of the error"."""
    window = skirmish_play
    box = attach_table_rolls(window.workspace).dice_box
    log_length = len(window.document.log)
    box.field.setText(f"1d6+{HUGE}")
    qtbot.keyClick(box.field, Qt.Key.Key_Return)
    assert box.result.text() == ("Not rolled: a number of 5,000 digits is too large "
                                 "(at most 9,007,199,254,740,992) (column 5)")
    assert box.field.cursorPosition() == 4
    assert len(window.document.log) == log_length


def test_a_face_of_5000_digits_is_refused_in_words():
    request = DiceRequest("1d20", 1, 20, "to hit")
    with pytest.raises(CommandRejected) as refused:
        read_face(HUGE, 0, request)
    assert refused.value.reason == ("a number of 5,000 digits is too large (at most 9,007,199,254,740,992): "
                                    "type the face of the die (1–20)")


@pytest.mark.parametrize("cell", [HUGE, f"[{HUGE}]", f'{{"a": {HUGE}}}'])
def test_a_stat_block_cell_of_5000_digits_stays_text_for_the_schema_to_refuse(cell: str):
    assert parse_cell(cell) == cell
