"""The GM's ruleset-independent commands (issue 11: "Make every change an engine command —
ruleset-independent GM commands (place, face, remove, add and edit tokens, hidden/revealed,
conditions, doors, terrain strokes and fills, walls, doors, windows, elevation, objects, GM-only
flags, map resize, fog reveal/cover) in a shared layer, not inside the Avorkarth plug-in"): each
one valid, each refusal with its sentence and the state untouched, and its JSON round trip."""

from __future__ import annotations

from dataclasses import replace

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Encounter, GameMap, MapObject, Side, Token, Wall, WallKind
from vantage.engine.protocol import gm_commands as g
from vantage.engine.rules import ruleset_ids
from vantage.engine.rules.avorkarth.handlers import HANDLERS
from vantage.engine.session import CommandRejected, apply, command_from_dict, event_from_dict
from vantage.engine.session.gm import GM_HANDLERS


def _encounter(ruleset: str = "avorkarth") -> Encounter:
    walls = (Wall((2.0, 0.0), (2.0, 1.0), WallKind.DOOR_CLOSED), Wall((3.0, 0.0), (3.0, 1.0)))
    pillar = MapObject("pillar-1", ((4.0, 4.0), (5.0, 4.0), (5.0, 5.0), (4.0, 5.0)), "Pillar")
    game_map = replace(GameMap(6, 6), walls=walls, objects=(pillar,))
    tokens = (Token("bram", "Bram", (0, 0), Side.PARTY), Token("ghoul", "Ghoul", (5, 5), Side.ENEMY))
    return Encounter(game_map, tokens, ruleset=ruleset)


def _apply(command, encounter=None):
    return apply(encounter or _encounter(), command, ScriptedDice([]))


VALID = [
    (g.Place("bram", (1, 1)), "moved", "The GM places Bram at (1, 1)."),
    (g.AddToken("wolf", "Wolf", (3, 3), side="enemy"), "token_added", "The GM adds Wolf at (3, 3)."),
    (g.RemoveToken("ghoul"), "token_removed", "The GM removes Ghoul from the map."),
    (g.Ride("bram", "ghoul"), "moved", "The GM seats Bram on Ghoul."),
    (g.EditToken("bram", name="Brom", facing="E"), "token_edited",
     "The GM edits Bram: renamed Brom, turned to face E."),
    (g.EditToken("bram", hidden=True), "token_edited", "The GM edits Bram: hidden from the players."),
    (g.PaintTerrain(((1, 1), (1, 2)), "chasm"), "terrain_painted", "The GM paints 2 tiles chasm."),
    (g.FillTerrain((0, 5), "brush"), "terrain_painted", "The GM fills 36 tiles around (0, 5) with brush."),
    (g.SetElevation(((1, 1),), 10.0), "elevation_set", "The GM sets 1 tile to 10 ft."),
    (g.SetWalls((((0.0, 2.0), (1.0, 2.0)),), "window"), "walls_set",
     "The GM draws 1 window from (0, 2) to (1, 2)."),
    (g.SetWalls((((3.0, 0.0), (3.0, 1.0)),), None), "walls_set",
     "The GM erases 1 wall from (3, 0) to (3, 1)."),
    (g.SetDoor((2.0, 0.0), (2.0, 1.0), True), "door_set", "The GM opens the door from (2, 0) to (2, 1)."),
    (g.PlaceObject((2, 2), "boulder", gm_only=True), "object_placed",
     "The GM places boulder boulder-1 on (2, 2) (GM only)."),
    (g.RemoveObjects((4, 4)), "objects_removed", "The GM removes pillar-1 from (4, 4)."),
    (g.SetGmOnly(True, wall=((3.0, 0.0), (3.0, 1.0))), "gm_only_set",
     "The GM makes the wall from (3, 0) to (3, 1) the GM's secret."),
    (g.SetGmOnly(True, object="pillar-1"), "gm_only_set", "The GM makes Pillar the GM's secret."),
    (g.ResizeMap(4, 4), "map_resized", "The GM resizes the map to 4×4 tiles; Ghoul falls off it."),
    (g.RevealFog(((0, 0), (1, 0))), "fog_changed", "The GM reveals 2 tiles to the players."),
    (g.SetFog(True), "fog_set", "The GM turns the fog of war on."),
]


@pytest.mark.parametrize(("command", "kind", "sentence"), VALID, ids=lambda v: getattr(v, "kind", None))
def test_each_gm_command_changes_the_encounter_and_says_so_in_one_event(command, kind, sentence):
    before = _encounter()
    after, events = _apply(command, before)
    assert after != before
    assert [(e.kind, e.sentence) for e in events] == [(kind, sentence)]
    assert event_from_dict(events[0].to_dict()) == events[0]


