"""``vantage play ENCOUNTER.json --commands COMMANDS.json [--seed N | --dice SCRIPT.json]``

Applies the commands to the encounter headless and prints one JSON event per line, then one
``{"type": "final_state", "encounter": {...}}`` line. ``--text`` prints the events' sentences
instead (the GM's account of the fight). A command the rules refuse prints
``{"type": "rejected", "index": i, "command": {...}, "reason": "..."}`` (and the reason on
stderr) and exits 1; files that cannot be read exit 1 with the problem. Commands are read in the
vocabulary of the encounter's ruleset (another ruleset's command is refused by name); when the
commands end while the engine waits for the table, stderr says what it waits for.
``--plugin ID=MODULE:ATTRIBUTE`` registers a ruleset plug-in first. See docs/commands.md.

``--campaign DIR`` brings the campaign's party onto the map first (at its start area, or at the
tiles ``--at X,Y`` given one per character) and, when the commands leave the fight over, returns it
to the roster: ``{"type": "roster_changes", "changes": [...]}`` says what changed, and the roster,
the clock, the encounter's status and the journal are written to the campaign (docs/campaigns.md).

The combat log is kept with the encounter as in the GM window: the final state's ``log`` is the
file's log followed by this session's entries (docs/file-format.md, ``log``), and ``--save FILE``
writes that encounter to FILE (atomically, the old file kept as ``FILE.bak``) — after a refused
command too, with what was played up to it.
"""

from __future__ import annotations

import argparse
import json
import math
import stat
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, TextIO

from vantage.engine.dice import DiceError, DiceSource, ScriptedDice, SeededDice
from vantage.engine.fileformat import EncounterFileError, encounter_to_dict, load_encounter, save_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol.combat_log import CombatLog, LogEntry, log_entries
from vantage.engine.rules import UnknownRuleset, read_command, register
from vantage.engine.rules.asking import ask_pending
from vantage.engine.session import CommandRejected, Event, apply
from vantage.gui.cli import campaign_play
from vantage.gui.cli.options import whole_option

MAX_SCRIPT_BYTES = 16 * 1024 * 1024


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="vantage play", description="Apply commands to an encounter headless.")
    p.add_argument("encounter", help="the encounter file (JSON)")
    p.add_argument("--commands", required=True, help="a JSON list of commands")
    dice = p.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=whole_option(), help="seed for the dice (default: 0)")
    dice.add_argument("--dice", help="a JSON list of die faces to use in order")
    p.add_argument("--text", action="store_true", help="print the log sentences instead of JSON")
    p.add_argument("--no-state", action="store_true", help="do not print the final state")
    p.add_argument("--save", metavar="FILE", help="write the encounter as the commands left it, with its "
                   "combat log, to FILE")
    p.add_argument("--plugin", action="append", default=[], metavar="ID=MODULE:ATTRIBUTE",
                   help="register a ruleset plug-in (importable module) before playing")
    p.add_argument("--campaign", help="a campaign folder: its party is brought in and returned")
    p.add_argument("--at", action="append", default=[], metavar="X,Y",
                   help="with --campaign: a tile for each character (else the map's start area)")
    return p


def _register_plugins(specs: list[str]) -> None:
    for spec in specs:
        ruleset_id, _, target = spec.partition("=")
        if not ruleset_id or ":" not in target:
            raise ValueError(f"--plugin {spec!r}: write ID=MODULE:ATTRIBUTE")
        register(ruleset_id, target)


def _read_json(path: str, what: str) -> Any:
    """The JSON in the file at ``path``; ValueError saying what is wrong and where. Only a regular
    file is read (a pipe or a device would block or never end), its size checked first, and a
    key given twice in one object is refused (``{"type": "move", "type": "place"}``)."""
    file = Path(path)
    try:
        info = file.stat()
    except FileNotFoundError:
        raise ValueError(f"{path}: no such {what} file") from None
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the {what} file ({exc.strerror or exc})") from None
    if stat.S_ISDIR(info.st_mode):
        raise ValueError(f"{path}: this is a folder, not a {what} file")
    if not stat.S_ISREG(info.st_mode):
        raise ValueError(f"{path}: this is not a regular file (a device or a pipe?), not a {what} file")
    if info.st_size > MAX_SCRIPT_BYTES:
        raise ValueError(f"{path}: the {what} file is larger than {MAX_SCRIPT_BYTES // 2**20} MiB")
    try:
        with file.open("rb") as handle:
            raw = handle.read(MAX_SCRIPT_BYTES + 1)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read the {what} file ({exc.strerror or exc})") from None
    if len(raw) > MAX_SCRIPT_BYTES:
        raise ValueError(f"{path}: the {what} file is larger than {MAX_SCRIPT_BYTES // 2**20} MiB")
    try:
        return json.loads(raw.decode("utf-8-sig"), object_pairs_hook=_refuse_repeated_keys)
    except UnicodeDecodeError as exc:
        raise ValueError(f"{path}: not UTF-8 text (byte {exc.start}); a {what} file is JSON text") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path}: not a JSON {what} file (line {exc.lineno}, column {exc.colno}: "
                         f"{exc.msg})") from None
    except RecursionError:
        raise ValueError(f"{path}: the JSON is nested too deeply to be a {what} file") from None
    except ValueError as exc:  # a repeated key, or a number with more digits than Python reads
        reason = str(exc) if isinstance(exc, RepeatedKey) else "a number has more than 4,300 digits"
        raise ValueError(f"{path}: {reason}") from None


