"""The vocabulary every layer speaks: commands, events and the errors of a rejected command.

Importing any part of it registers the GM's commands and events too, so ``command_from_dict`` and
``event_from_dict`` know every kind.
"""

from vantage.engine.protocol import (
    gm_commands,
    gm_events,
    party_commands,
    template_commands,
    turn_order_commands,
)

__all__ = ["gm_commands", "gm_events", "party_commands", "template_commands", "turn_order_commands"]
