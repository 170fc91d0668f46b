"""What the GUI may ask Avorkarth while playing: movement, the attack menu, health. No roll is made.

- Movement: "tiles per move action" from the stat block, the wounded state and slowing conditions,
  with the policy the ``move`` command checks paths with (terrain comes per path).
- Attack options: every attack, charge, lesser and non-lethal attack and menu maneuver, each read by
  :func:`~vantage.engine.rules.avorkarth.preview.preview` — the same situation, hit category and Dice Rolls
  chart the attack is resolved with — and its legality now (run up to the first die roll).
- Health: the wound ledger by category (minor, lesser, non-lethal, wounds), for tokens the combat
  tracks, so every wound moves the token's bar (:func:`ledger_health`).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import fields
from typing import Any

from vantage.engine.model import Encounter
from vantage.engine.protocol.commands import Attack, Maneuver
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth import other_commands
from vantage.engine.rules.avorkarth.board import charge_open
from vantage.engine.rules.avorkarth.chart import Outcome
from vantage.engine.rules.avorkarth.face import NO_LEDGER
from vantage.engine.rules.avorkarth.ledger import (
    LESSER_PER_WOUND,
    MINOR_PER_LESSER,
    MINOR_PER_WOUND,
    WoundLedger,
    split,
)
from vantage.engine.rules.avorkarth.preview import AttackPreview, MenuReading, preview
from vantage.engine.rules.avorkarth.state import query_work
from vantage.engine.rules.base import ActionOption, Health, HealthLayer, MovementAnswer, Unanswered

#: Maneuvers offered from the menu; shove and drag need a path and are made by dragging.
MENU_MANEUVERS = ("trip", "disarm", "cripple", "grapple", "tackle")


def movement(encounter: Encounter, token_id: str) -> MovementAnswer | Unanswered:
    """The ``move`` command's movement policy and the token's allowance in tiles per move action."""
    try:
        allowance = other_commands.allowance_for(query_work(encounter), token_id)
    except CommandRejected as refused:
        return Unanswered(refused.reason)
    return MovementAnswer(other_commands.MOVE_RULES, allowance)


def health(encounter: Encounter, token_id: str) -> Health | Unanswered:
    """The wound ledger of a token the combat tracks, as :func:`ledger_health` reads it."""
    creatures = encounter.combat.get("creatures", {})
    if not isinstance(creatures, Mapping) or token_id not in creatures:
        return Unanswered(NO_LEDGER)
    try:
        ledger = query_work(encounter).ledger(token_id)
    except (CommandRejected, KeyError) as problem:
        reason = problem.reason if isinstance(problem, CommandRejected) else f"no ledger entry {problem}"
        return Unanswered(reason)
    return _health_of(ledger.wounds_stat, ledger.lethal, ledger.nonlethal)


#: How many ledgers' bars :func:`_health_of` keeps (the GUI asks every token's bar after each command).
HEALTHS_KEPT = 1024


@functools.lru_cache(maxsize=HEALTHS_KEPT, typed=True)
def _health_of(wounds_stat: int, lethal: int, nonlethal: int) -> Health:
    """:func:`ledger_health` once per ledger's numbers (and their types): a frozen value."""
    return ledger_health(WoundLedger(wounds_stat, lethal, nonlethal))


#: The colours of the ledger's layers on the token's bar (the last, death, is the platform's green
#: to red): the minor wounds pale, the lesser wounds orange, the non-lethal track violet.
MINOR_COLOUR = "#e8e2c8"
LESSER_COLOUR = "#f08a24"
NONLETHAL_COLOUR = "#9b6ad6"


def ledger_health(ledger: WoundLedger) -> Health:
    """The ledger as the token's bar reads it, one layer per category so that every wound moves
    it, each counting the boxes still free as a GM ticks them on paper: the minor wounds towards
    the next lesser (10 make one), the lesser wounds towards the next wound (5 make one), the whole
    non-lethal wounds before unconsciousness (Wounds − 1) and the whole wounds before death (the
    Wounds statistic; a wound partly taken still counts as free). ``fraction`` is the share still
    free before death; the text is the ledger in the table's words (:meth:`WoundLedger.text`)."""
    wounds, lesser, minor = split(ledger.lethal)
    limit = ledger.wounds_stat * MINOR_PER_WOUND
    fraction = ledger.to_death / limit if limit else 0.0
    nonlethal_wounds = ledger.nonlethal // MINOR_PER_WOUND
    dead = ledger.dead
    layers = (
        HealthLayer("free minor wounds", 0 if dead else MINOR_PER_LESSER - minor,
                    MINOR_PER_LESSER, MINOR_COLOUR),
        HealthLayer("free lesser wounds", 0 if dead else LESSER_PER_WOUND - lesser,
                    LESSER_PER_WOUND, LESSER_COLOUR),
        HealthLayer("free non-lethal wounds",
                    0 if ledger.unconscious or dead else max(0, ledger.nonlethal_limit - nonlethal_wounds),
                    ledger.nonlethal_limit, NONLETHAL_COLOUR),
        HealthLayer("free wounds", max(0, ledger.wounds_stat - wounds), ledger.wounds_stat),
    )
    return Health(fraction, ledger.text(), layers)


def odds_text(chances: Mapping[str, float]) -> str:
    """``"critical success 5 % · success 40 % · …"``, best outcome first, impossible ones left out."""
    order = [o.value for o in reversed(Outcome)]
    return " · ".join(f"{name} {chances[name]:.0%}" for name in order if chances.get(name, 0) > 0)


