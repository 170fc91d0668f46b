"""The printed tables, the stat block and bestiary, what the GUI asks, the table's dice and the
ruleset's own commands."""

from __future__ import annotations

import pytest

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Answer, Attack, SetTableDice
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import read_command
from vantage.engine.rules.asking import ask_health, ask_pending, ask_stat_problems, ask_tactics, ask_templates
from vantage.engine.rules.base import Overlay
from vantage.engine.rules.registry import get_ruleset
from vantage.engine.rules.shattered_world.tables import RANGE_TABLE, WEAPON_TABLE
from vantage.engine.rules.shattered_world.vocabulary import SetLight
from vantage.engine.session import apply

#: "Common Weapons" as printed in the text (Weapon, Cost, Weight, Size, Damage, Armor), tab-separated.
PRINTED_WEAPONS = """\
Fist	0	0	T	special	2
Kick	0	0	T	special	N/A
Dagger	2	1	T	1d8	6
Staff	1	4	L	1d8	8
Sling	1	0.1	T		N/A
Bullet	0.1	0.1		1d8	N/A
Stone		0.1		1d6	N/A
Hand Axe	1	5	S	1d8	6
Battle Axe	5	7	M	1d12	8
Great Axe	12	17	L	2d8	10
War Hammer	8	10	M	1d10	8
Great Hammer	12	16	L	2d8	10
Shortbow	30	2	M		N/A
Longbow	75	3	L		N/A
Composite Shortbow	75	2	M		N/A
Composite Longbow	100	3	L		N/A
Flight Arrow	0.2	0.1	T	1d8	N/A
Sheaf Arrow	0.4	0.1	T	1d10	N/A
Light Crossbow	35	7	M		N/A
Light Quarrel	1	0.1	T	1d8	N/A
Heavy Crossbow	50	14	M		N/A
Heavy Quarrel	2	0.1	T	1d10	N/A
Spear	2	5	M	1d10	8
Pike or Longspear	5	12	L	1d12	10
Halberd	10	15	L	1d12	10
Shortsword	10	3	S	1d8	8
Longsword	15	4	M	1d12	10
Scimitar	15	4	M	1d10	10
Greatsword	50	15	L	2d8	12
Buckler	1	3	S	1d4	8
Target	6	9	M	1d6	12
Kite	10	15	M	1d6	16"""

PRINTED_RANGES = """\
Composite Longbow, Flight Arrow	60	210
Composite Longbow, Sheaf Arrow	40	170
Composite Shortbow	50	180
Longbow, Flight Arrow	70	210
Longbow, Sheaf Arrow	50	170
Shortbow	50	150
Heavy Crossbow	80	240
Light Crossbow	60	180
Dagger	10	50
Hammer	10	30
Hand Axe	10	30
Sling Bullet	30	90
Sling Stone	30	90
Spear	10	40"""


def _cell(value):
    if value is None:
        return ""
    return f"{value:g}" if isinstance(value, float) else str(value)


def test_the_weapon_and_shield_table_is_the_printed_one_cell_by_cell():
    """ "Common Weapons" (unarmed, miscellaneous, axes and hammers, bows, crossbows, polearms, swords,
    shields): every row and cell as printed."""
    ours = [
        "\t".join(
            [
                w.name,
                _cell(w.cost),
                _cell(w.weight),
                w.size or "",
                w.damage or "",
                "N/A" if w.armor_na else _cell(w.armor),
            ]
        )
        for w in WEAPON_TABLE
    ]
    assert ours == PRINTED_WEAPONS.split("\n")


def test_the_missile_range_table_is_the_printed_one():
    """ "Missile Weapon Ranges": Weapon, Short Range, Maximum Range."""
    assert ["\t".join([r.label, str(r.short), str(r.maximum)]) for r in RANGE_TABLE] == PRINTED_RANGES.split(
        "\n"
    )


def _enc(sw):
    enc = sw.encounter(sw.fighter("bram", (1, 1)), sw.fighter("ghoul", (2, 1), "enemy"))
    return sw.start(enc, [9, 2])


