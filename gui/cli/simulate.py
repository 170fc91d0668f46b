"""``vantage simulate ENCOUNTER.json --fights N [--seed S] [--jobs J] [--rounds R] [--json]``

Plays the encounter from its current state N times to the end (one side down, or the round
limit) with one generic policy and seeded dice, and prints how it is likely to go: each side's
chance to win with its 95 % interval, the rounds to the end, each creature's chance to be down or
dead at the end and its mean damage taken, and the enemy that most often drops a party member
(``--json``: the same as one JSON object). The same seed gives the same numbers whatever
``--jobs``. Exit 1 with the problem when the file cannot be read or the encounter cannot be
simulated, 2 on a usage error. Headless: no Qt. See docs/simulate.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TextIO

from vantage.engine.fileformat import EncounterFileError, load_encounter
from vantage.engine.rules import UnknownRuleset
from vantage.engine.simulate.fight import DEFAULT_MAX_ROUNDS
from vantage.engine.simulate.policy import PolicyError
from vantage.engine.simulate.runner import available_cores, simulate

#: The most fights one run plays (a typing slip of a billion fights would never end).
MAX_FIGHTS = 1_000_000


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is not at least 1")
    return value


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="vantage simulate",
                                description="Play an encounter many times and report the odds.")
    p.add_argument("encounter", help="the encounter file (JSON)")
    p.add_argument("--fights", type=_positive, required=True, help="how many fights to play")
    p.add_argument("--seed", type=int, default=0, help="seed for the dice (default: 0)")
    p.add_argument("--jobs", type=_positive, default=None,
                   help=f"worker processes (default: every core, {available_cores()} here)")
    p.add_argument("--rounds", type=_positive, default=DEFAULT_MAX_ROUNDS,
                   help=f"stop an undecided fight after this many rounds (default: {DEFAULT_MAX_ROUNDS})")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    return p


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    out = out or sys.stdout
    err = err or sys.stderr
    args = _parser().parse_args(argv)
    if args.fights > MAX_FIGHTS:
        print(f"vantage simulate: --fights {args.fights} is more than {MAX_FIGHTS:,} fights", file=err)
        return 2
    try:
        encounter = load_encounter(args.encounter)
        report = simulate(encounter, args.fights, seed=args.seed,
                          jobs=args.jobs or available_cores(), max_rounds=args.rounds)
    except (EncounterFileError, ValueError, UnknownRuleset) as exc:
        print(f"vantage simulate: {exc}", file=err)
        return 1
    except PolicyError as exc:
        print(f"vantage simulate: {args.encounter}: the fight cannot be simulated: {exc}", file=err)
        return 1
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=1), file=out)
    else:
        print(report.text(), file=out)
    return 0
