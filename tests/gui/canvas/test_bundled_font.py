"""The one font Vantage ships, used wherever a frame is rendered offscreen (issue 34).

Issue 34: "Offscreen frames on Windows draw every letter as a box unless `QT_QPA_FONTDIR` is set:
Qt's offscreen platform there reads fonts only from that folder. [...] ship one font with Vantage
and use it wherever a frame is rendered offscreen (self-test, screenshots [...]), so text renders
the same on every system." A Linux machine with no fonts at all (fontconfig given an empty
configuration) stands in for Windows' offscreen platform: there the frames draw boxes unless the
bundled font is used.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QFont, QFontDatabase, QRawFont

from vantage.gui.appdata.resources import resource_dir
from vantage.gui.canvas import bundled_font

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "packaging"))
import bundle_plan  # noqa: E402
import make_font  # noqa: E402

FONTS = resource_dir("assets") / "fonts"

REPORT = """
import sys
from PySide6.QtWidgets import QApplication
from vantage.gui.canvas import bundled_font
if sys.argv[1] == "bundled":
    app = bundled_font.start_application([])
else:
    app = QApplication([])
ok, line = bundled_font.font_report(app)
print(ok, line)
"""


def _no_fonts_env(tmp_path: Path) -> dict[str, str]:
    """Offscreen Qt on a machine with no fonts: what Windows' offscreen platform sees."""
    conf = tmp_path / "no-fonts.conf"
    conf.write_text(f'<?xml version="1.0"?><fontconfig><cachedir>{tmp_path / "fc-cache"}</cachedir>'
                    "</fontconfig>", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("QT_QPA_FONTDIR", "PYTHONPATH")}
    return env | {"FONTCONFIG_FILE": str(conf), "QT_QPA_PLATFORM": "offscreen"}


def _report(tmp_path: Path, mode: str) -> str:
    result = subprocess.run([sys.executable, "-c", REPORT, mode], env=_no_fonts_env(tmp_path),
                            capture_output=True, text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip()


@pytest.mark.slow  # two Qt programs in processes of their own: about 3 s
def test_without_fonts_offscreen_text_is_drawn_in_the_bundled_font_not_boxes(tmp_path):
    without = _report(tmp_path, "plain")
    assert without.startswith("False "), without  # the test can fail: no font, no text
    assert _report(tmp_path, "bundled") == (
        "True DejaVu Sans (bundled DejaVuSans.ttf) draws 'Vantage: Ada → Ghoul, 2×6 −1'"
    )


@pytest.mark.slow  # the self-test in a process of its own: about 4 s
def test_the_self_test_checks_the_font_of_its_frames(tmp_path):
    env = _no_fonts_env(tmp_path) | {"VANTAGE_USER_DIR": str(tmp_path / "user")}
    result = subprocess.run([sys.executable, "-m", "vantage.gui", "--self-test"], env=env,
                            capture_output=True, text=True, timeout=300, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "ok    font: DejaVu Sans (bundled DejaVuSans.ttf) draws" in result.stdout


def test_a_font_that_draws_boxes_is_told_apart(qapp):
    font = QFont()
    font.setFamilies(["DejaVu Sans"])
    assert QFontDatabase.addApplicationFont(str(FONTS / bundled_font.FONT_FILE)) >= 0
    assert bundled_font.draws_text(font, "Vantage → 2×6")
    assert not bundled_font.draws_text(font, "Vantage \ue123")  # a character no font has


def test_every_character_vantage_shows_is_in_the_bundled_font():
    raw = QRawFont(str(FONTS / bundled_font.FONT_FILE), 12)
    assert raw.isValid() and raw.familyName() == bundled_font.FAMILY
    used = make_font.characters_used(ROOT) | {chr(c) for c in range(0x20, 0x7F)}
    missing = sorted(c for c in used if not c.isspace() and not raw.supportsCharacter(ord(c)))
    assert missing == [], f"run packaging/make_font.py: the bundled font lacks {''.join(missing)}"


def test_the_font_is_small_and_its_licence_is_beside_it():
    font = FONTS / bundled_font.FONT_FILE
    assert font.stat().st_size < 200 * 1024
    licence = (FONTS / "DejaVuSans-LICENSE.txt").read_text(encoding="utf-8")
    assert "Bitstream Vera Fonts Copyright" in licence and "Arev Fonts Copyright" in licence
    bundled = {Path(source).name for source, _folder in bundle_plan.data_files(ROOT)}
    assert {"DejaVuSans.ttf", "DejaVuSans-LICENSE.txt"} <= bundled


def test_qt_reads_fonts_from_the_bundled_folder_only_when_offscreen():
    env: dict[str, str] = {"QT_QPA_PLATFORM": "offscreen:size=800x600"}
    assert bundled_font.prepare_offscreen_fonts(env)
    assert Path(env["QT_QPA_FONTDIR"]) == FONTS
    for platform in ("xcb", "windows", "cocoa", ""):
        screen = {"QT_QPA_PLATFORM": platform}
        assert not bundled_font.prepare_offscreen_fonts(screen) and "QT_QPA_FONTDIR" not in screen
    chosen = {"QT_QPA_PLATFORM": "offscreen", "QT_QPA_FONTDIR": "/somewhere/else"}
    assert not bundled_font.prepare_offscreen_fonts(chosen)
    assert chosen["QT_QPA_FONTDIR"] == "/somewhere/else"  # a folder the user chose is kept
