"""What the GM has selected: one token and one area template, each or both None.

The selection is view state, not game state: it is not saved and not undone. It follows the
document, though: a token or template that a command (or an undo) takes off the map is no longer
selected, and the selection says so with its signal before any panel redraws.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from vantage.gui.document import EncounterDocument


class Selection(QObject):
    """The selected token and template of one GM workspace, with a signal for each."""

    #: the selected token's id, or None
    token_changed = Signal(object)
    #: the selected template's id, or None
    template_changed = Signal(object)

    def __init__(self, document: EncounterDocument, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._document = document
        self._token: str | None = None
        self._template: str | None = None
        document.changed.connect(self._drop_vanished)

    @property
    def token(self) -> str | None:
        return self._token

    @property
    def template(self) -> str | None:
        return self._template

    def select_token(self, token_id: str | None) -> None:
        if token_id != self._token:
            self._token = token_id
            self.token_changed.emit(token_id)

    def select_template(self, template_id: str | None) -> None:
        if template_id != self._template:
            self._template = template_id
            self.template_changed.emit(template_id)

    def clear(self) -> None:
        self.select_token(None)
        self.select_template(None)

    def _drop_vanished(self) -> None:
        encounter = self._document.encounter
        if self._token is not None and all(t.id != self._token for t in encounter.tokens):
            self.select_token(None)
        if self._template is not None and all(t.id != self._template for t in encounter.templates):
            self.select_template(None)
