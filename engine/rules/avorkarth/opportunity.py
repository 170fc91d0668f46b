"""Attacks of opportunity given by a move: "Whenever an attack of opportunity is given, the creature
may use an immediate action to do a single primary attack."

The text does not say what gives one; Vantage reads it with the retreat rule ("A creature may
retreat out of melee range"): a creature moving out of the reach of an enemy's primary melee
weapons gives that enemy an attack of opportunity (assumed — not in the source text). The enemy
decides: the move pauses with a ``reaction`` decision for it, and on "attack" the attack command
itself resolves the attack — the same checks (combat, not its own turn, able to act, its immediate
action of the round unused, not prone, fully grappled or pinned, a weapon that reaches), the same
rolls and the same events — against the mover standing on the last tile inside the reach.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from vantage.engine.geometry.reach import are_enemies, footprint_distance
from vantage.engine.model import Tile
from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.attack_command import attack
from vantage.engine.rules.avorkarth.chart import Outcome
from vantage.engine.rules.avorkarth.preview import AttackPreview, preview
from vantage.engine.rules.avorkarth.situation import possessive
from vantage.engine.rules.avorkarth.statblock import from_block
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.decisions import Choice, Decision

#: The key of ``combat["rules"]`` that turns the decisions off (then a move only notes the leave).
RULE = "opportunity_decisions"
ATTACK = "attack"
PASS = "pass"


def decisions_on(work: Work) -> bool:
    """Whether a move asks the enemies it leaves (``combat["rules"]["opportunity_decisions"]``)."""
    return bool(work.rules.get(RULE, True))


@dataclass(frozen=True)
class Leave:
    """The mover leaves ``enemy``'s melee reach on step ``step`` of its path, from ``tiles[step - 1]``."""

    step: int
    enemy: str


def melee_reach(work: Work, token_id: str) -> int:
    """The longest reach of the token's primary melee weapons (its fists when it has none; once per
    stat block)."""
    block = work.block(token_id)
    return from_block(block, "melee reach", lambda: max(
        (w.reach for w in block.primary_weapons if not w.ranged), default=0))


def leaves(work: Work, mover_id: str, tiles: tuple[Tile, ...], partners: list[str]) -> list[Leave]:
    """Every step of ``tiles`` where the mover leaves the melee reach of an enemy in the fight (its
    grapple partners move with it and are left out), in path order."""
    mover = work.token(mover_id)
    n = mover.size.footprint
    participants = work.peek("participants", ())
    found: list[Leave] = []
    for other in work.enc.tokens:
        if other.id == mover_id or other.id in partners or not other.stats:
            continue
        if other.id not in participants or not are_enemies(mover, other):
            continue
        try:
            reach = melee_reach(work, other.id)
        except CommandRejected:  # no usable stat block: it cannot attack anyway
            continue
        # footprint_distance(other, the mover on each tile), written out for the mover's footprint
        (bx, by), nb = other.position, other.size.footprint
        inside = [max(0, bx - (x + n - 1), x - (bx + nb - 1), by - (y + n - 1), y - (by + nb - 1)) <= reach
                  for x, y in tiles]
        found.extend(Leave(k, other.id) for k in range(1, len(tiles)) if inside[k - 1] and not inside[k])
    order = {t.id: i for i, t in enumerate(work.enc.tokens)}
    return sorted(found, key=lambda leave: (leave.step, order[leave.enemy]))


def offers(work: Work, enemy_id: str, mover_id: str) -> list[tuple[Attack, AttackPreview]]:
    """The attacks of opportunity ``enemy_id`` may make on the mover where it stands now, with their
    odds: one for each primary melee weapon that reaches and that the attack command would accept
    ("Alternate Attacks : ... Which attack is used must be chosen before rolling to hit": the enemy
    chooses among them)."""
    here = replace(work.enc, combat=work.combat)
    distance = footprint_distance(work.token(enemy_id), work.token(mover_id))
    found = []
    for weapon in work.block(enemy_id).primary_weapons:
        if weapon.ranged or weapon.reach < distance:
            continue
        command = Attack(enemy_id, mover_id, weapon.name, {"opportunity": True})
        try:
            seen = preview(here, command)
        except CommandRejected:
            continue
        if seen.legal:
            found.append((command, seen))
    return found


def choice_value(index: int, command: Attack) -> str:
    """The answer that picks the ``index``-th offer: ``"attack"`` for the first weapon (as before),
    ``"attack:<weapon>"`` for each alternate one."""
    return ATTACK if index == 0 else f"{ATTACK}:{command.weapon}"


def odds(seen: AttackPreview) -> dict[str, float]:
    """The attack's odds for the decision: the chance to hit first (partial success or better; 1 when
    the blow lands without a hit roll), then each possible outcome of the hit roll, best first."""
    if seen.automatic:
        return {"hit": 1.0}
    best_first = [o.value for o in reversed(Outcome)]
    return {"hit": seen.hit_chance, **{o: seen.chances[o] for o in best_first if seen.chances.get(o, 0) > 0}}


def decision(work: Work, offered: list[tuple[Attack, AttackPreview]], at: Tile) -> Decision:
    """The enemy's reaction: attack the mover leaving its reach at ``at`` — with which of its
    weapons, when it has alternate ones — or let it go."""
    first = offered[0][0]
    mover, enemy = work.name(first.target), work.name(first.attacker)
    attacks = tuple(
        Choice(choice_value(i, command), f"Attack of opportunity with the {command.weapon}", odds(seen),
               seen.explanation)
        for i, (command, seen) in enumerate(offered)
    )
    return Decision(
        kind="reaction", who=first.attacker,
        prompt=f"{mover} leaves {possessive(enemy)} reach at {at}: attack of opportunity?",
        choices=(*attacks, Choice(PASS, f"Let {mover} go")),
        default=PASS, at=at,
    )


def make(work: Work, command: Attack) -> None:
    """Resolve the attack of opportunity with the attack command; the enemy rolls its own dice (at
    the table if its dice are rolled there)."""
    with work.rolls_by(command.attacker):
        attack(work, command)