class RepeatedKey(ValueError):
    """A JSON object names one key twice."""


def _refuse_repeated_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise RepeatedKey(f"the key {_printable(json.dumps(key))} is given twice in one object")
            seen.add(key)
    return result


def _printable(text: str) -> str:
    """``text`` with anything that cannot be written as UTF-8 (a lone surrogate) escaped."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


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
    """One line of output. Whatever a record holds (a lone surrogate in a token name, NaN echoed
    from a refused command), the line is written: as valid JSON, with such values escaped."""
    if text:
        if "sentence" in record:
            _write_line(out, str(record["sentence"]))
        return
    try:
        line = json.dumps(record, ensure_ascii=False, allow_nan=False)
        line.encode("utf-8")
    except (ValueError, UnicodeEncodeError):  # NaN/Infinity or a lone surrogate: escape them
        line = json.dumps(_json_safe(record), ensure_ascii=True, allow_nan=False)
    _write_line(out, line)


def _json_safe(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    if isinstance(value, dict):
        return {str(k): _json_safe(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_json_safe(v) for v in value]
    return value


def _write_line(out: TextIO, line: str) -> None:
    line = _printable(line)  # a lone surrogate (from a "\\ud800" in a name) is written escaped
    try:
        print(line, file=out)
    except UnicodeEncodeError:  # a console that is not UTF-8 (Windows), or a lone surrogate
        encoding = getattr(out, "encoding", None) or "utf-8"
        print(line.encode(encoding, "backslashreplace").decode(encoding, "replace"), file=out)


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
        _write_line(err, f"vantage play: {exc}")
        return 1
    record = encounter.log  # the file's log; this session's entries follow it
    campaign = None
    played: list[Event] = []
    if args.campaign:
        try:
            campaign, encounter, played = campaign_play.bring(args.campaign, encounter, args.at)
        except (EncounterFileError, ValueError, CommandRejected) as exc:
            reason = exc.reason if isinstance(exc, CommandRejected) else str(exc)
            _write_line(err, f"vantage play: the party cannot be brought in: {reason}")
            return 1
        for event in played:
            _emit(out, event.to_dict(), args.text)
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
            _write_line(err, f"vantage play: command {index + 1} ({_kind(data)}) rejected: {reason}")
            _save(args.save, _with_log(encounter, record, log_entries(played)), err)
            return 1
        for event in events:
            _emit(out, event.to_dict(), args.text)
        played.extend(events)
    if campaign is not None:
        try:
            encounter, returned, changes, note = campaign_play.finish(
                args.campaign, args.encounter, campaign, encounter, played)
        except (OSError, ValueError, CommandRejected) as exc:
            reason = exc.reason if isinstance(exc, CommandRejected) else str(exc)
            _write_line(err, f"vantage play: the party cannot return to the roster: {reason}")
            return 1
        for event in returned:
            _emit(out, event.to_dict(), args.text)
        played.extend(returned)
        if changes:
            _emit(out, {"type": "roster_changes", "changes": changes, "sentence": "; ".join(changes)},
                  args.text)
        if note:
            _write_line(err, f"vantage play: {note}")
    encounter = _with_log(encounter, record, log_entries(played))
    if not _save(args.save, encounter, err):
        return 1
    for decision in ask_pending(encounter):
        print(f"vantage play: the encounter waits — {decision.prompt} (send an \"answer\" command)",
              file=err)
    if not args.no_state and not args.text:
        _emit(out, {"type": "final_state", "encounter": encounter_to_dict(encounter)}, False)
    return 0


def _kind(data: object) -> str:
    return _printable(str(data.get("type")))[:40] if isinstance(data, dict) else "?"


def _with_log(encounter: Encounter, record: CombatLog, played: Sequence[LogEntry]) -> Encounter:
    """``encounter`` carrying the file's log and this session's entries after it."""
    return replace(encounter, log=record.extended(played))


def _save(path: str | None, encounter: Encounter, err: TextIO) -> bool:
    """Write ``encounter`` to ``path`` (``--save``; nothing to do without it); False, said on stderr,
    when it cannot be written (the old file is kept)."""
    if path is None:
        return True
    try:
        for note in save_encounter(encounter, path):
            _write_line(err, f"vantage play: {note}")
    except (EncounterFileError, OSError) as exc:
        _write_line(err, f"vantage play: not saved: {exc}")
        return False
    return True
