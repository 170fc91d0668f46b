"""The combat log panel follows the log step by step.

Issue 32: "one undo at ~6,000 log entries: 132 ms: the combat log's whole tree is rebuilt" — the
log "updates incrementally and survives undo": a command's entries are appended, an undo removes
only the rows of the step undone, a redo adds them back, and after any mix of commands, undos and
redos the panel shows what a fresh panel shows."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.gm_commands import Place
from vantage.gui.document import EncounterDocument, LogEntry, SentCommand
from vantage.gui.play.combat_log import CombatLog


class _RowSpy:
    """Rows inserted into and removed from the top level of the panel's tree model."""

    def __init__(self, panel: CombatLog) -> None:
        self.inserted = 0
        self.removed = 0
        model = panel.tree.model()
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
    tree = panel.tree
    out = []
    for row in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(row)
        tree.expandItem(item)  # an entry's details are its rows once it is expanded
        out.append((item.text(0), tuple(item.child(k).text(0) for k in range(item.childCount()))))
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
    assert panel.tree.topLevelItemCount() == 5998
    document.undo_stack.redo()
    assert (spy.inserted, spy.removed, spy.resets) == (2, 2, 0)
    assert _rows(panel)[-1] == ("entry 2999.1", ("roll 2999.1",))
    _step(document, 3000, entries=3)
    assert (spy.inserted, spy.removed) == (5, 2)
    assert panel.tree.topLevelItemCount() == 6003


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
    tree = panel.tree
    plain, with_roll = tree.topLevelItem(0), tree.topLevelItem(1)
    assert (plain.childCount(), with_roll.childCount()) == (0, 0)  # made when first expanded
    assert tree.tooltip_at(with_roll) == "roll 0.1" and tree.tooltip_at(plain) == "entry 0.0"
    tree.expandItem(with_roll)
    tree.collapseItem(with_roll)
    tree.expandItem(with_roll)
    assert [with_roll.child(k).text(0) for k in range(with_roll.childCount())] == ["roll 0.1"]
    assert tree.tooltip_at(with_roll.child(0)) == "roll 0.1"


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
                              st.tuples(st.just("redo"), st.integers(1, 3))), max_size=40)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=_ACTIONS)
def test_after_any_commands_undos_and_redos_the_panel_matches_a_fresh_one(qtbot, actions):
    document = _document()
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    spy = _RowSpy(panel)
    for n, (action, count) in enumerate(actions):
        before, inserted, removed = len(document.log), spy.inserted, spy.removed
        if action == "command":
            _step(document, n, entries=count)  # no entries: a step that adds nothing to the log
        else:
            for _ in range(count):
                getattr(document.undo_stack, action)()
        change = len(document.log) - before  # only the rows of the entries that came or went
        assert (spy.inserted - inserted, spy.removed - removed) == (max(change, 0), max(-change, 0))
    fresh = CombatLog(document)
    qtbot.addWidget(fresh)
    assert _rows(panel) == _rows(fresh)
    assert _rows(panel) == [(e.sentence, e.details) for e in document.log]
    assert spy.resets == 0
    assert spy.inserted - spy.removed == len(document.log)
