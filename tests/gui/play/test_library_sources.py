"""Issue 30 item 4: "any token can be saved to the library; the samples' own creatures are in the
library" (the review: "The Avorkarth library has 7 generic creatures … and none of the sample's own
ghoul, ogre or crossbowman")."""

from __future__ import annotations

import json

import pytest

from vantage.engine.rules.asking import ask_stat_problems, ask_templates
from vantage.gui.appdata import creature_store
from vantage.gui.appdata.creature_store import base_name, sample_creatures, saved_creatures, store_path
from vantage.gui.edit.tool import EditSettings
from vantage.gui.play.creature_library import attach_creature_tools

RULESETS = ("avorkarth", "baton", "power-tiers", "shattered-world")


@pytest.fixture(autouse=True)
def _no_saved_creatures():
    store_path().unlink(missing_ok=True)
    yield
    store_path().unlink(missing_ok=True)


def test_the_courtyards_ghoul_ogre_and_crossbowman_are_in_the_avorkarth_library():
    names = [t.name for t in sample_creatures("avorkarth")]
    assert {"Ghoul", "Ogre", "Bandit crossbowman"} <= set(names)
    assert len(names) == len(set(names))  # one per kind: "Ghoul 1", "Ghoul 2" are one Ghoul
    assert not {t.name for t in ask_templates("avorkarth")} & {"Ghoul", "Ogre"}


def test_the_samples_creatures_are_read_without_their_maps_yet_as_a_full_load_reads_them():
    """Issue 32: "read only what the list shows": the library reads each sample's ruleset and
    tokens (not its map), and gets the very tokens a full load gives, in the same order."""
    from vantage.engine.fileformat import load_encounter
    from vantage.gui.appdata.resources import sample_encounters

    full = []
    for path in sample_encounters():
        encounter = load_encounter(path)
        full.extend((encounter.ruleset, t) for t in encounter.tokens if t.side.value != "party" and t.stats)
    assert creature_store._sample_tokens() == tuple(full)


def test_a_sample_whose_tokens_cannot_be_read_is_refused_with_its_place(tmp_path):
    """Read without its map, a file still fails as a full load would on its tokens: the problem
    names the token's place (a broken sample only leaves its creatures out)."""
    from vantage.engine.fileformat import EncounterFileError
    from vantage.engine.fileformat.tokens_only import load_ruleset_and_tokens
    from vantage.gui.appdata.resources import sample_encounters

    data = json.loads(sample_encounters()[0].read_text(encoding="utf-8"))
    data["tokens"][0]["side"] = "nobody"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(EncounterFileError) as refused:
        load_ruleset_and_tokens(path)
    assert [p.place for p in refused.value.problems] == ["tokens[0].side"]
    ruleset, tokens = load_ruleset_and_tokens(sample_encounters()[0])
    assert ruleset == data["ruleset"] and len(tokens) == len(data["tokens"])


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_samples_creature_is_a_stat_block_its_ruleset_accepts(ruleset):
    creatures = sample_creatures(ruleset)
    assert creatures, f"the samples of {ruleset} have creatures"
    for creature in creatures:
        assert creature.side != "party"
        assert ask_stat_problems(ruleset, creature.stats) == [], creature.name


def test_a_sample_creature_is_added_like_a_template(qtbot, demo_panels):
    tools = attach_creature_tools(demo_panels.workspace, EditSettings())
    library = tools.library
    library.filter_edit.setText("ogre")
    assert library.visible_names() == ["Ogre"]
    shown = next(r for r in range(library.list.count()) if not library.list.item(r).isHidden())
    assert library.list.item(shown).text().endswith("· from the samples")
    token_id = library.add_creature("sample:Ogre", (10, 3))
    token = demo_panels.encounter.token(token_id)
    assert token.name.startswith("Ogre") and token.size.value == "large" and token.stats


def test_any_token_is_saved_to_the_library_and_added_again(qtbot, demo_panels):
    window = demo_panels
    tools = attach_creature_tools(window.workspace, EditSettings())
    ghoul = window.encounter.token("ghoul-2")
    words = tools.save_to_library("ghoul-2")
    assert words == "Ghoul saved in the creature library (creatures.json)"
    (saved,) = saved_creatures("avorkarth")
    assert saved.name == "Ghoul" and dict(saved.stats) == json.loads(json.dumps(dict(ghoul.stats)))
    assert saved.size == ghoul.size.value and saved.side == ghoul.side.value
    assert tools.library.visible_names()[-1] == "Ghoul"  # listed at once, last: "saved by you"
    added = tools.library.add_creature("saved:Ghoul", (12, 3))
    assert window.encounter.token(added).stats == ghoul.stats
    # saved again: replaced, not doubled; kept per ruleset
    assert tools.save_to_library("ghoul-1").startswith("Ghoul replaced")
    assert len(saved_creatures("avorkarth")) == 1 and saved_creatures("baton") == ()
    assert tools.forget_from_library("saved:Ghoul") == "Ghoul taken out of the creature library"
    assert saved_creatures("avorkarth") == ()
    assert tools.forget_from_library("gladiator").startswith("Only a creature you saved")


def test_the_token_menu_offers_save_to_the_library(qtbot, demo_panels):
    attach_creature_tools(demo_panels.workspace, EditSettings())
    menu = demo_panels.attack_menu.build(None, "ghoul-1", demo_panels.view)
    (entry,) = [a for a in menu.actions() if a.text() == "Save to the creature library"]
    entry.trigger()
    assert [t.name for t in saved_creatures("avorkarth")] == ["Ghoul"]
    assert demo_panels.status().startswith("Ghoul saved in the creature library")


def test_an_unreadable_library_file_is_never_overwritten(qtbot, demo_panels):
    """Bad input: a clear message naming the problem and where; nothing lost or overwritten."""
    tools = attach_creature_tools(demo_panels.workspace, EditSettings())
    store_path().write_text("{not json", encoding="utf-8")
    words = tools.save_to_library("ghoul-1")
    assert words.startswith("Not saved to the creature library: ") and str(store_path()) in words
    assert store_path().read_text(encoding="utf-8") == "{not json"
    assert saved_creatures("avorkarth") == ()
    assert tools.save_to_library("bram") != "" and store_path().read_text(encoding="utf-8") == "{not json"


def test_a_token_without_a_stat_block_is_refused(monkeypatch):
    from vantage.engine.model import Side, Size, Token

    with pytest.raises(creature_store.CreatureStoreError, match="has no stat block"):
        creature_store.save_creature("avorkarth", Token(id="x", name="Crate", position=(0, 0),
                                                        side=Side.NEUTRAL, size=Size.MEDIUM))
    assert base_name("Ghoul 12") == "Ghoul" and base_name("G2") == "G2"
