"""Damage in Power Tiers: armour and its Durability, then Fortitude, then Health; wounds; dying
and death.

- "Reduce the damage total by the total armor value of any armor worn by the defender." "The
  number that a defender's armor reduces combat damage by is not lost, instead that number is
  taken from the armor's total Durability score. If an armor's Durability score is reduced to 0,
  the armor is destroyed ... An armor cannot reduce combat damage by more than the current
  Durability it has remaining."
- "the defender will first subtract from their Fortitude score before their health. Only once
  their Fortitude is reduced to 0 does any damage apply to a character's Health."
- "If Fortitude is ever reduced to 0, recovery is halted until no damage has been taken for 10
  minutes."
- Wounds: "Taking 5 points of Health damage from one hit. Dropping to 0 Health"; "If any
  additional wounds are gained during the wound recovery, all wound recovery time resets."
- Dying: "If a character is reduced to 0 Health, they are dying. They will have a number of rounds
  equal to their Maximum Health score before they are dead. If they take any damage during this
  time, they are instantly killed." "if the character takes enough damage, in a single hit, that
  would equal negative their maximum Health, they are instantly dead".
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from vantage.engine.protocol.events import DamageTaken, Note, TokenDied
from vantage.engine.rules.power_tiers.work import DEAD, DEFENSIVE, DYING, GRABBED, GRABBING, STUNNED, PTWork

STUN = "stun"


def armour_pieces(work: PTWork, token_id: str) -> list[tuple[dict[str, Any], str, int]]:
    """Every piece of armour worn: (its stat block entry, the record key of its Durability left,
    the index in that key's list or −1), the main ``armour`` first, then ``armour_extra``."""
    s = work.stats(token_id)
    pieces: list[tuple[dict[str, Any], str, int]] = []
    if int(s["armour"]["value"]) > 0 or int(s["armour"]["durability"]) > 0:
        pieces.append((s["armour"], "durability", -1))
    pieces.extend((piece, "extra_durability", i) for i, piece in enumerate(s["armour_extra"]))
    return pieces


def durability_left(record: dict[str, Any], key: str, index: int) -> int:
    return int(record[key] if index < 0 else record[key][index])


def armour_stops(work: PTWork, target: str, total: int, keep: int = 0) -> int:
    """What the target's armour stops of ``total`` — "the total armor value of any armor worn",
    piece by piece, each taking what it stops from its own Durability (with the log lines).
    ``keep``: what must get through all the same (the rules option ``minimum_damage_after_armour``:
    1); the armour reduces the damage by less, and "The number that a defender's armor reduces
    combat damage by ... is taken from the armor's total Durability score" — no more."""
    if total <= 0:
        return 0
    record = work.creature(target)
    name = work.name(target)
    stopped_all = 0
    for armour, key, index in armour_pieces(work, target):
        value, left = int(armour["value"]), durability_left(record, key, index)
        if value <= 0:
            continue
        if left <= 0:
            work.emit(Note(sentence=f"{name}'s {armour['name']} is destroyed and stops nothing.",
                           token=target))
            continue
        room = total - keep - stopped_all
        if room <= 0:
            if keep and stopped_all == 0:
                work.emit(Note(sentence=f"{name}'s {armour['name']} stops nothing: a hit does at least "
                                        f"{keep}; its Durability stays {left}.", token=target))
            break
        stopped = min(value, left, room)
        if index < 0:
            record[key] = left - stopped
        else:
            record[key] = [*record[key][:index], left - stopped, *record[key][index + 1:]]
        stopped_all += stopped
        cap = ""
        if stopped == left < min(value, room):
            cap = f", no more than its remaining Durability {left}"
        elif keep and stopped == room < min(value, left):
            cap = f", so that the hit does at least {keep}"
        work.emit(Note(
            sentence=f"{name}'s {armour['name']} stops {stopped} (armour {value}{cap}); Durability "
                     f"{left} − {stopped} = {left - stopped}.",
            token=target, data={"armour": armour["name"], "stopped": stopped, "durability": left - stopped}))
        if left - stopped == 0:
            work.emit(Note(sentence=f"{name}'s {armour['name']} is destroyed: it needs extensive repair "
                                    "before it can be used again.", token=target,
                           data={"armour_destroyed": True}))
    return stopped_all


def _minus(value: int) -> str:
    return f"−{-value}" if value < 0 else str(value)


def kill(work: PTWork, token_id: str, why: str) -> None:
    """The creature dies: no more dying, no more grabs."""
    record = work.creature(token_id)
    record["dead"] = True
    record["dying_rounds"] = None
    end_grabs(work, token_id, "")
    token = work.token(token_id)
    gone = {DYING, STUNNED, DEFENSIVE}
    work.set_token(replace(token, conditions=tuple(c for c in token.conditions if c.name not in gone)))
    work.add_condition(token_id, DEAD, quiet=True)
    work.emit(TokenDied(sentence=f"{work.name(token_id)} is dead: {why}.", token=token_id))


def end_grabs(work: PTWork, token_id: str, why: str) -> None:
    """Any grab ``token_id`` holds or is held in ends (``why`` for the log; "" says nothing more)."""
    record = work.creature(token_id)
    for mine, theirs, own_condition, other_condition in (
        ("grabbing", "grabbed_by", GRABBING, GRABBED), ("grabbed_by", "grabbing", GRABBED, GRABBING),
    ):
        other = record.get(mine)
        if other is None:
            continue
        record[mine] = None
        work.creature(str(other))[theirs] = None
        work.remove_condition(token_id, own_condition, why)
        work.remove_condition(str(other), other_condition, why)


def gain_wound(work: PTWork, token_id: str, why: str, count: int = 1) -> None:
    """``count`` wounds at once (one sentence, however many the GM gives)."""
    record = work.creature(token_id)
    restarted = record["wounds"] > 0 and record["wound_days"] > 0
    record["wounds"] += count
    record["wound_days"] = 0
    tail = "; wound recovery starts again" if restarted else ""
    gains = "a wound" if count == 1 else f"{count:,} wounds"
    work.emit(Note(sentence=f"{work.name(token_id)} gains {gains} ({why}): {record['wounds']:,} "
                            f"wound{'s' if record['wounds'] != 1 else ''}{tail}.",
                   token=token_id, data={"wounds": record["wounds"]}))


def _taken(work: PTWork, token_id: str, amount: int, track: str, kind: str | None) -> None:
    text = work.layers_text(token_id)
    label = "Fortitude" if track == "fortitude" else "Health"
    what = "stun damage" if kind == STUN else "damage"
    work.emit(DamageTaken(sentence=f"{work.name(token_id)} takes {amount} {what} on {label} ({text}).",
                          token=token_id, amount=amount, track=track, damage_kind=kind, text=text))


def take_damage(work: PTWork, token_id: str, amount: int, kind: str | None = None, track: str | None = None,
                ) -> None:
    """``amount`` damage after armour: Fortitude first, then Health (``track`` limits it to one);
    stun damage lands on Fortitude only (assumed — the text does not say what stun damage does)."""
    if amount <= 0:
        return
    record = work.creature(token_id)
    s = work.stats(token_id)
    name = work.name(token_id)
    if record.get("dead"):
        work.emit(Note(sentence=f"{name} is already dead: the damage changes nothing.", token=token_id))
        return
    record["rounds_since_damage"] = 0
    if record.get("dying_rounds") is not None:
        work.emit(Note(sentence=f"{name} takes {amount} damage while dying.", token=token_id,
                       data={"amount": amount}))
        kill(work, token_id, "any damage while dying kills")
        return
    on_fortitude = 0 if track == "health" else min(amount, int(record["fortitude"]))
    if on_fortitude:
        record["fortitude"] -= on_fortitude
        _taken(work, token_id, on_fortitude, "fortitude", kind)
        if record["fortitude"] == 0:
            record["fortitude_halted"] = True
            work.emit(Note(sentence=f"{name}'s Fortitude is 0: it stops recovering until no damage has been "
                                    "taken for 10 minutes.", token=token_id))
    rest = amount - on_fortitude
    if kind == STUN:
        if record["fortitude"] == 0 and on_fortitude:
            rounds = int(work.rules["stun_rounds"])
            if rounds > 0:
                record["stunned_rounds"] = rounds
                work.add_condition(token_id, STUNNED, why="stun damage emptied its Fortitude")
        if rest:
            work.emit(Note(sentence=f"{rest} stun damage beyond Fortitude is lost (stun damage never reaches "
                                    "Health).", token=token_id))
        return
    if rest <= 0 or track == "fortitude":
        return
    health, maximum = int(record["health"]), int(s["health"])
    after = health - rest
    if after <= -maximum:
        record["health"] = 0
        _taken(work, token_id, rest, "health", kind)
        kill(work, token_id, f"{rest} Health damage in a single hit takes Health from {health} to "
                             f"{_minus(after)}, "
                             f"at or below −{maximum} (negative its maximum Health)")
        return
    record["health"] = max(0, after)
    _taken(work, token_id, rest, "health", kind)
    if rest >= int(work.rules["wound_health_damage"]):
        gain_wound(work, token_id, f"{rest} Health damage from one hit")
    if after <= 0:
        gain_wound(work, token_id, "dropped to 0 Health")
        record["dying_rounds"] = maximum
        end_grabs(work, token_id, f"{name} is dying")
        span = f"{maximum} round{'s' if maximum != 1 else ''}"
        work.add_condition(token_id, DYING, why=f"0 Health: dead in {span}")
