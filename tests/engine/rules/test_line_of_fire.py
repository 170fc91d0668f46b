"""Attacks need line of sight, in every ruleset (issue 16 item 9: "A ranged attack through a solid
wall was offered at 80 % and rolled: attacks need line of sight").

Baton's text: "Ranged attacks require a line of sight to be made. No character can be the target
of a ranged attack if there is an obstacle completely blocking the shooter's line of sight."
Avorkarth, Power Tiers and The Shattered World are silent: no attack without a line of sight is
their assumed default (docs/rules/<id>.md). Each sample map is played: its first actor and an
enemy are put side by side, a wall (or a closed door) between them; every option is refused with
the sentence naming the wall, ``apply`` refuses the same command with the same reason, and
without the wall (or with the door open) some option is legal again.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from vantage_dice import vantage_rolls

from vantage.engine.dice import NoDice, SeededDice
from vantage.engine.fileformat.storage import load_encounter
from vantage.engine.geometry.reach import are_enemies
from vantage.engine.model import Encounter, GameMap, Side, Token, Wall, WallKind
from vantage.engine.protocol.commands import StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_attack_options, ask_turn
from vantage.engine.rules.line_of_fire import has_line_of_sight, no_sight_reason
from vantage.engine.session import apply

MAPS = sorted((Path(__file__).resolve().parents[3] / "maps").glob("*.json"))


def _in_combat(path: Path) -> tuple[Encounter, str]:
    enc = vantage_rolls(load_encounter(path))  # the sample's party rolls at the table
    options = {"first": "party"} if enc.ruleset == "baton" else {}  # the baton: the players choose
    started, _ = apply(enc, StartCombat(options=options), SeededDice(1))
    turn = ask_turn(started)
    if turn is not None and turn.actor is not None:
        return started, turn.actor
    raise AssertionError(f"{path.name}: nobody acts after start_combat")


def _side_by_side(enc: Encounter, actor_id: str) -> tuple[Encounter, str, float]:
    """An enemy of the actor put right (or left) of it; the x of the edge between them."""
    me = enc.token(actor_id)
    target = next(t for t in enc.tokens if are_enemies(me, t))
    x, y = me.position
    for dx in (me.footprint, -target.footprint):
        tx = x + dx
        if tx >= 0 and tx + target.footprint <= enc.map.width:
            others = [t for t in enc.tokens if t.id not in (me.id, target.id)]
            moved = tuple(replace(t, position=(0, 0)) if t.id == target.id else t for t in enc.tokens)
            enc = replace(enc, tokens=moved).with_token(replace(target, position=(tx, y)))
            # move whoever stands on the target's new tiles out of the way
            for other in others:
                if set(other.footprint_tiles()) & set(enc.token(target.id).footprint_tiles()):
                    enc = enc.with_token(replace(other, position=(enc.map.width - 3, enc.map.height - 3)))
            edge = float(x + me.footprint) if dx > 0 else float(x)
            return enc, target.id, edge
    raise AssertionError("no room beside the actor")


def _walled(enc: Encounter, edge: float, y: int, kind: WallKind) -> Encounter:
    wall = Wall((edge, float(y - 2)), (edge, float(y + 4)), kind)
    game_map: GameMap = replace(enc.map, walls=(*enc.map.walls, wall))
    return replace(enc, map=game_map)


@pytest.mark.parametrize("path", MAPS, ids=[p.stem for p in MAPS])
@pytest.mark.parametrize("kind", [WallKind.WALL, WallKind.DOOR_CLOSED])
def test_no_attack_through_a_wall_or_a_closed_door(path, kind):
    enc, actor = _in_combat(path)
    enc, target, edge = _side_by_side(enc, actor)
    y = enc.token(actor).position[1]
    open_options = ask_attack_options(enc, actor, target)
    assert not hasattr(open_options, "reason")
    assert any(o.legal for o in open_options), [o.reason for o in open_options]
    walled = _walled(enc, edge, y, kind)
    options = ask_attack_options(walled, actor, target)
    word = "wall" if kind is WallKind.WALL else "closed door"
    reason = no_sight_reason(walled, actor, target, (walled.token(actor).name, walled.token(target).name))
    assert reason.startswith(f"no line of sight from {walled.token(actor).name} to ")
    assert f"blocked by {word} (" in reason
    assert not any(o.legal for o in options)
    blocked = [o for o in options if "no line of sight" in o.reason or "full cover" in o.reason]
    assert blocked, [o.reason for o in options]
    for option in blocked:
        assert f"blocked by {word} (" in option.reason
        assert option.explanation.startswith("Not now: ")
        # legality never says yes to what apply refuses, and apply says why the same way
        with pytest.raises(CommandRejected) as refused:
            apply(walled, option.command, NoDice())
        assert refused.value.reason == option.reason
    # the door opened, the attacks are back
    if kind is WallKind.DOOR_CLOSED:
        opened = _walled(enc, edge, y, WallKind.DOOR_OPEN)
        assert any(o.legal for o in ask_attack_options(opened, actor, target))



def test_has_line_of_sight_answers_as_the_refusal_does():
    # the simulator's question (``has_line_of_sight``) is the refusal's own, without its words:
    # through the wall no sight (the refusal's reason), the wall taken away sight again
    enc = Encounter(GameMap(8, 3, walls=(Wall((3.0, 0.0), (3.0, 3.0)),)),
                    (Token("a", "A", (2, 1), Side.PARTY), Token("b", "B", (3, 1), Side.ENEMY)),
                    ruleset="avorkarth")
    assert not has_line_of_sight(enc, "a", "b") and no_sight_reason(enc, "a", "b")
    opened = replace(enc, map=replace(enc.map, walls=()))
    assert has_line_of_sight(opened, "a", "b") and not no_sight_reason(opened, "a", "b")
