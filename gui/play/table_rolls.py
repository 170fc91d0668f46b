"""Dice at the table, as the GM window carries them: the table-roll prompt and the dice box.

A new map or an imported one starts with the party's dice rolled at the table and the GM's by
Vantage (``DEFAULT_TABLE_DICE``, given by the File actions before any command); a file keeps its own
setting — opening a file changes nothing in it, and one without a setting has Vantage roll every die,
as the engine's default says. The "Dice at the table…" dialog changes it.

:func:`attach_table_rolls` is the one hook the GM window calls. It

- opens the :class:`~vantage.gui.play.table_roll_prompt.TableRollPrompt` whenever the engine waits
  for a roll at the table;
- adds a "Dice" toolbar with the :class:`~vantage.gui.play.dice_box.DiceBox` and a "Roll dice"
  action (Ctrl+R, in the Combat menu) that puts the focus in it.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from vantage.gui.document import EncounterDocument
from vantage.gui.play.dice_box import DiceBox
from vantage.gui.play.table_roll_prompt import TableRollPrompt

ROLL_SHORTCUT = "Ctrl+R"


@dataclass(frozen=True, eq=False)
class AttachedTableRolls:
    """What :func:`attach_table_rolls` added to a GM window."""

    prompt: TableRollPrompt
    dice_box: DiceBox
    toolbar: QToolBar
    roll_action: QAction


def _combat_menu(window: QMainWindow) -> QMenu | None:
    for action in window.menuBar().actions():
        if action.text().replace("&", "") == "Combat":
            return action.menu()
    return None


def attach_table_rolls(window: QMainWindow) -> AttachedTableRolls:
    """Add the table-roll prompt, the dice box and the table-dice default to ``window`` (a GM
    window: it has a ``document``); a window that has them already gets the same ones back."""
    attached = getattr(window, "_table_rolls", None)
    if isinstance(attached, AttachedTableRolls):
        return attached
    document: EncounterDocument = window.document  # type: ignore[attr-defined]
    status = window.statusBar()
    prompt = TableRollPrompt(document, window)
    prompt.message.connect(lambda text: status.showMessage(text, 8000))
    box = DiceBox(document, window)
    box.message.connect(lambda text: status.showMessage(text, 8000))
    toolbar = QToolBar("Dice", window)
    toolbar.setObjectName("dice-toolbar")
    toolbar.addWidget(box)
    window.addToolBar(toolbar)
    roll = QAction("&Roll dice…", window)
    roll.setShortcut(QKeySequence(ROLL_SHORTCUT))
    tip = "Put the cursor in the dice box: type a formula (2d6+3) and press Enter to roll it into the log"
    roll.setStatusTip(tip)
    roll.setToolTip(f"{tip} ({ROLL_SHORTCUT})")

    def focus_box() -> None:
        toolbar.show()
        box.field.setFocus()
        box.field.selectAll()

    roll.triggered.connect(focus_box)
    menu = _combat_menu(window)
    if menu is not None:
        menu.addAction(roll)
    else:
        window.addAction(roll)
    attached = AttachedTableRolls(prompt, box, toolbar, roll)
    window._table_rolls = attached  # type: ignore[attr-defined]
    return attached
