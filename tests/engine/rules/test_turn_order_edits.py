"""Editing a running combat's turn order by hand, the shared part: the three commands read from
JSON like every command, the shared default of a side-to-side ruleset (Skirmish), the query the
GUI asks (``ask_turn_order_edits``), and what holds in every ruleset — a token that leaves stays
on the map, the last one cannot leave, nothing happens before a combat starts, replay is exact.

Issue 16, item 2: "Enter rolled initiative values …, reorder, add a token to a running combat or
remove one, end combat." The rulesets' own rules are in test_turn_order_edits_rulesets.py.
"""

from __future__ import annotations

import pytest
from skirmish_ruleset import registered, sample_encounter

from vantage.engine.dice import SeededDice
from vantage.engine.fileformat import load_encounter
from vantage.engine.protocol.commands import PassInitiative, SetTableDice, StartCombat, command_from_dict
from vantage.engine.protocol.errors import BadCommand, CommandRejected
from vantage.engine.protocol.turn_order_commands import JoinCombat, LeaveCombat, MoveInTurnOrder
from vantage.engine.rules import read_command
from vantage.engine.rules.asking import ask_turn, ask_turn_order_edits
from vantage.engine.session import apply, apply_all
from vantage.gui.appdata.resources import sample_encounters

SAMPLES = {path.name: path for path in sample_encounters()}
#: one sample map per ruleset, and the start options that ask the table nothing
CASES = {
    "01-ruined-courtyard.json": {},
    "04-power-tiers-ambush.json": {},
    "05-shattered-world-ford.json": {},
    "06-baton-crossroads.json": {"first": "bram"},
}


def started(name: str, leave_out: int = 2, seed: int = 5):
    """The sample's combat started without its last ``leave_out`` tokens (Vantage rolls)."""
    encounter, _ = apply(load_encounter(SAMPLES[name]), SetTableDice(), SeededDice(seed))  # Vantage rolls
    fighters = [t.id for t in encounter.tokens if t.stats]
    out = fighters[-leave_out:] if leave_out else []
    encounter, _ = apply(encounter, StartCombat(participants=tuple(t for t in fighters if t not in out),
                                                options=CASES[name]), SeededDice(seed))
    return encounter, out


# -- the commands --------------------------------------------------------------------------------
def test_the_commands_read_from_json_with_their_fields_checked():
    """Every command is checked field by field before the engine sees it (field_values.py)."""
    assert command_from_dict({"type": "join_combat", "token": "ogre"}) == JoinCombat("ogre")
    typed = {"type": "join_combat", "token": "ogre", "initiative": 14}
    assert command_from_dict(typed) == JoinCombat("ogre", 14)
    assert command_from_dict({"type": "leave_combat", "token": "bram"}) == LeaveCombat("bram")
    move = {"type": "move_in_turn_order", "token": "bram", "to": 2}
    assert command_from_dict(move) == MoveInTurnOrder("bram", 2)
    assert read_command({"type": "leave_combat", "token": "bram"}, "baton") == LeaveCombat("bram")
    with pytest.raises(BadCommand, match=r"move_in_turn_order\.to: 'first' is not a whole number"):
        command_from_dict({"type": "move_in_turn_order", "token": "bram", "to": "first"})
    with pytest.raises(BadCommand, match=r"join_combat\.initiative: 2\.5 is not a whole number$"):
        command_from_dict({"type": "join_combat", "token": "ogre", "initiative": 2.5})
    with pytest.raises(BadCommand, match=r"move_in_turn_order: missing field\(s\) to"):
        command_from_dict({"type": "move_in_turn_order", "token": "bram"})


