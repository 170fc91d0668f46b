"""Decoding a big background picture off the UI thread, with progress and Cancel.

A picture of more than :data:`DECODE_AWAY_FROM_PIXELS` pixels that no window holds yet is decoded
by a :class:`PictureDecode` on Qt's thread pool (``QThreadPool``; the decode itself is
:func:`~vantage.gui.canvas.map_picture.decode_for_showing`: ``QImageReader``, or a big PNG by
strips); the window keeps drawing and answering meanwhile (a 50,000 px picture froze the GM window
for ~30 s). One decode per picture: every scene that asks for the same file while it runs waits
for the same one. The pixels become a shared :class:`~.map_picture.MapPicture` on the UI thread
(pixmaps live there), shown at once; the smaller copies it is drawn from are then made on the thread
pool (:class:`LevelsJob`) and handed over when ready (a 16,384 px picture's first frame no longer
waits for them). Any picture's level that a frame wants and no job has made is made so too: the UI
thread never halves a picture. :func:`decode_early` starts the decode of the picture a window is
about to open with before the window is built (``gui/gm/launch.py``).

Progress is the fraction of rows decoded (a PNG decoded by strips) or unknown (-1: a busy bar).
:meth:`PictureDecode.cancel` stops a strip decode at its next strip; any other decode runs to its
end on its thread and its result is dropped. :class:`DecodeProgress` is the small dialog a scene
shows over its window while it waits (after :data:`SHOW_PROGRESS_AFTER_MS`), with Cancel.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable
from pathlib import Path

from PySide6.QtCore import QObject, Qt, QThreadPool, Signal
from PySide6.QtGui import QImage
from PySide6.QtWidgets import QProgressDialog, QWidget

from vantage.engine.importers.image_header import ImageHeaderError, read_image_header
from vantage.gui.canvas import map_picture
from vantage.gui.canvas.map_picture import (
    HEADER_BYTES,
    MapPicture,
    PictureKey,
    PictureUnreadable,
    picture_key,
)

#: A picture with fewer pixels than this decodes in a blink and is decoded where it is asked for.
DECODE_AWAY_FROM_PIXELS = 16_000_000
#: The progress dialog appears only when a decode takes longer than this.
SHOW_PROGRESS_AFTER_MS = 400


class PictureDecode(QObject):
    """One picture being decoded on the thread pool. ``progressed`` carries the fraction done (-1
    when unknown); ``finished`` comes once, on the UI thread: then :attr:`picture` holds the
    shared picture, or :attr:`error` says why there is none (:attr:`cancelled` when the GM
    cancelled)."""

    progressed = Signal(float)
    finished = Signal()
    _decoded = Signal()  # from the worker thread to this object's (the UI) thread

    def __init__(self, key: PictureKey) -> None:
        super().__init__()
        self.key = key
        self.picture: MapPicture | None = None
        self.error = ""
        self.cancelled = False
        self.done = False
        self._stop = threading.Event()
        self._result: tuple[QImage, tuple[int, int], dict[int, QImage]] | None = None
        self._decoded.connect(self._worker_ended, Qt.ConnectionType.QueuedConnection)

    def start(self) -> None:
        _working.add(self)  # alive until its worker has ended, even when nobody waits any more
        QThreadPool.globalInstance().start(self._run)

    def cancel(self) -> None:
        """Stop waiting for the picture: ``finished`` now, with :attr:`cancelled` set."""
        if self.done:
            return
        self._stop.set()
        self.cancelled = True
        self.error = "decoding it was cancelled (open the map again to try again)"
        self._finish()

    def _progress(self, fraction: float) -> bool:  # on the worker thread
        self.progressed.emit(fraction)
        return not self._stop.is_set()

    def _run(self) -> None:  # on the worker thread
        try:
            image, full_size = map_picture.decode_for_showing(Path(self.key.path), self._progress)
            self._result = image, full_size, {}
        except PictureUnreadable as exc:
            self.error = str(exc)
        except MemoryError:
            self.error = f"{self.key.path} needs more memory than is free to be shown"
        except Exception as exc:  # noqa: BLE001 - a decode that fails is a sentence, never a crash
            self.error = f"{self.key.path} could not be decoded ({exc})"
        self._decoded.emit()

    def _worker_ended(self) -> None:  # on the UI thread: the worker emits nothing more
        _working.discard(self)
        self._finish()

    def _finish(self) -> None:  # on the UI thread
        if self.done:
            return
        self.done = True
        _running.pop(self.key, None)
        if not self.cancelled and self._result is not None:
            image, full_size, smaller = self._result
            self.picture = map_picture.adopt_decoded(self.key, image, full_size, smaller)
            LevelsJob.start_for(self.picture)  # the first frame need not wait for them
        self._result = None
        self.finished.emit()


_running: dict[PictureKey, PictureDecode] = {}
#: Every decode whose worker is still running: a decode cancelled (or no longer waited for) stays
#: alive until its worker's last signal, which would otherwise reach a deleted object (a crash).
_working: set[PictureDecode] = set()


class LevelsJob(QObject):
    """Levels of a picture made on the thread pool while the windows show it: the coarser levels of
    a picture just decoded (from its pixels, read only: the pixmap shares them), or one level a
    frame wanted (from the nearest finer level built). They are added to the picture on the UI
    thread, and until then no window asks for another (``MapPicture.levels_pending``): the frames
    meanwhile draw the finer level there is. The UI thread never halves a picture."""

    _made = Signal()
    _jobs: set[LevelsJob] = set()  # kept alive until their levels are handed over

    def __init__(self, picture: MapPicture, wanted: int | None = None) -> None:
        super().__init__()
        self._picture = picture
        self._wanted = wanted
        pixmap, self._finer = picture.level(wanted - 1 if wanted is not None else 0, build=False)
        self._source = pixmap.toImage()  # shares the pixmap's pixels (raster pixmaps)
        self._levels: dict[int, QImage] = {}
        self._made.connect(self._hand_over, Qt.ConnectionType.QueuedConnection)

    @classmethod
    def start_for(cls, picture: MapPicture, wanted: int | None = None) -> None:
        """Make ``picture``'s coarser levels (from level 2 on: ``map_picture.smaller_levels``), or
        only level ``wanted``."""
        job = cls(picture, wanted)
        picture.levels_pending = True
        cls._jobs.add(job)
        QThreadPool.globalInstance().start(job._run)

    def _run(self) -> None:  # on the worker thread
        try:
            if self._wanted is None:
                self._levels = map_picture.smaller_levels(self._source)
            else:
                self._levels = {self._wanted: map_picture.halved(self._source, self._wanted - self._finer)}
        except MemoryError:
            self._levels = {}  # the frames draw the finer level there is
        with contextlib.suppress(RuntimeError):  # the program ended meanwhile: nobody to hand them to
            self._made.emit()

    def _hand_over(self) -> None:  # on the UI thread
        self._source = QImage()
        if self._levels:
            self._picture.add_levels(self._levels)  # and the items showing it are repainted
        else:  # no memory for them: a later frame asks again (no repaint now, which would ask at once)
            self._picture.levels_pending = False
        self._levels = {}
        LevelsJob._jobs.discard(self)


def decoded_away(path: Path) -> PictureDecode | None:
    """The decode of the picture at ``path`` running on the thread pool (started now, or the one
    already running for it); None when the picture is better decoded where it is asked for: held
    by a window already, small, or not a picture (the caller's decode then says why)."""
    key = picture_key(path)
    if key is None or map_picture.held_picture(key) is not None:
        return None
    running = _running.get(key)
    if running is not None:
        return running
    try:
        with open(key.path, "rb") as handle:
            header = read_image_header(handle.read(HEADER_BYTES))
    except (OSError, ImageHeaderError):
        return None
    if header.width * header.height < DECODE_AWAY_FROM_PIXELS:
        return None
    decode = PictureDecode(key)
    _running[key] = decode
    decode.start()
    return decode


def decode_early(path: Path, meanwhile: Iterable[object] = ()) -> None:
    """Start decoding the picture at ``path`` before any scene asks for it (the window about to
    open with it), unless that is under way already: a big one on the thread pool
    (:func:`decoded_away`, which the scene then finds running: the map shows meanwhile), any other
    on a thread of its own (:func:`~.map_picture.decode_ahead`, whose picture the scene waits for,
    taking the steps of ``meanwhile`` while it waits). Either way it decodes while the program
    builds its window, instead of after."""
    if decoded_away(path) is not None:
        return
    ahead = map_picture.decoding_ahead(path) or map_picture.decode_ahead(path)
    if ahead is not None:
        ahead.meanwhile = meanwhile


class DecodeProgress(QProgressDialog):
    """"Decoding the background picture …" with a bar and Cancel, over ``parent``, not modal:
    the map stays usable. It follows ``decode`` and closes when it finishes."""

    def __init__(self, decode: PictureDecode, parent: QWidget | None) -> None:
        name = Path(decode.key.path).name
        super().__init__(f"Decoding the background picture {name} …", "Cancel", 0, 0, parent)
        self.setWindowTitle("Background picture")
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.setMinimumDuration(0)  # the scene shows it after SHOW_PROGRESS_AFTER_MS
        self.setAutoClose(False)
        self.setAutoReset(False)
        self.decode = decode
        decode.progressed.connect(self._progressed)
        decode.finished.connect(self.close)
        self.canceled.connect(decode.cancel)

    def _progressed(self, fraction: float) -> None:
        if fraction < 0:
            self.setRange(0, 0)
        else:
            self.setRange(0, 1000)
            self.setValue(min(999, int(fraction * 1000)))
