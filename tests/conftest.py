"""Test-wide settings: Qt runs headless, and user data and caches go to temporary folders."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# settings, autosaves, recent files and calibrations of the test run never touch the user's own
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-test-user-"))
# nor the user's cache folder (the dataclass code cache, gui/appdata/dataclass_code.py)
os.environ.setdefault("VANTAGE_CACHE_DIR", tempfile.mkdtemp(prefix="vantage-test-cache-"))
