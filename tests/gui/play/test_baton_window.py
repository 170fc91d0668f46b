"""The GM window plays Baton (issue 19) from its sample encounter, maps/06-baton-crossroads.json,
with no Baton code in gui/: "the GM window must play it with no ruleset-specific code in gui/ (the
tracker shows which side holds the initiative and who has acted)", and "a baton passage (keep on
even, lose on odd, pass to an ally who has not acted) shows in the tracker".

Bram (8, 7), Ysolde (6, 6) and Corwin (7, 8) of the party; Cultist Hask (9, 7) beside Bram."""

from __future__ import annotations

import pytest
from gm_windows import drag

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Move
from vantage.engine.rules.asking import ask_pending, ask_turn

SAMPLE = "06-baton-crossroads.json"

#: a whole turn in the GM window: the tracker, the Decisions panel, the menu and the map together
pytestmark = pytest.mark.slow


@pytest.fixture
def baton_window(sample_window):
    return sample_window(SAMPLE, centre=(8, 7))


def _buttons(window):
    return {b.text(): b for b in window.tracker.option_buttons}


def _start_with_bram(window):
    """ "a PC who is not surprised, chosen by the players, starts with the initiative": Start combat
    asks the players in the Decisions panel; they choose Bram."""
    window.tracker.start_combat()
    panel = window.decision_panel
    assert panel.prompt.text() == "The players choose who starts with the initiative"
    labels = [b.text() for b in panel.choice_buttons]
    assert labels[0].startswith("Bram starts") and len(labels) == 3  # the three PCs, no opponent
    panel.choice_buttons[0].click()
    assert not ask_pending(window.encounter)


def _attack(window, attacker, target, weapon):
    """Attack from the menu; the GM answers the NPC target's "how does … resist?" (Defending: "a
    character may offer resistance") in the Decisions panel with its best defence."""
    menu = window.attack_menu.build(attacker, target, window)
    action = next(a for a in menu.actions() if a.text().startswith(f"Attack with the {weapon}"))
    assert action.isEnabled(), action.text()
    action.trigger()
    panel = window.decision_panel
    assert panel.prompt.text().endswith("resist?"), panel.prompt.text()
    labels = [b.text() for b in panel.choice_buttons]
    assert labels[0].startswith("Dodge 1") and labels[-1].startswith("No resistance"), labels
    panel.choice_buttons[0].click()
    assert not ask_pending(window.encounter)


def test_the_tracker_shows_the_side_holding_the_initiative_and_who_has_acted(qtbot, baton_window):
    window = baton_window
    _start_with_bram(window)
    tracker = window.tracker
    assert tracker.round_label.text().startswith("Turn 1 · Bram acts · party holds the initiative")
    assert "major 1/1, minor 1/1, movement 6/6" in tracker.round_label.text()
    assert tracker.note_label.text().startswith("No skill check in the major action")
    rows = [tracker.order_list.item(i).text() for i in range(tracker.order_list.count())]
    assert rows[0] == "Bram  (party)" and rows[3] == "Cultist Hask  (enemy)"
    assert tracker.active == "bram" and window.scene.token_items["bram"].active


def test_keep_on_even_pass_to_an_ally_who_has_not_acted_then_lose_on_odd(qtbot, baton_window):
    """KEEPING THE INITIATIVE: "the die result is even, they keep the initiative on their side ...
    pass the initiative to an ally of their choice, prioritizing characters who have not yet acted";
    LOSING THE INITIATIVE: "the die result is odd, they must pass the initiative to the opposing side"."""
    window = baton_window
    _start_with_bram(window)
    window.document.dice = ScriptedDice([3, 5, 4])  # 8: even, a hit; 4 damage
    _attack(window, "bram", "cultist-1", "Longsword")
    buttons = _buttons(window)
    assert buttons["Pass to Ysolde"].isEnabled() and buttons["Pass to Corwin"].isEnabled()
    assert not buttons["Pass to Cultist Hask"].isEnabled()
    assert "even die (8): the initiative stays on the party side" in buttons["Pass to Cultist Hask"].toolTip()
    assert window.tracker.note_label.text() == (
        "Even die (8): the initiative stays on the party side; to an "
        "ally who has not acted yet: pass to Ysolde, Corwin"
    )
    buttons["Pass to Ysolde"].click()
    turn = ask_turn(window.encounter)
    assert turn.actor == "ysolde" and turn.side == "party"
    rows = [window.tracker.order_list.item(i) for i in range(window.tracker.order_list.count())]
    assert rows[0].text() == "Bram  (party, acted)"
    assert rows[0].foreground().color().name() == "#888888"  # done: greyed
    assert rows[1].font().bold()  # Ysolde acts now
    # Ysolde moves by the engine's answer (a drag), then attacks: 2 + 3 = 5 is odd
    drag(qtbot, window, (6, 6), (8, 6))
    assert window.encounter.token("ysolde").position == (8, 6)
    assert isinstance(window.document.commands[-1], Move)
    window.document.dice = ScriptedDice([2, 3, 1])
    _attack(window, "ysolde", "cultist-1", "Short sword")
    buttons = _buttons(window)
    assert not buttons["Pass to Corwin"].isEnabled() and buttons["Pass to Cultist Mirel"].isEnabled()
    assert "odd die (5): the initiative passes to the enemy side" in buttons["Pass to Corwin"].toolTip()
    buttons["Pass to Cultist Mirel"].click()
    assert window.tracker.round_label.text().startswith(
        "Turn 2 · Cultist Mirel acts · enemy holds the initiative"
    )


