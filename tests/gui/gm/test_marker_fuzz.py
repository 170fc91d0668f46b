"""Recovery markers and autosave folders in any state (reliability review, defects 2, 3 and 9): cut
short, binary, JSON of any shape, pointing anywhere, with or without autosaves and lock files.
``pending_recoveries`` never raises, never deletes anything, only ever offers files that exist, and
a run that has autosaves is always offered (a damaged marker never hides the work). Bounded example
count; ``VANTAGE_FUZZ_EXAMPLES`` raises it."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.gui.gm.autosave import pending_recoveries

EXAMPLES = int(os.environ.get("VANTAGE_FUZZ_EXAMPLES", "150"))
JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["latest", "source", "run", "x"]), inner, max_size=3),
    max_leaves=8,
)


@st.composite
def marker_text(draw: st.DrawFn, autosave: str) -> bytes:
    good = json.dumps({"run": "r", "latest": autosave, "source": "/maps/fight.json"}).encode()
    kind = draw(st.sampled_from(["cut", "binary", "json", "good", "pointing"]))
    if kind == "cut":
        return good[: draw(st.integers(0, len(good) - 1))]
    if kind == "binary":
        return draw(st.binary(max_size=40))
    if kind == "json":
        return json.dumps(draw(JSONISH)).encode()
    if kind == "pointing":
        target = draw(st.sampled_from(["/dev/zero", "/", "", "missing.json", "\0", "x" * 300]))
        source = draw(st.sampled_from([None, 3, "", "a.json"]))
        return json.dumps({"latest": target, "source": source}).encode()
    return good


@st.composite
def folder_state(draw: st.DrawFn) -> list[tuple[str, bytes | None, bool]]:
    """Runs: (run id, marker bytes or None, whether it has an autosave)."""
    runs = []
    for number in range(draw(st.integers(1, 3))):
        run = draw(st.sampled_from(["1", "abc", f"{number:032x}", "999999"])) + str(number)
        has_autosave = draw(st.booleans())
        marker = draw(st.none() | marker_text(f"autosave-{run}-0.json"))
        runs.append((run, marker, has_autosave))
    return runs


@settings(max_examples=EXAMPLES, deadline=None)
@given(folder_state())
def test_any_marker_is_read_without_loss(state) -> None:
    folder = Path(tempfile.mkdtemp())
    try:
        for run, marker, has_autosave in state:
            if has_autosave:
                (folder / f"autosave-{run}-0.json").write_text("{}")
            if marker is not None:
                name = f"autosave-{run}-0.json"
                text = marker.replace(name.encode(), str(folder / name).encode())
                (folder / f"session-{run}.json").write_bytes(text)
        before = sorted(p.name for p in folder.iterdir())
        found = pending_recoveries(folder)
        assert sorted(p.name for p in folder.iterdir()) == before  # nothing deleted, nothing written
        assert all(r.autosave.is_file() for r in found)
        offered = {r.run for r in found}
        for run, marker, has_autosave in state:
            if marker is not None and has_autosave:
                assert run in offered, (run, marker)
    finally:
        shutil.rmtree(folder)
