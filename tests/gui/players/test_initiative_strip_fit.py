"""The projector's turn-order strip on a narrow window (issue 16, item 8: "Optional on the
projector: the initiative order as a strip"): when the whole order does not fit, the far ends give
way to "…", and the actor, the one before it and the one acting next stay in view."""

from __future__ import annotations

from vantage.engine.rules.base import TurnEntry, TurnInfo
from vantage.gui.players.initiative_strip import strip_html

NAMES = {f"t{i}": f"Creature {i}" for i in range(12)}


def _turn(current: int) -> TurnInfo:
    entries = tuple(TurnEntry(f"t{i}", 20 - i, "turn", done=i < current) for i in range(12))
    return TurnInfo(round=2, actor=f"t{current}", entries=entries, current=current)


def _fits(chars: int):
    return lambda text: len(text) <= chars


def test_the_whole_order_is_shown_when_it_fits() -> None:
    html = strip_html(_turn(5), NAMES, _fits(1000))
    assert "…" not in html and all(name in html for name in NAMES.values())


def test_a_narrow_strip_keeps_the_actor_its_neighbours_and_marks_the_cut_ends() -> None:
    html = strip_html(_turn(6), NAMES, _fits(80))
    assert "color:#ffd84d'>Creature 6<" in html
    assert "Creature 5" in html and "Creature 7" in html  # the one before, the one next
    assert html.count("…") == 2  # both ends were cut
    assert "Creature 0" not in html and "Creature 11" not in html


def test_the_first_actor_keeps_those_acting_next() -> None:
    html = strip_html(_turn(0), NAMES, _fits(60))
    assert "color:#ffd84d'>Creature 0<" in html and "Creature 1" in html
    assert html.count("…") == 1 and "Creature 11" not in html


def test_a_strip_too_narrow_for_two_still_shows_the_actor() -> None:
    html = strip_html(_turn(4), NAMES, _fits(5))
    assert "color:#ffd84d'>Creature 4<" in html and "Creature 3" not in html and "Creature 5" not in html


def test_the_strip_fits_again_when_the_window_grows(qtbot) -> None:
    """The projector often starts small and goes full screen: the cut order comes back whole."""
    from PySide6.QtWidgets import QWidget

    from vantage.gui.players.initiative_strip import InitiativeStrip

    window = QWidget()
    qtbot.addWidget(window)
    window.resize(400, 300)
    strip = InitiativeStrip(window)
    window.show()
    strip.show_turn(_turn(6), NAMES, wanted=True)
    assert "…" in strip.text()
    window.resize(3000, 300)
    strip.place()  # the player window calls it from its resizeEvent
    assert "…" not in strip.text() and "Creature 11" in strip.text()
