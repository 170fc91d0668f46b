"""File names Vantage offers: a name of the GM's (an encounter's) made safe on every system, and
a free name in a folder. No Qt here."""

from __future__ import annotations

import re
from pathlib import Path

#: Characters no file name may hold on one of the systems Vantage runs on (Windows is the strictest).
_FORBIDDEN = re.compile(r'[<>:"/\\|?*\x00-\x1f\x7f]')
#: Names Windows keeps for devices, whatever the extension ("CON.json" cannot be created there).
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{n}" for n in range(1, 10)),
             *(f"lpt{n}" for n in range(1, 10))}
#: The longest file name suggested, before ".json" (file systems allow 255 bytes).
MAX_NAME = 100


def file_name_for(encounter_name: str, fallback: str = "Untitled", suffix: str = ".json") -> str:
    """``encounter_name`` as a file name every system accepts, ending in ``suffix``: characters a
    system forbids become spaces, runs of spaces one, no leading or trailing dot or space, at most
    :data:`MAX_NAME` characters, a Windows device name (``CON``) suffixed; empty: ``fallback``."""
    name = " ".join(_FORBIDDEN.sub(" ", encounter_name).split())
    name = name[:MAX_NAME].strip(" .")
    if not name:
        name = fallback
    if name.split(".")[0].lower() in _RESERVED:
        name += " encounter"
    return f"{name}{suffix}"


def free_path(folder: Path, file_name: str) -> Path:
    """``folder / file_name``, or ``NAME 2.json``, ``NAME 3.json`` … when it is taken."""
    candidate = folder / file_name
    stem, suffix = candidate.stem, candidate.suffix
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem} {number}{suffix}"
        number += 1
    return candidate
