"""The turn tracker: the ruleset's turn model — the round, the side holding the initiative, the
entries of the order (the current one highlighted), what is left of the actor's budget — and one
button for each of the ruleset's turn options (end turn, stay, resume, pass to X …), exactly as
``turn_options`` lists them: a refused option is greyed out with its reason as the tooltip.

"Start combat" sends ``StartCombat``; "Previous turn" steps the undo history back to before the
last turn change (nothing is re-rolled).

The order can be edited by hand while the combat runs, as the ruleset allows it
(``ask_turn_order_edits``): drag an entry to another place, or select it and press Move up / Move
down (Alt+Up / Alt+Down while the tracker has the focus); "Add to combat" lists the tokens on the
map that are not in the combat; "Remove from combat" takes the selected entry's token out of it
(it stays on the map). What the ruleset refuses is greyed, its reason in the tooltip (Baton has
no per-token order to rearrange). Each edit is one undo step and a line in the log.
:func:`attach_turn_order_menu` adds "Add to combat" / "Remove from combat" to a token's
right-click menu.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QDropEvent, QFont, QKeySequence, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_pending, ask_turn, ask_turn_options, ask_turn_order_edits
from vantage.engine.rules.base import ActionOption, TurnEntry, TurnInfo, TurnOrderEdits
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.play.steady_label import SteadyLabel
from vantage.gui.workspace import GmWorkspace

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command

#: Undo steps of turn changes are named "Turn: <option>" (the document records them for "Previous turn").
TURN_PREFIX = "Turn"
START_COMBAT = "Start combat"
END_COMBAT = "End combat"
_OPTION_COLUMNS = 3
MOVE_UP = "Move up"
MOVE_DOWN = "Move down"
ADD_TO_COMBAT = "Add to combat"
REMOVE_FROM_COMBAT = "Remove from combat"
MOVE_UP_SHORTCUT = "Alt+Up"
MOVE_DOWN_SHORTCUT = "Alt+Down"
#: the role of an entry's flag "may be dragged to another place"
_MOVABLE = Qt.ItemDataRole.UserRole + 1


def current_turn(document: EncounterDocument) -> TurnInfo | None:
    return ask_turn(document.encounter)


class EngineAnswers:
    """The engine's answers about the few encounters shown last (the current one, and those an undo
    or redo brings back): the turn, its options and the order edits, each asked once per encounter.
    The answers are pure functions of the (immutable) encounter; at most :attr:`KEPT` encounters
    are remembered, the oldest forgotten first."""

    KEPT = 8

    def __init__(self) -> None:
        self._answers: dict[int, tuple[Encounter, dict[tuple[object, ...], object]]] = {}

    def _for(self, encounter: Encounter) -> dict[tuple[object, ...], object]:
        known = self._answers.get(id(encounter))
        if known is not None and known[0] is encounter:
            return known[1]
        if len(self._answers) >= self.KEPT:
            del self._answers[next(iter(self._answers))]
        answers: dict[tuple[object, ...], object] = {}
        self._answers[id(encounter)] = (encounter, answers)
        return answers

    def turn(self, encounter: Encounter) -> TurnInfo | None:
        answers = self._for(encounter)
        if ("turn",) not in answers:
            answers[("turn",)] = ask_turn(encounter)
        return answers[("turn",)]  # type: ignore[return-value]

    def turn_options(self, encounter: Encounter) -> tuple[ActionOption, ...]:
        answers = self._for(encounter)
        if ("options",) not in answers:
            answers[("options",)] = tuple(ask_turn_options(encounter))
        return answers[("options",)]  # type: ignore[return-value]

    def order_edits(self, encounter: Encounter, token: str | None = None) -> TurnOrderEdits:
        answers = self._for(encounter)
        key = ("edits", token)
        if key not in answers:
            answers[key] = ask_turn_order_edits(encounter, token)
        return answers[key]  # type: ignore[return-value]


def turn_text(turn: TurnInfo, names: dict[str, str]) -> str:
    """``"Round 2 · Bram acts · party holds the initiative · actions 6/10, move action 1/1"``."""
    parts = [turn.round_label or (f"Round {turn.round}" if turn.round is not None else "Combat")]
    parts.append(f"{names.get(turn.actor, turn.actor)} acts" if turn.actor else "no one acts")
    if turn.side:
        parts.append(f"{turn.side} holds the initiative")
    if turn.slots:
        parts.append(", ".join(f"{s.name} {s.left}/{s.total}" for s in turn.slots))
    if turn.waiting_on:
        parts.append(f"waiting for {names.get(turn.waiting_on, turn.waiting_on)}")
    return " · ".join(parts)


def entry_text(entry: TurnEntry, names: dict[str, str]) -> str:
    """``"Bram  (initiative 5)"``, ``"Ilse Varn  (extra turn, initiative 3)"``, ``"Ghoul  (enemy)"``."""
    details = [] if entry.label == "turn" else [entry.label]
    if entry.score is not None:
        details.append(f"initiative {entry.score}")
    name = names.get(entry.token, entry.token)
    return f"{name}  ({', '.join(details)})" if details else name


def undo_name(command: Command, names: dict[str, str]) -> str:
    """The undo step of a turn-order edit: "Add Ogre to combat", "Move Bram in the turn order"."""
    from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat
    name = names.get(getattr(command, "token", ""), getattr(command, "token", ""))
    if isinstance(command, JoinCombat):
        return f"Add {name} to combat"
    if isinstance(command, LeaveCombat):
        return f"Remove {name} from combat"
    return f"Move {name} in the turn order"


@dataclass(frozen=True)
class _OrderRow:
    """One entry of the order as the list shows it."""

    text: str
    token: str
    movable: bool
    current: bool
    done: bool


class OrderList(QListWidget):
    """The turn order; an entry that may move can be dragged to another place. The drop moves
    nothing itself: it asks (``drop_requested``: the entry's row and its new place) and the
    engine's answer redraws the list."""

    drop_requested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)

    def place_at(self, point: QPoint) -> int:
        """The place a drop at ``point`` (viewport coordinates) puts an entry before."""
        item = self.itemAt(point)
        if item is None:
            return self.count()
        row = self.row(item)
        return row + 1 if point.y() > self.visualItemRect(item).center().y() else row

    def dropEvent(self, event: QDropEvent) -> None:  # noqa: N802 (Qt's name)
        source = self.currentRow()
        before = self.place_at(event.position().toPoint())
        event.setDropAction(Qt.DropAction.IgnoreAction)
        event.accept()
        if source < 0:
            return
        to = before if before <= source else before - 1
        if to != source:
            self.drop_requested.emit(source, to)