def test_the_gm_commands_change_what_they_name():
    e, _ = _apply(g.EditToken("bram", side="enemy", size="large", stats={}))
    assert (e.token("bram").side, e.token("bram").size.value) == (Side.ENEMY, "large")
    e, _ = _apply(g.SetDoor((2.0, 0.0), (2.0, 1.0), True))
    assert e.map.walls[0].kind is WallKind.DOOR_OPEN
    e, _ = _apply(g.CoverFog(((0, 0),)), _apply(g.RevealFog(((0, 0), (1, 0))))[0])
    assert e.map.revealed == {(1, 0)}
    e, _ = _apply(g.ResizeMap(4, 4))
    assert (e.map.width, e.map.height, [t.id for t in e.tokens]) == (4, 4, ["bram"])


def test_gm_commands_need_no_ruleset_the_encounter_names():
    """The shared layer runs "before it asks the ruleset": a map edit works under any ruleset."""
    after, events = _apply(g.SetDoor((2.0, 0.0), (2.0, 1.0), True), _encounter("baton"))
    assert after.map.walls[0].kind is WallKind.DOOR_OPEN and events


REFUSED = [
    (g.Place("nobody", (1, 1)), "there is no token 'nobody' on this map"),
    (g.Place("bram", (6, 1)), "Bram does not fit on the map at (6, 1)"),
    (g.AddToken("bram", "Bram", (3, 3)), "there is already a token 'bram' on this map"),
    (g.AddToken("wolf", "", (3, 3)), "the new token 'wolf' needs a name"),
    (g.AddToken("wolf", "Wolf", (5, 5)), "Wolf cannot stand at (5, 5): taken by Ghoul"),
    (g.AddToken("wolf", "Wolf", (5, 4), size="large"), "Wolf does not fit on the map at (5, 4)"),
    (g.AddToken("wolf", "Wolf", (3, 3), side="pets"), "'pets' is not a side (party, enemy, neutral)"),
    (g.AddToken("wolf", "Wolf", (3, 3), stats={"bogus": 1}), "the stat block of Wolf has problems"),
    (g.RemoveToken("nobody"), "there is no token 'nobody' on this map"),
    (g.EditToken("bram", name="  "), "Bram needs a name"),
    (g.EditToken("bram", facing="up"), "'up' is not a facing (N, NE, E, SE, S, SW, W, NW)"),
    (g.EditToken("ghoul", size="huge"), "Ghoul as huge does not fit on the map at (5, 5)"),
    (g.EditToken("bram", stats={"bogus": 1}), "the stat block of Bram has problems"),
    (g.PaintTerrain(((1, 1),), "lava-lake"), "'lava-lake' is not a terrain of this map"),
    (g.PaintTerrain(((1, 9),), "chasm"), "paint_terrain: (1, 9) is outside the 6×6 map"),
    (g.PaintTerrain((), "chasm"), "paint_terrain names no tile"),
    (g.PaintTerrain((("a", 1),), "chasm"), "paint_terrain: ('a', 1) is not a tile"),
    (g.FillTerrain((7, 7), "chasm"), "fill_terrain: (7, 7) is outside the 6×6 map"),
    (g.SetElevation(((1, 1),), float("nan")), "elevation must be a number of feet"),
    (g.SetWalls((), "wall"), "set_walls names no edge"),
    (g.SetWalls((((0.0, 0.0), (0.0, 0.0)),), "wall"),
     "set_walls: the edge from (0, 0) to (0, 0) has no length"),
    (g.SetWalls((((0.0, 0.0), (9.0, 0.0)),), "wall"), "set_walls: (9, 0) is off the 6×6 map"),
    (g.SetWalls((((0.0, 0.0), (1.0, 0.0)),), "fence"), "'fence' is not a wall"),
    (g.SetDoor((3.0, 0.0), (3.0, 1.0), True), "there is no door from (3, 0) to (3, 1)"),
    (g.PlaceObject((2, 2), "statue"), "'statue' is not a kind of object"),
    (g.PlaceObject((8, 2), "pillar"), "place_object: (8, 2) is outside the 6×6 map"),
    (g.RemoveObjects((9, 9)), "remove_objects: (9, 9) is outside the 6×6 map"),
    (g.SetGmOnly(True), "set_gm_only names either a wall or an object, not both or neither"),
    (g.SetGmOnly(True, wall=((0.0, 5.0), (1.0, 5.0))), "there is no wall from (0, 5) to (1, 5)"),
    (g.SetGmOnly(True, object="altar-1"), "there is no object 'altar-1' on this map"),
    (g.ResizeMap(0, 4), "the map's width must be 1 to 500 tiles, not 0"),
    (g.ResizeMap(4, 501), "the map's height must be 1 to 500 tiles, not 501"),
    (g.RevealFog(((6, 0),)), "reveal_fog: (6, 0) is outside the 6×6 map"),
    (g.CoverFog(()), "cover_fog names no tile"),
    (g.Ride("bram", "bram"), "Bram cannot ride itself"),
    (g.SetRuleset("chess"), f"there is no ruleset 'chess' (known: {', '.join(ruleset_ids())})"),
]


