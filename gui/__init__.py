"""Vantage's PySide6 program: the GM window, the players' view and the command line."""

if __name__ != "vantage.gui":  # the folder is only ever a part of the vantage package
    raise ImportError(f"import vantage.gui, not {__name__!r}: gui/ is installed as part of vantage")
