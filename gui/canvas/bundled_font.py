"""The one font Vantage ships (``assets/fonts/DejaVuSans.ttf``), for every frame rendered offscreen.

Qt's ``offscreen`` platform has no font database of its own on Windows: it reads fonts only from
``QT_QPA_FONTDIR`` (or Qt's own ``lib/fonts``, which PySide6 does not ship), so without help
every letter of an offscreen frame is a box there. On Linux it asks fontconfig and on macOS
Core Text, which each pick something else. So wherever Vantage renders without a screen (the
self-test, the documentation's screenshots, the GM window run headless), it uses this font:

1. :func:`prepare_offscreen_fonts` before the ``QApplication`` exists: under the offscreen
   platform, ``QT_QPA_FONTDIR`` names the bundled fonts folder (unless it is set already);
2. :func:`use_bundled_font` once it exists: the font is registered with Qt and, offscreen, made
   the application's font and the stand-in for the generic families widgets ask for by name.

Windows with a screen keep the system's own fonts.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, MutableMapping
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QFontInfo, QGuiApplication, QImage, QPainter, QRawFont
from PySide6.QtWidgets import QApplication

from vantage.gui.appdata.resources import resource_dir

FONT_FILE = "DejaVuSans.ttf"
FAMILY = "DejaVu Sans"
GENERIC_FAMILIES = ("Sans Serif", "sans-serif", "Helvetica", "Arial", "Segoe UI", ".AppleSystemUIFont")
"""Families asked for by name in the code or by Qt's styles; offscreen they all mean FAMILY."""
OFFSCREEN = "offscreen"
SAMPLE_TEXT = "Vantage: Ada → Ghoul, 2×6 −1"


def font_folder() -> Path:
    """The bundled fonts folder (``assets/fonts``); FileNotFoundError if it is missing."""
    folder = resource_dir("assets") / "fonts"
    if not (folder / FONT_FILE).is_file():
        raise FileNotFoundError(f"Vantage's bundled font {FONT_FILE} is missing from {folder}")
    return folder


def offscreen_requested(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the Qt platform asked for (``QT_QPA_PLATFORM``) is the offscreen one."""
    platform = (os.environ if environ is None else environ).get("QT_QPA_PLATFORM", "")
    return platform.split(":", 1)[0].strip() == OFFSCREEN


def prepare_offscreen_fonts(environ: MutableMapping[str, str] | None = None) -> bool:
    """Before the application exists: offscreen, Qt reads fonts from the bundled folder.

    Returns whether ``QT_QPA_FONTDIR`` was set here (not when it is set already, nor when the
    platform is not offscreen, nor when the folder is missing).
    """
    env = os.environ if environ is None else environ
    if not offscreen_requested(env) or env.get("QT_QPA_FONTDIR"):
        return False
    try:
        env["QT_QPA_FONTDIR"] = str(font_folder())
    except FileNotFoundError:
        return False
    return True


def use_bundled_font(app: QGuiApplication) -> str | None:
    """Register the bundled font; offscreen, make it the application's font. Returns its family.

    None when the font file is missing or Qt cannot read it (the frames then use whatever font
    Qt finds; the self-test reports it).
    """
    try:
        path = font_folder() / FONT_FILE
    except FileNotFoundError:
        return None
    font_id = QFontDatabase.addApplicationFont(str(path))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return None
    family = families[0]
    if QGuiApplication.platformName() == OFFSCREEN:
        for generic in GENERIC_FAMILIES:
            QFont.insertSubstitution(generic, family)
        font = QFont(app.font())
        font.setFamilies([family])
        app.setFont(font)
    return family


def start_application(argv: list[str]) -> QApplication:
    """The running QApplication, or a new one made with ``argv``; offscreen, it draws its text in
    the bundled font (both steps of the module docstring)."""
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        app = existing
    else:
        prepare_offscreen_fonts()
        app = QApplication(argv)
    use_bundled_font(app)
    return app


def draws_text(font: QFont, text: str = SAMPLE_TEXT) -> bool:
    """Whether ``font`` has a real glyph for every letter of ``text`` and draws it (no boxes).

    The text is drawn next to as many characters no font has (Private Use Area), which Qt draws
    as boxes or not at all: a font that only has boxes gives the same picture twice.
    """
    raw = QRawFont.fromFont(font)
    if not raw.isValid() or not all(raw.supportsCharacter(ord(ch)) for ch in text if not ch.isspace()):
        return False
    boxes = "".join(" " if ch.isspace() else chr(0xE000 + index) for index, ch in enumerate(text))
    return _picture(font, text) != _picture(font, boxes)


def _picture(font: QFont, text: str) -> bytes:
    image = QImage(480, 40, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setFont(font)
    painter.setPen(Qt.GlobalColor.black)
    painter.drawText(QPointF(4, 28), text)
    painter.end()
    return bytes(image.constBits())


def font_report(app: QGuiApplication) -> tuple[bool, str]:
    """Whether offscreen frames draw their text in the bundled font, and a line saying so."""
    font = app.font()
    family = QFontInfo(font).family()
    if family != FAMILY:
        return False, f"frames draw text in {family!r}, not the bundled {FAMILY!r}"
    if not draws_text(font):
        return False, f"{FAMILY} draws boxes instead of {SAMPLE_TEXT!r}"
    return True, f"{FAMILY} (bundled {FONT_FILE}) draws {SAMPLE_TEXT!r}"
