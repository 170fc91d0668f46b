"""The token menu seats the selected token on the right-clicked one and takes a rider off its mount
(the GM's ``ride`` command, logged and undoable)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.document import EncounterDocument
from vantage.gui.play.attack_menu import AttackMenu

_KEPT: list[object] = []


def _menu(qtbot, encounter: Encounter, selected: str | None, target: str):
    host = QWidget()
    qtbot.addWidget(host)
    document = EncounterDocument(encounter)
    menu = AttackMenu(document, MapScene(encounter))
    said: list[str] = []
    menu.message.connect(said.append)
    built = menu.build(selected, target, host)
    _KEPT.append((host, menu, built))  # the widget, the menu and its actions live through the test
    return document, {a.text(): a for a in built.actions()}, said


def _encounter(riding: bool) -> Encounter:
    horse = Token("horse", "Horse", (1, 1), Side.PARTY, Size.LARGE)
    rider = Token("rider", "Rider", (3, 1) if not riding else (1, 1), Side.PARTY,
                  rides="horse" if riding else None)
    return Encounter(GameMap(8, 6), (horse, rider), ruleset="baton")


def test_seat_the_selected_token_on_the_right_clicked_one(qtbot):
    document, actions, said = _menu(qtbot, _encounter(riding=False), "rider", "horse")
    actions["Seat Rider on Horse"].trigger()
    assert document.encounter.token("rider").rides == "horse"
    assert said == ["The GM seats Rider on Horse."]
    assert document.undo_stack.undoText() == "Seat Rider on Horse"
    document.undo_stack.undo()
    assert document.encounter.token("rider").rides is None


def test_no_seat_is_offered_on_a_token_far_away_or_of_another_side(qtbot):
    far = _encounter(riding=False)
    far = far.with_token(Token("rider", "Rider", (5, 4), Side.PARTY))
    _, actions, _ = _menu(qtbot, far, "rider", "horse")
    assert not any(text.startswith("Seat") for text in actions)
    foe = far.with_token(Token("rider", "Rider", (3, 1), Side.ENEMY))
    _, actions, _ = _menu(qtbot, foe, "rider", "horse")
    assert not any(text.startswith("Seat") for text in actions)


def test_take_a_rider_off_its_mount(qtbot):
    document, actions, said = _menu(qtbot, _encounter(riding=True), None, "rider")
    assert "Seat Rider on Horse" not in actions
    actions["Take Rider off Horse"].trigger()
    assert document.encounter.token("rider").rides is None
    assert said == ["The GM takes Rider off Horse, to (0, 0)."]


def test_a_refused_seat_says_why(qtbot):
    document, actions, said = _menu(qtbot, _encounter(riding=True), "horse", "rider")
    actions["Seat Horse on Rider"].trigger()
    assert said == ["Seat Horse on Rider: refused — Rider rides Horse: a rider cannot carry another rider"]
    assert document.encounter.token("horse").rides is None
