"""Command-line entry points of ``vantage``. Headless subcommands never import Qt."""

from __future__ import annotations

import sys
from typing import TextIO


def write_utf8(stream: TextIO) -> None:
    """Make ``stream`` write UTF-8 with ``\\n`` line ends, whatever the console or pipe asked for.

    On Windows a pipe or a file gets the ANSI code page (cp1252: "—" comes out as one byte 0x97,
    "→" cannot be written at all) and ``\\r\\n``; a POSIX terminal under the C locale gets ASCII.
    Vantage's output is the same bytes on every system instead: what ``vantage play --text``
    prints is its golden log byte for byte. The stream's error handler is kept (stderr escapes
    what cannot be written). A stream that cannot be reconfigured (a test's ``StringIO``) is left
    as it is.
    """
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:
        return
    try:
        reconfigure(encoding="utf-8", errors=getattr(stream, "errors", None) or "strict", newline="\n")
    except (ValueError, OSError):  # a closed stream, or one that cannot change any more
        return


def write_utf8_everywhere() -> None:
    """Standard output and standard error write UTF-8 (see :func:`write_utf8`)."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            write_utf8(stream)
