"""Issue 32 ("window complete"): what the GM window asks while it is built comes from the
ruleset's light face, and the rest (commands, queries of a running combat, attack resolution) loads
on first use — "without changing behaviour": every answer the face gives is the full ruleset's."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from vantage_dice import vantage_rolls

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import EndCombat, StartCombat
from vantage.engine.rules.avorkarth.face import AvorkarthFace
from vantage.engine.rules.avorkarth.ruleset import AVORKARTH
from vantage.engine.rules.registry import get_ruleset, register, ruleset_face, ruleset_name, unregister
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters

AVORKARTH_SAMPLES = [path for path in sample_encounters() if load_encounter(path).ruleset == "avorkarth"]


def _outcome(ask):
    try:
        return ("answer", ask())
    except Exception as error:  # noqa: BLE001 - the face must fail as the ruleset fails
        return ("raised", type(error), str(error))


def _encounters(path) -> list[tuple[str, Encounter]]:
    """The sample as loaded, waiting for the table's initiative, in combat, after it, and with a
    rules option the working copy refuses."""
    loaded = load_encounter(path)
    dice = SeededDice(5)
    waiting, _ = apply(loaded, StartCombat(), dice)
    fighting, _ = apply(vantage_rolls(loaded), StartCombat(), dice)
    over, _ = apply(fighting, EndCombat(), dice)
    bad_rule = replace(loaded, combat={**loaded.combat, "rules": {"presence_wounds": "never"}})
    return [("loaded", loaded), ("waiting", waiting), ("fighting", fighting), ("over", over),
            ("bad rule", bad_rule)]


@pytest.mark.parametrize("path", AVORKARTH_SAMPLES, ids=lambda p: p.name)
def test_the_face_answers_every_build_time_question_as_the_full_ruleset(path):
    face = AvorkarthFace(lambda: AVORKARTH)
    assert (face.id, face.name) == (AVORKARTH.id, AVORKARTH.name)
    assert face.tactics() is AVORKARTH.tactics()
    assert face.stat_schema() is AVORKARTH.stat_schema()
    assert tuple(face.templates()) == tuple(AVORKARTH.templates())
    for label, encounter in _encounters(path):
        tokens = [t.id for t in encounter.tokens] + ["nobody"]
        asked = [(query, ()) for query in ("turn", "pending", "reorder_refusal")]
        asked += [("turn_order_edits", (token,)) for token in [None, *tokens]]
        asked += [("health", (token,)) for token in tokens]
        for query, more in asked:
            assert _same(face, query, encounter, *more), (label, query, more)


def _same(face: AvorkarthFace, query: str, encounter: Encounter, *more: object) -> bool:
    mine = _outcome(lambda: getattr(face, query)(encounter, *more))
    full = _outcome(lambda: getattr(AVORKARTH, query)(encounter, *more))
    return mine == full


def test_anything_else_asked_of_the_face_loads_and_asks_the_full_ruleset():
    """A command or a query the face does not answer itself is the full ruleset's, loaded then."""
    loads: list[str] = []

    def load():
        loads.append("full")
        return AVORKARTH

    face = AvorkarthFace(load)
    encounter = load_encounter(AVORKARTH_SAMPLES[0])
    assert face.tactics() is AVORKARTH.tactics() and face.turn(encounter) is None and loads == []
    token = encounter.tokens[0].id
    assert face.explain(encounter, token) == AVORKARTH.explain(encounter, token)
    assert loads == ["full"]
    assert face.damage_tracks == AVORKARTH.damage_tracks
    with pytest.raises(AttributeError):
        face._private_thing  # noqa: B018 - private names are never the full ruleset's


def test_the_registry_hands_out_the_face_until_the_full_ruleset_is_loaded():
    """``ruleset_face`` gives the light face first and the full ruleset once it is loaded; a ruleset
    whose entry names no face is loaded at once; ``ruleset_name`` reads the face."""
    code = ("import sys\n"
            "from vantage.engine.rules.registry import get_ruleset, ruleset_face, ruleset_name\n"
            "face = ruleset_face('avorkarth')\n"
            "print(type(face).__name__, ruleset_name('avorkarth'),\n"
            "      'vantage.engine.rules.avorkarth.ruleset' in sys.modules)\n"
            "full = get_ruleset('avorkarth')\n"
            "print(ruleset_face('avorkarth') is full)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.split() == ["AvorkarthFace", "Avorkarth", "False", "True"]
    register("test-no-face", "vantage.engine.rules.avorkarth.ruleset:AVORKARTH")
    try:
        assert ruleset_face("test-no-face") is get_ruleset("test-no-face")
        assert ruleset_name("test-no-face") == "Avorkarth"
    finally:
        unregister("test-no-face")
