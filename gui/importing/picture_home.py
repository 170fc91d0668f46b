"""Where the picture of an imported map is kept (issue 30 item 7: "the import writes a PNG beside the
source map — store it with the encounter instead … never beside the source map, never overwriting;
keep one function that decides where an imported picture goes").

:func:`picture_home` is that one function. An import opens an encounter that has no file yet, so its
picture waits in the user's ``imported-pictures/`` folder; when the GM saves the encounter,
:func:`keep_with_encounter` copies it beside the encounter file, named after it (``fight.json`` →
``fight.png``), and the saved file names it by file name, so the encounter and its picture travel
together. ``vantage import -o fight.json`` writes it there straight away. A name already taken
gets ``-2``, ``-3`` … (the very same picture already there is shared), so nothing is overwritten.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from vantage.engine.importers.open_map import is_plain_image
from vantage.engine.model import Encounter
from vantage.gui.appdata.user_paths import user_data_dir
from vantage.gui.importing.images import picture_target, write_picture

#: The user's folder where imported pictures wait until their encounter is saved.
WAITING_FOLDER = "imported-pictures"


def waiting_folder() -> Path:
    return user_data_dir() / WAITING_FOLDER


def picture_home(source: Path, encounter_path: Path | None = None,
                 pictures: Path | None = None) -> tuple[Path, str]:
    """The folder and the file name (without its suffix) of the picture imported from ``source``:
    beside the encounter file, named after it, once it has one; else in ``pictures`` (a campaign's
    pictures folder) when given; until then the user's waiting folder, named after the source map.
    Never the source map's folder by itself."""
    if encounter_path is not None:
        return encounter_path.parent, encounter_path.stem
    # never the name of a picture the GM may have beside the map (Dungeondraft exports cave.png and
    # cave.dd2vtt side by side): a plain picture's shrunk copy is NAME-scaled, a map's NAME-background
    stem = f"{source.stem}-{'scaled' if is_plain_image(source) else 'background'}"
    return (pictures if pictures is not None else waiting_folder()), stem


def is_waiting(picture: Path) -> bool:
    """Is ``picture`` an imported picture still waiting for its encounter to be saved?"""
    try:
        return picture.resolve().parent == waiting_folder().resolve()
    except OSError:
        return False


def keep_with_encounter(encounter: Encounter, path: Path) -> Encounter:
    """The encounter as it is saved to ``path``: a background picture still waiting in the user's
    folder is copied beside ``path`` (:func:`picture_home`) and named there by its file name;
    anything else is left as it is. OSError names the picture when it cannot be copied (the save
    then stops, with the old file intact)."""
    background = encounter.map.background
    if background is None or not Path(background.path).is_absolute():
        return encounter
    picture = Path(background.path)
    if not is_waiting(picture) or not picture.is_file():
        return encounter
    folder, stem = picture_home(picture, path)
    data = picture.read_bytes()
    target = picture_target(folder / f"{stem}{picture.suffix}", data, "new_name")
    if not target.exists():
        write_picture(target, data)
    return encounter.with_map(replace(encounter.map, background=replace(background, path=target.name)))
