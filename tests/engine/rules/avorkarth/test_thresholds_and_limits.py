"""Audit of the Avorkarth ruleset against its text: the edge cases the text names, each pinned.

Default stat blocks: attack 5, dodge 5, Strength 5, no armour; the Longsword has might 5.
Scripted d20 faces: 12 = success at category 0, 20 = critical, 5 = fail.
"""

import pytest
from avk_fixtures import block, encounter, fighter, run
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.dice import ScriptedDice
from vantage.engine.explain import Breakdown
from vantage.engine.model import Size
from vantage.engine.protocol import commands as c
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.attack_roll import Combatant, Situation, overwhelm, resolve_attack
from vantage.engine.rules.avorkarth.chart import DEFAULT_CHART
from vantage.engine.rules.avorkarth.initiative import Contender, ambush_order
from vantage.engine.rules.avorkarth.ledger import WoundedState, WoundLedger, in_minor
from vantage.engine.rules.avorkarth.morale import morale_check
from vantage.engine.rules.avorkarth.statblock import Weapon

SWORD = Weapon("Longsword", might=5)
PLATE = {"full": 5, "guarded": 0, "natural": 0}  # might 5 strikes at category 0
OK = 12


@pytest.mark.parametrize(("diff", "minor"), [(4, 10), (6, 30), (8, 50), (9, 50), (11, 150),
                                              (-2, -5), (-4, -10), (-5, -30), (-6, -30), (-9, -50)])
def test_overwhelm_rows_between_the_printed_ones(diff, minor):
    """"+/- 3 … 1 lesser / +/- 5 … 3 lesser wounds / +/- 7 … 1 wound / +/- 10 … 3 wounds" — the
    skipped differences (4, 6, 8, 9) take the row below them (assumed — not in the source text)."""
    assert overwhelm(block(strength=10 + diff), block(strength=10))[0] == minor


@pytest.mark.parametrize(("strike_face", "strength", "damage"), [
    (12, 10, 1),    # a lesser wound (10) − 3 lesser (30) → "To a minimum of 1 minor wound"
    (20, 12, 1),    # a wound (50) − 1 wound (50) → still at least 1 minor
    (20, 15, 0),    # −10: "Add/Remove 3 wounds … (Certain creatures cannot hurt others...)"
    (10, 10, 1),    # a minor wound (partial) +/-0: unchanged
    (10, 4, 1 + 2),  # the attacker 1 stronger: "Add … 2 minor wounds"
])
def test_overwhelm_on_the_damage_dealt(strike_face, strength, damage):
    """"The difference in strength between the users also changes the wounds dealt" with the
    minimum of 1 minor wound on every row but ±10."""
    a = Combatant("Bram", block())
    d = Combatant("Ogre", block(armour=PLATE, strength=strength))
    res = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([OK, strike_face]))
    assert res.damage == damage


def test_overwhelm_is_not_applied_to_a_negated_strike():
    """"Fail : The damage is negated." — nothing to add strength to."""
    a = Combatant("Bram", block(strength=15))
    d = Combatant("Imp", block(armour=PLATE, strength=5))
    assert resolve_attack(a, d, SWORD, Situation(), ScriptedDice([OK, 5])).damage == 0


W = WoundedState


@pytest.mark.parametrize(("wounds", "taken", "state", "one_minor_less"), [
    (4, 1, W.HURT, W.WELL),            # 3/4 left exactly: Hurt
    (4, 2, W.WOUNDED, W.HURT),         # 1/2 left exactly: Wounded
    (8, 1, W.WELL, W.WELL),            # 7/8 left: still Well
    (10, 9, W.CRIPPLED, W.WOUNDED),    # 1/10 left exactly: Crippled
    (10, 8, W.WOUNDED, W.WOUNDED),     # 2/10 left: Wounded
])
def test_wounded_state_thresholds_are_inclusive(wounds, taken, state, one_minor_less):
    """"Hurt 3/4 / Wounded 1/2 / Crippled 1/10" — the state starts when exactly that much is left;
    lesser and minor wounds do not count until they make a full wound."""
    ledger = WoundLedger(wounds).take(in_minor(wounds=taken))
    assert ledger.wounded_state() is state
    assert WoundLedger(wounds).take(in_minor(wounds=taken) - 1).wounded_state() is one_minor_less


