"""Mutated ``vantage play`` command files end in events or a refusal ("Bad input gets a clear message
naming the problem and where it is"), never another exception (reliability review, defect 10: "1,874
of 72,800 mutated commands raised something other than CommandRejected/DiceError, in 7 places").

The golden fight's commands are mutated one field at a time (wrong types, NaN, ±Infinity, huge and
whole-float numbers, short and long points, nested lists, lone surrogates) and played through
``vantage play``; every line it writes must be JSON, and the exit status 0 or 1. The example count
is bounded so CI stays fast; ``VANTAGE_FUZZ_EXAMPLES`` raises it for a long run."""

from __future__ import annotations

import copy
import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.gui.cli.play import run

GOLDEN = Path(__file__).resolve().parents[2] / "golden" / "sample_fight"
COMMANDS = json.loads((GOLDEN / "commands.json").read_text(encoding="utf-8"))
EXAMPLES = int(os.environ.get("VANTAGE_FUZZ_EXAMPLES", "120"))

WRONG = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6), st.just("\ud800"), st.just([]), st.just({}), st.just([{}]), st.just([2]),
    st.just([9, 5, 5]), st.just([[], 5]), st.just([2.0, 2]), st.just([[1, 2], [2.5, 2]]),
    st.just([[[[[[1]]]]]]), st.just(10**300), st.just(-100), st.just("N"),
    st.lists(st.integers(-3, 40), min_size=2, max_size=2),
)


def places(value: object, prefix: tuple = ()) -> list[tuple]:
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += places(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += places(v, (*prefix, i))
    return out


PLACES = places(COMMANDS)
FIELDS = ["type", "token", "tile", "path", "amount", "options", "ambushers", "participants", "rounds",
          "facing", "weapon", "target", "attacker", "faces", "choice"]


@st.composite
def mutated(draw: st.DrawFn) -> list:
    commands = copy.deepcopy(COMMANDS)[: draw(st.integers(1, len(COMMANDS)))]
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(PLACES))
        parent: object = commands
        try:
            for step in path[:-1]:
                parent = parent[step]  # type: ignore[index]
            parent[path[-1]]  # type: ignore[index]  # noqa: B018 (does the place still exist?)
        except (KeyError, IndexError, TypeError):
            continue
        if not isinstance(parent, dict | list):
            continue
        choice = draw(st.integers(0, 3))
        if choice == 0:
            del parent[path[-1]]
        elif choice == 1 and isinstance(parent, dict):
            parent[draw(st.sampled_from(FIELDS))] = copy.deepcopy(draw(WRONG))
        else:  # a copy: st.just([]) hands out one list, which a later mutation could put inside itself
            parent[path[-1]] = copy.deepcopy(draw(WRONG))
    return commands


@pytest.mark.slow  # a fuzzer: many mutated command files, each played
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_mutated_commands_play_or_are_refused_clearly(tmp_path_factory, commands: list) -> None:
    folder = tmp_path_factory.mktemp("fuzz")
    path = folder / "cmds.json"
    path.write_text(json.dumps(commands, ensure_ascii=True), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = run([str(GOLDEN / "encounter.json"), "--commands", str(path), "--dice", str(GOLDEN / "dice.json")],
               out, err)
    assert code in (0, 1), err.getvalue()
    for line in out.getvalue().splitlines():
        json.loads(line)
    if code == 1:
        assert "vantage play:" in err.getvalue()
