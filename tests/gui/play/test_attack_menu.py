"""Right-click attacks (issue 5): "right-click a target → the actions the ruleset allows with their
current modifiers explained ...; choosing one resolves it through the engine, animates the result
briefly, and appends the events to the log." Turn tracker: "next/previous turn and the active
token highlighted"."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsSimpleTextItem

from vantage.engine.dice import ScriptedDice
from vantage.engine.rules.asking import ask_attack_options
from vantage.gui.play.attack_menu import AttackMenu


def _adjacent(window):
    e = window.encounter
    bram = replace(e.token("bram"), position=(14, 10), facing=e.token("bram").facing)
    ilse = replace(e.token("ilse"), position=(16, 10), conditions=())
    window.document.reset(e.with_token(bram).with_token(ilse), None)


def _start_combat_with_bram_acting(window):
    # high faces first: the initiative rolls; Bram's comes first in token order
    window.document.dice = ScriptedDice([20] + [1] * 10 + [10] * 40)
    window.tracker.start_combat()
    for _ in range(len(window.encounter.tokens)):
        if window.tracker.active == "bram":
            return window
        window.tracker.next_turn()
    raise AssertionError("Bram never got a turn")


def test_right_click_lists_the_engines_options_with_the_odds(qtbot, demo_panels):
    # Avorkarth: "-1 dodge per additional ally of the attacker within melee range of the target"
    _adjacent(demo_panels)
    _start_combat_with_bram_acting(demo_panels)
    view = demo_panels.view
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((14, 10)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.tile_centre_in_view((15, 10)))
    menu = demo_panels.attack_menu.menu
    assert menu is not None and menu.isVisible()
    labels = [a.text() for a in menu.actions()]
    assert any(text.startswith("Attack with the Longsword  —  Attack 4 vs Dodge 3") for text in labels)
    assert any("flanked by 1 more −1" in text for text in labels)
    assert any(text.startswith("Trip") for text in labels)
    menu.close()


def test_choosing_an_attack_resolves_it_logs_the_events_and_flashes_the_result(qtbot, demo_panels):
    _adjacent(demo_panels)
    _start_combat_with_bram_acting(demo_panels)
    view = demo_panels.view
    demo_panels.document.dice = ScriptedDice([15] * 40)
    before = len(demo_panels.document.log)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.tile_centre_in_view((14, 10)))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.RightButton, pos=view.tile_centre_in_view((15, 10)))
    menu = demo_panels.attack_menu.menu
    attack = next(a for a in menu.actions() if a.text().startswith("Attack with the Longsword"))
    attack.trigger()
    new = demo_panels.document.log[before:]
    assert any("Bram" in e.sentence and "Ghoul" in e.sentence for e in new)
    assert any(e.kind == "hit" and e.details for e in new)  # the roll folded into the hit's details
    items = demo_panels.scene.items()
    flashes = [i for i in items if isinstance(i, QGraphicsSimpleTextItem) and i.zValue() == 40]
    # the outcome, then the damage as the ruleset writes it (issue 30 item 1: the ledger's words)
    assert [f.text() for f in flashes] == ["critical success · 1 wound, 2 minor wounds"]
    # issue 30 item 3: "Labels never cover the token they describe, stay inside the view"
    target = demo_panels.scene.grid.tile_rect((15, 10))
    shown = view.mapToScene(view.viewport().rect()).boundingRect()
    assert not flashes[0].sceneBoundingRect().intersects(target)
    assert shown.contains(flashes[0].sceneBoundingRect())
    assert demo_panels.document.undo_stack.undoText().startswith("Attack with the Longsword")
    demo_panels.document.undo_stack.undo()
    assert len(demo_panels.document.log) == before
    demo_panels.document.undo_stack.redo()
    assert len(demo_panels.document.log) > before


def test_without_a_selected_attacker_the_menu_says_so(qtbot, demo_panels):
    menu = AttackMenu(demo_panels.document, demo_panels.scene).build(None, "ogre", demo_panels.host)
    assert "select an attacker first" in menu.actions()[0].text()


def test_an_attack_out_of_turn_is_greyed_out_and_refused_with_the_engines_reason(qtbot, demo_panels):
    """The review: "Impossible actions look available. No menu item is greyed out." An option the
    ruleset says is not legal now is disabled, with "Not now: why" in its line and tooltip."""
    _adjacent(demo_panels)
    menu = demo_panels.attack_menu.build("bram", "ghoul-1", demo_panels.host)
    attack = next(a for a in menu.actions() if a.text().startswith("Attack with"))
    assert not attack.isEnabled()
    assert "Not now: " in attack.text() and attack.toolTip().startswith("Not now: ")
    before = demo_panels.encounter
    option = next(o for o in ask_attack_options(before, "bram", "ghoul-1") if not o.legal)
    reason = demo_panels.attack_menu.try_choose(option)
    assert reason and reason in option.explanation
    assert demo_panels.encounter is before


def test_turn_tracker_next_and_previous_and_the_active_token_ring(qtbot, demo_panels):
    demo_panels.document.dice = ScriptedDice([10] * 60)
    demo_panels.tracker.start_combat()
    first = demo_panels.tracker.active
    assert first is not None and demo_panels.scene.token_items[first].active
    assert "Round 1" in demo_panels.tracker.round_label.text()
    demo_panels.tracker.next_turn()
    second = demo_panels.tracker.active
    assert second != first and demo_panels.scene.token_items[second].active
    assert not demo_panels.scene.token_items[first].active
    demo_panels.tracker.previous_turn()
    assert demo_panels.tracker.active == first


def test_health_bars_appear_in_combat_and_follow_the_wound_ledger(qtbot, demo_panels):
    # Avorkarth: death "at the wound stat"; the bar shows the share of the ledger still free
    from vantage.engine.protocol.commands import ApplyDamage
    from vantage.gui.document import run_command

    assert demo_panels.scene.token_items["ghoul-1"].health is None
    demo_panels.document.dice = ScriptedDice([10] * 60)
    demo_panels.tracker.start_combat()
    assert demo_panels.scene.token_items["ghoul-1"].health == 1.0
    run_command(demo_panels.document, "Hurt the ghoul", ApplyDamage(token="ghoul-1", amount=50))
    assert demo_panels.scene.token_items["ghoul-1"].health == 0.75  # 1 of its 4 wounds


def test_delay_hands_the_turn_on_and_resume_brings_the_token_back(qtbot, demo_panels):
    # Avorkarth: "staying actions and re-entering before a later creature's turn" — the tracker
    # shows exactly the ruleset's turn options: End turn, Stay, and Resume for a stayed token
    demo_panels.document.dice = ScriptedDice([10] * 60)
    tracker = demo_panels.tracker
    tracker.start_combat()
    first = tracker.active
    assert [b.text() for b in tracker.option_buttons] == ["End turn", "Stay"]
    stay = tracker.option_buttons[1]
    stay.click()
    assert tracker.active != first
    assert demo_panels.document.undo_stack.undoText().startswith("Turn: Stay")
    name = demo_panels.encounter.token(first).name
    resume = next(b for b in tracker.option_buttons if b.text() == f"Resume {name}")
    assert resume.isEnabled() and "re-enters" in resume.toolTip()
    resume.click()
    assert tracker.active == first
    assert "re-enters" in demo_panels.document.log[-1].sentence


def _own_actions(menu, name):
    """The menu's lines in the section "<name>'s own actions" (up to the next section, the GM's)."""
    actions = menu.actions()
    start = next(i for i, a in enumerate(actions) if a.isSeparator() and a.text() == f"{name}'s own actions")
    end = next((i for i in range(start + 1, len(actions)) if actions[i].isSeparator()), len(actions))
    return actions[start + 1:end]


