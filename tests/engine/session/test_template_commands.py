"""The GM's area templates through ``apply``: placed, moved, turned, resized, shown and removed;
refused with a reason that names the problem and leaves the encounter as it was; saved with the
file; shown to the players only when the GM ticks it."""

import pytest

from vantage.engine.dice import NoDice
from vantage.engine.fileformat import dumps_encounter, loads_encounter
from vantage.engine.fileformat.problems import EncounterFileError
from vantage.engine.geometry.area_marks import tokens_inside
from vantage.engine.model import Encounter, GameMap, TemplateKind, Token
from vantage.engine.protocol.commands import command_from_dict
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.template_commands import MoveTemplate, PlaceTemplate, RemoveTemplate
from vantage.engine.session import apply
from vantage.engine.table.player_view import player_view

ENC = Encounter(GameMap(12, 10), tokens=(Token("bram", "Bram", (5, 5)),
                                         Token("spy", "Spy", (6, 5), hidden=True)), ruleset="avorkarth")


def _run(enc, command):
    return apply(enc, command, NoDice())


def test_place_move_turn_resize_and_remove():
    cone = PlaceTemplate(id="t", shape="cone", origin=(5.0, 5.0), size_feet=15, direction=90)
    enc, events = _run(ENC, cone)
    assert events[0].sentence == "The GM places a 15 ft cone at (5, 5) towards 90°."
    (template,) = enc.templates
    assert (template.kind, template.origin, template.size_feet, template.shown) == (
        TemplateKind.CONE, (5.0, 5.0), 15.0, False)
    enc, events = _run(enc, MoveTemplate(template="t", origin=(2.0, 3.5), direction=450))
    assert enc.templates[0].origin == (2.0, 3.5) and enc.templates[0].direction == 90
    assert events[0].sentence == "The GM moves the template to a 15 ft cone at (2, 3.5) towards 90°."
    enc, _ = _run(enc, MoveTemplate(template="t", size_feet=30, direction=180))
    assert (enc.templates[0].size_feet, enc.templates[0].direction) == (30, 180)
    enc, events = _run(enc, MoveTemplate(template="t", shown=True))
    assert enc.templates[0].shown
    assert events[0].sentence == "The GM shows the players a 30 ft cone at (2, 3.5) towards 180°."
    enc, events = _run(enc, RemoveTemplate(template="t"))
    assert enc.templates == ()
    assert events[0].sentence == "The GM removes a 30 ft cone at (2, 3.5) towards 180°."


def test_a_move_that_changes_nothing_is_no_step():
    enc, _ = _run(ENC, PlaceTemplate(id="t", shape="circle", origin=(5.0, 5.0), size_feet=10))
    same, events = _run(enc, MoveTemplate(template="t", origin=(5.0, 5.0)))
    assert same is enc and events == []


@pytest.mark.parametrize(("command", "reason"), [
    (PlaceTemplate(id="t", shape="hexagon", origin=(1.0, 1.0), size_feet=10),
     "'hexagon' is not a template shape (circle, cone, line, square)"),
    (PlaceTemplate(id="t", shape="circle", origin=(13.0, 1.0), size_feet=10),
     "place_template origin: (13, 1) is off the 12×10 map"),
    (PlaceTemplate(id="t", shape="circle", origin=(1.0, 1.0), size_feet=0),
     "place_template size: 0 ft must be above 0 and at most 5280 ft"),
    (PlaceTemplate(id=" ", shape="circle", origin=(1.0, 1.0), size_feet=10), "a new template needs an id"),
    (MoveTemplate(template="nope", origin=(1.0, 1.0)), "there is no template 'nope' on this map"),
    (RemoveTemplate(template="nope"), "there is no template 'nope' on this map"),
])
def test_bad_commands_are_refused_with_the_reason(command, reason):
    with pytest.raises(CommandRejected) as refused:
        _run(ENC, command)
    assert refused.value.reason == reason


