"""The Shattered World at the table: each roll with a target says what it needs (issue 16: "a small
keyboard-first prompt that says what the roll is for and what it needs"). The skill roll is a roll
under (assumed, docs/rules/shattered-world.md: "(1 + difficulty)d20 summed, succeeds when the total
is at most the skill rank"), so its target reads "12 or less", not "N+"."""

from __future__ import annotations

from vantage.engine.dice import ScriptedDice
from vantage.engine.protocol.commands import Answer, Attack, Command, EndTurn, SetTableDice, StartCombat
from vantage.engine.rules.asking import ask_pending
from vantage.engine.rules.decisions import DiceRequest
from vantage.engine.rules.shattered_world.skill import critical_needs, skill_needs
from vantage.engine.session import apply


def at_the_table(enc, command: Command, *answers: object) -> tuple[object, list[DiceRequest]]:
    """Every roll at the table: ``command`` sent, then each waiting decision answered in order
    (a tuple of faces for a roll, a choice's value otherwise); the dice requests asked, in order."""
    dice = ScriptedDice([])
    queue = list(answers)
    enc, _ = apply(enc, command, dice)
    asked: list[DiceRequest] = []
    while ask_pending(enc):
        (decision,) = ask_pending(enc)
        assert queue, f"unanswered: {decision.prompt}"
        answer = queue.pop(0)
        if decision.dice is not None:
            asked.append(decision.dice)
            assert isinstance(answer, tuple), f"{decision.prompt}: faces expected, {answer!r} given"
            enc, _ = apply(enc, Answer(faces=answer), dice)
        else:
            enc, _ = apply(enc, Answer(choice=str(answer)), dice)
    assert not queue, f"answers left over: {queue}"
    return enc, asked


def duel(sw, bram=None, ghoul=None, **combat):
    """Bram (party) beside Ghoul (enemy), every die rolled at the table; Bram acts first."""
    enc = sw.encounter(sw.fighter("bram", (1, 1), **(bram or {})),
                       sw.fighter("ghoul", (2, 1), "enemy", **(ghoul or {})), **combat)
    enc, _ = apply(enc, SetTableDice(everyone=True), ScriptedDice([]))
    enc, asked = at_the_table(enc, StartCombat(), (9,), (2,))
    return enc, asked


def test_initiative_says_what_it_compares(sw):
    """ "Each player rolls 1d10 for Initiative. A natural 1 is always 1; otherwise add the Dexterity
    Ability Bonus to the roll. High numbers move first." — no target, so it says what is compared."""
    _, asked = duel(sw, ghoul={"abilities": {"dexterity": 4}})
    assert [(r.purpose, r.needs) for r in asked] == [
        ("Bram Initiative", "a natural 1 is 1, else the face + Dexterity bonus 0; high numbers move first"),
        ("Ghoul Initiative", "a natural 1 is 1, else the face + Dexterity bonus -2; high numbers move first"),
    ]


def test_the_attack_and_the_parry_need_at_most_the_skill_and_the_damage_says_it_is_a_hit(sw):
    """ "Generally, Attacks are just Skill rolls against the appropriate weapon skill"; the damage
    roll has no target: it says that the attack hit (GM walkthrough 3: the prompt after a hit did
    not say so)."""
    enc, _ = duel(sw)
    _, asked = at_the_table(enc, Attack(attacker="bram", target="ghoul"),
                            "no", (4,), "parry-longsword", (15,), (6,))
    assert [(r.purpose, r.expr, r.needs) for r in asked] == [
        ("Bram Attack on Ghoul with the Longsword", "1d20", "12 or less succeeds"),
        ("Ghoul Parry with the Longsword", "1d20", "12 or less succeeds"),
        ("Bram damage to Ghoul (Longsword)", "1d12", "a hit: roll damage"),
    ]
    assert asked[0].sentence == "Bram Attack on Ghoul with the Longsword: 1d20 — 12 or less succeeds"


def test_a_stunt_adds_a_die_and_the_total_is_compared(sw):
    """ "The character is subject to a one-die penalty (a Stunt) if the same weapon is used for both
    Parrying and Attacking (in either order). The later roll suffers the penalty" — 2d20, summed."""
    enc, _ = duel(sw)
    enc, _ = at_the_table(enc, Attack(attacker="bram", target="ghoul"), "no", (13,))  # a miss
    enc, _ = apply(enc, EndTurn(token="bram"), ScriptedDice([]))
    _, asked = at_the_table(enc, Attack(attacker="ghoul", target="bram"),
                            "no", (4,), "parry-longsword", (6, 2), (5,))
    parry = asked[-2]
    assert (parry.expr, parry.needs) == ("2d20", "a total of 12 or less succeeds")


