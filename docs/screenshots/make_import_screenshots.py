"""Screenshots of an imported Universal VTT map (run from the repository root):

    QT_QPA_PLATFORM=offscreen .venv/bin/python docs/screenshots/make_import_screenshots.py

``import-uvtt-gm-window.png``: the real Dungeondraft sample opened in the GM window, its walls and
doors drawn over the picture, two tokens on either side of the top door. ``import-report.png``:
the import report dialog for the same file; ``import-report-warnings.png``: the report for a
test file whose ``pixels_per_grid`` disagrees with its picture.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[2]

from vantage.engine.importers.uvtt import import_uvtt_file  # noqa: E402
from vantage.engine.model import Facing, Side, Token  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.importing.dialog import ImportReportDialog  # noqa: E402
from vantage.gui.importing.images import store_background  # noqa: E402

SAMPLE = Path(__file__).resolve().parents[2] / "tests/fixtures/uvtt/real/cave-and-doors.dd2vtt"
OUT = Path(__file__).resolve().parent


def main() -> int:
    app = start_application([])  # offscreen: the text in the bundled font
    with tempfile.TemporaryDirectory() as tmp:
        result = import_uvtt_file(SAMPLE, ruleset="avorkarth")
        encounter = store_background(result, Path(tmp), "cave", absolute=True)
        encounter = encounter.with_token(Token("bram", "Bram", (11, 7), Side.PARTY, facing=Facing.N))
        encounter = encounter.with_token(Token("ghoul", "Ghoul", (11, 4), Side.ENEMY, facing=Facing.S))
        window = MainWindow(encounter)
        window.resize(1500, 1150)
        window.show()
        app.processEvents()
        window.view.fit_map()
        app.processEvents()
        window.grab().save(str(OUT / "import-uvtt-gm-window.png"))
        dialog = ImportReportDialog(result.report)
        dialog.show()
        app.processEvents()
        dialog.grab().save(str(OUT / "import-report.png"))
        wrong_ppg = ROOT / "tests/fixtures/uvtt/wrong-ppg.uvtt"
        warned = ImportReportDialog(import_uvtt_file(wrong_ppg, ruleset="avorkarth").report)
        warned.show()
        app.processEvents()
        warned.grab().save(str(OUT / "import-report-warnings.png"))
        for widget in (window, dialog, warned):
            widget.close()
    print(f"wrote {OUT / 'import-uvtt-gm-window.png'} and {OUT / 'import-report.png'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
