"""One generic policy that plays any ruleset through the platform's queries (never an AI per
ruleset): :class:`FightPlayer` plays one fight from an encounter to its end.

On its turn each creature
1. attacks while it can: of the legal attacks ``attack_options`` offers against the nearest
   enemies still standing, the one with the best expected result (the ruleset's hints weigh it);
2. when it has none, moves toward the nearest enemy it can reach (``movement`` and the engine's
   reachable tiles), and attacks again from there; when no tile is nearer as the crow flies (or
   the enemy beside it is behind a wall), "nearest" is measured along the movement paths, closed
   doors counted open, and a closed door that is the first step of its way is opened (the GM's
   ``set_door``: not a locked or a secret door);
3. ends its turn through ``turn_options`` (end the turn, or pass the initiative as the ruleset
   allows) once nothing more is left to do.

Every decision the engine waits for is answered with its default (or, without one, the choice
with the best odds); a roll at the table is never asked for, since Vantage rolls every die with
the seeded dice it is given. A command the engine refuses is a bug of the policy or the engine:
:class:`PolicyError` says which command and why.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from functools import partial
from typing import TypeVar

from vantage.engine.dice import DiceSource
from vantage.engine.model import Encounter, GameMap, Side, Token, WallKind
from vantage.engine.movement import Reachable, movement_graph, reachable_until
from vantage.engine.protocol.commands import (
    Answer,
    Attack,
    Command,
    EndCombat,
    EndTurn,
    Move,
    PassInitiative,
    SetTableDice,
    StartCombat,
)
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import CombatStarted, Event, RoundBegan, RoundEnded
from vantage.engine.protocol.gm_commands import SetDoor
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.answering import AnsweredStep, AnsweringStopped
from vantage.engine.rules.base import ActionOption, Health, MovementAnswer, Ruleset, TurnInfo
from vantage.engine.rules.decisions import Decision
from vantage.engine.rules.line_of_fire import has_line_of_sight
from vantage.engine.rules.simulation import (
    OptionNeeds,
    SimulationHints,
    Standing,
    hints_of,
    outcome_worth,
)
from vantage.engine.session.answering import apply_answering

#: The policy in one sentence, for the report and the GUI (what the numbers assume).
POLICY_SENTENCE = (
    "Every creature moves toward the nearest enemy it can reach (or stays where it can already "
    "attack), opening a closed door that stands in its way, takes the attack with the best odds "
    "until its turn is spent, answers every decision with its default, and never flees; Vantage "
    "rolls every die."
)

#: The sides that fight each other (neutral creatures stay out of a simulated fight).
FIGHTING_SIDES = (Side.PARTY, Side.ENEMY)
#: At most this many attacks or moves in one turn (a budget no ruleset's turn reaches).
MAX_STEPS_PER_TURN = 24
#: At most this many moves in one turn without an attack in between.
MAX_MOVES_PER_TURN = 2
#: Enemies asked for attack options when the nearest offers none (ranged weapons, sight).
ENEMIES_ASKED = 2
#: The best attacks tried (legality asked) on one enemy before the policy looks further.
OPTIONS_TRIED = 3


#: The gap (:func:`tile_gap`) of two footprints side by side: nothing but an enemy's own tiles is
#: nearer, so a creature this near does not move.
ADJACENT = 1

#: What a move is called among the things whose cost the player remembers (:meth:`FightPlayer.affordable`).
MOVING = "move"

#: Enum members read once: reading a member off its class is slow (a lookup through the class),
#: and the player asks these at every step.
_UP, _PARTY, _ENEMY = Standing.UP, Side.PARTY, Side.ENEMY

#: The eight steps from a tile.
_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))

#: The fields of an event that name a token whose standing it may change.
_NAMING_FIELDS = ("token", "target", "attacker", "who")


def _naming_fields(kind: type) -> tuple[str, ...]:
    """The fields of :data:`_NAMING_FIELDS` an event class may hold (its dataclass fields and class
    attributes); a round or combat event is given every one, so that it is always read."""
    if issubclass(kind, RoundBegan | RoundEnded | CombatStarted):
        return _NAMING_FIELDS
    own = {f.name for f in fields(kind)} if is_dataclass(kind) else set()
    return tuple(name for name in _NAMING_FIELDS if name in own or hasattr(kind, name))


#: The events after which the standing of every fighter is read again.
_EVERYONE_READ = (RoundBegan, RoundEnded, CombatStarted)

#: Event class → the fields of :data:`_NAMING_FIELDS` it may hold (:func:`_naming_fields`), whether
#: it is one of :data:`_EVERYONE_READ`, and whether it may name a striker and the one it struck
#: (:meth:`FightPlayer.note`, worked out once per class).
_READING_OF: dict[type, tuple[tuple[str, ...], bool, bool]] = {}


class PolicyError(RuntimeError):
    """The engine refused a command the policy sent, or the policy found no way to go on."""

    def __init__(self, message: str, command: Command | None = None) -> None:
        super().__init__(message)
        self.command = command


@dataclass
class FightLog:
    """What the player noted while playing: the commands sent (in order), and who dropped whom."""

    commands: list[Command] = field(default_factory=list)
    dropped_by: dict[str, str] = field(default_factory=dict)


def _gap(a: int, na: int, b: int, nb: int) -> int:
    if a + na <= b:
        return b - (a + na) + 1
    if b + nb <= a:
        return a - (b + nb) + 1
    return 0


def tile_gap(tile: tuple[int, int], size: int, other: Token) -> int:
    """Chebyshev gap in tiles between a footprint of ``size`` at ``tile`` and ``other``'s."""
    (bx, by), nb = other.position, other.footprint
    return max(_gap(tile[0], size, bx, nb), _gap(tile[1], size, by, nb))


