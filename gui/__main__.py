import sys

from vantage.gui.app import main

sys.exit(main())
