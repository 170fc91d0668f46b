"""The campaign open in a GM window, and the one place the rest of the program asks about it.

A :class:`CampaignHolder` keeps the campaign's folder and its value (a frozen
:class:`~vantage.engine.campaign.Campaign`); every change goes through :meth:`CampaignHolder.update`,
which writes ``campaign.json`` and keeps the value it replaces, so Campaign ▸ Undo puts the roster,
the clock and the journal back as they were (and writes that). The encounter's own changes (the
party brought in or sent back) are undone by the encounter's Edit ▸ Undo, as every command.

Code outside the campaign package asks :func:`current_campaign_folder` (the folder of the campaign
open now, or None) and :func:`current_encounters_folder` (where a new encounter file of the campaign
goes: its ``encounters/`` folder) — e.g. the default folder of Save as. The campaign opened last
in this process and still open is the current one.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject, Signal

import vantage.engine.campaign as campaigns
from vantage.engine.campaign.folder_names import ENCOUNTERS

#: How many earlier campaign values Campaign ▸ Undo can go back through.
MOST_UNDO = 50

#: Every holder of this process, the one that opened a campaign last at the end.
_HOLDERS: list[weakref.ReferenceType[CampaignHolder]] = []


@dataclass(frozen=True)
class Step:
    """One change of the campaign: its name ("Return the party") and the value before it."""

    name: str
    before: campaigns.Campaign


class CampaignHolder(QObject):
    """The campaign of one GM window (none open: ``campaign`` is None)."""

    #: the campaign was opened, closed or changed
    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.folder: Path | None = None
        self.campaign: campaigns.Campaign | None = None
        self._undo: list[Step] = []
        _HOLDERS.append(weakref.ref(self))

    @property
    def is_open(self) -> bool:
        return self.campaign is not None and self.folder is not None

    def open(self, folder: Path, campaign: campaigns.Campaign) -> None:
        """Show the campaign of ``folder`` (read already): a fresh undo list."""
        self.folder, self.campaign = Path(folder), campaign
        self._undo.clear()
        _HOLDERS[:] = [r for r in _HOLDERS if r() is not None and r() is not self] + [weakref.ref(self)]
        self.changed.emit()

    def encounters_folder(self) -> Path | None:
        """Where a new encounter of this holder's campaign goes (its ``encounters/``), or None."""
        return self.folder / ENCOUNTERS if self.is_open and self.folder is not None else None

    def close(self) -> None:
        self.folder, self.campaign = None, None
        self._undo.clear()
        self.changed.emit()

    def update(self, campaign: campaigns.Campaign, name: str) -> list[str]:
        """Write ``campaign`` as the campaign (one undo step ``name``); the save's notes. OSError or
        ValueError (nothing changed) when it cannot be written."""
        if self.campaign is None or self.folder is None:
            raise ValueError("no campaign is open")
        notes = campaigns.save_campaign(campaign, self.folder)
        self._undo.append(Step(name, self.campaign))
        del self._undo[:-MOST_UNDO]
        self.campaign = campaign
        self.changed.emit()
        return notes

    def undo_name(self) -> str | None:
        """The name of the change Campaign ▸ Undo takes back (None: nothing to undo)."""
        return self._undo[-1].name if self._undo else None

    def undo(self) -> str | None:
        """Put the campaign back as it was before its last change (written); that change's name."""
        if not self._undo or self.folder is None:
            return None
        step = self._undo[-1]
        campaigns.save_campaign(step.before, self.folder)
        self._undo.pop()
        self.campaign = step.before
        self.changed.emit()
        return step.name


def current_holder() -> CampaignHolder | None:
    """The holder whose campaign was opened last and is still open."""
    for ref in reversed(_HOLDERS):
        holder = ref()
        if holder is not None and holder.is_open:
            return holder
    return None


def current_campaign_folder() -> Path | None:
    """The folder of the campaign open now (None when no campaign is open)."""
    holder = current_holder()
    return holder.folder if holder is not None else None


def current_encounters_folder() -> Path | None:
    """Where a new encounter of the campaign open now goes (its ``encounters/`` folder), or None."""
    holder = current_holder()
    return holder.encounters_folder() if holder is not None else None
