"""Quick start (issue 15, "Start"): "Nothing that the first frame does not need is imported or
computed before it (the movement graph, shapely, networkx), and the picture is decoded once."

``run`` opens the GM window staged (``MainWindow.staged``): the map view over the scene with its
terrain, structures, background picture and tokens first, everything else right after the first
frame. These tests check what is there at the first frame and a moment later, in a fresh process
where it matters (nothing imported by other tests), and that a GM cannot reach a part of the
window before it exists. Speed itself is measured in ``benchmarks/startup.py``, never here.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject, QPoint, Qt
from PySide6.QtGui import QColor, QImage
from PySide6.QtTest import QTest

import vantage
from vantage.engine.fileformat import load_encounter, save_encounter
from vantage.engine.model import BackgroundImage, Encounter
from vantage.gui.appdata.dataclass_code import CACHE_DIR_VARIABLE, compiles_with_exec, read_entries
from vantage.gui.appdata.resources import sample_encounters
from vantage.gui.canvas.map_grid import TILE_PX
from vantage.gui.gm.launch import FIRST_FRAME_REPORT, START_CLOCK
from vantage.gui.gm.main_window import MainWindow

#: start-up: the staged window, in a fresh process where it matters
pytestmark = pytest.mark.slow

HEAVY = ("shapely", "numpy", "networkx")
#: What only a menu entry or a button uses, loaded when the GM first asks for it (issue 32: "window
#: complete … CPU ≈ 0.4 s after the first frame"): the simulator and its process pool (Combat ▸ What
#: are the odds…), the map importers' dialog (File ▸ Import map…), the ruleset dialog, the QR code
#: of the players' devices (shown once sharing starts), the campaign dialogs (New campaign…, Let time
#: pass…, a character added, the party returned), the dialog about a file another writer changed,
#: the ruleset box of File ▸ New map… and of "Which ruleset?", the players' devices panel (made
#: when its dock first shows).
ON_DEMAND = ("vantage.gui.play.odds_run", "vantage.engine.simulate.runner", "multiprocessing",
             "vantage.gui.importing.dialog", "vantage.gui.gm.ruleset_dialog", "segno",
             "vantage.gui.campaign.dialogs", "vantage.gui.gm.file_conflict",
             "vantage.gui.importing.ruleset_box", "vantage.gui.players_devices.panel")
#: What only a first use needs (issue 32, "window complete"): numpy and shapely come with the first
#: arc, charge lane, line of sight, template or vision fog drawn (not with the ruleset or the
#: panels), networkx only with ``MovementGraph.as_networkx``, the players' devices server (asyncio)
#: once the GM starts sharing, the player window (and its filter), the calibration and the damage
#: dialogs once the GM opens them.
UNTIL_USED = ("numpy", "shapely", "networkx", "asyncio", "vantage.engine.geometry.sight",
              "vantage.engine.geometry.charge", "vantage.engine.geometry.area_marks",
              "vantage.engine.table.player_view", "vantage.gui.players_devices.server",
              "vantage.gui.players_devices.hub", "vantage.gui.players.window",
              "vantage.gui.players.calibration",
              "vantage.gui.play.damage_dialog",
              # the uuid module (a run's id is 16 random bytes; another run asked to come
              # forward), gzip (a gzip Tiled layer), html and its entities (the first campaign shown)
              "uuid", "gzip", "html",
              # secrets and hmac: the join code is four digits from the system's randomness; the
              # devices' server (its secrets) loads once sharing starts
              "secrets", "hmac",
              # pickle: the undo history packs a step's log entries with the first step
              "pickle",
              # the sample's ruleset beyond its light face: its commands, queries of a running combat
              # and attack resolution load with the first command or combat query
              "vantage.engine.rules.avorkarth.ruleset", "vantage.engine.rules.avorkarth.handlers",
              "vantage.engine.rules.avorkarth.queries", "vantage.engine.rules.avorkarth.maneuvers",
              # the machinery every full ruleset shares (the ruler asks it with the full ruleset)
              "vantage.engine.rules.ruleset_base",
              # campaigns (their files, roster, clock and journal) with the first campaign opened or
              # made: the campaign menus and panels need only the names of a campaign folder's parts
              "vantage.engine.campaign.folder", "vantage.engine.campaign.codec",
              "vantage.engine.campaign.model", "vantage.engine.campaign.roster",
              "vantage.engine.campaign.clock", "vantage.engine.campaign.journal",
              # the GM's events: with the first command applied (or a registry read)
              "vantage.engine.protocol.gm_events",
              # the ruler's reading and its rule with the first measurement, the dice formulas with
              # the first roll typed in the toolbar's box
              "vantage.engine.movement.measure", "vantage.engine.movement.policy",
              "vantage.engine.rules.measuring", "vantage.engine.session.dice_formula")
#: The command and event classes (~90 frozen dataclasses): not needed to read an encounter file and
#: show its map, so never loaded before the first frame (issue 32; engine/protocol/__init__.py)
VOCABULARY = ("vantage.engine.protocol.commands", "vantage.engine.protocol.events",
              "vantage.engine.protocol.gm_commands", "vantage.engine.protocol.gm_events",
              "vantage.engine.protocol.party_commands", "vantage.engine.protocol.template_commands",
              "vantage.engine.protocol.turn_order_commands", "vantage.engine.protocol.records")

#: Opens the staged GM window on argv[1] and prints, as JSON, what was there at the first frame
#: and once the window was complete.
CHILD = textwrap.dedent("""
    import importlib.abc, json, sys, traceback
    from pathlib import Path
    import vantage

    ROOT = str(Path(vantage.__file__).parent)
    ON_DEMAND = %r
    UNTIL_USED = %r
    VOCABULARY = %r
    importers = {}

    class Watch(importlib.abc.MetaPathFinder):
        # remembers which lines of Vantage imported each heavy library first
        def find_spec(self, name, path=None, target=None):
            if name in ("shapely", "numpy", "networkx") and name not in importers:
                importers[name] = [f"{frame.filename[len(ROOT) + 1:]}:{frame.lineno}"
                                   for frame in traceback.extract_stack() if frame.filename.startswith(ROOT)]
            return None

    sys.meta_path.insert(0, Watch())
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication
    from vantage.engine.fileformat import load_encounter
    from vantage.gui.gm.main_window import MainWindow

    app = QApplication(sys.argv[:1])
    path = Path(sys.argv[1])
    if sys.argv[2:] == ["launch"]:  # as ``vantage FILE`` makes it (gui/app.py): its picture decoded ahead
        from vantage.gui.gm.early_picture import decode_background_early
        from vantage.gui.gm.launch import staged_window

        decode_background_early(path)
        window = staged_window(load_encounter(path), path)
    else:
        window = MainWindow.staged(load_encounter(path), path)
    seen = {}

    def modules(prefix):
        return sorted(name for name in sys.modules if name == prefix or name.startswith(prefix + "."))

    def first_frame():
        seen["first"] = {
            "heavy": {name: importers.get(name, []) for name in ("shapely", "numpy", "networkx")
                      if name in sys.modules},
            "engine": modules("vantage.engine.movement") + modules("vantage.engine.geometry")
                      + modules("vantage.engine.session"),
            "vocabulary": sorted(name for name in VOCABULARY if name in sys.modules),
            "rulesets": sorted(name for name in sys.modules if name.startswith("vantage.engine.rules.")
                               and name.rsplit(".", 1)[1] in ("face", "ruleset")),
            "complete": window.is_complete,
            "picture": window.scene.background is not None,
            "tokens": len(window.scene.token_items),
            "tool": window.view.tool is not None,
            "menus": [action.text() for action in window.menuBar().actions()],
            "actions": len(window.actions()),
        }

    def completed():
        from vantage.gui.canvas import map_picture
        # what ``vantage FILE`` does once the window is complete: the stat blocks are checked
        window.files.warn_about_stat_blocks(window.encounter, path)
        seen["complete"] = {
            "complete": window.is_complete,
            "tool": window.view.tool is window.play_tool,
            "overlay": window.tactics.scene() is window.scene,
            "docks": sorted(window.docks),
            "players_dock": window.player_view.dock is not None,
            "measuring": window.measuring is not None,
            "menus": [action.text() for action in window.menuBar().actions()],
            "decodes": map_picture.decode_count(),
            "on_demand": sorted(name for name in ON_DEMAND if name in sys.modules),
            "until_used": sorted(name for name in UNTIL_USED if name in sys.modules),
            "vocabulary": sorted(name for name in VOCABULARY if name in sys.modules),
            "faces": sorted(name for name in sys.modules
                            if name.startswith("vantage.engine.rules.") and name.endswith(".face")),
            "full_rulesets": sorted(name for name in sys.modules if name.startswith("vantage.engine.rules.")
                                    and name.endswith(".ruleset")),
        }
        print(json.dumps(seen))
        app.quit()

    window.first_frame.connect(first_frame)
    window.completed.connect(completed, Qt.ConnectionType.QueuedConnection)
    window.show()
    sys.exit(app.exec())
