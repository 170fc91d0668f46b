"""Make the screenshots of campaigns in the GM window (docs/campaigns.md, "In the GM window").

Run from the checkout: ``.venv/bin/python docs/screenshots/make_campaign_screenshots.py [DIR]``
(offscreen unless ``QT_QPA_PLATFORM`` says otherwise, e.g. ``xcb`` under Xvfb). A Power Tiers
campaign, "The Long Road", with two characters (Kara, an Acolyte duellist, and Tomas, a Neophyte);
the Power Tiers sample map without its own party as its first encounter, a copy of it as the second;
the party brought onto the start area marked on the first and hurt. It writes ``campaign-gm.png``
(the window), ``campaign-party.png`` (the Party panel), ``campaign-return.png`` (the summary the GM
confirms), ``campaign-time.png`` (Let time pass…), and, the party returned and a day passed,
``campaign-panel.png`` (the Campaign panel) and ``campaign-journal.png`` (its journal).
"""

from __future__ import annotations

import os
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QWidget  # noqa: E402

from vantage.engine.campaign import (  # noqa: E402
    add_character_from_template,
    new_campaign,
    preview_return,
)
from vantage.engine.dice import SeededDice  # noqa: E402
from vantage.engine.fileformat import load_encounter, save_encounter  # noqa: E402
from vantage.engine.model import Encounter, GameMap, Side  # noqa: E402
from vantage.engine.protocol.commands import ApplyDamage  # noqa: E402
from vantage.engine.rules import get_ruleset  # noqa: E402
from vantage.gui.campaign.dialogs import LetTimePassDialog, ReturnSummaryDialog  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.document import run_command  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.workspace import DockId  # noqa: E402

SAMPLE = HERE.parents[1] / "maps" / "04-power-tiers-ambush.json"


def settle(app: QApplication, rounds: int = 6) -> None:
    for _ in range(rounds):
        app.processEvents()


def save_grab(widget: QWidget, path: Path) -> Path:
    widget.grab().save(str(path))
    return path


def shoot(target_dir: Path) -> list[Path]:
    app = start_application(sys.argv[:1])
    scratch = Path(tempfile.mkdtemp(prefix="vantage-campaign-shots-"))
    folder = scratch / "The Long Road"
    campaign = new_campaign(folder, "power-tiers", "The Long Road")
    campaign = add_character_from_template(campaign, "acolyte-duellist", "Kara")
    campaign = add_character_from_template(campaign, "neophyte", "Tomas")
    sample = load_encounter(SAMPLE)
    ambush = replace(sample, tokens=tuple(t for t in sample.tokens if t.side != Side.PARTY),
                     name="Ambush on the mill road")
    source = scratch / "Ambush on the mill road.json"
    save_encounter(ambush, source, keep_backup=False)

    window = MainWindow(Encounter(GameMap(8, 6), (), ruleset="power-tiers", name="Start"))
    window.files.ask_unsaved = lambda: "discard"
    window.resize(1600, 1000)
    window.show()
    settle(app)
    tools = window.campaign_tools
    tools.open_campaign(folder)
    tools.holder.update(campaign, "Characters")
    tools.prep._added(campaign, folder, source, "Ambush on the mill road", "Add")
    assert tools.holder.campaign is not None
    tools.prep.duplicate(tools.holder.campaign.encounters[0].file)
    tools.prep.open(tools.holder.campaign.encounters[0].file)
    tools.start_tool.mark(((3, 6), (4, 6), (3, 7), (4, 7)))
    window.document.dice = SeededDice(7)
    tools.party.bring()
    run_command(window.document, "Damage", ApplyDamage(token="kara", amount=14))
    run_command(window.document, "Damage", ApplyDamage(token="tomas", amount=4))
    window.workspace.dock(DockId.PARTY).raise_()
    campaign_dock = window.workspace.dock(DockId.CAMPAIGN)
    campaign_dock.raise_()
    creatures = window.workspace.find_dock(DockId.CREATURES)
    if creatures is not None:
        creatures.hide()
    settle(app)
    window.resizeDocks([campaign_dock], [330], Qt.Orientation.Horizontal)
    window.view.fit_map()
    settle(app)
    shots = [save_grab(window, target_dir / "campaign-gm.png"),
             save_grab(tools.party_panel, target_dir / "campaign-party.png")]

    held = tools.holder.campaign
    summary = ReturnSummaryDialog([c.text for c in preview_return(held, window.encounter)], window)
    summary.resize(560, 0)
    summary.show()
    settle(app)
    shots.append(save_grab(summary, target_dir / "campaign-return.png"))
    summary.close()

    tools.party.confirm = lambda dialog: True
    tools.party.show_lines = lambda title, lines: None
    tools.party.return_party()
    clock = get_ruleset("power-tiers").clock_text(tools.holder.campaign.clock)
    time_dialog = LetTimePassDialog(clock, window)
    time_dialog.choose(1, "days")
    time_dialog.resting.setChecked(True)
    time_dialog.show()
    settle(app)
    shots.append(save_grab(time_dialog, target_dir / "campaign-time.png"))
    time_dialog.close()

    def one_day(dialog: LetTimePassDialog) -> bool:
        dialog.choose(1, "days")
        dialog.resting.setChecked(True)
        return True

    tools.party.confirm = one_day  # type: ignore[assignment]
    tools.party.let_time_pass()
    settle(app)
    panel = tools.campaign_panel
    shots.append(save_grab(panel, target_dir / "campaign-panel.png"))
    panel.tabs.setCurrentIndex(1)
    settle(app)
    shots.append(save_grab(panel, target_dir / "campaign-journal.png"))
    shots.append(save_grab(tools.party_panel, target_dir / "campaign-party-after.png"))
    window.close()
    return shots


if __name__ == "__main__":
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE
    for shot in shoot(out):
        print(shot)
