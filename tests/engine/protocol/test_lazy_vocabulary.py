"""Issue 32 (start-up): reading an encounter file does not build the ~90 command and event classes,
yet "``command_from_dict`` and ``event_from_dict`` know every kind" — the registries load the shared
vocabulary the first time they are read, whichever module of it was imported."""

from __future__ import annotations

import json
import subprocess
import sys

from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.records import SHARED_VOCABULARY, KindRegistry

VOCABULARY = [name.rsplit(".", 1)[1] for name in SHARED_VOCABULARY]


def _fresh(code: str) -> object:
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=True)
    return json.loads(done.stdout)


def _loaded_vocabulary() -> str:
    return ("sorted(m.rsplit('.', 1)[1] for m in sys.modules if m.startswith('vantage.engine.protocol.') "
            f"and m.rsplit('.', 1)[1] in {VOCABULARY!r})")


def test_loading_an_encounter_file_builds_no_command_or_event_class():
    """The package, the combat log and a whole encounter file (map, tokens, log, templates) are read
    without one module of the vocabulary."""
    code = ("import json, sys\n"
            "from pathlib import Path\n"
            "import vantage, vantage.engine.protocol, vantage.engine.protocol.combat_log\n"
            "from vantage.engine.fileformat import load_encounter\n"
            "samples = sorted((Path(vantage.__file__).parent / 'maps').glob('*.json'))\n"
            "encounters = [load_encounter(path) for path in samples]\n"
            f"print(json.dumps([len(encounters), {_loaded_vocabulary()}]))\n")
    count, loaded = _fresh(code)  # type: ignore[misc]
    assert count >= 6
    assert loaded == []


def test_a_registry_read_knows_every_shared_kind_whichever_module_was_imported():
    """Only ``commands`` imported: a GM command (``remove_token``, in ``gm_commands``) and a party
    command are still read from JSON, and every module of the shared vocabulary is loaded then."""
    code = ("import json, sys\n"
            "from vantage.engine.protocol.commands import command_from_dict\n"
            f"before = {_loaded_vocabulary()}\n"
            "command = command_from_dict({'type': 'remove_token', 'token': 'ghoul'})\n"
            f"print(json.dumps([before, type(command).__name__, {_loaded_vocabulary()}]))\n")
    before, read, after = _fresh(code)  # type: ignore[misc]
    assert before == ["commands"]
    assert read == "RemoveToken"
    assert after == sorted(VOCABULARY)


def test_the_registries_hold_every_kind_of_the_shared_vocabulary():
    """Read here (the vocabulary loaded): the GM's events are in the events' registry, the template
    commands in the commands', and each registry is the self-completing kind."""
    assert isinstance(Command.registry, KindRegistry) and isinstance(Event.registry, KindRegistry)
    assert {"remove_token", "place_template", "join_combat", "start_combat"} <= set(Command.registry)
    assert "gm_rolled" in {kind for kind, _ in Event.registry.items()}
    assert Command.registry.get("no such kind") is None and "no such kind" not in Command.registry
