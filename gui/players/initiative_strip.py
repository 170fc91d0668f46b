"""The turn order on the projector: a strip along the top of the player window (optional).

It lists the entries of the ruleset's turn order that the players may see — a hidden token's
entry is left out, so the strip never gives an ambush away — with the one acting now
highlighted and the used ones dimmed, and the round (or the side holding the initiative) first.
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from vantage.engine.rules.base import TurnInfo

STRIP_HEIGHT_PX = 44


def strip_html(turn: TurnInfo, names: Mapping[str, str]) -> str:
    """The strip's text: "Round 2 · Bram › Ghoul 1 › Ilse" with the actor bold and yellow, used
    entries grey; only entries whose token is in ``names`` (the tokens the players see)."""
    head = turn.round_label or (f"Round {turn.round}" if turn.round is not None else "Combat")
    if turn.side:
        head += f" · {escape(turn.side)} holds the initiative"
    parts = []
    for index, entry in enumerate(turn.entries):
        name = names.get(entry.token)
        if name is None:
            continue
        text = escape(name)
        if index == turn.current:
            text = f"<b><span style='color:#ffd84d'>{text}</span></b>"
        elif entry.done:
            text = f"<span style='color:#8a8a8a'>{text}</span>"
        parts.append(text)
    return f"<span style='color:#d0d0d0'>{escape(head)}</span> &nbsp; " + " › ".join(parts)


class InitiativeStrip(QLabel):
    """The strip itself: a translucent band over the top of the map; hidden out of combat."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setStyleSheet("background: rgba(0, 0, 0, 170); color: #f0f0f0; font-size: 20px; padding: 4px;")
        self.hide()

    def show_turn(self, turn: TurnInfo | None, names: Mapping[str, str], wanted: bool) -> None:
        """Show ``turn`` for the tokens in ``names`` when ``wanted`` and in combat; else hide."""
        if not wanted or turn is None:
            self.hide()
            return
        self.setText(strip_html(turn, names))
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(0, 0, parent.width(), STRIP_HEIGHT_PX)
