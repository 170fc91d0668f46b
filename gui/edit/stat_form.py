"""The stat-block form: a token's stat block as fields drawn from its ruleset's schema.

One row per :class:`~vantage.engine.rules.stat_schema.StatField`, grouped by the dotted prefix of
its path (``abilities.agility`` is Agility under Abilities): a spin box with the field's range for
numbers, a check box for true/false, a drop-down for a choice, a line for text, and a read-only
summary ("3 weapons — edit in Advanced") for a list. Each tooltip gives the field's help, range
and default. "Advanced" shows the whole stat block as JSON, which is the truth for everything the
form cannot show (lists, fields the ruleset does not declare); the fields and the JSON always show
the same block, and editing either updates the other.

The rows are built once per schema, and only when they are first needed (the form is shown, its
``rows`` are read, or :meth:`StatForm.ensure_rows` is called): a token panel whose stat-block tab
is not in front pays nothing for them when a token is selected; the next token with the same
schema only refills the values.

"Apply" asks the ruleset (``check``) first: every problem is shown next to its field and in the
message line (``stats.speed: 13 is above 12``) and nothing is sent. Only a block the ruleset
accepts goes to ``submit`` — the token panel sends it as one ``EditToken`` command, one undo step —
whose refusal is shown the same way. "From template…" fills the form with a creature of the
ruleset's bestiary (and its size) for the GM to apply. Enter applies, Esc reverts; in the JSON
editor Enter starts a new line and Ctrl+Enter applies.

The form holds no rules: the schema, the templates and the verdict all come from the engine.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QKeyEvent, QPalette, QShowEvent
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.rules.stat_schema import (
    MISSING,
    CreatureTemplate,
    FieldKind,
    StatField,
    StatSchema,
    lookup,
)
from vantage.gui.edit.list_editor import ListEditor

Problems = list[tuple[str, str]]
#: Asks the ruleset about a stat block: every problem as (place, message), places under "stats".
Check = Callable[[dict[str, Any]], Problems]
#: Sends an accepted stat block (and a new size, or None) to the token; the refusal's reason or None.
Submit = Callable[[dict[str, Any], str | None], str | None]

#: Where the ruleset's places start: ``stats.abilities.agility`` is the field ``abilities.agility``.
PLACE = "stats"
_BIG = 1_000_000
#: What a spin box at its "—" value sends: the field is left out of the block (the ruleset derives it).
UNSET = object()
#: The spin box text of an optional field that is left out.
UNSET_TEXT = "—"
_PROBLEM_STYLE = "color: #b3261e;"
_PROBLEM_COLOUR = QColor("#b3261e")
_ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)


def _store(block: dict[str, Any], path: str, value: Any) -> None:
    """Set ``path`` in ``block`` to ``value``; :data:`UNSET` removes it (and the objects it leaves
    empty)."""
    *parents, leaf = path.split(".")
    if value is UNSET:
        trail = [block]
        for part in parents:
            child = trail[-1].get(part)
            if not isinstance(child, dict):
                return
            trail.append(child)
        trail[-1].pop(leaf, None)
        for part, node in zip(reversed(parents), reversed(trail[:-1]), strict=True):
            if node.get(part) == {}:
                del node[part]
        return
    node = block
    for part in parents:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    node[leaf] = value


def can_be_left_out(field: StatField) -> bool:
    """A number the block may leave out and that has no default (the ruleset derives it): its
    spin box has a "—" below the range for "left out"."""
    return field.kind in (FieldKind.INT, FieldKind.NUMBER) and not field.required and field.default is None


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def field_tooltip(field: StatField) -> str:
    """The field's help, then its range, default and whether it must be given."""
    lines = [field.help or field.title]
    if field.kind is FieldKind.CHOICE and field.choices:
        lines.append(f"One of: {', '.join(field.choices)}")
    if field.range_text:
        lines.append(f"Range: {field.range_text}")
    if field.default is not None:
        lines.append(f"Default: {_shown(field.default)}")
    elif can_be_left_out(field):
        lines.append(f"{UNSET_TEXT} leaves it out (the ruleset derives it)")
    if field.required:
        lines.append("Required")
    lines.append(f"In the JSON: {field.path}")
    return "\n".join(lines)


