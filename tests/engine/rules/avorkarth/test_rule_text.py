"""Issue 13: where the text speaks, the program follows it — one test per sentence the program
contradicted, each quoting the sentence.

Default fighters (``avk_fixtures``): Agility 6, Instinct 5 (attack 5, dodge 5), Strength 5,
Longsword might 5, armour 5 from the front (full 3, guarded 2), movement 6. The first scripted face
of each turn is the acting creature's morale check.
"""

import pytest
from avk_fixtures import block, encounter, fighter, run

from vantage.engine.dice import NoDice, ScriptedDice
from vantage.engine.protocol import commands as c
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.attack_roll import Situation, defender_dodge
from vantage.engine.rules.avorkarth.ledger import WoundedState
from vantage.engine.rules.avorkarth.statblock import validate_stat_block
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.session import CommandRejected

OK = 12
AVK = get_ruleset("avorkarth")


def started(*tokens, terrain=None, faces=(OK,), rules=None):
    enc = encounter(*tokens, terrain=terrain, combat={"rules": rules} if rules else None)
    enc, _ = run(enc, ScriptedDice(list(faces)), c.StartCombat())
    return enc


def hits(events):
    return [e for e in events if e.kind == "hit"]


# -- 1. charging: the distance to the target ------------------------------------------------------

def test_a_target_exactly_three_tiles_away_can_be_charged():
    """"This can onlly be done if the creature has a clear line between themselves and their target
    and is at least 3 tiles away." — the distance to the target, not the tiles moved."""
    enc = started(fighter("bram", (3, 5), "party", "E", player=True), fighter("ghoul", (6, 5), "enemy", "W"))
    labels = {o.label: o.legal for o in AVK.attack_options(enc, "bram", "ghoul")}
    assert labels.get("Charge with the Longsword") is True
    enc, events = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"charge": True}))
    assert enc.token("bram").position == (5, 5)
    assert hits(events)[0].margin == 1  # attack 5 + charging 1 − dodge 5


def test_a_target_two_tiles_away_cannot_be_charged():
    """"… and is at least 3 tiles away." Two tiles away is too close, whatever lane reaches it."""
    enc = started(fighter("bram", (3, 5), "party", "E", player=True), fighter("ghoul", (5, 5), "enemy", "W"))
    assert "Charge with the Longsword" not in {o.label for o in AVK.attack_options(enc, "bram", "ghoul")}
    with pytest.raises(CommandRejected, match="2 tiles away, a charge needs at least 3"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul", options={"charge": True}))


def test_the_tactics_declare_the_charge_distance():
    """"at least 3 tiles away": the GUI's charge overlay reads the same distance."""
    tactics = AVK.tactics()
    assert tactics.charge_min_distance == 3


# -- 2. retreating: only movement actions for the turn ---------------------------------------------

def test_a_creature_that_attacked_cannot_retreat_that_turn():
    """"Retreating : A creature may retreat out of melee range, but may only use movement actions for
    their turn." — for the whole turn: an attack earlier in it rules the retreat out."""
    enc = started(fighter("bram", (3, 5), "party", "W", player=True), fighter("ghoul", (4, 5), "enemy", "W"))
    enc, _ = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul"))
    with pytest.raises(CommandRejected, match="may only use movement actions for their turn"):
        run(enc, ScriptedDice([]), c.Move("bram", ((3, 5), (2, 5), (1, 5))))


def test_a_creature_that_only_moved_may_still_retreat():
    """"may only use movement actions for their turn": facing is no action, a retreat is allowed."""
    enc = started(fighter("bram", (3, 5), "party", "W", player=True), fighter("ghoul", (4, 5), "enemy", "W"))
    enc, _ = run(enc, ScriptedDice([]), c.Face("bram", "E"), c.Move("bram", ((3, 5), (2, 5), (1, 5))),
                 c.Answer("pass"))
    assert enc.token("bram").position == (1, 5)


# -- 3. cripple: 1 + X rounds the target feels ----------------------------------------------------

def test_a_cripple_after_the_targets_turn_lasts_through_its_next_turn():
    """"Cripple -1-X Attempt to cripple a target within attacking range, reducing movement by half for
    1+X rounds." A cripple (X = 0) made after the target has acted lasts through the next round."""
    enc = started(fighter("ghoul", (5, 5), "enemy", "N", instinct=6), fighter("bram", (5, 4), "party", "S",
                                                                             player=True))
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("ghoul"))
    enc, _ = run(enc, ScriptedDice([20]), c.Maneuver("bram", "ghoul", "cripple"))
    assert enc.token("ghoul").has_condition("crippled")
    enc, _ = run(enc, ScriptedDice([OK, OK]), c.EndTurn("bram"))  # round 2: the ghoul's turn
    assert enc.combat["round"] == 2
    assert enc.token("ghoul").has_condition("crippled")
    assert AVK.movement(enc, "ghoul").allowance.value == 3
    enc, _ = run(enc, ScriptedDice([OK, OK]), c.EndTurn("ghoul"), c.EndTurn("bram"))
    assert not enc.token("ghoul").has_condition("crippled")


