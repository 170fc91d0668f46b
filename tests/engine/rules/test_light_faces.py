"""Issue 32 ("window complete"): Baton, The Shattered World and Power Tiers have light faces too.
"What the GM window asks while it is built comes from the ruleset's light face, and the rest
(commands, queries of a running combat, attack resolution) loads on first use" — "without changing
behaviour": every answer a face gives is its full ruleset's, on every sample of that ruleset, before,
during and after a combat, and with a rules option the working copy refuses.
(Avorkarth's face: tests/engine/rules/test_ruleset_face.py.)"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest
from vantage_dice import vantage_rolls

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.model import Encounter, Size, Token
from vantage.engine.protocol.commands import Answer, EndCombat, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.face import AvorkarthFace
from vantage.engine.rules.avorkarth.ruleset import AVORKARTH
from vantage.engine.rules.baton.face import BatonFace
from vantage.engine.rules.baton.ruleset import BATON
from vantage.engine.rules.face import RulesetFace
from vantage.engine.rules.power_tiers.face import PowerTiersFace
from vantage.engine.rules.power_tiers.ruleset import POWER_TIERS
from vantage.engine.rules.shattered_world.face import ShatteredWorldFace
from vantage.engine.rules.shattered_world.ruleset import SHATTERED_WORLD
from vantage.engine.session import apply
from vantage.gui.appdata.resources import sample_encounters

FACES = {"baton": (BatonFace, BATON), "shattered-world": (ShatteredWorldFace, SHATTERED_WORLD),
         "power-tiers": (PowerTiersFace, POWER_TIERS)}
SAMPLES = [(load_encounter(path).ruleset, path) for path in sample_encounters()
           if load_encounter(path).ruleset in FACES]
#: the questions the GM window asks its ruleset while it is built (name, tactics and move modes,
#: stat schema, templates; for each token its health and turn-order edits; the turn, what waits)
ENCOUNTER_QUESTIONS = ("turn", "pending", "reorder_refusal")


def _outcome(ask):
    try:
        return ("answer", ask())
    except Exception as error:  # noqa: BLE001 - the face must fail as the ruleset fails
        return ("raised", type(error), str(error))


def _answered(encounter: Encounter, full, dice: SeededDice) -> Encounter:
    """``encounter`` with every decision the table waits for answered by its default."""
    for _ in range(20):
        if not full.pending(encounter):
            return encounter
        encounter, _ = apply(encounter, Answer(), dice)
    raise AssertionError("the table is still asked after 20 answers")


def _encounters(loaded: Encounter, full) -> list[tuple[str, Encounter]]:
    """The sample as loaded, with a token without a stat block, waiting for the table, in combat,
    after it, and with a rules option the working copy refuses."""
    dice = SeededDice(5)
    blank = Token(id="blank", name="Blank", position=(0, 0), size=Size.MEDIUM)
    states = [("loaded", loaded), ("a token without stats", replace(loaded, tokens=(*loaded.tokens, blank)))]
    for label, start in (("waiting", loaded), ("fighting", vantage_rolls(loaded))):
        try:
            started, _ = apply(start, StartCombat(), dice)
        except CommandRejected:
            continue
        states.append((label, started))
        if label == "fighting":
            started = _answered(started, full, dice)
            states.append(("fighting, answered", started))
            over, _ = apply(started, EndCombat(), dice)
            states.append(("over", over))
    states.append(("bad rule", replace(loaded, combat={**loaded.combat, "rules": {"no such rule": "never"}})))
    return states


def test_every_ruleset_with_a_sample_has_its_face_tested():
    assert {ruleset for ruleset, _ in SAMPLES} == set(FACES)


@pytest.mark.parametrize(("ruleset", "path"), SAMPLES, ids=lambda p: getattr(p, "name", p))
def test_the_face_answers_every_build_time_question_as_the_full_ruleset(ruleset, path):
    face_class, full = FACES[ruleset]
    face = face_class(lambda: full)
    assert (face.id, face.name) == (full.id, full.name)
    assert face.tactics() == full.tactics()
    assert face.stat_schema() is full.stat_schema()
    assert tuple(face.templates()) == tuple(full.templates())
    states = _encounters(load_encounter(path), full)
    assert {"loaded", "fighting", "over", "bad rule"} <= {label for label, _ in states}
    for label, encounter in states:
        tokens = [t.id for t in encounter.tokens] + ["nobody"]
        asked = [(query, ()) for query in ENCOUNTER_QUESTIONS]
        asked += [("turn_order_edits", (token,)) for token in [None, *tokens]]
        asked += [("health", (token,)) for token in tokens]
        for query, more in asked:
            mine = _outcome(lambda q=query, m=more, e=encounter: getattr(face, q)(e, *m))
            theirs = _outcome(lambda q=query, m=more, e=encounter: getattr(full, q)(e, *m))
            assert mine == theirs, (label, query, more)


@pytest.mark.parametrize("ruleset", sorted(FACES))
def test_before_combat_the_face_does_not_load_the_full_ruleset(ruleset):
    """What the window asks of an encounter not in combat is answered without the full ruleset;
    a query the face does not answer itself loads it then."""
    face_class, full = FACES[ruleset]
    loads: list[str] = []

    def load():
        loads.append("full")
        return full

    face = face_class(load)
    encounter = load_encounter(next(path for owner, path in SAMPLES if owner == ruleset))
    token = encounter.tokens[0].id
    face.tactics(), face.stat_schema(), face.templates(), face.turn(encounter), face.pending(encounter)
    face.health(encounter, token), face.turn_order_edits(encounter, token)
    assert loads == []
    assert face.explain(encounter, token) == full.explain(encounter, token)
    assert loads == ["full"]
    assert isinstance(face, RulesetFace)


@pytest.mark.parametrize("ruleset", sorted(FACES))
def test_the_registry_hands_out_the_face_without_loading_the_ruleset(ruleset):
    """In a fresh process: ``ruleset_face`` gives the light face, which answers the build-time
    questions of a sample without the full ruleset, its attacks, numpy or shapely (Baton's attacks
    load line of sight, and with it numpy and shapely: about 0.13 s of CPU)."""
    path = next(path for owner, path in SAMPLES if owner == ruleset)
    code = (
        "import sys\n"
        "from vantage.engine.fileformat import load_encounter\n"
        "from vantage.engine.rules.registry import ruleset_face\n"
        f"encounter = load_encounter({str(path)!r})\n"
        f"face = ruleset_face({ruleset!r})\n"
        "face.tactics(); face.stat_schema(); face.templates(); face.turn(encounter)\n"
        "[(face.health(encounter, t.id), face.turn_order_edits(encounter, t.id)) for t in encounter.tokens]\n"
        "[face.validate_stats(t.stats) for t in encounter.tokens if t.stats]\n"
        f"full = 'vantage.engine.rules.{ruleset.replace('-', '_')}.ruleset'\n"
        "print(type(face).__name__, sorted(m for m in (full, 'numpy', 'shapely') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          check=True)
    assert done.stdout.split() == [FACES[ruleset][0].__name__, "[]"]


ALL_FACES = {**FACES, "avorkarth": (AvorkarthFace, AVORKARTH)}


@pytest.mark.parametrize("ruleset", sorted(ALL_FACES))
def test_the_face_validates_stat_blocks_as_the_full_ruleset(ruleset):
    """Opening a file warns about its stat blocks (``stat_block_problems``) by the ruleset's face:
    every stat block of the samples and the templates of every ruleset (valid or not here), and
    broken ones, get the full ruleset's problems, word for word."""
    face_class, full = ALL_FACES[ruleset]
    face = face_class(lambda: full)
    blocks: list[object] = [dict(token.stats) for path in sample_encounters()
                            for token in load_encounter(path).tokens if token.stats]
    blocks += [dict(template.stats) for _, other in ALL_FACES.values() for template in other.templates()]
    blocks += [{}, {"no such stat": 3}, [], "ghoul", None, {"weapons": "sword"}]
    for index, block in enumerate(blocks):
        place = f"tokens[{index}].stats"
        assert face.validate_stats(block, place) == full.validate_stats(block, place), block
