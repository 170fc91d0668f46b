"""Encounters to and from the plain dicts of the file format.

:func:`encounter_from_dict` validates *everything* and raises one :class:`EncounterFileError`
listing every problem with its place; it never executes anything from the data. A file names the
ruleset it is played by: none is assumed. A file whose only problem is that it names none raises
:class:`RulesetMissing`, so that the GM can be asked and the file read with the answer
(``chosen_ruleset``).
"""

from __future__ import annotations

from typing import Any

from vantage.engine.fileformat.decode_map import MAX_MAP_SIDE, decode_map
from vantage.engine.fileformat.decode_tokens import decode_tokens
from vantage.engine.fileformat.encode import encode_encounter
from vantage.engine.fileformat.fields import (
    check_object,
    check_plain_data,
    is_number,
    read_list,
    read_str,
    report_repeated_keys,
)
from vantage.engine.fileformat.log_section import decode_log
from vantage.engine.fileformat.migrate import migrate
from vantage.engine.fileformat.problems import (
    EncounterFileError,
    Problem,
    ProblemLog,
    RulesetMissing,
    kind_of,
    ruleset_missing,
    show,
)
from vantage.engine.fileformat.templates_section import decode_templates
from vantage.engine.model import FORMAT_NAME, FORMAT_VERSION, Encounter
from vantage.engine.ruleset_index import ruleset_ids

_NOT_AN_ENCOUNTER = f'this is not a Vantage encounter file (it needs "format": "{FORMAT_NAME}")'


def encounter_to_dict(enc: Encounter) -> dict[str, Any]:
    """The file dict of ``enc``; EncounterFileError if it cannot be written as a valid file."""
    try:
        data = encode_encounter(enc)
    except ValueError as exc:
        raise EncounterFileError([Problem("map.terrain", str(exc))], path="the encounter to save") from exc
    log = ProblemLog()
    _decode(data, log)
    if log:
        raise EncounterFileError(log.problems, path="the encounter to save")
    return data


def encounter_from_dict(
    data: object, source: str = "<data>", *, chosen_ruleset: str | None = None
) -> Encounter:
    """The encounter in ``data`` (parsed JSON); EncounterFileError listing every problem.

    ``chosen_ruleset``: the ruleset the GM chose for data that names none (a ``ruleset`` in the
    data wins). Without it such data raises :class:`RulesetMissing` when that is its only problem.
    """
    log = ProblemLog()
    encounter = _decode(data, log, chosen_ruleset)
    if log.problems == (ruleset_missing(ruleset_ids()),):
        raise RulesetMissing(log.problems, path=source)
    if log or encounter is None:
        raise EncounterFileError(log.problems, path=source)
    return encounter


def _decode(data: object, log: ProblemLog, chosen_ruleset: str | None = None) -> Encounter | None:
    if not isinstance(data, dict):
        log.add("", f"the file holds {kind_of(data)}, not an encounter; {_NOT_AN_ENCOUNTER}")
        return None
    report_repeated_keys(data, "", log)
    version = _check_header(data, log)
    if version is None:
        return None
    try:
        data = migrate(data, version, ruleset=chosen_ruleset)
    except ValueError as exc:
        log.add("version", str(exc))
        return None
    name = read_str(data, "name", "", log, "")
    ruleset = _read_ruleset(data, log, chosen_ruleset)
    notes = read_str(data, "notes", "", log, "")
    combat: dict[str, Any] = {}
    if "combat" in data:
        combat = check_object(data["combat"], "combat", log) or {}
        check_plain_data(combat, "combat", log)
    if "map" not in data:
        log.add("map", "is missing (it is required)")
        game_map = None
    else:
        game_map = decode_map(data["map"], "map", log)
    tokens = decode_tokens(read_list(data, "tokens", "", log), "tokens", log, _bounds(data.get("map")))
    templates = decode_templates(data, log, _bounds(data.get("map")))
    combat_log = decode_log(data, log)
    if log or game_map is None or ruleset is None:
        return None
    return Encounter(
        map=game_map,
        tokens=tokens,
        ruleset=ruleset,
        name=name or "",
        combat=combat,
        notes=notes or "",
        templates=templates,
        log=combat_log,
    )


def _read_ruleset(data: dict[str, Any], log: ProblemLog, chosen_ruleset: str | None) -> str | None:
    """The id of the ruleset the file is played by; a file that names none is refused (the fix
    names the installed rulesets) unless the GM chose one for it."""
    if "ruleset" not in data and chosen_ruleset is not None:
        return chosen_ruleset
    if "ruleset" not in data:
        missing = ruleset_missing(ruleset_ids())
        log.add(missing.place, missing.message)
        return None
    return read_str(data, "ruleset", "", log, None, non_empty=True)


def _check_header(data: dict[str, Any], log: ProblemLog) -> int | None:
    """The file's version if ``format`` and ``version`` say this is a readable encounter."""
    if "format" not in data:
        log.add("format", f"is missing; {_NOT_AN_ENCOUNTER}")
        return None
    if data["format"] != FORMAT_NAME:
        log.add("format", f"{show(data['format'])} is not {show(FORMAT_NAME)}; {_NOT_AN_ENCOUNTER}")
        return None
    if "version" not in data:
        log.add("version", f"is missing (this Vantage reads version {FORMAT_VERSION})")
        return None
    version = data["version"]
    if not is_number(version) or not float(version).is_integer() or not 1 <= version <= 1_000_000:
        log.add("version", f"{show(version)} is not a file version (a whole number from 1)")
        return None
    return int(version)


def _bounds(map_value: object) -> tuple[int, int] | None:
    """The map's (width, height) when both are valid, to check token positions against."""
    if not isinstance(map_value, dict):
        return None
    sides = []
    for key in ("width", "height"):
        value = map_value.get(key)
        if not (is_number(value) and float(value).is_integer() and 1 <= value <= MAX_MAP_SIDE):
            return None
        sides.append(int(value))
    return sides[0], sides[1]
