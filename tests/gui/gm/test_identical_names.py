"""An encounter opened with identical names has them numbered, on the token, in the tracker and
in the log — in one undo step. Issue 16, item 5: "Identical names are numbered (Ghoul 1, Ghoul 2,
Ghoul 3) on the token, in the tracker and in the log"."""

from __future__ import annotations

import pytest

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.fileformat import save_encounter
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.gui.gm.main_window import MainWindow

#: opening a file in the GM window (``MainWindow.set_encounter`` numbers the names and says so)
pytestmark = pytest.mark.slow


def test_opening_three_ghouls_numbers_them_in_one_undo_step(qtbot, tmp_path):
    path = tmp_path / "ghouls.json"
    tokens = (Token("a", "Ghoul", (0, 0), side=Side.ENEMY), Token("b", "Bram", (2, 0), side=Side.PARTY),
              Token("c", "Ghoul", (4, 0), side=Side.ENEMY), Token("d", "Ghoul", (6, 0), side=Side.ENEMY))
    save_encounter(Encounter(GameMap(8, 4, terrain=("open",) * 32), tokens, ruleset="avorkarth"), path)
    window = MainWindow(demo_encounter())
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert window.open_file(path)
    names = [t.name for t in window.document.encounter.tokens]
    assert names == ["Ghoul 1", "Bram", "Ghoul 2", "Ghoul 3"]
    assert "Ghoul 1, Ghoul 2, Ghoul 3" in window.statusBar().currentMessage()
    assert window.scene.token_items["c"].token.name == "Ghoul 2"
    assert window.document.undo_stack.count() == 1
    window.document.undo_stack.undo()
    assert [t.name for t in window.document.encounter.tokens] == ["Ghoul", "Bram", "Ghoul", "Ghoul"]


def test_an_encounter_whose_names_differ_opens_unchanged(qtbot, tmp_path):
    path = tmp_path / "demo.json"
    save_encounter(demo_encounter(), path)
    window = MainWindow(demo_encounter())
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    assert window.open_file(path)
    assert not window.document.is_modified() and window.document.undo_stack.count() == 0
