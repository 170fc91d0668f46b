"""Attacks need line of sight: the one sentence every ruleset refuses an attack through a wall with.

Each ruleset decides *which* attacks need it (Baton's text: "Ranged attacks require a line of
sight to be made"; where a text is silent, the assumed default of its ``docs/rules/<id>.md``); this
module only asks the map (:func:`~vantage.engine.geometry.sight.line_of_sight`, other tokens not
blocking) and words the refusal so that the menu, ``apply`` and ``vantage play`` say the same:

    no line of sight from Ysolde to Ghoul: blocked by wall (12, 20)–(13, 20)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.model import Encounter
from vantage.engine.protocol.errors import CommandRejected

if TYPE_CHECKING:  # sight (numpy, shapely) loads with the first attack checked, not with a ruleset
    from vantage.engine.geometry.sight import Sight

#: How many blockers a refusal names before "and N more".
NAMED_BLOCKERS = 3


def blocked_words(sight: Sight) -> str:
    """``"wall (12, 20)–(13, 20), closed door (4, 2)–(5, 2)"`` — what blocks the lines, first few."""
    named = list(sight.blocked_by[:NAMED_BLOCKERS])
    rest = len(sight.blocked_by) - len(named)
    if rest > 0:
        named.append(f"{rest} more")
    return ", ".join(named) if named else "the map"


def no_sight_reason(
    encounter: Encounter, attacker_id: str, target_id: str, names: tuple[str, str] | None = None
) -> str:
    """Why ``attacker_id`` cannot see ``target_id`` ("" when it can): the refusal's sentence, with
    the ruleset's ``names`` for the two (default: the tokens' names)."""
    from vantage.engine.geometry.sight import line_of_sight

    sight = line_of_sight(encounter, attacker_id, target_id)
    if sight.clear:
        return ""
    a, t = names or (encounter.token(attacker_id).name, encounter.token(target_id).name)
    return f"no line of sight from {a} to {t}: blocked by {blocked_words(sight)}"


def has_line_of_sight(encounter: Encounter, attacker_id: str, target_id: str) -> bool:
    """Whether ``attacker_id`` sees ``target_id`` (other tokens not blocking): what
    :func:`require_line_of_sight` asks, without the words of a refusal."""
    from vantage.engine.geometry.sight import line_of_sight

    return line_of_sight(encounter, attacker_id, target_id).clear


def require_line_of_sight(
    encounter: Encounter, attacker_id: str, target_id: str, names: tuple[str, str] | None = None
) -> None:
    """Refuse (CommandRejected) an attack of ``attacker_id`` on a target it has no line of sight to."""
    reason = no_sight_reason(encounter, attacker_id, target_id, names)
    if reason:
        raise CommandRejected(reason)
