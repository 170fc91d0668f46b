"""What a creature may do without a target, for the token's action menu: stand up when prone,
change stance, pick up a weapon it dropped on or next to it. The ruleset turns each into an
option with its legality now (the real command, stopped before any roll)."""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.geometry.reach import footprint_distance
from vantage.engine.model import Token
from vantage.engine.protocol.commands import Command, PickUp, Stance, StandUp
from vantage.engine.rules.avorkarth.state import Work
from vantage.engine.rules.avorkarth.turns import current_actor, round_budget, turn_budget


@dataclass(frozen=True)
class Untargeted:
    """One untargeted action: the menu's label, the command it sends, and why it costs what it does."""

    label: str
    command: Command
    explanation: str


def _cost(work: Work, action: str, token_id: str) -> str:
    """"costs 2 of the 6 actions of a turn": the actions of its turn now, or of a turn beginning now."""
    acting = current_actor(work) == token_id
    budget = turn_budget(work, token_id) if acting else round_budget(work, token_id)
    return f"costs {work.cost(action)} of the {budget} actions of {'this' if acting else 'a'} turn"


def untargeted_actions(work: Work, token_id: str) -> list[Untargeted]:
    """The untargeted actions that make sense for the token now; CommandRejected when the token is
    not on the map or has no usable stat block (then it has none)."""
    work.block(token_id)
    me = work.token(token_id)
    name = work.name(token_id)
    out: list[Untargeted] = []
    if work.has(token_id, "prone"):
        out.append(Untargeted("Stand up", StandUp(token_id),
                              f"{name} stands up ({_cost(work, 'stand_up', token_id)}): prone, \"unable to "
                              "move/attack until they use the standing up action\"."))
    stance = work.creature_or_none(token_id, {}).get("stance", "normal")
    if stance == "defensive":
        out.append(Untargeted("Normal stance", Stance(token_id, "normal"),
                              f"{name} leaves the defensive stance and dodges again "
                              f"({_cost(work, 'stance', token_id)})."))
    else:
        out.append(Untargeted("Defensive stance", Stance(token_id, "defensive"),
                              f"{name} stops dodging attacks from the front — they skip the hit "
                              "roll — but can no longer be critically struck from there "
                              f"({_cost(work, 'stance', token_id)})."))
    for item in work.combat.get("dropped", []):
        if item.get("owner") != token_id:
            continue
        tile = (int(item["tile"][0]), int(item["tile"][1]))
        if footprint_distance(me, Token("_item", "", tile)) > 1:
            continue
        out.append(Untargeted(f"Pick up the {item['weapon']}", PickUp(token_id, str(item["weapon"])),
                              f"{name} picks up the {item['weapon']} lying at {tile} "
                              f"({_cost(work, 'pick_up', token_id)})."))
    return out
