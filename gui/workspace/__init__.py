"""The GM workspace: the one owner of what the GM sees (see :mod:`vantage.gui.workspace.workspace`)."""

from vantage.gui.workspace.action_registry import ActionId, ActionRegistry, MenuId
from vantage.gui.workspace.hover import Hover
from vantage.gui.workspace.overlays_shown import OverlaysShown
from vantage.gui.workspace.selection import Selection
from vantage.gui.workspace.token_menu import TokenMenuSections
from vantage.gui.workspace.tool_manager import MouseTool, ToolManager
from vantage.gui.workspace.workspace import DockId, GmWorkspace, ToolbarId

__all__ = [
    "ActionId", "ActionRegistry", "DockId", "GmWorkspace", "Hover", "MenuId", "MouseTool", "OverlaysShown",
    "Selection", "TokenMenuSections", "ToolManager", "ToolbarId",
]
