"""Test-wide settings: Qt runs headless, and user data goes to a temporary folder."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
