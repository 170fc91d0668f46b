"""The GM window's own questions about the combat, asked in the prompt bar under the map:

- **End the combat?** Combat ▸ End combat (Ctrl+Shift+K) asks before it ends the fight: "End
  combat · Enter" or "Keep fighting · Esc". A chord pressed by accident costs nothing; once
  ended, the status bar says that undo brings the combat back.
- **Add the newcomer to the combat?** A creature placed from the library (or a duplicate) while a
  combat runs is offered its place in the turn order: "Add to combat · Enter" sends the engine's
  ``JoinCombat`` (its initiative the ruleset's way, asked at the table when its dice are there);
  "Not now · Esc" leaves it out (the tracker's Add ▾ still offers it).

Each answer that changes the encounter is one engine command and one undo step.
"""

from __future__ import annotations

from PySide6.QtCore import QObject

from vantage.engine.rules.base import ActionOption
from vantage.gui.play.prompt_bar import PromptBar, shortcut_text
from vantage.gui.play.table_ask import Ask, AskChoice
from vantage.gui.play.turn_tracker import TurnTracker, combat_menu_entry, current_turn
from vantage.gui.workspace import GmWorkspace

END_COMBAT_KEY = "end-combat"
UNDO_SHORTCUT = "Ctrl+Z"


def joining_key(token_id: str) -> tuple[str, str]:
    return ("join-combat", token_id)


class TurnQuestions(QObject):
    """Asks before the combat ends and offers a newcomer a place in the turn order."""

    def __init__(self, workspace: GmWorkspace, tracker: TurnTracker, bar: PromptBar) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.tracker = tracker
        self.bar = bar
        tracker.ask_before_ending = self.ask_end_combat
        workspace.document.changed.connect(self._drop_stale)

    # -- end combat --------------------------------------------------------------------------
    def ask_end_combat(self) -> None:
        """Ctrl+Shift+K: ask in the bar (nothing to ask when no combat runs: the tracker says why)."""
        turn = current_turn(self.tracker.document)
        if turn is None:
            self.tracker.end_combat()
            return
        undo = shortcut_text(UNDO_SHORTCUT)
        self.bar.ask(Ask(
            key=END_COMBAT_KEY, title="End the combat?",
            sentence=f"Round {turn.round}: the turn order goes; wounds and conditions stay. "
                     f"Undo ({undo}) brings the combat back.",
            choices=(AskChoice("End combat", tip="End the fight now (undoable)", act=self._end),
                     AskChoice("Keep fighting", tip="Nothing changes", act=lambda: "The combat goes on")),
            default=0, leave="Keep fighting", leave_tip="Nothing changes: the combat goes on"))

    def _end(self) -> str:
        before = len(self.tracker.document.log)
        self.tracker.end_combat()
        if len(self.tracker.document.log) == before:
            return ""  # refused: the tracker said why
        sentence = self.tracker.document.log[-1].sentence
        return f"{sentence} Undo ({shortcut_text(UNDO_SHORTCUT)}) brings the combat back."

    # -- a newcomer --------------------------------------------------------------------------
    def offer_to_join(self, token_id: str) -> bool:
        """While a combat runs, offer ``token_id`` (just placed) a place in the turn order; False
        when there is nothing to offer (no combat, or the ruleset would not take it now)."""
        from vantage.engine.protocol.turn_order_commands import JoinCombat
        document = self.tracker.document
        if current_turn(document) is None:
            return False
        option = combat_menu_entry(document, token_id)
        if option is None or not option.legal or not isinstance(option.command, JoinCombat):
            return False
        name = document.encounter.token(token_id).name or token_id
        self.bar.ask(Ask(
            key=joining_key(token_id), title=f"{name} was placed during the combat",
            sentence=f"Add {name} to the combat? Its initiative is found the ruleset's way and it "
                     "takes its place in the turn order.",
            choices=(AskChoice("Add to combat", tip=option.explanation or option.summary,
                               act=lambda: self._join(option)),
                     AskChoice("Not now", tip="Leave it out of the turn order (the tracker's Add ▾ "
                                              "still offers it)", act=lambda: "")),
            default=0, leave="Not now", leave_tip="Leave it out of the turn order for now"))
        return True

    def _join(self, option: ActionOption) -> str:
        self.tracker.send_option(option)  # its sentence (or refusal) goes to the status bar
        return ""

    def _drop_stale(self) -> None:
        """A question that no longer holds goes (the combat ended, the newcomer joined or left)."""
        from vantage.engine.protocol.turn_order_commands import JoinCombat
        document = self.tracker.document
        running = current_turn(document) is not None
        for ask in list(self.bar.questions):
            if ask.key == END_COMBAT_KEY and not running:
                self.bar.drop(ask.key)
            elif isinstance(ask.key, tuple) and ask.key[:1] == ("join-combat",):
                token = ask.key[1]
                option = combat_menu_entry(document, token) if running else None
                if option is None or not isinstance(option.command, JoinCombat):
                    self.bar.drop(ask.key)


def attach_turn_questions(workspace: GmWorkspace, tracker: TurnTracker, bar: PromptBar) -> TurnQuestions:
    """Ask before the combat ends, and offer creatures placed during it a place (once per workspace)."""
    existing = workspace.findChild(TurnQuestions)
    if isinstance(existing, TurnQuestions):
        return existing
    return TurnQuestions(workspace, tracker, bar)
