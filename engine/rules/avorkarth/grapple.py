"""Grappling: partial and full grapples, choke/constrict, pin, dragging, escaping.

State: ``combat["grapples"]`` holds ``{"grappler", "target", "level": "partial"|"full",
"choke": n}`` (``choke`` 0: not choking; otherwise the minor wounds the next round end deals).
Conditions mirror it on the tokens: ``grappled`` (partial: movement halved) and
``fully-grappled`` (no movement, no limbs); a pinned target is ``pinned`` and the grapple ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vantage.engine.dice import roll
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Note
from vantage.engine.rules.avorkarth.critical_wounds import head_wounds
from vantage.engine.rules.avorkarth.damage import apply_damage

if TYPE_CHECKING:
    from vantage.engine.rules.avorkarth.state import Work

#: "The grappler gains +5 to the Escaping Grapples check every round" (of a full grapple).
FULL_GRAPPLE_ESCAPE_BONUS = 5


def grapple_between(work: Work, grappler: str, target: str) -> dict[str, Any] | None:
    for g in work.combat.get("grapples", []):
        if g["grappler"] == grappler and g["target"] == target:
            return g
    return None


def grapples_of(work: Work, token_id: str) -> list[dict[str, Any]]:
    return [g for g in work.combat.get("grapples", []) if token_id in (g["grappler"], g["target"])]


def grab(work: Work, grappler: str, target: str, choice: str | None, *, tackle: bool = False) -> None:
    """A successful grapple (or tackle): partial → full → choke or pin."""
    gn, tn = work.name(grappler), work.name(target)
    g = grapple_between(work, grappler, target)
    if g is None and tackle:
        g = {"grappler": grappler, "target": target, "level": "full", "choke": 0}
        work.combat.setdefault("grapples", []).append(g)
        work.add_condition(target, "fully-grappled", why=f"tackled by {gn}")
        return
    if g is None:
        work.combat.setdefault("grapples", []).append(
            {"grappler": grappler, "target": target, "level": "partial", "choke": 0})
        work.add_condition(target, "grappled", why=f"{gn} has a partial grapple: both lose half their dodge")
        return
    if g["level"] == "partial":
        g["level"] = "full"
        work.remove_condition(target, "grappled")
        work.add_condition(target, "fully-grappled", why=f"{gn} tightens to a full grapple")
        return
    if choice == "choke":
        g["choke"] = max(1, g["choke"])
        text = f"{gn} chokes {tn}: 1 minor wound at the end of this round, 1 more each round."
        work.emit(Note(sentence=text,
                       token=grappler))
        return
    if choice == "pin":
        work.combat["grapples"].remove(g)
        work.remove_condition(target, "fully-grappled")
        why = f"{gn} pins and binds them; escape artist checks to get free"
        work.add_condition(target, "pinned", why=why)
        return
    raise CommandRejected(f"{tn} is already fully grappled: choose \"choke\" or \"pin\"")


def round_effects(work: Work) -> None:
    """At the round's end: chokes deal their wounds, then every target tries to escape."""
    for g in list(work.combat.get("grapples", [])):
        gn, tn = work.name(g["grappler"]), work.name(g["target"])
        if g["choke"]:
            apply_damage(work, g["target"], g["choke"], lethal=True, cause=f"choked by {gn}")
            g["choke"] += 1
        if g not in work.combat.get("grapples", []) or not work.can_act(g["target"]):
            continue
        bonus = FULL_GRAPPLE_ESCAPE_BONUS if g["level"] == "full" else 0
        t_total = _strength_roll(work, g["target"], f"escape grapple, {tn}")
        g_total = _strength_roll(work, g["grappler"], f"hold grapple, {gn}") + bonus
        if t_total > g_total:
            work.combat["grapples"].remove(g)
            work.remove_condition(g["target"], "grappled", f"escaped {gn}'s grapple")
            work.remove_condition(g["target"], "fully-grappled", f"escaped {gn}'s grapple")
            text = f"{tn} breaks free of {gn} ({t_total} against {g_total})."
            work.emit(Note(sentence=text, token=g["target"]))
        else:
            work.emit(Note(sentence=f"{tn} cannot break {gn}'s hold ({t_total} against {g_total}).",
                           token=g["target"]))


def _strength_roll(work: Work, token_id: str, purpose: str) -> int:
    """d20 + Strength (assumed die); a lost arm halves grapple checks; a head wound lowers the roll's
    result by 1 each ("Reduce all rolls results by 1")."""
    strength = work.block(token_id).ability("strength")
    if work.has(token_id, "lost-arm"):
        strength //= 2
    r = roll("d20", work.dice, purpose)
    work.emit_roll(r)
    return r.total - head_wounds(work, token_id) + strength


def dragged_partners(work: Work, mover: str) -> list[str]:
    """Who moves along when ``mover`` moves: its grappled targets, and its grappler if partial."""
    out = []
    for g in grapples_of(work, mover):
        if g["grappler"] == mover:
            out.append(g["target"])
        elif g["level"] == "partial":
            out.append(g["grappler"])
    return out
