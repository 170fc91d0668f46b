"""The Creatures dock: the encounter's ruleset's creature templates, to drag onto the map.

Each entry is a template's name over a one-line summary from its stat block (its size and its first
numbers, in the ruleset's own words); the tooltip adds the ruleset's line about it. A filter box
narrows the list by name or summary; the list follows a ruleset change. Dragging an entry onto the
map — or double-clicking it (Enter does the same) — adds the creature: one ``AddToken`` with the
template's stat block and size, one undo step, its name numbered by the engine ("Ghoul 2") when
taken. Its side is the dock's choice (enemy unless the GM picks another, or "as the template
says"); it starts hidden when the editor's "New tokens start hidden from the players" is
ticked, whether or not the player window is open (it may open later). A double-click places it
beside the selected token, else at the middle of what the map view shows; a tile that is taken
moves it to the nearest free one. Below the ruleset's bestiary the dock lists the creatures of the
bundled samples played by the same ruleset, then the ones the GM saved from tokens ("Save to the
creature library" in a token's menu; right-click a saved one to take it out).

:func:`attach_creature_tools` gives a GM window the dock (under the Legend; Token ▸
Creature library, Ctrl+Shift+M, shows it) and the Token menu's Duplicate (Ctrl+D),
Picture… and Remove picture.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QEvent, QMimeData, QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QVBoxLayout,
    QWidget,
)

from vantage.engine.model import Side, Size, Tile
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import ruleset_name
from vantage.engine.rules.asking import ask_stat_schema, ask_templates
from vantage.engine.rules.base import Unanswered
from vantage.engine.rules.stat_schema import MISSING, CreatureTemplate, FieldKind, StatSchema, lookup
from vantage.gui.appdata.creature_store import (
    SAVED_PREFIX,
    CreatureStoreError,
    forget_creature,
    sample_creatures,
    save_creature,
    saved_creatures,
)
from vantage.gui.canvas.map_view import MapView
from vantage.gui.document import EncounterDocument, run_command
from vantage.gui.edit.tool import EditSettings
from vantage.gui.play.duplicate import DUPLICATE_SHORTCUT, duplicate_token, fresh_token_id, nearest_free_tile
from vantage.gui.play.token_picture import FORMATS, choose_picture, remove_picture, set_picture
from vantage.gui.workspace import ActionId, DockId, GmWorkspace, MenuId

CREATURE_MIME = "application/x-vantage-creature-template"
#: The side choice that keeps the template's own side.
TEMPLATE_SIDE = "as the template says"
#: How many numbers of the stat block the one-line summary names.
SUMMARY_NUMBERS = 4
LIBRARY_SHORTCUT = "Ctrl+Shift+M"


def template_summary(template: CreatureTemplate, schema: StatSchema | None) -> str:
    """One line from the stat block: ``"medium · Strength 6, Agility 7, Dexterity 5, Instinct 6"``
    (the schema's first numbers that the template sets, in the schema's order)."""
    numbers: list[str] = []
    for field in schema.fields if schema is not None else ():
        if len(numbers) == SUMMARY_NUMBERS:
            break
        value = lookup(template.stats, field.path)
        if value is MISSING or field.kind not in (FieldKind.INT, FieldKind.NUMBER):
            continue
        if isinstance(value, int | float) and not isinstance(value, bool):
            numbers.append(f"{field.title} {value:g}")
    return " · ".join([template.size, ", ".join(numbers)] if numbers else [template.size])


class TemplateList(QListWidget):
    """The templates, one a line; a drag carries the template's id as :data:`CREATURE_MIME`."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setDragEnabled(True)
        self.setDragDropMode(QListWidget.DragDropMode.DragOnly)

    def mimeTypes(self) -> list[str]:
        return [CREATURE_MIME]

    def mimeData(self, items: Sequence[QListWidgetItem]) -> QMimeData:
        data = QMimeData()
        if items:
            data.setData(CREATURE_MIME, QByteArray(str(items[0].data(Qt.ItemDataRole.UserRole)).encode()))
        return data


