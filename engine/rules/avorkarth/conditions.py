"""The conditions Avorkarth's rules act on. Another name the GM sets (``set_condition``) is kept on
the token and said to be a reminder for the table: no rule of the text reads it."""

from __future__ import annotations

from vantage.engine.rules.avorkarth.critical_wounds import CONDITION as CRITICAL_WOUND_CONDITIONS
from vantage.engine.rules.avorkarth.slowing import AVORKARTH_SLOWING
from vantage.engine.rules.avorkarth.state import OUT_OF_ACTION

#: Every condition name a rule of Avorkarth gives, reads or lifts.
CONDITION_RULES: frozenset[str] = frozenset({
    *OUT_OF_ACTION, *AVORKARTH_SLOWING, *CRITICAL_WOUND_CONDITIONS.values(),
    "bleeding-out", "blind", "crippled", "fully-grappled", "grappled", "hips-crippled", "pinned", "prone",
})