""") % (ON_DEMAND, UNTIL_USED, VOCABULARY)


def vantage_root() -> Path:
    return Path(vantage.__file__).parent


def picture_encounter(folder: Path) -> Path:
    """The first bundled sample over a 640 × 480 picture of its own, saved in ``folder``."""
    encounter = load_encounter(sample_encounters()[0])
    image = QImage(640, 480, QImage.Format.Format_RGB32)
    image.fill(QColor("#6b8e5a"))
    assert image.save(str(folder / "map.png"))
    background = BackgroundImage(path="map.png", pixels_per_tile=640 / encounter.map.width)
    encounter = replace(encounter, map=replace(encounter.map, background=background))
    path = folder / "with-picture.json"
    save_encounter(encounter, path, keep_backup=False)
    return path


def child_env(tmp_path: Path) -> dict[str, str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "VANTAGE_USER_DIR": str(tmp_path / "user"),
           CACHE_DIR_VARIABLE: str(tmp_path / "cache")}
    env.pop(FIRST_FRAME_REPORT, None)
    return env


def seen_opening(path: Path, folder: Path, *how: str) -> dict:
    """What a fresh process saw at the first frame and at the complete window, opening ``path``
    (``"launch"``: as ``vantage FILE`` does, through ``launch.staged_window``)."""
    done = subprocess.run([sys.executable, "-c", CHILD, str(path), *how], env=child_env(folder),
                          timeout=120, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.fixture(scope="module")
def startup_seen(tmp_path_factory: pytest.TempPathFactory) -> dict:
    folder = tmp_path_factory.mktemp("startup")
    return seen_opening(picture_encounter(folder), folder)


def test_the_first_frame_imports_no_shapely_numpy_or_networkx(startup_seen):
    """"Nothing that the first frame does not need is imported … before it (the movement graph,
    shapely, networkx)": not the libraries, not the engine's movement, geometry or session."""
    first = startup_seen["first"]
    assert first["heavy"] == {}, f"imported before the first frame, by: {first['heavy']}"
    assert first["engine"] == []