def test_there_are_at_least_six_templates_and_every_one_is_valid(sw):
    ruleset = get_ruleset("shattered-world")
    templates = ask_templates("shattered-world")
    assert len(templates) >= 6
    for t in templates:
        assert ruleset.validate_stats(t.stats) == [], t.id


def test_stat_block_problems_name_their_place(sw):
    bad = sw.stats(weapons=[{"weapon": "lightsaber", "skill": 12}], hit_points=0)
    problems = ask_stat_problems("shattered-world", bad, "tokens[0].stats")
    assert ("tokens[0].stats.hit_points", "0 is below 1") in problems
    assert any(
        p == "tokens[0].stats.weapons[0].weapon" and "'lightsaber' is not a weapon of the table" in m
        for p, m in problems
    )


def test_tactics_declare_no_arcs_no_charges_and_the_step_or_normal_move(sw):
    """ "A Step is 5' (usually one map square on battle maps)": the ordinary move is a Step for one square
    and a Normal Move for more; the GM may say a one-square move is a Normal Move."""
    tactics = ask_tactics(sw.encounter())
    assert tactics.arc_widths is None and tactics.charge_min_tiles is None
    assert tactics.overlays == frozenset({Overlay.REACHABLE, Overlay.REACH_ZONES, Overlay.SIGHT})
    assert [(m.id, m.label) for m in tactics.move_modes] == [
        ("", "Step or Normal Move"),
        ("normal", "Normal Move"),
    ]


def test_health_is_hit_points(sw):
    table = _enc(sw)
    health = ask_health(table.enc, "bram")
    assert health.fraction == 1 and health.text == "Hit Points 15/15"


def test_the_light_is_the_gms_command(sw):
    """ "There are four levels of lighting possible: Daylight, Lamplight, Night, Dark\""""
    table = _enc(sw)
    events = table.do(SetLight(light="night"))
    assert table.sentences(events) == ["The light is now night (+1d20 on Skill rolls for most characters)."]
    with pytest.raises(CommandRejected, match="'dusk' is not one of daylight, lamplight, night, dark"):
        table.do(SetLight(light="dusk"))


def test_the_ruleset_commands_are_refused_in_another_ruleset(sw):
    command = read_command({"type": "set_light", "light": "dark"}, "shattered-world")
    assert command == SetLight(light="dark")
    with pytest.raises(CommandRejected, match="'set_light' is a command of The Shattered World"):
        read_command({"type": "set_light", "light": "dark"}, "avorkarth")


def test_dice_rolled_at_the_table_for_the_attack_and_the_defenders_parry(sw):
    """Every roll a player makes can be rolled at the table: Bram's attack and damage, Ghoul's parry."""
    table = _enc(sw)
    enc, _ = apply(table.enc, SetTableDice(everyone=True), ScriptedDice([]))
    dice = ScriptedDice([])
    enc, _ = apply(enc, Attack(attacker="bram", target="ghoul"), dice)
    enc, _ = apply(enc, Answer(choice="no"), dice)  # no Dodge
    (roll,) = ask_pending(enc)
    assert roll.kind == "roll" and roll.who == "bram"
    assert roll.prompt == "Roll 1d20 at the table: Bram Attack on Ghoul with the Longsword"
    with pytest.raises(CommandRejected, match="21 is not a face of a d20"):
        apply(enc, Answer(faces=(21,)), dice)
    enc, _ = apply(enc, Answer(faces=(4,)), dice)
    enc, _ = apply(enc, Answer(choice="parry-longsword"), dice)
    (roll,) = ask_pending(enc)
    assert roll.who == "ghoul" and roll.prompt == "Roll 1d20 at the table: Ghoul Parry with the Longsword"
    enc, _ = apply(enc, Answer(faces=(15,)), dice)
    (roll,) = ask_pending(enc)
    assert roll.who == "bram" and roll.dice.expr == "1d12"
    enc, events = apply(enc, Answer(faces=(6,)), dice)
    assert (
        events[-1].sentence
        == "Ghoul takes 6 damage from Bram's Longsword (Longsword 1d12 6 = 6) (Hit Points 9/15)."
    )
