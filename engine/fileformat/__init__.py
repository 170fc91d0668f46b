"""The encounter file format (``"format": "vantage-encounter"``): reading, validating, writing.

See docs/file-format.md. Loading validates everything and raises :class:`EncounterFileError`
with *all* problems and their places; saving is atomic and keeps the previous file as NAME.bak.
"""

from vantage.engine.fileformat.codec import encounter_from_dict, encounter_to_dict
from vantage.engine.fileformat.problems import EncounterFileError, Problem, RulesetMissing, problems_text
from vantage.engine.fileformat.storage import load_encounter, save_encounter, validate_file
from vantage.engine.fileformat.text import MAX_FILE_BYTES, dumps_encounter, loads_encounter

__all__ = [
    "MAX_FILE_BYTES",
    "EncounterFileError",
    "Problem",
    "RulesetMissing",
    "dumps_encounter",
    "encounter_from_dict",
    "encounter_to_dict",
    "load_encounter",
    "loads_encounter",
    "problems_text",
    "save_encounter",
    "validate_file",
]
