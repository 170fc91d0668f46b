"""An X server for the tests that need real windows (Xvfb; ``.ci/run`` installs it): started on a
free display, told by ``-displayfd``, stopped at the end, and the environment a child process
needs to open its windows there.

Two ways to use it: :func:`run_session` runs a session script (``tests/support/*_session.py``)
that writes what it saw for the tests to read; :func:`run_tests_inside` runs a test file's own
``inside`` tests again in a child pytest on the X server (the launcher test outside, the real
tests inside, told apart by an environment flag)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

import pytest

#: A test that opens real windows needs Xvfb.
needs_xvfb = pytest.mark.skipif(shutil.which("Xvfb") is None,
                                reason="needs Xvfb (apt-get install xvfb); .ci/run installs it")
#: ... and one that moves the mouse or the keyboard focus, xdotool.
needs_xdotool = pytest.mark.skipif(shutil.which("Xvfb") is None or shutil.which("xdotool") is None,
                                   reason="needs Xvfb and xdotool (apt-get install xvfb xdotool)")

#: The repository's root (the folder the child pytest runs in).
ROOT = Path(__file__).resolve().parents[2]


@contextmanager
def xvfb_display(width: int = 1920, height: int = 1080) -> Iterator[str]:
    """``":N"``, the display of an Xvfb with one screen of ``width`` × ``height``, while inside."""
    read, write = os.pipe()
    command = ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp"]
    server = subprocess.Popen(command, pass_fds=(write,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as pipe:
        number = pipe.readline().strip()
    try:
        assert number, "Xvfb did not start"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


def real_window_env(display: str, folder: Path) -> dict[str, str]:
    """This process's environment for a child that opens real windows on ``display``, its user
    data and home in ``folder``."""
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}
    return env | {"DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "VANTAGE_USER_DIR": str(folder / "user"),
                  "HOME": str(folder)}


def run_session(script: Path, args: Sequence[str], folder: Path, *, timeout: float,
                size: tuple[int, int] = (1920, 1080)) -> subprocess.CompletedProcess[str]:
    """``script`` run with ``args`` in a process of its own on a fresh Xvfb of ``size``, its user
    data in ``folder``."""
    with xvfb_display(*size) as display:
        return subprocess.run([sys.executable, str(script), *args], env=real_window_env(display, folder),
                              timeout=timeout, capture_output=True, text=True)


def inside_xvfb(flag: str) -> bool:
    """Whether this is the child pytest :func:`run_tests_inside` started with ``flag``."""
    return os.environ.get(flag) == "1"


def run_tests_inside(tests: str, flag: str, folder: Path, *, timeout: float,
                     keyword: str | None = None) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run ``tests`` (a file, or ``file::test``; those matching ``keyword`` when given) in a child
    pytest on a fresh 1920 × 1080 Xvfb with ``flag`` set to 1; the finished process and the tail of
    its output, to show when it failed."""
    selected = ["-k", keyword] if keyword is not None else []
    args = ["-q", "-p", "no:cacheprovider", "--tb=short", *selected, tests]
    with xvfb_display(1920, 1080) as display:
        done = subprocess.run([sys.executable, "-m", "pytest", *args],
                              env=real_window_env(display, folder) | {flag: "1"}, timeout=timeout,
                              capture_output=True, text=True, cwd=ROOT)
    return done, done.stdout[-6000:] + done.stderr[-2000:]
