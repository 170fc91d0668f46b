"""The turn order on the projector: a strip along the top of the player window (optional).

It lists the entries of the ruleset's turn order that the players may see — a hidden token's
entry is left out, so the strip never gives an ambush away — with the one acting now
highlighted and the used ones dimmed, and the round (or the side holding the initiative) first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QLabel, QWidget

from vantage.engine.rules.base import TurnInfo

STRIP_HEIGHT_PX = 44


def strip_html(turn: TurnInfo, names: Mapping[str, str], fits: Callable[[str], bool] | None = None) -> str:
    """The strip's text: "Round 2 · Bram › Ghoul 1 › Ilse" with the actor bold and yellow, used
    entries grey; only entries whose token is in ``names`` (the tokens the players see).

    ``fits`` says whether a plain-text line fits the strip; when the whole order does not, entries
    are dropped from the far ends, each end that lost some shown as "…", so the actor and those
    acting next stay in view on a narrow projector."""
    head = turn.round_label or (f"Round {turn.round}" if turn.round is not None else "Combat")
    if turn.side:
        head += f" · {turn.side} holds the initiative"
    shown = [(index, names[e.token], e.done) for index, e in enumerate(turn.entries) if e.token in names]
    first, last = 0, len(shown)
    actor = next((i for i, (index, _, _) in enumerate(shown) if index == turn.current), 0)

    def plain() -> str:
        words = (["…"] if first else []) + [name for _, name, _ in shown[first:last]]
        return f"{head}   " + " › ".join(words + (["…"] if last < len(shown) else []))

    while fits is not None and last - first > 1 and not fits(plain()):
        if actor - first > 1 or (actor - first == 1 and last - actor <= 2):
            first += 1  # drop an entry already behind the actor (keep one before it while we can)
        else:
            last -= 1
    parts = ["…"] if first else []
    for index, name, done in shown[first:last]:
        text = escape(name)
        if index == turn.current:
            text = f"<b><span style='color:#ffd84d'>{text}</span></b>"
        elif done:
            text = f"<span style='color:#8a8a8a'>{text}</span>"
        parts.append(text)
    if last < len(shown):
        parts.append("…")
    return f"<span style='color:#d0d0d0'>{escape(head)}</span> &nbsp; " + " › ".join(parts)


class InitiativeStrip(QLabel):
    """The strip itself: a translucent band over the top of the map; hidden out of combat."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents, True)
        self.setStyleSheet("background: rgba(0, 0, 0, 170); color: #f0f0f0; font-size: 20px; padding: 4px;")
        self._shown: tuple[TurnInfo, Mapping[str, str]] | None = None
        self.hide()

    def show_turn(self, turn: TurnInfo | None, names: Mapping[str, str], wanted: bool) -> None:
        """Show ``turn`` for the tokens in ``names`` when ``wanted`` and in combat; else hide."""
        if not wanted or turn is None:
            self._shown = None
            self.hide()
            return
        self._shown = (turn, dict(names))
        self.place()
        self.show()
        self.raise_()

    def place(self) -> None:
        """Span the top of the window and fit the order to its width (again after each resize)."""
        parent = self.parentWidget()
        if parent is not None:
            self.setGeometry(0, 0, parent.width(), STRIP_HEIGHT_PX)
        shown = self._shown
        if shown is None:
            return
        self.ensurePolished()  # the style sheet's font size, for the metrics
        room = self.contentsRect().width() - 16
        metrics = QFontMetrics(self.font())
        self.setText(strip_html(*shown, lambda text: metrics.horizontalAdvance(text) <= room))
