"""The players' view as the devices get it (engine/table/device_view.py): built from the one filter,
the turn strip without hidden tokens, the party's health in the ruleset's words, the GM's ruler and
the projector's framing when given, and one map message per filtered map."""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.demo_encounter import demo_encounter
from vantage.engine.dice import SeededDice
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.rules.base import TurnEntry, TurnInfo
from vantage.engine.session import apply
from vantage.engine.table.device_view import device_view, turn_strip


def _hidden_ogre():
    encounter = demo_encounter()
    tokens = tuple(replace(t, hidden=True) if t.id == "ogre" else t for t in encounter.tokens)
    return replace(encounter, tokens=tokens)


def test_a_hidden_token_is_nowhere_in_the_messages():
    view = device_view(_hidden_ogre())
    assert "ogre" not in repr(view.map) + repr(view.state) and "Ogre" not in repr(view.state)
    assert [t["id"] for t in view.state["tokens"]] == ["bram", "ilse", "ghoul-1", "ghoul-2", "mule"]


def test_the_turn_strip_leaves_out_who_the_table_does_not_see():
    """As the projector's strip: "a hidden token's entry left out"."""
    turn = TurnInfo(2, "ogre", "enemy", (TurnEntry("bram", 15, "turn", True), TurnEntry("ogre", 12, "turn")),
                    current=1)
    strip = turn_strip(turn, {"bram": "Bram"})
    assert strip == {"head": "Round 2 · enemy holds the initiative", "round": 2, "actor": None,
                     "entries": [{"token": "bram", "name": "Bram", "done": True, "current": False}]}


def test_the_party_health_is_the_rulesets_and_the_enemies_have_none():
    encounter, _ = apply(_hidden_ogre(), StartCombat(), SeededDice(1))
    party = device_view(encounter).state["party"]
    assert [member["id"] for member in party] == ["bram", "ilse"]
    texts = [member["health"]["text"] for member in party]
    assert texts == [  # the ruleset's own reading of its ledger (Avorkarth's, as the table reads it)
        "0 of 6 wounds, 0 of 5 lesser, 0 of 10 minor — 6 wounds from death; 5 wounds from unconsciousness",
        "0 of 5 wounds, 0 of 5 lesser, 0 of 10 minor — 5 wounds from death; 4 wounds from unconsciousness",
    ]


def test_the_ruler_and_the_framing_are_sent_when_given():
    state = device_view(demo_encounter(), ruler={"start": [1, 1], "end": [4, 1], "label": "3 tiles · 15 ft"},
                        framing=(0.0, 0.0, 12.5, 8.0)).state
    assert state["ruler"]["label"] == "3 tiles · 15 ft" and state["framing"] == [0.0, 0.0, 12.5, 8.0]
    assert "ruler" not in device_view(demo_encounter()).state


def test_a_token_move_reuses_the_map_message():
    encounter = demo_encounter()
    first = device_view(encounter).map
    moved, _ = apply(encounter, Place(token="bram", tile=(5, 7)), SeededDice(1))
    assert device_view(moved).map is first


def test_fogged_tiles_are_unseen():
    encounter = demo_encounter()
    revealed = frozenset((x, y) for x in range(6) for y in range(encounter.map.height))
    fogged = replace(encounter, map=replace(encounter.map, fog_enabled=True, revealed=revealed))
    message = device_view(fogged).map
    assert message["palette"][0]["id"] == "unseen"
    width = message["width"]
    assert all(cell == 0 for i, cell in enumerate(message["terrain"]) if i % width >= 6)
    assert all(cell != 0 for i, cell in enumerate(message["terrain"]) if i % width < 6)