def test_a_cripple_before_the_targets_turn_ends_with_the_round():
    """"… for 1+X rounds": made before the target acts, the round it is made in is the one it feels."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    enc, _ = run(enc, ScriptedDice([20]), c.Maneuver("bram", "ghoul", "cripple"))
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))
    assert AVK.movement(enc, "ghoul").allowance.value == 3
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("ghoul"))
    assert not enc.token("ghoul").has_condition("crippled")


# -- 4. a charge is movement: one terrain rule -----------------------------------------------------

def test_a_charge_out_of_brush_counts_the_brush_like_a_move():
    """"Difficult Terrain (Brush, …) : Half or -4 Movement (whichever is worse, Min 1)" — a charge is
    movement: starting in brush, movement 6 is 2 for the charge as for a move."""
    enc = started(fighter("bram", (1, 5), "party", "E", player=True), fighter("ghoul", (5, 5), "enemy", "W"),
                  terrain={(1, 5): "brush"})
    with pytest.raises(CommandRejected, match="cannot move that way"):
        run(enc, ScriptedDice([]), c.Move("bram", ((1, 5), (2, 5), (3, 5), (4, 5))))
    with pytest.raises(CommandRejected, match="cannot charge 3 tiles: .*difficult terrain"):
        run(enc, ScriptedDice([]), c.Attack("bram", "ghoul", options={"charge": True}))


# -- 5. bleeding out: a maneuver is an attack action -----------------------------------------------

def test_a_maneuver_on_an_unconscious_creature_starts_bleeding_out():
    """"if a creature is attacked while unconscious, they gain the bleeding out state" and "Combat
    maneuvers are attack actions that don't deal damage"."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True),
                  fighter("ghoul", (5, 5), "enemy", "N", conditions=("unconscious",)))
    enc, _ = run(enc, ScriptedDice([]), c.Maneuver("bram", "ghoul", "disarm"))
    assert enc.token("ghoul").has_condition("bleeding-out")


# -- 6. resistances: armour against damage of their type -------------------------------------------

def test_a_resistance_is_armour_against_damage_of_its_type():
    """"Resistances function as an armour value to any damage of its type." A fire weapon against fire
    resistance 3: armour 5 + 3."""
    torch = [{"name": "Torch", "might": 5, "damage": "fire"}]
    enc = started(fighter("bram", (5, 4), "party", "S", player=True, weapons=torch),
                  fighter("ghoul", (5, 5), "enemy", "N"))
    ghoul = enc.token("ghoul")
    stats = {**ghoul.stats, "resistances": {"fire": 3}}
    from dataclasses import replace
    enc = replace(enc, tokens=tuple(replace(t, stats=stats) if t.id == "ghoul" else t for t in enc.tokens))
    _, events = run(enc, ScriptedDice([OK, OK]), c.Attack("bram", "ghoul"))
    strike = next(e for e in events if e.kind == "strike")
    assert strike.margin == 5 - 8
    assert "fire resistance +3" in strike.explanation
    assert "armour −8" in strike.explanation


def test_a_resistance_does_not_count_against_other_damage():
    """"… to any damage of its type": a plain longsword meets no fire resistance."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    _, events = run(enc, ScriptedDice([OK, OK]), c.Attack("bram", "ghoul"))
    assert next(e for e in events if e.kind == "strike").margin == 0


def test_a_weapon_damage_type_is_checked():
    """The damage type is one of the resistances the text lists: "Acid, Poison, Necrotic, Fire, Cold,
    Shock, Holy, Infernal, Shadow and Spirit"."""
    good = {"abilities": dict(block().abilities), "wounds": 6,
            "weapons": [{"name": "Torch", "damage": "fire"}]}
    assert validate_stat_block(good) == []
    bad = {**good, "weapons": [{"name": "Torch", "damage": "lava"}]}
    (place, message), = validate_stat_block(bad)
    assert place == "stats.weapons[0].damage" and "not a damage type" in message and "fire" in message


