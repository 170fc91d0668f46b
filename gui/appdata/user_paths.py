"""Where Vantage keeps the user's own files: settings, autosaves, recent files, screen calibration.

They live in the platform's user data folder, never inside the installed program (a bundle may be
read-only, is replaced on every upgrade, and on macOS is signed as a whole):

    Linux    ~/.local/share/Vantage          ($XDG_DATA_HOME/Vantage when set)
    macOS    ~/Library/Application Support/Vantage
    Windows  %LOCALAPPDATA%\\Vantage

``VANTAGE_USER_DIR`` overrides the folder (tests, portable installs on a USB stick). Every function
creates what it names on demand, so callers can open the path straight away.

The GM's own encounters are documents, not program data: a new or changed-sample encounter is saved
by default in a ``Vantage`` folder of the user's documents folder (:func:`documents_dir`;
``VANTAGE_DOCUMENTS_DIR`` overrides it).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import platformdirs

APP_NAME = "Vantage"
OVERRIDE_VARIABLE = "VANTAGE_USER_DIR"
DOCUMENTS_VARIABLE = "VANTAGE_DOCUMENTS_DIR"


class UserDataInsideBundleError(RuntimeError):
    """The user data folder would be inside the installed program, where it must never be."""


def user_data_dir() -> Path:
    """The folder for all of the user's own Vantage files, created if missing."""
    override = os.environ.get(OVERRIDE_VARIABLE, "").strip()
    folder = (
        Path(override).expanduser()
        if override
        else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    )
    folder = folder.resolve()
    _refuse_inside_bundle(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def documents_dir() -> Path:
    """The folder where the GM's encounters go by default: ``Vantage`` in the user's documents
    folder (``~/Documents/Vantage``; ``VANTAGE_DOCUMENTS_DIR`` when set), created if missing. Where it
    cannot be made, or would be inside the installed program, the home folder."""
    override = os.environ.get(DOCUMENTS_VARIABLE, "").strip()
    try:
        folder = (Path(override).expanduser() if override
                  else Path(platformdirs.user_documents_dir()) / APP_NAME).resolve()
        _refuse_inside_bundle(folder)
        folder.mkdir(parents=True, exist_ok=True)
    except (OSError, RuntimeError):
        return Path.home()
    return folder


def autosave_dir() -> Path:
    """The folder of rotating autosaves and crash-recovery files, created if missing."""
    return _subdir("autosave")


def settings_path() -> Path:
    """The settings file (JSON); its folder exists, the file itself may not yet."""
    return user_data_dir() / "settings.json"


def recent_files_path() -> Path:
    """The list of recently opened encounters (JSON); its folder exists, the file may not yet."""
    return user_data_dir() / "recent-files.json"


def calibration_dir() -> Path:
    """The folder of per-screen physical-scale calibrations, created if missing."""
    return _subdir("calibration")


def describe() -> str:
    """Where each kind of user file lives, one per line, for the help screen and bug reports."""
    return "\n".join(
        [
            f"user data     {user_data_dir()}",
            f"settings      {settings_path()}",
            f"recent files  {recent_files_path()}",
            f"autosaves     {autosave_dir()}",
            f"calibration   {calibration_dir()}",
        ]
    )


def bundle_roots() -> list[Path]:
    """The folders that make up the installed program when running frozen (empty from source)."""
    if not getattr(sys, "frozen", False):
        return []
    executable_dir = Path(sys.executable).resolve().parent
    roots = [executable_dir]
    contents = executable_dir.parent
    if contents.name == "Contents" and contents.parent.suffix == ".app":
        roots.append(contents.parent)  # the whole macOS application bundle
    meipass = getattr(sys, "_MEIPASS", None)
    if meipass:
        roots.append(Path(meipass).resolve())
    return roots


def _subdir(name: str) -> Path:
    folder = user_data_dir() / name
    folder.mkdir(exist_ok=True)
    return folder


def _refuse_inside_bundle(folder: Path) -> None:
    for root in bundle_roots():
        if folder == root or folder.is_relative_to(root):
            raise UserDataInsideBundleError(
                f"the user data folder {folder} is inside the installed program at {root}; "
                f"set {OVERRIDE_VARIABLE} to a folder outside it"
            )
