"""The import dialogs: "An import report dialog: cells, walls, doors, windows, lights, image size
and scale, and every warning", and for plain images "the GM aligns the grid (drag two corners of
one square, or type pixels per tile and offset ...) and sets the map size in tiles"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QPointF, Qt
from PySide6.QtGui import QPixmap

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.importers.uvtt import import_uvtt_file
from vantage.gui.importing import dialog as import_dialog
from vantage.gui.importing.dialog import GridAlignmentDialog, ImportReportDialog, import_file_interactively

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt"


def test_report_dialog_shows_counts_scale_and_every_warning(qtbot) -> None:
    report = import_uvtt_file(FIXTURES / "wrong-ppg.uvtt", ruleset="avorkarth").report
    dialog = ImportReportDialog(report)
    qtbot.addWidget(dialog)
    assert dialog.values["Cells"] == "10 × 8" and dialog.values["Doors"] == "1"
    assert dialog.values["Image"] == "80 × 64 px, 8 px per tile"
    texts = [dialog.messages.item(i).text() for i in range(dialog.messages.count())]
    assert any("pixels_per_grid is 50" in t for t in texts)
    assert len(texts) == len(report.warnings) + len(report.notes)


def test_uvtt_flow_keeps_the_picture_in_the_users_folder_and_returns_the_encounter(
        qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 30 item 7: "the import writes a PNG beside the source map — store it with the
    encounter instead": until the encounter is saved the picture waits in the user's folder."""
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    source = tmp_path / "maps" / "room.dd2vtt"
    source.parent.mkdir()
    shutil.copy(FIXTURES / "window.dd2vtt", source)
    shown: list[type] = []
    encounter = import_file_interactively(None, source, lambda d: shown.append(type(d)) or True)
    assert shown == [ImportReportDialog]
    background = encounter.map.background
    waiting = tmp_path / "user" / "imported-pictures"
    assert Path(background.path) == (waiting / "room-background.png").resolve()
    assert sorted(p.name for p in source.parent.iterdir()) == ["room.dd2vtt"]  # nothing beside the map
    assert not QPixmap(background.path).isNull()
    assert sum(w.kind.value == "window" for w in encounter.map.walls) == 1


def test_cancelling_the_report_returns_nothing_and_leaves_no_picture(qtbot, tmp_path: Path) -> None:
    source = tmp_path / "plain.dd2vtt"
    shutil.copy(FIXTURES / "plain.dd2vtt", source)
    assert import_file_interactively(None, source, lambda d: False) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["plain.dd2vtt"]