def group_title(prefix: str) -> str:
    """``"abilities"`` → ``"Abilities"``, ``"armour.worn"`` → ``"Armour › Worn"``."""
    return " › ".join(part.replace("_", " ").capitalize() for part in prefix.split("."))


def list_summary(field: StatField, value: Any) -> str:
    """What a list field holds, in words: ``"3 weapons — edit in Advanced"``."""
    if value is MISSING:
        return "none — add in Advanced"
    if not isinstance(value, list | tuple):
        return "not a list — fix in Advanced"
    noun = field.title.lower()
    if len(value) == 1 and noun.endswith("s"):
        noun = noun[:-1]
    return f"{len(value)} {noun} — edit in Advanced"


class FieldRow:
    """The editor of one field, its problem label and its "not set" hint."""

    def __init__(self, field: StatField, on_edit: Callable[[str, Any], None]) -> None:
        self.field = field
        self.editor = self._make_editor(field, on_edit)
        self.editor.setToolTip(field_tooltip(field))
        self.hint = QLabel("")
        # the rows' colours by palette, not style sheet: a style sheet on each of a form's dozens of
        # labels made building the form several times slower
        self.hint.setForegroundRole(QPalette.ColorRole.Mid)
        self.problem = QLabel("")
        problem_palette = self.problem.palette()
        problem_palette.setColor(QPalette.ColorRole.WindowText, _PROBLEM_COLOUR)
        self.problem.setPalette(problem_palette)
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.widget = QWidget()
        #: the editor and its hint (a list field's "Table…" button joins them: ``StatForm._build_rows``)
        self.line = line = QHBoxLayout()
        line.setContentsMargins(0, 0, 0, 0)
        line.addWidget(self.editor, 1)
        line.addWidget(self.hint)
        box = QVBoxLayout(self.widget)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(1)
        box.addLayout(line)
        box.addWidget(self.problem)

    @staticmethod
    def _make_editor(field: StatField, on_edit: Callable[[str, Any], None]) -> QWidget:
        kind, path = field.kind, field.path
        if kind in (FieldKind.INT, FieldKind.NUMBER):
            spin: QSpinBox | QDoubleSpinBox
            low = field.minimum if field.minimum is not None else -_BIG
            high = field.maximum if field.maximum is not None else _BIG
            unset = can_be_left_out(field)
            if unset:
                low -= 1  # the "—" of a field left out
            if kind is FieldKind.INT:
                spin = QSpinBox()
                spin.setRange(max(int(low), -(2**31) + 1), min(int(high), 2**31 - 1))
                number: Callable[[float], Any] = int
            else:
                spin = QDoubleSpinBox()
                spin.setDecimals(2)
                spin.setRange(low, high)
                number = float
            if unset:
                spin.setSpecialValueText(UNSET_TEXT)
            spin.valueChanged.connect(
                lambda v: on_edit(path, UNSET if unset and v == spin.minimum() else number(v)))
            spin.setAccelerated(True)
            return spin
        if kind is FieldKind.BOOL:
            check = QCheckBox()
            check.clicked.connect(lambda on: on_edit(path, bool(on)))
            return check
        if kind is FieldKind.CHOICE:
            combo = QComboBox()
            combo.addItems(list(field.choices))
            combo.activated.connect(lambda i: on_edit(path, field.choices[i]))
            return combo
        if kind is FieldKind.TEXT:
            line = QLineEdit()
            line.textEdited.connect(lambda text: on_edit(path, text))
            return line
        summary = QLabel("")  # a list: the JSON edits it
        summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return summary

    def show_value(self, value: Any) -> None:
        """Show ``value`` (or the default, when the block lacks the field) without editing it."""
        field, editor = self.field, self.editor
        missing = value is MISSING
        hint, tip = "", ""
        if missing and field.default is not None:
            hint, tip = "default", "The stat block leaves this out: the ruleset uses the default shown"
        elif missing and field.kind is not FieldKind.LIST and not can_be_left_out(field):
            hint, tip = "not set", "The stat block does not give this field yet; editing it sets it"
        self.hint.setText(hint)
        self.hint.setToolTip(tip)
        shown = field.default if missing else value
        editor.blockSignals(True)
        try:
            if isinstance(editor, QSpinBox | QDoubleSpinBox):
                number = shown if isinstance(shown, int | float) and not isinstance(shown, bool) else None
                if number is None:  # left out, or not a number (its problem says so)
                    if can_be_left_out(field):
                        number = editor.minimum()  # "—"
                    else:
                        number = field.minimum if field.minimum is not None else 0
                if isinstance(editor, QSpinBox):
                    editor.setValue(int(number))
                else:
                    editor.setValue(float(number))
            elif isinstance(editor, QCheckBox):
                editor.setChecked(shown is True)
            elif isinstance(editor, QComboBox):
                editor.setCurrentIndex(field.choices.index(shown) if shown in field.choices else -1)
            elif isinstance(editor, QLineEdit):
                editor.setText(shown if isinstance(shown, str) else "")
            elif isinstance(editor, QLabel):
                editor.setText(list_summary(field, value))
        finally:
            editor.blockSignals(False)

    def show_problem(self, text: str) -> None:
        self.problem.setText(text)
        self.problem.setVisible(bool(text))


