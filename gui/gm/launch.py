"""Starting the GM window: ``run(args)`` is what ``vantage`` and ``vantage FILE`` call.

It opens the window in two stages (docs/code-layout.md, "Start-up"; :meth:`MainWindow.staged`),
then, once the window is complete, says why a background will not show, warns about stat blocks
and offers the autosaves of runs that did not close cleanly.
"""

from __future__ import annotations

import logging
import os
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox

from vantage.engine.fileformat import RulesetMissing, load_encounter, problems_text
from vantage.engine.model import Encounter
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.canvas.bundled_font import start_application
from vantage.gui.gm.disk_stamp import DiskStamp, load_with_stamp
from vantage.gui.gm.open_files import bring_forward_elsewhere

if TYPE_CHECKING:  # imported by run, once the background picture is being decoded
    from vantage.gui.gm.main_window import MainWindow

log = logging.getLogger(__name__)


#: Set to a file path, ``run`` writes there when the window painted its first map frame, when it
#: was finished, and when the checks that follow (background, stat blocks, recovery offer) were
#: made ("first_frame 0.4123", "complete 0.9310", "checked 0.9500": seconds since the start;
#: "first_frame_cpu 0.3012", "complete_cpu 0.7020", "checked_cpu 0.7100": this process's CPU
#: seconds by then), then closes it and quits. ``benchmarks/startup.py`` uses it; nothing else does.
FIRST_FRAME_REPORT = "VANTAGE_FIRST_FRAME_REPORT"
#: The start those seconds count from: ``time.perf_counter()`` as the starting process read it just
#: before starting this one (one clock for the whole machine). Without it they count from ``run``.
START_CLOCK = "VANTAGE_START_CLOCK"


def first_sample() -> tuple[Encounter, Path | None]:
    """The first bundled sample encounter, or the built-in demo when none is bundled. The sample is
    opened from the installed program, which nothing writes (Save on it is Save as: gui/gm/
    save_location.py), and a crashed session's work on it is offered as unsaved work, never put back
    into the sample: so it always opens as it came, never mid-combat."""
    try:
        samples = sample_encounters()
    except FileNotFoundError:
        samples = []
    if samples:
        return load_encounter(samples[0]), samples[0]
    from vantage.engine.demo_encounter import demo_encounter

    return demo_encounter(), None


def offer_recovery(window: MainWindow) -> list[MainWindow]:
    """Offer each run that did not close cleanly, newest first: the first one taken is opened in
    ``window``, each further one in a window of its own (returned). A run the GM declines is not
    offered again; a live window's work is never offered."""
    from vantage.gui.gm.autosave import forget, pending_recoveries
    from vantage.gui.gm.main_window import MainWindow

    own = window.autosaver.run if window.autosaver is not None else ""
    try:
        recoveries = pending_recoveries(own_run=own)
    except (OSError, RuntimeError) as exc:  # no user folder: nothing can have been autosaved there
        log.warning("no recovery offered: the autosave folder cannot be read (%s)", exc)
        return []
    opened: list[MainWindow] = []
    target: MainWindow | None = window
    for number, recovery in enumerate(recoveries, 1):
        more = f" ({number} of {len(recoveries)})" if len(recoveries) > 1 else ""
        answer = QMessageBox.question(
            window, "Recover unsaved work?",
            f"Vantage did not close cleanly last time{more}. Recover the autosave of "
            f"{_source_text(recovery.source)} from {recovery.autosave}?",
        )
        if answer != QMessageBox.StandardButton.Yes:
            forget([recovery])
            continue
        try:
            encounter = load_encounter(recovery.autosave)
        except Exception as exc:  # noqa: BLE001 - a broken autosave is reported, not fatal
            QMessageBox.warning(window, "Recover unsaved work?", f"The autosave {recovery.autosave} "
                                f"could not be read:\n\n{problems_text(exc)}")
            log.warning("autosave %s could not be read: %s", recovery.autosave, problems_text(exc))
            continue  # kept: its marker stays, so it is offered again
        if target is None:
            target = MainWindow(encounter, None, autosave=window.autosaver is not None)
            target.show()
            opened.append(target)
        else:
            target.set_encounter(encounter, None)  # a new document, not an edit: unsaved until saved
        target.document.mark_unsaved()
        target.files.came_from = recovery.source  # Save as starts beside the GM's file (not a sample)
        if target.autosaver is not None:
            # forgotten once this run's autosave holds the work (now, or after a failed one)
            target.autosaver.adopt(recovery)
            target.autosaver.autosave()
        else:
            forget([recovery])
        recovered, target = target, None
        _guarded(recovered, "checking the recovered stat blocks", recovered.files.warn_stat_blocks_of_open)
    return opened


def _source_text(source: Path | None) -> str:
    """What the recovered work was: a file of the GM's, a sample (whose copy in the program is never
    written: the work opens unsaved, to be saved under a name of the GM's), or unsaved."""
    from vantage.gui.gm.save_location import is_shipped

    if source is None:
        return "an unsaved encounter"
    if is_shipped(source):
        return f"your changes to the sample {source.name} (they open as a new, unsaved encounter)"
    return str(source)


