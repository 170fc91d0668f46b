"""Dice at the table, as the GM window carries them: the prompt bar and the dice box.

A new map or an imported one starts with the party's dice rolled at the table and the GM's by
Vantage (``DEFAULT_TABLE_DICE``, given by the File actions before any command); a file keeps its own
setting — opening a file changes nothing in it, and one without a setting has Vantage roll every die,
as the engine's default says. The "Dice at the table…" dialog changes it.

:func:`attach_table_rolls` is the one hook the GM workspace calls. It

- puts the :class:`~vantage.gui.play.prompt_bar.PromptBar` under the map: it asks for a roll at the
  table (or a reaction, a choice) whenever the engine waits for one, and the GM window's own
  questions, keyboard first, and hands the keys back to the map after;
- adds a "Dice" toolbar with the :class:`~vantage.gui.play.dice_box.DiceBox` and a "Roll dice"
  action (Ctrl+R, in the Combat menu) that puts the focus in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolBar

from vantage.gui.play.dice_box import DiceBox
from vantage.gui.play.prompt_bar import PromptBar
from vantage.gui.workspace import ActionId, GmWorkspace, MenuId, ToolbarId

ROLL_SHORTCUT = "Ctrl+R"
#: How long a sentence of the prompt or the dice box stays in the status bar (ms).
MESSAGE_MS = 8000


@dataclass(frozen=True, eq=False)
class AttachedTableRolls:
    """What :func:`attach_table_rolls` added to a GM workspace."""

    prompt: PromptBar
    dice_box: DiceBox
    toolbar: QToolBar
    roll_action: QAction


class _TableRollsHolder(QObject):
    """Keeps the one :class:`AttachedTableRolls` of a workspace (found again by a second attach)."""

    def __init__(self, attached: AttachedTableRolls, parent: QObject) -> None:
        super().__init__(parent)
        self.attached = attached


def attach_table_rolls(workspace: GmWorkspace) -> AttachedTableRolls:
    """Add the table-roll prompt, the dice box and its Roll dice action to ``workspace``; a
    workspace that has them already gets the same ones back."""
    holder = workspace.findChild(_TableRollsHolder)
    if isinstance(holder, _TableRollsHolder):
        return holder.attached
    host = workspace.host
    prompt = PromptBar(workspace.document, home=workspace.view)
    workspace.add_under_map(prompt)
    prompt.message.connect(lambda text: workspace.say(text, MESSAGE_MS))
    box = DiceBox(workspace.document, host)
    box.message.connect(lambda text: workspace.say(text, MESSAGE_MS))
    toolbar = QToolBar("Dice", host)
    toolbar.addWidget(box)
    workspace.add_toolbar(ToolbarId.DICE, toolbar)  # View ▸ Panels ▸ Dice hides and shows it
    toggle = toolbar.toggleViewAction()
    toggle.setStatusTip("Show or hide the Dice toolbar: the dice box for rolls into the log")
    toggle.setToolTip(toggle.statusTip())
    roll = QAction("&Roll dice…", host)
    roll.setShortcut(QKeySequence(ROLL_SHORTCUT))
    tip = "Put the cursor in the dice box: type a formula (2d6+3) and press Enter to roll it into the log"
    roll.setStatusTip(tip)
    roll.setToolTip(f"{tip} ({ROLL_SHORTCUT})")

    def focus_box() -> None:
        toolbar.show()
        box.field.setFocus()
        box.field.selectAll()

    roll.triggered.connect(focus_box)
    workspace.actions.add_action(ActionId.ROLL_DICE, roll)
    combat = workspace.actions.find_menu(MenuId.COMBAT)
    if combat is not None:
        combat.addAction(roll)
    attached = AttachedTableRolls(prompt, box, toolbar, roll)
    _TableRollsHolder(attached, workspace)
    return attached
