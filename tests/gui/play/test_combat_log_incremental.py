"""The combat log panel follows the log step by step.

Issue 32: "one undo at ~6,000 log entries: 132 ms: the combat log's whole tree is rebuilt" — the
log "updates incrementally and survives undo": a command's entries are appended, an undo removes
only the rows of the step undone, a redo adds them back, and after any mix of commands, undos and
redos the panel shows what a fresh panel shows."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.gm_commands import Place
from vantage.gui.document import EncounterDocument, LogEntry, SentCommand
from vantage.gui.play.combat_log import DETAIL_INDENT, CombatLog


class _RowSpy:
    """Rows inserted into and removed from the panel's model."""

    def __init__(self, panel: CombatLog) -> None:
        self.inserted = 0
        self.removed = 0
        model = panel.model
        model.rowsInserted.connect(self._inserted)
        model.rowsRemoved.connect(self._removed)
        model.modelReset.connect(self._reset)
        self.resets = 0

    def _inserted(self, parent, first: int, last: int) -> None:
        if not parent.isValid():
            self.inserted += last - first + 1

    def _removed(self, parent, first: int, last: int) -> None:
        if not parent.isValid():
            self.removed += last - first + 1

    def _reset(self) -> None:
        self.resets += 1


def _document() -> EncounterDocument:
    return EncounterDocument(Encounter(GameMap(6, 4), name="long fight", ruleset="avorkarth"))


def _step(document: EncounterDocument, n: int, entries: int = 1) -> None:
    document.commit(f"step {n}", SentCommand(Place("bram", (n % 6, 0))), document.encounter,
                    tuple(LogEntry(f"entry {n}.{k}", (f"roll {n}.{k}",) * (k % 2)) for k in range(entries)))


def _rows(panel: CombatLog) -> list[tuple[str, tuple[str, ...]]]:
    """Each entry's row and, once it is expanded, the rows of its details under it."""
    model = panel.model
    for entry in range(len(model.entries)):
        model.set_expanded(entry, True)  # an entry's details are its rows once it is expanded
    out: list[tuple[str, tuple[str, ...]]] = []
    for row in range(model.rowCount()):
        text = model.text_at(row)
        if model.at(row)[1] is None:
            out.append((text, ()))
        else:
            assert text.startswith(DETAIL_INDENT)
            sentence, details = out[-1]
            out[-1] = (sentence, (*details, text.removeprefix(DETAIL_INDENT)))
    return out


def test_an_undo_at_thousands_of_entries_removes_only_its_rows_and_redo_adds_them_back(qtbot):
    document = _document()
    for n in range(3000):
        _step(document, n, entries=2)
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    spy = _RowSpy(panel)
    document.undo_stack.undo()
    assert (spy.inserted, spy.removed, spy.resets) == (0, 2, 0)
    assert panel.model.rowCount() == 5998
    document.undo_stack.redo()
    assert (spy.inserted, spy.removed, spy.resets) == (2, 2, 0)
    last = panel.model.index(panel.model.rowCount() - 1, 0)
    assert (panel.model.text_at(last.row()), last.data(Qt.ItemDataRole.ToolTipRole)) == ("entry 2999.1",
                                                                                          "roll 2999.1")
    _step(document, 3000, entries=3)
    assert (spy.inserted, spy.removed) == (5, 2)
    assert panel.model.rowCount() == 6003


def test_undoing_then_branching_removes_the_undone_rows_and_adds_the_new_ones(qtbot):
    document = _document()
    for n in range(10):
        _step(document, n)
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    spy = _RowSpy(panel)
    document.undo_stack.setIndex(7)
    _step(document, 99, entries=2)
    assert (spy.inserted, spy.removed) == (2, 3)
    assert [text for text, _ in _rows(panel)][-3:] == ["entry 6.0", "entry 99.0", "entry 99.1"]


