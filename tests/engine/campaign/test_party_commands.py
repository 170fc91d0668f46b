"""bring_party, return_party and mark_start_area: the party onto the map and back, each one command
through ``apply`` (one step in the log, one undo step), refused with a reason that names the problem."""

from __future__ import annotations

import pytest

from vantage.engine.campaign import (
    add_character_from_template,
    bring_party_command,
    new_campaign,
    party_on_map,
    return_party_command,
)
from vantage.engine.dice import NoDice, SeededDice
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.commands import StartCombat, command_from_dict
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import event_from_dict
from vantage.engine.protocol.party_commands import START_AREA_NAME, BringParty, MarkStartArea, ReturnParty
from vantage.engine.rules.power_tiers.bestiary import BESTIARY
from vantage.engine.session import apply
from vantage.engine.session.party import start_area_tiles
from vantage.engine.table.player_view import player_view

STATS = {t.id: dict(t.stats) for t in BESTIARY}


def _campaign(tmp_path, names=("Ann", "Bram")):
    campaign = new_campaign(tmp_path / "c", "power-tiers")
    for name in names:
        campaign = add_character_from_template(campaign, "neophyte", name)
    return campaign


def _map(*tokens: Token) -> Encounter:
    return Encounter(GameMap(6, 4), tokens, ruleset="power-tiers")


def _wolf(tile=(4, 1)) -> Token:
    return Token("wolf", "Wolf", tile, Side.ENEMY, stats=STATS["wolf"])


def test_the_party_arrives_on_the_free_tiles_of_the_start_area_in_reading_order(tmp_path):
    campaign = _campaign(tmp_path)
    enc, events = apply(_map(_wolf((1, 1))), MarkStartArea(tiles=((2, 2), (1, 1), (1, 2))), NoDice())
    assert events[0].sentence == "The GM marks 3 tiles of the party's start area."
    assert start_area_tiles(enc) == [(1, 1), (1, 2), (2, 2)]
    assert all(o.gm_only and not o.blocks_movement for o in enc.map.objects if o.name == START_AREA_NAME)
    assert not [o for o in player_view(enc).map.objects if o.name == START_AREA_NAME]
    after, events = apply(enc, bring_party_command(campaign), NoDice())
    assert [e.sentence for e in events] == ["The party arrives: Ann at (1, 2), Bram at (2, 2)."]
    assert {t.id: t.side for t in after.tokens} == {"wolf": Side.ENEMY, "ann": Side.PARTY, "bram": Side.PARTY}
    assert party_on_map(campaign, after) == ["ann", "bram"]
    assert after.combat["clock"] == campaign.clock
    again = event_from_dict(events[0].to_dict())
    assert again == events[0]  # logged and replayed as it is


def test_the_party_arrives_at_the_tiles_given_and_the_command_reads_from_json(tmp_path):
    command = bring_party_command(_campaign(tmp_path), tiles=[(0, 0), (5, 3)])
    assert command_from_dict(command.to_dict()) == command
    after, _ = apply(_map(), command, NoDice())
    assert [(t.id, t.position) for t in after.tokens] == [("ann", (0, 0)), ("bram", (5, 3))]


@pytest.mark.parametrize(("encounter", "command", "reason"), [
    (_map(), None, "this map has no start area for the party: mark one (mark_start_area) or give a tile "
                   "for each character"),
    (_map(), ((0, 0),), "bring_party: 1 tiles for 2 characters (one tile each)"),
    (_map(_wolf((0, 0))), ((0, 0), (1, 0)), "Ann cannot stand at (0, 0): off the map or taken"),
    (_map(), ((0, 0), (9, 9)), "Bram cannot stand at (9, 9): off the map or taken"),
])
def test_a_party_that_cannot_arrive_is_refused_with_the_reason(tmp_path, encounter, command, reason):
    brought = bring_party_command(_campaign(tmp_path), tiles=command or ())
    with pytest.raises(CommandRejected) as refused:
        apply(encounter, brought, NoDice())
    assert refused.value.reason == reason


def test_a_full_start_area_a_second_arrival_a_bad_stat_block_and_a_running_combat_are_refused(tmp_path):
    campaign = _campaign(tmp_path)
    small, _ = apply(_map(), MarkStartArea(tiles=((1, 1),)), NoDice())
    with pytest.raises(CommandRejected, match="the start area has no free tile left for Bram"):
        apply(small, bring_party_command(campaign), NoDice())
    there, _ = apply(_map(), bring_party_command(campaign, tiles=[(0, 0), (1, 0)]), NoDice())
    with pytest.raises(CommandRejected, match="Ann is already on this map"):
        apply(there, bring_party_command(campaign, tiles=[(2, 0), (3, 0)]), NoDice())
    bad = BringParty(members=({"id": "x", "name": "X", "stats": {"tier": "god"}},), tiles=((0, 0),))
    with pytest.raises(CommandRejected, match="the stat block of X has problems"):
        apply(_map(), bad, NoDice())
    fighting, _ = apply(_map(_wolf()), StartCombat(), SeededDice(1))
    with pytest.raises(CommandRejected, match="combat is on: bring the party before the fight starts"):
        apply(fighting, bring_party_command(campaign, tiles=[(0, 0), (1, 0)]), NoDice())


def test_returning_takes_the_party_off_the_map_and_leaves_the_monsters(tmp_path):
    campaign = _campaign(tmp_path)
    there, _ = apply(_map(_wolf()), bring_party_command(campaign, tiles=[(0, 0), (1, 0)]), NoDice())
    back, events = apply(there, return_party_command(campaign, there), NoDice())
    assert [t.id for t in back.tokens] == ["wolf"]
    assert set(back.combat["creatures"]) == set()  # nobody's record stays behind
    assert events[0].sentence.startswith("The party leaves the map for the roster: Ann (Fortitude 8/8")
    assert set(events[0].states) == {"ann", "bram"}
    with pytest.raises(ValueError, match="none of the party is on this map"):
        return_party_command(campaign, back)


def test_the_party_does_not_leave_a_running_fight(tmp_path):
    campaign = _campaign(tmp_path)
    there, _ = apply(_map(_wolf()), bring_party_command(campaign, tiles=[(0, 0), (1, 0)]), NoDice())
    fighting, _ = apply(there, StartCombat(), SeededDice(3))
    with pytest.raises(CommandRejected, match="the fight is not over: end the combat first"):
        apply(fighting, ReturnParty(tokens=("ann",)), NoDice())


def test_marking_twice_changes_nothing_and_clearing_removes_the_tiles(tmp_path):
    enc, _ = apply(_map(), MarkStartArea(tiles=((1, 1), (2, 1))), NoDice())
    same, events = apply(enc, MarkStartArea(tiles=((1, 1),)), NoDice())
    assert same == enc and events == []
    cleared, events = apply(enc, MarkStartArea(tiles=((1, 1),), on=False), NoDice())
    assert start_area_tiles(cleared) == [(2, 1)]
    assert events[0].sentence == "The GM clears 1 tile of the party's start area."
    with pytest.raises(CommandRejected, match=r"mark_start_area: \(7, 1\) is outside the 6×4 map"):
        apply(enc, MarkStartArea(tiles=((7, 1),)), NoDice())
