"""The help overlay (``?``): "Keyboard shortcuts for every frequent action, listed in a help overlay".
The review at 1280×800: "The `?` overlay is cut off at the bottom of the map view ... and it cannot
be scrolled" — the list is in two columns and scrolls."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from vantage.gui.gm.help_overlay import Shortcut, help_html


@pytest.mark.slow  # the shortcuts of every menu of the whole window
def test_the_new_shortcuts_and_gestures_are_listed(qtbot, gm_window):
    gm_window.commands.toggle_help()
    text = gm_window.help_overlay.label.text()
    for keys, what in (("M", "Next move mode"), ("Return", "Answer with the default"),
                       ("Ctrl+Shift+D", "Dice at the table…"), ("Right-click a token", "and its own"),
                       ("Enter (map or Decisions)", "with its default")):
        assert f"<b>{keys}</b>" in text and what in text, keys


def test_two_columns_first_half_on_the_left():
    rows = help_html([Shortcut(str(n), f"does {n}") for n in range(5)]).split("<tr>")[1:]
    assert len(rows) == 3
    assert "<b>0</b>" in rows[0] and "<b>3</b>" in rows[0]
    assert "<b>2</b>" in rows[2] and rows[2].count("<b>") == 1  # the odd one out: left only


@pytest.mark.slow  # the whole window's list, over its map between the docks, at 1280×800
def test_at_1280_by_800_the_whole_list_can_be_reached(qtbot, gm_window):
    gm_window.resize(1280, 800)
    qtbot.waitUntil(lambda: gm_window.width() == 1280)
    gm_window.commands.toggle_help()
    overlay = gm_window.help_overlay
    bar = overlay.scroll_area.verticalScrollBar()
    label = overlay.label
    shown = overlay.scroll_area.viewport().height()
    needed = label.heightForWidth(overlay.scroll_area.viewport().width())  # the text wraps
    assert needed <= shown or bar.maximum() > 0  # fits, or scrolls to the end
    qtbot.keyClick(overlay, Qt.Key.Key_Question)
    assert not overlay.isVisible()


@pytest.mark.slow  # the whole window's list, over its map between the docks, at 1280×800
def test_at_1280_by_800_no_description_is_cut_off_at_the_right(qtbot, gm_window):
    """Issue 16, item 10: "the window fits a 1280×800 screen on first start and so does the help
    overlay" — long descriptions wrap inside the overlay instead of running past its right edge."""
    gm_window.resize(1280, 800)
    qtbot.waitUntil(lambda: gm_window.width() == 1280)
    gm_window.commands.toggle_help()
    overlay = gm_window.help_overlay
    qtbot.waitUntil(lambda: overlay.label.width() > 0)
    assert overlay.label.width() <= overlay.scroll_area.viewport().width()
    assert overlay.scroll_area.horizontalScrollBar().maximum() == 0