# -- 7. swiftness: actions in a round ----------------------------------------------------------------

def test_swiftness_is_the_actions_of_a_round():
    """"Swiftness is how many actions a creature can do within a round regardless of their Initiative"
    and "The acting creature uses up to 10 actions": Agility 6 gives 6 actions."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    info = AVK.turn(enc)
    assert info.slots[0].left == 6 and info.slots[0].total == 6


def test_extra_turns_take_what_is_left_of_the_rounds_actions():
    """"Any creature whose swiftness exceeds 6 actions then gain additional turns per 6 actions" and
    "uses up to 10 actions": swiftness 13 is 10 actions in the first turn and the 3 left in the next."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True, agility=13),
                  fighter("ghoul", (5, 5), "enemy", "N"))
    assert [e[2] for e in enc.combat["order"] if e[0] == "bram"] == [0, 1, 2]
    assert AVK.turn(enc).slots[0].left == 10
    attack = c.Attack("bram", "ghoul")
    enc, _ = run(enc, ScriptedDice([5, 1] * 3), attack, attack, attack)  # 3 × 3 actions
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"), c.EndTurn("ghoul"))
    info = AVK.turn(enc)
    assert info.actor == "bram" and info.slots[0].left == 13 - 9


def test_the_ten_actions_a_turn_reading_is_an_option():
    """The earlier reading (every turn 10 actions, swiftness only adds turns) is the rules option
    ``swiftness: "ten_per_turn"``."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"),
                  rules={"swiftness": "ten_per_turn"})
    assert AVK.turn(enc).slots[0].left == 10


# -- 8. the lesser attack uses the move action ----------------------------------------------------

def test_a_move_uses_the_move_action_a_lesser_attack_needs():
    """"Lesser Attack :A creature may use it's given move action to instead do a lesser attack." """
    enc = started(fighter("bram", (5, 3), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    moved, _ = run(enc, ScriptedDice([]), c.Move("bram", ((5, 3), (5, 4))))
    with pytest.raises(CommandRejected, match="already used the move action"):
        run(moved, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"lesser": True}))


def test_a_lesser_attack_uses_the_move_action_a_move_needs():
    """"… use it's given move action to instead do a lesser attack": after it, no move action is left."""
    spear = [{"name": "Spear", "might": 4, "reach": 2}]
    enc = started(fighter("bram", (5, 3), "party", "S", player=True, weapons=spear),
                  fighter("ghoul", (5, 5), "enemy", "N"))
    enc, _ = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"lesser": True}))
    with pytest.raises(CommandRejected, match="already used the move action"):
        run(enc, ScriptedDice([]), c.Move("bram", ((5, 3), (4, 3))))


# -- 9. quicksand: −6 dodge, not immobilised ---------------------------------------------------------

def test_quicksand_is_minus_six_dodge_not_an_extreme_critical():
    """"Harsh Terrain (Quicksand) : No Movement, -6 Dodge." The −6 reaches the hit roll."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"),
                  terrain={(5, 5): "quicksand"})
    _, events = run(enc, ScriptedDice([5, OK]), c.Attack("bram", "ghoul"))
    assert events[0].kind == "roll"  # a hit roll is made
    assert hits(events)[0].margin == 5 - (5 - 6)
    assert "harsh terrain −6" in hits(events)[0].explanation


# -- 10. overwhelm: ranged attacks too --------------------------------------------------------------

def test_overwhelm_counts_for_a_bow():
    """"The difference in strength between the users also changes the wounds dealt" — a bow at
    strength +3: 1 lesser wound (10 minor) + 1 lesser = 20 minor."""
    bow = [{"name": "Bow", "might": 5, "ranged": True, "reach": 10}]
    enc = started(fighter("bram", (1, 1), "party", "S", player=True, weapons=bow, strength=8,
                          dexterity=6),
                  fighter("ghoul", (6, 6), "enemy", "N"))
    _, events = run(enc, ScriptedDice([OK, OK]), c.Attack("bram", "ghoul"))
    assert next(e for e in events if e.kind == "strike").damage == 20


