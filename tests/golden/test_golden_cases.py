"""Golden fights: every folder here holds an encounter, commands, a dice script and the expected
events; ``vantage play`` must print exactly those events (and exit as expected).

Regenerate after a deliberate change with ``python tests/golden/test_golden_cases.py [CASE ...]``
(every case, or only those named) and read the diff of ``log.txt`` like a GM would.
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from vantage.gui.cli import play

HERE = Path(__file__).resolve().parent
CASES = sorted(p for p in HERE.iterdir() if (p / "encounter.json").is_file())


def _play(case: Path, commands: str = "commands.json") -> tuple[int, list[dict]]:
    out, err = io.StringIO(), io.StringIO()
    rc = play.run([str(case / "encounter.json"), "--commands", str(case / commands),
                   "--dice", str(case / "dice.json"), "--no-state"], out, err)
    return rc, [json.loads(line) for line in out.getvalue().splitlines()]


def _expected(case: Path) -> tuple[int, list[dict]]:
    meta = json.loads((case / "expected.json").read_text(encoding="utf-8"))
    lines = (case / "expected_events.jsonl").read_text(encoding="utf-8").splitlines()
    return int(meta["exit_code"]), [json.loads(line) for line in lines]


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_golden_case(case):
    rc, events = _play(case)
    want_rc, want = _expected(case)
    assert [e.get("sentence") for e in events] == [e.get("sentence") for e in want]
    assert events == want
    assert rc == want_rc
    log = (case / "log.txt").read_text(encoding="utf-8").splitlines()
    assert log == [e["sentence"] for e in events]


def test_a_command_file_of_the_first_vocabulary_plays_the_same_fight():
    """Command files written before the ruleset platform (attack flags, ``ambushers`` as fields)
    are upgraded as they are read: the sample fight's old file gives the same events."""
    case = HERE / "sample_fight"
    old = json.loads((case / "commands_v1.json").read_text(encoding="utf-8"))
    assert any("charge" in c for c in old) and any("ambushers" in c for c in old)
    assert _play(case, "commands_v1.json") == _play(case)


def test_there_are_golden_cases():
    assert {c.name for c in CASES} >= {"sample_fight", "locked_rejection"}


def regenerate(names: list[str] | None = None) -> None:
    unknown = set(names or ()) - {c.name for c in CASES}
    if unknown:
        raise SystemExit(f"no golden case named {', '.join(sorted(unknown))}")
    for case in CASES:
        if names and case.name not in names:
            continue
        rc, events = _play(case)
        (case / "expected.json").write_text(json.dumps({"exit_code": rc}) + "\n", encoding="utf-8")
        (case / "expected_events.jsonl").write_text(
            "".join(json.dumps(e, ensure_ascii=False) + "\n" for e in events), encoding="utf-8")
        (case / "log.txt").write_text("".join(e["sentence"] + "\n" for e in events), encoding="utf-8")
        print(f"{case.name}: exit {rc}, {len(events)} events")


if __name__ == "__main__":
    sys.path.insert(0, str(HERE.parent.parent))
    regenerate(sys.argv[1:])
