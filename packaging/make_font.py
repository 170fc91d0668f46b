"""Write ``assets/fonts/DejaVuSans.ttf``: the one font Vantage ships, a subset of DejaVu Sans.

    python packaging/make_font.py [SOURCE.ttf]      (needs fontTools: pip install fonttools)

SOURCE is DejaVu Sans 2.37 (default: Debian's ``fonts-dejavu-core`` file). Offscreen frames (the
self-test, the screenshots, any render without a screen) draw their text with it on every
system, so that they look the same on Windows, macOS and Linux (Qt's offscreen platform on
Windows has no fonts of its own: every letter would be a box). The subset keeps Latin (ASCII,
Latin-1, Latin Extended-A), Greek, punctuation, currency, letter-like symbols, arrows, maths,
technical and geometric shapes, and every other character Vantage's own code and sample maps
hold: 148 KB instead of 741 KB. Its names stay "DejaVu Sans", which the licence
(``assets/fonts/DejaVuSans-LICENSE.txt``, shipped beside it) allows: a modified font must not be
called "Bitstream", "Vera" or "Arev".
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
DEFAULT_SOURCE = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")

RANGES = (
    (0x0020, 0x007E),  # ASCII
    (0x00A0, 0x017F),  # Latin-1 Supplement, Latin Extended-A
    (0x0370, 0x03FF),  # Greek (π, ε in the rules' sentences)
    (0x2000, 0x206F),  # General Punctuation (– — … ›)
    (0x20A0, 0x20BF),  # currency
    (0x2100, 0x214F),  # letter-like symbols
    (0x2190, 0x21FF),  # arrows (→)
    (0x2200, 0x22FF),  # mathematical operators (− ≤ ≥)
    (0x2300, 0x23FF),  # technical (⌈ ⌉ ⌊ ⌋)
    (0x25A0, 0x25FF),  # geometric shapes (▲ ▶ ▸ ▼ ◀)
    (0x27F0, 0x27FF),  # supplemental arrows (⟲ ⟳)
    (0xFFFD, 0xFFFD),  # the replacement character
)
SOURCE_FOLDERS = ("gui", "engine", "maps")


def characters_used(root: Path = ROOT) -> set[str]:
    """Every character beyond ASCII in Vantage's code and sample maps (what its frames can show)."""
    found: set[str] = set()
    for folder in SOURCE_FOLDERS:
        for path in (root / folder).rglob("*"):
            if path.is_file() and path.suffix in (".py", ".json"):
                found |= {c for c in path.read_text(encoding="utf-8") if ord(c) > 127}
    return found


def code_points(root: Path = ROOT) -> list[int]:
    """The code points the subset keeps: RANGES and :func:`characters_used`."""
    points = {point for low, high in RANGES for point in range(low, high + 1)}
    points |= {ord(c) for c in characters_used(root)}
    return sorted(points)


def main(argv: list[str]) -> int:
    from fontTools import subset

    source = Path(argv[0]) if argv else DEFAULT_SOURCE
    options = subset.Options()
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.drop_tables += ["FFTM"]
    font = subset.load_font(str(source), options)
    font.recalcTimestamp = False  # the same source gives the same bytes
    subsetter = subset.Subsetter(options)
    subsetter.populate(unicodes=code_points())
    subsetter.subset(font)
    TARGET.parent.mkdir(parents=True, exist_ok=True)
    subset.save_font(font, str(TARGET), options)
    print(f"{TARGET}: {TARGET.stat().st_size / 1024:.0f} KiB from {source}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
