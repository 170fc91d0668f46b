"""An encounter opened with identical names gets them numbered, in one undo step.

"Ghoul hits Ghoul" tells the table nothing: the names are numbered (Ghoul 1, Ghoul 2, Ghoul 3) the
moment such an encounter is opened, through the engine's ``edit_token``, so the token, the turn
tracker and every sentence of the log say the same. Undo puts the old names back.
"""

from __future__ import annotations

from vantage.engine.protocol.gm_commands import EditToken
from vantage.engine.table.naming import identical_name_fixes
from vantage.gui.document import EncounterDocument, run_command

STEP_NAME = "Number identical names"


def number_identical_names(document: EncounterDocument) -> str:
    """Number the identical names of ``document``'s encounter; the sentence for the status bar
    ("" when every name was already its own)."""
    fixes = identical_name_fixes(document.encounter.tokens)
    for token_id, name in fixes:
        run_command(document, STEP_NAME, EditToken(token=token_id, name=name), merge_key=STEP_NAME)
    if not fixes:
        return ""
    names = ", ".join(name for _id, name in fixes)
    return f"Identical names numbered so that the log tells them apart: {names} (Undo puts them back)"
