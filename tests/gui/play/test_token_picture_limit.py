"""A token picture the GM window embeds fits the limit ``vantage play`` reads a command's text by
(issue 33, item 7: "pictures the GUI embeds in tokens can exceed vantage play's limit, so that
session cannot be replayed headless"). One limit for both: ``MAX_PICTURE_TEXT``, which is the text
limit of a command field; a picture whose PNG is larger is stored as a JPEG that fits."""

from __future__ import annotations

import base64
import random

from PySide6.QtGui import QImage

from vantage.engine.protocol.commands import command_from_dict
from vantage.engine.protocol.field_values import MAX_TEXT
from vantage.engine.protocol.gm_commands import EditToken
from vantage.gui.canvas.token_item import embedded_picture
from vantage.gui.play.token_picture import MAX_PICTURE_TEXT, PICTURE_PX, picture_data


def _noise(path, side=512):
    """A picture PNG cannot compress: every pixel a random colour with a random alpha."""
    rng = random.Random(33)
    image = QImage(side, side, QImage.Format.Format_ARGB32)
    for y in range(side):
        for x in range(side):
            image.setPixel(x, y, rng.getrandbits(32))
    image.save(str(path))
    return path


def test_one_limit_for_the_window_and_for_vantage_play():
    assert MAX_PICTURE_TEXT == MAX_TEXT


def test_a_picture_png_cannot_shrink_still_replays_headless(qapp, tmp_path):
    data = picture_data(_noise(tmp_path / "noise.png"))
    assert len(data) <= MAX_PICTURE_TEXT
    edit = EditToken(token="bram", image=data)
    assert command_from_dict(edit.to_dict()) == edit  # what vantage play reads: not refused
    head, payload = data.split(",", 1)
    image = QImage()
    assert image.loadFromData(base64.b64decode(payload))
    assert (image.width(), image.height()) == (PICTURE_PX, PICTURE_PX)
    assert not embedded_picture(data).isNull()
