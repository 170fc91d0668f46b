"""A GM's Place of the acting token, as the long-session tests play it between turn changes."""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.model import Tile
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.gm_commands import Place
from vantage.gui.document import EncounterDocument, run_command


def place_on_a_free_tile(document: EncounterDocument, token: str, tiles: Sequence[Tile], step: int) -> bool:
    """Place ``token`` on the first tile of ``tiles`` no token stands on, looking from a place that
    moves with ``step`` (each step another tile), skipping a place the engine refuses; False when
    none was taken."""
    taken = {t.position for t in document.encounter.tokens}
    for offset in range(len(tiles)):
        tile = tiles[(step * 7 + offset) % len(tiles)]
        if tile in taken:
            continue
        try:
            run_command(document, "Place", Place(token, tile))
            return True
        except CommandRejected:
            continue
    return False
