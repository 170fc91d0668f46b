"""A real browser for the players' devices tests: Debian's headless Chromium driven by Selenium
through the system's chromedriver (no browser or driver is downloaded; ``.ci/run`` installs them).

Selenium's calls block, and the GM's side (the hub) runs on the Qt event loop of the test's thread,
so each browser step runs in a worker thread while the test's thread keeps Qt's loop turning
(:func:`in_browser`)."""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import pytest

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars")

T = TypeVar("T")


def require_browser() -> None:
    """Skip, loudly, where Chromium, its driver or Selenium is missing."""
    missing = [p for p in (CHROMIUM, CHROMEDRIVER) if not os.path.exists(p)]
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing.append("the selenium package")
    if missing:
        pytest.skip(f"BROWSER TESTS SKIPPED: {', '.join(missing)} not installed (.ci/run installs them)")


@contextmanager
def chromium(width: int, height: int) -> Iterator[Any]:
    """A headless Chromium window of ``width`` × ``height`` CSS pixels, with a fresh profile."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # never let Selenium Manager look anything up
    profile = tempfile.mkdtemp(prefix="vantage-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        # the window size includes no browser chrome in headless mode; make the page that size
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def in_browser(qtbot: Any, step: Callable[[], T], timeout: float = 20.0) -> T:
    """Run ``step`` (Selenium calls) in a worker thread while Qt's loop turns; its result, or its error."""
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = step()
        except BaseException as error:  # noqa: BLE001 - re-raised in the test's thread
            out["error"] = error

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    qtbot.waitUntil(lambda: not worker.is_alive(), timeout=int(timeout * 1000))
    if "error" in out:
        raise out["error"]
    return out["value"]


def wait_js(qtbot: Any, driver: Any, script: str, timeout: float = 10.0) -> Any:
    """Wait until the page's ``script`` (a JavaScript expression) is truthy; its value."""

    def poll() -> Any:
        deadline = time.monotonic() + timeout
        while True:
            value = driver.execute_script(f"return ({script});")
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"the page never had {script}")
            time.sleep(0.05)

    return in_browser(qtbot, poll, timeout + 5)
