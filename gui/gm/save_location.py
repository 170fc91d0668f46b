"""Where an encounter is saved, and what the window's title calls it.

* **Shipped files are read-only.** A file inside the installed program (a bundled sample in
  ``maps/``, or anything else in the package's or the bundle's folder: :func:`is_shipped`) is never
  written: Save goes through Save as, and Save as refuses a place inside the install.
* **Where a new file goes.** :func:`default_folder` is the one place that decides: the open
  campaign's folder when there is one, else ``Vantage`` in the user's documents folder.
* **Save as starts** beside the current file, or in that default folder for a sample or an unsaved
  encounter, with the encounter's own name as the file name (made safe by
  :func:`vantage.gui.appdata.file_names.file_name_for`), never ``encounter.json`` in the working
  folder (:func:`save_as_start`).
* **The title** names the file, not the map's internal name (:func:`window_title`).

No Qt here: the GM window and its tests call these with plain values.
"""

from __future__ import annotations

from pathlib import Path

from vantage.gui.appdata.file_names import file_name_for, free_path
from vantage.gui.appdata.resources import is_inside_install
from vantage.gui.appdata.user_paths import documents_dir


def is_shipped(path: Path | None) -> bool:
    """Whether ``path`` is a file of the installed program (a bundled sample): never written."""
    return path is not None and is_inside_install(path)


def default_folder(campaign: Path | None = None) -> Path:
    """The folder a new file is saved in by default: the open ``campaign``'s folder, else the
    documents folder's ``Vantage`` (created if missing)."""
    if campaign is not None and not is_inside_install(campaign):
        return campaign
    return documents_dir()


def save_as_start(current: Path | None, encounter_name: str, campaign: Path | None = None,
                  came_from: Path | None = None) -> Path:
    """Where Save as starts: beside ``current`` (a file of the GM's) or in :func:`default_folder`
    (a sample, an unsaved encounter), named after the encounter (a free name, unless it is the
    current file itself). Unsaved work that ``came_from`` a file of the GM's (a recovered autosave)
    starts beside that file."""
    beside = current if current is not None else came_from
    fallback = beside.stem if beside is not None else "Untitled"
    name = file_name_for(encounter_name, fallback)
    if current is not None and not is_shipped(current) and current.name == name:
        return current
    if beside is not None and not is_shipped(beside):
        return free_path(beside.parent, name)
    return free_path(default_folder(campaign), name)


def window_title(path: Path | None, encounter_name: str, modified: bool, campaign: str | None = None) -> str:
    """The GM window's title: the file's name (a sample says so), or the encounter's name while it
    is not saved yet; ``*`` when changed since; then the campaign, when one is open."""
    if path is None:
        label = f"{encounter_name or 'Untitled'} (not saved)"
    elif is_shipped(path):
        label = f"{path.name} (sample, read-only)"
    else:
        label = path.name
    star = "*" if modified else ""
    parts = [f"{label}{star}", *([campaign] if campaign else []), "Vantage"]
    return " — ".join(parts)
