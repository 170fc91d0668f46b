"""The ruleset and the tokens of an encounter file, read without its map (issue 32): what the
Creatures library lists of the bundled samples, read in a fraction of a full load.

The file goes through the same steps as :func:`~vantage.engine.fileformat.load_encounter` up to
its tokens (size limit, text, JSON, header, migrations, ruleset), and the tokens through the same
decoder, checked against the map's width and height; only the map itself, the templates and the
log are not decoded.
"""

from __future__ import annotations

from pathlib import Path

from vantage.engine.fileformat.codec import _bounds, _check_header, _read_ruleset
from vantage.engine.fileformat.decode_tokens import decode_tokens
from vantage.engine.fileformat.fields import read_list
from vantage.engine.fileformat.migrate import migrate
from vantage.engine.fileformat.problems import EncounterFileError, ProblemLog, kind_of
from vantage.engine.fileformat.storage import read_encounter_bytes
from vantage.engine.fileformat.text import decode_text, parse_json
from vantage.engine.model import Token


def load_ruleset_and_tokens(path: str | Path) -> tuple[str, tuple[Token, ...]]:
    """The ruleset id and the tokens of the encounter file at ``path``; EncounterFileError listing
    the problems of its header, ruleset and tokens (the map is not read, so not checked)."""
    source = str(path)
    data = parse_json(decode_text(read_encounter_bytes(path), source), source)
    log = ProblemLog()
    if not isinstance(data, dict):
        log.add("", f"the file holds {kind_of(data)}, not an encounter")
        raise EncounterFileError(log.problems, path=source)
    version = _check_header(data, log)
    ruleset: str | None = None
    tokens: tuple[Token, ...] = ()
    if version is not None:
        try:
            data = migrate(data, version)
        except ValueError as exc:
            log.add("version", str(exc))
        else:
            ruleset = _read_ruleset(data, log, None)
            listed = read_list(data, "tokens", "", log)
            tokens = decode_tokens(listed, "tokens", log, _bounds(data.get("map")))
    if log or ruleset is None:
        raise EncounterFileError(log.problems, path=source)
    return ruleset, tokens