def has_screen() -> bool:
    """Whether a dialog can be seen (not so under ``QT_QPA_PLATFORM=offscreen`` or ``minimal``,
    where a modal dialog would wait for ever)."""
    return QApplication.platformName() not in ("offscreen", "minimal")


def run(args: list[str]) -> int:
    """Open the GM window on ``args[0]`` (a file) or on the first sample encounter."""
    app = start_application(sys.argv[:1])  # run headless (offscreen): the text in the bundled font
    app.setApplicationName("Vantage")
    if args:
        path = Path(args[0])
        if bring_forward_elsewhere(path):  # another Vantage has it open: one window per file
            print(f"vantage: {path} is open in another Vantage window; it was brought forward",
                  file=sys.stderr)
            return 0
        chosen: str | None = None
        try:
            try:
                encounter, stamp = load_with_stamp(path)
            except RulesetMissing:  # the file's only problem: the GM says which rules, or it is refused
                if not has_screen():
                    raise
                from vantage.gui.gm.file_actions import ask_missing_ruleset

                chosen = ask_missing_ruleset(path, None)
                if chosen is None:
                    raise
                encounter, stamp = load_with_stamp(path, chosen_ruleset=chosen)
        except Exception as exc:  # noqa: BLE001 - shown to the user, then we stop
            message = f"vantage: cannot open {path}:\n{problems_text(exc)}"
            print(message, file=sys.stderr)
            log.error("%s", message)
            # started from a desktop entry or a windowed build there is no terminal: say it here too
            if has_screen():
                QMessageBox.critical(None, "Vantage cannot open this file",
                                     f"Vantage cannot open {path}:\n\n{problems_text(exc)}")
            return 2
        window = staged_window(encounter, path, disk_stamp=stamp)
        if chosen is not None:  # the file does not name it yet: unsaved until the GM saves it
            window.completed.connect(window.document.mark_unsaved)
    else:
        window = staged_window(*first_sample())
    report = os.environ.get(FIRST_FRAME_REPORT)
    if report:
        _report_start(window, Path(report), float(os.environ.get(START_CLOCK) or time.perf_counter()))
    else:
        extra_windows: list[MainWindow] = []  # kept alive while the program runs
        window.completed.connect(lambda: extra_windows.extend(_after_start(window)))
    window.show()
    return int(app.exec())


def staged_window(encounter: Encounter, path: Path | None,
                   disk_stamp: DiskStamp | None = None) -> MainWindow:
    """The GM window on ``encounter`` (read from ``path``), staged (:meth:`MainWindow.staged`). Its
    background picture starts decoding first, on another core (Qt lets the interpreter go while it
    decodes: :func:`decode_early`), while the window's modules load and its map is built; when the
    map then has to wait for the picture, it prepares the window's late part meanwhile
    (:func:`~.main_window.prepare_late_parts`), so the window is complete sooner after its first
    frame (issue 32)."""
    background = encounter.map.background
    if background is not None:
        from vantage.gui.canvas.map_picture import background_path
        from vantage.gui.canvas.picture_loading import decode_early

        decode_early(background_path(background, path.parent if path is not None else None),
                     _late_parts_prepared(encounter))
    from vantage.gui.gm.main_window import MainWindow

    return MainWindow.staged(encounter, path, autosave=True, disk_stamp=disk_stamp, remember=True)


def _late_parts_prepared(encounter: Encounter) -> Iterator[str]:
    """:func:`~.main_window.prepare_late_parts`, its module loaded at the first step (the window's
    module is not loaded before the picture starts decoding)."""
    from vantage.gui.gm.main_window import prepare_late_parts

    yield from prepare_late_parts(encounter)


def _guarded(window: MainWindow, what: str, step: Callable[[], object]) -> None:
    """Run one step after start-up; a failure is said in the window's start report, never fatal."""
    window.start_report.run(what, step)


def _after_start(window: MainWindow) -> list[MainWindow]:
    """Once the window is complete: say why the background will not show, warn about stat blocks,
    and offer the autosaves of runs that did not close cleanly (their windows are returned). Each
    step is guarded: a failing one never keeps the others, least of all the recovery offer, from
    running."""
    _guarded(window, "checking the background", window.check_background)
    _guarded(window, "checking the stat blocks",
             lambda: window.files.warn_about_stat_blocks(window.encounter, window.document.path))
    return window.start_report.run("the recovery offer", lambda: offer_recovery(window))[1] or []


def _report_start(window: MainWindow, report: Path, start: float) -> None:
    """The ``VANTAGE_FIRST_FRAME_REPORT`` hook: write when the first frame was painted, when the
    window was complete, and when the checks ``run`` makes once it is complete (:func:`_after_start`)
    were made (seconds since ``start``), then close the window and quit."""

    def moment(name: str) -> str:
        return f"{name} {time.perf_counter() - start:.4f}\n{name}_cpu {time.process_time():.4f}\n"

    def first_frame() -> None:
        report.write_text(moment("first_frame"), encoding="utf-8")

    def complete() -> None:
        done = moment("complete")
        _after_start(window)  # what the GM waits for too: a stat-block check may load the rules
        with report.open("a", encoding="utf-8") as out:
            out.write(done + moment("checked"))
        window.close()
        QApplication.quit()

    window.first_frame.connect(first_frame)
    window.completed.connect(complete, Qt.ConnectionType.QueuedConnection)
