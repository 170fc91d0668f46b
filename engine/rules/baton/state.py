"""Baton's working copy: the stat blocks, the three layers and the combat bookkeeping.

``combat`` holds::

    {"rules": {...}, "started": true, "participants": [...], "holder": "party", "actor": "bram",
     "acted": ["bram"], "turn": 3, "items": [{"name": "Longsword", "tile": [4, 5], "owner": "ghoul"}],
     "creatures": {"bram": {"protection": 4, "stamina": 10, "wounds": [{"severity": 2, ...}],
                            "major": 1, "minor": 1, "move_left": 6, "check": "even", ...}}}

Protection and Stamina are stored as what is left (missing: full); Health is 6 + 2 × Physique less
the severity of every wound.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import Any

from vantage.engine.dice import DiceSource
from vantage.engine.explain import Breakdown
from vantage.engine.model import Encounter, Side, Token
from vantage.engine.movement.riding import mount_of, riders_of, unseat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import DamageTaken, Note, TokenDied, TokenMoved
from vantage.engine.rules.baton.check import CHECK, Chances, CheckTable, difficulty, make_check
from vantage.engine.rules.baton.schema import SCHEMA, StatBlock, armour_problems, read_stats, weapon_problems
from vantage.engine.rules.baton.tables import (
    POINTS_PER_CHANCE,
    PROTECTION_PENALISED,
    RULESET_NAME,
    category,
    rules_given,
)
from vantage.engine.rules.combat_work import CombatWork
from vantage.engine.rules.decisions import Answers, Choice
from vantage.engine.rules.stat_memo import memo_by_stats

DEAD = "dead"
#: The conditions that take a participant out of the fight (not standing).
OUT_OF_THE_FIGHT = (DEAD, "petrified")
SIDES = (Side.PARTY.value, Side.ENEMY.value)


@memo_by_stats()
def stat_problems(stats: object, place: str = "stats") -> list[tuple[str, str]]:
    problems = SCHEMA.validate(stats, place)
    if isinstance(stats, Mapping):
        problems += weapon_problems(stats.get("weapons", []), place)
        problems += armour_problems(stats.get("armour", []), place)
    return problems


@memo_by_stats()
def checked_stats(stats: object) -> StatBlock | tuple[str, str]:
    """The :class:`StatBlock` of a valid stat block, else its first problem (place, message): what
    a command reads of a stat block, in one look-up of the memo."""
    problems = stat_problems(stats)
    if problems:
        return problems[0]
    return read_stats(stats)


def health_lost(record: Mapping[str, Any]) -> int:
    """ "The sum of the severity of all wounds" of a creature's record."""
    lost = 0
    for w in record.get("wounds", ()):
        lost += int(w.get("severity", 0))
    return lost


def _out_of_the_fight(token: Token) -> bool:
    for c in token.conditions:  # noqa: SIM110 (a loop: no generator per call)
        if c.name in OUT_OF_THE_FIGHT:
            return True
    return False


#: The record of a creature that has none yet (read only).
_NO_RECORD: Mapping[str, Any] = MappingProxyType({})