def test_overwhelm_for_melee_only_is_an_option():
    """The rules option ``overwhelm_melee_only`` keeps the earlier reading."""
    bow = [{"name": "Bow", "might": 5, "ranged": True, "reach": 10}]
    enc = started(fighter("bram", (1, 1), "party", "S", player=True, weapons=bow, strength=8,
                          dexterity=6),
                  fighter("ghoul", (6, 6), "enemy", "N"), rules={"overwhelm_melee_only": True})
    _, events = run(enc, ScriptedDice([OK, OK]), c.Attack("bram", "ghoul"))
    assert next(e for e in events if e.kind == "strike").damage == 10


# -- 11. a fuller grapple costs the grappler more dodge --------------------------------------------

def _grappling(level):
    cond = "grappled" if level == "partial" else "fully-grappled"
    enc = started(fighter("bram", (5, 4), "party", "S", player=True),
                  fighter("ghoul", (5, 5), "enemy", "N", conditions=(cond,)))
    from dataclasses import replace
    combat = {**enc.combat, "grapples": [{"grappler": "bram", "target": "ghoul", "level": level, "choke": 0}]}
    return Work(replace(enc, combat=combat), NoDice())


def test_a_full_grapple_costs_the_grappler_all_its_dodge():
    """"While grappled, the initiating creature and its opponent both lose partial to full movement and
    lose bonuses to their Dodge. How much is depending on the state of the grapple." Partial: half;
    full: all of it."""
    partial = defender_dodge(_grappling("partial").combatant("bram"), Situation())
    full = defender_dodge(_grappling("full").combatant("bram"), Situation())
    assert partial.value == 2
    assert full.value == 0
    assert full.value <= partial.value


# -- 12./13. crippled halves, stamina lowers every combat attribute -------------------------------

def test_crippled_halves_swiftness_armour_and_presence():
    """"Crippled 1/10 1 Movement and Dodge, halve all other combat attributes." """
    b = block(armour={"full": 3, "guarded": 2, "natural": 0})
    cond = attr.Condition(WoundedState.CRIPPLED)
    assert attr.swiftness(b, cond).value == 3
    assert attr.armour_total(b, cond=cond).value == 2
    assert attr.presence(b, cond=cond).value == 2
    assert attr.resistance(b, "fire", cond).value == 2


def test_stamina_lowers_swiftness_armour_and_presence():
    """"When their stamina is depleted, all combat attributes are reduced by 1" (Tired)."""
    b = block(armour={"full": 3, "guarded": 2, "natural": 0})
    cond = attr.Condition(stamina=attr.StaminaState.TIRED)
    assert attr.swiftness(b, cond).value == 5
    assert attr.armour_total(b, cond=cond).value == 4
    assert attr.presence(b, cond=cond).value == 4
    assert attr.resistance(b, "fire", cond).value == 3


# -- smaller items ------------------------------------------------------------------------------------

def test_flanking_counts_allies_within_a_tile_by_default():
    """"For each additional ally within melee range of a creature, reduce its dodge by 1." Melee range is
    the text's "within a tile's distance … in melee combat"; an ally two tiles off with a spear does
    not flank unless the rules option ``flanking_range`` is ``"reach"``."""
    spear = [{"name": "Spear", "might": 4, "reach": 2}]
    tokens = (fighter("bram", (5, 4), "party", "S", player=True),
              fighter("ada", (3, 5), "party", weapons=spear), fighter("ghoul", (5, 5), "enemy", "N"))
    enc = started(*tokens)
    _, events = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul"))
    assert hits(events)[0].margin == 0
    enc = started(*tokens, rules={"flanking_range": "reach"})
    _, events = run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul"))
    assert hits(events)[0].margin == 1


def test_presence_has_no_penalty_below_five_wounds():
    """"PRESENCE Constitution OR Strength OR Charisma OR Elegance + 1 per 5 Wounds - 5": +1 for each 5
    Wounds beyond the first 5, never a penalty (4 Wounds: no bonus, no penalty)."""
    assert attr.presence(block(wounds=4)).value == 5
    assert attr.presence(block(wounds=10)).value == 6
    assert attr.presence(block(wounds=4), wounds_reading="minus_five").value == 5 + 0 - 5


