"""``vantage play ENCOUNTER.json --commands COMMANDS.json [--seed N | --dice SCRIPT.json]``

Applies the commands to the encounter headless and prints one JSON event per line, then one
``{"type": "final_state", "encounter": {...}}`` line. ``--text`` prints the events' sentences
instead (the GM's account of the fight). A command the rules refuse prints
``{"type": "rejected", "index": i, "command": {...}, "reason": "..."}`` (and the reason on
stderr) and exits 1; files that cannot be read exit 1 with the problem. Commands are read in the
vocabulary of the encounter's ruleset (another ruleset's command is refused by name); when the
commands end while the engine waits for the table, stderr says what it waits for.
``--plugin ID=MODULE:ATTRIBUTE`` registers a ruleset plug-in first. See docs/commands.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from vantage.engine.dice import DiceError, DiceSource, ScriptedDice, SeededDice
from vantage.engine.fileformat import EncounterFileError, encounter_to_dict, load_encounter
from vantage.engine.rules import UnknownRuleset, read_command, register
from vantage.engine.rules.asking import ask_pending
from vantage.engine.session import CommandRejected, apply

MAX_SCRIPT_BYTES = 16 * 1024 * 1024


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="vantage play", description="Apply commands to an encounter headless.")
    p.add_argument("encounter", help="the encounter file (JSON)")
    p.add_argument("--commands", required=True, help="a JSON list of commands")
    dice = p.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed for the dice (default: 0)")
    dice.add_argument("--dice", help="a JSON list of die faces to use in order")
    p.add_argument("--text", action="store_true", help="print the log sentences instead of JSON")
    p.add_argument("--no-state", action="store_true", help="do not print the final state")
    p.add_argument("--plugin", action="append", default=[], metavar="ID=MODULE:ATTRIBUTE",
                   help="register a ruleset plug-in (importable module) before playing")
    return p


def _register_plugins(specs: list[str]) -> None:
    for spec in specs:
        ruleset_id, _, target = spec.partition("=")
        if not ruleset_id or ":" not in target:
            raise ValueError(f"--plugin {spec!r}: write ID=MODULE:ATTRIBUTE")
        register(ruleset_id, target)


def _read_json(path: str, what: str) -> Any:
    file = Path(path)
    if not file.is_file():
        raise ValueError(f"{path}: no such {what} file")
    if file.stat().st_size > MAX_SCRIPT_BYTES:
        raise ValueError(f"{path}: the {what} file is larger than {MAX_SCRIPT_BYTES // 2**20} MiB")
    try:
        return json.loads(file.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path}: not a JSON {what} file ({exc})") from None


def _commands(data: Any, path: str) -> list[Any]:
    if isinstance(data, dict) and isinstance(data.get("commands"), list):
        data = data["commands"]
    if not isinstance(data, list):
        raise ValueError(f"{path}: expected a list of commands (or {{\"commands\": [...]}})")
    return data


def _dice(args: argparse.Namespace) -> DiceSource:
    if args.dice is None:
        return SeededDice(args.seed if args.seed is not None else 0)
    data = _read_json(args.dice, "dice script")
    if isinstance(data, dict):
        data = data.get("faces")
    if not isinstance(data, list) or not all(isinstance(f, int) and not isinstance(f, bool) for f in data):
        raise ValueError(f"{args.dice}: a dice script is a list of whole numbers (or {{\"faces\": [...]}})")
    return ScriptedDice(data)


def _emit(out: TextIO, record: dict[str, Any], text: bool) -> None:
    if text:
        if "sentence" in record:
            print(record["sentence"], file=out)
    else:
        print(json.dumps(record, ensure_ascii=False), file=out)


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    args = _parser().parse_args(argv)
    try:
        _register_plugins(args.plugin)
        encounter = load_encounter(args.encounter)
        raw = _commands(_read_json(args.commands, "commands"), args.commands)
        dice = _dice(args)
    except (EncounterFileError, ValueError) as exc:
        print(f"vantage play: {exc}", file=err)
        return 1
    for index, data in enumerate(raw):
        try:
            # the encounter's ruleset vocabulary first: its own commands, another's refused by name
            command = read_command(data, encounter.ruleset)
            encounter, events = apply(encounter, command, dice)
        except (CommandRejected, DiceError, UnknownRuleset, ImportError) as exc:
            reason = exc.reason if isinstance(exc, CommandRejected) else str(exc)
            if isinstance(exc, ImportError):
                reason = f"the ruleset plug-in cannot be imported ({exc})"
            _emit(out, {"type": "rejected", "index": index, "command": data, "reason": reason,
                        "sentence": f"Command {index + 1} rejected: {reason}"}, args.text)
            print(f"vantage play: command {index + 1} ({_kind(data)}) rejected: {reason}", file=err)
            return 1
        for event in events:
            _emit(out, event.to_dict(), args.text)
    for decision in ask_pending(encounter):
        print(f"vantage play: the encounter waits — {decision.prompt} (send an \"answer\" command)",
              file=err)
    if not args.no_state and not args.text:
        _emit(out, {"type": "final_state", "encounter": encounter_to_dict(encounter)}, False)
    return 0


def _kind(data: object) -> str:
    return str(data.get("type")) if isinstance(data, dict) else "?"