def nearest_tile(tiles: Mapping[tuple[int, int], float],
                 spans: Sequence[tuple[int, int, int, int]], now: int) -> tuple[int, int] | None:
    """Of ``tiles`` (tile → cost), the one nearest an enemy, then the cheapest, then the least
    tile; only tiles nearer than ``now`` count (None: no such tile). ``spans``: each enemy as the
    tiles ``x0…x1``, ``y0…y1`` where the mover's footprint is no farther from it than 0 across
    and down; a tile's gap is the Chebyshev gap to the nearest. A plain loop over the tiles:
    the spans are read into locals, and a tile no nearer than the best so far stops early."""
    best_gap = now
    best: tuple[float, tuple[int, int]] | None = None
    for tile, cost in tiles.items():
        x, y = tile
        gap = best_gap + 1
        for x0, x1, y0, y1 in spans:
            dx = x0 - x if x < x0 else x - x1 if x > x1 else 0
            dy = y0 - y if y < y0 else y - y1 if y > y1 else 0
            if dy > dx:
                dx = dy
            if dx < gap:
                gap = dx
        if gap < best_gap:
            best_gap, best = gap, (cost, tile)
        elif gap == best_gap and best is not None and (cost, tile) < best:
            best = (cost, tile)
    return None if best is None else best[1]


def _doors_open(game_map: GameMap) -> GameMap:
    """``game_map`` with its closed doors open (not the locked or the secret ones), made once per
    map (a map is immutable)."""
    found = _DOORS_OPEN.get(id(game_map))
    if found is None or found[0] is not game_map:
        walls = tuple(replace(w, kind=WallKind.DOOR_OPEN)
                      if w.kind is WallKind.DOOR_CLOSED and not w.gm_only else w for w in game_map.walls)
        opened = _known_map(replace(game_map, walls=walls)) if walls != game_map.walls else game_map
        found = (game_map, opened)
        if len(_DOORS_OPEN) > 16:
            _DOORS_OPEN.clear()
        _DOORS_OPEN[id(game_map)] = found
    return found[1]


def _known_map(game_map: GameMap) -> GameMap:
    """An equal map met before in this process, else ``game_map``: a door opened the same way in
    every fight gives one map object, so that its movement graph (cached by map identity) is
    made once, not once per fight."""
    for known in _KNOWN_MAPS:
        if known == game_map:
            return known
    _KNOWN_MAPS[:] = [game_map, *_KNOWN_MAPS[:7]]
    return game_map


#: The maps :func:`_known_map` has met, the latest first.
_KNOWN_MAPS: list[GameMap] = []

#: id(map) → (that map, the map with its closed doors open): :func:`_doors_open`'s cache.
_DOORS_OPEN: dict[int, tuple[GameMap, GameMap]] = {}


#: (actor, what it did: an option's label, or "move") → the least it has taken of each slot
Costs = dict[tuple[str, str], dict[str, int]]
#: (actor, what it tried) → what was left of each slot each time the engine refused it
Refusals = dict[tuple[str, str], list[dict[str, int]]]
#: The viewer's place and footprint, the target's: what a sight is kept by on one map
SightPlaces = tuple[tuple[int, int], int, tuple[int, int], int]
#: id(map) → (that map, the places → sight)
SightKept = dict[int, tuple[GameMap, dict[SightPlaces, bool]]]

#: The most answers :meth:`FightPlayer.sees` keeps per map (then it starts again).
SIGHT_KEPT = 1 << 16

#: The fighters' footprint, the standing enemies' (place, footprint)s and the fighter's place: what
#: :meth:`FightPlayer.steps_to_enemies` answers for on one map
StepsAsked = tuple[int, tuple[tuple[tuple[int, int], int], ...], tuple[int, int]]
#: id(map) → (that map, what was asked → the steps found)
StepsKept = dict[int, tuple[GameMap, dict[StepsAsked, dict[int, int]]]]

#: The most answers :meth:`FightPlayer.steps_to_enemies` keeps per map (then it starts again):
#: each holds a position for every tile nearer the enemies than the fighter, so a few hundred.
STEPS_KEPT = 256


@dataclass(eq=False)
class SharedMemory:
    """What the fights played from one encounter under one ruleset, one after another, learn for
    each other (it holds in every fight from that encounter, as in one fight):

    - ``ends_by_end_turn``: the actors the turn options were seen to end with ``end_turn``
      (:meth:`FightPlayer.end_turn`);
    - ``costs`` and ``refusals``: what a thing takes from a budget, and what was left when the
      engine refused it for want of budget — less of a budget never allows more
      (:meth:`FightPlayer.refused_anyway`);
    - ``sight``: whether one footprint sees another, by map and places (:meth:`FightPlayer.sees`);
    - ``steps``: the steps onto the enemies, by map, footprint and places
      (:meth:`FightPlayer.steps_to_enemies`)."""

    encounter: Encounter
    ruleset: Ruleset
    ends_by_end_turn: set[str] = field(default_factory=set)
    costs: Costs = field(default_factory=dict)
    refusals: Refusals = field(default_factory=dict)
    sight: SightKept = field(default_factory=dict)
    steps: StepsKept = field(default_factory=dict)


def shared_memory(encounter: Encounter, ruleset: Ruleset) -> SharedMemory:
    """The :class:`SharedMemory` of the fights played from ``encounter`` under ``ruleset`` (the
    last encounter's is kept; another encounter, even an equal copy, starts with nothing)."""
    kept = _SHARED[0]  # one read: another thread may put its own meanwhile
    if kept is not None and kept.encounter is encounter and kept.ruleset is ruleset:
        return kept
    memory = _SHARED[0] = SharedMemory(encounter, ruleset)
    return memory


