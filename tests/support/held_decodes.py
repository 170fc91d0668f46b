"""Picture decodes held behind an event, so a test knows what happens while a decode runs."""

from __future__ import annotations

import threading

import pytest

from vantage.gui.canvas import map_picture


def hold_decodes(monkeypatch: pytest.MonkeyPatch, seconds: float) -> threading.Event:
    """Every picture decode (``map_picture.decode_for_showing``, wherever it runs) waits until the
    returned event is set, or ``seconds`` have passed, then decodes."""
    real = map_picture.decode_for_showing
    release = threading.Event()

    def held(path, progress=None):  # noqa: ANN001, ANN202
        release.wait(seconds)
        return real(path, progress)

    monkeypatch.setattr(map_picture, "decode_for_showing", held)
    return release