class CreatureLibrary(QWidget):
    """The dock's contents; :meth:`add_creature` is the one place a template becomes a token."""

    message = Signal(str)
    #: a creature was added from the library (its token id)
    added = Signal(str)

    def __init__(self, document: EncounterDocument, settings: EditSettings, parent: QWidget | None = None,
                 place_hint: Callable[[], Tile | None] = lambda: None) -> None:
        super().__init__(parent)
        self.document = document
        self.settings = settings
        #: where a double-click places a creature (beside the selection …; None: nowhere)
        self.place_hint = place_hint
        self.templates: dict[str, CreatureTemplate] = {}
        self._ruleset: str | None = None
        self.title = QLabel("")
        self.title.setWordWrap(True)
        self.filter_edit = QLineEdit()
        self.filter_edit.setPlaceholderText("filter: name or stat")
        self.filter_edit.setClearButtonEnabled(True)
        self.filter_edit.setToolTip("Show only the creatures whose name or summary contains this")
        self.side_box = QComboBox()
        for side in (Side.ENEMY.value, Side.PARTY.value, Side.NEUTRAL.value, TEMPLATE_SIDE):
            self.side_box.addItem(side)
        self.side_box.setToolTip("The side of the creatures added from the library")
        self.list = TemplateList()
        self.list.setAlternatingRowColors(True)
        self.list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.list.setWordWrap(True)  # a narrow dock wraps the summary instead of cutting it
        self.list.setSpacing(2)
        self.list.setToolTip("Drag a creature onto the map, or double-click it (Enter) to place it "
                             "beside the selected token or in the middle of the view")
        form = QFormLayout()
        form.addRow("Filter", self.filter_edit)
        form.addRow("Side", self.side_box)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.list, 1)
        self.filter_edit.textChanged.connect(self._apply_filter)
        self.list.itemActivated.connect(self._activated)
        document.changed.connect(self._follow_ruleset)
        self._follow_ruleset()

    # -- the list --------------------------------------------------------------------------
    def _follow_ruleset(self) -> None:
        ruleset = self.document.encounter.ruleset
        if ruleset != self._ruleset:
            self._ruleset = ruleset
            self.fill(ruleset)

    def fill(self, ruleset: str) -> None:
        """The ruleset's bestiary, then the samples' creatures, then the GM's saved ones."""
        schema = ask_stat_schema(ruleset)
        groups = (("", ask_templates(ruleset)), ("from the samples", sample_creatures(ruleset)),
                  ("saved by you", saved_creatures(ruleset)))
        templates = [t for _where, group in groups for t in group]
        self.templates = {t.id: t for t in templates}
        self.list.clear()
        name = ruleset_name(ruleset) or ruleset
        if not templates:
            self.title.setText(f"{name} has no creature templates")
            return
        self.title.setText(f"{name}: {len(templates)} creatures")
        for where, group in groups:
            for template in group:
                summary = template_summary(template, None if isinstance(schema, Unanswered) else schema)
                item = QListWidgetItem(f"{template.name}\n{summary}" + (f" · {where}" if where else ""))
                item.setData(Qt.ItemDataRole.UserRole, template.id)
                tip = f"{template.name} ({template.size}, {template.side} in the ruleset)"
                item.setToolTip(f"{tip}\n{template.help}" if template.help else tip)
                self.list.addItem(item)
        self._apply_filter(self.filter_edit.text())

    def refill(self) -> None:
        """Read the lists again (a creature was saved or forgotten)."""
        self.fill(self.document.encounter.ruleset)

    def _apply_filter(self, text: str) -> None:
        wanted = text.strip().casefold()
        for row in range(self.list.count()):
            item = self.list.item(row)
            item.setHidden(bool(wanted) and wanted not in item.text().casefold())

    def visible_names(self) -> list[str]:
        return [self.list.item(r).text().split("\n")[0] for r in range(self.list.count())
                if not self.list.item(r).isHidden()]

    def _activated(self, item: QListWidgetItem) -> None:
        self.add_creature(str(item.data(Qt.ItemDataRole.UserRole)), self.place_hint())

    # -- adding ----------------------------------------------------------------------------
    def side_for(self, template: CreatureTemplate) -> str:
        chosen = self.side_box.currentText()
        return template.side if chosen == TEMPLATE_SIDE else chosen

    def add_creature(self, template_id: str, near: Tile | None) -> str | None:
        """Add the template ``template_id`` at ``near`` (or the nearest free tile; None: the map's
        middle) as one undo step; the new token's id, or None (the reason in the status bar)."""
        from vantage.engine.protocol.gm_commands import AddToken
        template = self.templates.get(template_id)
        if template is None:
            self.message.emit(f"{template_id!r} is not a creature of this encounter's ruleset")
            return None
        encounter = self.document.encounter
        m = encounter.map
        start = near if near is not None else (m.width // 2, m.height // 2)
        tile = nearest_free_tile(encounter, start, Size(template.size).footprint)
        if tile is None:
            self.message.emit(f"No free tile on the map for a {template.name}")
            return None
        hidden = self.settings.hide_new_tokens  # open player window or not: an ambush never leaks
        add = AddToken(id=fresh_token_id(encounter, template.name), name=template.name, tile=tile,
                       side=self.side_for(template), size=template.size, hidden=hidden,
                       stats=_plain(template.stats))
        try:
            run_command(self.document, f"Add {template.name}", add)
        except CommandRejected as refused:
            self.message.emit(f"Add {template.name}: refused — {refused.reason}")
            return None
        token = self.document.encounter.token(add.id)
        hidden_words = " hidden from the players (H reveals it)" if hidden else ""
        self.message.emit(f"{token.name} added at {token.position}{hidden_words}")
        self.added.emit(add.id)
        return add.id


def _plain(value: Any) -> Any:
    """A template's stat block as plain dicts and lists (a template may hold mappings and tuples)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


def dropped_picture(data: QMimeData) -> Path | None:
    """The one local image file a drag from the file manager carries (by its name's ending), else None."""
    urls = data.urls() if data.hasUrls() else []
    if len(urls) != 1 or not urls[0].isLocalFile():
        return None
    path = Path(urls[0].toLocalFile())
    return path if path.suffix.lower().lstrip(".") in FORMATS else None


class CreatureDrops(QObject):
    """Accepts :data:`CREATURE_MIME` drags on the map view's viewport (the view itself takes only
    the editor palette's pictures) and hands the drop's tile to the library; an image file dragged
    from the file manager onto a token becomes its picture (as Picture… does)."""

    def __init__(self, view: MapView, library: CreatureLibrary) -> None:
        super().__init__(view)
        self.view = view
        self.library = library
        view.setAcceptDrops(True)
        view.viewport().setAcceptDrops(True)
        view.viewport().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.DragEnter, QEvent.Type.DragMove, QEvent.Type.Drop):
            return False
        if not isinstance(event, QDropEvent):  # QDragEnterEvent and QDragMoveEvent are QDropEvents too
            return False
        data = event.mimeData()
        picture = dropped_picture(data)
        if not data.hasFormat(CREATURE_MIME) and picture is None:
            return False
        if kind == QEvent.Type.Drop:
            if data.hasFormat(CREATURE_MIME):
                self.drop(bytes(data.data(CREATURE_MIME).data()).decode("utf-8"), event.position().toPoint())
            elif picture is not None:
                self.drop_picture(picture, event.position().toPoint())
        event.acceptProposedAction()
        return True

    def drop_picture(self, picture: Path, at: QPoint) -> str | None:
        """An image file from the file manager dropped at ``at``: the picture of the token there."""
        tile = self.view.tile_at(at)
        encounter = self.library.document.encounter
        token = next((t for t in encounter.tokens if tile in t.footprint_tiles()), None)
        if token is None:
            self.library.message.emit(f"Drop {picture.name} on a token to give it that picture")
            return None
        self.library.message.emit(set_picture(self.library.document, token.id, picture))
        return token.id

    def drop(self, template_id: str, at: QPoint) -> str | None:
        """A template dropped at the viewport point ``at``."""
        tile = self.view.tile_at(at)
        if tile is None:
            self.library.message.emit("Drop the creature on the map")
            return None
        return self.library.add_creature(template_id, tile)


class CreatureTools(QObject):
    """The dock, its drops and the Token menu's Duplicate and Picture… actions of one workspace."""

    def __init__(self, workspace: GmWorkspace, edit_settings: EditSettings) -> None:
        super().__init__(workspace)
        self.workspace = workspace
        self.edit_settings = edit_settings
        host = workspace.host
        self.library = CreatureLibrary(workspace.document, edit_settings, place_hint=self.place_hint)
        self.library.message.connect(workspace.say)
        self.library.list.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.library.list.customContextMenuRequested.connect(self._list_menu)
        self.drops = CreatureDrops(workspace.view, self.library)
        # keys go back to the map once a creature is placed: N, H, Q … act, never search the list
        self.library.list.itemActivated.connect(lambda _item: workspace.view.setFocus())
        # the left column under the legend (a few rows: the map's own terrain kinds)
        self.dock = workspace.add_dock(DockId.CREATURES, self.library, Qt.DockWidgetArea.LeftDockWidgetArea)
        toggle = self.dock.toggleViewAction()
        toggle.setStatusTip("Show or hide the Creatures panel: the ruleset's creatures to drag onto the map")
        toggle.setToolTip(toggle.statusTip())
        self.library_action = QAction("Creature &library", host)
        self.library_action.setShortcut(QKeySequence(LIBRARY_SHORTCUT))
        self.library_action.setToolTip("Show the ruleset's creatures, to drag onto the map or double-click "
                                       f"({LIBRARY_SHORTCUT})")
        self.library_action.triggered.connect(self.show_library)
        self.duplicate_action = QAction("&Duplicate", host)
        self.duplicate_action.setShortcut(QKeySequence(DUPLICATE_SHORTCUT))
        self.duplicate_action.setToolTip("Copy the selected token onto the nearest free tile: same "
                                         "stat block, side, size and picture, its name numbered "
                                         f"({DUPLICATE_SHORTCUT})")
        self.duplicate_action.triggered.connect(self.duplicate_selected)
        self.picture_action = QAction("&Picture…", host)
        self.picture_action.setToolTip("Give the selected token a picture from an image file (cropped "
                                       "round, stored in the encounter file)")
        self.picture_action.triggered.connect(self.picture_for_selected)
        self.save_action = QAction("&Save to the creature library", host)
        self.save_action.setToolTip("Keep the selected token's stat block, size and side in the "
                                    "Creatures dock, for any encounter of this ruleset")
        self.save_action.triggered.connect(lambda: self.workspace.say(self.save_to_library(self._selected())))
        self.remove_picture_action = QAction("Remove picture", host)
        self.remove_picture_action.setToolTip("Show the selected token's initials instead of its picture")
        self.remove_picture_action.triggered.connect(self.remove_selected_picture)
        workspace.actions.add_action(ActionId.CREATURE_LIBRARY, self.library_action)
        workspace.actions.add_action(ActionId.DUPLICATE, self.duplicate_action)
        host.addActions([self.picture_action, self.remove_picture_action, self.save_action])
        for action in (self.library_action, self.duplicate_action, self.picture_action,
                       self.remove_picture_action, self.save_action):
            action.setStatusTip(action.toolTip())
        token_menu = workspace.actions.find_menu(MenuId.TOKEN)
        if token_menu is not None:
            token_menu.addSeparator()
            token_menu.addActions([self.library_action, self.duplicate_action, self.save_action,
                                   self.picture_action, self.remove_picture_action])
        workspace.token_menu.add("copy-and-picture", self._add_copy_and_picture)

    def _list_menu(self, at: QPoint) -> None:
        """Right-click on a creature you saved: take it out of the library."""
        item = self.library.list.itemAt(at)
        template_id = str(item.data(Qt.ItemDataRole.UserRole)) if item is not None else ""
        if not template_id.startswith(SAVED_PREFIX):
            return
        menu = QMenu(self.library.list)
        forget = menu.addAction("Take out of the library")
        forget.triggered.connect(
            lambda _checked=False: self.workspace.say(self.forget_from_library(template_id)))
        menu.popup(self.library.list.viewport().mapToGlobal(at))

    def show_library(self) -> None:
        """Ctrl+Shift+M: the Creatures dock shown and in front of its tab group."""
        self.dock.show()
        self.dock.raise_()

    def _selected(self) -> str | None:
        return self.workspace.selection.token

    def place_hint(self) -> Tile | None:
        """Beside the selected token, else the tile in the middle of the view (None: off the map)."""
        selected = self._selected()
        if selected is not None:
            try:
                return self.workspace.document.encounter.token(selected).position
            except KeyError:
                pass
        view = self.workspace.view
        return view.tile_at(view.viewport().rect().center())

    def hide_new(self) -> bool:
        """Whether a new token starts hidden (the editor's option, whether or not the player
        window is open now: it may open later)."""
        return bool(self.edit_settings.hide_new_tokens)

    def duplicate(self, token_id: str | None) -> str:
        before = {t.id for t in self.workspace.document.encounter.tokens}
        words = duplicate_token(self.workspace.document, token_id, self.hide_new())
        for token in self.workspace.document.encounter.tokens:
            if token.id not in before:
                self.library.added.emit(token.id)
        return words

    def save_to_library(self, token_id: str | None) -> str:
        """Keep ``token_id``'s stat block, size and side in the GM's creature library."""
        if token_id is None:
            return "Select a token to save it to the creature library"
        document = self.workspace.document
        try:
            words = save_creature(document.encounter.ruleset, document.encounter.token(token_id))
        except (CreatureStoreError, KeyError) as refused:
            return f"Not saved to the creature library: {refused}"
        self.library.refill()
        return words

    def forget_from_library(self, template_id: str) -> str:
        """Take a saved creature out of the library (the bestiary's and the samples' stay)."""
        template = self.library.templates.get(template_id)
        if template is None or not template_id.startswith(SAVED_PREFIX):
            return "Only a creature you saved can be taken out of the library"
        try:
            words = forget_creature(self.workspace.document.encounter.ruleset, template.name)
        except CreatureStoreError as refused:
            return f"Not taken out: {refused}"
        self.library.refill()
        return words

    def duplicate_selected(self) -> None:
        self.workspace.say(self.duplicate(self._selected()))

    def picture_for_selected(self) -> None:
        self.workspace.say(choose_picture(self.workspace.document, self._selected(), self.workspace.host))

    def remove_selected_picture(self) -> None:
        selected = self._selected()
        self.workspace.say(remove_picture(self.workspace.document, selected) if selected
                           else "Select a token to remove its picture")

    def _add_copy_and_picture(self, menu: QMenu, token_id: str) -> None:
        """The token menu's Duplicate, Picture… and Remove picture for ``token_id`` (each one undo
        step; a duplicate starts hidden as a new token would)."""
        document = self.workspace.document
        copy = menu.addAction(f"Duplicate\t{DUPLICATE_SHORTCUT}")
        copy.setToolTip("A copy on the nearest free tile: same stat block, side, size and picture, "
                        "its name numbered")
        copy.triggered.connect(lambda _checked=False: self.workspace.say(self.duplicate(token_id)))
        keep = menu.addAction("Save to the creature library")
        keep.setToolTip("Keep this token's stat block, size and side in the Creatures dock, for "
                        "any encounter of this ruleset")
        keep.triggered.connect(lambda _checked=False: self.workspace.say(self.save_to_library(token_id)))
        picture = menu.addAction("Picture…")
        picture.setToolTip("Pick an image file: cropped round, stored in the encounter file")
        picture.triggered.connect(lambda _checked=False: self.workspace.say(
            choose_picture(document, token_id, menu.parentWidget())))
        if document.encounter.token(token_id).image:
            plain = menu.addAction("Remove picture")
            plain.setToolTip("Show the token's initials instead of its picture")
            plain.triggered.connect(
                lambda _checked=False: self.workspace.say(remove_picture(document, token_id)))


def attach_creature_tools(workspace: GmWorkspace, edit_settings: EditSettings) -> CreatureTools:
    """Give the GM workspace the Creatures dock (Token ▸ Creature library, Ctrl+Shift+M), drops of
    creatures on its map, the Token menu's Duplicate (Ctrl+D), Picture… and Remove picture, and
    the same three in a token's right-click menu. A workspace that has them gets the same ones back."""
    attached = workspace.findChild(CreatureTools)
    if isinstance(attached, CreatureTools):
        return attached
    return CreatureTools(workspace, edit_settings)
