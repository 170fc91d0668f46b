"""The actions the encounter's ruleset allows against a target, for the right-click menu.

The GUI holds no rules: the ruleset answers ``attack_options`` (engine/rules/base.py) with each
option's command, legality, odds and explained modifiers; this module only passes the answer on,
or the ruleset's reason when there is none ("unsupported ruleset …").
"""

from __future__ import annotations

from vantage.engine.model import Encounter
from vantage.engine.rules.base import ActionOption, Unanswered, ask_attack_options

__all__ = ["ActionOption", "attack_options"]


def attack_options(encounter: Encounter, attacker_id: str, target_id: str) -> list[ActionOption] | str:
    """The actions ``attacker_id`` may try on ``target_id``, or the reason there are none."""
    answer = ask_attack_options(encounter, attacker_id, target_id)
    if isinstance(answer, Unanswered):
        return answer.reason
    return list(answer)
