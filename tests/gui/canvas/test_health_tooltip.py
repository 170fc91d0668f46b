"""A token's health bar explains itself: its tooltip carries the ruleset's health text
(DEVELOPERS: "Every derived number can explain itself (a breakdown the GUI shows in tooltips)")."""

from __future__ import annotations

from vantage_dice import vantage_rolls
from workspaces import following, workspace_on

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import ApplyDamage, StartCombat
from vantage.engine.rules.asking import ask_health
from vantage.engine.rules.base import Health
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters


def test_health_bar_and_tooltip_follow_the_wound_ledger(qtbot) -> None:
    path = sample_encounters()[0]
    encounter = vantage_rolls(load_encounter(path))  # the sample's party rolls at the table
    encounter, _ = apply(encounter, StartCombat(), SeededDice(3))
    encounter, _ = apply(encounter, ApplyDamage("bram", amount=20), SeededDice(3))
    workspace = following(workspace_on(qtbot, encounter, path))
    answer = ask_health(encounter, "bram")
    assert isinstance(answer, Health) and 0 < answer.fraction < 1
    item = workspace.scene.token_items["bram"]
    workspace.document.reset(encounter, path)  # the scene syncs from the document
    assert item.health == answer.fraction
    assert answer.text and answer.text in item.toolTip()
    assert item.toolTip().startswith("Bram (party, medium)")