def test_the_first_frame_builds_no_command_or_event_class(startup_seen):
    """Issue 32: "nothing is imported before the first frame that it does not need" — the first
    frame reads the file (its map, tokens, log) and shows the map: none of the ~90 command and
    event classes, and no ruleset, not even its light face."""
    first = startup_seen["first"]
    assert first["vocabulary"] == []
    assert first["rulesets"] == []


def test_the_first_frame_shows_the_picture_and_the_tokens_and_nothing_half_built(startup_seen):
    """The first frame is the map: the scene with its background picture and tokens. The window is
    not complete yet, and it offers nothing that needs the late part: no tool, no menu, no action."""
    first = startup_seen["first"]
    assert first["picture"] is True
    assert first["tokens"] > 0
    assert first["complete"] is False
    assert (first["tool"], first["menus"], first["actions"]) == (False, [], 0)


def test_a_moment_later_the_window_is_complete(startup_seen):
    """Right after the first frame the rest is attached: the play tool, the overlays, the docks,
    the player view, measuring and the menus."""
    complete = startup_seen["complete"]
    assert complete["complete"] is True
    assert complete["tool"] is True
    assert complete["overlay"] is True
    assert {"Turn tracker", "Token", "Combat log", "Decisions", "Editor", "Legend"} <= set(complete["docks"])
    assert complete["players_dock"] is True
    assert complete["measuring"] is True
    assert "&File" in complete["menus"] and len(complete["menus"]) >= 5


def test_the_complete_window_has_not_loaded_what_only_a_menu_entry_uses(startup_seen):
    """Issue 32: the window is complete sooner when what only a menu entry or a button needs loads
    when the GM asks for it — the simulator, the import dialog, the ruleset dialog, the QR code."""
    assert startup_seen["complete"]["on_demand"] == []


