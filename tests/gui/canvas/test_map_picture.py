"""The background picture: decoded once and shared by both windows, never blank, drawn by levels.

Issue 15: "the GM and player windows share one decoded picture"; "a picture of any size the
importer stores is shown in both windows — never a blank grid: what cannot be shown at full size
is shown downscaled with a notice in the status bar".
"""

from __future__ import annotations

import gc
import os
import threading
from pathlib import Path

import pytest
from picture_files import QUARTERS, quarters_image, write_quarters
from PySide6.QtGui import QColor, QImage

from vantage.engine.model import BackgroundImage, Encounter, GameMap
from vantage.gui.appdata.player_settings import PlayerSettings
from vantage.gui.canvas import map_picture
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.canvas.map_picture import MapPicture, halved, picture_key, shared_picture, shown_notice
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.picture_item import PictureItem
from vantage.gui.canvas.snapshot import render_view
from vantage.gui.players.window import PlayerWindow


def _encounter(picture: Path, tiles: tuple[int, int], pixels_per_tile: float) -> Encounter:
    background = BackgroundImage(picture.name, pixels_per_tile)
    return Encounter(GameMap(tiles[0], tiles[1], background=background), (), ruleset="avorkarth")


def _close(colour: QColor, expected: QColor, tolerance: int = 12) -> bool:
    pairs = zip(colour.getRgb()[:3], expected.getRgb()[:3], strict=True)
    return all(abs(a - b) <= tolerance for a, b in pairs)


def _quarter_colours(image: QImage, rect) -> list[QColor]:  # noqa: ANN001
    """The colour a quarter from each corner of ``rect`` (device pixels) shows."""
    xs = (rect.left() + rect.width() * 0.2, rect.left() + rect.width() * 0.8)
    ys = (rect.top() + rect.height() * 0.2, rect.top() + rect.height() * 0.8)
    return [image.pixelColor(int(x), int(y)) for y in ys for x in xs]


def test_the_gm_and_player_windows_share_one_decoded_picture(qtbot, tmp_path):
    """Issue 15: "the GM and player windows share one decoded picture" — one decode, one key,
    the same pixels."""
    picture = write_quarters(tmp_path / "map.png", 400, 300)
    encounter = _encounter(picture, (8, 6), 50)
    before = map_picture.decode_count()
    gm = MapScene(encounter, tmp_path)
    player = PlayerWindow(encounter, tmp_path, settings=PlayerSettings(fullscreen=False))
    qtbot.addWidget(player)
    assert map_picture.decode_count() == before + 1
    assert isinstance(gm.background, PictureItem) and isinstance(player.scene.background, PictureItem)
    assert gm.background.picture is player.scene.background.picture
    assert gm.background.picture.key == picture_key(picture)
    assert gm.background.picture.pixmap.cacheKey() == player.scene.background.picture.pixmap.cacheKey()


def test_the_picture_is_let_go_when_no_window_shows_it_and_read_again_when_the_file_changes(tmp_path):
    """Issue 15 item 1: decoded once per (path, mtime, size), "released when no window uses it"."""
    picture = write_quarters(tmp_path / "map.png", 200, 100)
    encounter = _encounter(picture, (4, 2), 50)
    first, second = MapScene(encounter, tmp_path), MapScene(encounter, tmp_path)
    key = picture_key(picture)
    assert key in map_picture.live_pictures()
    bare = Encounter(GameMap(4, 2), (), ruleset="avorkarth")
    first.set_encounter(bare)
    second.set_encounter(bare)
    gc.collect()
    assert key not in map_picture.live_pictures()
    scene = MapScene(encounter, tmp_path)
    write_quarters(picture, 200, 120)
    os.utime(picture, ns=(key.mtime_ns + 10**9, key.mtime_ns + 10**9))
    before = map_picture.decode_count()
    other = MapScene(encounter, tmp_path)
    assert map_picture.decode_count() == before + 1
    assert other.background.picture.full_size == (200, 120)
    assert scene.background.picture.full_size == (200, 100)


def test_opening_the_same_map_again_decodes_nothing_new(tmp_path):
    """Decoded "once per (path, mtime, size)": the GM window opening a file sets the encounter with
    its folder again, which rebuilds the background item but reuses the picture."""
    picture = write_quarters(tmp_path / "map.png", 200, 100)
    encounter = _encounter(picture, (4, 2), 50)
    scene = MapScene(encounter, tmp_path)
    before = map_picture.decode_count()
    scene.set_encounter(encounter, base_dir=tmp_path)
    gc.collect()
    assert map_picture.decode_count() == before and scene.background is not None


