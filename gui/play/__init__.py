"""Play mode: the drag tool, the attack menu, the turn tracker, the token panel, the combat log and
the tactics and path overlays."""
