"""Critical wounds (optional rule, off by default): a player who would die is left with 1 wound,
unconscious for the rest of the fight, and rolls on the table.

The text gives no die and lists two entries as "1": Vantage rolls a d6 and reads the second "1"
(Arms) as 2 (assumed — not in the source text).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vantage.engine.dice import roll
from vantage.engine.protocol.events import Note, TokenUnconscious
from vantage.engine.rules.avorkarth.ledger import MINOR_PER_WOUND

if TYPE_CHECKING:
    from vantage.engine.rules.avorkarth.state import Work

CRITICAL_WOUND_DIE = "d6"
TABLE: dict[int, tuple[str, str]] = {
    1: ("eyes", "blinded on one side: that side now counts as the back; −3 to sight checks"),
    2: ("arms", "an arm is cut off: strength and grapple checks halved"),
    3: ("hips", "hips and lower limbs crippled: 1 tile movement, no move-based actions"),
    4: ("hands", "a hand is cut off: dexterity checks halved, no two-handed weapons"),
    5: ("torso", "−1 to all ability scores (stacks)"),
    6: ("head", "−1 to all roll results (stacks)"),
}
#: The condition each entry leaves on the token (eyes twice: blind on both sides).
CONDITION = {"eyes": "blind-one-side", "arms": "lost-arm", "hips": "hips-crippled", "hands": "lost-hand"}


def inflict(work: Work, token_id: str) -> str:
    """Roll a critical wound instead of death; returns the table entry's name."""
    name = work.name(token_id)
    r = roll(CRITICAL_WOUND_DIE, work.dice, f"critical wound, {name}")
    work.emit_roll(r)
    entry, effect = TABLE[r.total]
    c = work.creature(token_id)
    c["critical_wounds"].append(entry)
    wounds = work.block(token_id).wounds
    c["lethal"] = (wounds - 1) * MINOR_PER_WOUND
    c["nonlethal"] = max(c["nonlethal"], c["lethal"])
    condition = CONDITION.get(entry)
    if entry == "eyes" and c["critical_wounds"].count("eyes") >= 2:
        condition = "blind"
    work.emit(Note(sentence=f"{name} would die but takes a critical wound instead — {entry}: {effect}.",
                   token=token_id, data={"critical_wound": entry}))
    if condition:
        work.add_condition(token_id, condition, why="critical wound")
    work._blocks.pop(token_id, None)
    if not work.has(token_id, "unconscious"):
        work.add_condition(token_id, "unconscious", why="for the rest of the combat")
        work.emit(TokenUnconscious(sentence=f"{name} falls unconscious.", token=token_id))
    return entry


def head_wounds(work: Work, token_id: str) -> int:
    return int(work.record(token_id).get("critical_wounds", []).count("head"))
