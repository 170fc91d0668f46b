"""``vantage serve ENC --port N``: the players' devices without the GM window (issue 28, item 1)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from vantage.engine.fileformat import load_encounter
from vantage.gui.players_devices.loopback_client import LoopbackDevice, http_get

SAMPLE = Path(__file__).resolve().parents[3] / "maps" / "06-baton-crossroads.json"


def _serve(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    return subprocess.Popen([sys.executable, "-m", "vantage.gui", "serve", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)


@pytest.mark.slow
def test_it_serves_the_page_and_the_filtered_view_and_says_who_joins(tmp_path):
    server = _serve(str(SAMPLE), "--port", "0", "--code", "2222", "--approve-claims", "--seconds", "20",
                    "--out", str(tmp_path / "after.json"))
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        match = re.match(r"Sharing .* at http://127\.0\.0\.1:(\d+)/ — join code 2222", first)
        assert match, first
        port = int(match.group(1))
        assert http_get("127.0.0.1", port, "/")[0] == 200
        device = LoopbackDevice("127.0.0.1", port)
        try:
            device.join("2222", "Alice's phone")
            assert device.read_until("map")["width"] == 20
            device.send({"type": "claim", "token": "bram"})
            you = device.read_until("you")
            while you["token"] != "bram":
                you = device.read_until("you")
        finally:
            device.close()
        assert "Alice's phone joined from 127.0.0.1" in server.stdout.readline()
        server.send_signal(signal.SIGINT)  # Ctrl+C: stop, and save to --out
        assert server.wait(timeout=15) == 0
        assert load_encounter(tmp_path / "after.json").name == load_encounter(SAMPLE).name
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
        for stream in (server.stdout, server.stderr):
            if stream is not None:
                stream.close()


def test_a_file_that_is_not_there_is_said(tmp_path):
    server = _serve(str(tmp_path / "missing.json"), "--port", "0")
    out, err = server.communicate(timeout=30)
    assert server.returncode == 1 and "missing.json" in err and "Traceback" not in err
