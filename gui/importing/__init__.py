"""Importing maps in the GUI: the import dialog and the Qt image helpers."""
