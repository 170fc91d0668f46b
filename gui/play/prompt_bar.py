"""The prompt bar: what the table or the GM is asked, in a bar under the map that never covers it,
answered from the keyboard.

It shows one :class:`~vantage.gui.play.table_ask.Ask` at a time — first what the engine waits for
(a roll at the table, a reaction, a choice: :func:`~vantage.gui.play.table_ask.ask_waiting`), else
the GM window's own questions in the order they were asked (:meth:`PromptBar.ask`: end the
combat? add the newcomer to the combat?), else nothing (the bar hides).

- A roll: one field per die with the focus in the first; Enter moves to the next empty field, then
  sends. A face off the die is refused in place (the field selected, the reason in red); so is the
  engine's own refusal. "Let Vantage roll" (Alt+V) answers with no faces.
- A choice: one button per answer, the default in bold and focused; Enter answers the focused
  one, Left/Right (or Tab) move between them, 1–9 pick by number. Another plain key (N, H …) does
  nothing while the question holds the keyboard: a stray key never acts on the map behind it.
- A digit typed on the map while a question waits goes to the question (the roll's first empty
  field, or the answer of that number), not to the map's Zoom 100% (1).
- Esc leaves it: an engine question keeps waiting in the Decisions panel (the bar does not ask
  again for that one); one of the GM window's questions is dropped.

When a question comes the bar takes the keyboard (a hint does not); once it is answered or left,
the keyboard goes back to ``home`` (the map), so N, H, Q … act on the map at once. Each engine
answer is one ``Answer`` command through :func:`~vantage.gui.document.run_command`: one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtGui import QFont, QKeyEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_turn
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.play.table_ask import Ask, AskChoice, BadFace, ask_waiting, faces_answer, let_vantage_roll

if TYPE_CHECKING:
    from vantage.engine.protocol.commands import Command

_BAR_STYLE = "PromptBar { background: palette(alternate-base); border-top: 2px solid #e0a800; }"
_NUMBER_KEYS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(1, 10)}
_DIGIT_KEYS = {getattr(Qt.Key, f"Key_{n}"): n for n in range(10)}


class PromptBar(QFrame):
    """The bar of one workspace; :meth:`refresh` follows the document."""

    message = Signal(str)
    #: the ask shown now changed (None: the bar is empty and hidden)
    shown = Signal(object)

    def __init__(self, document: EncounterDocument, home: QWidget | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("prompt-bar")
        self.setAttribute(Qt.WidgetAttribute.WA_StyledBackground, True)
        self.setStyleSheet(_BAR_STYLE)
        self.document = document
        self.home = home
        self.current: Ask | None = None
        self.questions: list[Ask] = []  # the GM window's own, oldest first
        self._left: set[object] = set()  # the keys of engine asks the GM left with Esc
        self.fields: list[QLineEdit] = []
        self.choice_buttons: list[QPushButton] = []
        self.title = QLabel()
        bold = QFont(self.title.font())
        bold.setBold(True)
        self.title.setFont(bold)
        self.sentence = QLabel()
        self.sentence.setWordWrap(True)  # the whole sentence, on two lines if need be: never clipped
        self.sentence.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        big = QFont(self.sentence.font())
        big.setPointSizeF(big.pointSizeF() * 1.2)
        self.sentence.setFont(big)
        self.error = QLabel()
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #c0392b;")
        self.answers = QHBoxLayout()  # the die fields, or the choice buttons
        self.send_button = QPushButton("Send · Enter")
        self.send_button.setToolTip("Answer the roll with the faces typed (each is checked against its die)")
        self.let_roll = QPushButton("Let &Vantage roll")
        self.let_roll.setToolTip("Vantage rolls this roll itself; the next roll at the table asks again")
        self.leave_button = QPushButton("Later · Esc")
        for button in (self.send_button, self.let_roll, self.leave_button):
            button.setAutoDefault(False)
            button.installEventFilter(self)
        # the words across the whole width (wrapped, never clipped), the answers on a row under them
        column = QVBoxLayout(self)
        column.setContentsMargins(10, 6, 10, 6)
        column.setSpacing(3)
        column.addWidget(self.title)
        column.addWidget(self.sentence)
        column.addWidget(self.error)
        row = QHBoxLayout()
        row.addLayout(self.answers, 1)
        row.addWidget(self.send_button)
        row.addWidget(self.let_roll)
        row.addWidget(self.leave_button)
        column.addLayout(row)
        self.send_button.clicked.connect(self.send_faces)
        self.let_roll.clicked.connect(lambda: self._send("Let Vantage roll", let_vantage_roll()))
        self.leave_button.clicked.connect(self.leave)
        self.hide()
        if home is not None:
            home.installEventFilter(self)  # a digit typed on the map while a question waits
        document.changed.connect(self.refresh)
        self.refresh()

    # -- what to show ------------------------------------------------------------------------
    def ask(self, question: Ask) -> None:
        """Ask the GM ``question`` (after what the engine waits for, and the questions before it);
        a question with the key of one already waiting replaces it."""
        self.questions = [q for q in self.questions if q.key != question.key] + [question]
        self.refresh()

    def drop(self, key: object) -> None:
        """Take back the GM window's question ``key`` (answered elsewhere, or no longer true)."""
        self.questions = [q for q in self.questions if q.key != key]
        self.refresh()

    def next_ask(self) -> Ask | None:
        waiting = ask_waiting(self.document.encounter)
        if waiting is not None and waiting.key not in self._left:
            return waiting
        # a question that takes the keyboard comes before a hint (which waits behind everything)
        ordered = sorted(self.questions, key=lambda q: not q.grabs_keys)
        return ordered[0] if ordered else None

    def refresh(self) -> None:
        """Show what comes first now (a new ask refills the bar and takes the keyboard), or hide."""
        self._hold_place(ask_turn(self.document.encounter) is not None)
        wanted = self.next_ask()
        if wanted == self.current and (wanted is None) == self.isHidden():
            return
        had_keys = self.has_keys()
        if wanted is None:
            self.current = None
            self.hide()
            if had_keys:
                self.give_keys_back()
            self.shown.emit(None)
            return
        new = self.current is None or wanted.key != self.current.key
        self.current = wanted
        self._fill(wanted)
        self.show()
        if self.sizePolicy().retainSizeWhenHidden():  # never shorter than before: the map stays put
            self.setMinimumHeight(max(self.minimumHeight(), self.sizeHint().height()))
        if new and (wanted.grabs_keys or had_keys):
            self.take_keys()
        self.shown.emit(wanted)

    def _hold_place(self, in_combat: bool) -> None:
        """During a combat the bar keeps its place under the map while it is empty, at the tallest it
        has been: every roll opens it, and a map that re-fitted each time would move the tokens the
        GM is about to click (the GM walkthrough's mis-clicks). Out of combat it takes no room."""
        policy = self.sizePolicy()
        if policy.retainSizeWhenHidden() != in_combat:
            policy.setRetainSizeWhenHidden(in_combat)
            self.setSizePolicy(policy)
            self.setMinimumHeight(0)
            self.updateGeometry()

    def _fill(self, ask: Ask) -> None:
        while self.answers.count():
            item = self.answers.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.hide()
                old.deleteLater()
        self.fields, self.choice_buttons = [], []
        self.title.setText(ask.title)
        self.sentence.setText(ask.sentence)
        self.sentence.setToolTip(ask.sentence)
        self.error.clear()
        self.error.hide()
        rolling = ask.dice is not None
        self.send_button.setVisible(rolling)
        self.let_roll.setVisible(rolling)
        # a question that leaves the keyboard on the map (the first-launch hint) names no keys: on
        # the map Enter, Esc and the digits are the map's own (1 is Zoom 100%)
        keys = ask.grabs_keys
        self.leave_button.setText(f"{ask.leave} · Esc" if keys else ask.leave)
        self.leave_button.setToolTip(ask.leave_tip)
        # an answer that is what Esc does says so itself ("2 · Keep fighting · Esc"): no second button
        leaving = next((i for i, c in enumerate(ask.choices) if c.label == ask.leave), None)
        self.leave_button.setVisible(leaving is None)
        if ask.dice is not None:
            request = ask.dice
            for index in range(request.count):
                field = QLineEdit()
                field.setMaxLength(4)
                field.setFixedWidth(field.fontMetrics().horizontalAdvance("0000") + 24)
                field.setAlignment(Qt.AlignmentFlag.AlignCenter)
                field.setPlaceholderText(f"1–{request.sides}")
                which = f"die {index + 1} of {request.count}" if request.count > 1 else "the die"
                field.setToolTip(f"The face of {which} (a d{request.sides}: 1–{request.sides}); "
                                 "Enter sends" + (" or moves to the next die" if request.count > 1 else ""))
                field.returnPressed.connect(lambda i=index: self._enter(i))
                field.installEventFilter(self)
                self.answers.addWidget(field)
                field.show()  # added to a bar already shown
                self.fields.append(field)
            self.answers.addStretch(1)
            return
        for index, choice in enumerate(ask.choices):
            default = index == ask.default
            words = _choice_words(index, choice, default) if keys else choice.label
            button = QPushButton(f"{words} · Esc" if index == leaving and keys else words)
            button.setToolTip(choice.tip or choice.label)
            button.setAutoDefault(False)
            if default:
                font = QFont(button.font())
                font.setBold(True)
                button.setFont(font)
            button.clicked.connect(lambda _checked=False, i=index: self.choose(i))
            button.installEventFilter(self)
            # the buttons share the bar's width (a long one is cut, whole in its tooltip): a
            # long answer never widens the window
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.setMinimumWidth(90)
            button.setMaximumWidth(button.sizeHint().width() + 24)
            self.answers.addWidget(button, 1)
            button.show()
            self.choice_buttons.append(button)
        self.answers.addStretch(0)

    # -- the keyboard ------------------------------------------------------------------------
    def has_keys(self) -> bool:
        """Whether the keyboard focus is in the bar."""
        focus = QApplication.focusWidget()
        return focus is not None and self.isAncestorOf(focus)

    def take_keys(self) -> None:
        """The focus in the first die's field, or on the default answer (else the first)."""
        if self.fields:
            self.fields[0].setFocus()
        elif self.choice_buttons:
            ask = self.current
            index = ask.default if ask is not None and ask.default is not None else 0
            self.choice_buttons[index].setFocus()
        else:
            self.leave_button.setFocus()

    def give_keys_back(self) -> None:
        if self.home is not None and self.home.isVisible():
            self.home.setFocus()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        """Esc, Enter, the arrows and the digits in the bar belong to the bar, not to a window
        shortcut (the map's Deselect, Enter's default answer, 1's zoom)."""
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(event, QKeyEvent)
                and self._bar_key(event, watched) is not None):
            event.accept()
            return True
        if event.type() == QEvent.Type.KeyPress and isinstance(event, QKeyEvent):
            deed = self._bar_key(event, watched)
            if deed is not None:
                deed()
                return True
        return super().eventFilter(watched, event)

    def _bar_key(self, event: QKeyEvent, watched: QObject) -> Callable[[], object] | None:
        """What the bar does with ``event`` on ``watched`` (None: the key is not the bar's)."""
        key = event.key()
        if event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier:
            return None
        if watched is self.home:
            return self._typed_on_map(key, event.text())
        if key == Qt.Key.Key_Escape:
            return self.leave
        if isinstance(watched, QLineEdit):
            return None  # Enter is the field's returnPressed; digits are the face
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and isinstance(watched, QPushButton):
            return watched.click
        if watched in self.choice_buttons and key in (Qt.Key.Key_Left, Qt.Key.Key_Right):
            step = -1 if key == Qt.Key.Key_Left else 1
            index = (self.choice_buttons.index(watched) + step) % len(self.choice_buttons)
            return self.choice_buttons[index].setFocus
        number = _NUMBER_KEYS.get(key)
        if number is not None and number <= len(self.choice_buttons):
            return lambda: self.choose(number - 1)
        if event.text().strip() and event.text().isprintable():
            return lambda: None  # N, H, Q … wait until the question is answered or left (Esc)
        return None

    def _typed_on_map(self, key: int, text: str) -> Callable[[], object] | None:
        """A digit typed on the map (the GM clicked it) while a question waits in the bar answers the
        question, as typed in the bar — never the map's Zoom 100% (1): a roll's first empty field
        takes the digit and the keyboard (the next digits follow it there), a choice is picked by its
        number; a digit that answers nothing says so. Other keys, and every key while the bar asks
        nothing (or only shows a hint), are the map's."""
        digit = _DIGIT_KEYS.get(key)
        ask = self.current
        if digit is None or ask is None or not ask.grabs_keys or self.isHidden():
            return None
        if self.fields:
            field = next((f for f in self.fields if not f.text().strip()), self.fields[-1])
            return lambda: self._type_into(field, text or str(digit))
        if 1 <= digit <= min(len(self.choice_buttons), 9):
            return lambda: self.choose(digit - 1)
        count = min(len(self.choice_buttons), 9)
        answers = (f"1–{count} pick an answer" if count > 1
                   else "1 picks the answer" if count else "Esc leaves it")
        return lambda: self.message.emit(f"{digit} answers nothing in \"{ask.title}\": {answers}")

    def _type_into(self, field: QLineEdit, text: str) -> None:
        field.setFocus()
        if not field.text().strip():
            field.clear()
        field.insert(text)

    # -- answering ---------------------------------------------------------------------------
    def _enter(self, index: int) -> None:
        if index + 1 < len(self.fields) and not self.fields[index + 1].text().strip():
            self.fields[index + 1].setFocus()
            return
        self.send_faces()

    def send_faces(self) -> bool:
        """Answer the roll with the faces typed; a bad face is refused in place."""
        ask = self.current
        if ask is None or ask.dice is None:
            return False
        try:
            answer = faces_answer([f.text() for f in self.fields], ask.dice)
        except BadFace as wrong:
            field = self.fields[wrong.index]
            field.setFocus()
            field.selectAll()
            self._refused(wrong.reason)
            return False
        except CommandRejected as wrong:
            self._refused(wrong.reason)
            return False
        return self._send(f"Dice at the table: {' '.join(str(f) for f in answer.faces or ())}", answer)

    def choose(self, index: int) -> bool:
        """Answer with choice ``index`` of the ask shown."""
        ask = self.current
        if ask is None or not 0 <= index < len(ask.choices):
            return False
        choice = ask.choices[index]
        if choice.command is not None:
            return self._send(f"Answer: {choice.label}", choice.command)
        self.questions = [q for q in self.questions if q.key != ask.key]
        sentence = choice.act() if choice.act is not None else ""
        if sentence:
            self.message.emit(sentence)
        self.refresh()
        return True

    def _send(self, name: str, command: Command) -> bool:
        keys = self.has_keys()
        try:
            events = run_command(self.document, name, command)
        except CommandRejected as refused:
            self._refused(refused.reason)
            return False
        if events:
            self.message.emit(events[-1].sentence)
        if keys and not self.has_keys():
            self.give_keys_back()  # answered, nothing more to ask: the keys go back to the map
        return True

    def _refused(self, reason: str) -> None:
        self.error.setText(f"Not sent: {reason}")
        self.error.show()
        self.message.emit(f"Not sent: {reason}")

    def leave(self) -> None:
        """Esc: an engine question keeps waiting in the Decisions panel (not asked here again); one
        of the GM window's questions is dropped. The keyboard goes back to the map."""
        ask = self.current
        if ask is None:
            return
        if ask.from_engine:
            self._left.add(ask.key)
        else:
            self.questions = [q for q in self.questions if q.key != ask.key]
        had_keys = self.has_keys()
        self.refresh()
        if had_keys and not self.has_keys():
            self.give_keys_back()


def _choice_words(index: int, choice: AskChoice, default: bool) -> str:
    """A choice's button: ``"1 · Attack of opportunity with the Claws · hit 70%"`` (the default
    ends in "· Enter")."""
    parts = [f"{index + 1} · {choice.label}" if index < 9 else choice.label]
    if choice.odds:
        parts.append(choice.odds)
    if default:
        parts.append("Enter")
    return " · ".join(parts)


def shortcut_text(sequence: str) -> str:
    """A shortcut as the platform writes it (for a question's words)."""
    return QKeySequence(sequence).toString(QKeySequence.SequenceFormat.NativeText)
