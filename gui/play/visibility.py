"""Hiding a token from the players and revealing it again — one undoable GM command either way.

The players' window never shows a hidden token (the engine's player view filters it out); the GM
sees it faded. The token's context menu, the token panel's "Hidden from the players" box and the
H key all come here.
"""

from __future__ import annotations

from vantage.gui.document import EncounterDocument, run_command

#: The key that hides or reveals the selected token.
HIDE_SHORTCUT = "H"


def hide_label(hidden: bool) -> str:
    """What the menu entry says for a token that is ``hidden`` now."""
    return "Reveal to the players" if hidden else "Hide from the players"


def set_hidden(document: EncounterDocument, token_id: str, hidden: bool) -> str:
    """Hide ``token_id`` from the players (or reveal it); the sentence for the status bar."""
    from vantage.engine.protocol.gm_commands import EditToken
    token = document.encounter.token(token_id)
    if token.hidden == hidden:
        return f"{token.name} is already {'hidden from' if hidden else 'shown to'} the players"
    run_command(document, f"{'Hide' if hidden else 'Reveal'} {token.name}",
                EditToken(token=token_id, hidden=hidden))
    if hidden:
        return f"{token.name} is hidden from the players (faded here; {HIDE_SHORTCUT} reveals it)"
    return f"{token.name} is revealed: the players see it now"


def toggle_hidden(document: EncounterDocument, token_id: str) -> str:
    """Hide a shown token, reveal a hidden one."""
    return set_hidden(document, token_id, not document.encounter.token(token_id).hidden)