def test_an_impossible_shove_is_not_legal():
    """Legality never says yes to what apply refuses: a shove into a wall of tokens is refused before
    the hit die is rolled."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"),
                  fighter("wight", (5, 6), "enemy", "N"))
    shove = c.Maneuver("bram", "ghoul", "shove", path=((5, 5), (5, 6)))
    legal, reason = AVK.legality(enc, shove)
    assert not legal and "cannot be moved that way" in reason
    with pytest.raises(CommandRejected, match="cannot be moved that way"):
        run(enc, ScriptedDice([]), shove)


# -- found on reading the whole text again ----------------------------------------------------------

def test_every_resistance_comes_from_vitality_or_toughness():
    """"Resistances are influenced by the character's vitality or toughness." The five the text does
    not assign (acid, holy, infernal, shadow, spirit) take the better of the two, never Will."""
    b = block(vitality=3, toughness=7, will=9)
    for kind in ("acid", "holy", "infernal", "shadow", "spirit"):
        assert attr.resistance(b, kind).value == 7
    assert attr.resistance(b, "cold").value == 3 and attr.resistance(b, "fire").value == 7


def test_a_charge_is_not_made_after_a_move():
    """"A creature may choose to charge a target … instead of simply moving and attacking": a charge
    is the move action; after a move there is none left for it."""
    enc = started(fighter("bram", (1, 5), "party", "E", player=True), fighter("ghoul", (7, 5), "enemy", "W"))
    enc, _ = run(enc, ScriptedDice([]), c.Move("bram", ((1, 5), (2, 5))))
    with pytest.raises(CommandRejected, match="already used the move action"):
        run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"charge": True}))


def test_a_category_reads_as_arithmetic():
    """Every derived number explains itself as arithmetic: "attack 5, dodge −5 = 0", never
    "attack 5 − dodge 5 0 = 0"."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    _, events = run(enc, ScriptedDice([OK, OK]), c.Attack("bram", "ghoul"))
    assert hits(events)[0].explanation.startswith("Hit category: attack 5, dodge −5 = 0;")
    assert next(e for e in events if e.kind == "strike").explanation.startswith(
        "Strike category: might 5, armour −5 = 0;")


def test_a_reading_option_with_an_unknown_value_is_refused_by_name():
    """Bad input gets a clear message naming the problem and where it is."""
    enc = encounter(fighter("bram", (5, 4), "party", player=True), combat={"rules": {"swiftness": "fast"}})
    with pytest.raises(CommandRejected, match='combat.rules.swiftness: "fast" is not one of "per_round", '
                                              '"ten_per_turn"'):
        run(enc, ScriptedDice([OK]), c.StartCombat())


def test_the_doc_lists_every_rules_option_with_its_default():
    """docs/rules/avorkarth.md: "every rules option is listed with its default"."""
    import json
    from pathlib import Path

    from vantage.engine.rules.avorkarth.state import DEFAULT_RULES

    doc = (Path(__file__).resolve().parents[4] / "docs" / "rules" / "avorkarth.md").read_text("utf-8")
    section = doc.split("### Rules options", 1)[1].split("\n## ", 1)[0]
    for key, default in DEFAULT_RULES.items():
        shown = "(the table above)" if key == "chart" else json.dumps(default)
        assert f"| `{key}` | `{shown}` |" in section or (key == "chart" and "| `chart` |" in section), key
    assert "| `action_costs` |" in section


def test_a_secondary_attack_is_added_to_a_primary_one():
    """"Secondary Attacks : … These can be added to the primary attacks by using a swift action." —
    added to a primary attack of the same turn, not made alone."""
    weapons = [{"name": "Claw", "might": 4}, {"name": "Bite", "might": 3, "secondary": True}]
    enc = started(fighter("bram", (5, 4), "party", player=True, weapons=weapons),
                  fighter("ghoul", (5, 5), "enemy"))
    with pytest.raises(CommandRejected, match="added to the primary attacks"):
        run(enc, ScriptedDice([5]), c.Attack("bram", "ghoul", options={"secondary": True}))
    enc, events = run(enc, ScriptedDice([5, 5]), c.Attack("bram", "ghoul"),
                      c.Attack("bram", "ghoul", options={"secondary": True}))
    assert len(hits(events)) == 2