class TurnTracker(QWidget):
    """Round, order, active token and the ruleset's turn options; ``message`` carries refusals to
    the status bar."""

    message = Signal(str)
    active_changed = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document = document
        # word-wrapped lines that change with most commands: a text of the same size lays out nothing
        self.round_label = SteadyLabel()
        self.note_label = SteadyLabel()
        self.order_list = OrderList()
        self.order_list.setToolTip("The turn order; the entry acting now is highlighted, used ones greyed. "
                                   "Drag a turn yet to begin to another place")
        # short labels, one row under the order (the dock is narrow); the tooltips say it all
        self.up_button = QPushButton("▲ Up")
        self.down_button = QPushButton("▼ Down")
        self.remove_button = QPushButton("Remove")
        self.add_button = QToolButton()
        self.add_button.setText("Add")
        self.add_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        for button, name in ((self.up_button, MOVE_UP), (self.down_button, MOVE_DOWN),
                             (self.remove_button, REMOVE_FROM_COMBAT), (self.add_button, ADD_TO_COMBAT)):
            button.setAccessibleName(name)
        self.add_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        self.add_menu = QMenu(self.add_button)
        self.add_menu.setToolTipsVisible(True)
        self.add_button.setMenu(self.add_menu)
        self.add_menu.aboutToShow.connect(self._fill_add_menu)
        #: the edits of the selected entry's token, as the ruleset answers them now
        self.edits: dict[str, ActionOption] = {}
        self.moves: list[ActionOption] = []
        self.selected_token: str | None = None
        self.start_button = QPushButton(START_COMBAT)
        self.start_button.setToolTip("Roll initiative for every token with a stat block")
        self.previous_button = QPushButton("Previous turn")
        self.previous_button.setToolTip("Step back to before the last turn change (undo)")
        self.option_buttons: list[QPushButton] = []
        self.options: tuple[ActionOption, ...] = ()
        top = QHBoxLayout()
        top.addWidget(self.start_button)
        top.addWidget(self.previous_button)
        self.options_grid = QGridLayout()  # rows of three: narrow enough for a 1280-pixel laptop
        layout = QVBoxLayout(self)
        layout.addWidget(self.round_label)
        layout.addWidget(self.note_label)
        layout.addWidget(self.order_list)
        edits = QHBoxLayout()
        for button in (self.up_button, self.down_button, self.add_button, self.remove_button):
            edits.addWidget(button)
        layout.addLayout(edits)
        layout.addLayout(top)
        layout.addLayout(self.options_grid)
        self.start_button.clicked.connect(self.start_combat)
        self.previous_button.clicked.connect(self.previous_turn)
        self.up_button.clicked.connect(lambda: self.send_edit("move", -1))
        self.down_button.clicked.connect(lambda: self.send_edit("move", 1))
        self.remove_button.clicked.connect(lambda: self.send_edit("remove"))
        self.order_list.currentItemChanged.connect(lambda *_: self._selection_changed())
        self.order_list.drop_requested.connect(self._dropped)
        self.shortcuts = []
        for keys, step in ((MOVE_UP_SHORTCUT, -1), (MOVE_DOWN_SHORTCUT, 1)):
            shortcut = QShortcut(QKeySequence(keys), self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(lambda s=step: self.send_edit("move", s))
            self.shortcuts.append(shortcut)
        #: the engine's answers for the encounters shown last (an undo brings one back)
        self.answers = EngineAnswers()
        #: the order's rows as the list shows them
        self._rows: tuple[_OrderRow, ...] = ()
        document.changed.connect(self.refresh)
        self.active: str | None = None
        #: the tracker was off screen when the encounter changed: it draws it when shown
        self.stale = False
        #: asks the GM before the combat ends (the window's prompt bar); None: ends at once
        self.ask_before_ending: Callable[[], None] | None = None
        self.refresh()

    # -- drawing ----------------------------------------------------------------------------
    def off_screen(self) -> bool:
        """Whether the tracker is hidden inside a window that is shown (its dock closed or behind
        another tab): then it follows the acting token but asks the turn options and the order
        edits (each runs commands through the engine) when it is shown again."""
        window = self.window()
        return window is not self and window.isVisible() and not self.isVisible()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        if self.stale:  # before the first paint: the tracker never shows an earlier turn
            self.refresh()
        super().showEvent(event)

    def refresh(self) -> None:
        encounter = self.document.encounter
        turn = self.answers.turn(encounter)
        if self.off_screen():
            self.stale = True
            self._set_active(None if turn is None else turn.actor)
            return
        self.stale = False
        names = {t.id: t.name or t.id for t in encounter.tokens}
        self.start_button.setEnabled(turn is None)
        self.previous_button.setEnabled(self._last_turn_change() is not None)
        self._show_options(self.answers.turn_options(encounter) if turn is not None else ())
        if turn is None:
            self._show_rows(())
            self.round_label.setText("Not in combat")
            self.note_label.setVisible(False)
            self._set_active(None)
            self.document.after_change(self._show_edits)
            return
        self.round_label.setText(turn_text(turn, names))
        self.note_label.setText(turn.note)
        self.note_label.setVisible(bool(turn.note))
        reorder = self.answers.order_edits(encounter).reorder
        movable = set() if reorder else set(_next_to_begin(turn).values())
        self._show_rows(tuple(_OrderRow(entry_text(entry, names), entry.token, index in movable,
                                        index == turn.current, entry.done)
                              for index, entry in enumerate(turn.entries)))
        self._set_active(turn.actor)
        self.document.after_change(self._show_edits)

    def _show_rows(self, rows: tuple[_OrderRow, ...]) -> None:
        """The order as ``rows``; the list is rebuilt only when they differ from those shown (most
        commands change no entry of the order). The selected token's entry is selected."""
        self.order_list.blockSignals(True)
        if self.order_list.count() != len(self._rows):
            self._rows = ()  # drawn by someone else: drawn anew
        if rows != self._rows:
            shown_rows: Sequence[_OrderRow | None] = self._rows
            if len(rows) != len(self._rows):
                self.order_list.clear()
                for _row in rows:
                    self.order_list.addItem(QListWidgetItem())
                shown_rows = (None,) * len(rows)
            for index, (row, shown) in enumerate(zip(rows, shown_rows, strict=True)):
                if row != shown:  # a turn change changes two or three entries: the others stay
                    _draw_entry(self.order_list.item(index), row)
            self._rows = rows
        selected_row = _entry_of(rows, self.selected_token)
        if selected_row != self.order_list.currentRow():
            self.order_list.setCurrentRow(selected_row)
        self.order_list.blockSignals(False)

    def select_token(self, token_id: str | None) -> None:
        """Select ``token_id``'s entry (:func:`_entry_of`), as when the GM selects the token on the
        map; the edit buttons then act on it."""
        self.selected_token = token_id
        self.order_list.blockSignals(True)
        self.order_list.setCurrentRow(_entry_of(self._rows, token_id))
        self.order_list.blockSignals(False)
        self.document.after_change(self._show_edits)

    def _selection_changed(self) -> None:
        item = self.order_list.currentItem()
        self.selected_token = None if item is None else str(item.data(Qt.ItemDataRole.UserRole))
        self._show_edits()

    def _show_edits(self) -> None:
        """Move up, Move down and Remove for the selected entry's token, as the ruleset answers
        (when shown: see :meth:`off_screen`)."""
        if self.off_screen():
            self.stale = True
            return
        self._draw_edits()

    def _draw_edits(self) -> None:
        encounter = self.document.encounter
        token = self.selected_token if any(t.id == self.selected_token for t in encounter.tokens) else None
        answer = self.answers.order_edits(encounter, token)
        self.edits, self.moves = order_edit_options(answer)
        running = self.answers.turn(encounter) is not None
        idle = ("Select a turn in the order first" if running
                else "Not in combat: Start combat takes every token with a stat block")
        pairs = ((self.up_button, MOVE_UP, MOVE_UP_SHORTCUT),
                 (self.down_button, MOVE_DOWN, MOVE_DOWN_SHORTCUT))
        for k, (button, label, keys) in enumerate(pairs):
            option = self.moves[k] if len(self.moves) == 2 else None
            button.setEnabled(bool(option and option.legal))
            why = option.explanation if option else (answer.reorder if running and answer.reorder else idle)
            note = f" — {answer.note}" if answer.note and option and option.legal else ""
            button.setToolTip(f"{label} ({keys}): {why}{note}")
        leave = self.edits.get("remove")
        self.remove_button.setEnabled(bool(leave and leave.legal))
        self.remove_button.setToolTip(f"{REMOVE_FROM_COMBAT}: {leave.explanation if leave else idle}")
        self.add_button.setEnabled(running)
        self.add_button.setToolTip(f"{ADD_TO_COMBAT}: " + ("a token on the map that is not in the combat"
                                                            if running else idle))
        self.order_list.setDragEnabled(running and not answer.reorder)

    def _fill_add_menu(self) -> None:
        """One entry per token on the map that is not in the combat, greyed with the reason."""
        self.add_menu.clear()
        encounter = self.document.encounter
        offered = 0
        for token in encounter.tokens:
            answer = self.answers.order_edits(encounter, token.id)
            if answer.in_combat or not answer.options:
                continue
            option = answer.options[0]
            action = self.add_menu.addAction(token.name or token.id)
            action.setEnabled(option.legal)
            action.setToolTip(option.explanation or option.summary)
            action.triggered.connect(lambda _=False, o=option: self.send_option(o))
            offered += 1
        if not offered:
            empty = self.add_menu.addAction("Every token on the map is in the combat")
            empty.setEnabled(False)

    def _dropped(self, row: int, to: int) -> None:
        """A drag put the entry at ``row`` at place ``to``: ask the engine (deferred: the drop is
        still being delivered), and draw its answer."""
        item = self.order_list.item(row)
        if item is None:
            return
        token = str(item.data(Qt.ItemDataRole.UserRole))
        QTimer.singleShot(0, lambda: self._send_move(token, to))

    def _send_move(self, token: str, to: int) -> None:
        from vantage.engine.protocol.turn_order_commands import MoveInTurnOrder
        self.selected_token = token
        if not self.send_command(MoveInTurnOrder(token=token, to=to), "Move in the turn order"):
            self.refresh()

    def send_edit(self, kind: str, step: int = 0) -> None:
        """Move the selected entry up (``"move"``, ``step`` −1) or down (1), or remove its token
        (``"remove"``)."""
        self._draw_edits()
        if kind == "move":
            option = (self.moves[0] if step < 0 else self.moves[1]) if len(self.moves) == 2 else None
        else:
            option = self.edits.get(kind)
        if option is None:
            self.message.emit("Select a turn in the order first")
            return
        if not option.legal:
            self.message.emit(f"{option.label}: {option.reason}")
            return
        self.send_option(option)

    def send_option(self, option: ActionOption) -> bool:
        return self.send_command(option.command, option.label)

    def send_command(self, command: Command, label: str) -> bool:
        """Send a turn-order edit as one undo step; its first line (or refusal) to the status bar."""
        names = {t.id: t.name or t.id for t in self.document.encounter.tokens}
        try:
            events = run_command(self.document, undo_name(command, names), command)
        except CommandRejected as refused:
            self.message.emit(f"{label}: {refused.reason}")
            return False
        if events:
            self.message.emit(events[0].sentence)
        return True

    def _show_options(self, options: Sequence[ActionOption]) -> None:
        """One button per option, in rows of three. The buttons shown stay and take the new
        options' labels, states and tooltips (a turn change changes the options, seldom their
        number): only buttons beyond the new count go, and missing ones are made. A button sends
        the option it shows now."""
        if tuple(options) == self.options and len(self.option_buttons) == len(options):
            return
        self.options = tuple(options)
        while len(self.option_buttons) > len(self.options):
            button = self.option_buttons.pop()
            self.options_grid.removeWidget(button)
            button.deleteLater()
        for i, option in enumerate(self.options):
            if i < len(self.option_buttons):
                button = self.option_buttons[i]
                if button.text() != option.label:
                    button.setText(option.label)
            else:
                button = QPushButton(option.label)
                button.clicked.connect(lambda _=False, index=i: self._option_clicked(index))
                self.options_grid.addWidget(button, i // _OPTION_COLUMNS, i % _OPTION_COLUMNS)
                self.option_buttons.append(button)
            button.setEnabled(option.legal)
            tip = option.explanation or option.summary
            if button.toolTip() != tip:
                button.setToolTip(tip)

    def _option_clicked(self, index: int) -> None:
        if index < len(self.options):
            self.send(self.options[index])

    def _set_active(self, token_id: str | None) -> None:
        if token_id != self.active:
            self.active = token_id
            self.active_changed.emit(token_id)

    # -- sending ----------------------------------------------------------------------------
    def send(self, option: ActionOption) -> None:
        """Send one turn option's command (its refusal goes to the status bar).

        Right after "Previous turn", the same option redoes the turn change that was stepped back
        over instead of sending it again: nothing is rolled twice. A turn change that waited for
        the table (a die rolled there) is redone with the answers given then."""
        name = f"{TURN_PREFIX}: {option.label}"
        stack = self.document.undo_stack
        if stack.canRedo() and stack.text(stack.index()) == name:
            stack.redo()
            while stack.canRedo() and ask_pending(self.document.encounter):
                stack.redo()  # while the engine waits, the next step is its answer
            return
        try:
            run_command(self.document, name, option.command, turn_change=True)
        except CommandRejected as refused:
            self.message.emit(f"{option.label}: {refused.reason}")

    def start_combat(self) -> None:
        from vantage.engine.protocol.commands import StartCombat
        try:
            run_command(self.document, START_COMBAT, StartCombat(), turn_change=True)
        except CommandRejected as refused:
            self.message.emit(f"Cannot start combat: {refused.reason}")

    def request_end_combat(self) -> None:
        """Combat ▸ End combat: ask first when the window can ask (``ask_before_ending``), else end."""
        if self.ask_before_ending is not None:
            self.ask_before_ending()
        else:
            self.end_combat()

    def end_combat(self) -> None:
        """The fight is over: the turn order goes, what the creatures suffered stays (undoable)."""
        from vantage.engine.protocol.commands import EndCombat
        try:
            events = run_command(self.document, END_COMBAT, EndCombat())
        except CommandRejected as refused:
            self.message.emit(f"Cannot end combat: {refused.reason}")
            return
        if events:
            self.message.emit(events[-1].sentence)

    def next_turn(self) -> None:
        """The first turn option that may be taken now (N): end the turn, or pass the initiative."""
        encounter = self.document.encounter
        options = self.answers.turn_options(encounter) if self.answers.turn(encounter) else ()
        chosen = next((o for o in options if o.legal), None)
        if chosen is None:
            reason = next((o.reason for o in options), "") or "no one is acting"
            self.message.emit(f"No turn to end now: {reason}")
            return
        self.send(chosen)

    def _last_turn_change(self) -> int | None:
        """Recorded by the document with the step (constant time: the history is not read)."""
        return self.document.last_turn_change

    def previous_turn(self) -> None:
        index = self._last_turn_change()
        if index is not None:
            self.document.undo_stack.setIndex(index)


def _draw_entry(item: QListWidgetItem, row: _OrderRow) -> None:
    """Make ``item`` show ``row``: its text, token, whether it may be dragged, and the highlight
    of the entry acting now (bold on yellow) or the grey of a used one (neither: the list's own)."""
    item.setText(row.text)
    item.setData(Qt.ItemDataRole.UserRole, row.token)
    item.setData(_MOVABLE, row.movable)
    flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
    if row.movable:
        flags |= Qt.ItemFlag.ItemIsDragEnabled
    item.setFlags(flags)
    bold = None
    if row.current:
        bold = QFont()
        bold.setBold(True)
    item.setData(Qt.ItemDataRole.FontRole, bold)
    item.setData(Qt.ItemDataRole.BackgroundRole, QBrush(QColor("#ffe680")) if row.current else None)
    item.setData(Qt.ItemDataRole.ForegroundRole,
                 QBrush(QColor("#888888")) if row.done and not row.current else None)


def _entry_of(rows: Sequence[_OrderRow], token_id: str | None) -> int:
    """The row selected for ``token_id``: the entry acting now when it is the token's (the
    highlighted one: one row highlighted, not that and the token's next turn too), else its turn
    yet to begin, else its first; -1 when it has none."""
    own = [i for i, row in enumerate(rows) if row.token == token_id]
    return next((i for i in own if rows[i].current), next((i for i in own if rows[i].movable),
                                                           own[0] if own else -1))


def _next_to_begin(turn: TurnInfo) -> dict[str, int]:
    """Token → the place of its next turn yet to begin this round (the entry a move moves)."""
    out: dict[str, int] = {}
    for index, entry in enumerate(turn.entries):
        if entry.done or (turn.current is not None and index <= turn.current):
            continue
        out.setdefault(entry.token, index)
    return out


def order_edit_options(answer: TurnOrderEdits) -> tuple[dict[str, ActionOption], list[ActionOption]]:
    """The engine's turn-order edits for one token: ``{"remove": LeaveCombat option}`` and the
    ``MoveInTurnOrder`` options (up, down). The turn-order commands load with the first edit the
    engine offers, not with the tracker (issue 32, "window complete")."""
    if not answer.options:
        return {}, []
    from vantage.engine.protocol.turn_order_commands import LeaveCombat, MoveInTurnOrder
    leaves = [o for o in answer.options if isinstance(o.command, LeaveCombat)]
    return ({"remove": leaves[-1]} if leaves else {},
            [o for o in answer.options if isinstance(o.command, MoveInTurnOrder)])


def combat_menu_entry(document: EncounterDocument, token_id: str,
                      answers: EngineAnswers | None = None) -> ActionOption | None:
    """"Add to combat" or "Remove from combat" for a token's menu, as the ruleset answers now
    (None when there is no combat to join or leave); ``answers``: the tracker's, shared with its
    buttons (the selected token's edits were asked for them already)."""
    from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat
    answer = (answers.order_edits(document.encounter, token_id) if answers is not None
              else ask_turn_order_edits(document.encounter, token_id))
    entry = next((o for o in answer.options if isinstance(o.command, JoinCombat | LeaveCombat)), None)
    return entry


def attach_turn_order_menu(workspace: GmWorkspace, tracker: TurnTracker) -> None:
    """Give a token's right-click menu an "Add to combat" or "Remove from combat" entry, sent
    through ``tracker`` (one undo step, its sentence to the status bar), and make a token selected
    on the map select its turn in the tracker (Move up / Move down and Remove then act on it).
    Attaching twice adds it once."""
    if "turn-order" in workspace.token_menu:
        return

    def add_entry(menu: QMenu, token_id: str) -> None:
        if tracker.answers.turn(tracker.document.encounter) is None:
            return
        option = combat_menu_entry(tracker.document, token_id, tracker.answers)
        if option is None:
            return
        menu.addSection("Combat")
        action = QAction(option.label, menu)
        action.setEnabled(option.legal)
        action.setToolTip(option.explanation or option.summary)
        action.triggered.connect(lambda _=False, o=option: tracker.send_option(o))
        menu.addAction(action)

    workspace.token_menu.add("turn-order", add_entry)
    workspace.selection.token_changed.connect(tracker.select_token)
