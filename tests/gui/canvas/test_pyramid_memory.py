"""The level-of-detail pyramid holds only the levels a view draws from (issue 32: the GM and player
windows on an 8192 px picture took 1.26 × the memory of a bare viewer, the pyramid's share).

Issue 15 item 2: "a level-of-detail pyramid (the picture pre-scaled by halves, lazily, the level
nearest the view scale drawn)". A level made without the ones between has the same pixels.
"""

from __future__ import annotations

import numpy as np
import pytest
from picture_files import quarters_image
from PySide6.QtGui import QImage

from vantage.gui.canvas import map_picture
from vantage.gui.canvas.map_picture import MapPicture, halved, smaller_levels


def _noise(width: int, height: int, fmt: QImage.Format, seed: int = 5) -> QImage:
    pixels = np.random.default_rng(seed).integers(0, 256, (height, width, 4), dtype=np.uint8)
    if fmt == QImage.Format.Format_ARGB32_Premultiplied:
        pixels[..., :3] = np.minimum(pixels[..., :3], pixels[..., 3:4])
    return QImage(pixels.tobytes(), width, height, width * 4, fmt).copy()


@pytest.mark.parametrize("fmt", [QImage.Format.Format_RGB32, QImage.Format.Format_ARGB32_Premultiplied])
@pytest.mark.parametrize("size", [(1001, 1337), (3, 3), (700, 2049)])
def test_halving_several_times_at_once_gives_the_pixels_of_halving_level_by_level(fmt, size):
    image = _noise(*size, fmt)
    for times in (2, 3, 5):
        step_by_step = image
        for _ in range(times):
            step_by_step = halved(step_by_step)
        assert halved(image, times) == step_by_step


def test_a_fitted_picture_never_holds_the_first_halved_level(qapp, monkeypatch):
    monkeypatch.setattr(map_picture, "HALVING_ROWS", 16)  # several bands even on a small picture
    image = quarters_image(1024, 512)
    ahead = smaller_levels(image)
    assert sorted(ahead) == [2, 3, 4]  # 256 × 128 down to 64 × 32: level 1 is not made ahead
    picture = MapPicture(map_picture.PictureKey("x", 0, 0), image.copy(), (1024, 512), ahead)
    assert not picture.has_level(1)
    pixmap, index = picture.level(1, build=False)  # not built: the picture itself is drawn
    assert index == 0 and pixmap.width() == 1024
    pixmap, index = picture.level(1)  # a view at that scale: made then, from the picture
    assert index == 1 and (pixmap.width(), pixmap.height()) == (512, 256)
    assert pixmap.toImage() == halved(image).convertToFormat(pixmap.toImage().format())


def test_a_coarse_level_is_made_from_the_nearest_finer_one_built(qapp):
    image = quarters_image(1024, 1024)
    picture = MapPicture(map_picture.PictureKey("x", 0, 0), image, (1024, 1024))
    assert picture.built_levels() == 1
    pixmap, index = picture.level(3)
    assert index == 3 and pixmap.width() == 128
    assert not picture.has_level(1) and not picture.has_level(2)
    assert picture.level(2, build=False)[1] == 0  # the levels between were never kept
    assert picture.built_levels() == 4
