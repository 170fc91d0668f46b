"""The Ruleset… dialog (issue item 7): "an encounter can switch ruleset, and Vantage says which stat
blocks do not fit and offers the templates." The demo encounter is Avorkarth's; Skirmish
(tests/support) is the other ruleset, with six templates.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox
from skirmish_ruleset import TEMPLATES, registered
from workspaces import file_actions_on

from vantage.engine.protocol.commands import StartCombat
from vantage.gui.document import run_command
from vantage.gui.gm.ruleset_dialog import KEEP, RulesetDialog, switch_ruleset
from vantage.gui.play.combat_log import CombatLog


@pytest.fixture(autouse=True)
def user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))


@pytest.fixture
def skirmish():
    with registered() as ruleset:
        yield ruleset


def _ok(dialog):
    return dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)


def _template(template_id: str):
    return next(t for t in TEMPLATES if t.id == template_id)


def test_the_dialog_lists_the_misfits_with_their_first_problem_and_offers_templates(qtbot, workspace,
                                                                                   skirmish):
    """"after the switch list the tokens whose stat blocks do not fit the new ruleset (each with its
    first problem) and offer, per token, a template of the new ruleset to give it"."""
    dialog = RulesetDialog(workspace.encounter)
    qtbot.addWidget(dialog)
    assert dialog.ruleset() == "avorkarth" and dialog.misfits == ()
    assert dialog.summary.text() == "Every stat block fits Avorkarth (6 statted tokens)."
    assert not _ok(dialog).isEnabled()  # nothing to do yet
    assert dialog.ruleset_box.select("skirmish")
    names = [dialog.table.item(r, 0).text() for r in range(dialog.table.rowCount())]
    assert names == ["Bram", "Ilse Varn", "Ghoul 1", "Ghoul 2", "Ogre", "Mule"]
    assert dialog.table.item(0, 1).text() == "stats.health: is missing"
    assert dialog.summary.text().startswith("6 of 6 stat blocks do not fit Skirmish.")
    box = dialog.template_boxes["bram"]
    assert [box.itemText(i) for i in range(box.count())] == [
        KEEP, "Goblin (small)", "Wolf (medium)", "Knight (medium)", "Archer (medium)", "Troll (large)",
        "Giant rat (small)"]
    assert box.currentText() == KEEP
    assert dialog.combat_warning.isHidden()  # no combat in progress
    assert _ok(dialog).text() == "Switch to Skirmish"


def test_switching_gives_the_templates_in_one_undo_step(qtbot, workspace, skirmish):
    """"sent as token edits — one undo step for the whole switch"."""
    document = workspace.document
    files = file_actions_on(workspace)
    log_panel = CombatLog(document)
    qtbot.addWidget(log_panel)
    before = document.encounter

    def answer(dialog) -> bool:
        qtbot.addWidget(dialog)
        dialog.ruleset_box.select("skirmish")
        dialog.template_boxes["bram"].setCurrentText("Knight (medium)")
        dialog.template_boxes["ogre"].setCurrentText("Troll (large)")
        return True

    said = []
    files.message.connect(said.append)
    files.confirm_ruleset = answer
    assert files.switch_ruleset() is True
    after = document.encounter
    assert after.ruleset == "skirmish"
    assert dict(after.token("bram").stats) == dict(_template("knight").stats)
    ogre = after.token("ogre")
    assert dict(ogre.stats) == dict(_template("troll").stats) and ogre.size.value == "large"
    assert dict(after.token("mule").stats) == dict(before.token("mule").stats)  # kept
    assert document.undo_stack.count() == 1 and document.undo_stack.text(0) == "Switch to Skirmish"
    assert said[-1] == ("Played by Skirmish; templates given to Bram, Ogre; 4 stat blocks still do not "
                        "fit (Ilse Varn, Ghoul 1, Ghoul 2, Mule): fix them in the Token panel.")
    assert log_panel.model.text_at(0).startswith(
        "The GM switches the ruleset from Avorkarth to Skirmish")
    document.undo_stack.undo()
    assert document.encounter == before


def test_a_combat_in_progress_is_warned_of_and_ended(qtbot, workspace, skirmish):
    """"warn that a combat in progress ends"; "switching clears the combat state"."""
    run_command(workspace.document, "Start combat", StartCombat())
    assert workspace.encounter.combat
    dialog = RulesetDialog(workspace.encounter)
    qtbot.addWidget(dialog)
    assert dialog.combat_warning.isHidden()  # staying with Avorkarth ends nothing
    dialog.ruleset_box.select("skirmish")
    assert not dialog.combat_warning.isHidden()
    assert "switching ends it" in dialog.combat_warning.text()
    switch_ruleset(workspace.document, "skirmish", {})
    assert dict(workspace.encounter.combat) == {}


def test_a_template_without_room_where_the_token_stands_keeps_the_dialog_open(qtbot, workspace, skirmish):
    from dataclasses import replace

    corner = replace(workspace.encounter.token("mule"), position=(23, 15))  # the demo map is 24 × 16
    workspace.document.reset(workspace.encounter.with_token(corner), None)
    before = workspace.encounter
    dialog = RulesetDialog(before)
    qtbot.addWidget(dialog)
    dialog.ruleset_box.select("skirmish")
    dialog.template_boxes["mule"].setCurrentText("Troll (large)")
    dialog.accept()
    assert dialog.result() != dialog.DialogCode.Accepted
    assert dialog.refusal.text() == "This cannot be done: Mule as large does not fit on the map at (23, 15)"
    assert switch_ruleset(workspace.document, "skirmish", dialog.templates()).startswith("Nothing changed:")
    assert workspace.encounter is before


def test_a_template_named_like_the_token_is_picked_already(qtbot, skirmish):
    from skirmish_ruleset import skirmish_encounter, skirmisher

    from vantage.engine.model import Token

    encounter = skirmish_encounter(Token("wolf-2", "Wolf", (1, 1), stats={"health": 99}),
                                   skirmisher("bob", (3, 3), "party"))
    dialog = RulesetDialog(encounter)
    qtbot.addWidget(dialog)
    assert list(dialog.template_boxes) == ["wolf-2"]  # Bob fits
    assert dialog.template_boxes["wolf-2"].currentText() == "Wolf (medium)"
    assert _ok(dialog).text() == "Give the templates"


def test_render_the_dialog(qtbot, workspace, skirmish, tmp_path):
    run_command(workspace.document, "Start combat", StartCombat())
    dialog = RulesetDialog(workspace.encounter)
    qtbot.addWidget(dialog)
    dialog.ruleset_box.select("skirmish")
    dialog.template_boxes["ogre"].setCurrentText("Troll (large)")
    dialog.show()
    qtbot.waitExposed(dialog)
    assert dialog.grab().save(str(tmp_path / "ruleset-dialog.png"))
