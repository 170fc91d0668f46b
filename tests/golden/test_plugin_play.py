"""``vantage play`` with a ruleset plug-in (``--plugin skirmish=skirmish_ruleset:SKIRMISH``): a
command file whose move pauses for a reaction and is answered, the events printed, a script that
ends while the engine waits, and another ruleset's command refused naming both rulesets. Once in
process (``vantage.gui.cli.play.run``) and once as a real ``python -m vantage.gui play``."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from skirmish_ruleset import RULESET_ID, TARGET, sample_encounter

from vantage.engine.fileformat import encounter_from_dict, save_encounter
from vantage.engine.rules import unregister
from vantage.gui.cli import play

SUPPORT = Path(__file__).resolve().parents[1] / "support"
PLUGIN = f"{RULESET_ID}={TARGET}"
PAST_GHOUL = [[4, 6], [4, 5], [4, 4], [3, 4], [2, 4], [1, 4]]
START = {"type": "start_combat", "options": {"first": "party"}}
MOVE = {"type": "move", "token": "bram", "path": PAST_GHOUL}


@pytest.fixture(autouse=True)
def forget_the_plugin():
    """``--plugin`` registers Skirmish in this process: forget it after each test."""
    yield
    unregister(RULESET_ID)


@pytest.fixture
def fight(tmp_path) -> Path:
    path = tmp_path / "skirmish.json"
    save_encounter(sample_encounter(), path)
    return path


def _play(tmp_path, encounter, commands, *extra):
    cmds = tmp_path / "commands.json"
    cmds.write_text(json.dumps(commands), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    rc = play.run([str(encounter), "--commands", str(cmds), "--plugin", PLUGIN, *extra], out, err)
    lines = out.getvalue().splitlines()
    return rc, lines if "--text" in extra else [json.loads(line) for line in lines], err.getvalue()


def test_a_move_that_pauses_for_a_reaction_and_its_answer_play_headless(tmp_path, fight):
    """"A mover that leaves an enemy's reach may be struck by that enemy ... the move pauses at that
    step"; the ``answer`` in the command file resumes it and the events show the pause."""
    dice = tmp_path / "dice.json"
    dice.write_text("[15, 4]", encoding="utf-8")
    commands = [START, MOVE, {"type": "answer", "choice": "strike"}]
    rc, lines, err = _play(tmp_path, fight, commands, "--dice", str(dice))
    assert rc == 0 and err == ""
    kinds = [line["type"] for line in lines]
    assert kinds == ["combat_started", "round_began", "turn_began", "waiting", "note", "moved", "note",
                     "roll", "hit", "roll", "damage_taken", "damage_taken", "moved", "final_state"]
    assert lines[3]["who"] == "ghoul" and lines[3]["decision"]["at"] == [4, 4]
    assert lines[5]["path"] == PAST_GHOUL[:3] and lines[12]["path"] == PAST_GHOUL[2:]
    assert lines[7]["faces"] == [15]
    final = encounter_from_dict(lines[-1]["encounter"])
    assert final.token("bram").position == (1, 4) and "pending" not in final.combat


def test_a_script_that_ends_while_the_engine_waits_says_so_on_stderr(tmp_path, fight):
    """``vantage play``: "when the commands end while the engine waits for the table, stderr says
    what it waits for"."""
    rc, lines, err = _play(tmp_path, fight, [START, MOVE], "--text")
    assert rc == 0
    assert err == ("vantage play: the encounter waits — Bram leaves Ghoul's reach at (4, 4): does Ghoul "
                   "strike? (send an \"answer\" command)\n")


def test_another_rulesets_command_is_refused_naming_both_and_exits_1(tmp_path, fight):
    """"Commands are read in the vocabulary of the encounter's ruleset (another ruleset's command is
    refused by name)"."""
    rc, lines, err = _play(tmp_path, fight, [START, {"type": "stay", "token": "bram"}])
    assert rc == 1
    assert lines[-1]["type"] == "rejected" and lines[-1]["index"] == 1
    assert lines[-1]["reason"] == "'stay' is a command of Avorkarth, and this encounter plays Skirmish"
    assert err == ("vantage play: command 2 (stay) rejected: 'stay' is a command of Avorkarth, "
                   "and this encounter plays Skirmish\n")


def test_the_plugins_own_command_plays(tmp_path, fight):
    """Skirmish's ``catch_breath`` is read from a command file of a Skirmish encounter."""
    commands = [START, {"type": "apply_damage", "token": "bram", "amount": 1},
                {"type": "catch_breath", "token": "bram"}]
    rc, lines, _ = _play(tmp_path, fight, commands, "--text")
    assert rc == 0
    assert "Bram catches a breath: 1 guard back (guard 3/3, health 10/10)." in lines


@pytest.mark.slow  # the real command line, in a process of its own
def test_vantage_play_with_the_plugin_runs_as_a_program(tmp_path, fight):
    """The real command line: ``python -m vantage.gui play ... --plugin skirmish=skirmish_ruleset:SKIRMISH``
    with the plug-in importable from ``PYTHONPATH``."""
    cmds = tmp_path / "commands.json"
    cmds.write_text(json.dumps([START, MOVE, {"type": "answer"}]), encoding="utf-8")
    path = os.pathsep.join(filter(None, [str(SUPPORT), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run(
        [sys.executable, "-m", "vantage.gui", "play", str(fight), "--commands", str(cmds), "--plugin", PLUGIN,
         "--text"], capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    assert printed[:3] == ["Combat begins: Bram, Ada, Ghoul, Wight. The party side holds the initiative.",
                           "Round 1 begins.", "Bram's turn: the party side holds the initiative."]
    assert printed[3].startswith("Waiting for Ghoul: Bram leaves Ghoul's reach at (4, 4): does Ghoul strike?")
    assert printed[4:] == ["Ghoul: Let go.", "Bram moves 5 tiles to (1, 4)."]
    refused = tmp_path / "refused.json"
    refused.write_text(json.dumps([START, {"type": "stay", "token": "bram"}]), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "vantage.gui", "play", str(fight), "--commands", str(refused),
         "--plugin", PLUGIN],
        capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 1
    assert "'stay' is a command of Avorkarth, and this encounter plays Skirmish" in done.stderr
