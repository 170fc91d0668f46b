"""Shared Avorkarth stat blocks for the rules tests."""

from vantage.engine.rules.avorkarth.statblock import DEFAULT_ABILITIES, stat_block, stats_dict


def abilities(**over):
    return {**DEFAULT_ABILITIES, **over}


def block(wounds=6, armour=None, weapons=None, **over):
    armour = armour or {"full": 0, "guarded": 0, "natural": 0}
    fields = {} if weapons is None else {"weapons": weapons}
    return stat_block(stats_dict(wounds, abilities=over, armour=armour, **fields))


def stats(wounds=6, armour=None, weapons=None, player=False, movement=None, **over):
    """A stat block dict: attack 5, dodge 5, Strength 5, might-5 longsword, armour 5 from the front."""
    return stats_dict(
        wounds,
        abilities=over,
        armour=armour or {"full": 3, "guarded": 2, "natural": 0},
        weapons=weapons if weapons is not None else [{"name": "Longsword", "might": 5}],
        player=player,
        **({"movement": movement} if movement is not None else {}),
    )


def fighter(token_id, position, side, facing="N", size="medium", conditions=(), **stat_over):
    from vantage.engine.model import Condition, Facing, Side, Size, Token

    return Token(token_id, token_id.capitalize(), position, Side(side), Size(size), Facing[facing],
                 stats=stats(**stat_over), conditions=tuple(Condition(c) for c in conditions))


def encounter(*tokens, width=12, height=10, terrain=None, combat=None):
    from vantage.engine.model import Encounter, GameMap

    game_map = GameMap(width, height)
    if terrain:
        game_map = game_map.with_terrain(terrain)
    return Encounter(game_map, tokens=tuple(tokens), combat=combat or {}, ruleset="avorkarth")


def run(enc, dice, *commands):
    """Apply commands in order; returns the final encounter and all events."""
    from vantage.engine.session import apply

    events = []
    for cmd in commands:
        enc, new = apply(enc, cmd, dice)
        events.extend(new)
    return enc, events


def kinds(events):
    return [e.kind for e in events]


def sentences(events):
    return [e.sentence for e in events]