@pytest.mark.parametrize(("command", "reason"), REFUSED, ids=lambda v: getattr(v, "kind", None))
def test_each_refusal_names_the_problem_and_leaves_the_encounter_untouched(command, reason):
    before = _encounter()
    snapshot = repr(before)
    with pytest.raises(CommandRejected) as refused:
        apply(before, command, ScriptedDice([]))
    assert refused.value.reason.startswith(reason)
    assert repr(before) == snapshot


@pytest.mark.parametrize("command", [
    g.Place("bram", (0, 0)), g.EditToken("bram", name="Bram"), g.PaintTerrain(((1, 1),), "open"),
    g.SetDoor((2.0, 0.0), (2.0, 1.0), False), g.RemoveObjects((1, 1)), g.SetFog(False),
    g.CoverFog(((0, 0),)), g.ResizeMap(6, 6), g.SetWalls((((0.0, 5.0), (1.0, 5.0)),), None),
], ids=lambda c: c.kind)
def test_a_gm_command_that_changes_nothing_emits_no_event(command):
    before = _encounter()
    after, events = _apply(command, before)
    assert after is before and events == []


@pytest.mark.parametrize("cls", sorted(GM_HANDLERS, key=lambda k: k.kind), ids=lambda k: k.kind)
def test_every_gm_command_round_trips_through_json(cls):
    sample = next(c for c, _, _ in VALID if type(c) is cls) if any(type(c) is cls for c, _, _ in VALID) \
        else next(c for c, _ in REFUSED if type(c) is cls)
    assert command_from_dict(sample.to_dict()) == sample


def test_place_is_the_shared_layers_not_avorkarths():
    """"Place moves from Avorkarth's handler table to the shared layer"."""
    assert g.Place not in HANDLERS and g.Place in GM_HANDLERS
    assert command_from_dict({"type": "place", "token": "bram", "tile": [1, 1]}) == g.Place("bram", (1, 1))


# -- the ruleset -------------------------------------------------------------------------------
def test_set_ruleset_switches_clears_the_combat_and_names_the_misfits():
    """"an encounter can switch ruleset, and Vantage says which stat blocks do not fit"; the old
    ruleset's combat data means nothing to the new one, so the switch clears it and says so."""
    from skirmish_ruleset import registered

    before = _encounter()
    before = replace(before.with_token(replace(before.token("bram"), stats={"health": 31})),
                     combat={"started": True, "round": 2, "pending": {"command": {"type": "attack"}}})
    with registered():
        after, events = _apply(g.SetRuleset("skirmish"), before)
    assert (after.ruleset, dict(after.combat)) == ("skirmish", {})
    assert after.tokens == before.tokens  # stat blocks stay as they were
    assert [e.kind for e in events] == ["ruleset_set"]
    event = events[0]
    assert event.sentence == ("The GM switches the ruleset from Avorkarth to Skirmish; the combat in "
                              "progress ends (its state means nothing to Skirmish); 1 stat block does not "
                              "fit Skirmish: Bram.")
    assert (event.previous, event.ruleset, event.combat_cleared, event.misfits) == (
        "avorkarth", "skirmish", True, ("bram",))
    assert event_from_dict(event.to_dict()) == event


def test_set_ruleset_without_combat_or_misfits_says_only_the_switch():
    from skirmish_ruleset import registered

    with registered():
        after, events = _apply(g.SetRuleset("skirmish"))
        back, more = _apply(g.SetRuleset("avorkarth"), after)
    assert events[0].sentence == "The GM switches the ruleset from Avorkarth to Skirmish."
    assert not events[0].combat_cleared and events[0].misfits == ()
    assert back.ruleset == "avorkarth" and more[0].previous == "skirmish"


def test_set_ruleset_to_the_same_ruleset_changes_nothing():
    """"a switch to the same ruleset changes nothing" — not even a running combat."""
    before = replace(_encounter(), combat={"started": True, "round": 1})
    after, events = _apply(g.SetRuleset("avorkarth"), before)
    assert after is before and events == []


def test_set_ruleset_refuses_an_unknown_ruleset_naming_the_known_ones():
    from skirmish_ruleset import registered

    with registered():
        known = ", ".join(ruleset_ids())
        with pytest.raises(CommandRejected) as refused:
            _apply(g.SetRuleset("house"))
    assert "skirmish" in known
    assert refused.value.reason == f"there is no ruleset 'house' (known: {known})"
