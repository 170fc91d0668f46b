"""Test-wide settings: Qt runs headless, and user data goes to a temporary folder."""

from __future__ import annotations

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# settings, autosaves, recent files and calibrations of the test run never touch the user's own
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-test-user-"))
