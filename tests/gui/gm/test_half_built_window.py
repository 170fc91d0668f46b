"""A GM window that fails while it finishes opening (issue 33, 2): "any error in the late part of
start-up leaves it 'incomplete', so closing skips 'Unsaved changes?' and recovery never runs ... no
part of start-up can disable the unsaved-changes question or recovery."

Each case opens the window as ``vantage`` does (staged, autosave on, the recovery offer once it is
complete) with one trigger — a damaged ``settings.json``, ``recent-files.json`` or
``player-view.json``, a named pipe in place of one of them, a user folder that cannot be made, a
stat block with a 5,000-digit die, a part of the window that raises — over a user folder that holds
a crashed run's autosave. The window completes, offers the crashed run, autosaves (or shows why it
cannot), and closing with unsaved work asks."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.gm import launch
from vantage.gui.gm.autosave import autosave_path, write_marker_atomically
from vantage.gui.gm.main_window import MainWindow

DEEP = "[" * 100_000 + "]" * 100_000
BIG = "1" + "0" * 400


def crashed_run(autosave: Path) -> Path:
    """A run that autosaved the courtyard (renamed "crashed work") and died: a marker, no lock."""
    from dataclasses import replace

    autosave.mkdir(parents=True, exist_ok=True)
    work = replace(load_encounter(sample_encounters()[0]), name="crashed work")
    target = autosave_path(autosave, "deadrun", 0)
    save_encounter(work, target, keep_backup=False)
    write_marker_atomically(autosave / "session-deadrun.json", target, Path("/maps/fight.json"), "deadrun")
    return target


def power_tiers_with_a_huge_die(folder: Path) -> Path:
    text = (sample_encounters()[3]).read_text(encoding="utf-8")
    assert '"damage": "1d6"' in text
    path = folder / "huge-die.json"
    path.write_text(text.replace('"damage": "1d6"', '"damage": "1d' + "7" * 5000 + '"', 1), encoding="utf-8")
    return path


def damage(user: Path, trigger: str, monkeypatch) -> None:
    name, _, kind = trigger.partition(":")
    path = user / name
    if kind == "deep":
        path.write_text(DEEP, encoding="utf-8")
    elif kind == "400 digits":
        path.write_text({"settings.json": f'{{"grid": {BIG}, "overlays": {{"reach": {BIG}}}}}',
                         "recent-files.json": f"[{BIG}]",
                         "player-view.json": f'{{"tile_amount": {BIG}, "vision_radius": {BIG}}}'}[name],
                        encoding="utf-8")
    elif kind == "wrong types":
        path.write_text({"settings.json": '{"grid": [1], "overlays": "x", "default_ruleset": 5}',
                         "recent-files.json": '{"a": [1]}',
                         "player-view.json": '{"tile_amount": "x", "camera": [1], "screen": 5}'}[name],
                        encoding="utf-8")
    elif kind == "fifo":
        os.mkfifo(path)
    elif trigger == "a part that raises":
        def broken(*_args, **_kwargs):
            raise RuntimeError("the measuring tools broke")

        monkeypatch.setattr("vantage.gui.gm.measuring.attach_measuring", broken)


TRIGGERS = [f"{name}:{kind}" for name in ("settings.json", "recent-files.json", "player-view.json")
            for kind in ("deep", "400 digits", "wrong types", "fifo")] + ["a part that raises"]


def open_as_vantage_does(qtbot, path: Path) -> tuple[MainWindow, list[str]]:
    """``launch.run``'s window: staged, autosave on, the after-start steps once complete. The
    recovery questions it asks are returned (answered No)."""
    asked: list[str] = []
    window = MainWindow.staged(load_encounter(path), path, autosave=True)
    qtbot.addWidget(window)
    window.completed.connect(lambda: launch._after_start(window))
    with qtbot.waitSignal(window.completed, timeout=20_000):
        window.show()
    return window, asked


def closing_asks(window: MainWindow) -> bool:
    asked: list[bool] = []
    window.files.ask_unsaved = lambda: asked.append(True) or "cancel"
    window.document.mark_unsaved()
    window.close()
    still_open = window.isVisible()
    window.files.ask_unsaved = lambda: "discard"
    window.close()
    return bool(asked) and still_open


@pytest.fixture
def user(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "user"
    folder.mkdir()
    monkeypatch.setenv("VANTAGE_USER_DIR", str(folder))
    return folder


@pytest.fixture
def questions(monkeypatch) -> list[str]:
    asked: list[str] = []
    monkeypatch.setattr(QMessageBox, "question",
                        lambda *a, **k: asked.append(a[2]) or QMessageBox.StandardButton.No)
    return asked


@pytest.mark.parametrize("trigger", TRIGGERS)
def test_whatever_fails_late_the_window_completes_offers_recovery_autosaves_and_asks(
        qtbot, user, tmp_path, monkeypatch, questions, trigger):
    crashed_run(user / "autosave")
    damage(user, trigger, monkeypatch)
    window, _ = open_as_vantage_does(qtbot, sample_encounters()[0])
    assert window.is_complete
    assert any("Recover the autosave" in q for q in questions)  # the crashed run is offered
    window.document.mark_unsaved()
    assert window.autosaver is not None and window.autosaver.autosave() is not None
    if trigger.endswith((":deep", ":fifo")):  # the damaged file is set aside and named
        name = trigger.split(":")[0]
        assert list(user.glob(f"{name}.damaged-*")) and not (user / name).exists()
        assert any(name in line for line in window.start_report.lines)
    if trigger == "a part that raises":
        assert any("the measuring tools broke" in line for line in window.start_report.lines)
    assert closing_asks(window)


def test_a_user_folder_that_cannot_be_made_leaves_the_window_whole_and_says_autosave_is_off(
        qtbot, tmp_path, monkeypatch, questions):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "file" / "user"))
    window, _ = open_as_vantage_does(qtbot, sample_encounters()[0])
    assert window.is_complete and window.autosaver is not None
    window.document.mark_unsaved()
    assert window.autosaver.autosave() is None
    mark = window.status_line.autosave_label
    assert not mark.isHidden() and str(tmp_path / "file" / "user") in mark.toolTip()
    assert closing_asks(window)


def test_a_5000_digit_die_in_a_stat_block_leaves_the_window_closable_with_recovery(
        qtbot, user, tmp_path, questions):
    crashed_run(user / "autosave")
    window, _ = open_as_vantage_does(qtbot, power_tiers_with_a_huge_die(tmp_path))
    assert window.is_complete
    assert any("Recover the autosave" in q for q in questions)
    assert closing_asks(window)
