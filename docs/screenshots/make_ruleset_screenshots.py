"""Make the README's pictures: the GM window mid-fight in each of the four rulesets.

Run from the checkout: ``.venv/bin/python docs/screenshots/make_ruleset_screenshots.py [DIR]``
(offscreen, 1920×1080, the text in the bundled font). Each picture is the GM window on a bundled
sample (``maps/``), every die rolled by Vantage from a fixed seed: combat is started and a few turns
are played as a GM would play them — the one acting moves along the engine's path towards the
nearest foe and, when the ruleset offers one, takes its first legal attack on it; what the engine
waits for is answered with its default — until the picture is taken in the middle of a turn, the
one acting selected with where it can move shown (the Reachable overlay).
"""

from __future__ import annotations

import contextlib
import math
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAPS = HERE.parents[1] / "maps"
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("VANTAGE_USER_DIR", tempfile.mkdtemp(prefix="vantage-shots-"))

from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from vantage.engine.dice import NoDice, SeededDice  # noqa: E402
from vantage.engine.fileformat import load_encounter  # noqa: E402
from vantage.engine.model import Encounter, Side, Token  # noqa: E402
from vantage.engine.protocol.commands import SetTableDice  # noqa: E402
from vantage.engine.protocol.errors import CommandRejected  # noqa: E402
from vantage.engine.rules.asking import ask_attack_options, ask_reachable, ask_turn  # noqa: E402
from vantage.engine.rules.base import Unanswered  # noqa: E402
from vantage.engine.session import apply  # noqa: E402
from vantage.gui.canvas.bundled_font import start_application  # noqa: E402
from vantage.gui.gm.main_window import MainWindow  # noqa: E402
from vantage.gui.play.attack_menu import FLASH_MS  # noqa: E402
from vantage.gui.play.commands import move_token  # noqa: E402
from vantage.gui.play.tactics_overlay import Layer  # noqa: E402

SIZE = (1920, 1080)
#: picture → (the round shown, how many lines the combat log holds), for the test to check
FIGHTS: dict[str, tuple[int | None, int]] = {}
#: sample file → (picture, turns played before the picture, the dice's seed)
SHOTS: dict[str, tuple[str, int, int]] = {
    "01-ruined-courtyard.json": ("ruleset-avorkarth.png", 9, 7),
    "04-power-tiers-ambush.json": ("ruleset-power-tiers.png", 9, 7),
    "05-shattered-world-ford.json": ("ruleset-shattered-world.png", 9, 7),
    "06-baton-crossroads.json": ("ruleset-baton.png", 9, 7),
}


def _settle() -> None:
    for _ in range(5):
        QApplication.processEvents()


def _answer_the_engine(window: MainWindow) -> None:
    """Answer what the engine waits for with its defaults (at most a few in a row)."""
    for _ in range(12):
        panel = window.decision_panel
        if panel.decision is None or not panel.answer_default():
            return
        _settle()


def _actor(window: MainWindow) -> Token | None:
    encounter = window.encounter
    turn = ask_turn(encounter)
    if turn is None or isinstance(turn, Unanswered):
        return None
    if turn.actor is not None:
        return encounter.token(turn.actor)
    side = turn.side  # a baton-style turn: the side holding it acts; its first token that can
    return next((t for t in encounter.tokens if t.side == side and not t.hidden), None)


def _foes(encounter: Encounter, token: Token) -> list[Token]:
    other = Side.ENEMY if token.side is Side.PARTY else Side.PARTY
    return [t for t in encounter.tokens if t.side is other and not t.hidden]


def _distance(a: tuple[int, int], b: tuple[int, int]) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def _play_a_turn(window: MainWindow) -> None:
    """The one acting closes on its nearest foe and takes its first legal attack on it."""
    actor = _actor(window)
    if actor is None:
        return
    foes = _foes(window.encounter, actor)
    if foes:
        foe = min(foes, key=lambda t: _distance(t.position, actor.position))
        reachable = ask_reachable(window.encounter, actor.id)
        if not isinstance(reachable, Unanswered):
            tiles = list(reachable.tiles)
            best = min(tiles, key=lambda t: _distance(t, foe.position), default=None)
            if best is not None and best != actor.position:
                with contextlib.suppress(CommandRejected):  # refused: the token stays, the turn goes on
                    move_token(window.document, reachable.path_to(best))
                _settle()
                _answer_the_engine(window)
        options = ask_attack_options(window.encounter, actor.id, foe.id)
        if not isinstance(options, Unanswered):
            legal = next((o for o in options if o.legal), None)
            if legal is not None:
                window.attack_menu.try_choose(legal)
                _settle()
                _answer_the_engine(window)
    window.tracker.next_turn()
    _settle()
    _answer_the_engine(window)


def shoot(sample: str, target: Path, turns: int, seed: int) -> Path:
    encounter = load_encounter(MAPS / sample)
    encounter, _events = apply(encounter, SetTableDice(), NoDice())  # every die is Vantage's
    window = MainWindow(encounter, MAPS / sample)
    window.files.ask_unsaved = lambda: "discard"
    window.resize(*SIZE)
    window.move(0, 0)
    window.show()
    _settle()
    window.document.dice = SeededDice(seed)
    window.tracker.start_combat()
    _settle()
    _answer_the_engine(window)
    for _ in range(turns):
        _play_a_turn(window)
    actor = _actor(window)
    if actor is not None:
        window.workspace.selection.select_token(actor.id)
        window.workspace.overlays.set_shown(Layer.REACHABLE, True)
    turn = ask_turn(window.encounter)
    FIGHTS[target.name] = (turn.round if turn is not None and not isinstance(turn, Unanswered) else None,
                           len(window.document.log))
    window.view.fit_map()
    QTest.qWait(FLASH_MS + 200)  # the outcomes' words have risen and faded
    _settle()
    window.grab().save(str(target))
    window.document.undo_stack.setClean()
    window.close()
    window.deleteLater()
    _settle()
    return target


def make(folder: Path = HERE) -> list[Path]:
    """Write the four pictures into ``folder``; their paths, in the order of :data:`SHOTS`."""
    start_application(sys.argv[:1])  # offscreen: the text in the bundled font
    folder.mkdir(parents=True, exist_ok=True)
    return [shoot(sample, folder / name, turns, seed) for sample, (name, turns, seed) in SHOTS.items()]


if __name__ == "__main__":
    for written in make(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE):
        print(written)