def test_a_file_that_cannot_be_imported_says_why(qtbot, monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []
    monkeypatch.setattr(import_dialog.QMessageBox, "warning", lambda parent, title, text: said.append(text))
    assert import_file_interactively(None, FIXTURES / "truncated.dd2vtt", lambda d: True) is None
    assert "not valid JSON" in said[0]


def test_plain_picture_typed_grid(qtbot, tmp_path: Path) -> None:
    picture = tmp_path / "cellar.png"
    picture.write_bytes(solid_png(500, 300))

    def answer(dialog) -> bool:
        if isinstance(dialog, GridAlignmentDialog):
            qtbot.addWidget(dialog)
            dialog.pixels.setValue(50)
            dialog.offset_x.setValue(25)
            assert (dialog.tiles_w.value(), dialog.tiles_h.value()) == (9, 6)  # whole tiles that fit
            dialog.tiles_h.setValue(5)
        return True

    encounter = import_file_interactively(None, picture, answer)
    m = encounter.map
    assert (m.width, m.height) == (9, 5)
    assert m.background.pixels_per_tile == 50 and m.background.offset_px == (25, 0)
    assert Path(m.background.path) == picture.resolve()


def test_dragging_two_corners_of_one_square_sets_the_grid(qtbot, tmp_path: Path) -> None:
    picture = tmp_path / "grid.png"
    picture.write_bytes(solid_png(400, 300))
    dialog = GridAlignmentDialog(picture, (400, 300))
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    view = dialog.view
    start, end = view.mapFromScene(QPointF(130, 90)), view.mapFromScene(QPointF(190, 150))
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(view.viewport(), pos=QPoint((start.x() + end.x()) // 2, start.y() + 20))
    qtbot.mouseMove(view.viewport(), pos=end)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    grid = dialog.alignment()
    assert grid.pixels_per_tile == pytest.approx(60, abs=1.5)
    assert grid.offset_px[0] == pytest.approx(10, abs=1.5) and grid.offset_px[1] == pytest.approx(30, abs=1.5)
    assert (grid.width, grid.height) == (6, 4)


def grid_picture(path: Path, size: tuple[int, int], period: float, offset: tuple[float, float]) -> None:
    from PySide6.QtGui import QColor, QImage, QPainter, QPen

    image = QImage(size[0], size[1], QImage.Format.Format_RGB32)
    image.fill(QColor(150, 140, 120))
    painter = QPainter(image)
    painter.setPen(QPen(QColor(60, 60, 60), 1))
    x = offset[0]
    while x < size[0]:
        painter.drawLine(QPointF(x, 0), QPointF(x, size[1]))
        x += period
    y = offset[1]
    while y < size[1]:
        painter.drawLine(QPointF(0, y), QPointF(size[0], y))
        y += period
    painter.end()
    image.save(str(path))


@pytest.mark.parametrize(
    ("size", "period", "offset"), [((900, 700), 64, (10, 20)), ((3000, 2400), 70.5, (33, 5))]
)
def test_the_grid_is_guessed_from_drawn_lines(qtbot, tmp_path: Path, size, period, offset) -> None:
    # The second picture is larger than the preview, so the guess is made on a shrunk copy.
    picture = tmp_path / "grid.png"
    grid_picture(picture, size, period, offset)
    dialog = GridAlignmentDialog(picture, size)
    qtbot.addWidget(dialog)
    grid = dialog.alignment()
    assert "guessed" in dialog.hint.text()
    assert grid.pixels_per_tile == pytest.approx(period, rel=0.01)
    assert grid.offset_px[0] == pytest.approx(offset[0], abs=2.5)
    assert grid.offset_px[1] == pytest.approx(offset[1], abs=2.5)


def test_no_grid_lines_no_guess(qtbot, tmp_path: Path) -> None:
    picture = tmp_path / "plain.png"
    picture.write_bytes(solid_png(300, 300))
    dialog = GridAlignmentDialog(picture, (300, 300))
    qtbot.addWidget(dialog)
    assert not dialog.guess() and "No regular grid" in dialog.hint.text()


SAMPLE = Path(__file__).resolve().parents[3] / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"


def test_the_grid_of_a_real_map_picture_is_guessed(qtbot, tmp_path: Path) -> None:
    # The Dungeondraft sample's picture: 1280 px, 64 px per tile, dashed grid lines over planks.
    picture = tmp_path / "cave.png"
    picture.write_bytes(import_uvtt_file(SAMPLE, ruleset="avorkarth").image.data)
    dialog = GridAlignmentDialog(picture, (1280, 1280))
    qtbot.addWidget(dialog)
    grid = dialog.alignment()
    assert grid.pixels_per_tile == pytest.approx(64, abs=0.5)
    assert grid.offset_px == (0.0, 0.0) and (grid.width, grid.height) == (20, 20)


@pytest.mark.slow  # a picture beyond Qt's decode limit, made and decoded: 1.5 to 3 s
def test_preview_of_a_picture_above_qts_default_limit(qtbot, tmp_path: Path) -> None:
    # 8400 × 8000 px is 269 MB decoded, above Qt's default 256 MB: the dialog raises the limit
    # while it reads the preview, then puts it back.
    from PySide6.QtGui import QImageReader

    picture = tmp_path / "big.png"
    picture.write_bytes(solid_png(8400, 8000))
    before = QImageReader.allocationLimit()
    dialog = GridAlignmentDialog(picture, (8400, 8000))
    qtbot.addWidget(dialog)
    assert dialog.preview.pixelColor(10, 10).getRgb()[:3] == (120, 110, 90)
    assert max(dialog.preview.width(), dialog.preview.height()) == 2048
    assert QImageReader.allocationLimit() == before


def test_the_report_dialog_asks_for_the_ruleset(qtbot, tmp_path: Path, monkeypatch) -> None:
    """"New and imported maps ask which ruleset (remembered as the default)": the report dialog
    offers the one chosen last first, and the encounter is played by the one chosen there."""
    from skirmish_ruleset import registered

    from vantage.gui.appdata.gm_settings import remember_ruleset

    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    source = tmp_path / "plain.dd2vtt"
    shutil.copy(FIXTURES / "plain.dd2vtt", source)
    offered: list[str] = []

    def answer(dialog) -> bool:
        qtbot.addWidget(dialog)
        offered.append(dialog.ruleset())
        return dialog.ruleset_box.select("skirmish")

    with registered():
        remember_ruleset("avorkarth")
        encounter = import_file_interactively(None, source, answer)
        remember_ruleset("skirmish")
        again = ImportReportDialog(import_uvtt_file(source, ruleset="avorkarth").report)
        qtbot.addWidget(again)
        assert again.ruleset() == "skirmish"
    assert offered == ["avorkarth"] and encounter.ruleset == "skirmish"
