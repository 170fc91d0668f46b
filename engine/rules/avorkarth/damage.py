"""Wounds landing on a creature: the ledger, death, unconsciousness, bleeding out and wounded states."""

from __future__ import annotations

from dataclasses import replace

from vantage.engine.protocol.events import DamageTaken, Note, TokenDied, TokenUnconscious
from vantage.engine.rules.avorkarth import critical_wounds
from vantage.engine.rules.avorkarth.ledger import WoundedState, describe
from vantage.engine.rules.avorkarth.state import Work

WOUNDED_EFFECTS = {
    WoundedState.WELL: "no penalties",
    WoundedState.HURT: "−1 movement, dodge and attack",
    WoundedState.WOUNDED: "half movement and dodge, −2 attack, −1 might",
    WoundedState.CRIPPLED: "movement and dodge 1, other combat attributes halved",
}


def apply_damage(work: Work, token_id: str, minor: int, *, lethal: bool, cause: str) -> None:
    """``token_id`` takes ``minor`` minor wounds (lethal: on both tracks), with every consequence."""
    if minor <= 0 or not work.alive(token_id):
        return
    name = work.name(token_id)
    before = work.ledger(token_id)
    after = before.take(minor, lethal=lethal)
    c = work.creature(token_id)
    c["lethal"], c["nonlethal"] = after.lethal, after.nonlethal
    kind = "" if lethal else " of non-lethal damage"
    amount, now = describe(minor), after.text()
    work.emit(DamageTaken(
        sentence=f"{name} takes {amount}{kind} ({cause}), now {now}.",
        token=token_id, amount=minor, track="lethal" if lethal else "non-lethal", text=now,
        amount_text=amount + kind,
    ))
    if after.dead:
        if work.rules.get("critical_wounds") and work.block(token_id).player:
            critical_wounds.inflict(work, token_id)
            return
        kill(work, token_id, cause)
        return
    if work.rules.get("wounded_states", True):
        old, new = before.wounded_state(), after.wounded_state()
        if old != new:
            work.emit(Note(sentence=f"{name} is now {new.value}: {WOUNDED_EFFECTS[new]}.", token=token_id,
                           data={"wounded_state": new.value}))
    if after.unconscious and not work.has(token_id, "unconscious"):
        knock_out(work, token_id)


def knock_out(work: Work, token_id: str) -> None:
    work.add_condition(token_id, "unconscious", quiet=True)
    work.emit(TokenUnconscious(sentence=f"{work.name(token_id)} falls unconscious.", token=token_id))
    _release_grapples(work, token_id)


def kill(work: Work, token_id: str, cause: str) -> None:
    gone = ("unconscious", "bleeding-out", "prone", "grappled", "fully-grappled")
    token = work.token(token_id)
    work.set_token(replace(token, conditions=tuple(c for c in token.conditions if c.name not in gone)))
    work.add_condition(token_id, "dead", quiet=True)
    work.emit(TokenDied(sentence=f"{work.name(token_id)} dies ({cause}).", token=token_id))
    _release_grapples(work, token_id)


def _release_grapples(work: Work, token_id: str) -> None:
    kept = []
    for g in work.combat.get("grapples", []):
        if token_id in (g["grappler"], g["target"]):
            other = g["target"] if g["grappler"] == token_id else g["grappler"]
            for cond in ("grappled", "fully-grappled"):
                work.remove_condition(g["target"], cond, "the grapple ends")
            if other != token_id:
                work.remove_condition(other, "grappled", "the grapple ends")
        else:
            kept.append(g)
    if "grapples" in work.combat:
        work.combat["grapples"] = kept