def test_stamina_thresholds_with_the_penalty_steps():
    """"When their stamina is depleted, all combat attributes are reduced by 1, with a further 1 when
    they reach -Stamina and then -Stamina x 2." — 0, −5 and −10 for Stamina 5."""
    steps = {current: attr.stamina_state(current, 5).penalty for current in (1, 0, -4, -5, -9, -10, -30)}
    assert steps == {1: 0, 0: 1, -4: 1, -5: 2, -9: 2, -10: 3, -30: 3}


@pytest.mark.parametrize(("size", "bonus"), [(Size.SMALL, 0), (Size.MEDIUM, 0), (Size.LARGE, 1),
                                             (Size.HUGE, 2), (Size.GARGANTUAN, 4)])
def test_terrifying_size_doubles_per_size_above_large(size, bonus):
    """"A creature of Large size gains a +1 bonus to their presence, doubling per size greater than
    Large." """
    assert attr.terrifying_size(size) == bonus
    assert attr.presence(block(wounds=5), size).value == 5 + bonus  # Constitution 5 and Strength 5


@pytest.mark.parametrize(("wounds", "term"), [(5, 0), (9, 0), (10, 1), (14, 1), (15, 2), (30, 5)])
def test_presence_one_per_five_wounds_beyond_five(wounds, term):
    """"+ 1 per 5 Wounds - 5" read as ⌊(Wounds − 5)/5⌋ (assumed — not in the source text)."""
    assert attr.presence(block(wounds=wounds)).value == 5 + term


def test_ambushed_creature_equal_to_the_lowest_ambusher_still_acts():
    """"If a creature's initiative is lower than the lowest ambushing creature, they do not act this
    round." — equal is not lower; and players win the tie."""
    people = [Contender("orc", 4, 5, False), Contender("hero", 14, 5, True), Contender("mule", 13, 5, False)]
    order, left_out = ambush_order(people, ["orc"], ["hero", "mule"])
    assert [(e.token, e.initiative) for e in order] == [("hero", 4), ("orc", 4)]
    assert left_out == ["mule"]


def test_nonlethal_limit_is_wounds_minus_one_exactly():
    """"NON-LETHAL WOUNDS Wounds - 1" and "If a character receives non-lethal damage equal to their
    total non-lethal wounds, they fall unconscious." — lethal wounds count there too."""
    ledger = WoundLedger(3).take(in_minor(wounds=2) - 1)
    assert not ledger.unconscious
    ledger = ledger.take(1)
    assert ledger.unconscious and not ledger.dead


def test_critical_success_at_no_fear_stays_at_none_and_failure_scales():
    """"Critical Succes : Lose 1 Fear point." / "Failure : Gain 1 Fear point per difference …" /
    "Critical Failure : Gain 2 Fear points per difference" — with the documented reading
    difference = DC − Will, at least 1."""
    dc = Breakdown("Morale DC", 9)
    fail = morale_check("Bram", Breakdown("Resolve", 5), 5, dc, ScriptedDice([12]), DEFAULT_CHART)
    assert (fail.outcome.value, fail.fear_change) == ("fail", 4)  # 12 − 8 = 4: fail; DC 9 − Will 5
    crit = morale_check("Bram", Breakdown("Resolve", 5), 5, dc, ScriptedDice([10]), DEFAULT_CHART)
    assert (crit.outcome.value, crit.fear_change) == ("critical fail", 2 * 4)
    easy = morale_check("Bram", Breakdown("Resolve", 5), 5, Breakdown("DC", 2), ScriptedDice([1]),
                        DEFAULT_CHART)
    assert (easy.outcome.value, easy.fear_change) == ("fail", 1)  # Will is above the DC: at least 1
    enc = encounter(fighter("bram", (1, 1), "party", player=True), fighter("ghoul", (8, 8), "enemy"))
    enc, events = run(enc, ScriptedDice([20]), c.StartCombat())
    assert enc.combat["creatures"]["bram"]["fear"] == 0


DUELLIST = [{"name": "Sword", "might": 5}, {"name": "Dagger", "might": 3}, {"name": "Hook", "might": 2}]


