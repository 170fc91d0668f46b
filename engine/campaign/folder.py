"""A campaign on disk: a folder the GM can see, copy and back up::

    My campaign/
      campaign.json        the campaign (docs/file-format.md, "campaign.json")
      encounters/          its encounter files
      pictures/            the pictures its encounters and characters use

Every file is written atomically with a backup (:func:`~vantage.engine.fileformat.storage.write_atomically`).
New campaigns go under the user's documents folder by default (:func:`default_campaigns_folder`).
"""

from __future__ import annotations

import re
import shutil
from dataclasses import replace
from pathlib import Path

from vantage.engine.campaign.codec import CampaignFileError, dumps_campaign, loads_campaign
from vantage.engine.campaign.folder_names import CAMPAIGN_FILE, ENCOUNTERS, PICTURES
from vantage.engine.campaign.model import Campaign, EncounterEntry, EncounterStatus
from vantage.engine.fileformat import EncounterFileError, Problem, load_encounter, save_encounter
from vantage.engine.fileformat.storage import read_encounter_bytes, write_atomically
from vantage.engine.rules import UnknownRuleset, get_ruleset
from vantage.engine.rules.stat_problems import stat_block_problems


def default_campaigns_folder() -> Path:
    """Where new campaigns go by default: ``Vantage campaigns`` in the user's documents folder."""
    import platformdirs

    return Path(platformdirs.user_documents_dir()) / "Vantage campaigns"


def folder_name(name: str) -> str:
    """A folder name for a campaign called ``name`` (characters no file system takes removed)."""
    cleaned = re.sub(r'[<>:"/\\|?*\x00-\x1f]', "", name).strip(" .")
    return cleaned or "Campaign"


def campaign_file(folder: str | Path) -> Path:
    return Path(folder) / CAMPAIGN_FILE


def new_campaign(folder: str | Path, ruleset: str, name: str = "") -> Campaign:
    """Make the campaign folder (with ``encounters/`` and ``pictures/``) and its ``campaign.json``.
    ValueError (nothing written) when the ruleset is unknown or the folder already holds a campaign."""
    try:
        get_ruleset(ruleset)
    except UnknownRuleset as exc:
        raise ValueError(str(exc)) from None
    root = Path(folder)
    if campaign_file(root).exists():
        raise ValueError(f"{root} already holds a campaign ({CAMPAIGN_FILE}); open it instead")
    if root.exists() and not root.is_dir():
        raise ValueError(f"{root} is a file, not a folder")
    campaign = Campaign(name=name.strip() or root.name or "Campaign", ruleset=ruleset)
    root.mkdir(parents=True, exist_ok=True)
    (root / ENCOUNTERS).mkdir(exist_ok=True)
    (root / PICTURES).mkdir(exist_ok=True)
    save_campaign(campaign, root)
    return campaign


def load_campaign(folder: str | Path) -> Campaign:
    """The campaign in ``folder``; CampaignFileError listing every problem of its campaign.json."""
    path = campaign_file(folder)
    try:
        raw = read_encounter_bytes(path)
    except EncounterFileError as exc:
        problems = exc.problems
        if not path.exists():
            problems = (Problem("", f"there is no {CAMPAIGN_FILE} in {Path(folder)}: not a campaign folder"),)
        raise CampaignFileError(problems, path=str(path)) from None
    return loads_campaign(raw, str(path))


def save_campaign(campaign: Campaign, folder: str | Path) -> list[str]:
    """Write ``campaign.json`` atomically (the old one kept as ``campaign.json.bak``); the notes of
    what went less well come back. It is read back first: what would not load again is refused."""
    text = dumps_campaign(campaign)
    loads_campaign(text, str(campaign_file(folder)))
    return write_atomically(text.encode("utf-8"), campaign_file(folder), what="the campaign")


def encounter_path(folder: str | Path, entry: EncounterEntry) -> Path:
    return Path(folder) / Path(*entry.file.split("/"))


def add_encounter_file(campaign: Campaign, folder: str | Path, source: str | Path,
                       name: str = "") -> Campaign:
    """Copy the encounter file ``source`` (and its background picture) into the campaign folder and
    list it, prepared, last. The picture goes to ``pictures/`` and the copy points there; the source
    and its folder are never written. EncounterFileError when ``source`` is not a valid encounter."""
    root = Path(folder)
    encounter = load_encounter(source)
    stem = folder_name(Path(source).stem)
    target = root / ENCOUNTERS / f"{stem}.json"
    n = 2
    while target.exists() or any(e.file == f"{ENCOUNTERS}/{target.name}" for e in campaign.encounters):
        target = root / ENCOUNTERS / f"{stem} {n}.json"
        n += 1
    background = encounter.map.background
    if background is not None:
        picture = Path(background.path)
        if not picture.is_absolute():
            picture = Path(source).parent / picture
        if picture.is_file():
            (root / PICTURES).mkdir(exist_ok=True)
            copied = root / PICTURES / picture.name
            if not copied.exists():
                shutil.copy2(picture, copied)
            encounter = replace(encounter, map=replace(encounter.map, background=replace(
                background, path=f"../{PICTURES}/{picture.name}")))
    target.parent.mkdir(parents=True, exist_ok=True)
    save_encounter(encounter, target, keep_backup=False)
    entry = EncounterEntry(f"{ENCOUNTERS}/{target.name}", name or encounter.name or stem)
    return replace(campaign, encounters=(*campaign.encounters, entry))


def set_encounter_status(campaign: Campaign, file: str, status: EncounterStatus) -> Campaign:
    """The campaign with the encounter ``file`` marked prepared, running or finished."""
    if not any(e.file == file for e in campaign.encounters):
        raise KeyError(f"the campaign lists no encounter {file!r}")
    return replace(campaign, encounters=tuple(replace(e, status=status) if e.file == file else e
                                              for e in campaign.encounters))


def move_encounter(campaign: Campaign, file: str, to: int) -> Campaign:
    """The campaign with the encounter ``file`` moved to place ``to`` of its order (0 = first)."""
    entries = list(campaign.encounters)
    index = next((i for i, e in enumerate(entries) if e.file == file), None)
    if index is None:
        raise KeyError(f"the campaign lists no encounter {file!r}")
    entry = entries.pop(index)
    entries.insert(max(0, min(to, len(entries))), entry)
    return replace(campaign, encounters=tuple(entries))


def validate_campaign_folder(folder: str | Path) -> list[Problem]:
    """Every problem of the campaign in ``folder``: its campaign.json, then each encounter it lists
    (missing, not valid, another ruleset's), each problem's place naming the file."""
    try:
        campaign = load_campaign(folder)
    except CampaignFileError as exc:
        return list(exc.problems)
    problems: list[Problem] = []
    for i, entry in enumerate(campaign.encounters):
        path = encounter_path(folder, entry)
        place = f"encounters[{i}] ({entry.file})"
        if not path.is_file():
            problems.append(Problem(place, "the file is missing from the campaign folder"))
            continue
        try:
            encounter = load_encounter(path)
        except EncounterFileError as exc:
            problems.extend(Problem(f"{place}: {p.place}" if p.place else place, p.message)
                            for p in exc.problems)
            continue
        if encounter.ruleset != campaign.ruleset:
            problems.append(Problem(place, f"plays {encounter.ruleset}, and the campaign plays "
                                           f"{campaign.ruleset}"))
        problems.extend(Problem(f"{place}: {where}", message)
                        for where, message in stat_block_problems(encounter))
    return problems
