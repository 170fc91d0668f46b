"""``vantage campaign …``: campaigns headless (docs/campaigns.md).

    vantage campaign new DIR --ruleset ID [--name NAME]
    vantage campaign show DIR [--text]
    vantage campaign add-character DIR (STATBLOCK.json | --template ID) [--name NAME] [--size SIZE]
    vantage campaign rest DIR [--minutes N] [--hours N] [--shifts N] [--nights N] [--days N]
                              [--weeks N] [--until DATE] [--resting] [--seed N | --dice SCRIPT]
    vantage campaign rest DIR --kind KIND [--duration N] [--character ID …]   (the ruleset's own rest)
    vantage campaign answer DIR [CHOICE]     (what a paused rest waits for; no CHOICE: the default)
    vantage campaign journal DIR [--markdown]

Each prints one JSON record a line, like ``vantage play`` (``--text``: the sentences); time passing
and rests print the engine's events and write the campaign (atomically) and its journal. Exit 0 on
success, 1 on a problem (said on stderr), 2 on a usage error. Headless: no Qt.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

from vantage.engine.campaign import (
    Campaign,
    CampaignFileError,
    add_character,
    add_character_from_template,
    add_journal_entry,
    campaign_command,
    campaign_to_dict,
    journal_markdown,
    load_campaign,
    member_summary,
    new_campaign,
    pending_decisions,
    save_campaign,
    time_command,
    time_entry_title,
)
from vantage.engine.dice import DiceError
from vantage.engine.protocol.commands import Answer, Command, Rest
from vantage.engine.protocol.events import Event
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.time_span import clock_text
from vantage.engine.session import CommandRejected
from vantage.gui.cli.play import _dice, _emit, _read_json, _write_line


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="vantage campaign", description="Campaigns headless.")
    sub = p.add_subparsers(dest="action", required=True)
    new = sub.add_parser("new", help="make a campaign folder")
    new.add_argument("folder")
    new.add_argument("--ruleset", required=True)
    new.add_argument("--name", default="")
    show = sub.add_parser("show", help="the campaign: party, clock, encounters")
    show.add_argument("folder")
    show.add_argument("--text", action="store_true")
    add = sub.add_parser("add-character", help="add a character to the party")
    add.add_argument("folder")
    add.add_argument("statblock", nargs="?", help="a JSON stat block (or {name, stats, size})")
    add.add_argument("--template", help="a template of the ruleset's bestiary instead")
    add.add_argument("--name", default="")
    add.add_argument("--size", default=None)
    add.add_argument("--id", default=None)
    rest = sub.add_parser("rest", help="let time pass (or take one of the ruleset's rests)")
    rest.add_argument("folder")
    for unit in ("minutes", "hours", "shifts", "nights", "days", "weeks"):
        rest.add_argument(f"--{unit}", type=int, default=0)
    rest.add_argument("--until", help='a date of the clock: "day 5" or "day 5, 08:00"')
    rest.add_argument("--resting", action="store_true", help="the party rests the whole time")
    rest.add_argument("--kind", help="one of the ruleset's rests (e.g. short) instead of time passing")
    rest.add_argument("--duration", type=int, default=1, help="with --kind: in that rest's unit")
    rest.add_argument("--character", action="append", default=[], help="with --kind: who rests")
    _dice_options(rest)
    rest.add_argument("--text", action="store_true")
    answer = sub.add_parser("answer", help="answer what a paused rest waits for")
    answer.add_argument("folder")
    answer.add_argument("choice", nargs="?")
    _dice_options(answer)
    answer.add_argument("--text", action="store_true")
    journal = sub.add_parser("journal", help="the journal of sessions")
    journal.add_argument("folder")
    journal.add_argument("--markdown", action="store_true")
    return p


def _dice_options(parser: argparse.ArgumentParser) -> None:
    dice = parser.add_mutually_exclusive_group()
    dice.add_argument("--seed", type=int, help="seed for the dice (default: 0)")
    dice.add_argument("--dice", help="a JSON list of die faces to use in order")


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        args = _parser().parse_args(argv)
    except SystemExit as exit_:
        return int(exit_.code or 0)
    try:
        return int(_ACTIONS[args.action](args, out, err))
    except (CampaignFileError, ValueError, KeyError, OSError) as exc:
        text = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        _write_line(err, f"vantage campaign {args.action}: {text}")
        return 1


def _new(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    campaign = new_campaign(args.folder, args.ruleset, args.name)
    _emit(out, {"type": "campaign_created", "folder": str(Path(args.folder)),
                "sentence": f"The campaign {campaign.name!r} ({get_ruleset(campaign.ruleset).name}) is "
                            f"made in {args.folder}.", "campaign": campaign_to_dict(campaign)}, False)
    return 0


def _show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    campaign = load_campaign(args.folder)
    ruleset = get_ruleset(campaign.ruleset)
    summaries = {m.id: member_summary(campaign, m.id) for m in campaign.party}
    if args.text:
        lines = [f"{campaign.name} ({ruleset.name}), {ruleset.clock_text(campaign.clock)}",
                 *(f"  {m.name}: {summaries[m.id]}" for m in campaign.party),
                 *(f"  [{e.status.value}] {e.name} ({e.file})" for e in campaign.encounters)]
        for line in lines:
            _write_line(out, line)
        return 0
    record = {"type": "campaign", "clock_text": ruleset.clock_text(campaign.clock), "summaries": summaries,
              **campaign_to_dict(campaign)}
    _emit(out, record, False)
    return 0


def _add(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    campaign = load_campaign(args.folder)
    if (args.statblock is None) == (args.template is None):
        raise ValueError("give a stat block file or --template ID (one of them)")
    if args.template:
        after = add_character_from_template(campaign, args.template, args.name)
    else:
        data = _read_json(args.statblock, "stat block")
        if not isinstance(data, dict):
            raise ValueError(f"{args.statblock}: a stat block is a JSON object")
        stats = data.get("stats", data) if "stats" in data else data
        name = args.name or str(data.get("name", "")) or Path(args.statblock).stem
        size = args.size or str(data.get("size", "medium"))
        if not isinstance(stats, dict):
            raise ValueError(f"{args.statblock}: stats must be an object")
        after = add_character(campaign, name, stats, size=size, member_id=args.id)
    save_campaign(after, args.folder)
    member = after.party[-1]
    _emit(out, {"type": "character_added", "id": member.id, "name": member.name,
                "sentence": f"{member.name} joins the party ({member_summary(after, member.id)})."}, False)
    return 0


def _rest(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    campaign = load_campaign(args.folder)
    command: Command
    if args.kind:
        command = Rest(rest=args.kind, duration=args.duration, tokens=tuple(args.character))
    else:
        command = time_command(campaign.clock, minutes=args.minutes, hours=args.hours, shifts=args.shifts,
                               nights=args.nights, days=args.days, weeks=args.weeks, until=args.until,
                               resting=args.resting)
    return _play(args, campaign, command, out, err)


def _answer(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    campaign = load_campaign(args.folder)
    if campaign.waiting is None:
        raise ValueError("nothing is waiting for an answer")
    return _play(args, campaign, Answer(choice=args.choice), out, err)


def _play(args: argparse.Namespace, campaign: Campaign, command: Command, out: TextIO, err: TextIO) -> int:
    try:
        after, events = campaign_command(campaign, command, _dice(args))
    except (CommandRejected, DiceError) as exc:
        reason = exc.reason if isinstance(exc, CommandRejected) else str(exc)
        _emit(out, {"type": "rejected", "command": command.to_dict(), "reason": reason,
                    "sentence": f"Rejected: {reason}"}, args.text)
        _write_line(err, f"vantage campaign {args.action}: {reason}")
        return 1
    after = _journal(campaign, after, events)
    save_campaign(after, args.folder)
    for event in events:
        _emit(out, event.to_dict(), args.text)
    for decision in pending_decisions(after):
        _emit(out, {"type": "waiting", "decision": decision.to_dict(), "sentence": decision.prompt},
              args.text)
        _write_line(err, f"vantage campaign: the party waits — {decision.prompt} "
                         "(vantage campaign answer DIR [CHOICE])")
    return 0


def _journal(before: Campaign, after: Campaign, events: list[Event]) -> Campaign:
    lines = [e.sentence for e in events if getattr(e, "sentence", "")]
    title = (time_entry_title(before.clock, after.clock) if after.clock != before.clock
             else f"Between fights, {clock_text(after.clock)}")
    return add_journal_entry(after, title, lines) if lines else after


def _journal_action(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    campaign = load_campaign(args.folder)
    if args.markdown:
        out.write(journal_markdown(campaign))
        return 0
    for session in campaign.journal:
        record: dict[str, Any] = {"type": "session", "date": session.date, "entries": [
            {"title": e.title, "file": e.file, "lines": list(e.lines)} for e in session.entries]}
        _emit(out, record, False)
    return 0


_ACTIONS = {"new": _new, "show": _show, "add-character": _add, "rest": _rest, "answer": _answer,
            "journal": _journal_action}
