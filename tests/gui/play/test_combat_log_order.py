"""The combat log reads in the order things happened (GM walkthrough 3: at a turn change whose new turn
begins with a roll at the table, "Waiting for Ysolde: Roll 1d20 at the table: morale check, Ysolde."
came before "Mira ends the turn." and "Ysolde's turn …": the waiting command logs only that line, and
once answered everything it did from its start). Avorkarth: "Morale checks are a roll required by all
characters at the start of the first turn within a round." — the roll asked at the table here."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.engine.dice import SeededDice
from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.combat_log import RollId
from vantage.engine.protocol.commands import Answer
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.ruleset_base import RulesetBase
from vantage.gui.document import EncounterDocument, LogEntry, SentCommand, run_command
from vantage.gui.play.combat_log import CombatLog, as_it_happened, happened_order
from vantage.gui.play.turn_tracker import TurnTracker

WAIT = "Waiting for Ysolde: Roll 1d20 at the table: morale check, Ysolde."


def _answer(document: EncounterDocument) -> None:
    (decision,) = ask_pending(document.encounter)
    run_command(document, "Dice at the table", Answer(faces=(12,) * decision.dice.count))


def _shown(panel: CombatLog) -> list[str]:
    return [panel.model.text_at(row) for row in range(panel.model.rowCount())]


def _to_the_turn_change(qtbot, sample_panels, seen_waiting=None):
    """The courtyard's combat started (Mira's morale roll answered), her turn ended, and Ysolde's
    resolve roll answered at the table: the document and its log panel. ``seen_waiting`` is called
    with the panel while Ysolde's roll waits."""
    window = sample_panels("01-ruined-courtyard.json", centre=(8, 8), vantage_rolls=False)
    document = window.document
    document.dice = SeededDice(5)
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    tracker = TurnTracker(document)
    tracker.start_combat()
    _answer(document)  # Mira's morale check
    tracker.next_turn()
    if seen_waiting is not None:
        seen_waiting(panel)
    _answer(document)
    return document, panel


def test_a_turn_change_that_waits_for_a_roll_reads_in_order(qtbot, sample_panels):
    def waiting(panel):
        assert _shown(panel)[-1] == WAIT  # while it waits, the line is the last
    document, panel = _to_the_turn_change(qtbot, sample_panels, waiting)
    rows = _shown(panel)
    turn = rows.index("Mira ends the turn.")
    assert rows[turn:turn + 4] == ["Mira ends the turn.", "Ysolde's turn (round 1, 6 actions).", WAIT,
                                   rows[turn + 3]]
    assert rows[turn + 3].startswith("Ysolde's resolve check")
    start = rows.index("Round 1 begins.")
    assert rows[start + 1].startswith("Mira's turn") and rows[start + 2].startswith("Waiting for Mira: Roll")
    assert panel.text().splitlines()[0].startswith("Combat begins.")  # Copy and Export read the same
    document.undo_stack.undo()  # the answer: waiting again, the line last again
    assert _shown(panel)[-1] == WAIT and "Mira ends the turn." not in _shown(panel)
    document.undo_stack.redo()
    assert _shown(panel) == rows
    fresh = CombatLog(document)
    qtbot.addWidget(fresh)
    assert _shown(fresh) == rows
    log = tuple(document.log)
    assert any(entry.awaits is not None for entry in log)
    # the order comes from the rolls' identities, not the prompt's words: reworded, the same order
    reworded = tuple(replace(e, sentence=f"The table throws for {n}") if e.kind == "waiting" else e
                     for n, e in enumerate(log))
    assert happened_order(reworded) == happened_order(log) and happened_order(log)[1]
    # a log saved before the entries kept their rolls shows in the logged order
    older = tuple(replace(e, rolls=(), awaits=None) for e in log)
    assert happened_order(older) == (list(range(len(log))), [])
    assert [e.sentence for e in as_it_happened(older)[0]] == [e.sentence for e in log]


def test_the_engine_prompt_reworded_the_log_reads_in_the_same_order(qtbot, sample_panels, monkeypatch):
    """The waiting line's place comes from the roll it asks for as data (its purpose and dice), not
    from the prompt's words: reworded, the line still sits just before the roll it asked for."""
    monkeypatch.setattr(RulesetBase, "_waiting_text", lambda self, encounter, decision: "the dice, please")
    _, panel = _to_the_turn_change(qtbot, sample_panels)
    rows = _shown(panel)
    turn = rows.index("Mira ends the turn.")
    assert rows[turn + 1:turn + 3] == ["Ysolde's turn (round 1, 6 actions).", "The dice, please."]
    assert rows[turn + 3].startswith("Ysolde's resolve check")


def test_a_waiting_line_for_a_choice_stays_before_its_answer():
    """ "The GM: Dodge 1." (the answer) opens what follows the question."""
    entries = [LogEntry("Waiting for the GM: Bram attacks Hask: how does Hask resist?", (), "waiting"),
               LogEntry("The GM: Dodge 1.", (), "note"), LogEntry("Bram hits Hask.", ("2d6 …",), "hit")]
    assert as_it_happened(entries) == (entries, [])


_WAITS = ("Waiting for A: Roll 1d6 at the table: a check.", "Waiting for B: a question?")
_CHECK = RollId("a check", "1d6")


def _entries(n: int, kind: int) -> tuple[LogEntry, ...]:
    """A step's entries: a wait for a roll, a wait for a choice, or what follows (the roll's line)."""
    if kind == 0:
        return (LogEntry(_WAITS[0], (), "waiting", awaits=_CHECK),)
    if kind == 1:
        return (LogEntry(_WAITS[1], (), "waiting"),)
    return (LogEntry(f"turn {n}", (), "turn_began"),
            LogEntry(f"check {n}", ("a check: 1d6 [4] = 4",), "check", rolls=(_CHECK,)))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(st.one_of(st.tuples(st.just("step"), st.integers(0, 2)),
                                  st.tuples(st.just("undo"), st.integers(1, 3)),
                                  st.tuples(st.just("redo"), st.integers(1, 3))), max_size=30))
def test_step_by_step_the_panel_shows_what_a_fresh_one_shows(qtbot, actions):
    document = EncounterDocument(Encounter(GameMap(6, 4), name="table", ruleset="avorkarth"))
    panel = CombatLog(document)
    qtbot.addWidget(panel)
    for n, (action, value) in enumerate(actions):
        if action == "step":
            document.commit(f"step {n}", SentCommand(Place("bram", (n % 6, 0))), document.encounter,
                            _entries(n, value))
        else:
            for _ in range(value):
                getattr(document.undo_stack, action)()
        shown = [entry.sentence for entry in panel.model.entries]
        assert shown == [entry.sentence for entry in as_it_happened(tuple(document.log))[0]]
