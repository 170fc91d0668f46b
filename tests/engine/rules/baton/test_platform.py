"""Baton on the platform: the bestiary, the stat schema, the queries, its own vocabulary."""

from __future__ import annotations

from vantage.engine.protocol.commands import StartCombat
from vantage.engine.rules import get_ruleset, read_command
from vantage.engine.rules.asking import ask_health, ask_token_actions
from vantage.engine.rules.base import Overlay
from vantage.engine.rules.baton.vocabulary import TakeAction


def test_every_template_is_a_valid_stat_block():
    baton = get_ruleset("baton")
    assert len(baton.templates()) >= 6
    for t in baton.templates():
        assert baton.validate_stats(dict(t.stats)) == [], t.id


def test_stat_problems_name_their_place():
    baton = get_ruleset("baton")
    problems = baton.validate_stats(
        {"physique": 11, "weapons": [{"name": "Axe", "damage": "lots"}]}, "tokens[2].stats"
    )
    assert ("tokens[2].stats.physique", "11 is above 10") in problems
    assert any(p[0] == "tokens[2].stats.weapons[0].damage" for p in problems)


def test_tactics_declare_no_arcs_and_no_charge_lanes():
    tactics = get_ruleset("baton").tactics()
    assert tactics.arc_widths is None and tactics.charge_min_tiles is None
    assert Overlay.REACH_ZONES in tactics.overlays and Overlay.ARCS not in tactics.overlays
    assert [m.id for m in tactics.move_modes] == ["disengage", "dash", "leap"]
    assert {"leaves_reach", "leaves_cover", "terrain_check", "fall"} == set(tactics.path_warnings)


def test_health_has_three_layers(fight, make):
    f = fight(make("bram", "sellsword", (2, 2)))
    health = ask_health(f.enc, "bram")
    assert [(layer.name, layer.left, layer.maximum) for layer in health.layers] == [
        ("protection", 6, 6),
        ("stamina", 10, 10),
        ("health", 10, 10),
    ]


def test_own_commands_are_read_for_baton_and_refused_elsewhere():
    command = read_command({"type": "baton_action", "token": "bram", "action": "shout"}, "baton")
    assert command == TakeAction("bram", "shout")
    try:
        read_command({"type": "baton_action", "token": "bram", "action": "shout"}, "avorkarth")
    except Exception as refused:  # noqa: BLE001 - the sentence is what matters
        assert "is a command of Baton" in str(refused)
    else:
        raise AssertionError("a Baton command was read for Avorkarth")


def test_the_token_menu_lists_the_texts_actions(fight, make):
    """Major: create opportunity, backpack, magic ring; minor: shout, draw/stow, drop/pick up, pouch,
    potion, Power Item, miracle; movement: stand up."""
    f = fight(make("bram", "sellsword", (2, 2), conditions=["prone"]), make("cult", "cultist", (5, 5)))
    f.do(StartCombat(options={"first": "bram"}))
    labels = [o.label for o in ask_token_actions(f.enc, "bram")]
    assert labels[0] == "Stand up" and "Shout a command" in labels and "Perform a miracle" in labels
    assert any(label.startswith("Create opportunity (") for label in labels)


def test_bad_rules_options_are_refused_by_name(fight, make):
    from dataclasses import replace

    f = fight(make("bram", "sellsword", (2, 2)), make("cult", "cultist", (5, 5)))
    f.enc = replace(f.enc, combat={"rules": {"opportunity_attacks": False}})
    assert f.refused(StartCombat()).startswith(
        "combat.rules.opportunity_attacks: Baton has no such rules option"
    )


def test_a_players_dice_are_rolled_at_the_table(fight, make):
    """The text: "Dice rolled at the table work for every roll the text asks of a player": Bram's attack stops
    for the faces of its 2d6, checked against the dice."""
    from vantage.engine.protocol.commands import Attack, SetTableDice
    from vantage.engine.rules.asking import ask_pending

    f = fight(make("bram", "sellsword", (2, 2)), make("cult", "cultist", (3, 2)))
    f.do(SetTableDice(tokens=("bram",)))
    f.do(StartCombat(options={"first": "bram"}))
    f.do(Attack("bram", "cult", "Longsword"))
    f.answer(None)  # Cult resists with its Dodge (the GM's answer)
    (decision,) = ask_pending(f.enc)
    assert (
        decision.kind == "roll"
        and decision.prompt == "Roll 2d6 at the table: Bram attacks Cult with the Longsword"
    )
    from vantage.engine.protocol.commands import Answer

    assert "is not a face of a d6" in f.refused(Answer(faces=(7, 1)))
    f.do(Answer(faces=(4, 4)))
    f.do(Answer(faces=(3,)))
    assert f.record("cult")["stamina"] == 4


def test_the_rules_options_ask_npc_defence_and_opportunity_decisions(fight, make):
    """Rules options: ``ask_npc_defence`` off (the GM's standing choice: every NPC resists with its
    best defence, logged) and ``opportunity_decisions`` off (a move asks no enemy)."""
    from dataclasses import replace

    from vantage.engine.protocol.commands import Attack, Move, PassInitiative
    from vantage.engine.rules.asking import ask_pending

    f = fight(
        make("bram", "sellsword", (2, 2)), make("bones", "skeleton", (3, 2), skills={"dodge": 1, "shield": 2})
    )
    f.enc = replace(f.enc, combat={"rules": {"ask_npc_defence": False, "opportunity_decisions": False}})
    f.do(StartCombat(options={"first": "bram"}))
    sentences = f.do(Attack("bram", "bones", "Longsword"), 1, 2)
    assert not ask_pending(f.enc) and sentences[1].endswith("Bones resisting with Shield.")
    f.do(PassInitiative("bram", "bones"))
    f.do(PassInitiative("bones", "bram"))
    f.do(Move("bram", ((2, 2), (1, 2), (0, 2))))  # leaves the skeleton's reach: nobody is asked
    assert f.token("bram").position == (0, 2) and not ask_pending(f.enc)
