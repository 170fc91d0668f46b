"""The script PyInstaller freezes: the ``vantage`` command, exactly as ``python -m gui`` runs it."""

import sys

from gui.app import main

if __name__ == "__main__":
    sys.exit(main())
