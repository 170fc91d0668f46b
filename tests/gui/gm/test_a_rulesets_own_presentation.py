"""A ruleset brings an overlay and a health layer the platform has no name for, and touches no
shared file (issue 26: "a fifth ruleset with a new overlay touches no shared file. Prove it: the
test-only Skirmish ruleset gains a new overlay and a new health layer without a shared edit").

The ruleset is ``tests/support/skirmish_morale.py``: Skirmish with a "Threatened tiles" overlay
and a "morale" layer, declared through ``Tactics.own_overlays``, ``overlay_marks`` and
``HealthLayer.colour``."""

from __future__ import annotations

import pathlib
from dataclasses import replace

import pytest
from PySide6.QtGui import QColor
from skirmish_morale import MORALE_COLOUR, RULESET_ID, registered
from skirmish_ruleset import sample_encounter
from workspaces import following, workspace_on

import vantage
from vantage.engine.rules.asking import ask_health, ask_overlay_marks
from vantage.engine.rules.base import MarkTone, Unanswered
from vantage.gui.canvas.token_item import health_segments
from vantage.gui.gm.main_window import MainWindow
from vantage.gui.play.lane_items import TileShade
from vantage.gui.workspace import MenuId

#: the whole GM window: its View ▸ Overlays menu and the overlay it draws
WHOLE_WINDOW = pytest.mark.slow


@pytest.fixture
def morale_window(qtbot):
    with registered():
        window = MainWindow(replace(sample_encounter(), ruleset=RULESET_ID))
        window.files.ask_unsaved = lambda: "discard"
        qtbot.addWidget(window)
        yield window
        window.close()


def _own_entry(window):
    menu = window.workspace.actions.menu(MenuId.OVERLAYS)
    return next((a for a in menu.actions() if a.text() == "Threatened tiles"), None)


@WHOLE_WINDOW
def test_the_rulesets_own_overlay_is_offered_in_the_overlays_menu_and_drawn(morale_window):
    entry = _own_entry(morale_window)
    assert entry is not None and entry.isCheckable() and not entry.isChecked()
    assert "a step there comes within its reach" in entry.toolTip()
    morale_window.workspace.selection.select_token("bram")
    shades = [i for i in morale_window.tactics.childItems() if isinstance(i, TileShade)]
    assert shades == []  # switched off: nothing drawn
    entry.trigger()
    assert morale_window.workspace.overlays.shows("threat")
    shades = [i for i in morale_window.tactics.childItems() if isinstance(i, TileShade)]
    assert sorted(s.toolTip() for s in shades) == ["Threatened tiles: next to Ghoul",
                                                   "Threatened tiles: next to Wight"]
    ghoul = next(s for s in shades if "Ghoul" in s.toolTip())
    assert (4, 6) in ghoul.tiles and (5, 5) not in ghoul.tiles  # around Ghoul at (5, 5), not on it
    entry.trigger()
    assert not [i for i in morale_window.tactics.childItems() if isinstance(i, TileShade)]


@WHOLE_WINDOW
def test_another_ruleset_takes_the_entry_away(morale_window):
    from vantage.engine.protocol.gm_commands import SetRuleset
    from vantage.gui.document import run_command

    assert _own_entry(morale_window) is not None
    run_command(morale_window.document, "Ruleset", SetRuleset(ruleset="avorkarth"))
    assert _own_entry(morale_window) is None


def test_the_rulesets_own_health_layer_is_drawn_in_its_own_colour(qtbot):
    with registered():
        workspace = following(workspace_on(qtbot, replace(sample_encounter(), ruleset=RULESET_ID)))
        health = ask_health(workspace.document.encounter, "bram")
    assert not isinstance(health, Unanswered)
    assert [layer.name for layer in health.layers] == ["guard", "health", "morale"]
    segments = health_segments(health)
    assert segments[-1].text == "morale 5/5" and segments[-1].colour == QColor(MORALE_COLOUR)
    bar = workspace.scene.token_items["bram"].segments  # the scene draws the same bar
    assert [(b.text, b.colour.name()) for b in bar][-1] == ("morale 5/5", MORALE_COLOUR)


def test_a_ruleset_without_its_own_overlays_answers_why_not():
    from skirmish_ruleset import registered as skirmish_registered

    with skirmish_registered():
        answer = ask_overlay_marks(sample_encounter(), "threat", "bram")
    assert isinstance(answer, Unanswered) and "draws no overlay 'threat'" in answer.reason


def test_the_marks_say_their_tone():
    with registered():
        encounter = replace(sample_encounter(), ruleset=RULESET_ID)
        marks = ask_overlay_marks(encounter, "threat", "bram")
        assert not isinstance(marks, Unanswered) and {m.tone for m in marks} == {MarkTone.BAD}


def test_no_shared_file_names_the_new_overlay_or_layer():
    root = pathlib.Path(vantage.__file__).parent
    shared = [p for folder in ("engine", "gui") for p in (root / folder).rglob("*.py")]
    words = ("Threatened", "skirmish_morale", RULESET_ID)
    assert not [str(p) for p in shared if any(word in p.read_text(encoding="utf-8") for word in words)]