class StatForm(QWidget):
    """A stat block as a form over its ruleset's schema, with the raw JSON behind "Advanced"."""

    def __init__(self, check: Check, submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._check = check
        self._submit = submit
        self.schema = StatSchema((), open=True)
        self.templates: tuple[CreatureTemplate, ...] = ()
        self._rows: dict[str, FieldRow] = {}
        #: the schema's rows are not built yet (they are built when first needed: ``ensure_rows``)
        self._rows_stale = True
        #: the words for "no fields" of the last ``set_rules`` (None: it was never called)
        self._rules_set: str | None = None
        #: each field's problems as last shown (kept for rows built later)
        self._row_problems: dict[str, str] = {}
        self._loaded: dict[str, Any] = {}
        self._block: dict[str, Any] = {}
        self._loaded_size = ""
        self._size: str | None = None
        self._json_error = ""
        self._fields = QWidget()
        self._fields_layout = QVBoxLayout(self._fields)
        self._fields_layout.setContentsMargins(0, 0, 0, 0)
        self.no_fields = QLabel("")
        self.no_fields.setWordWrap(True)
        self.template_button = QPushButton("From template…")
        self.template_menu = QMenu(self.template_button)
        self.template_button.setMenu(self.template_menu)
        self.advanced_button = QPushButton("Advanced")
        self.advanced_button.setCheckable(True)
        self.advanced_button.setToolTip("Show the whole stat block as JSON: lists and anything the form "
                                        "does not show are edited there (Ctrl+Enter applies)")
        self.json_edit = QPlainTextEdit()
        self.json_edit.setToolTip("The whole stat block as JSON, checked by the ruleset when applied "
                                  "(Ctrl+Enter applies, Esc reverts)")
        self.json_edit.hide()
        self.revert_button = QPushButton("Revert")
        self.revert_button.setToolTip("Put back the token's own stat block (Esc)")
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Check the stat block with the ruleset and give it to the token: "
                                     "one undo step (Enter)")
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        tools = QHBoxLayout()
        tools.addWidget(self.template_button)
        tools.addStretch(1)
        tools.addWidget(self.advanced_button)
        actions = QHBoxLayout()
        actions.addStretch(1)
        actions.addWidget(self.revert_button)
        actions.addWidget(self.apply_button)
        self.scroll_area = QScrollArea()  # the fields scroll; the buttons and the message stay in view
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QScrollArea.Shape.NoFrame)
        self.scroll_area.setWidget(self._fields)
        self.splitter = QSplitter(Qt.Orientation.Vertical)
        self.splitter.addWidget(self.scroll_area)
        self.splitter.addWidget(self.json_edit)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(tools)
        layout.addWidget(self.no_fields)
        layout.addWidget(self.splitter, 1)
        layout.addWidget(self.message)
        layout.addLayout(actions)
        self.advanced_button.toggled.connect(self._show_advanced)
        self.json_edit.textChanged.connect(self._json_edited)
        self.revert_button.clicked.connect(self.revert)
        self.apply_button.clicked.connect(self.apply)
        self.json_edit.installEventFilter(self)
        self._sync_buttons()

    # -- what the form shows ---------------------------------------------------------------
    @property
    def rows(self) -> dict[str, FieldRow]:
        """One row per field of the schema, by path (built now if they were not yet)."""
        self.ensure_rows()
        return self._rows

    def rows_built(self) -> bool:
        """Whether the rows of the current schema exist (they are built when first needed)."""
        return not self._rows_stale

    def ensure_rows(self) -> None:
        """Build the rows of the current schema if they are not built yet, showing the block's
        values and the problems last shown in them."""
        if not self._rows_stale:
            return
        self._rows_stale = False
        self._build_rows()
        self._show_block()
        for path, row in self._rows.items():
            row.show_problem(self._row_problems.get(path, ""))

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        self.ensure_rows()  # before the first paint: the GM never sees a form without its rows
        super().showEvent(event)

    def set_rules(
        self, schema: StatSchema, templates: Sequence[CreatureTemplate], why_no_fields: str = ""
    ) -> None:
        """Draw the rows of ``schema`` and offer ``templates`` (no redraw when nothing changed);
        ``why_no_fields`` replaces the usual words when the ruleset gives no schema at all. The
        rows are built now if the form is on screen, else when first needed (``ensure_rows``)."""
        templates = tuple(templates)
        if self._rules_set == why_no_fields and schema == self.schema and templates == self.templates:
            return
        self._rules_set = why_no_fields
        if schema != self.schema:
            self.schema = schema
            self._rows_stale = True
        self.templates = templates
        if self.isVisible():
            self.ensure_rows()
        self._build_template_menu()
        if schema.fields:
            self.no_fields.hide()
        else:
            self.no_fields.setText(why_no_fields or "This ruleset names no fields of its stat block: "
                                   "edit it as JSON.")
            self.no_fields.show()
        self.advanced_button.setEnabled(bool(schema.fields))
        self._show_advanced(self.advanced_button.isChecked())
        self._show_block()

    def _build_rows(self) -> None:
        while self._fields_layout.count():
            item = self._fields_layout.takeAt(0)
            old = item.widget() if item is not None else None
            if old is not None:
                old.deleteLater()
        self._rows = {}
        groups: dict[str, QFormLayout] = {}
        top = QFormLayout()
        top.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        holder = QWidget()
        holder.setLayout(top)
        top.setContentsMargins(0, 0, 0, 0)
        self._fields_layout.addWidget(holder)
        for field in self.schema.fields:
            row = FieldRow(field, self._field_edited)
            row.editor.installEventFilter(self)
            if field.kind is FieldKind.LIST:  # a table instead of the JSON (gui/edit/list_editor.py)
                table = QPushButton("Table…")
                table.setToolTip(f"Edit {field.title.lower()} as a table, one row each")
                table.clicked.connect(lambda _checked=False, f=field: self.edit_list(f))
                row.line.addWidget(table)
            self._rows[field.path] = row
            prefix = field.path.rpartition(".")[0]
            form = top
            if prefix:
                form = groups.get(prefix) or self._add_group(groups, prefix)
            label = QLabel(field.title)
            label.setToolTip(field_tooltip(field))
            label.setBuddy(row.editor)
            form.addRow(label, row.widget)
        holder.setVisible(top.rowCount() > 0)
        self._fields_layout.addStretch(1)

    def _add_group(self, groups: dict[str, QFormLayout], prefix: str) -> QFormLayout:
        box = QGroupBox(group_title(prefix))
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self._fields_layout.addWidget(box)
        groups[prefix] = form
        return form

    def _build_template_menu(self) -> None:
        self.template_menu.clear()
        for template in self.templates:
            action = self.template_menu.addAction(f"{template.name} ({template.size})")
            action.setToolTip(template.help or template.name)
            action.setStatusTip(template.help or template.name)
            action.triggered.connect(lambda _checked=False, t=template: self.use_template(t))
        self.template_menu.setToolTipsVisible(True)
        self.template_button.setEnabled(bool(self.templates))
        self.template_button.setToolTip(
            "Fill the form with a creature of this ruleset's bestiary, size and all; Apply gives it "
            "to the token" if self.templates else "This ruleset ships no creature templates")

    def load(self, stats: Mapping[str, Any], size: str = "") -> None:
        """Show the token's own stat block (and size): what Revert comes back to."""
        self._loaded = copy.deepcopy(dict(stats))
        self._loaded_size = size
        self.revert()

    def revert(self) -> None:
        """Put back the token's own stat block; forget the problems shown."""
        self._block = copy.deepcopy(self._loaded)
        self._size = None
        self._json_error = ""
        self._show_block()
        self.show_problems([])

    def block(self) -> dict[str, Any]:
        """The stat block the form holds now (the last good JSON, if the JSON is being edited)."""
        return copy.deepcopy(self._block)

    @property
    def template_size(self) -> str | None:
        """The size a template asks for, when it differs from the token's (None: unchanged)."""
        return self._size

    def is_modified(self) -> bool:
        return bool(self._json_error) or self._block != self._loaded or self._size is not None

    def use_template(self, template: CreatureTemplate) -> None:
        """Fill the form with ``template``'s stat block (and size) for the GM to apply."""
        self._block = copy.deepcopy(dict(template.stats))
        self._size = template.size if template.size != self._loaded_size else None
        self._json_error = ""
        self._show_block()
        self.show_problems([])
        size = f" and size ({template.size})" if self._size else ""
        self._say(f"Filled from the {template.name} template: its stat block{size}. Apply gives it to "
                  "the token; Revert puts back its own.")

    def _built_rows(self) -> dict[str, FieldRow]:
        """The rows as built (none while they wait to be built: building them shows the block)."""
        return {} if self._rows_stale else self._rows

    def _show_block(self) -> None:
        for path, row in self._built_rows().items():
            row.show_value(lookup(self._block, path))
        text = json.dumps(self._block, indent=1, ensure_ascii=False)
        if not self._json_error and self.json_edit.toPlainText() != text:
            self.json_edit.blockSignals(True)
            self.json_edit.setPlainText(text)
            self.json_edit.blockSignals(False)
        self._sync_buttons()

    def _show_advanced(self, on: bool) -> None:
        self.json_edit.setVisible(on or not self.schema.fields)
        self.scroll_area.setVisible(bool(self.schema.fields))
        if on and self.schema.fields:  # the fields above, the JSON below, half each
            half = max(self.splitter.height() // 2, 120)
            self.splitter.setSizes([half, half])

    def _sync_buttons(self) -> None:
        modified = self.is_modified()
        self.revert_button.setEnabled(modified)

    # -- edits -----------------------------------------------------------------------------
    def list_editor(self, field: StatField) -> ListEditor:
        """The table for the list ``field`` of the block being edited."""
        return ListEditor(field, lookup(self._block, field.path), self.templates, self)

    def edit_list(self, field: StatField) -> None:
        """Edit a list field in its table; OK puts the rows in the block (Apply still checks it)."""
        editor = self.list_editor(field)
        editor.accepted.connect(lambda: self._field_edited(field.path, editor.value()))
        editor.open()

    def _field_edited(self, path: str, value: Any) -> None:
        _store(self._block, path, value)
        self.rows[path].hint.setText("")
        self.rows[path].show_problem("")
        self._json_error = ""
        self._show_block()

    def _json_edited(self) -> None:
        text = self.json_edit.toPlainText()
        try:
            parsed = json.loads(text or "{}")
        except json.JSONDecodeError as error:
            self._json_error = f"Not JSON: line {error.lineno}, column {error.colno}: {error.msg}"
            self._say(self._json_error, problem=True)
            self._sync_buttons()
            return
        if not isinstance(parsed, dict):
            self._json_error = "The stat block must be a JSON object of named values: {…}"
            self._say(self._json_error, problem=True)
            self._sync_buttons()
            return
        self._json_error = ""
        self._block = parsed
        for path, row in self._built_rows().items():
            row.show_value(lookup(self._block, path))
        self._say("")
        self._sync_buttons()

    # -- applying --------------------------------------------------------------------------
    def apply(self) -> bool:
        """Ask the ruleset about the block; send it only when it has no problem. True when sent
        (or when there was nothing to send)."""
        for row in self._built_rows().values():
            if isinstance(row.editor, QAbstractSpinBox):
                row.editor.interpretText()
        if self._json_error:
            self._say(f"Not applied — {self._json_error}", problem=True)
            return False
        block = self.block()
        problems = self._check(block)
        if problems:
            self.show_problems(problems)
            return False
        self.show_problems([])
        if not self.is_modified():
            return True
        refused = self._submit(block, self._size)
        if refused:
            self._say(f"Not applied — {refused}", problem=True)
            return False
        return True

    def show_problems(self, problems: Problems, heading: str = "Not applied") -> None:
        """Show each problem next to its field (a list field takes the problems inside it) and
        every one of them, with its place, under ``heading`` in the message line."""
        by_path: dict[str, list[str]] = {}
        for place, message in problems:
            path = self._field_at(place)
            if path is not None:
                inner = place.removeprefix(f"{PLACE}.{path}")
                by_path.setdefault(path, []).append(f"{inner.lstrip('.')}: {message}" if inner else message)
        self._row_problems = {path: "; ".join(found) for path, found in by_path.items()}
        for path, row in self._built_rows().items():
            row.show_problem(self._row_problems.get(path, ""))
        if problems:
            count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
            lines = "\n".join(f"{place}: {message}" for place, message in problems)
            self._say(f"{heading} — {count}:\n{lines}", problem=True)
        else:
            self._say("")

    def _field_at(self, place: str) -> str | None:
        """The field a problem's place is in: ``stats.speed`` → ``speed``, ``stats.weapons[0].might``
        → ``weapons``; None for a place no row shows (an unknown key, the block itself)."""
        rest = place.removeprefix(f"{PLACE}.")
        if rest == place:
            return None
        best = None
        for path in (field.path for field in self.schema.fields):  # the rows' paths, built or not
            inside = rest == path or rest.startswith((f"{path}.", f"{path}["))
            if inside and (best is None or len(path) > len(best)):
                best = path
        return best

    def _say(self, text: str, problem: bool = False) -> None:
        self.message.setText(text)
        self.message.setStyleSheet(_PROBLEM_STYLE if problem else "")

    # -- keys --------------------------------------------------------------------------------
    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """Enter applies (Ctrl+Enter in the JSON editor), Esc reverts a modified block — before
        the window's own Esc (deselect) sees it."""
        kind = event.type()
        keys = (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress)
        if kind not in keys or not isinstance(event, QKeyEvent):
            return super().eventFilter(watched, event)
        key = event.key()
        in_json = watched is self.json_edit
        control = bool(event.modifiers() & Qt.KeyboardModifier.ControlModifier)
        reverts = key == Qt.Key.Key_Escape and self.is_modified()
        wants = reverts or (key in _ENTER and (control or not in_json))
        if not wants:
            return super().eventFilter(watched, event)
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()
            return True
        if key == Qt.Key.Key_Escape:
            self.revert()
            self._say("Reverted to the token's own stat block.")
        else:
            self.apply()
        return True