def test_the_complete_window_has_not_loaded_what_only_a_first_use_needs(startup_seen):
    """Issue 32: every panel, menu and tool is there and usable, the encounter's ruleset known by
    its light face (its name, tactics and move modes, stat schema, bestiary), yet the rest of the
    ruleset, numpy, shapely, networkx and the players' devices server are not: they load with the
    first use that needs them (a command, an arc or a line of sight drawn, a template, sharing)."""
    assert "vantage.engine.rules.avorkarth.face" in startup_seen["complete"]["faces"]
    assert startup_seen["complete"]["until_used"] == []


def test_the_complete_window_has_built_no_command_or_event_class(startup_seen):
    """Issue 32, "window complete": every panel, menu and tool is usable, yet none of the ~90
    command and event classes is loaded — the panels, tools and menus import the command they send
    when they send it (a GUI module that imports a command or event class at module level brings
    them all back). The Avorkarth sample's light face needs none either."""
    assert startup_seen["complete"]["vocabulary"] == []


@pytest.mark.parametrize("sample", ["04-power-tiers-ambush", "05-shattered-world-ford",
                                    "06-baton-crossroads"])
def test_every_sample_ruleset_opens_by_its_light_face(tmp_path, sample):
    """Issue 32: Baton, The Shattered World and Power Tiers have light faces too: their sample opens
    to a complete window, its stat blocks checked, without the full ruleset (Baton's attacks would
    bring line of sight, numpy and shapely), nor anything else that only a first use needs."""
    path = vantage_root() / "maps" / f"{sample}.json"
    ruleset = load_encounter(path).ruleset.replace("-", "_")
    complete = seen_opening(path, tmp_path)["complete"]
    assert complete["complete"] is True and complete["tool"] is True
    assert f"vantage.engine.rules.{ruleset}.face" in complete["faces"]
    assert complete["full_rulesets"] == []
    assert complete["until_used"] == []


def test_the_picture_is_decoded_once(startup_seen):
    """"the picture is decoded once": the scene's picture, the background check and the late part
    (the player view attached) share one decode."""
    assert startup_seen["complete"]["decodes"] == 1


def test_vantage_file_decodes_its_picture_ahead_and_its_first_frame_waits_for_nothing_heavy(tmp_path):
    """``vantage FILE`` starts decoding the picture before it loads the rest (gui/gm/early_picture.py),
    and the scene takes that decode (once: no second decode); what the window prepares while it
    waits for the picture (``main_window.prepare_late_parts``: the late part's modules, the
    ruleset's face, the sample creatures) brings nothing heavy, no engine movement or geometry
    and no command or event class before the first frame either. (The ruleset's face may be there
    when the picture took long enough: it is prepared while the frame waits anyway,
    tests/gui/canvas/test_decode_ahead.py.)"""
    seen = seen_opening(picture_encounter(tmp_path), tmp_path, "launch")
    first = seen["first"]
    assert first["heavy"] == {} and first["engine"] == [] and first["vocabulary"] == []
    assert first["picture"] is True and first["complete"] is False
    assert seen["complete"]["complete"] is True and seen["complete"]["decodes"] == 1
    assert seen["complete"]["until_used"] == [] and seen["complete"]["on_demand"] == []


