"""Old encounter files whose mounts lived in stat blocks load with the mount as a token linked to its
rider (the file format's step 1 → 2 and each ruleset's own step), and bad links are reported."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.fileformat import EncounterFileError, encounter_from_dict, encounter_to_dict
from vantage.engine.fileformat.migrate import migrate
from vantage.engine.model import FORMAT_VERSION, Size
from vantage.engine.protocol.commands import Attack, PassInitiative, StartCombat
from vantage.engine.rules.asking import ask_attack_options
from vantage.engine.rules.baton.schema import stats as baton_stats
from vantage.engine.session import apply


def token(tid: str, position: list[int], **more: Any) -> dict[str, Any]:
    return {"id": tid, "name": tid.capitalize(), "side": "party", "size": "medium", "position": position,
            "facing": "N", "stats": {}, "conditions": [], **more}


def version_one(ruleset: str, *tokens: dict[str, Any], width: int = 10) -> dict[str, Any]:
    return {"format": "vantage-encounter", "version": 1, "ruleset": ruleset, "name": "old",
            "map": {"width": width, "height": 8}, "tokens": list(tokens)}


def old_outrider(mounted: bool = True) -> dict[str, Any]:
    block = {**baton_stats(2, player=True, dodge=1, ride=2), "mount": {"name": "warhorse", "defense": 2,
                                                                        "speed": 60}}
    conditions = [{"name": "mounted", "rounds_left": None, "source": None}] if mounted else []
    return token("rider", [2, 2], stats=block, conditions=conditions)


def test_a_baton_rider_with_a_stat_block_mount_loads_with_the_mount_as_a_linked_token():
    """Baton: "…but the mount can also be targeted by attacks (in which case it uses only its own
    Defense)" — the version-1 mount inside the rider's block becomes a token the rider rides."""
    cult = token("cult", [3, 2], side="enemy", stats=baton_stats(1, dodge=1, weapons=[
        {"name": "Sickle", "skill": 1, "damage": "1d6", "size": "light", "reach": 1}]))
    old = version_one("baton", old_outrider(), cult)
    kept = copy.deepcopy(old)
    enc = encounter_from_dict(old)
    assert old == kept  # the caller's data is not changed
    assert [t.id for t in enc.tokens] == ["rider-mount", "rider", "cult"]
    horse, rider = enc.token("rider-mount"), enc.token("rider")
    assert rider.rides == "rider-mount" and not rider.has_condition("mounted") and "mount" not in rider.stats
    assert (horse.name, horse.position, horse.size, horse.side) == ("Rider's warhorse", (2, 2), Size.MEDIUM,
                                                                    rider.side)
    assert horse.stats["defense"] == 2 and horse.stats["speed"] == 60
    written = encounter_to_dict(enc)
    assert written["version"] == FORMAT_VERSION and written["tokens"][1]["rides"] == "rider-mount"
    # and the mount is a target with only its own Defense
    enc, _ = apply(enc, StartCombat(options={"first": "rider"}), ScriptedDice([]))
    enc, _ = apply(enc, PassInitiative("rider", "cult"), ScriptedDice([]))
    options = ask_attack_options(enc, "cult", "rider-mount")
    (sickle,) = [o for o in options if o.label == "Attack with the Sickle"]
    assert sickle.legal and "against difficulty 9" in sickle.explanation
    _, events = apply(enc, Attack("cult", "rider-mount", "Sickle"), ScriptedDice([1, 1]))
    assert "7 + its own Defense 2 = 9" in events[1].sentence


def test_a_baton_mount_whose_rider_is_not_in_the_saddle_stands_beside_it():
    enc = encounter_from_dict(version_one("baton", old_outrider(mounted=False), token("wall", [1, 1])))
    horse = enc.token("rider-mount")
    assert enc.token("rider").rides is None and horse.position == (2, 1)  # (1, 1) is taken: the next free


def test_a_baton_mount_id_that_is_taken_gets_a_number():
    taken = token("rider-mount", [7, 7])
    enc = encounter_from_dict(version_one("baton", taken, old_outrider()))
    assert enc.token("rider").rides == "rider-mount-2"


