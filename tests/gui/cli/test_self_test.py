"""``vantage --self-test``: "loads every sample, renders one frame of each to a PNG in a temp folder,
and exits 0 only if all worked" (issue 2, entry points)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QImage

from vantage.gui.cli import self_test


def test_self_test_renders_every_sample_and_keeps_pngs_with_out(qapp, tmp_path, capsys):
    out = tmp_path / "frames"
    assert self_test.run(["--out", str(out)]) == 0
    pngs = sorted(out.glob("*.png"))
    assert pngs, "no frame was written"
    for png in pngs:
        image = QImage(str(png))
        assert not image.isNull() and image.width() == self_test.FRAME_SIZE[0]
    lines = capsys.readouterr().out.splitlines()
    assert lines[-1].startswith("total ") and "all worked" in lines[-1]
    assert all(line.startswith("ok") for line in lines[:-1])
    assert " ms" in lines[0] and "tiles" in lines[0]


def test_a_broken_extra_file_fails_the_self_test_with_its_reason(qapp, tmp_path, capsys):
    bad = tmp_path / "broken.json"
    bad.write_text("{ not json", encoding="utf-8")
    assert self_test.run(["--out", str(tmp_path / "frames"), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"FAIL  {bad}" in out
    assert "1 failed" in out


def test_without_out_the_frames_go_to_a_temporary_folder_that_is_removed(qapp, capsys):
    assert self_test.run([]) == 0
    ok_lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("ok")]
    png = Path(ok_lines[0].rsplit("-> ", 1)[1])
    assert not png.exists()


def test_an_extra_universal_vtt_map_is_imported_and_rendered(qapp, tmp_path, capsys):
    # issue 2: "The self-test must also be able to take extra files" (the packaged build adds a UVTT map)
    uvtt = Path(__file__).resolve().parents[2] / "fixtures" / "uvtt" / "window.dd2vtt"
    assert self_test.run(["--out", str(tmp_path), str(uvtt)]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if str(uvtt) in x)
    assert line.startswith("ok") and "tiles" in line
