"""The combat log kept in the encounter file (issue 27, item 6: "The combat log is saved with its
encounter and comes back on reopen, recovery and undo"), bounded so that a file stays within what
Vantage opens (docs/file-format.md, ``log``)."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from vantage.engine.fileformat import EncounterFileError, dumps_encounter, load_encounter, loads_encounter
from vantage.engine.fileformat import save_encounter as save
from vantage.engine.model import Encounter, GameMap
from vantage.engine.protocol.combat_log import (
    MAX_LOG_CHARACTERS,
    MAX_LOG_DETAILS,
    MAX_LOG_ENTRIES,
    MAX_LOG_TEXT,
    CombatLog,
    EarlierEntries,
    LogEntry,
    RollId,
    log_entries,
)
from vantage.engine.protocol.events import DecisionAwaited, Note, RollMade

HIT = LogEntry("Bram hits the Ghoul.", ("d20 → 15", "Hit category: 1"), "hit")
MOVED = LogEntry("Bram moves to (3, 4).", (), "moved")


def fight(log: CombatLog) -> Encounter:
    return Encounter(GameMap(4, 3), name="Fight", ruleset="avorkarth", log=log)


def file_data(log: CombatLog) -> dict:
    return json.loads(dumps_encounter(fight(log)))


def test_the_log_is_written_into_the_file_and_read_back(tmp_path):
    log = CombatLog((MOVED, HIT, LogEntry("Something happens.")))
    path = tmp_path / "fight.json"
    save(fight(log), path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3
    assert data["log"] == {"entries": [
        {"sentence": "Bram moves to (3, 4).", "kind": "moved"},
        {"sentence": "Bram hits the Ghoul.", "details": ["d20 → 15", "Hit category: 1"], "kind": "hit"},
        {"sentence": "Something happens."},
    ]}
    assert load_encounter(path).log == log


def test_an_empty_log_is_left_out_of_the_file():
    assert "log" not in file_data(CombatLog())


def test_a_version_2_file_opens_with_an_empty_log_and_a_stray_log_key_is_dropped():
    data = file_data(CombatLog((HIT,)))
    data["version"] = 2
    data["log"] = "not Vantage's"  # a version-2 file never had a log: the key was someone else's
    assert loads_encounter(json.dumps(data)).log == CombatLog()


def test_the_oldest_entries_beyond_the_limit_are_summarised_by_kind():
    notes = tuple(LogEntry(f"line {n}", (), "note") for n in range(MAX_LOG_ENTRIES))
    entries = (MOVED,) * 3 + (HIT,) * 2 + notes
    kept = loads_encounter(dumps_encounter(fight(CombatLog(entries)))).log
    assert len(kept.entries) == MAX_LOG_ENTRIES and kept.entries[0].sentence == "line 0"
    assert kept.earlier == EarlierEntries(5, (("hit", 2), ("moved", 3)))
    summary = kept.shown()[0]
    assert summary.sentence == ("5 earlier entries are summarised here (an encounter file keeps the newest "
                                "5,000).")
    assert summary.details == ("2 × hit", "3 × moved") and summary.kind == "summary"
    # saved again with two more entries: two more are folded, the counts add up
    again = loads_encounter(dumps_encounter(fight(kept.extended((HIT, HIT))))).log
    assert again.earlier == EarlierEntries(7, (("hit", 2), ("moved", 3), ("note", 2)))
    assert again.entries[-2:] == (HIT, HIT) and len(again.entries) == MAX_LOG_ENTRIES


def test_a_log_of_very_long_lines_is_cut_and_kept_within_the_character_budget():
    huge = LogEntry("x" * (MAX_LOG_TEXT * 3), tuple(f"d{n}" for n in range(MAX_LOG_DETAILS + 50)), "hit")
    count = MAX_LOG_CHARACTERS // MAX_LOG_TEXT + 5
    long_lines = tuple(LogEntry("y" * MAX_LOG_TEXT, (), "note") for _ in range(count))
    kept = loads_encounter(dumps_encounter(fight(CombatLog((huge, *long_lines))))).log
    assert sum(entry.characters for entry in kept.entries) <= MAX_LOG_CHARACTERS
    fitting = MAX_LOG_CHARACTERS // long_lines[0].characters  # 399 lines of 10,004 characters
    assert kept.earlier is not None and kept.earlier.entries == 1 + count - fitting  # the huge one and 6
    kind_only = LogEntry("short", (), "k" * (MAX_LOG_TEXT + 1))  # a plug-in's very long kind is cut too
    assert len(CombatLog((kind_only,)).bounded().entries[0].kind) == MAX_LOG_TEXT
    cut = CombatLog((huge,)).bounded().entries[0]
    assert len(cut.sentence) == MAX_LOG_TEXT and cut.sentence.endswith("…")
    assert len(cut.details) == MAX_LOG_DETAILS and cut.details[-1] == "… and 51 more"


def test_a_file_with_more_entries_than_the_limit_is_refused_before_any_is_read():
    data = file_data(CombatLog((HIT,)))
    data["log"]["entries"] = [{"sentence": 5}] * (MAX_LOG_ENTRIES + 1)  # never read: one problem, not 5,001
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(json.dumps(data))
    assert [str(p) for p in caught.value.problems] == [
        "log.entries: 5,001 entries; an encounter file keeps at most 5,000 (older ones are summarised in "
        "log.earlier)"]


@pytest.mark.parametrize(("change", "said"), [
    (lambda log: log["entries"][0].update(sentence=7),
     "log.entries[0].sentence: expected a string, got a number"),
    (lambda log: log["entries"][0].pop("sentence"), "log.entries[0].sentence: is missing (it is required)"),
    (lambda log: log["entries"][0].update(details="d20"), "log.entries[0].details: expected a list […]"),
    (lambda log: log["entries"][0].update(sentence="z" * (MAX_LOG_TEXT + 1)),
     "log.entries[0].sentence: 10,001 characters; a log line holds at most 10,000"),
    (lambda log: log["entries"][0].update(details=["r"] * (MAX_LOG_DETAILS + 1)),
     "log.entries[0].details: 101 details; a log entry holds at most 100"),
    (lambda log: log.update(earlier={"entries": 0}),
     "log.earlier.entries: expected a whole number of entries"),
    (lambda log: log.update(earlier={"entries": 3, "kinds": {"hit": -1}}),
     "log.earlier.kinds.hit: expected a whole number"),
    (lambda log: log.update(entries={}), "log.entries: expected a list […]"),
    (lambda log: log["entries"][0].update(rolls={"purpose": "a"}),
     "log.entries[0].rolls: expected a list […]"),
    (lambda log: log["entries"][0].update(rolls=[{"purpose": "a"}]),
     "log.entries[0].rolls[0].dice: is missing (it is required)"),
    (lambda log: log["entries"][0].update(rolls=[{"purpose": "a", "dice": "1d6"}] * (MAX_LOG_DETAILS + 1)),
     "log.entries[0].rolls: 101 rolls; a log entry holds at most 100"),
    (lambda log: log["entries"][0].update(awaits="1d20"), "log.entries[0].awaits: expected an object"),
    (lambda log: log["entries"][0].update(awaits={"purpose": 3, "dice": "1d20"}),
     "log.entries[0].awaits.purpose: expected a string, got a number"),
])
def test_a_damaged_log_is_refused_naming_the_place(change, said):
    data = file_data(CombatLog((HIT,)))
    change(data["log"])
    with pytest.raises(EncounterFileError) as caught:
        loads_encounter(json.dumps(data))
    assert any(str(p).startswith(said) for p in caught.value.problems), caught.value.problems


def test_whatever_log_vantage_writes_it_reads_back():
    """"Whatever Vantage writes, it reads back" (docs/reliability.md) holds for the log too: a log far
    beyond every limit is folded, not refused at the save."""
    wild = tuple(LogEntry("w" * (MAX_LOG_TEXT + 7), ("d",) * (MAX_LOG_DETAILS + 3), "k" * 20_000)
                 for _ in range(50)) + (HIT,) * (MAX_LOG_ENTRIES + 10)
    text = dumps_encounter(fight(CombatLog(wild, EarlierEntries(2**50, (("hit", 2**50),)))))
    back = loads_encounter(text).log
    assert back.entries[-1] == HIT and back.earlier is not None
    assert back.earlier.entries == 2**50 + 60


def test_the_rolls_of_an_entry_and_the_roll_a_waiting_entry_asks_for_are_kept_as_data(tmp_path):
    """The identity of a roll (what for, which dice: the engine's ``purpose`` and ``expr``) comes
    with the entries, so the GM window finds which entry a roll asked at the table went into
    without reading the sentences; it is written to the file and read back."""
    asked = {"kind": "roll", "who": "ysolde", "prompt": "Roll 1d20 at the table: morale check, Ysolde",
             "choices": [], "default": None,
             "dice": {"expr": "1d20", "count": 1, "sides": 20, "purpose": "morale check, Ysolde"}}
    (waiting,) = log_entries([DecisionAwaited(sentence="Waiting for Ysolde: …", who="ysolde",
                                              decision=asked)])
    roll = RollMade(sentence="morale check, Ysolde: 1d20 [12] = 12.", purpose="morale check, Ysolde",
                    expr="1d20", faces=(12,), kept=(12,), total=12)
    (check,) = log_entries([roll, Note(sentence="Ysolde holds.")])
    assert waiting.awaits == RollId("morale check, Ysolde", "1d20") and waiting.rolls == ()
    assert check.rolls == (RollId("morale check, Ysolde", "1d20"),) and check.awaits is None
    assert check.details == ("morale check, Ysolde: 1d20 [12] = 12.",)
    (dice_only,) = log_entries([roll])
    assert dice_only.sentence == "Dice rolled." and dice_only.rolls == check.rolls
    data = file_data(CombatLog((waiting, check)))
    assert data["log"]["entries"][0]["awaits"] == {"purpose": "morale check, Ysolde", "dice": "1d20"}
    assert data["log"]["entries"][1]["rolls"] == [{"purpose": "morale check, Ysolde", "dice": "1d20"}]
    path = tmp_path / "fight.json"
    save(fight(CombatLog((waiting, check))), path)
    assert load_encounter(path).log.entries == (waiting, check)


def test_the_log_changes_nothing_else_in_the_encounter():
    plain = fight(CombatLog())
    logged = replace(plain, log=CombatLog((HIT,)))
    assert replace(loads_encounter(dumps_encounter(logged)), log=CombatLog()) == plain


def test_the_players_never_see_the_log():
    """"Nothing the filter removes is ever sent" (DESIGN.md): the log is the GM's record (it names
    hidden tokens and rolls), so the players' view of an encounter carries none of it."""
    from vantage.engine.table.player_view import player_view

    assert player_view(fight(CombatLog((HIT,), EarlierEntries(3, (("moved", 3),))))).log == CombatLog()
