"""Rounds and turns.

"Each round lasts for 5 seconds in game time ... During each round you have three actions to use."
The text gives no turn order: each creature rolls initiative, d20 + Dexterity, and acts in that
order, highest first (assumed — not in the source text; ties: higher Dexterity, then players'
characters, then the order of the tokens on the map). Both the die and the stat are rules options.

At the end of each round: "Fortitude recovers at a rate equal to 1 point per tier of power",
unless it was reduced to 0 and no damage has been taken for 10 minutes yet (120 rounds); a dying
creature's rounds count down; the defensive stance ("that round") ends.
"""

from __future__ import annotations

from vantage.engine.dice import roll
from vantage.engine.protocol.commands import EndTurn, StartCombat
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import CombatStarted, Note, RoundBegan, RoundEnded, TurnBegan, TurnEnded
from vantage.engine.rules.command_options import read_options
from vantage.engine.rules.power_tiers.damage import kill
from vantage.engine.rules.power_tiers.vocabulary import RULESET_NAME
from vantage.engine.rules.power_tiers.work import STUNNED, PTWork


def start_combat(work: PTWork, cmd: StartCombat) -> None:
    """Every participant rolls initiative; the highest acts first."""
    read_options("start_combat", cmd.options, {}, RULESET_NAME)
    if work.started:
        raise CommandRejected("combat has already started")
    rules = work.rules
    ids = list(dict.fromkeys(cmd.participants)) or [t.id for t in work.enc.tokens if t.stats]
    if not ids:
        raise CommandRejected("no token with a stat block to fight")
    ability = str(rules["initiative_ability"])
    for tid in ids:
        s = work.stats(tid)
        if not isinstance(s.get(ability), int):
            raise CommandRejected(f"rules.initiative_ability: {ability!r} is not a number of the stat block")
    alive = [t for t in ids if not work.dead(t)]
    if not alive:
        raise CommandRejected("every participant is dead")
    scores: dict[str, int] = {}
    for tid in alive:
        with work.rolls_by(tid):
            r = roll(str(rules["initiative_die"]), work.dice, f"{work.name(tid)} initiative")
        bonus = int(work.stats(tid)[ability])
        scores[tid] = r.total + bonus
        work.emit_roll(r, f"{r.total} + {ability.capitalize()} {bonus} = {scores[tid]}")
    position = {t.id: i for i, t in enumerate(work.enc.tokens)}
    order = sorted(alive, key=lambda t: (-scores[t], -int(work.stats(t)[ability]),
                                         not work.stats(t)["player"], position[t]))
    for tid in order:
        work.creature(tid)
    work.combat.update({"started": True, "round": 1, "order": [[t, scores[t]] for t in order], "turn": None})
    listed = ", ".join(f"{work.name(t)} {scores[t]}" for t in order)
    work.emit(CombatStarted(sentence=f"Combat begins. Initiative: {listed}.",
                            order=tuple((t, scores[t]) for t in order)))
    work.emit(RoundBegan(sentence="Round 1 begins.", round=1, order=tuple((t, scores[t]) for t in order)))
    _next_turn(work, -1)


def _begin_turn(work: PTWork, index: int) -> None:
    work.combat["turn"] = index
    tid = work.order[index]
    work.ruleset.on_turn_start(work, tid)
    record = work.creature(tid)
    actions = int(work.rules["actions_per_round"])
    left = f"{actions} actions"
    stunned = int(record.get("stunned_rounds", 0)) > 0
    if stunned:
        record["stunned_rounds"] -= 1
        actions = 0
        left = "no actions: it is stunned"
    record["actions"] = actions
    number = work.combat["round"]
    work.emit(TurnBegan(sentence=f"{work.name(tid)}'s turn (round {number}): {left}.", token=tid,
                        round=int(work.combat["round"]), budget={"actions": actions}))
    if stunned and record["stunned_rounds"] == 0:
        work.remove_condition(tid, STUNNED, "it has lost a round's actions")


def _next_turn(work: PTWork, after: int) -> None:
    """The next creature in the order that can act; past the last, the round ends."""
    order = work.order
    for index in range(after + 1, len(order)):
        tid = order[index]
        if work.dead(tid):
            continue
        if work.dying(tid):
            work.emit(Note(sentence=f"{work.name(tid)} is dying and does not act.", token=tid))
            continue
        _begin_turn(work, index)
        return
    _end_round(work)


def _end_round(work: PTWork) -> None:
    number = int(work.combat["round"])
    work.combat["turn"] = None
    work.emit(RoundEnded(sentence=f"Round {number} ends.", round=number))
    work.ruleset.on_round_end(work)
    for tid in work.order:
        _recover_fortitude(work, tid)
        _count_dying(work, tid)
    able = [t for t in work.order if not work.out_of_fight(t)]
    work.combat["round"] = number + 1
    if not able:
        work.emit(Note(sentence="Nobody is left standing to act."))
        return
    work.emit(RoundBegan(sentence=f"Round {number + 1} begins.", round=number + 1))
    _next_turn(work, -1)


def _recover_fortitude(work: PTWork, tid: str) -> None:
    """"a Neophyte ... will recover 1 point of Fortitude each round, ... an Acolyte ... 2 points per
    round"; "If Fortitude is ever reduced to 0, recovery is halted until no damage has been taken
    for 10 minutes."."""
    if work.dead(tid):
        return
    record = work.creature(tid)
    record["rounds_since_damage"] = int(record.get("rounds_since_damage", 0)) + 1
    name = work.name(tid)
    halt = int(work.rules["fortitude_halt_rounds"])
    if record.get("fortitude_halted"):
        if record["rounds_since_damage"] < halt:
            return
        record["fortitude_halted"] = False
        work.emit(Note(sentence=f"{name} has taken no damage for 10 minutes: its Fortitude recovers again.",
                       token=tid))
    maximum = int(work.stats(tid)["fortitude"])
    gained = min(work.rank(tid), maximum - int(record["fortitude"]))
    if gained <= 0:
        return
    before = record["fortitude"]
    record["fortitude"] = before + gained
    tier = work.tier_text(tid)
    work.emit(Note(sentence=f"{name} recovers {gained} Fortitude ({tier}): {before} + {gained} = "
                            f"{record['fortitude']} of {maximum}.",
                   token=tid, data={"track": "fortitude", "amount": gained}))


def _count_dying(work: PTWork, tid: str) -> None:
    """"They will have a number of rounds equal to their Maximum Health score before they are dead.\""""
    if not work.dying(tid):
        return
    record = work.creature(tid)
    record["dying_rounds"] = int(record["dying_rounds"]) - 1
    if record["dying_rounds"] <= 0:
        maximum = work.stats(tid)["health"]
        kill(work, tid, f"its {maximum} round{'s' if maximum != 1 else ''} of dying are over")
        return
    left = record["dying_rounds"]
    rounds = f"{left} round{'s' if left != 1 else ''}"
    work.emit(Note(sentence=f"{work.name(tid)} is dying: {rounds} left.", token=tid,
                   data={"dying_rounds": left}))


def end_turn(work: PTWork, cmd: EndTurn) -> None:
    work.require_started("turns")
    work.stats(cmd.token)
    work.require_turn(cmd.token)
    left = int(work.record(cmd.token)["actions"])
    tail = f" with {left} action{'s' if left != 1 else ''} unused" if left else ""
    work.emit(TurnEnded(sentence=f"{work.name(cmd.token)} ends the turn{tail}.", token=cmd.token))
    work.ruleset.on_turn_end(work, cmd.token)
    _next_turn(work, int(work.combat["turn"]))