@pytest.mark.parametrize("name", sorted(CASES))
def test_nothing_to_edit_before_a_combat_starts(name):
    """The edits are of a *running* combat; before it the refusal says so and nothing changes."""
    encounter = load_encounter(SAMPLES[name])
    token = encounter.tokens[0].id
    for command in (JoinCombat(token), LeaveCombat(token), MoveInTurnOrder(token, 0)):
        with pytest.raises(CommandRejected, match="there is no combat running to .*: start combat first"):
            apply(encounter, command, SeededDice(1))
    edits = ask_turn_order_edits(encounter, token)
    assert edits.reorder == "there is no combat running: start combat first"
    (join,) = edits.options
    assert (join.label, join.legal) == ("Add to combat", False)
    assert join.reason == "there is no combat running: start combat first"


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_token_that_leaves_stays_on_the_map_with_what_it_suffered(name):
    """"removing a token keeps it on the map (it only leaves the combat)"; the log says so."""
    encounter, _ = started(name, leave_out=0)
    turn = ask_turn(encounter)
    leaver = next(e.token for e in turn.entries if e.token != turn.actor)
    before = encounter.token(leaver)
    after, events = apply(encounter, LeaveCombat(leaver), SeededDice(2))
    assert after.token(leaver) == before
    assert events[0].sentence == f"{before.name} leaves the combat; it stays on the map."
    assert leaver not in [e.token for e in ask_turn(after).entries]
    assert ask_turn(after).actor == turn.actor  # someone else's turn goes on
    assert after.combat["creatures"].get(leaver) == encounter.combat["creatures"].get(leaver)
    assert not ask_turn_order_edits(after, leaver).in_combat


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_refusals_name_the_token_and_change_nothing(name):
    encounter, out = started(name)
    inside = ask_turn(encounter).entries[0].token
    iname = encounter.token(inside).name
    oname = encounter.token(out[0]).name
    cases = [
        (JoinCombat(inside), f"{iname} is already in the combat"),
        (JoinCombat("nobody"), "there is no token 'nobody' on this map"),
        (LeaveCombat(out[0]), f"{oname} is not in the combat"),
        (MoveInTurnOrder(out[0], 0), None),
    ]
    for command, message in cases:
        with pytest.raises(CommandRejected) as refused:
            apply(encounter, command, SeededDice(3))
        if message:
            assert refused.value.reason == message


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_last_one_in_the_combat_cannot_leave(name):
    """With nobody else to act, leaving would leave a combat of nobody: end the combat instead."""
    encounter, _ = apply(load_encounter(SAMPLES[name]), SetTableDice(), SeededDice(4))
    solo = next(t for t in encounter.tokens if t.stats and t.side.value == "party")
    options = {"first": solo.id} if "baton" in name else {}
    encounter, _ = apply(encounter, StartCombat(participants=(solo.id,), options=options), SeededDice(4))
    last = f"^{solo.name} is the last one in the combat: end the combat instead$"
    with pytest.raises(CommandRejected, match=last):
        apply(encounter, LeaveCombat(solo.id), SeededDice(4))


@pytest.mark.parametrize("name", sorted(CASES))
def test_joining_then_leaving_replays_to_the_same_encounter(name):
    """Undo and `vantage play` rely on it: the same commands and dice give an equal encounter."""
    encounter, out = started(name)
    actor = ask_turn(encounter).actor
    commands = [JoinCombat(out[0]), JoinCombat(out[1]), LeaveCombat(actor)]
    first, _ = apply_all(encounter, commands[:2], SeededDice(9))
    second, _ = apply_all(encounter, commands[:2], SeededDice(9))
    assert first == second
    if ask_turn_order_edits(first, actor).options[0].legal and "baton" not in name:
        once = apply(first, LeaveCombat(actor), SeededDice(9))
        assert once == apply(second, LeaveCombat(actor), SeededDice(9))


