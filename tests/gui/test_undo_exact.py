"""Undo and redo give back exactly what was there (issue 32: the undo history keeps a step compact —
"store per step only what the step changed" — and "behaviour must not change").

A long scripted session on the first sample (turn ends, the ruleset's rolls at each new round, the
GM placing the acting token), every state recorded going forward; then everything undone, each
state compared with the one recorded, then everything redone, compared again: the encounter (its
combat data type for type: ``1``, ``1.0`` and ``True`` are equal in Python, not in a file), the
log and the commands with their events. Most of the older steps keep only what their command
changed, so going back to them makes their encounters again."""

from __future__ import annotations

from place_steps import place_on_a_free_tile

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import SetTableDice
from vantage.engine.rules.asking import ask_turn, ask_turn_options
from vantage.engine.rules.combat_work import same_json
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.document import KEPT_EVERY, RECENT_STEPS, EncounterDocument, run_command


def _session(document: EncounterDocument, commands: int) -> None:
    encounter = document.encounter
    tiles = [(x, y) for y in range(encounter.map.height) for x in range(encounter.map.width)]
    for step in range(commands):
        turn = ask_turn(document.encounter)
        if turn is None:
            from vantage.engine.protocol.commands import StartCombat
            run_command(document, "Start combat", StartCombat(), turn_change=True)
            continue
        if step % 3 == 0 or turn.actor is None:
            option = next(o for o in ask_turn_options(document.encounter) if o.legal)
            run_command(document, f"Turn: {option.label}", option.command, turn_change=True)
            continue
        place_on_a_free_tile(document, turn.actor, tiles, step)


def _snapshot(document: EncounterDocument) -> tuple[object, ...]:
    """The state as values that tell ``1`` from ``1.0`` (its text): the encounter, the log
    and the commands sent with their events, and where the last turn change is."""
    return (document.encounter, repr(document.encounter), document.log, document.sent,
            document.last_turn_change)


def _same(now: tuple[object, ...], recorded: tuple[object, ...]) -> bool:
    encounter, text, log, sent, turn_step = now
    return (encounter == recorded[0] and same_json(dict(encounter.combat), dict(recorded[0].combat))
            and text == recorded[1] and log == recorded[2] and sent == recorded[3]
            and turn_step == recorded[4])


def test_undoing_everything_and_redoing_it_gives_every_state_back_exactly(qtbot):
    path = sample_encounters()[0]
    encounter, _ = apply(load_encounter(path), SetTableDice(), SeededDice(0))
    document = EncounterDocument(encounter, path)
    document.dice = SeededDice(32)
    recorded = [_snapshot(document)]
    stack = document.undo_stack
    for _ in range(150):
        _session(document, 1)
        if stack.count() == len(recorded):
            recorded.append(_snapshot(document))
    assert stack.count() == len(recorded) - 1 >= 140
    assert len(document.log) > 200 and any(e.kind == "round_began" for e in document.log)
    kept = [stack.state_at(i).keeps_encounter for i in range(stack.count() + 1)]
    assert kept[-RECENT_STEPS:] == [True] * RECENT_STEPS and kept[0] and kept[KEPT_EVERY]
    assert kept.count(False) > 90  # older steps keep what they changed: their encounters are made again

    while stack.canUndo():
        stack.undo()
        assert _same(_snapshot(document), recorded[stack.index()]), f"undo to step {stack.index()}"
    assert stack.index() == 0
    while stack.canRedo():
        stack.redo()
        assert _same(_snapshot(document), recorded[stack.index()]), f"redo to step {stack.index()}"
    stack.setIndex(10)
    assert _same(_snapshot(document), recorded[10])
    stack.setIndex(stack.count())
    assert _same(_snapshot(document), recorded[-1])
