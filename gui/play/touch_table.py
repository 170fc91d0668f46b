"""The player window as a touch table: the players drag their own tokens with a finger.

When the GM allows it (Players ▸ Touch table, remembered in the player-view settings), a finger on
the player window drags a token of the party through the play tool's own drag — the same engine
reachable set, path preview and move command as the GM's mouse — with a play tool of its own, so a
player's drag and the GM's never share a half-finished move. Every move is one step of the GM's
undo history and log, as the GM's own are.

What the players are never shown: a finger picks only among the tokens the player window draws
(the players' filtered encounter: a hidden token is not there to touch), and only the party's; no
token menu (it holds the GM's actions); no warning marks along the path (a "!" where the path
leaves a creature's reach would show where a hidden creature stands); no move into the fog (a
tile under it reads "the players do not see there"); and a label that names a
creature the players do not see says only "cannot move there". The GM's status bar keeps the full
sentence.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QGraphicsView

from vantage.engine.model import Encounter, Side, Tile
from vantage.gui.canvas.touch import map_scene_of
from vantage.gui.play.tool import PlayTool
from vantage.gui.play.touch_drag import TouchDrag
from vantage.gui.workspace import GmWorkspace


def names_unseen(encounter: Encounter, shown: Encounter) -> list[str]:
    """The names of ``encounter``'s tokens that ``shown`` (the players' view of it) leaves out."""
    seen = {t.id for t in shown.tokens}
    return [t.name for t in encounter.tokens if t.id not in seen and t.name.strip()]


#: Why a player's finger may not take a token into the fog.
IN_THE_DARK = "the players do not see there"


class PlayersTouchTable:
    """One finger of a player on the player window (``finger``), over the GM ``workspace``."""

    def __init__(self, workspace: GmWorkspace) -> None:
        self.workspace = workspace
        self._tool: PlayTool | None = None
        self._shown: Encounter | None = None
        self.finger = TouchDrag(self, may_touch=self.may_touch, selects=False, menus=False)

    @property
    def tool(self) -> PlayTool:
        """The finger's own play tool, made with the first touch (issue 32: not with the window)."""
        if self._tool is None:
            workspace = self.workspace
            self._tool = PlayTool(workspace, workspace)
            self._tool.shown_words = self.words
            self._tool.message.connect(lambda text: workspace.say(f"Touch table: {text}"))
        return self._tool

    def may_touch(self, view: QGraphicsView, token_id: str) -> bool:
        """A party token the player window draws (never a hidden one: it is not drawn)."""
        shown = map_scene_of(view).encounter
        token = next((t for t in shown.tokens if t.id == token_id), None)
        if token is None or token.side is not Side.PARTY:
            return False
        real = next((t for t in self.workspace.encounter.tokens if t.id == token_id), None)
        return real is not None and not real.hidden

    def words(self, sentence: str) -> str:
        """``sentence`` as the players may read it: "" when it names a creature they do not see."""
        if self._shown is None:
            return ""
        text = sentence.casefold()
        hidden = names_unseen(self.workspace.encounter, self._shown)
        return "" if any(name.casefold() in text for name in hidden) else sentence

    # -- the drag's steps: the play tool's --------------------------------------------------
    def start_drag(self, view: QGraphicsView, tile: Tile, token_id: str, free: bool = False) -> None:
        self._shown = map_scene_of(view).encounter
        self.tool.start_drag(view, tile, token_id, free=False)  # never placed without rules
        self.tool.overlay.warning_kinds = frozenset()

    def drag_over(self, view: QGraphicsView, tile: Tile) -> None:
        shown = self._shown = map_scene_of(view).encounter
        self.tool.drag_over(view, tile)
        drag = self.tool.drag
        if drag is None or drag.target is None:
            return
        from vantage.engine.table.player_view import UNSEEN  # shapely: with the first drag on the table

        token = shown.token(drag.token_id)
        dark = [t for t in token.footprint_tiles(drag.target)
                if shown.map.in_bounds(t) and shown.map.terrain[shown.map.index(t)] == UNSEEN]
        if dark:  # under the players' fog: not theirs to walk into (nor to learn the ground's cost)
            drag.path, drag.refusal = None, IN_THE_DARK
            self.tool.overlay.show_refusal(drag.target, IN_THE_DARK, token.footprint)

    def drop(self, view: QGraphicsView) -> None:
        self.tool.drop(view)

    def cancel_drag(self, view: QGraphicsView) -> None:
        self.tool.cancel_drag(view)

    def select(self, token_id: str | None) -> None:
        return None  # the GM's selection is the GM's

    def open_menu(self, token_id: str, at: QPoint) -> None:
        return None  # the token menu holds the GM's actions
