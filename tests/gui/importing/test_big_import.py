"""Importing a map with a big picture: a moving progress bar, cancellable, memory bounded, shown after.

Issue 15: "importing one such [a 38,400 × 25,600 picture in a .dd2vtt] finishes with a progress bar
in the GUI"; "whatever the importer stores … the map must then show it". Tested on a smaller picture
still over the limits (the limits made small here), so the test stays fast.
"""

from __future__ import annotations

import base64
import json
import threading
from pathlib import Path

import pytest
from picture_files import QUARTERS, picture_bytes, quarters_image
from PySide6.QtGui import QImage

from vantage.engine.importers.image_header import read_image_header
from vantage.engine.importers.uvtt import import_uvtt_file
from vantage.gui.canvas import map_picture, png_strips
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.importing import dialog as import_dialog
from vantage.gui.importing.images import store_background
from vantage.gui.importing.progress import STEPS, ImportProgress


def _dd2vtt(path: Path, width: int, height: int, pixels_per_grid: int) -> Path:
    doc = {
        "format": 0.3,
        "resolution": {"map_origin": {"x": 0, "y": 0},
                       "map_size": {"x": width // pixels_per_grid, "y": height // pixels_per_grid},
                       "pixels_per_grid": pixels_per_grid},
        "line_of_sight": [[{"x": 1, "y": 1}, {"x": 1, "y": 3}]], "portals": [], "lights": [],
        "image": base64.b64encode(picture_bytes(quarters_image(width, height))).decode("ascii"),
    }
    path.write_text(json.dumps(doc), encoding="ascii")
    return path


@pytest.fixture
def recorded(monkeypatch):
    """Every ImportProgress the dialog makes, kept to look at after the import."""
    made: list[ImportProgress] = []

    class Recorded(ImportProgress):
        def __init__(self, *args, **kwargs) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(import_dialog, "ImportProgress", Recorded)
    return made


def test_the_import_shows_a_moving_progress_bar_and_the_map_then_shows_the_picture(
    qtbot, tmp_path, monkeypatch, recorded
):
    """Issue 15: the import "finishes with a progress bar in the GUI" (the bar moves while the
    picture is shrunk, by strips) and "the map must then show it"."""
    monkeypatch.setattr(import_dialog, "DEFAULT_MAX_PX", 500)
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 1600 * 4 * 40)  # 30 strips of 40 rows
    source = _dd2vtt(tmp_path / "keep.dd2vtt", 1600, 1200, 100)
    encounter = import_dialog.import_file_interactively(None, source, lambda d: True)
    assert encounter is not None
    (bar,) = recorded
    shrinking = [v for v in bar.values if 0 < v < STEPS]
    assert len(set(shrinking)) >= 20 and shrinking == sorted(shrinking)
    assert bar.values[-1] == STEPS and not bar.dialog.isVisible()
    background = encounter.map.background
    header = read_image_header(Path(background.path).read_bytes())
    assert (header.width, header.height) == (500, 375)
    assert background.pixels_per_tile == pytest.approx(100 * 500 / 1600)
    scene = MapScene(encounter)
    assert scene.background is not None and scene.background_notice is None
    shown = scene.background.picture.pixmap.toImage()
    for (x, y), colour in zip(((100, 80), (400, 80), (100, 300), (400, 300)), QUARTERS, strict=True):
        assert shown.pixelColor(x, y).getRgb()[:3] == pytest.approx(colour.getRgb()[:3], abs=3)