def test_the_dodge_roll_needs_at_most_the_dodge_skill(sw):
    """ "Unlike a Parry, a Dodge attempts to avoid all Attacks from a single opponent" — a skill roll
    against Dodge (10 here)."""
    enc, _ = duel(sw)
    _, asked = at_the_table(enc, Attack(attacker="bram", target="ghoul"), "dodge-parry", (3,), (13,))
    assert (asked[0].purpose, asked[0].needs) == ("Ghoul Dodge against Bram", "10 or less succeeds")


def test_critical_rolls_need_a_1_and_say_the_damage_they_give(sw):
    """ "Successful Critical rolls result in double damage, and double Criticals (1 on 1d20 three
    times) result in triple damage, and so on as long as the player keeps rolling 1's\""""
    enc, _ = duel(sw, ghoul={"hit_points": 60})
    _, asked = at_the_table(enc, Attack(attacker="bram", target="ghoul"),
                            "no", (1,), (1,), (1,), (7,), "no", (4,))
    criticals = [r.needs for r in asked if r.purpose.endswith("Critical roll")]
    assert criticals == ["1 is a Critical (double damage)", "1 is a Critical (triple damage)",
                         "1 is a Critical (quadruple damage)"]
    damage = next(r for r in asked if r.purpose.startswith("Bram damage"))
    assert damage.needs == "a Critical hit: roll damage, ×3"


def test_a_parried_hit_says_which_weapon_takes_the_blow(sw):
    """ "If the Parry roll succeeds, the character has interposed his or her weapon in the way of the
    incoming Attack." — the damage roll says it is a hit, and which weapon is in the way."""
    enc, _ = duel(sw)
    _, asked = at_the_table(enc, Attack(attacker="bram", target="ghoul"),
                            "no", (4,), "parry-longsword", (5,), (6,))
    assert (asked[-1].purpose, asked[-1].needs) == (
        "Bram damage to Ghoul (Longsword)", "a hit: roll damage (Parried: the Longsword takes the blow)")
    assert asked[-1].sentence.endswith("1d12 — a hit: roll damage (Parried: the Longsword takes the blow)")


def test_the_skill_reading_of_the_first_critical_roll_needs_at_most_the_skill():
    """Rules option ``critical_roll: "skill"``: the first Critical roll succeeds like the skill roll;
    the further ones on 1s."""
    assert critical_needs(12, "skill", 1) == "12 or less is a Critical (double damage)"
    assert critical_needs(12, "skill", 2) == "1 is a Critical (triple damage)"
    assert critical_needs(25, "skill", 1) == "20 or less is a Critical (double damage)"
    assert critical_needs(0, "skill", 1) == "nothing is a Critical: the least face is 1, more than 0"
    assert critical_needs(12, "one", 4) == "1 is a Critical (×5 damage)"


def test_the_weapons_saving_roll_needs_at_most_its_armor(sw):
    """ "the player must make a saving roll for the weapon (1d20 less than or equal to the armor
    value of the weapon), or it is broken and useless.\""""
    bram = {"weapons": [{"weapon": "great-axe", "skill": 12, "hand": "both"}], "abilities": {"strength": 16}}
    ghoul = {"weapons": [{"weapon": "dagger", "skill": 12, "hand": "main"}]}
    enc, _ = duel(sw, bram=bram, ghoul=ghoul)
    _, asked = at_the_table(enc, Attack(attacker="bram", target="ghoul"),
                            "no", (5,), "parry-dagger", (7,), (5, 4), (7,))
    save = asked[-1]
    assert (save.purpose, save.needs) == ("Ghoul saving roll for the Dagger", "6 or less saves (Armor 6)")


def test_a_fumble_roll_lists_what_each_face_does(sw):
    """The fumble tables are empty in the text (assumed, ``tables.ATTACK_FUMBLES``: 1d6, 1–4 nothing
    more, 5–6 the weapon falls): the roll picks a row, so it lists the rows."""
    enc, _ = duel(sw)
    _, asked = at_the_table(enc, Attack(attacker="bram", target="ghoul"), "no", (20,), (2,))
    fumble = asked[-1]
    assert (fumble.purpose, fumble.expr) == ("Bram Attack Fumble", "1d6")
    assert fumble.needs == "1–4 the attack goes wide, 5–6 the weapon slips from the hand"


def test_skill_needs_at_its_edges():
    """A roll under: the least total is one per die, the most twenty per die."""
    assert skill_needs(12, 0) == "12 or less succeeds"
    assert skill_needs(1, 0) == "1 or less succeeds"
    assert skill_needs(20, 0) == "any face succeeds"
    assert skill_needs(40, 1) == "any total succeeds"
    assert skill_needs(39, 1) == "a total of 39 or less succeeds"
    assert skill_needs(0, 0) == "nothing succeeds: the least is 1, more than 0"
    assert skill_needs(2, 2) == "nothing succeeds: the least is 3, one on each die, more than 2"
    assert skill_needs(3, 2) == "a total of 3 or less succeeds"
