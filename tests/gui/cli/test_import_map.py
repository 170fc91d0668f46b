"""``vantage import FILE -o ENCOUNTER.json``: "writes a Vantage encounter (the image saved beside
it) and prints the report; a file it cannot import exits 1 with the reason". Pictures larger than
--max-px are "downscaled on load with a clear note, never a crash"."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest

from tests.fixtures.uvtt.make_variants import solid_png
from vantage.engine.fileformat import load_encounter
from vantage.engine.importers.image_header import read_image_header
from vantage.gui.cli.import_map import run

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = ROOT / "tests" / "fixtures" / "uvtt"
SAMPLE = Path(__file__).resolve().parents[3] / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"


def cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = run(list(argv), out, err)
    return code, out.getvalue(), err.getvalue()


def test_sample_import_writes_a_valid_encounter_and_its_picture(tmp_path: Path) -> None:
    code, out, _ = cli(str(SAMPLE), "-o", str(tmp_path / "cave.json"))
    assert code == 0
    assert "doors:   3" in out and "1280 × 1280 px, 64 px per tile" in out
    encounter = load_encounter(tmp_path / "cave.json")
    assert encounter.map.background.path == "cave.png"
    assert read_image_header((tmp_path / "cave.png").read_bytes()).width == 1280
    assert sum(w.kind.is_door for w in encounter.map.walls) == 3


def test_truncated_file_exits_1_with_the_reason(tmp_path: Path) -> None:
    code, out, err = cli(str(FIXTURES / "truncated.dd2vtt"), "-o", str(tmp_path / "x.json"))
    assert code == 1 and "not valid JSON" in err and out == ""
    assert not (tmp_path / "x.json").exists()


def test_big_picture_is_downscaled_with_a_note_and_the_grid_follows(tmp_path: Path) -> None:
    code, out, _ = cli(str(FIXTURES / "plain.dd2vtt"), "-o", str(tmp_path / "m.json"), "--max-px", "40")
    assert code == 0 and "downscaled from 80 × 64 to 40 × 32 px" in out
    encounter = load_encounter(tmp_path / "m.json")
    assert encounter.map.background.pixels_per_tile == pytest.approx(4.0)
    header = read_image_header((tmp_path / "m.png").read_bytes())
    assert (header.width, header.height) == (40, 32)


def test_picture_too_big_to_decode_is_left_out_never_a_crash(tmp_path: Path) -> None:
    picture = tmp_path / "huge.png"
    picture.write_bytes(solid_png(3000, 2000))  # 23 MB decoded, above a 4 MB limit
    code, out, _ = cli(
        str(picture), "-o", str(tmp_path / "h.json"), "--pixels-per-tile", "100", "--max-px", "500",
        "--max-decode-mb", "4",
    )
    assert code == 0 and "could not be decoded to shrink it" in out and "without its picture" in out
    encounter = load_encounter(tmp_path / "h.json")
    assert encounter.map.background is None and (encounter.map.width, encounter.map.height) == (30, 20)


def test_plain_picture_without_grid_lines_needs_the_grid_and_takes_offset_and_size(tmp_path: Path) -> None:
    picture = tmp_path / "room.png"
    picture.write_bytes(solid_png(300, 200))
    code, _, err = cli(str(picture), "-o", str(tmp_path / "r.json"))
    assert code == 1 and "no regular grid lines found; give --pixels-per-tile" in err
    out = str(tmp_path / "r.json")
    code, _, err = cli(str(picture), "-o", out, "--pixels-per-tile", "50", "--tiles", "4")
    assert code == 2 and "--tiles '4'" in err
    code, out, _ = cli(
        str(picture), "-o", str(tmp_path / "r.json"), "--pixels-per-tile", "50", "--offset", "10,0",
        "--tiles", "4x3",
    )
    assert code == 0
    m = load_encounter(tmp_path / "r.json").map
    assert (m.width, m.height, m.background.offset_px) == (4, 3, (10.0, 0.0))


def test_tiled_map_with_its_own_terrain_kinds_saves_and_loads(tmp_path: Path) -> None:
    tmj = tmp_path / "t.tmj"
    tmj.write_text(
        '{"type": "map", "orientation": "orthogonal", "width": 2, "height": 1, "tilewidth": 32,'
        ' "tileheight": 32, "layers": [{"type": "tilelayer", "name": "g", "width": 2, "height": 1,'
        ' "data": [1, 0], "properties": [{"name": "terrain", "value": "harsh"}]}]}'
    )
    code, _, err = cli(str(tmj), "-o", str(tmp_path / "t.json"))
    assert code == 0, err
    m = load_encounter(tmp_path / "t.json").map
    assert m.terrain == ("harsh", "open") and m.terrain_at((0, 0)).movement.value == "harsh"


def test_usage_errors_exit_2() -> None:
    assert cli("map.dd2vtt")[0] == 2
    assert cli("--help")[0] == 0


def test_a_shrunk_picture_never_overwrites_the_imported_one(tmp_path: Path) -> None:
    picture = tmp_path / "room.png"
    original = solid_png(300, 200)
    picture.write_bytes(original)
    out = str(tmp_path / "room.json")
    code, _, _ = cli(str(picture), "-o", out, "--pixels-per-tile", "50", "--max-px", "100")
    assert code == 0 and picture.read_bytes() == original
    assert load_encounter(tmp_path / "room.json").map.background.path == "room-background.png"


def test_the_grid_of_a_plain_picture_is_guessed_when_not_given(tmp_path: Path) -> None:
    from vantage.engine.importers.uvtt import import_uvtt_file

    picture = tmp_path / "cave.png"
    picture.write_bytes(import_uvtt_file(SAMPLE, ruleset="avorkarth").image.data)  # 1280 px, 64 px per tile
    code, out, err = cli(str(picture), "-o", str(tmp_path / "cave.json"))
    assert code == 0, err
    assert re.search(r"grid guessed from the lines on the picture: (63\.9\d*|64(\.0\d*)?) px per tile", out)
    m = load_encounter(tmp_path / "cave.json").map
    assert (m.width, m.height) == (20, 20) and m.background.pixels_per_tile == pytest.approx(64, abs=0.1)


def test_vantage_dispatches_import(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from vantage.gui.app import main

    assert main(["import", str(FIXTURES / "window.dd2vtt"), "-o", str(tmp_path / "w.json")]) == 0
    assert "windows: 1" in capsys.readouterr().out
    assert main(["import", str(FIXTURES / "truncated.dd2vtt"), "-o", str(tmp_path / "t.json")]) == 1


def test_the_ruleset_of_an_imported_map_is_chosen_and_an_unknown_one_refused(tmp_path: Path) -> None:
    """"New and imported maps ask which ruleset": ``--ruleset`` names it; an id nobody registered is
    a usage error that names the known ones, and nothing is written."""
    from skirmish_ruleset import registered

    with registered():
        code, _, _ = cli(str(SAMPLE), "-o", str(tmp_path / "cave.json"), "--ruleset", "skirmish")
        assert code == 0 and load_encounter(tmp_path / "cave.json").ruleset == "skirmish"
    code, _, err = cli(str(SAMPLE), "-o", str(tmp_path / "chess.json"), "--ruleset", "chess")
    assert code == 2 and "'chess'" in err and "known: avorkarth" in err
    assert not (tmp_path / "chess.json").exists()
    code, _, _ = cli(str(SAMPLE), "-o", str(tmp_path / "default.json"))
    assert code == 0 and load_encounter(tmp_path / "default.json").ruleset == "avorkarth"


def test_without_ruleset_the_ruleset_chosen_last_in_vantage_is_used_and_named(
    tmp_path: Path, monkeypatch
) -> None:
    """Issue 26: no silent default. Without ``--ruleset`` the encounter is played by the ruleset the
    GM chose last in the GUI (else the first installed), and the output says which and why."""
    from skirmish_ruleset import registered

    from vantage.gui.appdata import gm_settings

    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    code, out, _ = cli(str(SAMPLE), "-o", str(tmp_path / "first.json"))
    assert code == 0 and load_encounter(tmp_path / "first.json").ruleset == "avorkarth"
    assert out.splitlines()[-1] == (
        f"Wrote {tmp_path / 'first.json'}, played by Avorkarth "
        "(avorkarth: the first installed; --ruleset chooses another)"
    )
    with registered():
        gm_settings.remember_ruleset("skirmish")
        code, out, _ = cli(str(SAMPLE), "-o", str(tmp_path / "chosen.json"))
        assert code == 0 and load_encounter(tmp_path / "chosen.json").ruleset == "skirmish"
        assert out.splitlines()[-1] == (
            f"Wrote {tmp_path / 'chosen.json'}, played by Skirmish "
            "(skirmish: the one you chose last in Vantage; --ruleset chooses another)"
        )
        code, out, _ = cli(str(SAMPLE), "-o", str(tmp_path / "named.json"), "--ruleset", "avorkarth")
        assert code == 0 and load_encounter(tmp_path / "named.json").ruleset == "avorkarth"
        assert out.splitlines()[-1] == f"Wrote {tmp_path / 'named.json'}, played by Avorkarth"


def test_the_help_names_where_the_default_ruleset_comes_from(
    tmp_path: Path, monkeypatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from vantage.gui.appdata import gm_settings

    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))
    gm_settings.remember_ruleset("baton")
    assert cli("--help")[0] == 0
    text = " ".join(capsys.readouterr().out.split())  # argparse prints the help itself
    assert (
        "default: the ruleset you chose last in Vantage, else the first installed: avorkarth; now baton; "
        "known: avorkarth, baton," in text
    )
