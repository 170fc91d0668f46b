"""What the guard tests of a ruleset's declared attack needs (``SimulationHints.needs``) share: the
samples of a ruleset, the attacks the simulator would consider, the policy's reading of the needs,
and the full handler's answer they are checked against."""

from __future__ import annotations

import json
from pathlib import Path

from vantage.engine.dice import NoDice, RollAttempted
from vantage.engine.model import Encounter
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.base import ActionOption, Ruleset
from vantage.engine.rules.simulation import hints_of
from vantage.engine.simulate.policy import FightPlayer, tile_gap

MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"


def samples_of(ruleset_id: str) -> list[Path]:
    """The bundled sample encounters played by ``ruleset_id``, in file order."""
    return sorted(p for p in MAPS_DIR.glob("0*.json")
                  if json.loads(p.read_text(encoding="utf-8")).get("ruleset") == ruleset_id)


def refused_by_handler(ruleset: Ruleset, enc: Encounter, cmd: c.Attack) -> bool:
    """Whether the full handler refuses ``cmd`` (not when it reaches its first roll)."""
    try:
        ruleset.run(enc, cmd, NoDice())
    except RollAttempted:
        return False
    except CommandRejected:
        return True
    return False


def attack_menu(ruleset: Ruleset, enc: Encounter) -> list[ActionOption]:
    """Every attack the simulator's hints offer between two fighters of ``enc``."""
    fighters = [t for t in enc.tokens if t.stats]
    out: list[ActionOption] = []
    for a in fighters:
        for t in fighters:
            found = hints_of(ruleset).attacks(ruleset, enc, a.id, t.id) if a.id != t.id else ()
            if isinstance(found, list | tuple):
                out.extend(o for o in found if isinstance(o.command, c.Attack))
    return out


def needs_unmet(ruleset: Ruleset, enc: Encounter, option: ActionOption) -> bool:
    """The policy's reading (``FightPlayer.meets_needs``): the ruleset's declared needs against
    the slots left and the gap to the target."""
    player = FightPlayer(enc, NoDice())
    cmd = option.command
    assert isinstance(cmd, c.Attack)
    player.needs[id(option)] = hints_of(ruleset).needs(ruleset, enc, option)
    gap = tile_gap(enc.token(cmd.attacker).position, enc.token(cmd.attacker).footprint,
                   enc.token(cmd.target))
    return not player.meets_needs(option, player.slots_left(cmd.attacker), gap)


def checked_menu(ruleset: Ruleset, enc: Encounter, where: str) -> tuple[int, int, list[ActionOption]]:
    """Every attack of :func:`attack_menu` checked: one whose needs are unmet must be refused by the
    handler (an AssertionError naming ``where`` if not). The count ruled out, the count kept, and
    the options the handler accepts."""
    ruled_out = kept = 0
    legal: list[ActionOption] = []
    for option in attack_menu(ruleset, enc):
        refused = refused_by_handler(ruleset, enc, option.command)
        if needs_unmet(ruleset, enc, option):
            assert refused, f"{where}: {option.label} ruled out but legal"
            ruled_out += 1
        else:
            kept += 1
        if not refused:
            legal.append(option)
    return ruled_out, kept, legal
