"""Wounds, rest, treatment and poisons."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import ApplyDamage, EndCombat, Heal, PassInitiative, Rest, SetCondition
from vantage.engine.rules.asking import ask_health, ask_pending
from vantage.engine.rules.baton.tables import category
from vantage.engine.rules.baton.vocabulary import PassTime, Poison, TakeAction, TreatWound


@pytest.fixture
def hurt(fight, make):
    return fight(
        make("bram", "sellsword", (2, 2)), make("corwin", "bard", (3, 2)), make("cult", "cultist", (8, 8))
    )


def test_wound_categories():
    """The text: "Wounds are classified according to their severity, and can be mild, moderate, or severe"
    (the thresholds are assumed: 1–2 mild, 3–5 moderate, 6+ severe)."""
    assert [category(s) for s in (1, 2, 3, 5, 6, 9)] == [
        "mild",
        "mild",
        "moderate",
        "moderate",
        "severe",
        "severe",
    ]


def test_a_short_rest_gives_1d6_plus_physique_stamina(hurt):
    """SHORT REST: "they recover 1d6 + Physique points of Stamina"."""
    hurt.do(ApplyDamage("bram", 9))  # Protection 6, then 3 Stamina
    sentences = hurt.do(Rest("short", 1, ("bram",)), 1)
    assert sentences[-1] == (
        "Bram catches their breath: 1d6 1 + Physique 2 = 3 Stamina (Protection 0/6, Stamina "
        "10/10, Health 10/10)."
    )


def test_a_short_rest_once_per_shift(hurt):
    """SHORT REST: "Once per shift, a character can take a short rest of a few minutes" — a second
    short rest in the same shift is refused with that sentence, and nothing is changed; once a shift
    has passed (the GM's pass_time, 6 hours a shift, assumed) it may rest again."""
    hurt.do(ApplyDamage("bram", 12))  # Protection 6, then 6 Stamina
    hurt.do(Rest("short", 1, ("bram",)), 1)
    refusal = (
        'Bram has already taken a short rest in shift 1 of day 1: "SHORT REST: Once per shift, a '
        'character can take a short rest"'
    )
    assert hurt.refused(Rest("short", 1, ("bram",)), 6) == refusal
    back_to_back = hurt.refused(Rest("short", 2, ("bram",)), 1, 1)
    assert back_to_back == f"rest.duration: 2 short rests back to back: {refusal.split(': ', 1)[1]}"
    assert hurt.refused(Rest("short", 1), 1, 1) == refusal  # everyone, Bram among them
    assert hurt.do(PassTime(349)) == ["349 minutes pass (the clock: shift 1 of day 1)."]
    assert hurt.refused(Rest("short", 1, ("bram",)), 6) == refusal
    assert hurt.do(PassTime(1)) == [
        "1 minute passes (the clock: shift 2 of day 1).",
        "A new shift begins: shift 2 of day 1.",
    ]
    sentences = hurt.do(Rest("short", 1, ("bram",)), 1)
    assert sentences[-1].startswith("Bram catches their breath: 1d6 1 + Physique 2 = 3 Stamina")


def test_a_long_rest_begins_a_new_shift(hurt):
    """A night's rest (8 hours, assumed) passes a shift: the short rest may be taken again."""
    hurt.do(Rest("short", 1, ("bram",)), 1)
    sentences = hurt.do(Rest("long", 1, ("bram",)))
    assert sentences[-1] == "A new shift begins: shift 2 of day 1."
    hurt.do(Rest("short", 1, ("bram",)), 1)


def test_the_clock_outlives_a_combat_and_is_not_moved_during_one(hurt):
    hurt.do(Rest("short", 1, ("bram",)), 1)
    hurt.start("bram")
    assert hurt.refused(PassTime(400)) == "combat is on: time between fights passes after end_combat"
    hurt.do(EndCombat())
    assert hurt.enc.combat["clock"] == 10
    assert hurt.refused(Rest("short", 1, ("bram",)), 1).startswith("Bram has already taken a short rest")
    assert hurt.refused(PassTime(-5)) == "pass_time.minutes: -5 is not a duration (at least 0)"


def test_an_npcs_wound_to_recover_from_is_the_gms_choice(hurt):
    """Recovering from Wounds: "a character may choose one of their wounds to try to recover from" —
    for an NPC the GM chooses (a decision, the most severe by default)."""
    hurt.set("cult", wounds=[{"severity": 1, "kind": "cutting"}, {"severity": 3, "kind": "blunt"}])
    hurt.do(Rest("long", 1, ("cult",)))
    (decision,) = ask_pending(hurt.enc)
    assert decision.who is None and decision.prompt == "Cult rests: which wound to recover from?"
    assert [c.label for c in decision.choices] == ["Mild wound, severity 1", "Moderate wound, severity 3"]
    assert decision.default == "1"
    sentences = hurt.answer("0", 6, 6)  # the mild one: 12 against 8
    assert "Cult's mild wound heals to severity 0." in sentences


def test_a_night_changes_each_wound_by_its_category(fight, make):
    """MODERATE WOUNDS: "increases by 1 at the end of each day"; SEVERE WOUNDS: "increases by 2";
    MILD: "does not increase naturally"; LONG REST: "recovers all of their Stamina"."""
    hurt = fight(make("bram", "sellsword", (2, 2), physique=5))  # Health 16
    hurt.set(
        "bram",
        wounds=[
            {"severity": 1, "kind": "cutting"},
            {"severity": 3, "kind": "cutting"},
            {"severity": 6, "kind": "blunt"},
        ],
        stamina=0,
    )
    # 10 Health lost: a negative chance on the recovery check (on the severe wound), which fails
    hurt.do(Rest("long", 1, ("bram",)))
    (decision,) = ask_pending(hurt.enc)  # "a character may choose one of their wounds"
    assert decision.who == "bram" and decision.default == "2" and len(decision.choices) == 3
    sentences = hurt.answer(None, 1, 1, 1)
    assert sentences[2:5] == [
        "Bram's mild wound holds to severity 1.",
        "Bram's moderate wound worsens to severity 4.",
        "Bram's severe wound worsens to severity 8.",
    ]
    assert ask_health(hurt.enc, "bram").text == "Protection 6/6, Stamina 3/3, Health 3/16"


def test_a_recovery_check_lowers_a_moderate_wound_instead_of_raising_it(hurt):
    """The text: "a Physique check with a difficulty equal to 7 + the wound's current severity ... MODERATE
    WOUNDS: Reduces the severity by 1, instead of increasing it by 1"."""
    hurt.set("bram", wounds=[{"severity": 3, "kind": "cutting"}])
    sentences = hurt.do(Rest("long", 1, ("bram",)), 6, 5)  # 11 + 2 = 13 against 7 + 3 = 10
    assert "Bram's moderate wound heals to severity 2." in sentences


def test_a_severe_wound_recovers_only_when_treated(hurt):
    """SEVERE WOUNDS: "The severity remains unchanged, instead of increasing by 2. Severe wounds only
    recover if they receive some form of treatment"; Treating Wounds: "a Treat Wounds check with a
    difficulty equal to 7 + the wound's current severity ... bandages for cutting and piercing
    wounds, or a splint for blunt wounds. On a success, the wound heals as though it were one category
    lower"."""
    hurt.set("bram", wounds=[{"severity": 6, "kind": "blunt"}])
    assert (
        hurt.refused(TreatWound("bram", "corwin", "bandages"))
        == "treat_wound.supply: a blunt wound needs splint, not 'bandages'"
    )
    hurt.do(TreatWound("bram", "corwin", "splint"), 6, 6)  # 12 + Treat Wounds 2 = 14 against 13
    assert hurt.record("bram")["wounds"][0]["treated"] is True
    sentences = hurt.do(Rest("long", 1, ("bram",)), 6, 6, 6)  # recovers: heals as a moderate wound, −1
    assert "Bram's moderate wound heals to severity 5." in sentences


def test_necrotic_wounds_do_not_recover_naturally_but_magic_heals_them(hurt):
    """Necrotic: "wounds caused by this type of damage do not recover naturally, requiring some form of
    magical treatment such as a miracle or healing potion"."""
    hurt.do(ApplyDamage("bram", 2, damage_kind="necrotic"))
    sentences = hurt.do(Rest("long", 1, ("bram",)), 6, 6)
    assert "Bram's mild wound holds to severity 2." in sentences
    hurt.do(Heal("bram", 2))
    assert hurt.record("bram")["wounds"] == []


def test_rests_are_taken_between_fights(hurt):
    hurt.start("bram")
    assert hurt.refused(Rest("short", 1)) == "combat is on: rests are taken between fights (end_combat first)"


def test_a_caustic_poison_deals_direct_damage_partial_or_full(hurt):
    """The text: "a Physique check with a difficulty equal to 7 + the poison's potency. On a
    success, they suffer only its partial effect"; Caustics: "PARTIAL EFFECT: Takes 2d3 direct
    damage. FULL EFFECT: Takes 2d6 direct damage"."""
    sentences = hurt.do(Poison("bram", "caustic", 2), 5, 5, 1, 2)  # 12 vs 9: partial, 2d3
    assert "Bram takes 3 direct damage (caustic poison, partial effect)." in sentences
    assert hurt.record("bram")["wounds"] == [{"severity": 3, "kind": "cutting"}]


def test_a_neurotoxin_paralyzes_ticks_each_turn_and_can_be_resisted(hurt):
    """Neurotoxins: "FULL EFFECT: Becomes paralyzed and takes 1d3 fatigue damage per turn. When has the
    initiative, the character can spend a major action to try to resist the poison's effect and
    remake the Physique check"."""
    hurt.start("bram")
    hurt.do(Poison("corwin", "neurotoxin", 3), 1, 1)  # fails: full effect
    assert hurt.has("corwin", "paralyzed") and hurt.has("corwin", "poisoned")
    hurt.do(PassInitiative("bram", "cult"))
    sentences = hurt.do(PassInitiative("cult", "corwin"), 2)  # the initiative returns: 1d3 fatigue
    assert "Corwin takes 2 fatigue damage (neurotoxin poison)." in sentences
    sentences = hurt.do(TakeAction("corwin", "resist_poison"), 6, 6)
    assert "Corwin is no longer paralyzed (resisted the neurotoxin)." in sentences


def test_fire_is_a_wound_that_worsens_each_turn(hurt):
    """Fire: "they suffer a wound that worsens as long as they remain in contact with the fire. The
    severity of this wound increases each turn" (the table of heat sources is missing: assumed,
    severity 1 and +1 a turn)."""
    hurt.start("bram")
    hurt.do(PassInitiative("bram", "cult"))
    hurt.do(SetCondition("corwin", "burning"))
    sentences = hurt.do(PassInitiative("cult", "corwin"))
    assert (
        "Corwin suffers a mild wound of severity 1 (in the fire): Protection 1/1, Stamina 7/7, Health 7/8."
        in sentences
    )
    hurt.do(PassInitiative("corwin", "cult"))
    sentences = hurt.do(PassInitiative("cult", "bram"))
    assert "Corwin's burn worsens to severity 2: Protection 1/1, Stamina 6/6, Health 6/8." in sentences


def test_holding_the_breath_1_minute_per_physique_then_1d6_fatigue_a_minute(hurt):
    """Suffocation and Drowning: "hold their breath ... for 1 minute per level of Physique. After that,
    they take 1d6 fatigue damage per minute without breathing"."""
    from vantage.engine.rules.baton.vocabulary import HoldBreath

    assert hurt.do(HoldBreath("bram", 2)) == [
        "Bram holds their breath for 2 minutes (Physique 2: up to 2 minutes)."
    ]
    sentences = hurt.do(HoldBreath("bram", 4), 3, 4)
    assert "Bram takes 3 fatigue damage (suffocating)." in sentences and hurt.record("bram")["stamina"] == 3


def test_an_inoculant_and_a_hallucinogen(hurt):
    """Inoculant: "PARTIAL EFFECT: Takes 1d6 fatigue damage. FULL EFFECT: Takes 1d6 fatigue damage
    immediately and another 1d3 per turn"; Hallucinogens: "FULL EFFECT: Has a negative chance on any
    check related to discerning reality and becomes confused for 1d3 hours"."""
    sentences = hurt.do(Poison("bram", "inoculant", 1), 6, 6, 4)  # 12 + 2 against 8: partial
    assert "Bram takes 4 fatigue damage (inoculant poison, partial effect)." in sentences
    assert not hurt.has("bram", "poisoned")
    hurt.do(Poison("corwin", "inoculant", 1), 1, 1, 2)  # full: 1d6 now, 1d3 each turn
    assert hurt.has("corwin", "poisoned")
    hurt.do(Poison("cult", "hallucinogen", 2), 1, 1, 2)
    assert hurt.has("cult", "confused") and hurt.has("cult", "hallucinating")
