"""The Token panel's "Derived values and state" reads a ruleset's state in words (found looking at
the README's Baton picture: "wounds: [{'severity': 3, 'kind': 'cutting'}]", Shattered World's
"moved: None", "dead: False" — Python's own writing, not a GM's)."""

from __future__ import annotations

from pathlib import Path

from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import ApplyDamage
from vantage.gui.document import run_command
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.play.token_panel import state_text

MAPS = Path(__file__).resolve().parents[3] / "maps"


def test_values_read_as_words_at_every_depth():
    assert state_text(None) == "none"
    assert state_text(False) == "no" and state_text(True) == "yes"
    assert state_text([]) == "none" and state_text({}) == "none"
    assert state_text([{"severity": 3, "kind": "cutting"}]) == "severity 3, kind cutting"
    assert state_text([{"severity": 3}, {"severity": 1}]) == "severity 3; severity 1"
    assert state_text({"attack_left": 1}) == "attack left 1"
    assert state_text(2.5) == "2.5" and state_text(0) == "0"
    assert state_text("Protection 6/6") == "Protection 6/6"


def test_the_panel_shows_a_baton_wound_in_words(qtbot):
    window = MainWindow(load_encounter(MAPS / "06-baton-crossroads.json"))
    qtbot.addWidget(window)
    window.files.ask_unsaved = lambda: "discard"
    run_command(window.document, "Hurt Bram", ApplyDamage(token="bram", amount=12))
    window.token_panel.show_token("bram")
    lines = [window.token_panel.derived.item(i).text() for i in range(window.token_panel.derived.count())]
    text = "\n".join(lines)
    assert "[" not in text and "{" not in text and "None" not in text and "False" not in text
    assert "dead: no" in lines
