"""More sections for a token's right-click menu, added by the workspace's add-ons.

The token menu (:mod:`vantage.gui.play.attack_menu`) lists the attacker's options, the target's own
actions and the GM's; an add-on adds a section of its own here, under a key (the turn order's "Add
to combat", the creature tools' Duplicate and Picture…). Adding under a key that is there already
replaces it, so attaching an add-on twice adds its section once.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QMenu

#: ``section(menu, token_id)`` adds its entries for ``token_id`` to ``menu``
MenuSection = Callable[[QMenu, str], None]


class TokenMenuSections:
    """The extra sections of the token menu, in the order they were first added."""

    def __init__(self) -> None:
        self._sections: dict[str, MenuSection] = {}

    def add(self, key: str, section: MenuSection) -> None:
        self._sections[key] = section

    def fill(self, menu: QMenu, token_id: str) -> None:
        for section in self._sections.values():
            section(menu, token_id)

    def __contains__(self, key: object) -> bool:
        return key in self._sections
