"""Locked doors (issue 30 item 7: "clear open/closed/locked marks on both screens"): a locked door is a
closed door that must be unlocked before it opens. It blocks movement and sight like a closed one,
is named in a refusal, is kept in the file and shown to the players as locked."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.geometry.sight import line_of_sight
from vantage.engine.model import Encounter, GameMap, Side, Token, Wall, WallKind
from vantage.engine.movement import MovementRules, find_path
from vantage.engine.protocol import gm_commands as g
from vantage.engine.session import CommandRejected, apply
from vantage.engine.table.player_view import player_view

DOOR = ((2.0, 0.0), (2.0, 1.0))


def _encounter(kind: WallKind = WallKind.DOOR_CLOSED) -> Encounter:
    """A corridor one tile high: Bram west of a door, the ghoul east of it."""
    walls = (Wall(*DOOR, kind), Wall((0.0, 1.0), (5.0, 1.0)))
    tokens = (Token("bram", "Bram", (0, 0), Side.PARTY), Token("ghoul", "Ghoul", (4, 0), Side.ENEMY))
    return Encounter(replace(GameMap(5, 2), walls=walls), tokens, ruleset="avorkarth")


def _apply(encounter: Encounter, command) -> tuple[Encounter, list]:
    return apply(encounter, command, ScriptedDice([]))


def test_the_gm_locks_and_unlocks_a_door_each_one_logged_step():
    locked, events = _apply(_encounter(), g.SetDoor(*DOOR, open=False, locked=True))
    assert locked.map.walls[0].kind is WallKind.DOOR_LOCKED
    assert events[0].sentence == "The GM locks the door from (2, 0) to (2, 1)." and events[0].locked
    unlocked, events = _apply(locked, g.SetDoor(*DOOR, open=False))
    assert unlocked.map.walls[0].kind is WallKind.DOOR_CLOSED
    assert events[0].sentence == "The GM unlocks the door from (2, 0) to (2, 1)."
    opened, _ = _apply(unlocked, g.SetDoor(*DOOR, open=True))
    assert opened.map.walls[0].kind is WallKind.DOOR_OPEN
    relocked, events = _apply(opened, g.SetDoor(*DOOR, open=False, locked=True))  # shut and locked
    assert relocked.map.walls[0].kind is WallKind.DOOR_LOCKED
    assert events[0].sentence.startswith("The GM locks")


def test_a_locked_door_does_not_open_until_unlocked():
    locked = _encounter(WallKind.DOOR_LOCKED)
    with pytest.raises(CommandRejected, match=r"the door from \(2, 0\) to \(2, 1\) is locked: unlock it"):
        _apply(locked, g.SetDoor(*DOOR, open=True))
    with pytest.raises(CommandRejected, match="an open door cannot be locked"):
        _apply(locked, g.SetDoor(*DOOR, open=True, locked=True))
    assert _apply(locked, g.SetDoor(*DOOR, open=False, locked=True)) == (locked, [])  # already locked


def test_a_locked_door_blocks_movement_and_sight_and_is_named():
    locked = _encounter(WallKind.DOOR_LOCKED)
    with pytest.raises(CommandRejected) as refused:
        find_path(locked, "bram", (3, 0), 20, MovementRules())
    assert str(refused.value) == "a locked door in the way (2, 0)–(2, 1)"
    assert not line_of_sight(locked, "bram", "ghoul").clear
    assert WallKind.DOOR_LOCKED.is_door and WallKind.DOOR_LOCKED.blocks_movement


def test_a_locked_door_is_saved_and_shown_to_the_players_as_locked(tmp_path):
    path = tmp_path / "vault.json"
    save_encounter(_encounter(WallKind.DOOR_LOCKED), path)
    assert '"door-locked"' in path.read_text(encoding="utf-8")
    assert load_encounter(path).map.walls[0].kind is WallKind.DOOR_LOCKED
    assert player_view(_encounter(WallKind.DOOR_LOCKED)).map.walls[0].kind is WallKind.DOOR_LOCKED
