"""The script PyInstaller freezes: the ``vantage`` command, exactly as ``python -m vantage.gui`` runs it."""

import sys

from vantage.gui.app import main

if __name__ == "__main__":
    sys.exit(main())
