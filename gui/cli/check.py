"""``vantage check FILE…``: validate encounter files and print every problem with its place.

A folder that holds a ``campaign.json`` is checked as a campaign: its campaign.json, then each
encounter it lists (docs/campaigns.md).

The file's shape is checked first; when it is sound, the encounter's ruleset checks every
token's stat block. Prints ``FILE: OK`` for a good file and ``FILE: <place>: <message>`` for each
problem. Exit status 0 when every file is good, 1 when any has a problem, 2 on a usage error. Headless: no Qt.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from vantage.engine.campaign import campaign_file, validate_campaign_folder
from vantage.engine.fileformat import Problem, load_encounter, validate_file
from vantage.engine.fileformat.problems import printable_name
from vantage.engine.rules.stat_problems import stat_block_problems

USAGE = ("usage: vantage check FILE [FILE ...]\n  validate Vantage encounter files and campaign folders; "
         "print every problem")


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    if out is None:
        out = sys.stdout
        _never_fail_to_print(out)
    err = sys.stderr if err is None else err
    if any(arg in ("-h", "--help") for arg in argv):
        print(USAGE, file=out)
        return 0
    options = [arg for arg in argv if arg.startswith("-") and arg != "-"]
    if options or not argv:
        reason = f"unknown option {options[0]}" if options else "no files given"
        print(f"vantage check: {reason}\n{USAGE}", file=err)
        return 2
    status = 0
    for name in argv:
        if Path(name).is_dir() and campaign_file(name).is_file():
            problems = validate_campaign_folder(name)
        else:
            problems = validate_file(name) or _stat_block_problems(name)
        shown = printable_name(name)  # a newline in a file name does not break the report's lines
        if not problems:
            print(f"{shown}: OK", file=out)
            continue
        status = 1
        for problem in problems:
            print(f"{shown}: {problem}", file=out)
    return status


def _stat_block_problems(name: str) -> list[Problem]:
    """The ruleset's word on the stat blocks of a file that is otherwise valid."""
    return [Problem(place, message) for place, message in stat_block_problems(load_encounter(name))]


def _never_fail_to_print(stream: TextIO) -> None:
    """A console that cannot show a character (cp1252 on Windows) shows an escape instead of crashing."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