def test_a_shattered_world_steed_of_becomes_the_riders_rides():
    """The Shattered World: "When attacking from horseback (or other steed)" — the steed's ``steed_of``
    becomes its rider's link, and the rider moves onto the steed."""
    sw_block = {"hit_points": 22, "speed": 120, "steed_of": "rider"}
    old = version_one("shattered-world", token("rider", [0, 0]),
                      token("horse", [0, 1], size="large", stats=sw_block))
    enc = encounter_from_dict(old)
    assert enc.token("rider").rides == "horse" and enc.token("rider").position == (0, 1)
    assert "steed_of" not in enc.token("horse").stats


def test_a_ruleset_step_runs_after_the_formats_and_for_the_chosen_ruleset():
    """A file that names no ruleset is migrated by the ruleset the GM chose for it."""
    data = version_one("baton", old_outrider())
    del data["ruleset"]
    migrated = migrate(data, 1, ruleset="baton")
    assert [t["id"] for t in migrated["tokens"]] == ["rider-mount", "rider"]
    assert migrate(data, 1)["tokens"][0]["id"] == "rider"  # no ruleset: nothing but the format's step


@pytest.mark.parametrize(
    ("rides", "where", "message"),
    [
        ("nobody", "tokens[1].rides", '"nobody" is not the id of a token in this file'),
        ("rider", "tokens[1].rides", '"rider" cannot ride itself'),
        ("horse", "tokens[1].rides", '"rider" at (5, 5) is not on its mount "horse"'),
    ],
)
def test_bad_links_are_reported_with_their_place(rides, where, message):
    data = version_one("baton", token("horse", [0, 0], size="large"), token("rider", [5, 5], rides=rides))
    data["version"] = 2
    with pytest.raises(EncounterFileError) as info:
        encounter_from_dict(data)
    assert any(p.place == where and message in p.message for p in info.value.problems), info.value.problems


def test_a_mount_that_rides_is_reported():
    data = version_one("baton", token("a", [0, 0], rides="b"), token("b", [0, 0], rides="a"))
    data["version"] = 2
    with pytest.raises(EncounterFileError) as info:
        encounter_from_dict(data)
    assert any("a mount carries riders, it does not ride" in p.message for p in info.value.problems)


@pytest.mark.parametrize(
    "tokens",
    [
        [{"id": ["x"], "stats": {"mount": {}}}],
        [{"id": "a", "stats": {"mount": {"name": 5}}, "position": [10**9, 3], "conditions": "mounted"}],
        [{"id": "a", "stats": {"mount": None}}, "not a token", None],
        [{"id": "a", "stats": {"mount": {"speed": "fast"}}, "position": [True, 0]}],
    ],
)
def test_the_ruleset_steps_never_fail_on_malformed_data(tokens):
    """Anything malformed is left for the file reader to report, with its place."""
    for ruleset in ("baton", "shattered-world"):
        data = {**version_one(ruleset), "tokens": copy.deepcopy(tokens), "map": {"width": 10**9, "height": 5}}
        with pytest.raises(EncounterFileError):
            encounter_from_dict(data)


def test_with_no_free_tile_round_it_a_rider_not_in_the_saddle_rides_its_mount():
    """Assumed: the mount can stand only on the rider's tile, so the rider is on it."""
    wall = [token(f"t{x}-{y}", [x, y]) for x in range(3) for y in range(3) if (x, y) != (1, 1)]
    rider = old_outrider(mounted=False)
    rider["position"] = [1, 1]
    data = {**version_one("baton", rider, *wall), "map": {"width": 3, "height": 3}}
    migrated = migrate(data, 1)
    horse = next(t for t in migrated["tokens"] if t["id"] == "rider-mount")
    rider = next(t for t in migrated["tokens"] if t["id"] == "rider")
    assert horse["position"] == [1, 1] and rider["rides"] == "rider-mount"
    assert encounter_from_dict(data).token("rider").rides == "rider-mount"