def test_an_opportunity_attack_is_the_enemys_decision_in_the_panel(qtbot, baton_window):
    """ "When a character moves out of the reach of an enemy wielding a melee weapon, they allow that
    enemy to immediately make an attack against them" — the move pauses for Cultist Hask."""
    window = baton_window
    _start_with_bram(window)
    drag(qtbot, window, (8, 7), (6, 8))
    panel = window.decision_panel
    assert panel.prompt.text() == "Bram leaves Cultist Hask's reach at (8, 7): opportunity attack?"
    assert panel.title.text() == "Reaction · Cultist Hask decides"
    assert window.encounter.token("bram").position == (8, 7)
    let_go = next(b for b in panel.choice_buttons if b.text().startswith("Let go"))
    let_go.click()
    assert window.encounter.token("bram").position == (6, 8)
    assert window.document.log[-1].sentence == "Bram moves 2 tiles to (6, 8)."
    assert "movement 4/6" in window.tracker.round_label.text()


def test_layered_health_bars_show_protection_stamina_and_health(qtbot, baton_window):
    """ "three attributes that work in layers": Protection → Stamina → Health."""
    window = baton_window
    _start_with_bram(window)
    window.document.dice = ScriptedDice([3, 5, 4])
    _attack(window, "bram", "cultist-1", "Longsword")
    segments = [s.text for s in window.scene.token_items["cultist-1"].segments]
    assert segments == ["protection 0/1", "stamina 3/8", "health 8/8"]


def test_avoiding_the_opportunity_attack_is_a_move_mode_of_thedrag(qtbot, baton_window):
    """Avoiding Opportunity Attacks: "A character can move out of an enemy's reach without triggering
    an opportunity attack, but in doing so their speed is halved" — Baton's declared move mode."""
    window = baton_window
    _start_with_bram(window)
    picker = window.play_tool.modes
    assert [picker.combo.itemText(i) for i in range(picker.combo.count())] == [
        "Normal move",
        "Avoid opportunity attacks",
        "Dash",
        "Leap to attack",
    ]
    picker.choose("disengage")
    drag(qtbot, window, (8, 7), (6, 8))
    assert window.document.commands[-1].options == {"mode": "disengage"}
    assert not ask_pending(window.encounter) and window.encounter.token("bram").position == (6, 8)
    assert (
        window.document.log[-2].sentence
        == "Bram leaves Cultist Hask's reach at half speed: no opportunity attack."
    )
    assert "movement 2/6" in window.tracker.round_label.text()


def test_next_turn_asks_the_holder_who_receives_the_initiative(qtbot, baton_window):
    """ "they must pass the initiative to the opposing side" — who receives it is the holder's choice,
    answered in the Decisions panel."""
    window = baton_window
    _start_with_bram(window)
    window.tracker.next_turn()  # the first legal turn option: "Pass the initiative…"
    panel = window.decision_panel
    assert panel.prompt.text().startswith("Bram passes the initiative (no skill check in the major action")
    labels = [b.text().split(" · ")[0] for b in panel.choice_buttons]
    assert labels[:2] == ["To Cultist Hask", "To Cultist Mirel"] and "To Ysolde" not in labels
    panel.choice_buttons[1].click()
    assert ask_turn(window.encounter).actor == "cultist-2"
    assert window.tracker.round_label.text().startswith(
        "Turn 2 · Cultist Mirel acts · enemy holds the initiative"
    )
