"""``vantage check FILE…``: every problem printed with its place; exit 1 on any, 0 when all good.

Issue 2, item 5: "`vantage check` on a file with 5 different mistakes prints all 5 with their
places, exit 1; on every file in maps/ prints nothing wrong, exit 0."
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

from vantage.engine.fileformat import save_encounter
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.cli import check

FIVE_MISTAKES = {
    "format": "vantage-encounter",
    "version": 1,
    "ruleset": "avorkarth",
    "map": {
        "width": 40,
        "height": 30,
        "terrain": {"legend": {".": "open", "x": "lava"}, "rows": ["." * 40] * 30},
        "walls": [{"a": [2, 2], "b": [2, 2]}],
    },
    "tokens": [
        {"id": "bram", "name": "Bram", "position": [52, 4]},
        {"id": "ogre", "name": "Ogre", "position": [5, 5], "size": "colossal"},
        {"id": "bram", "name": "Bram again", "position": [6, 6]},
    ],
}


def run_check(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = check.run(list(args), out=out, err=err)
    return status, out.getvalue(), err.getvalue()


def test_five_mistakes_are_printed_with_their_places_and_exit_1(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(FIVE_MISTAKES), encoding="utf-8")
    status, out, _ = run_check(str(path))
    assert status == 1
    assert out.splitlines() == [
        f'{path}: map.terrain.legend["x"]: "lava" is not a terrain this map knows (open, floor, grass, road, '
        "sand, rocky, undergrowth, shallow-water, brush, marsh, rubble, ice, thorns, embers, quicksand, "
        "deep-water, chasm, solid)",
        f"{path}: map.walls[0]: both ends are at (2, 2); a wall needs two different points",
        f"{path}: tokens[0].position: (52, 4) is outside the 40×30 map",
        f'{path}: tokens[1].size: "colossal" is not one of tiny, small, medium, large, huge, gargantuan',
        f'{path}: tokens[2].id: "bram" is already the id of tokens[0]',
    ]


def _sample_paths(tmp_path: Path) -> list[Path]:
    """The bundled samples in maps/; one built here while maps/ has none yet."""
    try:
        paths = sample_encounters()
    except FileNotFoundError:
        paths = []
    if not paths:
        built = tmp_path / "built-sample.json"
        game_map = GameMap(20, 15).with_terrain({(x, 7): "shallow-water" for x in range(20)})
        tokens = (
            Token("bram", "Bram", (2, 2), Side.PARTY),
            Token("troll", "Troll", (10, 10), Side.ENEMY, Size.LARGE),
        )
        save_encounter(Encounter(game_map, tokens, name="Built sample", ruleset="avorkarth"), built)
        paths = [built]
    return paths


def test_every_sample_checks_ok_and_exits_0(tmp_path) -> None:
    paths = _sample_paths(tmp_path)
    status, out, err = run_check(*map(str, paths))
    assert out.splitlines() == [f"{p}: OK" for p in paths]
    assert (status, err) == (0, "")


def test_good_and_bad_files_together_exit_1_and_report_each(tmp_path) -> None:
    good = _sample_paths(tmp_path)[0]
    missing = tmp_path / "missing.json"
    status, out, _ = run_check(str(good), str(missing))
    assert status == 1
    assert out.splitlines() == [f"{good}: OK", f"{missing}: cannot read the file: No such file or directory"]


def test_usage_errors_exit_2() -> None:
    assert run_check()[0] == 2
    status, _, err = run_check("--frobnicate", "a.json")
    assert status == 2 and "unknown option --frobnicate" in err
    status, out, _ = run_check("--help")
    assert status == 0 and out.startswith("usage: vantage check")


def test_the_vantage_command_dispatches_check_without_importing_qt(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{", encoding="utf-8")
    code = (
        "import sys; from vantage.gui.app import main; status = main(['check', sys.argv[1]]); "
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt was imported'; sys.exit(status)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 1, result.stderr
    assert (
        result.stdout == f"{path}: line 1, column 2: not valid JSON: Expecting property name enclosed in "
        "double quotes (the file seems cut short)\n"
    )


def test_a_console_that_cannot_show_the_text_gets_escapes_not_a_crash(tmp_path) -> None:
    """Windows consoles redirected to a file use a legacy code page (cp1252) without "€" or "×"."""
    path = tmp_path / "bad-€.json"
    path.write_text(json.dumps(FIVE_MISTAKES), encoding="utf-8")
    code = "import sys; from vantage.gui.cli import check; sys.exit(check.run(sys.argv[1:]))"
    result = subprocess.run(
        [sys.executable, "-c", code, str(path)],
        capture_output=True,
        timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert result.returncode == 1, result.stderr
    lines = result.stdout.decode("ascii").splitlines()
    assert len(lines) == 5
    assert lines[2].endswith("tokens[0].position: (52, 4) is outside the 40\\xd730 map")
