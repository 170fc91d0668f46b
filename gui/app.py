"""The ``vantage`` command: the GM window, or one of the headless subcommands.

    vantage                      open the GM window on the first sample encounter
    vantage FILE                 open FILE in the GM window
    vantage check FILE...        validate encounter files, print every problem (exit 1 on any)
    vantage play ENC --commands CMDS [--seed N | --dice SCRIPT]   run commands headless
    vantage import MAP -o ENC    import a Universal VTT / Tiled map / image as an encounter
    vantage campaign ACTION DIR  campaigns headless: new, show, add-character, rest, answer, journal
    vantage play ENC --commands CMDS --campaign DIR   the campaign's party brought in and returned
    vantage simulate ENC --fights N [--seed S] [--jobs J] [--json]   the odds of a fight, played N times
    vantage serve ENC --port N   share ENC with the players' devices (phones, a TV) on the network
    vantage --self-test          load and render every sample offscreen; exit 0 only if all worked

Each subcommand lives in its own module under ``vantage.gui.cli`` with ``run(argv) -> int``; headless
ones (check, play, import, campaign) do not import Qt, so they start fast and run without a screen. That is
why every subcommand, the self-test and the GM window are imported only once they are asked for.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

from vantage.gui.cli import write_utf8_everywhere

SUBCOMMANDS: dict[str, str] = {
    "check": "vantage.gui.cli.check",
    "play": "vantage.gui.cli.play",
    "import": "vantage.gui.cli.import_map",
    "campaign": "vantage.gui.cli.campaign",
    "simulate": "vantage.gui.cli.simulate",
    "serve": "vantage.gui.cli.serve",
}


def reader_gone() -> int:
    """The reader of the standard output closed it (``vantage simulate … | head``): stop quietly
    with exit code 1, as other command-line tools do, instead of a traceback. What Python still
    holds to flush goes nowhere (the standard output is pointed at the null device)."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor behind the standard output
        pass
    return 1


def main(argv: list[str] | None = None) -> int:
    write_utf8_everywhere()  # every message, in every subcommand, is UTF-8 on every system
    # a frozen program started as a worker process of the simulator runs that worker, not Vantage
    # (only a frozen program can be one: elsewhere freeze_support does nothing, and multiprocessing,
    # with pickle, socket and selectors, would load for nothing before the first frame: issue 32)
    if getattr(sys, "frozen", False):
        import multiprocessing

        multiprocessing.freeze_support()
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        module = importlib.import_module(SUBCOMMANDS[args[0]])
        try:
            return int(module.run(args[1:]))
        except BrokenPipeError:
            return reader_gone()
    if args and args[0] in ("-h", "--help"):
        print(__doc__)
        return 0
    if args and args[0] == "--version":
        from importlib.metadata import version

        print(f"vantage {version('vantage')}")
        return 0
    if args and args[0] == "--self-test":
        from vantage.gui.cli import self_test

        return int(self_test.run(args[1:]))
    # the GM window makes ~90 dataclasses before it is complete: their methods' code from the cache
    # of the last runs, not compiled again (3.11 and 3.12 only; issue 32)
    from vantage.gui.appdata import dataclass_code

    dataclass_code.install()
    import_without_pyside_features()
    if args:  # the file's background picture decodes while the rest loads (gui/gm/early_picture.py)
        from vantage.gui.gm.early_picture import decode_background_early

        decode_background_early(Path(args[0]))
    from vantage.gui.gm import launch

    return int(launch.run(args))


def import_without_pyside_features() -> bool:
    """Load PySide6's binding layer, then give imports back PySide6's own importer without its
    ``__feature__`` step; True when that step was taken out.

    Importing shiboken6 replaces ``builtins.__import__`` with PySide's ``__feature_import__``: every
    import statement then runs Python code, and every module imported for the first time has its
    whole source read (``inspect.getsource``) to look for the word "PySide6" — for the opt-in
    ``from __feature__ import snake_case, true_property``. Vantage opts into no feature (a test
    checks no module does), so that step only costs: about a tenth of the GM window's imports
    (issue 32, start-up). The importer PySide6 keeps underneath (``builtins.__orig_import__``) is
    left as it is. A PySide6 without these names keeps its hook."""
    import builtins

    import shiboken6  # noqa: F401 - puts the hook in place (once per process)

    hook = getattr(builtins, "__feature_import__", None)
    underneath = getattr(builtins, "__orig_import__", None)
    if hook is None or underneath is None or builtins.__import__ is not hook:
        return False
    builtins.__import__ = underneath
    return True


if __name__ == "__main__":
    sys.exit(main())