def test_cancelling_the_progress_bar_stops_the_import_and_writes_no_picture(
    qtbot, tmp_path, monkeypatch, recorded
):
    """The bar is "cancellable": Cancel stops the shrinking; nothing is written, nothing opens."""
    monkeypatch.setattr(import_dialog, "DEFAULT_MAX_PX", 500)
    monkeypatch.setattr(png_strips, "STRIP_BYTES", 1600 * 4 * 40)
    source = _dd2vtt(tmp_path / "keep.dd2vtt", 1600, 1200, 100)
    original = ImportProgress.shrink_progress

    def cancel_at_the_third_strip(self: ImportProgress, fraction: float) -> bool:
        if fraction > 0.09:
            self.dialog.cancel()
        return original(self, fraction)

    monkeypatch.setattr(ImportProgress, "shrink_progress", cancel_at_the_third_strip)
    assert import_dialog.import_file_interactively(None, source, lambda d: True) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.dd2vtt"]
    assert recorded[0].cancelled()
    # the rows were inflated on a second thread: stopped before the dialog closed, none left
    assert not [t for t in threading.enumerate() if t.name == png_strips.FEED_THREAD]


def test_a_stored_picture_over_the_window_limit_opens_downscaled_with_the_notice(tmp_path, monkeypatch):
    """Issue 15: "a picture of any size the importer stores is shown in both windows": stored
    whole (``vantage import --max-px`` as large as the picture), it is shown downscaled."""
    source = _dd2vtt(tmp_path / "big.dd2vtt", 1200, 800, 100)
    result = import_uvtt_file(source, ruleset="avorkarth")
    encounter = store_background(result, tmp_path, "big", max_px=1200)
    monkeypatch.setattr(map_picture, "SHOWN_MAX_MB", 1)
    scene = MapScene(encounter, tmp_path)
    assert scene.background is not None
    assert scene.background.boundingRect().width() == 1200
    assert scene.background_notice == ("Background shown at 50 %: the picture is 1,200 × 800 px, "
                                       "more than a window holds")


def test_shrinking_by_strips_keeps_to_the_decode_limit_and_says_what_it_needs(tmp_path):
    """The decode limit still bounds the memory a shrink may use (the strips, the averaged and the
    final picture): below it the picture is left out with the reason, never a crash."""
    result = import_uvtt_file(_dd2vtt(tmp_path / "big.dd2vtt", 1600, 1200, 100), ruleset="avorkarth")
    encounter = store_background(result, tmp_path, "big", max_px=400, decode_limit_mb=16)
    assert encounter.map.background is None
    # 2 strips waiting between the threads + 4 (inflated, its file, Qt's copy, its pixels): 6 × 8 MB
    said = "shrinking it needs about 49 MB and 16 MB may be used now"
    assert any(said in w for w in result.report.warnings)


def test_the_strip_shrink_gives_the_exact_size_asked(tmp_path):
    """Averaged by a whole factor (1600 // 500 = 3), then scaled smoothly to the size asked."""
    result = import_uvtt_file(_dd2vtt(tmp_path / "big.dd2vtt", 1600, 1200, 100), ruleset="avorkarth")
    encounter = store_background(result, tmp_path, "big", max_px=500)
    image = QImage(str(tmp_path / encounter.map.background.path))
    assert (image.width(), image.height()) == (500, 375)
    assert any("downscaled from 1600 × 1200 to 500 × 375 px" in n for n in result.report.notes)


def test_the_grid_dialog_previews_a_png_beyond_the_decode_limit(tmp_path, monkeypatch):
    """A plain picture too big to decode whole still gets a real preview (by strips), not the grey
    stand-in: the grid is aligned on what the picture shows."""
    from vantage.gui.importing import images

    monkeypatch.setattr(images, "DEFAULT_DECODE_LIMIT_MB", 1)  # Qt's whole decode would be refused
    picture = tmp_path / "big.png"
    picture.write_bytes(picture_bytes(quarters_image(4400, 4100)))
    preview, scale = images.read_preview(picture, (4400, 4100))
    assert max(preview.width(), preview.height()) == images.PREVIEW_MAX_PX
    assert scale == pytest.approx(4400 / preview.width())
    for (x, y), colour in zip(((300, 300), (1800, 300), (300, 1600), (1800, 1600)), QUARTERS, strict=True):
        assert preview.pixelColor(x, y).getRgb()[:3] == pytest.approx(colour.getRgb()[:3], abs=3)
