"""One Shattered World command's working state: stat blocks, hit points and the states of dying,
the round's budget (step or move, attacks, parries, dodges) and the rules options."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from types import MappingProxyType
from typing import Any

from vantage.engine.dice import DiceSource, Roll
from vantage.engine.explain import Breakdown, Term
from vantage.engine.model import Encounter, Size
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.decisions import Answers
from vantage.engine.rules.shattered_world import schema
from vantage.engine.rules.shattered_world.schema import Creature, Weapon, holds_two
from vantage.engine.rules.shattered_world.tables import LIGHT_LEVELS, VISION, WEAPONS
from vantage.engine.rules.shattered_world.vocabulary import RULESET_NAME

#: The rules options of ``combat["rules"]`` and their defaults (docs/rules/shattered-world.md).
DEFAULT_RULES: dict[str, Any] = {
    # "one": a Critical roll succeeds on a 1 of 1d20; "skill": the first one like the skill roll
    "critical_roll": "one",
    # "ask": every reaction waits for the table; "players": NPCs take their default at once
    "reactions": "ask",
    # the initiative is rolled once for the combat (true: again at each round)
    "initiative_each_round": False,
    # the assumed fumble tables are used (false: a fumble is only a failure)
    "fumbles": True,
    # "Characters using two weapons may Attack twice or Parry twice (once with each)": "and" — two
    # Attacks and two Parries a Round; "or" — the second weapon gives a second Attack or a second
    # Parry, not both (the text's own "Attack once or Parry once" is exclusive)
    "two_weapons": "and",
}
_CHOICES = {"critical_roll": ("one", "skill"), "reactions": ("ask", "players"), "two_weapons": ("and", "or")}
_FLAGS = ("initiative_each_round", "fumbles")

#: A creature's states: fighting, dying (0 Hit Points), stable, dead.
UP, DYING, STABLE, DEAD = "up", "dying", "stable", "dead"
SURPRISED = "surprised"
UNCONSCIOUS = "unconscious"
PASS_WORDS = {1: "first", 2: "second", 3: "third"}
#: The weapons a creature has lost when it has lost none.
NOTHING_LOST: Mapping[str, str] = MappingProxyType({})
#: "All characters and/or monsters make at most one Attack, in descending order."
ONE_ATTACK_A_PASS = '"All characters and/or monsters make at most one Attack, in descending order"'
#: "Characters using two weapons may Attack twice or Parry twice (once with each) in a given Round."
ONCE_WITH_EACH = '"Characters using two weapons may Attack twice or Parry twice (once with each)"'
#: "...he or she is still dying and may not move around, fight, etc."
MAY_NOT_FIGHT = '"he or she is still dying and may not move around, fight, etc."'


#: The rules options of a combat that sets none (read only: every working copy shares it).
_DEFAULT_RULES_IN_FORCE: Mapping[str, Any] = MappingProxyType(dict(DEFAULT_RULES))


def checked_rules(given: object) -> Mapping[str, Any]:
    """The rules options in force: ``given`` (``combat["rules"]``) over :data:`DEFAULT_RULES`,
    CommandRejected naming an option whose value is not one it takes."""
    if not isinstance(given, dict) or not given:
        return _DEFAULT_RULES_IN_FORCE  # the defaults are valid
    rules = dict(DEFAULT_RULES)
    rules.update(given)
    for key, allowed in _CHOICES.items():
        if rules[key] not in allowed:
            raise CommandRejected(f"combat.rules.{key}: {rules[key]!r} is not one of {', '.join(allowed)}")
    for key in _FLAGS:
        if not isinstance(rules[key], bool):
            raise CommandRejected(f"combat.rules.{key}: {rules[key]!r} is not true or false")
    return rules


class Work(CombatWork):
    """The shared working copy with Shattered World's stat blocks and records."""

    def __init__(self, encounter: Encounter, dice: DiceSource, answers: Answers | None = None) -> None:
        super().__init__(encounter, dice, answers)
        self.rules = checked_rules(dict.get(self.combat, "rules"))
        self._parsed: dict[str, Creature] = {}

    # -- stat blocks ------------------------------------------------------------------------
    def stats(self, token_id: str) -> Creature:
        found = self._parsed.get(token_id)
        if found is None:
            token = self.token(token_id)
            if not token.stats:
                raise CommandRejected(f"{self.name(token_id)} has no {RULESET_NAME} stat block")
            parsed = schema.checked(token.stats)
            if not isinstance(parsed, Creature):
                place, message = parsed
                raise CommandRejected(f"{self.name(token_id)}'s stat block is not valid: {place}: {message}")
            found = self._parsed[token_id] = parsed
        return found

    def new_creature(self, token_id: str) -> dict[str, Any]:
        return {
            "wounds": 0,
            "unarmed": 0,
            "state": UP,
            "conscious": True,
            "moved": None,
            "attacks": 0,
            "parries": 0,
            "rolls": [],
            "dodges": {},
            "kicked": False,
            "passes": [],
            "attacked_with": [],
            "lost": {},
            "shield_armor": {},
        }

    def record(self, token_id: str) -> dict[str, Any]:
        """The token's record read-only (its defaults when it has none yet)."""
        creatures = dict.get(self.combat, "creatures")  # as creature_or_none, read the most of all
        found = dict.get(creatures, token_id) if creatures is not None else None
        return found if found is not None else self.new_creature(token_id)

    # -- hit points -------------------------------------------------------------------------
    def hp(self, token_id: str) -> tuple[int, int]:
        """(Hit Points left, Hit Points): "negatives will not be recorded"."""
        total = self.stats(token_id).hit_points
        rec = self.record(token_id)
        return max(0, total - int(rec["wounds"]) - int(rec["unarmed"])), total

    def disabled_at(self, token_id: str) -> int:
        """ "1/5th or less (round down, but not less than 1) of his or her Hit Points"."""
        return max(1, self.stats(token_id).hit_points // 5)

    def disabled(self, token_id: str) -> bool:
        total = self.stats(token_id).hit_points
        rec = self.record(token_id)
        left = max(0, total - int(rec["wounds"]) - int(rec["unarmed"]))  # :meth:`hp`
        return 0 < left <= max(1, total // 5)  # :meth:`disabled_at`

    def state(self, token_id: str) -> str:
        creatures = dict.get(self.combat, "creatures")  # :meth:`record`, read the most of all
        found = dict.get(creatures, token_id) if creatures is not None else None
        return str(found["state"]) if found is not None else UP  # a new record's state

    def out(self, token_id: str) -> bool:
        """Dying, stable or dead: "may not move around, fight, etc."."""
        return self.state(token_id) != UP

    def hp_text(self, token_id: str) -> str:
        left, total = self.hp(token_id)
        rec = self.record(token_id)
        text = f"Hit Points {left}/{total}"
        if rec["unarmed"]:
            text += f" ({rec['unarmed']} of the damage unarmed)"
        state = self.state(token_id)
        if state == UP and self.disabled(token_id):
            text += ", disabled"
        elif state != UP:
            text += f", {state}" + ("" if rec.get("conscious", True) or state == DEAD else ", unconscious")
        return text

    # -- the combat -------------------------------------------------------------------------
    def seen(self, key: str, default: Any = None) -> Any:
        """The combat section ``key`` as it stands now, to read only: not copied (a handler that
        changes it goes through ``combat``, which copies it first)."""
        return dict.get(self.combat, key, default)

    @property
    def participants(self) -> list[str]:
        return [str(t) for t in self.seen("participants", ())]

    def takes_part(self, token_id: str) -> bool:
        """Whether ``token_id`` is taking part in the combat."""
        return token_id in dict.get(self.combat, "participants", ()) or token_id in self.participants

    @property
    def started(self) -> bool:
        return bool(dict.get(self.combat, "started"))  # :meth:`seen`: a flag, never copied

    @property
    def round(self) -> int:
        return int(dict.get(self.combat, "round", 0))

    @property
    def order(self) -> list[list[Any]]:
        """The entries of the round's order, to read only (not copied: see :meth:`seen`)."""
        return list(self.seen("order", ()))

    def current(self) -> tuple[str, int] | None:
        """(whose entry it is, the pass) or None between entries."""
        combat = self.combat  # :meth:`seen`, twice
        index = dict.get(combat, "turn")
        order = dict.get(combat, "order", ())
        if index is None or not 0 <= index < len(order):
            return None
        entry = order[index]
        return str(entry[0]), int(entry[2])

    @property
    def actor(self) -> str | None:
        now = self.current()
        return now[0] if now else None

    @property
    def light(self) -> str:
        value = str(dict.get(self.combat, "light", "daylight"))
        return value if value in LIGHT_LEVELS else "daylight"

    def surprised(self, token_id: str) -> bool:
        return self.has(token_id, SURPRISED)

    def just_woke(self, token_id: str) -> bool:
        """Came to this Round: "he or she may not act in that same Round" (no Parry or Dodge either)."""
        return self.started and self.record(token_id).get("woke") == self.round

    # -- weapons in hand --------------------------------------------------------------------
    def lost(self, token_id: str) -> Mapping[str, str]:
        """The creature's weapons out of its hands (their index as text → "dropped", "thrown",
        "broken", "destroyed")."""
        rec = self.creature_or_none(token_id)
        lost = rec.get("lost") if rec is not None else None
        return lost or NOTHING_LOST

    def in_hand(self, token_id: str) -> tuple[Weapon, ...]:
        """The creature's weapons still in hand (not dropped, thrown or broken)."""
        lost = self.lost(token_id)
        weapons = self.stats(token_id).weapons
        return tuple(w for w in weapons if str(w.index) not in lost) if lost else weapons

    def shield_armor(self, token_id: str, weapon: Weapon) -> int:
        """A shield's armour points left ("lose armor points equal to the excess damage")."""
        left = self.record(token_id).get("shield_armor", {}).get(str(weapon.index))
        return int(left) if left is not None else int(weapon.armor or 0)

    def hand_weapons(self, token_id: str) -> tuple[Weapon, ...]:
        lost = self.lost(token_id)
        held = self.stats(token_id).hand_weapons
        return tuple(w for w in held if str(w.index) not in lost) if lost else held

    def two_weapons(self, token_id: str) -> bool:
        """ "Characters using two weapons" (a shield counts): one in each hand."""
        if self.lost(token_id):
            return holds_two(self.hand_weapons(token_id))
        return self.stats(token_id).two_weapons

    def attacks_per_round(self, token_id: str) -> int:
        return attacks_a_round(self.stats(token_id), self.two_weapons(token_id))

    def parries_per_round(self, token_id: str) -> int:
        return parries_a_round(self.two_weapons(token_id))

    def parried_with(self, token_id: str) -> set[int]:
        """The weapons (their index) that have parried this Round."""
        rolls = self.record(token_id).get("rolls", [])
        return {int(r[1]) for r in rolls if r[0] == "parry" and r[1] is not None}

    def budget_left(self, token_id: str) -> tuple[int, int]:
        """(attacks left, parries left) this round: "Take a Step, Attack once and Parry once" or
        "Make a Normal Move, Attack once or Parry once"."""
        rec = self.record(token_id)
        attacks, parries = int(rec["attacks"]), int(rec["parries"])
        if rec["moved"] == "move":
            spent = attacks + parries
            return (max(0, 1 - spent), max(0, 1 - spent))
        s = self.stats(token_id)
        lost = rec.get("lost")  # :meth:`two_weapons`, from the record at hand
        two = holds_two(w for w in s.hand_weapons if str(w.index) not in lost) if lost else s.two_weapons
        if two and self.rules["two_weapons"] == "or" and s.attacks < 2:
            room = 3 - attacks - parries  # a Step's Attack and Parry, and one more of either
            return (max(0, min(2 - attacks, room)), max(0, min(2 - parries, room)))
        return max(0, attacks_a_round(s, two) - attacks), max(0, parries_a_round(two) - parries)

    # -- difficulty -------------------------------------------------------------------------
    def difficulty(
        self,
        token_id: str,
        act: str,
        weapon: Weapon | None,
        target: str | None = None,
        extra: tuple[tuple[str, int], ...] = (),
    ) -> Breakdown:
        """The difficulty dice of a roll of ``act`` ("attack", "parry", "dodge") with their reasons."""
        rolls = self.record(token_id).get("rolls", [])
        terms = [(label, 1) for label in stunts(rolls, act, weapon)]
        if act == "attack" and target is not None:
            steps = _size_rank(self.token(token_id).size) - _size_rank(self.token(target).size)
            if steps >= 2:
                terms.append(("a Stunt: a target two or more sizes smaller", 1))
        s = self.stats(token_id)
        light = self.light
        dark = VISION[s.vision][light]
        if dark:
            terms.append((f"{light} ({s.vision} vision)", dark))
        if self.disabled(token_id):
            terms.append(("disabled", 1))
        if act == "dodge" and s.encumbered:
            terms.append(("encumbered", 1))
        terms.extend(extra)
        return difficulty_of(tuple(terms))

    def remember_roll(self, token_id: str, act: str, weapon: Weapon | None) -> None:
        rec = self.creature(token_id)
        rec.setdefault("rolls", []).append([act, None if weapon is None else weapon.index])

    def emit_roll(self, r: Roll, outcome: str | None = None) -> None:
        super().emit_roll(r, outcome)


@lru_cache(maxsize=256)
def difficulty_of(terms: tuple[tuple[str, int], ...]) -> Breakdown:
    """The difficulty :class:`Breakdown` of ``terms`` (label, d20s; a 0 is left out): a frozen
    value, made once for each set of reasons (the same few recur all combat long)."""
    return Breakdown("Difficulty", 0, "d20s added to the 1d20",
                     tuple(Term(label, dice) for label, dice in terms if dice != 0))


def attacks_a_round(s: Creature, two_weapons: bool) -> int:
    """The creature's Attacks a Round: its own, or two with two weapons ("once with each")."""
    return max(s.attacks, 2 if two_weapons else 1)


def parries_a_round(two_weapons: bool) -> int:
    """Parries a Round: one, or two with two weapons ("once with each")."""
    return 2 if two_weapons else 1


def stunts(rolls: list[list[Any]], act: str, weapon: Weapon | None) -> list[str]:
    """The Stunts a roll of ``act`` with ``weapon`` is, after the ``rolls`` (``[act, weapon index]``)
    made this Round: each adds 1d20 of difficulty."""
    out = []
    if act == "dodge":
        if any(r[0] in ("attack", "parry") for r in rolls):
            out.append("a Stunt: a Dodge after an Attack or Parry")
        return out
    if act not in ("attack", "parry"):
        return out
    if weapon is not None and weapon.hand == "off" and not weapon.shield and not weapon.natural:
        out.append("a Stunt: an off-hand weapon")
    other = "parry" if act == "attack" else "attack"
    if weapon is not None and any(r[0] == other and r[1] == weapon.index for r in rolls):
        out.append(f"a Stunt: the same weapon used to {other} this Round")
    if any(r[0] == "dodge" for r in rolls):
        out.append("a Stunt: after a Dodge this Round")
    return out


def _size_rank(size: Size) -> int:
    return size.rank


def weapon_label(weapon: Weapon | None) -> str:
    if weapon is None:
        return "the fist"
    return f"its {weapon.name}" if weapon.natural else f"the {weapon.name}"


def weapon_row_name(ident: str) -> str:
    return WEAPONS[ident].name if ident in WEAPONS else ident


def require_turn(work: Work, token_id: str) -> int:
    """The pass of ``token_id``'s entry now, or CommandRejected naming whose turn it is."""
    now = work.current()
    if now is None or now[0] != token_id:
        who = work.name(now[0]) if now else "nobody"
        raise CommandRejected(f"{work.name(token_id)} cannot act now: it is {who}'s turn")
    return now[1]


def require_fighting(work: Work, token_id: str, what: str) -> None:
    """A dying, stable or dead creature may not fight: "he or she is still dying and may not move
    around, fight, etc." (refused even when it fell during its own turn)."""
    state = work.state(token_id)
    if state == DEAD:
        raise CommandRejected(f"{work.name(token_id)} is dead and may not {what}")
    if state != UP:
        raise CommandRejected(f"{work.name(token_id)} is {state} and may not {what}: {MAY_NOT_FIGHT}")


def require_attack_of_pass(work: Work, token_id: str, number: int | None = None) -> int:
    """The pass of ``token_id``'s entry now, refused when it has already made this pass's Attack
    (an Attack, or what takes an Attack's place on its turn: binding wounds, picking a weapon up):
    "All characters and/or monsters make at most one Attack, in descending order. Any characters or
    monsters eligible for a second Attack then act in descending Initiative order". ``number``: the
    pass :func:`require_turn` has just given for ``token_id`` (nothing changed since), else asked."""
    if number is None:
        number = require_turn(work, token_id)
    if number in work.record(token_id).get("passes", ()):
        later = ""
        if work.attacks_per_round(token_id) > number and number + 1 in PASS_WORDS:
            later = f"; its {PASS_WORDS[number + 1]} Attack comes in the {PASS_WORDS[number + 1]} pass"
        raise CommandRejected(
            f"{work.name(token_id)} has made its Attack of the {PASS_WORDS[number]} pass: "
            f"{ONE_ATTACK_A_PASS}{later}"
        )
    return number


def spend_attack_of_pass(work: Work, token_id: str, number: int) -> None:
    """``token_id`` has made its Attack of pass ``number``."""
    work.creature(token_id).setdefault("passes", []).append(number)