def test_in_a_full_grapple_the_grappler_loses_its_movement_too():
    """"While grappled, the initiating creature and its opponent both lose partial to full movement":
    in a full grapple, full — the grappler cannot move either (``full_grapple_moves`` keeps the
    earlier reading: the grappler drags the target along)."""
    work = _grappling("full")
    from vantage.engine.rules.avorkarth.other_commands import allowance_for

    assert allowance_for(work, "bram").value == 0
    assert "full grapple" in allowance_for(work, "bram").explain()
    assert allowance_for(_grappling("partial"), "bram").value == 6


def test_the_tackled_target_decides_on_its_free_strike_and_spends_its_swift_action():
    """"Tackle +2 Attempt to fully grapple a target. (See Grappling) The target may use their swift
    action to get a free Striking roll with their primary attack." — the target may; if it does, its
    next turn has no swift action left."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"))
    waiting, events = run(enc, ScriptedDice([10]), c.Maneuver("bram", "ghoul", "tackle"))
    (decision,) = AVK.pending(waiting)
    assert decision.who == "ghoul" and "free strike" in decision.prompt
    assert {ch.value for ch in decision.choices} == {"strike", "pass"}
    passed, events = run(waiting, ScriptedDice([]), c.Answer("pass"))
    assert not any("answers the tackle" in e.sentence for e in events)
    assert passed.combat["creatures"]["bram"]["lethal"] == 0
    struck, events = run(waiting, ScriptedDice([12]), c.Answer("strike"))
    assert any("answers the tackle with a free strike (success)" in e.sentence for e in events)
    assert struck.combat["creatures"]["bram"]["lethal"] == 10
    struck, _ = run(struck, ScriptedDice([OK]), c.EndTurn("bram"))  # the ghoul's turn, its morale check
    info = AVK.turn(struck)
    assert info.actor == "ghoul" and info.slots[2].name == "swift action" and info.slots[2].left == 0
    passed, _ = run(passed, ScriptedDice([OK]), c.EndTurn("bram"))
    assert AVK.turn(passed).slots[2].left == 1


def test_the_free_strike_asks_nobody_when_tackle_decisions_are_off():
    """The rules option ``tackle_decisions: false``: the free strike is always taken."""
    enc = started(fighter("bram", (5, 4), "party", "S", player=True), fighter("ghoul", (5, 5), "enemy", "N"),
                  rules={"tackle_decisions": False})
    enc, events = run(enc, ScriptedDice([10, 12]), c.Maneuver("bram", "ghoul", "tackle"))
    assert not AVK.pending(enc)
    assert any("answers the tackle with a free strike" in e.sentence for e in events)


# -- issue 29: the attacker's choice to roll on ----------------------------------------------------

def test_the_attacker_decides_whether_to_roll_an_additional_hit():
    """"Critical Success : ... If the attacker's strike is also a critical, then the attacker may roll
    an additional hit." — may: the attacker (its player; the GM for an NPC) is asked, with the odds
    of the next hit roll; rolling it is the default."""
    enc = started(fighter("bram", (3, 5), "party", "E", player=True), fighter("ghoul", (4, 5), "enemy", "W"))
    waiting, _ = run(enc, ScriptedDice([20, 20]), c.Attack("bram", "ghoul"))  # critical hit and strike
    (decision,) = AVK.pending(waiting)
    assert decision.who == "bram" and decision.default == "roll"
    assert decision.prompt == (
        "Bram's hit and strike on Ghoul are both critical (1 wound so far): roll an additional hit?"
    )
    roll_on, stop = decision.choices
    assert roll_on.label == "Roll an additional hit with the Longsword"
    assert roll_on.chances["hit"] == pytest.approx(0.6)  # category 0: 9+ on the d20
    assert roll_on.chances["critical fail"] == pytest.approx(0.1)  # the risk of rolling on
    stopped, events = run(waiting, ScriptedDice([]), c.Answer("stop"))
    assert [e.sentence for e in events][-1] == "Bram rolls no additional hit: the critical chain stops."
    assert len(hits(events)) == 1
    rolled, events = run(waiting, ScriptedDice([5]), c.Answer("roll"))  # the additional hit misses
    assert len(hits(events)) == 2 and not AVK.pending(rolled)
