"""Right-click a target: the actions the ruleset allows, each with its odds explained.

Choosing one sends its command through the session; the events go to the log and the result
flashes over the target for a moment.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QVariantAnimation, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QMenu, QWidget

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_attack_options
from vantage.engine.rules.base import ActionOption, Unanswered
from vantage.engine.session import Event
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.canvas.palette import TILE_PX
from vantage.gui.document import EncounterDocument, run_command

FLASH_MS = 1400
_OUTCOME_COLOURS = {"hit": "#c0392b", "strike": "#8e1b10", "maneuver": "#6c3483"}


def result_words(events: list[Event]) -> str:
    """A few words for the flash: the last hit/strike/maneuver outcome, or the last sentence."""
    for event in reversed(events):
        outcome = getattr(event, "outcome", None)
        if outcome and event.kind in ("hit", "strike", "maneuver"):
            damage = getattr(event, "damage", 0)
            return f"{outcome}" + (f" · {damage} minor" if damage else "")
    return events[-1].sentence if events else ""


class ResultFlash(QObject):
    """A word over a token that rises and fades out, then removes itself."""

    def __init__(self, scene: MapScene, token_id: str, words: str, colour: str = "#c0392b") -> None:
        super().__init__(scene)
        token = scene.encounter.token(token_id)
        self.item = QGraphicsSimpleTextItem(words)
        font = QFont("Sans Serif")
        font.setPixelSize(20)
        font.setBold(True)
        self.item.setFont(font)
        self.item.setBrush(QBrush(QColor(colour)))
        self.item.setPen(QPen(QColor("#ffffff"), 0.8))
        self.item.setZValue(40)
        self._x = token.position[0] * TILE_PX
        self._y = token.position[1] * TILE_PX - 26
        self.item.setPos(self._x, self._y)
        scene.addItem(self.item)
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(FLASH_MS)
        self.animation.valueChanged.connect(self._step)
        self.animation.finished.connect(self._done)
        self.animation.start()

    def _step(self, t: float) -> None:
        self.item.setOpacity(1.0 - 0.8 * t)
        self.item.setPos(self._x, self._y - 20 * t)

    def _done(self) -> None:
        scene = self.item.scene()
        if scene is not None:
            scene.removeItem(self.item)
        self.deleteLater()


class AttackMenu(QObject):
    """Builds and runs the right-click menu of actions from ``attacker`` against a target."""

    message = Signal(str)

    def __init__(self, document: EncounterDocument, scene: MapScene, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.scene = scene
        self.menu: QMenu | None = None
        self.last_events: list[Event] = []

    def build(self, attacker_id: str | None, target_id: str, parent: QWidget) -> QMenu:
        encounter = self.document.encounter
        target = encounter.token(target_id)
        menu = QMenu(parent)
        menu.setToolTipsVisible(True)
        if attacker_id is None or attacker_id == target_id:
            menu.setTitle(target.name)
            info = menu.addAction(f"{target.name}: select an attacker first, then right-click a target")
            info.setEnabled(False)
            return menu
        attacker = encounter.token(attacker_id)
        menu.setTitle(f"{attacker.name} → {target.name}")
        options = ask_attack_options(encounter, attacker_id, target_id)
        if isinstance(options, Unanswered):
            refusal = menu.addAction(f"{attacker.name} cannot act on {target.name}: {options.reason}")
            refusal.setEnabled(False)
            return menu
        for option in options:
            action = QAction(f"{option.label}  —  {option.summary}", menu)
            action.setToolTip(option.explanation)
            action.triggered.connect(lambda _checked=False, o=option: self._chosen(o))
            menu.addAction(action)
        return menu

    def popup(self, attacker_id: str | None, target_id: str, parent: QWidget, at: QPoint) -> QMenu:
        self.menu = self.build(attacker_id, target_id, parent)
        self.menu.popup(at)
        return self.menu

    def choose(self, option: ActionOption) -> list[Event]:
        """Resolve ``option`` through the engine; raises CommandRejected with the reason."""
        target = getattr(option.command, "target", None)
        events = run_command(self.document, option.label, option.command)
        self.last_events = events
        if target and target in self.scene.token_items:
            ResultFlash(self.scene, target, result_words(events))
        return events

    def _chosen(self, option: ActionOption) -> None:
        reason = self.try_choose(option)
        if reason:
            self.message.emit(f"{option.label}: refused — {reason}")
        elif self.last_events:
            self.message.emit(self.last_events[-1].sentence)

    def try_choose(self, option: ActionOption) -> str:
        """Like :meth:`choose`, answering the refusal instead of raising it ("" on success)."""
        try:
            self.choose(option)
        except CommandRejected as refused:
            return refused.reason
        return ""