@pytest.mark.parametrize("kind, fmt", [
    ("PNG", QImage.Format.Format_RGB32),  # read by strips
    ("PNG", QImage.Format.Format_RGBA64),  # 16 bits per sample: Qt decodes it whole, then scales
    ("JPEG", QImage.Format.Format_RGB32),  # Qt's own scaled JPEG decode
])
def test_a_picture_over_the_limit_is_shown_downscaled_over_the_whole_map_with_a_notice(
    qtbot, tmp_path, monkeypatch, kind, fmt
):
    """Issue 15: "what cannot be shown at full size is shown downscaled with a notice in the status
    bar" ("Background shown at 25 %: the picture is 38,400 × 25,600 px"), in both windows."""
    monkeypatch.setattr(map_picture, "SHOWN_MAX_MB", 1)  # 1 MB: a 1200 × 800 picture is over it
    picture = write_quarters(tmp_path / f"big.{kind.lower()}", 1200, 800, kind, fmt)
    encounter = _encounter(picture, (12, 8), 100)
    scene = MapScene(encounter, tmp_path)
    notices: list[str] = []
    scene.background_notice_changed.connect(notices.append)
    item = scene.background
    assert isinstance(item, PictureItem)
    shown = item.picture.pixmap
    fitted = map_picture.shown_size((1200, 800))[1]  # 627 × 418: 1 MB
    halved_by_strips = (600, 400)  # a whole factor, so below 1 MB
    assert (shown.width(), shown.height()) == (halved_by_strips if fmt == QImage.Format.Format_RGB32
                                               and kind == "PNG" else fitted)
    assert item.picture.scale < 1
    assert item.boundingRect().width() == 1200 and item.boundingRect().height() == 800
    percent = round(item.picture.scale * 100)
    assert scene.background_notice == (f"Background shown at {percent} %: the picture is 1,200 × 800 px, "
                                       "more than a window holds")
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.show()
    view.fit_map()
    frame = render_view(view)
    map_rect = view.mapFromScene(scene.map_rect()).boundingRect()
    for colour, expected in zip(_quarter_colours(frame, map_rect), QUARTERS, strict=True):
        assert _close(colour, expected), (colour.getRgb(), expected.getRgb())
    player = PlayerWindow(encounter, tmp_path, settings=PlayerSettings(fullscreen=False))
    qtbot.addWidget(player)
    assert player.scene.background is not None and player.scene.background.picture is item.picture
    scene.set_encounter(Encounter(GameMap(12, 8), (), ruleset="avorkarth"))
    assert scene.background_notice is None and notices == [""]


def test_a_picture_that_cannot_be_decoded_is_said_never_only_a_qt_warning(tmp_path):
    """Issue 15: "never a blank grid … Never a Qt warning as the only sign"."""
    picture = tmp_path / "map.png"
    data = bytearray(write_quarters(picture, 300, 200).read_bytes())
    idat = data.index(b"IDAT")
    data[idat + 20: idat + 60] = bytes(40)  # the pixels damaged, the header intact
    picture.write_bytes(bytes(data))
    scene = MapScene(_encounter(picture, (6, 4), 50), tmp_path)
    assert scene.background is None
    assert scene.background_notice is not None
    assert scene.background_notice.startswith("The background picture cannot be shown:")
    assert "map.png" in scene.background_notice
    missing = MapScene(_encounter(tmp_path / "gone.png", (6, 4), 50), tmp_path)
    gone = tmp_path / "gone.png"
    assert missing.background_notice == f"The background picture {gone} is missing or not a regular file"


def test_the_notice_reads_as_the_issue_words_it():
    """Issue 15: "Background shown at 25 %: the picture is 38,400 × 25,600 px"."""
    assert shown_notice((38_400, 25_600), 0.25) == (
        "Background shown at 25 %: the picture is 38,400 × 25,600 px, more than a window holds")
    assert shown_notice((8192, 8192), 1.0) is None


def test_the_shown_size_keeps_within_memory_and_the_painters_side_limit():
    """Issue 15 item 3: beyond "Qt's allocation limit, 32767 px QPixmap/painter limits, memory" the
    picture is shown downscaled; within them it is shown whole."""
    assert map_picture.shown_size((8192, 8192)) == (1.0, (8192, 8192))
    scale, (w, h) = map_picture.shown_size((38_400, 25_600))
    assert w * h * 4 <= map_picture.SHOWN_MAX_MB * 1024**2 and max(w, h) <= map_picture.SHOWN_MAX_SIDE
    assert scale == pytest.approx(w / 38_400, abs=1e-3)
    scale, (w, h) = map_picture.shown_size((40_000, 100))  # a long strip: the side limit decides
    assert w == map_picture.SHOWN_MAX_SIDE