def test_right_clicking_a_token_lists_its_own_actions_with_their_legality(qtbot, demo_panels):
    """Avorkarth: "unable to move/attack until they use the standing up action"; a stance is taken
    on the creature's own turn — the ruleset's token_actions, each enabled by its legality."""
    window = demo_panels
    menu = window.attack_menu.build(None, "ilse", window.host)
    (line,) = _own_actions(menu, "Ilse Varn")
    assert not line.isEnabled() and "start combat first" in line.text()  # out of combat: why none
    window.document.dice = ScriptedDice([10] * 60)
    window.tracker.start_combat()
    assert window.tracker.active == "ilse"  # prone Ilse acts first
    own = _own_actions(window.attack_menu.build("ilse", "ilse", window.host), "Ilse Varn")
    labels = [a.text().split("  —  ")[0] for a in own]
    assert labels == ["Stand up", "Defensive stance"] and all(a.isEnabled() for a in own)
    assert "costs 2 of the 7 actions of this turn" in own[0].toolTip()  # swiftness (Agility) 7
    others = _own_actions(window.attack_menu.build("ilse", "bram", window.host), "Bram")
    assert [a.isEnabled() for a in others] == [False]
    assert "Not now: Bram cannot act now: it is Ilse Varn's turn" in others[0].text()
    own[0].trigger()
    assert "prone" not in {c.name for c in window.encounter.token("ilse").conditions}
    assert window.document.undo_stack.undoText() == "Stand up"