#: [the last :func:`shared_memory`, or None]
_SHARED: list[SharedMemory | None] = [None]


_Asked = TypeVar("_Asked")
_Answer = TypeVar("_Answer")


def _answers_for(kept: dict[int, tuple[GameMap, dict[_Asked, _Answer]]],
                 game_map: GameMap) -> dict[_Asked, _Answer]:
    """The answers ``kept`` holds for ``game_map``, by its identity (held with them, so that its
    id is not another map's): a map not met before starts with none."""
    found = kept.get(id(game_map))
    if found is None or found[0] is not game_map:
        found = kept[id(game_map)] = (game_map, {})
    return found[1]


def _covers(left: Mapping[str, int], cost: Mapping[str, int]) -> bool:
    """Whether ``left`` holds at least ``cost`` of every slot the cost takes from (a plain loop:
    asked for every attack weighed)."""
    for name, amount in cost.items():  # noqa: SIM110 (a loop: no generator per call)
        if amount > 0 and left.get(name, amount) < amount:
            return False
    return True


def _no_more(left: Mapping[str, int], than: Mapping[str, int]) -> bool:
    """Whether ``left`` has the slots of ``than`` and no more of any of them."""
    if left.keys() != than.keys():
        return False
    for name, amount in left.items():  # noqa: SIM110 (a loop: no generator per call)
        if amount > than[name]:
            return False
    return True


def opponents(side: Side) -> Side:
    return _ENEMY if side is _PARTY else _PARTY


