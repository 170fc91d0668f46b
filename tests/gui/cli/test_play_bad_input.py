"""``vantage play`` on bad command files (reliability review, defects 10 and 18): "1,874 of 72,800
mutated commands raised something other than CommandRejected/DiceError, in 7 places". Each is now a
refusal that names the command and the place, exit 1, and every line written is valid JSON."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from vantage.gui.cli.play import run

ROOT = Path(__file__).resolve().parents[3]
GOLDEN = ROOT / "tests/golden/sample_fight/encounter.json"


POSIX_ONLY = pytest.mark.skipif(os.name == "nt", reason="pipes and /dev devices are POSIX")


def play(tmp_path: Path, commands: str | bytes, encounter: Path = GOLDEN,
         *extra: str) -> tuple[int, str, str]:
    path = tmp_path / "cmds.json"
    path.write_bytes(commands if isinstance(commands, bytes) else commands.encode("utf-8"))
    out, err = io.StringIO(), io.StringIO()
    code = run([str(encounter), "--commands", str(path), "--no-state", *extra], out, err)
    for line in out.getvalue().splitlines() if "--text" not in extra else ():
        json.loads(line)  # NaN echoed back as NaN would not be JSON
    return code, out.getvalue(), err.getvalue()


NINES = "9" * 4299


@pytest.mark.parametrize(("commands", "said"), [
    ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
    ('[{"type":"place","token":"bram","tile":[NaN,2]}]', "place.tile[0]: nan is not a whole number"),
    ('[{"type":"place","token":"bram","tile":[Infinity,0]}]', "place.tile[0]: inf is not a whole number"),
    ('[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[2]]}]', "move.path[1]: [2]"),
    ('[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[9,5,5]]}]', "move.path[1]"),
    ('[{"type":"start_combat"},{"type":"move","token":"ada","path":[0,0]}]', "move.path[0]: 0"),
    ('[{"type":"start_combat"},{"type":"move","token":"ada","path":[true,[]]}]', "move.path[0]: true"),
    ('[{"type":"start_combat","options":{"ambushers":[{}]}}]', "start_combat.options.ambushers"),
    ('[{"type":"start_combat"},{"type":"apply_damage","token":"ghoul","amount":' + NINES + "}]",
     "apply_damage.amount: a number of 4,299 digits is too large"),
    ('[{"type":"start_combat"},{"type":"apply_damage","token":"ghoul","amount":' + NINES[:400] + "}]",
     "apply_damage.amount: a number of 400 digits is too large"),
    ('[{"type":"start_combat"},{"type":"heal","token":"ghoul","amount":-100}]', "rejected"),
    ('[{"type":"move","type":"place","token":"bram","tile":[1,2]}]', 'the key "type" is given twice'),
    ('[{"type":"place","token":"bram","tile":[1.5,2.5]}]', "place.tile[0]: 1.5 is not a whole number"),
    ('[{"type":"set_condition","token":"bram","condition":"prone","rounds":1e18}]', "1e+18 is too large"),
    ('[{"type":["place"]}]', "unknown command type ['place']"),
])
def test_a_bad_command_is_a_refusal_naming_its_place(tmp_path, commands, said):
    code, _, err = play(tmp_path, commands)
    assert code == 1 and said in err and "Traceback" not in err


def test_a_whole_float_in_a_path_is_a_whole_number(tmp_path):
    """Review 10: "move path with a whole float [[1,2],[2.0,2]] → TypeError: bytearray indices"."""
    moves = '[{"type":"start_combat"},{"type":"move","token":"ada","path":[[1,2],[2.0,2]]}]'
    code, out, _ = play(tmp_path, moves)
    assert code == 0 and '"type": "moved"' in out


def test_a_lone_surrogate_in_a_token_name_is_printed_escaped(tmp_path):
    """Review 10: "a token name with a lone surrogate (accepted by check, crashes printing)"."""
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    data["tokens"][0]["name"] = "Bram \ud800"
    encounter = tmp_path / "surrogate.json"
    encounter.write_text(json.dumps(data), encoding="utf-8")
    token = data["tokens"][0]["id"]
    code, out, _ = play(tmp_path, json.dumps([{"type": "face", "token": token, "facing": "E"}]), encounter)
    assert code == 0 and "Bram \\ud800 turns to face E." in out
    code, out, _ = play(tmp_path, json.dumps([{"type": "face", "token": token, "facing": "E"}]), encounter,
                        "--text")
    assert code == 0 and out.startswith("Bram \\ud800 turns")


@POSIX_ONLY
def test_a_commands_file_that_is_not_a_file_says_what_it_is(tmp_path):
    """Review 18: "vantage play says 'no such commands file' for a FIFO, a folder or a device"."""
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    (tmp_path / "folder.json").mkdir()
    for path, said in ((fifo, "not a regular file"), (tmp_path / "folder.json", "this is a folder"),
                       (Path("/dev/zero"), "not a regular file"),
                       (tmp_path / "nope.json", "no such commands file")):
        out, err = io.StringIO(), io.StringIO()
        assert run([str(GOLDEN), "--commands", str(path)], out, err) == 1
        assert said in err.getvalue(), err.getvalue()