class BatonWork(CombatWork):
    """One command's working state with Baton's stat blocks and layers."""

    def __init__(self, encounter: Encounter, dice: DiceSource, answers: Answers | None = None) -> None:
        super().__init__(encounter, dice, answers)
        #: token id → its stat block, read once per command
        self._blocks: dict[str, StatBlock] = {}
        #: (the tokens, each ridden mount's rider): :meth:`riders`
        self._riders: tuple[tuple[Token, ...], dict[str, str]] | None = None

    def new_creature(self, token_id: str) -> dict[str, Any]:
        return {"wounds": []}

    # -- reading -------------------------------------------------------------------------------
    @property
    def rules(self) -> dict[str, Any]:
        cached = self.memo.get("rules")
        if cached is None:
            cached = rules_given(dict.get(self.combat, "rules"))  # read, not copied
            self.memo["rules"] = cached
        return cached  # type: ignore[return-value]

    @property
    def table(self) -> CheckTable:
        """The core check's numbers (the defaults while ``combat["rules"]`` is not valid: a query
        never fails on it, and every command that starts a fight refuses it by name)."""
        cached = self.memo.get("table")
        if isinstance(cached, CheckTable):
            return cached
        try:
            rules = self.rules
            table = CheckTable.from_rules(rules) if rules.get("check") is not None else CHECK
        except (CommandRejected, TypeError, ValueError):
            table = CHECK
        self.memo["table"] = table
        return table

    def stats(self, token_id: str) -> StatBlock:
        found = self._blocks.get(token_id)
        if found is not None:
            return found
        token = self.token(token_id)
        if not token.stats:
            raise CommandRejected(f"{self.name(token_id)} has no {RULESET_NAME} stat block")
        block = checked_stats(token.stats)
        if not isinstance(block, StatBlock):
            place, message = block
            raise CommandRejected(f"{self.name(token_id)}'s stat block is not valid: {place}: {message}")
        self._blocks[token_id] = block
        return block

    @property
    def participants(self) -> list[str]:
        """The participants, in order (read without copying the list: the answer is a new list)."""
        return [str(t) for t in dict.get(self.combat, "participants", ())]

    @property
    def actor(self) -> str | None:
        actor = dict.get(self.combat, "actor")
        return None if actor is None else str(actor)

    def side(self, token_id: str) -> str:
        token = self._tokens.get(token_id) or self.token(token_id)
        return str(token.side._value_)

    def has(self, token_id: str, condition: str) -> bool:
        """Whether the token has ``condition`` (the shared answer; Baton asks it of every
        participant many times a command, and most have no condition at all)."""
        token = self._tokens.get(token_id) or self.token(token_id)
        for c in token.conditions:  # noqa: SIM110 (a loop: no generator per call)
            if c.name == condition:
                return True
        return False

    def dead(self, token_id: str) -> bool:
        return self.has(token_id, DEAD)

    def side_and_dead(self, token_id: str) -> tuple[str, bool]:
        """(:meth:`side`, :meth:`dead`) of ``token_id``, its token looked up once (the turn bar
        asks both of every participant)."""
        token = self._tokens.get(token_id) or self.token(token_id)
        for c in token.conditions:
            if c.name == DEAD:
                return str(token.side._value_), True
        return str(token.side._value_), False

    def standing(self, side: str | None = None) -> list[str]:
        """The participants (of ``side``) neither dead nor petrified."""
        out = []
        tokens = self._tokens
        for raw in dict.get(self.combat, "participants", ()):  # read, not copied
            t = str(raw)
            token = tokens.get(t) or self.token(t)
            if token.conditions and _out_of_the_fight(token):
                continue
            if side is None or token.side._value_ == side:
                out.append(t)
        return out

    def record(self, token_id: str) -> Mapping[str, Any]:
        creatures = dict.get(self.combat, "creatures")
        found = None if creatures is None else dict.get(creatures, token_id)
        return found or _NO_RECORD

    def riders(self) -> Mapping[str, str]:
        """Each ridden mount's rider (the first on the map), worked out once for the tokens as they
        are (again when a token changes: the map's tokens are then a new tuple)."""
        tokens = self.enc.tokens
        seen = self._riders
        if seen is not None and seen[0] is tokens:
            return seen[1]
        found: dict[str, str] = {}
        for t in tokens:
            if t.rides is not None and t.rides != t.id:
                found.setdefault(t.rides, t.id)
        self._riders = (tokens, found)
        return found

    def is_player(self, token_id: str) -> bool:
        return self.stats(token_id).player

    # -- asking ------------------------------------------------------------------------------
    def answer_at_hand(self) -> bool:
        """Whether the next question of this command is answered already: the command runs again
        with the table's answers so far, and only the values of the choices are read to check it."""
        return self.answers.used < len(self.answers.given)

    def choices(self, values: Sequence[str], full: Callable[[], Sequence[Choice]]) -> tuple[Choice, ...]:
        """The choices of a question: ``full()`` (with their odds and words) when the table is to
        be asked; their ``values`` alone when its answer is at hand."""
        if self.answer_at_hand():
            return tuple(Choice(value, value, {}, "") for value in values)
        return tuple(full())

    # -- the three layers ----------------------------------------------------------------------
    def wounds(self, token_id: str) -> list[Mapping[str, Any]]:
        return list(self.record(token_id).get("wounds", ()))

    def health_left(self, token_id: str) -> int:
        """ "The sum of the severity of all wounds is subtracted from the character's Health"."""
        return max(0, self.stats(token_id).health - health_lost(self.record(token_id)))

    def stamina_left(self, token_id: str) -> int:
        """What is left of Stamina, never above the current Health ("maximum Stamina equals their
        current Health value")."""
        stored = self.record(token_id).get("stamina")
        health = self.health_left(token_id)
        return health if stored is None else max(0, min(int(stored), health))

    def protection_left(self, token_id: str) -> int:
        stored = self.record(token_id).get("protection")
        full = self.stats(token_id).protection
        return full if stored is None else max(0, min(int(stored), full))

    def layers_text(self, token_id: str) -> str:
        s = self.stats(token_id)
        health = self.health_left(token_id)  # worked out once: :meth:`stamina_left` reads it too
        stored = self.record(token_id).get("stamina")
        stamina = health if stored is None else max(0, min(int(stored), health))  # :meth:`stamina_left`
        return (
            f"Protection {self.protection_left(token_id)}/{s.protection}, Stamina "
            f"{stamina}/{health}, Health {health}/{s.health}"
        )

    # -- chances every check carries -------------------------------------------------------------
    def own_chances(self, token_id: str, skill: str, attack: bool = False) -> Chances:
        """The chances a character brings to any check of ``skill``: −1 per 6 Health lost; −1 per 6
        Protection on penalised checks; shaken on attacks and penalised checks; a Boon."""
        chances = Chances()
        lost = self.stats(token_id).health - self.health_left(token_id)
        if lost >= POINTS_PER_CHANCE:
            chances = chances.minus(f"{lost} Health lost", lost // POINTS_PER_CHANCE)
        penalised = skill in PROTECTION_PENALISED
        protection = self.protection_left(token_id)
        if penalised and protection >= POINTS_PER_CHANCE:
            chances = chances.minus(f"Protection {protection}", protection // POINTS_PER_CHANCE)
        if self.has(token_id, "shaken") and (attack or penalised):
            chances = chances.minus("shaken")
        if int(self.record(token_id).get("boons", 0)) > 0:
            chances = chances.plus("a Boon")
        return chances

    def spend_boon(self, token_id: str, chances: Chances) -> None:
        if "a Boon" in chances.positive:
            record = self.creature(token_id)
            record["boons"] = int(record.get("boons", 0)) - 1

    # -- taking damage -------------------------------------------------------------------------
    def take_damage(
        self,
        token_id: str,
        amount: int,
        *,
        how: str = "",
        kind: str | None = None,
        track: str | None = None,
        wound_kind: str = "cutting",
    ) -> None:
        """``amount`` damage through the layers — Protection, then Stamina, then a wound on Health —
        or on one ``track``; ``direct`` damage (and ``necrotic``) is a wound at once; ``fatigue``
        damage lands on Stamina only (assumed)."""
        if amount <= 0 or self.dead(token_id):
            return
        name = self.name(token_id)
        if kind in ("direct", "necrotic") and track is None:
            track = "health"
        if kind == "fatigue" and track is None:
            track = "stamina"
        left = amount
        record = self.creature(token_id)
        tail = ""
        if how:
            kind_word = f" {kind}" if kind else ""
            self.emit(
                Note(
                    sentence=f"{name} takes {amount}{kind_word} damage ({how}).",
                    token=token_id,
                    data={"amount": amount, "kind": kind},
                )
            )
        if track in (None, "protection"):
            on = min(left, self.protection_left(token_id))
            if on:
                record["protection"] = self.protection_left(token_id) - on
                left -= on
                self._damage_event(token_id, on, "protection", kind, tail)
                if self.protection_left(token_id) == 0:
                    self.emit(
                        Note(
                            sentence=f"{name} is unprotected: the next blows land on Stamina.", token=token_id
                        )
                    )
        if track in (None, "stamina") and left:
            on = min(left, self.stamina_left(token_id))
            if on:
                record["stamina"] = self.stamina_left(token_id) - on
                left -= on
                self._damage_event(token_id, on, "stamina", kind, tail)
                if self.stamina_left(token_id) == 0:
                    self.emit(
                        Note(sentence=f"{name} is exhausted: the next blows are wounds.", token=token_id)
                    )
        if track != "stamina" and track in (None, "health") and left:
            self.wound(token_id, left, kind, tail, wound_kind)
        self.after_damage(token_id, amount)

    def settle_fall(self, token_id: str, feet: float, severity: int, attack_total: int | None = None) -> None:
        """ "A fall inflicts a wound with a severity equal to 1 for every 5 feet fallen. The character
        can make an Agility check against a difficulty equal to 7 + the severity of the wound to halve
        it, rounding up" — or, after a leap, "use the attack roll result ... instead"."""
        self.creature(token_id).pop("falling", None)
        if severity < 1:
            return
        against = difficulty(self.table.base_difficulty, ("severity", severity))
        if attack_total is None:
            chances = self.own_chances(token_id, "agility")
            result = make_check(
                self.dice,
                f"{self.name(token_id)} lands a fall of {feet:g} ft (Agility)",
                Breakdown("Skill", self.stats(token_id).agility, "Agility"),
                against,
                chances,
                self.table,
            )
            self.spend_boon(token_id, chances)
            self.emit_roll(result.roll, "halved" if result.success else "full")
            halved = result.success
        else:
            halved = attack_total >= against.int_value
            self.emit(
                Note(
                    sentence=f"{self.name(token_id)}'s attack roll {attack_total} settles the fall against "
                    f"difficulty {against.int_value}: {'halved' if halved else 'full'}.",
                    token=token_id,
                )
            )
        if halved:
            severity = -(-severity // 2)
        self.wound(token_id, severity, "direct", f" (a fall of {feet:g} ft)", "blunt")

    # -- Mounted Combat (the queries are in mounts.py) -------------------------------------------
    def after_damage(self, token_id: str, amount: int) -> None:
        """ "If the rider or the mount takes damage, the rider must pass a Ride [Animal] check with a
        difficulty equal to 7 + the damage taken to avoid being thrown off"; a rider who dies falls
        from the saddle, a mount that dies throws its rider, with no check (assumed)."""
        mount = mount_of(self.enc, token_id) if self.token(token_id).rides is not None else None
        if mount is not None:
            if self.dead(token_id):
                self.throw_off(token_id, f"falls dead from {mount.name}", prone=False)
            else:
                self.ride_check(token_id, amount)
            return
        if token_id not in self.riders():  # nobody rides it: no look through the map
            return
        for rider in riders_of(self.enc, token_id):
            if self.dead(token_id):
                self.throw_off(rider.id, f"falls as {self.name(token_id)} dies")
            elif not self.dead(rider.id):
                self.ride_check(rider.id, amount)

    def ride_check(self, token_id: str, damage: int) -> None:
        """The Ride [Animal] check against 7 + the damage taken; failed: thrown off."""
        mount = mount_of(self.enc, token_id)
        if mount is None:
            return
        s = self.stats(token_id)
        chances = self.own_chances(token_id, "ride")
        result = make_check(
            self.dice,
            f"{self.name(token_id)} keeps the saddle (Ride)",
            Breakdown("Skill", s.skill("ride"), "Ride"),
            difficulty(self.table.base_difficulty, ("damage", damage)),
            chances,
            self.table,
        )
        self.spend_boon(token_id, chances)
        self.emit_roll(result.roll, "stays mounted" if result.success else "thrown off")
        if not result.success:
            self.throw_off(token_id, f"is thrown off {mount.name}")

    def throw_off(self, rider: str, why: str, *, prone: bool = True) -> None:
        """The rider leaves the saddle for the nearest free tile beside its mount, prone (assumed:
        the text says only "thrown off")."""
        before = self.token(rider).position
        unseated, tile = unseat(self.enc, rider)
        self.set_token(unseated.token(rider))
        self.emit(
            TokenMoved(
                sentence=f"{self.name(rider)} {why}, landing at {tile}.", token=rider, path=(before, tile)
            )
        )
        if prone and not self.dead(rider):
            self.add_condition(rider, "prone", why="thrown off")

    def wound(
        self,
        token_id: str,
        severity: int,
        kind: str | None = None,
        tail: str = "",
        wound_kind: str = "cutting",
    ) -> None:
        """ "Any damage that reaches Health inflicts a wound ... with a severity equal to the value of
        the damage taken"; "If a character's Health reaches zero, they die"."""
        record = self.creature(token_id)
        wound: dict[str, Any] = {"severity": severity, "kind": wound_kind}
        if kind == "necrotic":
            wound["necrotic"] = True  # "do not recover naturally"
        record.setdefault("wounds", []).append(wound)
        record["stamina"] = self.stamina_left(token_id)
        text = self.layers_text(token_id)
        self.emit(
            DamageTaken(
                sentence=f"{self.name(token_id)} suffers a {category(severity)} wound of severity {severity}"
                f"{tail}: {text}.",
                token=token_id,
                amount=severity,
                track="health",
                damage_kind=kind,
                text=text,
            )
        )
        if self.health_left(token_id) == 0:
            self.add_condition(token_id, DEAD, quiet=True)
            self.emit(TokenDied(sentence=f"{self.name(token_id)} dies: Health 0.", token=token_id))

    def _damage_event(self, token_id: str, amount: int, layer: str, kind: str | None, tail: str) -> None:
        text = self.layers_text(token_id)
        word = layer.capitalize()
        self.emit(
            DamageTaken(
                sentence=f"{self.name(token_id)} loses {amount} {word}{tail}: {text}.",
                token=token_id,
                amount=amount,
                track=layer,
                damage_kind=kind,
                text=text,
            )
        )