def summary_line(seen: AttackPreview) -> str:
    """One line: attack vs dodge, every shift of the hit category, the category and the hit chance."""
    if seen.automatic:
        return f"{seen.automatic}: no hit roll"
    shifts = ", ".join(str(t) for t in (*seen.category.terms, *seen.dodge.terms) if t.label != "dodge")
    head = f"Attack {seen.attack.int_value} vs Dodge {seen.dodge.int_value}"
    head = f"{head}: {shifts}" if shifts else head
    return f"{head} → hit category {seen.category.int_value:+d}, {seen.hit_chance:.0%} to hit"


def written_text(seen: AttackPreview) -> tuple[str, str]:
    """The summary line and the whole explanation of an option read by ``seen``."""
    summary = summary_line(seen)
    lines = [summary, str(seen.category), str(seen.attack), str(seen.dodge), *seen.notes]
    if not seen.automatic:
        lines.insert(1, f"Odds: {odds_text(seen.chances)}")
    if not seen.legal:
        lines.insert(0, f"Not now: {seen.reason}")
    return summary, "\n".join(lines)


class _WrittenWhenRead:
    """``summary`` or ``explanation`` of a :class:`PreviewOption`: both written from its preview
    on the first read of either, then kept in the option (a later read finds them there)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, option: PreviewOption | None, owner: type | None = None) -> Any:
        if option is None:
            return self
        summary, explanation = written_text(option.__dict__["_seen"])
        option.__dict__.update(summary=summary, explanation=explanation)
        return option.__dict__[self.name]


class PreviewOption(ActionOption):
    """An :class:`ActionOption` read from an :class:`AttackPreview`, whose ``summary`` and
    ``explanation`` are written when first read (the simulator weighs the odds and never reads
    them): the same values, fields and equality as the option :func:`written_text` would give."""

    summary = _WrittenWhenRead()
    explanation = _WrittenWhenRead()

    @classmethod
    def of(cls, label: str, seen: AttackPreview) -> PreviewOption:
        found = cls.__new__(cls)
        found.__dict__.update(
            label=label, command=seen.command, legal=seen.legal, reason=seen.reason,
            chances={} if seen.automatic else dict(seen.chances),
            modifiers=(seen.attack, seen.dodge, seen.category), _seen=seen,
        )
        return found

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ActionOption):
            return NotImplemented
        return all(getattr(self, f.name) == getattr(other, f.name) for f in fields(ActionOption))

    __hash__ = ActionOption.__hash__


def option(encounter: Encounter, label: str, command: Attack | Maneuver, *,
           ask_legality: bool = True, menu: MenuReading | None = None) -> ActionOption:
    """The option of sending ``command``: its legality (unless not asked), odds and modifiers,
    read without rolling (``menu``: what the options of one attacker and target share); its
    text is written when first read (:class:`PreviewOption`)."""
    try:
        seen = preview(encounter, command, ask_legality=ask_legality, menu=menu)
    except CommandRejected as refused:
        text = f"Not now: {refused.reason}"
        return ActionOption(label, command, False, refused.reason, {}, (), text, text)
    return PreviewOption.of(label, seen)


def attack_options(encounter: Encounter, attacker_id: str, target_id: str, *, maneuvers: bool = True,
                   ask_legality: bool = True, non_lethal: bool = True) -> list[ActionOption] | Unanswered:
    """Every attack and menu maneuver of ``attacker_id`` on ``target_id``, or why there are none
    (``maneuvers=False``: the attacks alone, in the same order; ``ask_legality=False``: their
    legality not asked, for the simulator; ``non_lethal=False``: without a lethal weapon's
    non-lethal attack, which the attack with it always beats)."""
    if attacker_id == target_id:
        return Unanswered("a token cannot attack itself")
    # the menu only reads: the encounter's read-only working copy (the one the turn was asked
    # with), not one of its own
    menu = MenuReading(encounter, attacker_id, target_id, work=query_work(encounter))
    try:
        block = menu.work.block(attacker_id)
        menu.work.block(target_id)
    except CommandRejected as refused:
        return Unanswered(refused.reason)
    a, t = attacker_id, target_id
    # the lane is searched only for a weapon that may charge (a melee one)
    lane_open = any(not w.ranged for w in block.primary_weapons) and charge_open(encounter, a, t)
    commands: list[tuple[str, Attack | Maneuver]] = []
    for weapon in block.primary_weapons:
        name = weapon.name
        commands.append((f"Attack with the {name}", Attack(attacker=a, target=t, weapon=name)))
        if lane_open and not weapon.ranged:
            charge = Attack(attacker=a, target=t, weapon=name, options={"charge": True})
            commands.append((f"Charge with the {name}", charge))
        lesser = Attack(attacker=a, target=t, weapon=name, options={"lesser": True})
        commands.append((f"Lesser attack with the {name}", lesser))
        if weapon.lethal and non_lethal:
            gentle = Attack(attacker=a, target=t, weapon=name, options={"lethal": False})
            commands.append((f"Non-lethal attack with the {name}", gentle))
    for kind in MENU_MANEUVERS if maneuvers else ():
        commands.append((kind.capitalize(), Maneuver(attacker=a, target=t, maneuver=kind)))
    return [option(encounter, label, command, ask_legality=ask_legality, menu=menu)
            for label, command in commands]