def test_an_entry_shows_its_details_when_expanded_and_as_its_tooltip(qtbot):
    document = _document()
    _step(document, 0, entries=2)
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    model, tip = panel.model, Qt.ItemDataRole.ToolTipRole
    assert model.rowCount() == 2  # the details are rows only once their entry is expanded
    assert model.data(model.index(1, 0), tip) == "roll 0.1"
    assert model.data(model.index(0, 0), tip) == "entry 0.0"
    panel.view.toggle(1)
    panel.view.toggle(1)
    panel.view.toggle(1)
    assert [model.text_at(row) for row in range(model.rowCount())] == [
        "entry 0.0", "entry 0.1", f"{DETAIL_INDENT}roll 0.1"]
    assert model.data(model.index(2, 0), tip) == "roll 0.1"


def test_a_click_on_an_entry_or_the_arrow_keys_show_and_fold_its_details(qtbot):
    document = _document()
    for n in range(3):
        _step(document, n, entries=2)  # entries n.0 (no detail) and n.1 (one roll)
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    panel.show()
    view, model = panel.view, panel.model

    def click(row: int) -> None:
        centre = view.visualRect(model.index(row, 0)).center()
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=centre)

    click(3)
    assert model.text_at(4) == f"{DETAIL_INDENT}roll 1.1"
    assert model.at(5) == (4, None)  # the rows after it move down by its details
    view.setCurrentIndex(model.index(4, 0))
    qtbot.keyClick(view, Qt.Key.Key_Left)  # on a detail's row: folds its entry
    assert model.rowCount() == 6 and view.currentIndex().row() == 3
    qtbot.keyClick(view, Qt.Key.Key_Right)
    assert model.rowCount() == 7
    click(0)
    assert model.rowCount() == 7  # an entry with no details has nothing to show


def test_an_undo_removes_the_detail_rows_of_its_expanded_entries_too(qtbot):
    document = _document()
    for n in range(4):
        _step(document, n, entries=2)
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    panel.model.set_expanded(5, True)  # entry 2.1, with its roll
    panel.model.set_expanded(7, True)  # entry 3.1, undone below
    document.undo_stack.undo()
    assert panel.model.expanded == [5]
    assert [panel.model.text_at(row) for row in range(panel.model.rowCount())][-2:] == [
        "entry 2.1", f"{DETAIL_INDENT}roll 2.1"]
    document.undo_stack.redo()
    assert _rows(panel) == [(e.sentence, e.details) for e in document.log]


def test_opening_another_encounter_shows_its_log_alone(qtbot):
    document = _document()
    for n in range(4):
        _step(document, n)
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    document.reset(Encounter(GameMap(3, 3), name="other", ruleset="avorkarth"), None)
    assert _rows(panel) == []
    _step(document, 0)
    assert _rows(panel) == [("entry 0.0", ())]


_ACTIONS = st.lists(st.one_of(st.tuples(st.just("command"), st.integers(0, 3)),
                              st.tuples(st.just("undo"), st.integers(1, 3)),
                              st.tuples(st.just("redo"), st.integers(1, 3)),
                              st.tuples(st.just("expand"), st.integers(0, 30))), max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=_ACTIONS)
def test_after_any_commands_undos_and_redos_the_panel_matches_a_fresh_one(qtbot, actions):
    document = _document()
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    spy = _RowSpy(panel)
    for n, (action, count) in enumerate(actions):
        before, inserted, removed = len(document.log), spy.inserted, spy.removed
        folded = not panel.model.expanded
        if action == "expand":  # the GM opens an entry's details: they stay shown until it is undone
            if document.log:
                panel.model.set_expanded(count % len(document.log), True)
            continue
        if action == "command":
            _step(document, n, entries=count)  # no entries: a step that adds nothing to the log
        else:
            for _ in range(count):
                getattr(document.undo_stack, action)()
        if folded:
            change = len(document.log) - before  # only the rows of the entries that came or went
            assert (spy.inserted - inserted, spy.removed - removed) == (max(change, 0), max(-change, 0))
        assert all(entry < len(document.log) for entry in panel.model.expanded)
        assert panel.model.rowCount() == len(document.log) + sum(
            len(document.log[entry].details) for entry in panel.model.expanded)
    assert spy.resets == 0
    assert spy.inserted - spy.removed == panel.model.rowCount()
    fresh = CombatLog(document)
    qtbot.addWidget(fresh)
    assert _rows(panel) == _rows(fresh)
    assert _rows(panel) == [(e.sentence, e.details) for e in document.log]
