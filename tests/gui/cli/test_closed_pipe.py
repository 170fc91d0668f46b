"""A headless command whose reader goes away (``vantage simulate … | head -1``) stops quietly with
exit code 1, as other command-line tools do: no traceback on the error output."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

MAPS = Path(__file__).resolve().parents[3] / "maps"


def test_a_reader_that_closes_the_pipe_gets_no_traceback():
    command = [sys.executable, "-m", "vantage.gui", "simulate", str(MAPS / "04-power-tiers-ambush.json"),
               "--fights", "2", "--jobs", "1"]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.close()  # the reader is gone before the report is written
        error = process.stderr.read().decode("utf-8", "replace")
        assert process.wait(timeout=120) == 1
    assert "Traceback" not in error and "BrokenPipeError" not in error, error