def test_dual_wielding_three_weapons_is_three_attacks_at_minus_two():
    """"Dual Wielding : For each additional weapon held by a creature, add another primary attack but
    reduce all hitting values by 1." """
    enc = encounter(fighter("bram", (5, 4), "party", "S", player=True, weapons=DUELLIST),
                    fighter("ghoul", (5, 5), "enemy", "N"))
    enc = run(enc, ScriptedDice([OK]), c.StartCombat())[0]
    _, events = run(enc, ScriptedDice([5, 5, 5]), c.Attack("bram", "ghoul", options={"dual_wield": True}))
    hits = [e for e in events if e.kind == "hit"]
    assert len(hits) == 3 and {h.margin for h in hits} == {-2}


def duel():
    enc = encounter(fighter("bram", (5, 4), "party", "S", player=True),
                    fighter("ghoul", (5, 5), "enemy", "N"))
    return run(enc, ScriptedDice([OK]), c.StartCombat())[0]


def test_cripple_without_extra_rounds_is_minus_one_for_one_round():
    """"Cripple -1-X … reducing movement by half for 1+X rounds." — X = 0."""
    enc = duel()
    enc, events = run(enc, ScriptedDice([14]), c.Maneuver("bram", "ghoul", maneuver="cripple"))
    assert next(e for e in events if e.kind == "hit").margin == -1
    assert next(cd for cd in enc.token("ghoul").conditions if cd.name == "crippled").rounds_left == 1


def test_escape_needs_more_than_a_tie():
    """"If the target's total is greater than the grappler's, they escape." — a tie holds."""
    enc = duel()
    enc, _ = run(enc, ScriptedDice([18]), c.Maneuver("bram", "ghoul", maneuver="grapple"))
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))
    enc, events = run(enc, ScriptedDice([14, 14, OK]), c.EndTurn("ghoul"))
    assert any("cannot break Bram's hold (19 against 19)" in e.sentence for e in events)
    assert enc.token("ghoul").has_condition("grappled")


def test_bleeding_out_is_one_lesser_wound_each_round():
    """"if a creature is attacked while unconscious, they gain the bleeding out state and take 1 lesser
    wound every round thereafter" """
    enc = encounter(fighter("bram", (5, 4), "party", "S", player=True),
                    fighter("ghoul", (5, 5), "enemy", "N", conditions=("unconscious",), wounds=10))
    enc = run(enc, ScriptedDice([OK]), c.StartCombat())[0]
    # immobilised: automatic critical hit; strike might 5 − natural 0 + 3 → face 1 is a success
    enc, _ = run(enc, ScriptedDice([1]), c.Attack("bram", "ghoul"))
    after_hit = enc.combat["creatures"]["ghoul"]["lethal"]
    assert after_hit == 10
    assert enc.token("ghoul").has_condition("bleeding-out")
    enc, _ = run(enc, ScriptedDice([OK]), c.EndTurn("bram"))  # round 2: Bram's morale
    assert enc.combat["creatures"]["ghoul"]["lethal"] == after_hit + 10


@settings(max_examples=100)
@given(st.integers(-20, 20), st.integers(-20, 20))
def test_overwhelm_is_monotonic_and_symmetric(d1, d2):
    """"with the advantage to the creature with a greater strength score" — more strength never
    deals less, and the same difference adds as much as it removes the other way."""
    def ow(diff):
        a, b = (diff, 0) if diff >= 0 else (0, -diff)
        return overwhelm(block(strength=a), block(strength=b))[0]

    lo, hi = sorted((d1, d2))
    assert ow(lo) <= ow(hi)
    assert ow(d1) == -ow(-d1)


@settings(max_examples=100)
@given(st.integers(0, 20), st.sampled_from([10, 12, 20]))
def test_a_strike_that_goes_through_leaves_at_least_one_minor_wound(defender_strength, face):
    """"(To a minimum of 1 minor wound)" on every overwhelm row but ±10."""
    a = Combatant("Bram", block(strength=5))
    d = Combatant("Ogre", block(armour=PLATE, strength=defender_strength))
    damage = resolve_attack(a, d, SWORD, Situation(), ScriptedDice([OK, face])).damage
    assert damage >= (0 if 5 - defender_strength <= -10 else 1)
