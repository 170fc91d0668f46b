"""The sample maps start with the party's dice at the table (``table_dice`` in the file, as a new
map or an import gets it: ``DEFAULT_TABLE_DICE``). A test that plays a sample with scripted or
seeded dice sets its own dice first: :func:`vantage_rolls` sends the GM's ``SetTableDice()`` with
nobody named, so Vantage (the test's dice) rolls every die — through ``apply``, as the GM would."""

from __future__ import annotations

from vantage.engine.dice import NoDice
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import SetTableDice
from vantage.engine.session import apply

#: The command that gives every die to Vantage, as ``vantage play`` reads it from a command file.
VANTAGE_ROLLS_COMMAND = {"type": "table_dice"}


def vantage_rolls(encounter: Encounter) -> Encounter:
    """``encounter`` with every die rolled by Vantage (nobody's dice at the table)."""
    out, _events = apply(encounter, SetTableDice(), NoDice())
    return out
