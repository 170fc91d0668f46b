"""Draw Vantage's application icon and write it as PNG, Windows ICO and macOS ICNS.

    python packaging/make_icons.py [OUTPUT_DIR]      default: assets/icons/

The icon is drawn with Qt (QPainter on a QImage, no fonts, so no display is needed): a dark
rounded square, a 4×4 battle grid, a gold token and its bright front arc. Every size is drawn
from the vector shapes rather than scaled down, so small icons stay crisp. ICO and ICNS are
written by hand: both are a small index followed by PNG images.
"""

from __future__ import annotations

import struct
import sys
from pathlib import Path

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter, QPainterPath, QPen

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = ROOT / "assets" / "icons"

ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = (  # (OSType, pixel size): the PNG-based entries macOS 10.7+ reads
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)
PNG_SIZE = 256

BACKGROUND = QColor("#1f2a36")
GRID_FILL = QColor("#3d5a45")
GRID_LINE = QColor("#86a889")
TOKEN = QColor("#e0b341")
TOKEN_EDGE = QColor("#5a4210")
FRONT_ARC = QColor(255, 236, 170, 200)


def draw_icon(size: int) -> QImage:
    """The icon at ``size``×``size`` pixels, drawn on a transparent background."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.scale(size / 256.0, size / 256.0)

    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(BACKGROUND)
    painter.drawRoundedRect(QRectF(8, 8, 240, 240), 44, 44)

    board = QRectF(40, 40, 176, 176)
    painter.setBrush(GRID_FILL)
    painter.drawRect(board)
    painter.setPen(QPen(GRID_LINE, 4 if size >= 48 else 8))
    for step in range(5):
        offset = 40 + step * 44
        painter.drawLine(QPointF(offset, 40), QPointF(offset, 216))
        painter.drawLine(QPointF(40, offset), QPointF(216, offset))

    centre = QPointF(128, 128)
    arc = QPainterPath(centre)
    arc.arcTo(QRectF(24, 24, 208, 208), 22.5, 90)  # the 90° front arc, facing up-right
    arc.closeSubpath()
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(FRONT_ARC)
    painter.drawPath(arc)

    painter.setPen(QPen(TOKEN_EDGE, 8))
    painter.setBrush(TOKEN)
    painter.drawEllipse(centre, 40, 40)
    painter.end()
    return image


def png_bytes(image: QImage) -> bytes:
    """``image`` encoded as PNG."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise RuntimeError("Qt could not encode the icon as PNG")
    buffer.close()
    return bytes(data.data())


def ico_bytes(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding the given PNG images (size -> PNG), smallest first."""
    sizes = sorted(pngs)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    directory = b""
    for size in sizes:
        dimension = 0 if size >= 256 else size  # 0 means 256 in an ICO directory
        directory += struct.pack("<BBBBHHII", dimension, dimension, 0, 0, 1, 32, len(pngs[size]), offset)
        offset += len(pngs[size])
    return header + directory + b"".join(pngs[size] for size in sizes)


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding one PNG entry per type in ICNS_TYPES."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def write_icons(output: Path) -> list[Path]:
    """Write vantage.png, vantage.ico and vantage.icns into ``output``; return their paths."""
    sizes = sorted(set(ICO_SIZES) | {size for _, size in ICNS_TYPES} | {PNG_SIZE})
    pngs = {size: png_bytes(draw_icon(size)) for size in sizes}
    output.mkdir(parents=True, exist_ok=True)
    files = {
        output / "vantage.png": pngs[PNG_SIZE],
        output / "vantage.ico": ico_bytes({size: pngs[size] for size in ICO_SIZES}),
        output / "vantage.icns": icns_bytes(pngs),
    }
    for path, data in files.items():
        path.write_bytes(data)
    return list(files)


def main(argv: list[str]) -> int:
    output = Path(argv[0]) if argv else DEFAULT_OUTPUT
    for path in write_icons(output):
        print(f"{path}  {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