class FightPlayer:
    """Plays one fight of ``encounter`` with ``dice`` under the generic policy (module text)."""

    def __init__(self, encounter: Encounter, dice: DiceSource, *, strict: bool = False) -> None:
        self.ruleset: Ruleset = get_ruleset(encounter.ruleset)
        #: ask legality before every command the queries did not just call legal (and let a refusal
        #: after it be a PolicyError), rather than try the command (see :meth:`take`)
        self.strict = strict
        self.hints: SimulationHints = hints_of(self.ruleset)
        self.enc = encounter
        self.dice = dice
        self.log = FightLog()
        self.fighters: dict[str, Side] = {
            t.id: t.side for t in encounter.tokens if t.side in FIGHTING_SIDES and t.stats
        }
        self.standing: dict[str, Standing] = {}
        self.started_at: Encounter = encounter
        #: (attacker, target) → the attacks the policy would take, best first (``ranked_attacks``)
        self.ranked: dict[tuple[str, str], list[ActionOption]] = {}
        #: id(option) → its worth (``hints.worth``), for the options of ``ranked``: worked out once
        self.worth: dict[int, float] = {}
        #: id(option) → what it needs to be legal (``hints.needs``), for the options of ``ranked``
        self.needs: dict[int, OptionNeeds | None] = {}
        #: the options just found legal by the query that ranked them (no second check needed)
        self.legal_now: set[int] = set()
        #: the actors whose turn options offered to end the turn with ``end_turn`` (shared by the
        #: fights played from one encounter: the ruleset's options are a function of the state, and
        #: an actor they ended with ``end_turn`` once they end so whenever it is legal)
        shared = shared_memory(encounter, self.ruleset)
        self.ends_by_end_turn: set[str] = shared.ends_by_end_turn
        #: the ruleset's ``turn`` answer for the state it was asked about (asked again only when
        #: the state has changed: a query is a function of the encounter)
        self._turn_of: tuple[Encounter, TurnInfo | None] | None = None
        #: the ``turn`` answer :meth:`slots_left` last read, and what is left of each slot in it
        self._slots_of: tuple[TurnInfo, dict[str, int]] | None = None
        #: the tokens tuple :meth:`tokens` last read, and its tokens by id
        self._tokens_of: tuple[tuple[Token, ...], dict[str, Token]] | None = None
        #: (actor, what it did: an option's label, or "move") → the least it has taken of each slot
        #: of the turn's budget when it was carried out (:meth:`affordable`)
        self.costs: dict[tuple[str, str], dict[str, int]] = {}
        #: (actor, what it tried, what was left of each slot) of the tries the engine refused
        self.refused: set[tuple[str, str, tuple[tuple[str, int], ...]]] = set()
        #: the same costs, and the refusals for want of budget, as all the fights played from one
        #: encounter have met them (:meth:`refused_anyway`)
        self.learned_costs, self.learned_refusals = shared.costs, shared.refusals
        #: whether one footprint sees another, by map and places (:meth:`sees`)
        self.sight_kept = shared.sight
        #: the steps onto the enemies, by map, footprint and places (:meth:`steps_to_enemies`)
        self.steps_kept = shared.steps
        #: why the engine refused the last command :meth:`carry_out` tried
        self._refusal = ""
        #: counts the changes of ``standing`` (what :meth:`enemies_by_distance` keeps depends on it)
        self._standing_version = 0
        #: the last :meth:`over` answer and the standing version it was worked out for
        self._over_of: tuple[int, bool] | None = None
        #: the last :meth:`enemies_by_distance` answer: (tokens by id, (actor, standing version), it)
        self._foes_of: tuple[dict[str, Token], tuple[str, int], list[Token]] | None = None

    # -- sending commands ---------------------------------------------------------------------
    def send(self, command: Command) -> None:
        """Apply ``command`` and answer what it waits for; a refusal is a :class:`PolicyError`."""
        if not self.carry_out(command):
            raise PolicyError(f"the engine refused {command.kind} {command.to_dict()}: {self._refusal}",
                              command)

    def take(self, command: Command, known_legal: bool = False) -> bool:
        """Carry ``command`` out if it is legal now; False (nothing changed) when it is not.

        Legality is the real command stopped at its first roll, so the policy tries the command
        itself: a refusal is the engine saying "not now", and one run does the work of two. A
        ``strict`` player asks legality first and sends only what it was told is legal, so that a
        refusal after a yes is a :class:`PolicyError` (the property test plays strict, and checks
        that both give the same fights). ``known_legal``: the query has just said so."""
        if self.strict or known_legal:
            if not known_legal and not self.ruleset.legality(self.enc, command)[0]:
                return False
            self.send(command)
            return True
        return self.carry_out(command)

    def carry_out(self, command: Command) -> bool:
        """Apply ``command``, each decision it waits for answered (:meth:`answer_to`) as the table
        would answer it, command by command (``apply_answering``: the same commands, states and
        events as sending them one by one). False, nothing changed, when the command is refused
        (why: ``_refusal``); a refused answer is a :class:`PolicyError`."""
        try:
            steps = apply_answering(self.enc, command, self.dice, self.answer_to)
        except CommandRejected as refused:
            self._refusal = refused.reason
            return False
        except AnsweringStopped as stopped:
            self.follow(stopped.steps)
            if stopped.refused is None:
                raise PolicyError(stopped.reason) from None
            raise PolicyError(f"the engine refused {stopped.refused.kind} {stopped.refused.to_dict()}: "
                              f"{stopped.reason}", stopped.refused) from None
        self.follow(steps)
        return True

    def follow(self, steps: Sequence[AnsweredStep]) -> None:
        """Note each step applied: the state after it, the command in the log, its events."""
        for step in steps:
            self.enc = step.encounter
            self.log.commands.append(step.command)
            self.note(step.events)

    def note(self, events: Sequence[Event]) -> None:
        """Read again the standing of every fighter the events name (of all, when a round turns),
        crediting a drop to whoever last struck the one who fell."""
        named: set[str] = set()
        struck_by: dict[str, str] = {}
        everyone = False
        for event in events:
            kind = type(event)
            reading = _READING_OF.get(kind)
            if reading is None:
                names = _naming_fields(kind)
                reading = _READING_OF[kind] = (names, issubclass(kind, _EVERYONE_READ),
                                               "attacker" in names and "target" in names)
            names, everyone_read, strikes = reading
            if not names:
                continue
            everyone = everyone or everyone_read
            for name in names:
                value = getattr(event, name, None)
                if isinstance(value, str):
                    named.add(value)
            if strikes:  # an event of a class without both fields names no striker
                attacker, target = getattr(event, "attacker", None), getattr(event, "target", None)
                if isinstance(attacker, str) and isinstance(target, str):
                    struck_by[target] = attacker
        self.update_standing(None if everyone else sorted(named), struck_by)

    def answer_waiting(self) -> None:
        """Answer every decision the engine waits for (its default, else the best odds)."""
        for _ in range(32):
            waiting = self.ruleset.pending(self.enc)
            if not waiting:
                return
            self.send(self.answer_to(waiting[0]))
        raise PolicyError("the engine kept asking: 32 decisions in a row")

    @staticmethod
    def answer_to(decision: Decision) -> Answer:
        if decision.dice is not None:
            return Answer()  # no faces: Vantage rolls them with the fight's dice
        if decision.default is not None or not decision.choices:
            return Answer(choice=decision.default)
        best = max(decision.choices,
                   key=lambda c: sum(p * outcome_worth(name) for name, p in c.chances.items()))
        return Answer(choice=best.value)

    # -- standing -----------------------------------------------------------------------------
    def standing_of(self, token_id: str) -> Standing:
        return self.hints.standing(self.ruleset, self.enc, token_id)

    def update_standing(self, only: Sequence[str] | None = None,
                        struck_by: dict[str, str] | None = None) -> None:
        """Read the standing of ``only`` (every fighter when None); a fighter that drops is
        credited to the opponent in ``struck_by`` who struck it last."""
        fighters, standing, up = self.fighters, self.standing, _UP  # read once (asked after every command)
        for tid in fighters if only is None else only:
            if tid not in fighters:
                continue
            now = self.standing_of(tid)
            before = standing.get(tid)
            if now is not before:
                self._standing_version += 1
            standing[tid] = now
            if before is None:
                before = up
            if before is up and now is not up and tid not in self.log.dropped_by:
                by = (struck_by or {}).get(tid)
                if by is not None and self.fighters.get(by) is opponents(self.fighters[tid]):
                    self.log.dropped_by[tid] = by

    def up(self, side: Side) -> list[str]:
        standing, up = self.standing, _UP  # an enum member read once (a class attribute is slow)
        return [t for t, s in self.fighters.items() if s is side and standing.get(t) is up]

    def up_sides(self) -> tuple[bool, bool]:
        """Whether the party and the enemies still have someone standing."""
        return bool(self.up(Side.PARTY)), bool(self.up(Side.ENEMY))

    def over(self) -> bool:
        """Whether a side has no one standing (asked before every step: worked out once per
        change of the standings, in one pass)."""
        seen = self._over_of
        if seen is not None and seen[0] == self._standing_version:
            return seen[1]
        party = enemy = False
        standing, up, party_side, enemy_side = self.standing, _UP, _PARTY, _ENEMY
        for tid, side in self.fighters.items():
            if standing.get(tid) is up:
                if side is party_side:
                    party = True
                elif side is enemy_side:
                    enemy = True
        over = not (party and enemy)
        self._over_of = (self._standing_version, over)
        return over

    # -- the fight ----------------------------------------------------------------------------
    def begin(self) -> None:
        """Vantage rolls every die; the combat starts (when it has not) with the fighters."""
        self.answer_waiting()
        self.send(SetTableDice())
        self.update_standing()
        self.fighters = {t: s for t, s in self.fighters.items() if self.standing[t] is Standing.UP}
        self._standing_version += 1
        if self.turn() is None:
            self.send(StartCombat(participants=tuple(self.fighters)))
            self.answer_waiting()
        self.started_at = self.enc

    def turn(self) -> TurnInfo | None:
        """The ruleset's ``turn`` answer now (asked once per state)."""
        seen = self._turn_of
        if seen is None or seen[0] is not self.enc:
            seen = self._turn_of = (self.enc, self.ruleset.turn(self.enc))
        return seen[1]

    def round(self) -> int:
        turn = self.turn()
        return 0 if turn is None or turn.round is None else int(turn.round)

    def play(self, max_rounds: int) -> None:
        """Play until one side is down or the round limit is passed."""
        self.begin()
        last = None
        repeats = 0
        while not self.over():
            turn = self.turn()
            if turn is None:
                raise PolicyError("the combat ended before the fight did")
            if turn.round is not None and turn.round > max_rounds:
                return
            key = (turn.round, turn.actor, len(self.log.commands))
            repeats = repeats + 1 if key == last else 0
            if repeats > 2:
                raise PolicyError(f"stuck on the turn of {turn.actor!r} in round {turn.round}")
            last = key
            if turn.actor is None:
                self.end_turn(None)
            else:
                self.take_turn(turn.actor)

    def actor(self) -> str | None:
        turn = self.turn()
        return None if turn is None else turn.actor

    def take_turn(self, actor: str) -> None:
        acts = (actor in self.fighters and self.standing.get(actor) is Standing.UP
                and self.hints.acts(self.ruleset, self.enc, actor))
        moves = 0
        attacked = False
        if acts:
            self.recover(actor)
        for _ in range(MAX_STEPS_PER_TURN if acts else 0):
            if self.over() or self.actor() != actor:
                return
            if not self.budget_spent() and self.attack(actor, again=attacked):
                moves = 0
                attacked = True
                continue
            if moves < MAX_MOVES_PER_TURN and self.move_closer(actor):
                moves += 1
                continue
            break
        if not self.over() and self.actor() == actor:
            self.end_turn(actor)

    def recover(self, actor: str) -> None:
        """First on its turn, what its ruleset says lets ``actor`` fight again (``hints.recover``:
        stand up, pick up the weapon it dropped), each taken when the engine accepts it."""
        for command in self.hints.recover(self.ruleset, self.enc, actor):
            if self.over() or self.actor() != actor:
                return
            if self.take(command):
                self.answer_waiting()

    def budget_spent(self) -> bool:
        """Whether the turn says the actor's budget is all spent (every slot it shows at 0): no
        attack is tried then. A ruleset that shows no slots says nothing."""
        turn = self.turn()
        slots = turn.slots if turn is not None else ()
        return bool(slots) and all(slot.left <= 0 for slot in slots)

    # -- attacking ----------------------------------------------------------------------------
    def enemies_by_distance(self, actor: str) -> list[Token]:
        """The standing enemies of ``actor``, nearest first (then by id): worked out once per
        tokens tuple, standings and actor (an attack and the move after it ask alike)."""
        tokens = self.tokens()
        key = (actor, self._standing_version)
        seen = self._foes_of
        if seen is not None and seen[0] is tokens and seen[1] == key:
            return seen[2]
        me = tokens[actor]
        foes = [tokens[t] for t in self.up(opponents(self.fighters[actor]))]
        position, size = me.position, me.footprint
        found = sorted(foes, key=lambda t: (tile_gap(position, size, t), t.id))
        self._foes_of = (tokens, key, found)
        return found

    def tokens(self) -> dict[str, Token]:
        """The tokens of the encounter now by id (the first of an id, as ``Encounter.token``
        finds it), made once per tokens tuple."""
        seen = self._tokens_of
        tokens = self.enc.tokens
        if seen is None or seen[0] is not tokens:
            seen = self._tokens_of = (tokens, {t.id: t for t in reversed(tokens)})
        return seen[1]

    def ranked_attacks(self, actor: str, target: str) -> list[ActionOption]:
        """``actor``'s attacks on ``target`` that the policy would take, best expected result first
        (asked once per pair and fight: the weapons and their worth change little; legality is
        asked again before each use)."""
        key = (actor, target)
        found = self.ranked.get(key)
        if found is None:
            options = self.hints.attacks(self.ruleset, self.enc, actor, target)
            usable = [o for o in options if self.usable(o)] if isinstance(options, Sequence) else []
            worth, needs = self.worth, self.needs
            for option in usable:
                worth[id(option)] = self.hints.worth(option)
                needs[id(option)] = self.hints.needs(self.ruleset, self.enc, option)
            found = sorted(usable, key=lambda o: -worth[id(o)])  # stable: the ruleset's order
            self.ranked[key] = found
            self.legal_now.update(id(o) for o in usable if o.legal)
        return found

    def meets_needs(self, option: ActionOption, left: dict[str, int] | None, gap: int) -> bool:
        """False when the option's needs (``hints.needs``) are not met: its target is ``gap``
        tiles away, beyond its reach or nearer than it may stand, or the slots ``left`` of the
        turn cannot cover what it takes, or it needs a line of sight the attacker does not have
        (the engine would refuse it). Needs not known, or no slots shown: True."""
        needs = self.needs.get(id(option))
        if needs is None:
            return True
        if gap < needs.least or (needs.reach is not None and gap > needs.reach):
            return False
        if left is not None:
            for name, amount in needs.slots:
                if left.get(name, amount) < amount:
                    return False
        if needs.sight:
            command = option.command
            assert isinstance(command, Attack)  # the options ranked are attacks (``usable``)
            return self.sees(command.attacker, command.target)
        return True

    def sees(self, viewer: str, target: str) -> bool:
        """Whether ``viewer`` has a line of sight to ``target`` now, other tokens not blocking
        (``line_of_fire.has_line_of_sight``): a function of the map and the two footprints' places
        alone, so kept by them for the fights played from one encounter."""
        tokens = self.tokens()
        a, t = tokens[viewer], tokens[target]
        return self.seen((a.position, a.footprint, t.position, t.footprint),
                         lambda: has_line_of_sight(self.enc, viewer, target))

    def seen(self, places: SightPlaces, look: Callable[[], bool]) -> bool:
        """The sight kept for ``places`` (the viewer's place and footprint, the target's) on the
        map now, ``look()`` asked the first time."""
        answers = _answers_for(self.sight_kept, self.enc.map)
        clear = answers.get(places)
        if clear is None:
            if len(answers) >= SIGHT_KEPT:
                answers.clear()
            clear = answers[places] = look()
        return clear

    def usable(self, option: ActionOption) -> bool:
        return (isinstance(option.command, Attack) and bool(option.chances)
                and not self.hints.avoid(option))

    def attack(self, actor: str, again: bool = False) -> bool:
        """Make the legal attack with the best expected result on the nearest enemies; False when
        there is none. The candidates: the :data:`OPTIONS_TRIED` best options on each of the
        :data:`ENEMIES_ASKED` nearest enemies (``again`` — it has attacked this turn: the nearest
        one only), nearest enemy first, then the best worth; the first legal one is taken (one
        whose needs are not met, ``hints.needs``, is not sent: the engine would refuse it)."""
        me = self.enc.token(actor)
        foes = self.enemies_by_distance(actor)[:1 if again else ENEMIES_ASKED]
        gaps = [tile_gap(me.position, me.footprint, foe) for foe in foes]
        for gap in sorted(set(gaps)):  # the enemies at one distance at a time (asked only then)
            candidates = []
            for order, foe in enumerate(foes):
                if gaps[order] != gap:
                    continue
                for rank, option in enumerate(self.ranked_attacks(actor, foe.id)[:OPTIONS_TRIED]):
                    candidates.append((-self.worth[id(option)], order, rank, option))
            candidates.sort(key=lambda c: c[:3])
            known, self.legal_now = self.legal_now, set()
            for candidate in candidates:
                option = candidate[3]
                legal = id(option) in known
                if not legal and not self.affordable(actor, option.label):
                    continue
                before = self.slots_left(actor)
                if not legal and not self.meets_needs(option, before, gap):
                    self.note_refused(actor, option.label, before)  # as the engine would refuse it
                    continue
                if self.take(option.command, known_legal=legal):
                    self.answer_waiting()
                    self.note_cost(actor, option.label, before)
                    return True
                self.note_refused(actor, option.label, before)
        return False

    # -- the turn's budget ----------------------------------------------------------------------
    def slots_left(self, actor: str) -> dict[str, int] | None:
        """What is left of each slot of ``actor``'s budget now (None: not its turn, or no slots)."""
        turn = self.turn()
        if turn is None or turn.actor != actor or not turn.slots:
            return None
        seen = self._slots_of
        if seen is None or seen[0] is not turn:  # read once per ``turn`` answer (never changed)
            seen = self._slots_of = (turn, {slot.name: slot.left for slot in turn.slots})
        return seen[1]

    def note_cost(self, actor: str, did: str, before: dict[str, int] | None) -> None:
        """Remember the least of each slot ``did`` has taken from ``actor``'s budget (when it is
        still its turn after it)."""
        after = self.slots_left(actor)
        if before is None or after is None or after.keys() != before.keys():
            return
        spent = {name: before[name] - after[name] for name in before}
        for costs in (self.costs, self.learned_costs):
            known = costs.get((actor, did))
            costs[(actor, did)] = spent if known is None else {
                name: min(known.get(name, 0), spent[name]) for name in spent}

    def note_refused(self, actor: str, did: str, before: dict[str, int] | None) -> None:
        """Remember that the engine refused ``did`` with ``before`` left; and, for
        :meth:`refused_anyway`, when that could not cover the least ``did`` has cost ``actor``
        (a refusal with enough left was for another reason: it says nothing of the budget), the
        most left of such refusals (one with no more of any slot than another says nothing new)."""
        if before is None:
            return
        self.refused.add((actor, did, tuple(before.items())))
        cost = self.learned_costs.get((actor, did))
        if cost is None or _covers(before, cost):
            return
        kept = self.learned_refusals.setdefault((actor, did), [])
        if any(_no_more(before, refused) for refused in kept):
            return
        kept[:] = [*(refused for refused in kept if not _no_more(refused, before)), dict(before)]

    def affordable(self, actor: str, did: str) -> bool:
        """False when what is left of ``actor``'s budget cannot cover the least ``did`` has ever
        cost it, and the engine has refused ``did`` before with just as much left: it would
        only be refused again (a slot another one may stand in for, as a minor action for a
        major, is not skipped while the engine has not refused it so). Unknown costs: True.
        Anything but a move is also not affordable when :meth:`refused_anyway` (a move stays
        with what this fight has met: the way round opens a door only when the player would
        still try a move)."""
        cost = self.costs.get((actor, did))
        left = self.slots_left(actor) if cost is not None else None
        if cost is not None and left is not None and not _covers(left, cost) \
                and (actor, did, tuple(left.items())) in self.refused:
            return False
        return did == MOVING or not self.refused_anyway(actor, did)

    def refused_anyway(self, actor: str, did: str) -> bool:
        """Whether the engine would refuse ``did`` for want of budget now, as the fights played
        from this encounter have learned it: what is left cannot cover the least it has cost
        ``actor``, and the engine has refused it with at least as much left of every slot, which
        could not cover it either (less of a budget never allows more; a slot another one may
        stand in for, as a minor action for a major, counts: with more of it, it is tried)."""
        cost = self.learned_costs.get((actor, did))
        left = self.slots_left(actor) if cost is not None else None
        if cost is None or left is None or _covers(left, cost):
            return False
        for refused in self.learned_refusals.get((actor, did), ()):  # a plain loop: no generator
            if _no_more(left, refused) and not _covers(refused, cost):
                return True
        return False

    # -- moving -------------------------------------------------------------------------------
    def move_closer(self, actor: str) -> bool:
        """Move toward the nearest standing enemy; False when no move brings it closer (or it
        stands next to one already: only a tile on an enemy would be nearer)."""
        foes = self.enemies_by_distance(actor)
        if not foes:
            return False
        me = self.enc.token(actor)
        size = me.footprint
        # each foe's footprint as the span of tiles a footprint of ``size`` at x (or y) is apart from
        spans = [(f.position[0] - size + 1, f.position[0] + f.footprint - 1,
                  f.position[1] - size + 1, f.position[1] + f.footprint - 1) for f in foes]

        def gap_at(tile: tuple[int, int]) -> int:
            x, y = tile
            nearest = -1
            for x0, x1, y0, y1 in spans:  # a plain loop: called for every tile it can reach
                dx = x0 - x if x < x0 else x - x1 if x > x1 else 0
                dy = y0 - y if y < y0 else y - y1 if y > y1 else 0
                gap = dx if dx > dy else dy
                if nearest < 0 or gap < nearest:
                    nearest = gap
            return nearest

        now = gap_at(me.position)
        if now <= ADJACENT:  # next to an enemy it could not attack: a wall between them?
            return self.way_round(actor, gap_at)
        if not self.affordable(actor, MOVING):  # as move_to and way_round would find: no search
            return False
        if self.refused_anyway(actor, MOVING) and _doors_open(self.enc.map) is self.enc.map:
            # every move would be refused (the turn's "move action used" after a move), and there
            # is no door the way round could open: the search would only find a move to try
            return False
        answer = self.ruleset.movement(self.enc, actor)
        if not isinstance(answer, MovementAnswer) or answer.allowance.value <= 0:
            return False
        # the search stops once it has met a tile beside an enemy and every tile as cheap (no
        # tile nearer than beside one is an end: an enemy's tiles are never one)
        reach = reachable_until(self.enc, actor, answer.allowance, answer.rules, rank=gap_at,
                                floor=ADJACENT, below=now, key=("gap", tuple(spans)),
                                graph=movement_graph(self.enc.map))
        best = nearest_tile(reach.tiles, spans, now)
        if best is None:
            return self.way_round(actor, gap_at, reach)
        if gap_at(best) <= ADJACENT and not self.strikes_from(actor, best):
            # beside an enemy only across a wall: as the crow flies is no way to it (standing
            # there, it would only step back along the way round next, and then come back)
            return self.way_round(actor, gap_at)
        return self.move_to(actor, reach, best)

    def strikes_from(self, actor: str, tile: tuple[int, int]) -> bool:
        """Whether ``actor``, standing at ``tile``, would be beside an enemy it sees (a line of
        sight, other tokens not blocking, as :meth:`sees` asks it): kept per map and places."""
        me = self.tokens()[actor]
        size = me.footprint
        for foe in self.enemies_by_distance(actor):
            if tile_gap(tile, size, foe) <= ADJACENT and self.seen(
                    (tile, size, foe.position, foe.footprint), partial(self.sight_from, actor, tile, foe.id)):
                return True
        return False

    def sight_from(self, actor: str, tile: tuple[int, int], target: str) -> bool:
        """Whether ``actor``, were it standing at ``tile``, would see ``target``."""
        me = self.tokens()[actor]
        return has_line_of_sight(self.enc.with_token(replace(me, position=tile)), actor, target)

    def move_to(self, actor: str, reach: Reachable, tile: tuple[int, int]) -> bool:
        if not self.affordable(actor, MOVING):
            return False
        before = self.slots_left(actor)
        if self.refused_anyway(actor, MOVING):  # noted as the engine's refusal would be
            self.note_refused(actor, MOVING, before)
            return False
        tiles = reach.tiles_to(tile)
        if not self.take(Move(actor, tiles)):
            self.note_refused(actor, MOVING, before)
            return False
        self.answer_waiting()
        self.note_cost(actor, MOVING, before)
        return True

    # -- the way round: along the movement paths, through closed doors -----------------------
    def way_round(self, actor: str, gap_at: Callable[[tuple[int, int]], int],
                  reach: Reachable | None = None) -> bool:
        """When no tile it can reach is nearer an enemy as the crow flies (or the enemy next to it
        is behind a wall): measure "nearest" along the movement paths, the closed doors counted
        open (:meth:`steps_to_enemies`); open the closed door that is the first step of its way
        (not a locked or a secret one), or move to the reachable tile nearest along the way."""
        if not self.affordable(actor, MOVING):
            return False
        me = self.enc.token(actor)
        size = me.footprint
        graph = movement_graph(self.enc.map)
        (x, y) = me.position
        for dx, dy in _DIRECTIONS:
            tile = (x + dx, y + dy)
            if gap_at(tile) == 0 and graph.can_step(me.position, tile, size):
                return False  # one step from an enemy: nearest already
        steps = self.steps_to_enemies(actor, gap_at)
        here = steps.get(graph.index(me.position))
        if here is None:
            return False
        # one step from an enemy with the doors open, and none it can step to: a closed door
        # stands between them (opened below), else a wall (nearest already)
        doors_open = movement_graph(_doors_open(self.enc.map))
        orthogonal, diagonal = doors_open.neighbours(size, graph.index(me.position))
        for position in (*orthogonal, *diagonal):
            tile = graph.tile(position)
            if steps.get(position) != here - 1 or graph.can_step(me.position, tile, size):
                continue
            for wall in graph.walls_in_the_way(me.position, tile, size):
                if wall.kind is WallKind.DOOR_CLOSED and not wall.gm_only:
                    self.send(SetDoor(a=wall.a, b=wall.b, open=True))
                    self.enc = replace(self.enc, map=_known_map(self.enc.map))
                    self.answer_waiting()
                    return True
        if here <= ADJACENT:
            return False
        if reach is None:
            answer = self.ruleset.movement(self.enc, actor)
            if not isinstance(answer, MovementAnswer) or answer.allowance.value <= 0:
                return False
            index = graph.index

            def steps_at(tile: tuple[int, int]) -> int:
                return steps.get(index(tile), here)  # ``here``: not nearer, does not count

            # the search stops once it has met a tile one step from an enemy and every tile as
            # cheap (no tile is an end nearer than that: an enemy's tiles are never one), which
            # holds the tile chosen below as the whole reachable set would; the steps are named
            # by the enemies' places (the map, the footprint and the start name the search)
            tokens = self.tokens()
            foes = tuple(sorted((tokens[t].position, tokens[t].footprint)
                                for t in self.up(opponents(self.fighters[actor]))))
            reach = reachable_until(self.enc, actor, answer.allowance, answer.rules, rank=steps_at,
                                    floor=ADJACENT, below=here, key=("steps", foes), graph=graph)
        best = None
        for tile, cost in reach.tiles.items():
            left = steps.get(graph.index(tile))
            if left is not None and left < here and (best is None or (left, cost, tile) < best):
                best = (left, cost, tile)
        return best is not None and self.move_to(actor, reach, best[2])

    def steps_to_enemies(self, actor: str, gap_at: Callable[[tuple[int, int]], int]) -> dict[int, int]:
        """Position (of ``actor``'s footprint) → the fewest steps from it onto an enemy, the map's
        closed doors (not the locked or secret ones) counted open; positions from which no enemy
        can be reached are left out. A function of the map, the footprint and the places of the
        fighter and its enemies alone: kept by them for the fights played from one encounter (a
        fighter stuck behind a wall asks again every round, and the fights open alike). The
        answer is shared: read it, never change it."""
        me = self.enc.token(actor)
        tokens = self.tokens()
        standing = (tokens[t] for t in self.up(opponents(self.fighters[actor])))
        foes = tuple(sorted((f.position, f.footprint) for f in standing))
        game_map = self.enc.map
        answers = _answers_for(self.steps_kept, game_map)
        asked = (me.footprint, foes, me.position)
        found = answers.get(asked)
        if found is not None:
            return found
        graph = movement_graph(_doors_open(game_map))
        size = me.footprint
        frontier = sorted({graph.index((x, y)) for (fx, fy), n in foes for x in range(fx - size + 1, fx + n)
                           for y in range(fy - size + 1, fy + n) if graph.in_bounds((x, y), size)})
        steps = dict.fromkeys(frontier, 0)
        mine = graph.index(me.position)
        depth = 0
        # the graph's own arrays, as its search reads them (``neighbours`` without the tuples it
        # makes): a position's steps once its chunk is built, orthogonal ones first
        moves, _, _, ready = graph.lazy_arrays(size)
        prepare_at, orthogonal, diagonal = graph.prepare_at, graph.orthogonal_offsets, graph.diagonal_offsets
        while frontier and mine not in steps:  # every position nearer than its own is found then
            depth += 1
            ahead = []
            for position in frontier:
                if not ready[position]:
                    prepare_at(size, position)
                m = moves[position]
                for offsets in (orthogonal[m], diagonal[m]):
                    for o in offsets:
                        n = position + o
                        if n not in steps:
                            steps[n] = depth
                            ahead.append(n)
            frontier = ahead
        if len(answers) >= STEPS_KEPT:
            answers.clear()
        answers[asked] = steps
        return steps

    # -- ending the turn ----------------------------------------------------------------------
    def end_turn(self, actor: str | None) -> None:
        """End (or pass) the turn through the ruleset's turn options (once they have offered
        this actor "end turn", it is taken again directly, when legal)."""
        if actor is not None and actor in self.ends_by_end_turn and self.take(EndTurn(token=actor)):
            self.answer_waiting()
            return
        options = [o for o in self.ruleset.turn_options(self.enc)
                   if o.legal and not isinstance(o.command, EndCombat)]
        chosen = (next((o for o in options if isinstance(o.command, EndTurn)), None)
                  or next((o for o in options if isinstance(o.command, PassInitiative)), None)
                  or (options[0] if options else None))
        if chosen is None:
            raise PolicyError(f"no way to end the turn of {actor!r}: the ruleset offers no legal option")
        if isinstance(chosen.command, EndTurn) and chosen.command.token == actor and actor is not None:
            self.ends_by_end_turn.add(actor)
        self.send(chosen.command)
        self.answer_waiting()

    # -- the end ------------------------------------------------------------------------------
    def health(self, encounter: Encounter, token_id: str) -> Health | None:
        answer = self.ruleset.health(encounter, token_id)
        return answer if isinstance(answer, Health) else None