def test_the_start_report_hook_writes_every_moment_and_quits(tmp_path):
    """``vantage FILE`` with VANTAGE_FIRST_FRAME_REPORT (benchmarks/startup.py) writes when the
    first frame was painted, when the window was complete and when the checks that follow it
    (background, stat blocks, recovery offer) were made, each with the CPU spent by then, in that
    order, then exits 0."""
    path = picture_encounter(tmp_path)
    report = tmp_path / "report.txt"
    env = {**child_env(tmp_path), FIRST_FRAME_REPORT: str(report), START_CLOCK: ""}
    done = subprocess.run([sys.executable, "-m", "vantage.gui", str(path)], env=env, timeout=120,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    figures = dict(line.split() for line in report.read_text(encoding="utf-8").splitlines())
    assert list(figures) == ["first_frame", "first_frame_cpu", "complete", "complete_cpu", "checked",
                             "checked_cpu"]
    assert 0 < float(figures["first_frame"]) <= float(figures["complete"]) <= float(figures["checked"])
    cpu = [float(figures[name]) for name in ("first_frame_cpu", "complete_cpu", "checked_cpu")]
    assert 0 < cpu[0] <= cpu[1] <= cpu[2]


@pytest.mark.skipif(not compiles_with_exec(),
                    reason="only Python 3.11 and 3.12 compile dataclasses with exec")
def test_vantage_keeps_the_code_of_its_dataclasses_for_the_next_start(tmp_path):
    """Issue 32, "window complete": ``vantage FILE`` compiles the methods of its ~90 dataclasses
    once; at exit their code is in the cache (gui/appdata/dataclass_code.py), and the next start
    takes every one from there and writes nothing."""
    path = picture_encounter(tmp_path)
    env = {**child_env(tmp_path), FIRST_FRAME_REPORT: str(tmp_path / "report.txt")}
    cache = tmp_path / "cache" / f"dataclass-code.{sys.implementation.cache_tag}.marshal"
    stamps = []
    for run in range(2):  # each with an empty user folder, so both starts do the same
        done = subprocess.run([sys.executable, "-m", "vantage.gui", str(path)], timeout=120,
                              env={**env, "VANTAGE_USER_DIR": str(tmp_path / f"user{run}")},
                              capture_output=True, text=True, check=False)
        assert done.returncode == 0, done.stderr
        stamps.append(cache.stat().st_mtime_ns)
    entries = read_entries(cache)
    assert entries is not None and len(entries) > 300
    assert stamps[0] == stamps[1]  # the second start compiled nothing new


@pytest.fixture
def staged_window(qtbot, tmp_path):
    """A staged window shown on a picture map, before its first frame was painted."""
    path = picture_encounter(tmp_path)
    window = MainWindow.staged(load_encounter(path), path)
    qtbot.addWidget(window)
    return window


def test_keys_and_mouse_before_the_late_part_change_nothing(qtbot, staged_window):
    """"A GM must never be able to hit a half-built window": shown and active but not yet painted
    (its map view held back from painting), the window's shortcuts (undo, edit mode, remove,
    hide, help) and a drag on a token do nothing and raise nothing; once the map is painted the
    rest is attached and the same key works."""
    window = staged_window
    before: Encounter = window.document.encounter
    window.view.setUpdatesEnabled(False)  # no paint, so the late part waits
    window.show()
    window.windowHandle().requestActivate()
    qtbot.waitUntil(lambda: window.isActiveWindow(), timeout=5000)
    for key, modifier in ((Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier),
                          (Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier),
                          (Qt.Key.Key_Delete, Qt.KeyboardModifier.NoModifier),
                          (Qt.Key.Key_H, Qt.KeyboardModifier.NoModifier),
                          (Qt.Key.Key_Question, Qt.KeyboardModifier.NoModifier)):
        QTest.keyClick(window.view, key, modifier)
    token = before.tokens[0]
    start = window.view.mapFromScene(window.scene.token_items[token.id].sceneBoundingRect().center())
    end = start + QPoint(3 * TILE_PX, 0)
    QTest.mousePress(window.view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    QTest.mouseMove(window.view.viewport(), end)
    QTest.mouseRelease(window.view.viewport(), Qt.MouseButton.LeftButton, pos=end)
    qtbot.wait(50)
    assert not window.is_complete
    assert window.document.encounter is before
    assert window.document.undo_stack.count() == 0
    window.view.setUpdatesEnabled(True)
    qtbot.waitUntil(lambda: window.is_complete, timeout=20000)
    assert not window.window_actions.edit_mode.isChecked()
    QTest.keyClick(window.view, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert window.window_actions.edit_mode.isChecked()


def test_the_window_finishes_itself_after_its_first_frame(qtbot, staged_window):
    """Shown, the staged window paints the map, says so (``first_frame``), attaches the rest and
    says so (``completed``), in that order; finishing again attaches nothing twice."""
    window = staged_window
    heard: list[str] = []
    window.first_frame.connect(lambda: heard.append("first_frame"))
    window.completed.connect(lambda: heard.append("completed"))
    window.show()
    qtbot.waitUntil(lambda: window.is_complete, timeout=20000)
    assert heard == ["first_frame", "completed"]
    docks = dict(window.docks)
    window.finish()
    assert window.docks == docks and heard == ["first_frame", "completed"]


def test_the_finished_window_shows_the_turn_tracker_tab_in_front(qtbot, staged_window):
    """As a window built at once: the Decisions panel shares the turn tracker's place, and the turn
    tracker's tab is the one in front when nothing waits for the table (the docks of a staged window
    appear after the window is on the screen; the tab must still be the tracker's)."""
    window = staged_window
    window.show()
    qtbot.waitUntil(lambda: window.is_complete, timeout=20000)

    def in_front(title: str) -> bool:
        return not window.docks[title].visibleRegion().isEmpty()

    qtbot.waitUntil(lambda: in_front("Turn tracker"), timeout=5000)
    qtbot.wait(50)
    assert in_front("Turn tracker") and not in_front("Decisions")


class _Paints(QObject):
    """The size of the widget at each of its paints."""

    def __init__(self, widget) -> None:
        super().__init__(widget)
        self.sizes: list[tuple[int, int]] = []
        widget.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.sizes.append(watched.size().toTuple())
        return False


def test_the_map_is_not_painted_half_laid_out(qtbot, staged_window):
    """Issue 32 ("painting twice"): after the first frame the map is painted again only once the
    menus, toolbar and docks have their places — not in between, at a size the window is about to
    leave — and then it is painted, and the window is usable: it paints again when asked."""
    window = staged_window
    paints = _Paints(window.view.viewport())
    window.show()
    qtbot.waitUntil(lambda: window.is_complete, timeout=20000)
    qtbot.waitUntil(lambda: len(paints.sizes) >= 2, timeout=5000)
    qtbot.wait(200)
    final = window.view.viewport().size().toTuple()
    assert final != paints.sizes[0]  # the docks took room from the map
    assert paints.sizes[1:] == [final] * (len(paints.sizes) - 1)
    assert window.updatesEnabled() and window.view.viewport().updatesEnabled()
    painted = len(paints.sizes)
    window.view.viewport().update()
    qtbot.waitUntil(lambda: len(paints.sizes) > painted, timeout=5000)


def test_a_window_closed_before_it_is_finished_closes_cleanly(qtbot, staged_window):
    """Closing the window before the late part exists (nothing could have changed) closes it,
    without asking and without an error."""
    window = staged_window
    assert window.close()
    assert not window.is_complete


def test_main_window_as_the_tests_build_it_is_complete_on_return(qtbot):
    """``MainWindow(encounter)`` (what tests and other code call) is complete on return."""
    window = MainWindow(load_encounter(sample_encounters()[0]))
    qtbot.addWidget(window)
    assert window.is_complete
    assert window.view.tool is window.play_tool and window.docks and window.menuBar().actions()


def test_vantage_opts_into_no_pyside_feature():
    """``vantage`` takes PySide6's ``__feature__`` step out of every import
    (:func:`vantage.gui.app.import_without_pyside_features`): that is only right while no module of
    the program asks for a feature (``from __feature__ import snake_case`` …)."""
    statement = re.compile(r"^\s*(from __feature__ import|import __feature__)", re.MULTILINE)
    root = vantage_root()
    asking = [str(path.relative_to(root)) for folder in ("engine", "gui", "maps", "packaging")
              for path in (root / folder).rglob("*.py") if statement.search(path.read_text(encoding="utf-8"))]
    assert asking == []


def test_imports_go_through_pyside_own_importer_without_the_feature_step(tmp_path):
    """After :func:`import_without_pyside_features` an import is PySide6's importer underneath
    (``__orig_import__``), Qt classes still load and work, and a second call changes nothing."""
    code = textwrap.dedent("""
        import builtins, sys
        from vantage.gui.app import import_without_pyside_features
        first = import_without_pyside_features()
        from PySide6.QtCore import QPointF
        from PySide6.QtWidgets import QApplication, QLabel
        app = QApplication(sys.argv[:1])
        label = QLabel("ready")
        import vantage.gui.gm.main_window
        print(first, import_without_pyside_features(), builtins.__import__ is builtins.__orig_import__,
              label.text(), QPointF(1, 2).x())
    """)
    done = subprocess.run([sys.executable, "-c", code], env=child_env(tmp_path), timeout=120,
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "False", "True", "ready", "1.0"]


def test_the_entry_point_loads_no_multiprocessing_unless_frozen(tmp_path):
    """``vantage`` asks multiprocessing for ``freeze_support`` only in a frozen program (the only
    kind a simulator worker can start as): elsewhere it did nothing, and multiprocessing (pickle,
    socket, selectors) loaded before the first frame for nothing (issue 32)."""
    code = "import sys, vantage.gui.app; print('multiprocessing' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], env=child_env(tmp_path), timeout=60,
                          capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["False"]
