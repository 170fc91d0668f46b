"""The Decisions panel says what a roll at the table needs (issue 16, item 1): "A table roll opens a
small keyboard-first prompt that says what the roll is for and what it needs ("Bram, hit roll vs
Ghoul 2: 1d20 — 12+ hits")" — the panel, where a roll also waits, shows the same ``needs``.

Skirmish (tests/support): "an attack needs 10 + defence to hit"."""

from __future__ import annotations

from vantage.engine.protocol.commands import SetTableDice, StartCombat
from vantage.engine.rules.asking import ask_attack_options, ask_pending
from vantage.gui.document import run_command


def _strike_at_the_table(window):
    window.commands.set_table_dice(SetTableDice(tokens=("bram",)))
    run_command(window.document, "Start combat", StartCombat(options={"first": "party"}))
    (strike,) = ask_attack_options(window.encounter, "bram", "ghoul")
    window.attack_menu.choose(strike)
    return window.decision_panel


def test_the_hit_roll_shows_what_it_needs_under_the_prompt(skirmish_panels):
    panel = _strike_at_the_table(skirmish_panels)
    (decision,) = ask_pending(skirmish_panels.encounter)
    assert decision.dice is not None
    # Bram's attack 2 against the Ghoul's defence 2: 10 + 2 − 2 = 10, so the d20 needs 10+
    assert decision.dice.needs == "10+ hits"
    assert not panel.needs.isHidden()
    assert panel.needs.text() == "Needs: 10+ hits"
    assert panel.needs.font().bold()
    assert panel.needs.toolTip() == ("What the roll needs, as the ruleset says it: "
                                     "Bram attack on Ghoul: 1d20 — 10+ hits")
    assert panel.prompt.text() == "Roll 1d20 at the table: Bram attack on Ghoul"


def test_a_roll_that_needs_nothing_said_and_a_reaction_show_no_needs_line(qtbot, skirmish_panels):
    """The damage roll after the hit has no target ("empty when the ruleset does not say")."""
    window = skirmish_panels
    panel = _strike_at_the_table(window)
    panel.faces.setText("20")
    assert panel.send_typed_faces()
    (decision,) = ask_pending(window.encounter)
    assert decision.dice is not None and decision.dice.expr == "1d6" and decision.dice.needs == ""
    assert panel.needs.isHidden() and panel.needs.text() == ""
    panel.faces.setText("3")
    assert panel.send_typed_faces()
    assert not ask_pending(window.encounter)
    assert panel.needs.isHidden()
