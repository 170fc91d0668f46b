"""Damage and healing by hand, in the ruleset's own tracks, from the token's menu and panel; each
one logged and undoable. Issue 16, item 3: "Damage, healing and conditions by hand, in the
ruleset's own tracks, from the token's context menu and panel, each one logged and undoable.\""""

from __future__ import annotations

from PySide6.QtCore import Qt

from vantage.engine.dice import ScriptedDice
from vantage.engine.rules.asking import ask_health
from vantage.gui.play.damage_dialog import DamageDialog


def _in_combat(window):
    window.document.dice = ScriptedDice([10] * 60)
    window.tracker.start_combat()


def _menu_action(window, token_id: str, text: str):
    menu = window.attack_menu.build(None, token_id, window.view)
    (action,) = [a for a in menu.actions() if a.text() == text]
    return action


def test_the_menu_opens_damage_on_the_rulesets_tracks_and_enter_applies_it(qtbot, demo_panels):
    _in_combat(demo_panels)
    _menu_action(demo_panels, "ghoul-1", "Damage…").trigger()
    (dialog,) = [d for d in demo_panels.host.findChildren(DamageDialog) if d.isVisible()]
    # Avorkarth's tracks, in its own unit, the first (lethal) chosen
    assert [dialog.track.itemText(i) for i in range(dialog.track.count())] == [
        "Lethal (minor wounds)", "Non-lethal (minor wounds)"]
    before = ask_health(demo_panels.document.encounter, "ghoul-1").fraction
    dialog.amount.setValue(50)  # a wound
    qtbot.keyClick(dialog.amount, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert ask_health(demo_panels.document.encounter, "ghoul-1").fraction < before
    assert demo_panels.document.log[-1].sentence.startswith("Ghoul 1")
    assert demo_panels.document.undo_stack.undoText() == "Damage Ghoul 1"
    demo_panels.document.undo_stack.undo()
    assert ask_health(demo_panels.document.encounter, "ghoul-1").fraction == before


def test_healing_from_the_token_panel(qtbot, demo_panels):
    _in_combat(demo_panels)
    damage = DamageDialog(demo_panels.document, "bram")
    damage.amount.setValue(20)
    damage.apply()
    hurt = ask_health(demo_panels.document.encounter, "bram").fraction
    demo_panels.token_panel.show_token("bram")
    dialog = demo_panels.token_panel.open_damage_dialog(healing=True)
    assert dialog.windowTitle() == "Heal Bram" and not dialog.damage_kind.isVisible()
    dialog.amount.setValue(20)
    dialog.apply()
    assert ask_health(demo_panels.document.encounter, "bram").fraction > hurt
    assert "healed" in demo_panels.document.log[-1].sentence


def test_a_refusal_is_shown_in_the_dialog_which_stays_open(qtbot, demo_panels):
    _in_combat(demo_panels)
    dialog = DamageDialog(demo_panels.document, "ghoul-1")
    dialog.show()
    dialog.track.addItem("Sanity (points)", "sanity")  # a track Avorkarth does not have
    dialog.track.setCurrentIndex(dialog.track.count() - 1)
    before = demo_panels.document.encounter
    dialog.apply()
    assert dialog.isVisible() and dialog.error.isVisible()
    assert "no track 'sanity'" in dialog.error.text()
    assert demo_panels.document.encounter is before