def test_skirmish_offers_catching_a_breath(qtbot, skirmish_panels):
    """Skirmish: "catch_breath (major action) regains 1 guard"."""
    from vantage.engine.protocol.commands import ApplyDamage, StartCombat
    from vantage.gui.document import run_command

    window = skirmish_panels
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    run_command(window.document, "Hurt Bram", ApplyDamage(token="bram", amount=2))
    (catch,) = _own_actions(window.attack_menu.build("bram", "bram", window.host), "Bram")
    assert catch.isEnabled() and catch.toolTip() == "Bram spends the major action to regain 1 guard."
    catch.trigger()
    assert [s.text for s in window.scene.token_items["bram"].segments][0] == "guard 2/3"


def test_the_flash_names_the_damage_in_the_rulesets_units():
    """"use the DamageTaken event's text/amount+track instead" of Avorkarth's "minor"."""
    from vantage.engine.protocol.events import DamageTaken, HitResolved
    from vantage.gui.play.attack_menu import result_words

    hit = HitResolved(sentence="Ghoul hits Bram.", attacker="ghoul", target="bram", outcome="hit", margin=3,
                      explanation="")
    events = [hit,
              DamageTaken(sentence="a", token="bram", amount=3, track="guard", text="guard 0/3"),
              DamageTaken(sentence="b", token="bram", amount=2, track="health", text="health 8/10"),
              DamageTaken(sentence="c", token="ghoul", amount=9, track="health")]
    assert result_words(events, "bram") == "hit · 3 guard, 2 health"
    assert result_words(events[1:2], "bram") == "3 guard"
    assert result_words([hit], "bram") == "hit"


def test_a_long_reason_is_cut_in_the_menu_line():
    from vantage.engine.protocol.commands import EndTurn
    from vantage.engine.rules.base import ActionOption
    from vantage.gui.play.attack_menu import REASON_CHARS, option_text

    reason = "the table must answer first — " + "waiting " * 20
    option = ActionOption("Strike", EndTurn(token="bram"), False, reason, {}, (), "Strike: 55% to hit",
                          f"Not now: {reason}")
    text = option_text(option)
    # an option that cannot be taken shows no odds: the label and why not
    assert text.startswith("Strike  —  Not now: the table must answer first")
    assert "55%" not in text
    assert text.endswith("…") and len(text.split("Not now: ")[1]) == REASON_CHARS


def _rules_lines(menu):
    """The menu's lines up to the token's own actions (the attacker's options on the target)."""
    lines = []
    for action in menu.actions():
        if action.isSeparator() and action.text().endswith("own actions"):
            break
        if not action.isSeparator():
            lines.append(action)
    return lines


def test_legal_options_come_first_and_the_rest_are_greyed_without_odds(qtbot, demo_panels):
    """Issue 16 item 9: "Menus list what is legal now first and show the rest greyed with the
    reason (a trip at range is not "70 %")"."""
    e = demo_panels.encounter
    # Bram acts; Ghoul 1 next to him, Ghoul 2 far away
    demo_panels.document.reset(e.with_token(replace(e.token("bram"), position=(14, 10)))
                             .with_token(replace(e.token("ghoul-1"), position=(15, 10))), None)
    _start_combat_with_bram_acting(demo_panels)
    far = demo_panels.attack_menu.build("bram", "ghoul-2", demo_panels.host)
    lines = _rules_lines(far)
    enabled = [a.isEnabled() for a in lines]
    assert enabled == sorted(enabled, reverse=True)  # every legal line before every greyed one
    trip = next(a for a in lines if a.text().startswith("Trip"))
    assert not trip.isEnabled()
    assert trip.text().startswith("Trip  —  Not now: ") and "%" not in trip.text()
    assert "Not now" in trip.toolTip()
    near = _rules_lines(demo_panels.attack_menu.build("bram", "ghoul-1", demo_panels.host))
    assert near[0].isEnabled() and "%" in near[0].text()
    assert all("%" not in a.text() for a in near if not a.isEnabled())
