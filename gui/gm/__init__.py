"""The GM window: the main window, its actions, menus and toolbar, files, autosave and help."""
