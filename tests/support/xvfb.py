"""An X server for the tests that need real windows (Xvfb; ``.ci/run`` installs it): started on a
free display, told by ``-displayfd``, stopped at the end, and the environment a child process
needs to open its windows there."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


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
