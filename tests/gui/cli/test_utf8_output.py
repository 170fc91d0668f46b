"""Every ``vantage`` command writes UTF-8 with ``\\n`` line ends, whatever the console or pipe.

Issue 34: "Output on Windows is not UTF-8: `vantage play --text` (and every CLI message) into a
pipe or a file uses the ANSI code page, so "—" and "×" come out as cp1252 bytes and "→" as
`\\u2192`." Here a non-UTF-8 standard output is forced with ``PYTHONIOENCODING=cp1252`` (what a
Windows pipe gets) and the bytes are compared with the golden logs.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from vantage.gui.cli import write_utf8

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
FIGHTS = sorted(p for p in GOLDEN.iterdir() if (p / "log.txt").is_file())


def _cp1252_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    return env | {"PYTHONIOENCODING": "cp1252", "PYTHONUTF8": "0"}


def _vantage(*args: str) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "vantage.gui", *args]
    return subprocess.run(command, env=_cp1252_env(), capture_output=True, timeout=120, check=False)


@pytest.mark.parametrize("fight", FIGHTS, ids=[f.name for f in FIGHTS])
def test_play_text_into_a_cp1252_pipe_prints_the_golden_log_byte_for_byte(fight):
    result = _vantage("play", str(fight / "encounter.json"), "--commands", str(fight / "commands.json"),
                      "--dice", str(fight / "dice.json"), "--text")
    expected = json.loads((fight / "expected.json").read_text(encoding="utf-8"))["exit_code"]
    assert result.returncode == expected, result.stderr.decode("utf-8", "replace")
    assert result.stdout == (fight / "log.txt").read_bytes()


def test_the_golden_logs_hold_what_cp1252_gets_wrong():
    """The comparison above can fail: the logs hold "−" and "→" (not in cp1252) and "—"."""
    text = "".join((fight / "log.txt").read_text(encoding="utf-8") for fight in FIGHTS)
    assert {"−", "→", "—"} <= set(text)


def test_error_messages_on_stderr_are_utf8_too(tmp_path):
    missing = tmp_path / "carte-élevée→.json"
    result = _vantage("play", str(missing), "--commands", str(missing))
    assert result.returncode == 1
    assert str(missing).encode("utf-8") in result.stderr


def test_check_and_help_write_utf8(tmp_path):
    bad = tmp_path / "Ogre’s lair.json"
    bad.write_text("{not json", encoding="utf-8")
    result = _vantage("check", str(bad))
    assert result.returncode == 1
    assert "Ogre’s lair.json".encode() in result.stdout + result.stderr
    helped = _vantage("--help")
    assert helped.returncode == 0 and b"vantage check FILE" in helped.stdout
    helped.stdout.decode("utf-8")  # valid UTF-8 through and through


def test_a_windows_style_stream_is_switched_to_utf8_and_bare_line_ends():
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="cp1252", errors="strict", newline="\r\n")
    write_utf8(stream)
    stream.write("Ada moves 3 → (4, 5) — ×2, −10\n")
    stream.flush()
    assert raw.getvalue() == "Ada moves 3 → (4, 5) — ×2, −10\n".encode()
    assert stream.errors == "strict"  # the stream's own error handler is kept


def test_a_stream_that_cannot_be_reconfigured_is_left_alone():
    text = io.StringIO()
    write_utf8(text)
    text.write("→\n")
    assert text.getvalue() == "→\n"
