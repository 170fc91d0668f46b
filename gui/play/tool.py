"""Play mode on the map: select, drag a token along the engine's paths, turn it, right-click.

On press the engine's reachable set is computed once; while dragging, the path to the tile under
the cursor (or the engine's reason why there is none) is drawn. Dropping applies the move, or
snaps the token back with the reason. The "!" marks are the path events the ruleset warns about
(``Tactics.path_warnings``), and the drop moves in the mode picked in :attr:`PlayTool.modes` (the
ruleset's ``Tactics.move_modes``). A move that makes the engine wait for the table (a reaction)
says so; the decision panel answers it. Shift-drag places a token anywhere: the engine's ``Place``
command, a logged GM override without movement rules.
Turning: Q/E, Shift+wheel over a token, or dragging its facing notch.
A finger drags through the same steps (:meth:`PlayTool.start_drag`, :meth:`~PlayTool.drag_over`,
:meth:`~PlayTool.drop`; :mod:`vantage.gui.play.touch_drag`); a long press opens the token's menu.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QMouseEvent, QWheelEvent
from PySide6.QtWidgets import QGraphicsView

from vantage.engine.model import Encounter, Facing, Tile, Token
from vantage.engine.movement.path import Path
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_move_reading, ask_movement, ask_reachable, ask_tactics
from vantage.engine.rules.base import MovementAnswer, Tactics, Unanswered
from vantage.gui.canvas.map_view import MapView
from vantage.gui.canvas.touch import map_scene_of
from vantage.gui.document import run_command
from vantage.gui.play.commands import face_token, move_token
from vantage.gui.play.move_modes import MoveModePicker
from vantage.gui.play.path_overlay import PathOverlay, marked_warnings
from vantage.gui.play.tactics_overlay import Layer, unavailable_layers
from vantage.gui.play.touch_drag import TouchDrag
from vantage.gui.workspace import GmWorkspace

if TYPE_CHECKING:  # the movement search loads with the first drag (issue 32, start-up)
    from vantage.engine.movement.search import Reachable
    from vantage.gui.canvas.map_scene import MapScene
    from vantage.gui.canvas.token_item import TokenItem

#: The kind of the engine's event when a command waits for the table (``DecisionAwaited``).
WAITING = "waiting"
#: A refusal's label when its reason may not be shown (it names what the players do not see).
NOT_THERE = "cannot move there"


def _as_said(sentence: str) -> str:
    return sentence


def _moves(encounter: Encounter, token_id: str) -> bool:
    """Whether the ruleset gives ``token_id`` any movement now."""
    answer = ask_movement(encounter, token_id)
    return isinstance(answer, MovementAnswer) and answer.allowance.value > 0


@dataclass
class Drag:
    token_id: str
    start: Tile
    grab_offset: Tile
    free: bool  # Shift: GM placement without rules
    reachable: Reachable | None
    no_rules_reason: str = ""
    target: Tile | None = None
    path: Path | None = None
    refusal: str = ""


class PlayTool(QObject):
    """The play-mode mouse tool of a GM workspace's map view; what it selects is the workspace's
    selection."""

    message = Signal(str)
    context_requested = Signal(str, QPoint)

    def __init__(self, workspace: GmWorkspace, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.document = workspace.document
        self.overlay = PathOverlay(workspace.scene.grid)
        self.modes = MoveModePicker(self)
        self.drag: Drag | None = None
        self.turning: str | None = None
        self._why_not_cache: dict[Tile, str] = {}
        #: what the drag's label may say of an engine sentence (the players' touch table hides names)
        self.shown_words: Callable[[str], str] = _as_said
        self._touch = TouchDrag(self)
        self.document.changed.connect(self._offer_move_modes)
        self._offer_move_modes()

    def _offer_move_modes(self) -> None:
        """The move modes the encounter's ruleset declares, for the next drag."""
        tactics = ask_tactics(self.document.encounter)
        self.modes.set_modes(tactics.move_modes if isinstance(tactics, Tactics) else ())

    def status_words(self) -> str:
        return "move and target tokens"

    def _charges_wanted(self, tactics: Tactics | Unanswered) -> bool:
        """Did the GM ask for charges: is the "Charge lanes" overlay switched on, and drawn (the
        ruleset declares it)?"""
        drawn = Layer.CHARGE not in unavailable_layers(tactics, self.document.encounter.ruleset)
        return drawn and self.workspace.overlays.shows(Layer.CHARGE)

    def select(self, token_id: str | None) -> None:
        self.workspace.selection.select_token(token_id)

    def _token(self, token_id: str) -> Token:
        return self.document.encounter.token(token_id)

    # -- mouse -----------------------------------------------------------------------------
    def press(self, view: MapView, event: QMouseEvent) -> bool:
        tile = view.tile_at(event.position())
        if tile is None:
            return False
        scene = view.map_scene()
        point = scene.grid.map_point(view.mapToScene(event.position().toPoint()))
        token_id = scene.token_at_tile(tile, point)  # a rider's mount is picked round the rider's disc
        if event.button() == Qt.MouseButton.RightButton:
            if token_id is not None:
                self.open_menu(token_id, event.globalPosition().toPoint())
                return True
            return False
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        if token_id is None:
            self.select(None)
            return True
        self.select(token_id)
        token = self._token(token_id)
        if self._on_facing_notch(view, token, event):
            self.turning = token_id
            return True
        free = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        self.start_drag(view, tile, token_id, free)
        return True

    def start_drag(self, view: QGraphicsView, tile: Tile, token_id: str, free: bool = False) -> None:
        """Pick ``token_id`` up by its ``tile``: the engine's reachable set, once, for the drag (the
        mouse's press and a finger's both start here). A rider and its mount move together: grabbed
        by either, the one the ruleset moves is dragged (:meth:`mover_of`)."""
        if not free:
            token_id = self.mover_of(token_id)
        token = self._token(token_id)
        reachable: Reachable | None = None
        reason = ""
        if not free:
            tactics = ask_tactics(self.document.encounter)
            self.overlay.warning_kinds = marked_warnings(tactics, self._charges_wanted(tactics))
            found = ask_reachable(self.document.encounter, token_id)
            if isinstance(found, Unanswered):
                reason = found.reason
            else:
                reachable = found
        offset = (tile[0] - token.position[0], tile[1] - token.position[1])
        self.drag = Drag(token_id, token.position, offset, free, reachable, reason)
        self._why_not_cache = {}
        scene = map_scene_of(view)
        if scene is not self.overlay.scene():
            scene.addItem(self.overlay)
        if reason:
            self.message.emit(f"{reason}. Shift-drag to place {token.name} without rules.")

    def mover_of(self, token_id: str) -> str:
        """The token a drag of ``token_id`` moves: itself, unless it is a rider or a ridden mount that
        the ruleset gives no movement of its own while the other of the pair has some (Baton's rider
        moves and its mount carries it; a ridden mount grabbed anywhere — the rider's tile round its
        disc included — drags its rider)."""
        encounter = self.document.encounter
        from vantage.engine.movement import riding
        token = encounter.token(token_id)
        mount = riding.mount_of(encounter, token_id) if token.rides is not None else None
        partners = [mount] if mount is not None else list(riding.riders_of(encounter, token_id))
        if not partners or _moves(encounter, token_id):
            return token_id
        return next((p.id for p in partners if _moves(encounter, p.id)), token_id)

    def _linked_items(self, scene: MapScene, token_id: str) -> list[tuple[TokenItem, Token]]:
        """The pictures of the tokens that move with ``token_id`` (its mount, its riders) and their
        tokens."""
        from vantage.engine.movement import riding
        encounter = scene.encounter
        if token_id not in {t.id for t in encounter.tokens}:
            return []
        out = []
        for other in sorted(riding.linked_ids(encounter, token_id) - {token_id}):
            item = scene.token_items.get(other)
            if item is not None:
                out.append((item, encounter.token(other)))
        return out

    def _carry_pictures(self, scene: MapScene, token_id: str, start: Tile, target: Tile | None) -> None:
        """Show the tokens linked to ``token_id`` moved as it is (from ``start`` to ``target``), or
        back where they stand (``target`` None)."""
        for item, other in self._linked_items(scene, token_id):
            if target is None:
                item.sync(other)
                continue
            dx, dy = target[0] - start[0], target[1] - start[1]
            item.setPos(scene.grid.scene_point((other.position[0] + dx, other.position[1] + dy)))

    def move(self, view: MapView, event: QMouseEvent) -> bool:
        if self.turning is not None:
            self._turn_towards(view, self.turning, event)
            return True
        drag = self.drag
        if drag is None:
            return False
        tile = view.tile_at(event.position())
        if tile is not None:
            self.drag_over(view, tile)
        return True

    def drag_over(self, view: QGraphicsView, tile: Tile) -> None:
        """The grabbed tile is over ``tile`` (a mouse move or a finger's)."""
        drag = self.drag
        if drag is None:
            return
        target = (tile[0] - drag.grab_offset[0], tile[1] - drag.grab_offset[1])
        if target != drag.target:
            self.update_target(view, target)

    def update_target(self, view: QGraphicsView, target: Tile) -> None:
        """Show the engine's path to ``target`` (or its reason) and move the token's picture there."""
        drag = self.drag
        assert drag is not None
        drag.target = target
        token = self._token(drag.token_id)
        scene = map_scene_of(view)
        item = scene.token_items[drag.token_id]
        item.setPos(scene.grid.scene_point(target))
        drag.path, drag.refusal = None, ""
        if drag.free:
            self.overlay.clear()
            return
        self._carry_pictures(scene, drag.token_id, drag.start, target)
        if drag.reachable is None:
            drag.refusal = drag.no_rules_reason
            self.overlay.show_refusal(target, self._said_refusal(drag.refusal), token.footprint)
            return
        if drag.reachable.cost(target) is not None:
            drag.path = drag.reachable.path_to(target)
            # one answer for the label and the marks: the events as the rules measure this move
            reading = ask_move_reading(self.document.encounter, drag.token_id, drag.path.tiles,
                                       self.modes.mode)
            shown = drag.path if reading.events is None else replace(drag.path, events=reading.events)
            self.overlay.show_path(shown, token.footprint, self.shown_words(reading.note))
            return
        reason = self._why_not_cache.get(target)
        if reason is None:
            reason = drag.reachable.why_not(target)
            self._why_not_cache[target] = reason
        drag.refusal = reason
        self.overlay.show_refusal(target, self._said_refusal(reason), token.footprint)

    def _said_refusal(self, reason: str) -> str:
        return self.shown_words(reason) or NOT_THERE

    def release(self, view: MapView, event: QMouseEvent) -> bool:
        if self.turning is not None and event.button() == Qt.MouseButton.LeftButton:
            self.turning = None
            return True
        if self.drag is None or event.button() != Qt.MouseButton.LeftButton:
            return False
        self.drop(view)
        return True

    def drop(self, view: QGraphicsView) -> None:
        """Let the dragged token go where it is: the engine's move (or the GM's placing), or back
        with the reason (the mouse's release and a finger's both end here)."""
        from vantage.engine.protocol.gm_commands import Place
        drag = self.drag
        if drag is None:
            return
        self.drag = None
        self.overlay.clear()
        token = self._token(drag.token_id)
        scene = map_scene_of(view)
        item = scene.token_items.get(drag.token_id)
        target = drag.target
        if item is None:  # the token left this view while it was dragged (hidden, removed)
            return
        if not drag.free:
            self._carry_pictures(scene, drag.token_id, drag.start, None)  # the engine's answer moves them
        if target is None or target == drag.start:
            item.sync(scene.encounter.token(drag.token_id))
            return
        try:
            if drag.free:
                place = Place(token=drag.token_id, tile=target)
                run_command(self.document, f"Place {token.name} (GM)", place)
                self.message.emit(f"GM placed {token.name} at {target} (no rules)")
            elif drag.path is not None:
                mode = self.modes.current
                events = move_token(self.document, drag.path, mode.id or None)
                self.modes.reset()
                if drag.token_id in {t.id for t in scene.encounter.tokens}:
                    # a waiting move has not moved the token yet
                    item.sync(scene.encounter.token(drag.token_id))
                waiting = next((e for e in events if e.kind == WAITING), None)
                if waiting is not None:
                    self.message.emit(f"{token.name}'s move is paused. {waiting.sentence}")
                else:
                    how = f" ({mode.label})" if mode.id else ""
                    self.message.emit(f"{token.name} moved to {target}{how}: {self.overlay_text(drag.path)}")
            else:
                raise CommandRejected(drag.refusal or "no legal path")
        except CommandRejected as refused:
            item.setPos(scene.grid.scene_point(token.position))
            self.message.emit(f"{token.name} cannot move to {target}: {refused.reason}")

    def cancel_drag(self, view: QGraphicsView) -> None:
        """Put the dragged token back where it stands, nothing sent (a second finger landed)."""
        drag, self.drag = self.drag, None
        self.turning = None
        self.overlay.clear()
        if drag is None:
            return
        scene = map_scene_of(view)
        item = scene.token_items.get(drag.token_id)
        if item is not None and drag.token_id in {t.id for t in scene.encounter.tokens}:
            item.sync(scene.encounter.token(drag.token_id))
            self._carry_pictures(scene, drag.token_id, drag.start, None)

    def open_menu(self, token_id: str, at: QPoint) -> None:
        """The token's menu at the screen point ``at`` (a right click, a long press)."""
        self.context_requested.emit(token_id, at)

    def touch_handler(self) -> TouchDrag:
        """What a finger on the GM's map does in play mode (the map view asks)."""
        return self._touch

    @staticmethod
    def overlay_text(path: Path) -> str:
        return f"{path.cost:g} used, {path.allowance.value - path.cost:g} left"

    def wheel(self, view: MapView, event: QWheelEvent) -> bool:
        if not event.modifiers() & Qt.KeyboardModifier.ShiftModifier:
            return False
        tile = view.tile_at(event.position())
        token_id = view.map_scene().token_at_tile(tile) if tile is not None else None
        if token_id is None:
            return False
        delta = event.angleDelta().y() or event.angleDelta().x()
        if delta:
            self.turn(token_id, 1 if delta < 0 else -1)
        return True

    # -- facing ----------------------------------------------------------------------------
    def turn(self, token_id: str, steps: int) -> None:
        """Turn by ``steps`` eighths (positive: clockwise)."""
        token = self._token(token_id)
        face_token(self.document, token_id, token.facing.turned(steps))

    def _turn_towards(self, view: MapView, token_id: str, event: QMouseEvent) -> None:
        token = self._token(token_id)
        x, y = view.map_scene().grid.map_point(view.mapToScene(event.position().toPoint()))
        cx, cy = token.centre
        facing = Facing.from_vector(x - cx, y - cy)
        if facing is not token.facing:
            face_token(self.document, token_id, facing)

    @staticmethod
    def _on_facing_notch(view: MapView, token: Token, event: QMouseEvent) -> bool:
        """Whether the press is on the token's facing notch (near the rim, where it points)."""
        x, y = view.map_scene().grid.map_point(view.mapToScene(event.position().toPoint()))
        cx, cy = token.centre
        dx, dy = x - cx, y - cy
        radius = math.hypot(dx, dy)
        if radius < 0.3 * token.footprint:
            return False
        return Facing.from_vector(dx, dy) is token.facing