def test_a_fitted_view_draws_the_level_of_detail_nearest_its_scale(qtbot, tmp_path, monkeypatch):
    """Issue 15 item 2: "a level-of-detail pyramid (the picture pre-scaled by halves, lazily, the
    level nearest the view scale drawn)", shared by both windows. The level is made on the thread
    pool (issue 32: halving it, numpy loaded the first time, took ~190 ms on the UI thread just
    after the first frame of a fitted window, which did not answer meanwhile); the frames
    meanwhile draw the finer level there is."""
    threads: list[threading.Thread] = []
    real = map_picture.halved

    def halved_where(image, times=1):  # noqa: ANN001, ANN202
        threads.append(threading.current_thread())
        return real(image, times)

    monkeypatch.setattr(map_picture, "halved", halved_where)
    picture = write_quarters(tmp_path / "map.png", 2048, 2048)
    encounter = _encounter(picture, (16, 16), 128)  # 16 tiles of TILE_PX: the picture at 48/128
    scene = MapScene(encounter, tmp_path)
    view = MapView(scene)
    qtbot.addWidget(view)
    view.resize(400, 400)
    view.show()
    view.fit_map()
    item = scene.background
    device_scale = view.zoom() * TILE_PX / 128
    wanted = item.picture.level_index(device_scale)
    assert wanted >= 2 and item.picture.scale / 2**wanted >= device_scale
    view.viewport().repaint()
    assert item.last_level < wanted  # the first frame draws what there is
    qtbot.waitUntil(lambda: item.picture.built_levels() > wanted)
    assert threads and threading.main_thread() not in threads
    view.viewport().repaint()
    assert item.last_level == wanted
    frame = render_view(view)
    map_rect = view.mapFromScene(scene.map_rect()).boundingRect()
    for colour, expected in zip(_quarter_colours(frame, map_rect), QUARTERS, strict=True):
        assert _close(colour, expected)
    view.set_zoom(4.0)
    assert item.picture.level_index(4.0 * TILE_PX / 128) == 0  # zoomed in: the full picture


def test_a_level_is_the_two_by_two_mean_of_the_one_above():
    """Issue 15 item 2: "the picture pre-scaled by halves"; an odd last row and column average
    what they hold."""
    image = QImage(3, 3, QImage.Format.Format_RGB32)
    values = [[0, 100, 30], [200, 100, 30], [50, 50, 255]]
    for y, row in enumerate(values):
        for x, v in enumerate(row):
            image.setPixelColor(x, y, QColor(v, v, v))
    half = halved(image)
    assert (half.width(), half.height()) == (2, 2)
    assert [QColor(half.pixel(x, y)).red() for y in range(2) for x in range(2)] == [100, 30, 50, 255]


def test_the_level_index_stops_at_the_smallest_level():
    image = quarters_image(256, 128)
    picture = MapPicture(map_picture.PictureKey("x", 0, 0), image, (256, 128))
    assert picture.level_index(1.0) == 0 and picture.level_index(2.0) == 0
    assert picture.level_index(0.5) == 1
    assert picture.level_index(0.001) == 2  # 64 × 32: not halved below SMALLEST_LEVEL_PX


def test_shared_picture_refuses_a_file_that_is_not_a_picture(tmp_path):
    (tmp_path / "notes.png").write_text("not a picture")
    with pytest.raises(map_picture.PictureUnreadable, match="is not a picture Vantage shows"):
        shared_picture(tmp_path / "notes.png")


def test_a_picture_with_an_alpha_channel_but_no_transparent_pixel_is_shown_opaque(qtbot, tmp_path):
    """Map exports are often RGBA with every pixel opaque. The decoded picture becomes the pixmap
    without a copy, and an opaque one is drawn without blending; one with a clear pixel keeps it."""
    opaque = QImage(32, 16, QImage.Format.Format_ARGB32)
    opaque.fill(QColor(10, 200, 30, 255))
    opaque.save(str(tmp_path / "opaque.png"))
    clear = QImage(opaque)
    clear.setPixelColor(3, 3, QColor(0, 0, 0, 0))
    clear.save(str(tmp_path / "clear.png"))
    shown = shared_picture(tmp_path / "opaque.png").pixmap
    assert not shown.hasAlpha() and shown.size().width() == 32
    assert QColor(shown.toImage().pixel(5, 5)).green() == 200
    kept = shared_picture(tmp_path / "clear.png").pixmap
    assert kept.hasAlpha() and kept.toImage().pixelColor(3, 3).alpha() == 0


def test_the_decoded_picture_becomes_the_pixmap_without_a_copy(qtbot):
    """A second copy of a big picture is a second few hundred MB and, at start-up, milliseconds of
    fresh memory touched before the first frame: the picture takes the decoded image over."""
    image = quarters_image(64, 32)
    picture = MapPicture(map_picture.PictureKey("x", 0, 0), image, (64, 32))
    assert image.isNull()  # its pixels are the pixmap's now
    assert (picture.pixmap.width(), picture.pixmap.height()) == (64, 32)
