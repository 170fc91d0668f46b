"""Shared Avorkarth stat blocks for the rules tests."""

from engine.rules.avorkarth.statblock import stat_block


def abilities(**over):
    base = {"strength": 5, "agility": 6, "dexterity": 4, "instinct": 5, "constitution": 5,
            "vitality": 4, "toughness": 4, "will": 4, "charisma": 3, "elegance": 2}
    base.update(over)
    return base


def block(wounds=6, armour=None, weapons=None, **over):
    stats = {"abilities": abilities(**over), "wounds": wounds,
             "armour": armour or {"full": 0, "guarded": 0, "natural": 0}}
    if weapons is not None:
        stats["weapons"] = weapons
    return stat_block(stats)
