"""State handling through ``apply``: immutability, GM commands, optional rules, queries."""

import json

from avk_fixtures import encounter, fighter, run
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.dice import ScriptedDice, SeededDice
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.gm_commands import Place
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth.vocabulary import Stay
from vantage.engine.rules.base import ActionSlot
from vantage.engine.session import CommandRejected, apply


def _duel(combat=None):
    enc = encounter(fighter("bram", (5, 6), "party", "N", player=True),
                    fighter("ghoul", (5, 5), "enemy", "S"),
                    combat=combat)
    return run(enc, ScriptedDice([12]), c.StartCombat())[0]


def test_attacking_an_unconscious_creature_makes_it_bleed_out():
    """"if a creature is attacked while unconscious, they gain the bleeding out state and take 1
    lesser wound every round thereafter until it is healed" """
    enc = run(_duel(), ScriptedDice([]), c.ApplyDamage("ghoul", amount=250, track="non-lethal"))[0]
    assert enc.token("ghoul").has_condition("unconscious")
    enc, events = run(enc, ScriptedDice([1]), c.Attack("bram", "ghoul"))
    assert enc.token("ghoul").has_condition("bleeding-out")
    before = enc.combat["creatures"]["ghoul"]["lethal"]
    enc, _ = run(enc, ScriptedDice([12]), c.EndTurn("bram"))  # the Ghoul is out: the round ends
    assert enc.combat["creatures"]["ghoul"]["lethal"] == before + 10
    enc, _ = run(enc, ScriptedDice([]), c.Heal("ghoul", amount=10))
    assert not enc.token("ghoul").has_condition("bleeding-out")


def test_wounded_states_can_be_switched_off():
    """"WOUNDED STATES (OPTIONAL)" — on by default, off through combat.rules."""
    on = run(_duel(), ScriptedDice([]), c.ApplyDamage("bram", amount=150))[0]
    off = _duel({"rules": {"wounded_states": False}})
    off = run(off, ScriptedDice([]), c.ApplyDamage("bram", amount=150))[0]
    ruleset = get_ruleset("avorkarth")
    assert ruleset.describe_state(on, "bram")["wounded_state"] == "wounded"
    assert ruleset.explain(on, "bram")["dodge"].value == 2
    assert ruleset.explain(off, "bram")["dodge"].value == 5


def test_regain_wounds_command():
    """"Minor wounds are removed at a pace of 1 per week of in-game time" """
    enc = run(_duel(), ScriptedDice([]), c.ApplyDamage("bram", amount=53), c.Rest("natural", duration=2))[0]
    assert enc.combat["creatures"]["bram"]["lethal"] == 51


def test_queries_explain_and_turn():
    enc = _duel()
    ruleset = get_ruleset("avorkarth")
    values = ruleset.explain(enc, "bram")
    assert str(values["melee attack"]) == "Melee attack: (Agility 6 + Instinct 5) / 2 = 5"
    info = ruleset.turn(enc)
    assert info.round == 1 and info.actor == "bram" and info.slots[0] == ActionSlot("actions", 6, 6)
    assert ruleset.turn(encounter(fighter("bram", (1, 1), "party"))) is None
    assert ruleset.validate_stats({"wounds": 2}) == [
        ("stats.abilities", "missing: give all ten scores (strength, agility, dexterity, instinct, "
                            "constitution, vitality, toughness, will, charisma, elegance)")]


def test_a_token_without_a_stat_block_is_refused_with_the_reason():
    from dataclasses import replace

    enc = _duel()
    enc = enc.with_token(replace(enc.token("ghoul"), stats={"wounds": 3}))
    try:
        apply(enc, c.Attack("bram", "ghoul"), ScriptedDice([]))
    except CommandRejected as exc:
        assert exc.reason.startswith("Ghoul has no usable Avorkarth stat block (stats.abilities: missing")
    else:
        raise AssertionError("an attack on a token without stats went through")


_ACTORS = ("bram", "ghoul")
_COMMANDS = st.one_of(
    st.builds(c.Attack, st.sampled_from(_ACTORS), st.sampled_from(_ACTORS),
              options=st.sampled_from([{}, {"lethal": False}])),
    st.builds(c.EndTurn, st.sampled_from(_ACTORS)),
    st.builds(Stay, st.sampled_from(_ACTORS)),
    st.builds(c.Maneuver, st.sampled_from(_ACTORS), st.sampled_from(_ACTORS),
              st.sampled_from(["trip", "grapple", "disarm", "cripple", "tackle"])),
    st.builds(c.StandUp, st.sampled_from(_ACTORS)),
    st.builds(c.Stance, st.sampled_from(_ACTORS), st.sampled_from(["defensive", "normal"])),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(_COMMANDS, max_size=25), st.integers(0, 1000))
def test_apply_never_changes_its_input(commands, seed):
    enc = _duel()
    dice = SeededDice(seed)
    for cmd in commands:
        snapshot = json.dumps(enc.combat, sort_keys=True), enc.tokens
        try:
            new, events = apply(enc, cmd, dice)
        except CommandRejected as exc:
            assert exc.reason
            new, events = enc, []
        assert (json.dumps(enc.combat, sort_keys=True), enc.tokens) == snapshot
        assert all(e.sentence for e in events)
        enc = new
    creatures = enc.combat["creatures"]
    assert all(cr["nonlethal"] >= cr["lethal"] >= 0 for cr in creatures.values())


def test_chart_and_action_costs_are_overridable_per_encounter():
    """Assumed tables are data: combat.rules.chart and combat.rules.action_costs replace the defaults."""
    enc = _duel({"rules": {"chart": {"faces_per_category": 1, "success_max": 18},
                           "action_costs": {"attack": 2}}})
    enc, events = run(enc, ScriptedDice([19, 12, 5, 5]), c.Attack("bram", "ghoul"), c.Attack("bram", "ghoul"),
                      c.Attack("bram", "ghoul"))
    assert next(e for e in events if e.kind == "hit").outcome == "critical success"  # 19 > success_max 18
    assert enc.combat["creatures"]["bram"]["actions"] == 6


def test_gm_place_ignores_turns_but_not_the_map_edge():
    enc, events = run(_duel(), ScriptedDice([]), Place("ghoul", (9, 9)))
    assert enc.token("ghoul").position == (9, 9) and events[0].sentence == "The GM places Ghoul at (9, 9)."
    try:
        apply(enc, Place("ghoul", (12, 3)), ScriptedDice([]))
    except CommandRejected as exc:
        assert exc.reason == "Ghoul does not fit on the map at (12, 3)"
    else:
        raise AssertionError("placed off the map")


def test_movement_explains_wounded_state_and_conditions():
    """"Cripple … reducing movement by half" and "Hurt … -1 Movement" both show in the movement value."""
    enc = run(_duel(), ScriptedDice([]), c.ApplyDamage("bram", amount=100),
              c.SetCondition("bram", "crippled", rounds=2))[0]
    movement = get_ruleset("avorkarth").explain(enc, "bram")["movement"]
    assert movement.value == 2  # 6 − 1 (hurt) = 5, crippled: half → 2
    assert "hurt" in movement.explain() and "crippled: half" in movement.explain()
