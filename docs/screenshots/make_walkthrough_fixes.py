"""Retake the GM walkthrough's pictures of issue 30 items 2, 4 and 5 with the current code
(docs/gui.md, "What the GM walkthrough found, and now"). Items 1, 3, 6 and 7 are shown by the
pictures of make_label_screenshots.py and make_window_screenshots.py.

Run from the checkout, best in a real window under Xvfb (real fonts):
``DISPLAY=:N QT_QPA_PLATFORM=xcb .venv/bin/python docs/screenshots/make_walkthrough_fixes.py [DIR]``
(offscreen otherwise). The GM window is 1280×800, the ruined courtyard, its party rolling at the
table:

- ``walkthrough-2-follow-up-roll.png``: Mira's morale check answered by typing in the bar, then
  Mira's attack on Ghoul 1: the hit roll typed, and the follow-up (strike) roll waiting in the bar
  under the map, its sentence whole, the tokens of the exchange in sight;
- ``walkthrough-4-add-to-combat.png``: a Ghoul from the samples placed from the library during the
  combat, the bar offering "Add to combat";
- ``walkthrough-5-end-combat.png``: Ctrl+Shift+K asks in the bar before the fight ends.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAPS = HERE.parents[1] / "maps"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QAction, QKeySequence  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.dice import ScriptedDice  # noqa: E402
from vantage.engine.fileformat import load_encounter  # noqa: E402
from vantage.engine.protocol.commands import StartCombat  # noqa: E402
from vantage.engine.protocol.gm_commands import Place  # noqa: E402
from vantage.engine.rules.asking import ask_attack_options  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.document import run_command  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.play.turn_tracker import current_turn  # noqa: E402

SHOTS = ("walkthrough-2-follow-up-roll.png", "walkthrough-4-add-to-combat.png",
         "walkthrough-5-end-combat.png")


def _settle(rounds: int = 8) -> None:
    for _ in range(rounds):
        QApplication.processEvents()
        QTest.qWait(20)


def _type_in_bar(window: MainWindow, faces: str) -> None:
    """Type one face into the prompt bar's first field and press Enter, as a GM would."""
    bar = window.turn_questions.bar
    field = bar.fields[0]
    field.setFocus()
    field.setText(faces)
    QTest.keyClick(field, Qt.Key.Key_Return)
    _settle()


def make(target_dir: Path) -> list[Path]:
    target_dir.mkdir(parents=True, exist_ok=True)
    window = MainWindow(load_encounter(MAPS / "01-ruined-courtyard.json"))
    window.files.ask_unsaved = lambda: "discard"
    window.resize(1280, 800)
    window.move(0, 0)
    window.show()
    _settle()
    window.document.dice = ScriptedDice([10] * 200)  # the GM's dice
    paths = [target_dir / name for name in SHOTS]
    bar = window.turn_questions.bar

    # item 2: the morale check in the bar, then an attack's hit roll and its follow-up roll
    run_command(window.document, "Start combat", StartCombat())
    _settle()
    _type_in_bar(window, "14")  # Mira's morale check
    turn = current_turn(window.document)
    assert turn is not None
    attacker = turn.actor
    assert attacker is not None
    run_command(window.document, "Place", Place(token=attacker, tile=(13, 9)))  # beside Ghoul 1
    _settle()
    every = ask_attack_options(window.encounter, attacker, "ghoul-1")
    options = [o for o in every if o.legal]
    if not options:
        raise SystemExit(f"{attacker}: no legal attack on ghoul-1: {[o.explanation for o in every][:2]}")
    window.attack_menu.choose(options[0])
    _settle()
    _type_in_bar(window, "15")  # the hit roll
    _settle()
    window.grab().save(str(paths[0]))
    bar_text = bar.title.text()
    while bar.isVisible() and bar.fields:
        _type_in_bar(window, "3")

    # item 4: a creature from the library during the combat is offered its place
    library = window.creature_tools.library
    template_id = next(i for i, t in library.templates.items() if t.name == "Ghoul")
    library.add_creature(template_id, (20, 16))
    _settle()
    window.grab().save(str(paths[1]))
    bar.choice_buttons[1].click()  # Not now
    _settle()

    # item 5: Combat ▸ End combat… (Ctrl+Shift+K) asks first
    (end_combat,) = [a for a in window.findChildren(QAction) if a.shortcut() == QKeySequence("Ctrl+Shift+K")]
    end_combat.trigger()
    _settle()
    window.grab().save(str(paths[2]))
    print("bar after the hit roll:", bar_text)
    window.close()
    return paths


def main() -> int:
    app = start_application(sys.argv[:1])
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    for path in make(target):
        print(path)
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
