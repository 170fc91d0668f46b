"""``vantage play``: the headless runner's output, exit codes and error messages."""

from __future__ import annotations

import io
import json
from pathlib import Path

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.fileformat import encounter_from_dict, save_encounter
from vantage.gui.app import main
from vantage.gui.cli import play

FIGHT = Path(__file__).resolve().parent / "sample_fight"


def _run(tmp_path, commands, *extra):
    cmds = tmp_path / "commands.json"
    cmds.write_text(json.dumps(commands), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    rc = play.run([str(FIGHT / "encounter.json"), "--commands", str(cmds), *extra], out, err)
    return rc, out.getvalue().splitlines(), err.getvalue()


def test_seeded_runs_repeat_and_end_with_the_final_state(tmp_path):
    commands = [{"type": "start_combat"}, {"type": "end_turn", "token": "ada"}]
    first = _run(tmp_path, commands, "--seed", "7")
    second = _run(tmp_path, commands, "--seed", "7")
    assert first == second and first[0] == 0
    final = json.loads(first[1][-1])
    assert final["type"] == "final_state"
    encounter = encounter_from_dict(final["encounter"])
    assert encounter.combat["started"] and encounter.combat["round"] == 1
    assert all("sentence" in json.loads(line) for line in first[1][:-1])


def test_rejected_command_prints_the_reason_and_exits_1(tmp_path):
    commands = [{"type": "start_combat"}, {"type": "attack", "attacker": "bram", "target": "ghoul"}]
    rc, lines, err = _run(tmp_path, commands, "--dice", str(FIGHT / "dice.json"))
    assert rc == 1
    last = json.loads(lines[-1])
    assert last["type"] == "rejected" and last["index"] == 1
    assert last["reason"] == "Bram cannot act now: it is Ada's turn"
    assert "command 2 (attack) rejected: Bram cannot act now" in err


def test_unknown_command_and_exhausted_dice_are_rejections(tmp_path):
    rc, lines, _ = _run(tmp_path, [{"type": "teleport"}])
    assert rc == 1 and "unknown command type 'teleport'" in json.loads(lines[-1])["reason"]
    dice = tmp_path / "dice.json"
    dice.write_text("[12]", encoding="utf-8")
    rc, lines, _ = _run(tmp_path, [{"type": "start_combat"}, {"type": "end_turn", "token": "ada"}],
                        "--dice", str(dice))
    assert rc == 1 and "ran out" in json.loads(lines[-1])["reason"]


def test_unreadable_files_exit_1_with_the_problem(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    assert play.run([str(tmp_path / "nope.json"), "--commands", str(tmp_path / "c.json")], out, err) == 1
    assert "nope.json" in err.getvalue()
    bad = tmp_path / "dice.json"
    bad.write_text('{"faces": "12"}', encoding="utf-8")
    rc, _, err_text = _run(tmp_path, [], "--dice", str(bad))
    assert rc == 1 and "a dice script is a list of whole numbers" in err_text
    cmds = tmp_path / "commands.json"
    cmds.write_text("{not json", encoding="utf-8")
    rc = play.run([str(FIGHT / "encounter.json"), "--commands", str(cmds)], out, err)
    assert rc == 1 and "not a JSON commands file" in err.getvalue()


def test_text_mode_prints_the_log(tmp_path, capsys):
    rc = main(["play", str(FIGHT / "encounter.json"), "--commands", str(FIGHT / "commands.json"),
               "--dice", str(FIGHT / "dice.json"), "--text"])
    assert rc == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed == (FIGHT / "log.txt").read_text(encoding="utf-8").splitlines()


def test_a_command_file_with_map_edits_replays(tmp_path):
    """Issue 11: "`vantage play` cannot replay a session in which a door was opened" — now doors,
    terrain strokes and fog are commands like any other."""
    source = tmp_path / "demo.json"
    save_encounter(demo_encounter(), source)
    commands = [
        {"type": "set_door", "a": [12, 7], "b": [13, 7], "open": True},
        {"type": "paint_terrain", "tiles": [[1, 14], [2, 14]], "terrain": "chasm"},
        {"type": "set_fog", "enabled": True},
        {"type": "reveal_fog", "tiles": [[0, 0], [1, 0]]},
    ]
    cmds = tmp_path / "commands.json"
    cmds.write_text(json.dumps(commands), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert play.run([str(source), "--commands", str(cmds)], out, err) == 0, err.getvalue()
    lines = [json.loads(line) for line in out.getvalue().splitlines()]
    kinds = [e["type"] for e in lines]
    assert kinds == ["door_set", "terrain_painted", "fog_set", "fog_changed", "final_state"]
    assert lines[0]["sentence"] == "The GM opens the door from (12, 7) to (13, 7)."
    final = encounter_from_dict(lines[-1]["encounter"])
    door = next(w for w in final.map.walls if w.a == (12.0, 7.0) and w.b == (13.0, 7.0))
    assert door.kind.value == "door-open"
    assert final.map.terrain_at((2, 14)).id == "chasm"
    assert final.map.fog_enabled and final.map.revealed == {(0, 0), (1, 0)}