# -- the query -----------------------------------------------------------------------------------
def test_the_query_offers_add_for_a_token_out_of_the_combat_and_remove_and_moves_for_one_in():
    encounter, out = started("04-power-tiers-ambush.json")
    outside = ask_turn_order_edits(encounter, out[0])
    assert not outside.in_combat
    offered = [(o.label, o.legal, o.command) for o in outside.options]
    assert offered == [("Add to combat", True, JoinCombat(out[0]))]
    assert "it rolls initiative" in outside.options[0].explanation
    entries = ask_turn(encounter).entries
    second = entries[1].token
    inside = ask_turn_order_edits(encounter, second)
    assert inside.in_combat
    leave, up, down = inside.options
    assert (leave.label, leave.legal, leave.command) == ("Remove from combat", True, LeaveCombat(second))
    assert (up.label, up.legal) == ("Move up", False)
    name = encounter.token(second).name
    assert up.reason == f"{name}'s next turn is already the first of those yet to begin"
    assert (down.label, down.legal, down.command) == ("Move down", True, MoveInTurnOrder(second, 2))
    actor = ask_turn_order_edits(encounter, entries[0].token)
    acting = encounter.token(entries[0].token).name
    assert actor.options[1].reason == f"{acting} is acting now: only a turn yet to begin can move"
    assert ask_turn_order_edits(encounter).options == ()
    assert ask_turn_order_edits(encounter).reorder == ""


def test_an_unknown_ruleset_answers_with_its_reason():
    encounter, _ = started("04-power-tiers-ambush.json")
    from dataclasses import replace

    edits = ask_turn_order_edits(replace(encounter, ruleset="no-such-rules"), "bram")
    assert "no-such-rules" in edits.reorder and edits.options == ()


# -- the shared default: Skirmish passes the baton ------------------------------------------------
@pytest.fixture
def skirmish():
    with registered() as ruleset:
        yield ruleset


def test_skirmish_newcomer_joins_the_participants(skirmish):
    """The shared default for a side-to-side ruleset: "it may receive the initiative like anyone
    who has not acted" (assumed); no initiative is rolled, so a typed one is refused."""
    encounter, _ = apply(sample_encounter(), StartCombat(participants=("bram", "ghoul", "wight"),
                                                         options={"first": "ghoul"}), SeededDice(1))
    typed = (r"^Skirmish rolls no initiative \(the initiative is passed from side to side\): Ada joins "
             r"without an initiative value$")
    with pytest.raises(CommandRejected, match=typed):
        apply(encounter, JoinCombat("ada", 12), SeededDice(1))
    after, events = apply(encounter, JoinCombat("ada"), SeededDice(1))
    assert [e.sentence for e in events] == ["Ada joins the combat."]
    assert "ada" in [e.token for e in ask_turn(after).entries]
    after, _ = apply(after, PassInitiative("ghoul", "ada"), SeededDice(1))  # she may receive it
    assert ask_turn(after).actor == "ada"


def test_skirmish_actor_leaving_passes_the_initiative_its_way(skirmish):
    """When the one acting leaves, its turn passes on by the ruleset's first legal turn option."""
    encounter, _ = apply(sample_encounter(), StartCombat(options={"first": "ghoul"}), SeededDice(1))
    after, events = apply(encounter, LeaveCombat("ghoul"), SeededDice(1))
    assert events[0].sentence == "Ghoul leaves the combat; it stays on the map."
    assert ask_turn(after).actor == "bram"  # "Pass to Bram", the first legal option
    assert "ghoul" not in [e.token for e in ask_turn(after).entries]
    assert after.token("ghoul").position == encounter.token("ghoul").position


def test_skirmish_has_no_order_to_rearrange(skirmish):
    encounter, _ = apply(sample_encounter(), StartCombat(options={"first": "ghoul"}), SeededDice(1))
    reason = ("Skirmish passes the initiative from side to side like a baton: there is no per-token order "
              "to rearrange")
    with pytest.raises(CommandRejected, match=f"^{reason}$"):
        apply(encounter, MoveInTurnOrder("wight", 0), SeededDice(1))
    edits = ask_turn_order_edits(encounter, "wight")
    assert edits.reorder == reason
    assert [(o.label, o.legal, o.reason) for o in edits.options[1:]] == [("Move up", False, reason),
                                                                          ("Move down", False, reason)]
