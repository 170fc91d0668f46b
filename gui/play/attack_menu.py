"""Right-click a token: the selected token's actions against it, each with its odds explained,
and the token's own untargeted actions (stand up, stance, pick up, a breather …).

Both lists are the ruleset's (``attack_options`` and ``token_actions``); an option the ruleset
says is not legal now is greyed out, its reason in the line and the whole explanation in the
tooltip. Choosing one sends its command through :func:`~vantage.gui.document.run_command`; the
events go to the log and the result of an attack (its outcome and the damage the ruleset
reports in ``damage_taken`` events) flashes over the target for a moment.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, QVariantAnimation, Signal
from PySide6.QtGui import QAction, QBrush, QColor, QFont, QPen
from PySide6.QtWidgets import QGraphicsSimpleTextItem, QMenu, QWidget

from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_attack_options, ask_damage_tracks, ask_token_actions
from vantage.engine.rules.base import ActionOption, Unanswered
from vantage.gui.canvas.label_placement import AROUND, Side, place_label, visible_scene_rect
from vantage.gui.canvas.map_scene import MapScene
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.play.riding_menu import add_riding_actions
from vantage.gui.play.visibility import HIDE_SHORTCUT, hide_label, toggle_hidden
from vantage.gui.workspace import TokenMenuSections

if TYPE_CHECKING:
    from vantage.engine.protocol.events import Event

if TYPE_CHECKING:  # the dialog's module loads when the GM first opens it (issue 32, start-up)
    from vantage.gui.play.damage_dialog import DamageDialog

FLASH_MS = 1400
#: How far the flash rises as it fades (scene units).
FLASH_RISE = 20.0
#: The longest "Not now" reason in a menu line; a longer one is cut with "…" (the tooltip has it all).
REASON_CHARS = 80
_OUTCOME_KINDS = ("hit", "strike", "maneuver")
#: The engine's event kinds read here: damage in the ruleset's units, and a command that waits.
DAMAGE_TAKEN = "damage_taken"
WAITING = "waiting"


def damage_words(events: list[Event], token_id: str | None = None) -> str:
    """The damage ``token_id`` (None: anyone) took, by track in the ruleset's units, in order:
    ``"8 lethal"``, ``"2 guard, 1 health"`` — or in the ruleset's own words where it gives them
    (``amount_text``: Avorkarth's "1 wound, 2 minor wounds"), each blow's in turn."""
    taken = [e for e in events
             if e.kind == DAMAGE_TAKEN and (token_id is None or getattr(e, "token", None) == token_id)]
    written = [str(getattr(e, "amount_text", "")) for e in taken]
    if taken and all(written):
        return " + ".join(written)
    totals: dict[str, int] = {}
    for event in taken:
        track = str(getattr(event, "track", ""))
        totals[track] = totals.get(track, 0) + int(getattr(event, "amount", 0))
    return ", ".join(f"{amount} {track}".strip() for track, amount in totals.items() if amount)


def result_words(events: list[Event], target_id: str | None = None) -> str:
    """A few words for the flash: the last hit/strike/maneuver outcome and the damage the target
    took (``"success · 8 lethal"``), or the last sentence."""
    outcome = next((getattr(e, "outcome", None) for e in reversed(events)
                    if e.kind in _OUTCOME_KINDS and getattr(e, "outcome", None)), None)
    words = [str(outcome)] if outcome else []
    damage = damage_words(events, target_id)
    if damage:
        words.append(damage)
    if words:
        return " · ".join(words)
    return events[-1].sentence if events else ""


def option_text(option: ActionOption) -> str:
    """The menu line: the label and its summary (the odds) when it says more, the label said once
    (``"Attack with the Longsword  —  72% to hit"``, not the label again); an option not legal
    now shows no odds, only why not (``"Trip — Not now: out of reach"``)."""
    if not option.legal:
        reason = option.reason or option.summary.removeprefix("Not now: ") or "not possible now"
        return f"{option.label}  —  Not now: {_cut(reason)}"
    parts = [option.label]
    # the summary without the label it may repeat ("Attack with the Longsword: 72% to hit")
    summary = option.summary.removeprefix(f"{option.label}: ") if option.label else option.summary
    if summary and summary != option.label:
        parts.append(summary)
    if not option.legal and option.reason and not option.summary.startswith("Not now"):
        parts.append(f"Not now: {_cut(option.reason)}")
    elif parts[-1].startswith("Not now: "):
        parts[-1] = _cut(parts[-1])
    return "  —  ".join(parts)


def legal_first(options: Sequence[ActionOption]) -> list[ActionOption]:
    """The options legal now first, then the rest, each group in the ruleset's order."""
    return [o for o in options if o.legal] + [o for o in options if not o.legal]


def _cut(text: str) -> str:
    """``text`` up to :data:`REASON_CHARS` characters, cut with "…" (the tooltip has all of it)."""
    return text if len(text) <= REASON_CHARS else text[: REASON_CHARS - 1].rstrip() + "…"


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
        scene.addItem(self.item)
        # above the token where there is room (it rises from there), never on it, inside the view
        anchor = scene.grid.footprint_rect(token.position, token.footprint)
        view = visible_scene_rect(self.item)
        size = self.item.boundingRect().size()
        room = None if view is None else view.adjusted(0, FLASH_RISE, 0, 0)
        place = place_label(size, anchor, room, sides=(Side.ABOVE, *AROUND), gap=4)
        self._x, self._y = place.left(), place.top()
        self.item.setPos(self._x, self._y)
        self.animation = QVariantAnimation(self)
        self.animation.setStartValue(0.0)
        self.animation.setEndValue(1.0)
        self.animation.setDuration(FLASH_MS)
        self.animation.valueChanged.connect(self._step)
        self.animation.finished.connect(self._done)
        self.animation.start()

    def _step(self, t: float) -> None:
        self.item.setOpacity(1.0 - 0.8 * t)
        self.item.setPos(self._x, self._y - FLASH_RISE * t)

    def _done(self) -> None:
        scene = self.item.scene()
        if scene is not None:
            scene.removeItem(self.item)
        self.deleteLater()


class AttackMenu(QObject):
    """Builds and runs the right-click menu of actions from ``attacker`` against a target."""

    message = Signal(str)

    def __init__(self, document: EncounterDocument, scene: MapScene,
                 sections: TokenMenuSections | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.document = document
        self.scene = scene
        self.menu: QMenu | None = None
        self.last_events: list[Event] = []
        #: more sections for a token's menu, added by a workspace's add-ons (the turn order's "Add
        #: to combat", the creature tools' Duplicate and Picture…)
        self.sections = sections if sections is not None else TokenMenuSections()

    def build(self, attacker_id: str | None, target_id: str, parent: QWidget) -> QMenu:
        """The menu for a right-click on ``target_id`` with ``attacker_id`` selected (None: nobody):
        the attacker's options against it, then the target's own actions."""
        encounter = self.document.encounter
        target = encounter.token(target_id)
        menu = QMenu(parent)
        menu.setToolTipsVisible(True)
        if attacker_id is None or attacker_id == target_id:
            menu.setTitle(target.name)
            if attacker_id is None:
                info = menu.addAction(f"{target.name}: select an attacker first, then right-click a target")
                info.setEnabled(False)
        else:
            attacker = encounter.token(attacker_id)
            menu.setTitle(f"{attacker.name} → {target.name}")
            menu.addSection(f"{attacker.name} → {target.name}")
            options = ask_attack_options(encounter, attacker_id, target_id)
            if isinstance(options, Unanswered):
                refusal = menu.addAction(f"{attacker.name} cannot act on {target.name}: {options.reason}")
                refusal.setEnabled(False)
            else:
                for option in legal_first(options):
                    self._add(menu, option)
        self._add_own_actions(menu, target_id)
        self._add_gm_actions(menu, target_id)
        add_riding_actions(menu, self.document, attacker_id, target_id, self.message.emit)
        self.sections.fill(menu, target_id)
        return menu

    def _add_gm_actions(self, menu: QMenu, token_id: str) -> None:
        """What the GM does to any token, whatever the ruleset: hide it from the players or reveal it."""
        token = self.document.encounter.token(token_id)
        menu.addSection("GM")
        action = menu.addAction(f"{hide_label(token.hidden)}\t{HIDE_SHORTCUT}")
        action.setToolTip("The players' screen never shows a hidden token; you see it faded")
        action.triggered.connect(
            lambda _checked=False: self.message.emit(toggle_hidden(self.document, token_id)))
        tracks = ask_damage_tracks(self.document.encounter.ruleset)
        for text, healing in (("Damage…", False), ("Heal…", True)):
            entry = menu.addAction(text)
            entry.setEnabled(bool(tracks))
            entry.setToolTip(f"{text[:-1]} on one of the ruleset's tracks, logged and undoable" if tracks
                             else "No damage tracks: Vantage does not know this encounter's ruleset")
            entry.triggered.connect(
                lambda _checked=False, h=healing: self.open_damage_dialog(token_id, h, menu.parentWidget()))

    def open_damage_dialog(self, token_id: str, healing: bool, parent: QWidget | None) -> DamageDialog:
        """The damage (or healing) dialog for ``token_id``; its sentence goes to the status bar."""
        from vantage.gui.play.damage_dialog import DamageDialog

        dialog = DamageDialog(self.document, token_id, healing, parent)
        dialog.accepted.connect(lambda: self.message.emit(dialog.sentence))
        dialog.open()
        return dialog

    def _add_own_actions(self, menu: QMenu, token_id: str) -> None:
        """The token's untargeted actions as the ruleset lists them, or why there are none."""
        name = self.document.encounter.token(token_id).name
        menu.addSection(f"{name}'s own actions")
        actions = ask_token_actions(self.document.encounter, token_id)
        if isinstance(actions, Unanswered) or not actions:
            why = actions.reason if isinstance(actions, Unanswered) else "the ruleset lists none now"
            line = menu.addAction(f"No actions of its own: {why}")
            line.setEnabled(False)
            return
        for option in legal_first(actions):
            self._add(menu, option)

    def _add(self, menu: QMenu, option: ActionOption) -> QAction:
        action = QAction(option_text(option), menu)
        action.setToolTip(option.explanation or option.label)
        action.setEnabled(option.legal)
        action.triggered.connect(lambda _checked=False, o=option: self._chosen(o))
        menu.addAction(action)
        return action

    def popup(self, attacker_id: str | None, target_id: str, parent: QWidget, at: QPoint) -> QMenu:
        self.menu = self.build(attacker_id, target_id, parent)
        self.menu.popup(at)
        return self.menu

    def choose(self, option: ActionOption) -> list[Event]:
        """Resolve ``option`` through the engine; raises CommandRejected with the reason."""
        target = getattr(option.command, "target", None)
        events = run_command(self.document, option.label, option.command)
        self.last_events = events
        waiting = any(e.kind == WAITING for e in events)  # the panel asks; nothing to flash yet
        if target and target in self.scene.token_items and events and not waiting:
            ResultFlash(self.scene, target, result_words(events, target))
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