def test_the_same_id_twice_is_refused():
    enc, _ = _run(ENC, PlaceTemplate(id="t", shape="circle", origin=(5.0, 5.0), size_feet=10))
    with pytest.raises(CommandRejected, match="already a template 't'"):
        _run(enc, PlaceTemplate(id="t", shape="square", origin=(2.0, 2.0), size_feet=10))


def test_commands_read_from_json_as_vantage_play_does():
    command = command_from_dict({"type": "place_template", "id": "f", "shape": "circle", "origin": [4.5, 4.5],
                                 "size_feet": 20, "shown": True})
    enc, _ = _run(ENC, command)
    assert enc.templates[0].origin == (4.5, 4.5) and enc.templates[0].shown


def test_templates_survive_a_save():
    enc, _ = _run(ENC, PlaceTemplate(id="line", shape="line", origin=(1.0, 4.5), size_feet=30, direction=90,
                                     width_feet=10, shown=True, label="Lightning"))
    again = loads_encounter(dumps_encounter(enc))
    assert again.templates == enc.templates


def test_a_file_without_templates_is_written_as_before():
    assert '"templates"' not in dumps_encounter(ENC)


def test_a_bad_template_in_a_file_is_named():
    enc, _ = _run(ENC, PlaceTemplate(id="t", shape="circle", origin=(5.0, 5.0), size_feet=10))
    text = dumps_encounter(enc)
    bad = text.replace('"shape": "circle"', '"shape": "blob"').replace('"size_feet": 10', '"size_feet": -5')
    with pytest.raises(EncounterFileError) as error:
        loads_encounter(bad)
    places = {p.place for p in error.value.problems}
    assert places == {"templates[0].shape", "templates[0].size_feet"}


def test_the_players_see_only_shown_templates_and_no_hidden_token_in_them():
    """The player filter removes "the area templates the GM has not ticked to show"; a template's
    list, asked of the players' view, never names a hidden token."""
    enc, _ = _run(ENC, PlaceTemplate(id="gm", shape="circle", origin=(6.0, 6.0), size_feet=10))
    enc, _ = _run(enc, PlaceTemplate(id="table", shape="circle", origin=(6.0, 6.0), size_feet=10, shown=True))
    assert {t.name for t in tokens_inside(enc, enc.templates[1])} == {"Bram", "Spy"}  # the GM's list
    players = player_view(enc)
    assert [t.id for t in players.templates] == ["table"]
    assert [t.name for t in tokens_inside(players, players.templates[0])] == ["Bram"]


@pytest.mark.parametrize("command", [
    PlaceTemplate(id="t", shape="line", origin=(1.0, 2.5), size_feet=30, direction=90, width_feet=10,
                  shown=True, label="Lightning"),
    MoveTemplate(template="t", origin=(3.0, 3.0), direction=45, size_feet=20, width_feet=5, shown=False),
    RemoveTemplate(template="t"),
], ids=lambda c: c.kind)
def test_every_template_command_round_trips_through_json(command):
    assert command_from_dict(command.to_dict()) == command


def test_a_resize_drops_the_templates_whose_origin_falls_off_the_map():
    """resize_map: "what falls off the map is dropped" — a template too, so the file stays loadable."""
    from vantage.engine.protocol.gm_commands import ResizeMap

    enc, _ = _run(ENC, PlaceTemplate(id="near", shape="circle", origin=(2.0, 2.0), size_feet=10))
    enc, _ = _run(enc, PlaceTemplate(id="far", shape="circle", origin=(11.0, 9.0), size_feet=10))
    enc, _ = _run(enc, ResizeMap(8, 8))
    assert [t.id for t in enc.templates] == ["near"]
    assert loads_encounter(dumps_encounter(enc)).templates == enc.templates


def test_the_gm_names_a_template_and_its_label_says_so():
    enc, _ = _run(ENC, PlaceTemplate(id="t", shape="circle", origin=(5.0, 5.0), size_feet=20))
    enc, events = _run(enc, MoveTemplate(template="t", label=" Fireball "))
    assert enc.templates[0].label == "Fireball"
    assert events[0].sentence == "The GM names a 20 ft radius circle at (5, 5) 'Fireball'."
