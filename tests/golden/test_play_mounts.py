"""``vantage play`` targets a mount: an old Baton file whose rider carried its mount in its stat block
is read with the mount as a token linked to its rider, and the headless runner attacks it (issue 29:
"…but the mount can also be targeted by attacks (in which case it uses only its own Defense)")."""

from __future__ import annotations

import io
import json

from vantage.engine.fileformat import encounter_from_dict
from vantage.engine.rules.baton.schema import stats, weapon
from vantage.gui.cli import play


def _old_file(tmp_path):
    rider = {"id": "rider", "name": "Rider", "side": "party", "size": "medium", "position": [2, 2],
             "stats": {**stats(2, player=True, dodge=1, ride=2, weapons=[weapon("Lance", 2, "1d6", "large",
                                                                               reach=2)]),
                       "mount": {"name": "warhorse", "defense": 2, "speed": 60}},
             "conditions": [{"name": "mounted", "rounds_left": None, "source": None}]}
    cult = {"id": "cult", "name": "Cult", "side": "enemy", "position": [3, 2],
            "stats": stats(1, dodge=1, weapons=[weapon("Sickle", 1, "1d6")])}
    data = {"format": "vantage-encounter", "version": 1, "ruleset": "baton", "map": {"width": 8, "height": 6},
            "tokens": [rider, cult]}
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _play(tmp_path, commands, faces):
    (tmp_path / "commands.json").write_text(json.dumps(commands), encoding="utf-8")
    (tmp_path / "dice.json").write_text(json.dumps(faces), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    rc = play.run([str(_old_file(tmp_path)), "--commands", str(tmp_path / "commands.json"), "--dice",
                   str(tmp_path / "dice.json")], out, err)
    return rc, [json.loads(line) for line in out.getvalue().splitlines()], err.getvalue()


def test_vantage_play_attacks_the_mount_of_an_old_file_with_only_its_own_defense(tmp_path):
    commands = [
        {"type": "start_combat", "options": {"first": "rider"}},
        {"type": "pass_initiative", "token": "rider", "to": "cult"},
        {"type": "attack", "attacker": "cult", "target": "rider-mount", "weapon": "Sickle"},
    ]
    # the Sickle: 4 + 4 + 1 = 9 against 7 + its own Defense 2; damage 3; the Ride check 1 + 1 + 2 < 10
    rc, lines, err = _play(tmp_path, commands, [4, 4, 3, 1, 1])
    assert rc == 0, err
    sentences = [line.get("sentence", "") for line in lines]
    assert any("Cult hits Rider's warhorse with the Sickle" in s and "7 + its own Defense 2 = 9" in s
               for s in sentences)
    assert any(s.startswith("Rider is thrown off Rider's warhorse") for s in sentences)
    final = encounter_from_dict(lines[-1]["encounter"])
    assert final.token("rider").rides is None and final.token("rider").has_condition("prone")


def test_vantage_play_seats_a_rider_with_the_gms_ride_command(tmp_path):
    commands = [{"type": "ride", "token": "rider", "mount": None}, {"type": "ride", "token": "rider",
                                                                     "mount": "rider-mount"}]
    rc, lines, err = _play(tmp_path, commands, [])
    assert rc == 0, err
    assert [line["sentence"] for line in lines[:-1]] == [
        "The GM takes Rider off Rider's warhorse, to (1, 1).",
        "The GM seats Rider on Rider's warhorse.",
    ]
    assert encounter_from_dict(lines[-1]["encounter"]).token("rider").rides == "rider-mount"
