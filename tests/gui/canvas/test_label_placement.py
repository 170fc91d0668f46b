"""Where labels go (issue 30 item 3): "Labels never cover the token they describe, stay inside the
view, and avoid each other." One placement for every label kind: names on the projector, the cover
badge, the drag's label, the ruler's reading."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QRectF, QSizeF

from vantage.gui.canvas.label_placement import (
    AROUND,
    BESIDE,
    RINGS,
    Side,
    inside,
    place_label,
    place_labels,
    reach_margin,
)

VIEW = QRectF(0, 0, 400, 300)
TOKEN = QRectF(180, 130, 40, 40)


def _clear(a: QRectF, b: QRectF) -> bool:
    common = a.intersected(b)
    return common.isEmpty() or common.width() * common.height() < 1e-6


def test_a_label_goes_under_its_token_where_there_is_room():
    rect = place_label(QSizeF(60, 16), TOKEN, VIEW, gap=2)
    assert rect == QRectF(170, 172, 60, 16)
    assert _clear(rect, TOKEN)


def test_at_the_bottom_edge_it_goes_beside_never_on_the_token():
    low = QRectF(180, 262, 40, 38)  # the token touches the view's bottom
    rect = place_label(QSizeF(60, 16), low, VIEW)
    assert VIEW.contains(rect) and _clear(rect, low)
    assert rect.left() >= low.right()  # the next side in order: right


def test_at_the_right_edge_a_wide_label_is_moved_inside_the_view():
    """The ruler's "…as Avorkarth m" was cut at the projector's right edge."""
    edge = QRectF(370, 130, 30, 30)
    rect = place_label(QSizeF(240, 40), edge, VIEW, sides=BESIDE)
    assert VIEW.contains(rect) and _clear(rect, edge)


def test_a_label_wider_than_the_view_keeps_its_start_inside():
    assert inside(QRectF(-50, 20, 500, 20), VIEW).left() == 0
    assert inside(QRectF(300, 290, 50, 30), VIEW) == QRectF(300, 270, 50, 30)


def test_it_avoids_what_is_taken_and_moves_further_out_when_crowded():
    taken = [place_label(QSizeF(60, 16), TOKEN, VIEW, sides=(side,)) for side in AROUND]
    rect = place_label(QSizeF(60, 16), TOKEN, VIEW, taken)
    assert _clear(rect, TOKEN) and all(_clear(rect, t) for t in taken)
    assert not TOKEN.adjusted(-20, -20, 20, 20).contains(rect)  # the next ring out


def test_when_nothing_is_free_the_token_still_stays_uncovered():
    everything_taken = [VIEW]
    rect = place_label(QSizeF(60, 16), TOKEN, VIEW, everything_taken)
    assert _clear(rect, TOKEN) and VIEW.contains(rect)


def test_neighbours_names_never_overlap_nor_cover_a_token():
    """Bram beside Cultist Hask: "with large labels, adjacent tokens' names overlap"."""
    tiles = [QRectF(x, 100, 40, 40) for x in (100, 140, 180)]  # three tokens in a row
    sizes = [QSizeF(50, 18), QSizeF(110, 18), QSizeF(120, 18)]
    placed = place_labels(list(zip(sizes, tiles, strict=True)), VIEW, tiles)
    for a, b in itertools.combinations(placed, 2):
        assert _clear(a, b)
    for rect in placed:
        assert VIEW.contains(rect) and all(_clear(rect, tile) for tile in tiles)


def test_without_a_view_the_first_free_side_wins():
    rect = place_label(QSizeF(60, 16), TOKEN, None, sides=(Side.ABOVE,))
    assert rect == QRectF(170, 112, 60, 16)


def test_the_reach_margin_bounds_every_candidate():
    size, gap = QSizeF(80, 20), 2.0
    mx, my = reach_margin(size, gap)
    grown = TOKEN.adjusted(-mx, -my, mx, my)
    for ring in range(RINGS):
        taken = [grown.adjusted(-1000, -1000, 1000, 1000)] if ring else []
        assert grown.contains(place_label(size, TOKEN, None, taken, gap=gap))
