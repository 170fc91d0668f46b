"""The table as the players' devices see it and act on it; no Qt, one thread (the GM's).

:class:`DeviceHub` turns the server's events into answers and the GM's encounter into messages:

- every change: :func:`~vantage.engine.table.device_view.device_view` (the one filter), the
  ``map`` message when the map changed, the ``state`` message, and each device's ``you``;
- a device **claims** a party token; the GM approves or refuses (:meth:`approve`);
- when the engine waits for the claimed token's dice or decision (``ask_pending``), the device gets
  the prompt in its ``you`` message; its answer is checked face by face with the GM prompt's own
  :func:`~vantage.gui.play.table_ask.read_face` and the engine's ``DiceRequest.check``
  (a choice with ``Decision.check_choice``), and sent as the same ``Answer`` command, with a log
  line saying which device answered. Whoever answers first answers: the other prompt closes
  because the engine no longer waits;
- a device **moves** its claimed token when the GM allows it (per token, for the turn it was
  allowed in): the reachable area is the engine's ``ask_reachable`` (cut to the tiles the players
  see), a tile out of reach is refused with ``Reachable.why_not`` in the GM drag's own words, and
  the move is the GM drag's ``Move`` command;
- a device **pings** a tile: every device and the GM's screen show it for a few seconds.

Anything a device sends that does not fit is a refusal sent back (a legal message the rules refuse),
or, for a malformed one, the connection closed with the reason (the server's status line).
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from vantage.engine.model import Encounter, Side, Tile
from vantage.engine.movement import Reachable
from vantage.engine.protocol.commands import Answer, Command, Move
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.asking import ask_pending, ask_reachable, ask_turn
from vantage.engine.rules.decisions import Decision, decider_name, who_name
from vantage.engine.table.device_view import PROTOCOL, DeviceView, own_sheet
from vantage.engine.table.player_view import UNSEEN
from vantage.gui.play.table_ask import names, read_face, roll_sentence
from vantage.gui.players_devices.server import Joined, Left, Received, ServerEvent

_log = logging.getLogger(__name__)

#: How long a ping stays on every screen (seconds).
PING_SECONDS = 4.0
#: The shortest time between two pings of one device (seconds).
PING_EVERY = 0.5
#: How long a device that went away (a phone that slept) may come back to its token (seconds).
RESUME_SECONDS = 15 * 60


class Table(Protocol):
    """What the hub needs of the GM's side: the encounter, the filtered view, and one door for
    commands (the GUI's document, or the headless server's own)."""

    def encounter(self) -> Encounter: ...

    def view(self) -> DeviceView: ...

    def run(self, name: str, command: Command, answered_by: str) -> None:
        """Apply ``command`` as the undo step ``name``, the log saying ``answered_by`` sent it;
        CommandRejected when the engine refuses."""
        ...


class Sender(Protocol):
    def broadcast(self, key: str, message: Mapping[str, Any]) -> None: ...

    def send(self, device: int, key: str | None, message: Mapping[str, Any]) -> None: ...

    def disconnect(self, device: int, reason: str, refused: bool = True) -> None: ...


@dataclass
class Device:
    """One joined device: its name, address, the token it plays (approved) or asks for."""

    id: int
    name: str
    peer: str
    token: str | None = None
    asking: str | None = None
    last_ping: float = 0.0
    #: what the device sends to come back to its token after its connection broke (unguessable)
    secret: str = field(default_factory=lambda: secrets.token_urlsafe(16))


@dataclass
class HubNotes:
    """Callbacks to the GM's screen: a status sentence, a ping to draw, the device list changed."""

    say: Callable[[str], None] = lambda text: None
    ping: Callable[[Tile, str], None] = lambda tile, who: None
    devices_changed: Callable[[], None] = lambda: None
    claim_waiting: Callable[[], None] = lambda: None


class MalformedMessage(Exception):
    """A message of a known shape with a field that does not fit (the connection is closed)."""


@dataclass
class DeviceHub:
    table: Table
    server: Sender
    notes: HubNotes = field(default_factory=HubNotes)
    devices: dict[int, Device] = field(default_factory=dict)
    #: token id → the turn (round, actor) the GM allowed it to move in (None: out of combat)
    moves_allowed: dict[str, tuple[int | None, str | None] | None] = field(default_factory=dict)
    _view: DeviceView | None = None
    _map_sent: Mapping[str, Any] | None = None
    #: secret → (the token, when its device went away): a device that comes back plays it again
    _gone: dict[str, tuple[str, float]] = field(default_factory=dict)

    # -- the GM's side -----------------------------------------------------------------------
    def update(self) -> None:
        """The encounter or its view changed: send what changed to every device."""
        view = self.table.view()
        self._view = view
        if view.map is not self._map_sent and view.map != self._map_sent:
            self._map_sent = view.map
            self.server.broadcast("map", view.map)
        self.server.broadcast("state", view.state)
        for device in self.devices.values():
            self._send_you(device)

    def approve(self, device_id: int, yes: bool) -> None:
        """The GM approves (or refuses) the token ``device_id`` asks to play."""
        device = self.devices.get(device_id)
        if device is None or device.asking is None:
            return
        token = device.asking
        device.asking = None
        name = self._token_name(token)
        if yes:
            for other in self.devices.values():
                if other.token == token and other is not device:
                    other.token = None
                    self._send_you(other)
            device.token = token
            self.notes.say(f"{device.name} plays {name}")
        else:
            refusal = {"type": "refused", "reason": f"the GM did not give you {name}"}
            self.server.send(device.id, None, refusal)
        self._send_you(device)
        self.notes.devices_changed()

    def disconnect(self, device_id: int) -> None:
        """The GM disconnects the device: it is told so, and cannot come back to its token."""
        device = self.devices.get(device_id)
        if device is not None:
            device.token = None
            self.server.disconnect(device_id, "the GM disconnected this device", refused=False)

    def release(self, device_id: int) -> None:
        """The device no longer plays its token."""
        device = self.devices.get(device_id)
        if device is not None:
            device.token = None
            self._send_you(device)
            self.notes.devices_changed()

    def allow_move(self, token_id: str, allowed: bool) -> None:
        """Let the players move ``token_id`` themselves for the current turn (or stop it)."""
        if allowed:
            self.moves_allowed[token_id] = self._turn_key()
        else:
            self.moves_allowed.pop(token_id, None)
        for device in self.devices.values():
            if device.token == token_id:
                self._send_you(device)
        self.notes.devices_changed()

    def may_move(self, token_id: str) -> bool:
        """Whether the players may move ``token_id`` now (allowed, in this turn)."""
        if token_id not in self.moves_allowed:
            return False
        return self.moves_allowed[token_id] == self._turn_key()

    # -- the devices' side -------------------------------------------------------------------
    def handle(self, event: ServerEvent) -> None:
        """One event from the server (in the GM's thread)."""
        if isinstance(event, Joined):
            device = Device(event.device, event.name, event.peer)
            self.devices[device.id] = device
            self._resume(device, event.resume)
            view = self._current()
            self._map_sent = view.map
            self.server.send(device.id, "map", view.map)
            self.server.send(device.id, "state", view.state)
            self._send_you(device)
            self.notes.say(f"{device.name} joined from {event.peer}")
            self.notes.devices_changed()
        elif isinstance(event, Left):
            gone = self.devices.pop(event.device, None)
            if gone is not None and gone.token is not None and not event.refused:
                self._gone[gone.secret] = (gone.token, time.monotonic())
            self.notes.say(f"{event.name} ({event.peer}) {'was disconnected' if event.refused else 'left'}: "
                           f"{event.reason}")
            if gone is not None:
                self.notes.devices_changed()
        elif isinstance(event, Received):
            sender = self.devices.get(event.device)
            if sender is None:
                return
            try:
                self._received(sender, event.message)
            except MalformedMessage as wrong:
                self.server.disconnect(sender.id, f"malformed message: {wrong}")
            except CommandRejected as refused:
                self.server.send(sender.id, None, {"type": "refused", "reason": refused.reason})
            except Exception as error:  # noqa: BLE001 - a device never takes the GM window down
                _log.exception("a device's message failed: %r", event.message)
                kind = str(event.message.get("type", ""))[:30]
                self.notes.say(f"{sender.name}'s {kind!r} failed: {error}")
                reason = f"Vantage could not do that ({type(error).__name__}); the GM is told"
                self.server.send(sender.id, None, {"type": "refused", "reason": reason})

    def _resume(self, device: Device, secret: str | None) -> None:
        """A device back after its connection broke plays its token again, unless another device
        has been given it meanwhile."""
        now = time.monotonic()
        self._gone = {s: (t, when) for s, (t, when) in self._gone.items() if now - when < RESUME_SECONDS}
        if secret is None or secret not in self._gone:
            return
        token, _ = self._gone.pop(secret)
        taken = any(d.token == token for d in self.devices.values())
        shown = any(t.id == token for t in self._current().shown.tokens)
        if not taken and shown:
            device.token = token
            device.secret = secret
            self.notes.say(f"{device.name} is back and plays {self._token_name(token)} again")

    def _received(self, device: Device, message: Mapping[str, Any]) -> None:
        kind = message["type"]
        if kind == "claim":
            self._claim(device, _text(message, "token"))
        elif kind == "answer":
            self._answer(device, message)
        elif kind == "reach":
            self._reach(device, _text(message, "token"))
        elif kind == "move":
            self._move(device, _text(message, "token"), _tile(message, "to"))
        elif kind == "ping":
            self._ping(device, _tile(message, "at"))
        elif kind == "hello":
            pass  # the client's keep-alive
        else:
            raise MalformedMessage(f"unknown type {kind[:30]!r}")

    def _claim(self, device: Device, token_id: str) -> None:
        shown = self._current().shown
        token = next((t for t in shown.tokens if t.id == token_id), None)
        if token is None or token.side is not Side.PARTY:
            raise CommandRejected("only a party token the table sees can be claimed")
        device.asking = token_id
        self.notes.say(f"{device.name} asks to play {token.name}: approve it in the Players' devices panel")
        self._send_you(device)
        self.notes.devices_changed()
        self.notes.claim_waiting()

    def _answer(self, device: Device, message: Mapping[str, Any]) -> None:
        decision = self._asked_of(device)
        if decision is None:
            raise CommandRejected("nothing is asked of you now (someone may have answered already)")
        who = f"{device.name} ({self._token_name(device.token)})"
        if decision.dice is not None:
            if message.get("let_vantage_roll") is True:
                self.table.run("Let Vantage roll", Answer(), who)
                return
            texts = message.get("faces")
            if (not isinstance(texts, list) or len(texts) > 64
                    or not all(isinstance(t, str | int) for t in texts)):
                raise MalformedMessage("\"faces\" is not a list of faces")
            faces = [read_face(str(text), index, decision.dice) for index, text in enumerate(texts)]
            checked = decision.dice.check(faces)
            typed = " ".join(str(f) for f in checked)
            self.table.run(f"Dice at the table: {typed}", Answer(faces=checked), who)
            return
        choice = message.get("choice")
        if choice is not None and not isinstance(choice, str):
            raise MalformedMessage("\"choice\" is not text")
        value = decision.check_choice(choice)  # the public decision: a choice left out is refused
        self.table.run(f"Answer: {value}", Answer(choice=value), who)

    def _reach(self, device: Device, token_id: str) -> None:
        reachable = self._reachable(device, token_id)
        shown = self._shown_tiles()
        tiles = [[x, y, cost] for (x, y), cost in sorted(reachable.tiles.items()) if (x, y) in shown]
        self.server.send(device.id, None, {"type": "reach", "token": token_id, "tiles": tiles})

    def _move(self, device: Device, token_id: str, target: Tile) -> None:
        reachable = self._reachable(device, token_id)
        name = self._token_name(token_id)
        if target not in self._shown_tiles() or reachable.cost(target) is None:
            seen = target in self._shown_tiles()
            reason = reachable.why_not(target) if seen else "the players do not see there"
            raise CommandRejected(f"{name} cannot move to {target}: {reason}")
        path = reachable.path_to(target)
        try:
            self.table.run(f"Move {name}", Move(token=token_id, path=path.tiles), f"{device.name}")
        except CommandRejected as refused:
            raise CommandRejected(f"{name} cannot move to {target}: {refused.reason}") from None

    def _ping(self, device: Device, tile: Tile) -> None:
        game_map = self._current().shown.map
        if not (0 <= tile[0] < game_map.width and 0 <= tile[1] < game_map.height):
            raise CommandRejected(f"{tile} is off the map")
        now = time.monotonic()
        if now - device.last_ping < PING_EVERY:
            return
        device.last_ping = now
        self.server.broadcast(f"ping-{device.id}", {"type": "ping", "at": list(tile), "by": device.name,
                                                    "seconds": PING_SECONDS})
        self.notes.ping(tile, device.name)

    # -- helpers -----------------------------------------------------------------------------
    def _current(self) -> DeviceView:
        if self._view is None:
            self._view = self.table.view()
        return self._view

    def _turn_key(self) -> tuple[int | None, str | None] | None:
        try:
            turn = ask_turn(self.table.encounter())
        except Exception:  # a half-made combat state: treat as out of combat
            return None
        return None if turn is None else (turn.round, turn.actor)

    def _token_name(self, token_id: str | None) -> str:
        if token_id is None:
            return "no token"
        return who_name(self.table.encounter(), token_id)

    def _shown_tiles(self) -> frozenset[Tile]:
        game_map = self._current().shown.map
        w = game_map.width
        terrain = game_map.terrain
        return frozenset((i % w, i // w) for i in range(game_map.width * game_map.height)
                         if not terrain or terrain[i] != UNSEEN)

    def _reachable(self, device: Device, token_id: str) -> Reachable:
        if device.token != token_id:
            raise CommandRejected("you may move only the token the GM gave you")
        if not self.may_move(token_id):
            raise CommandRejected(f"the GM has not let you move {self._token_name(token_id)} this turn")
        found = ask_reachable(self.table.encounter(), token_id)
        if not isinstance(found, Reachable):
            raise CommandRejected(found.reason)
        return found

    def _asked_of(self, device: Device) -> Decision | None:
        """The decision the engine waits for from ``device``'s token, as the table may see it: the
        choices that name a token the players do not see are left out (the GM answers those), and
        a decision whose question or dice name one, or that has no choice left, stays with the GM."""
        if device.token is None:
            return None
        pending = ask_pending(self.table.encounter())
        decision = pending[0] if pending else None
        if decision is None or decision.who != device.token:
            return None
        return self._public(decision)

    def _public(self, decision: Decision) -> Decision | None:
        unseen = self._unseen_words()
        if self._names_any(decision.prompt, unseen) or (
                decision.dice is not None and self._names_any(decision.dice.sentence, unseen)):
            return None
        if decision.dice is not None:
            return decision
        choices = tuple(c for c in decision.choices
                        if not self._names_any(f"{c.value} {c.label} {c.explanation}", unseen))
        if not choices:
            return None
        default = decision.default if decision.default in {c.value for c in choices} else None
        return replace(decision, choices=choices, default=default)

    def _unseen_words(self) -> set[str]:
        shown = {t.id for t in self._current().shown.tokens}
        return {w for t in self.table.encounter().tokens if t.id not in shown for w in (t.id, t.name) if w}

    @staticmethod
    def _names_any(text: str, words: set[str]) -> bool:
        return any(names(text, word) for word in words)

    def _send_you(self, device: Device) -> None:
        message: dict[str, Any] = {
            "type": "you", "protocol": PROTOCOL, "device": device.id, "name": device.name,
            "token": device.token, "asking": device.asking,
            "can_move": device.token is not None and self.may_move(device.token),
            "prompt": None,
            "sheet": own_sheet(self.table.encounter(), device.token) if device.token is not None else [],
            "resume": device.secret,
        }
        decision = self._asked_of(device)
        if decision is not None:
            message["prompt"] = self._prompt(decision)
        self.server.send(device.id, f"you-{device.id}", message)

    def _prompt(self, decision: Decision) -> dict[str, Any]:
        out = decision.to_dict()
        who = decider_name(self.table.encounter(), decision)
        out["who_name"] = who
        out["sentence"] = roll_sentence(who, decision.dice) if decision.dice is not None else decision.prompt
        return out


def _text(message: Mapping[str, Any], key: str) -> str:
    value = message.get(key)
    if not isinstance(value, str) or not value or len(value) > 200:
        raise MalformedMessage(f"{key!r} is not a short text")
    return value


def _tile(message: Mapping[str, Any], key: str) -> Tile:
    value = message.get(key)
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) and abs(v) < 1 << 20 for v in value)):
        raise MalformedMessage(f"{key!r} is not a tile [x, y]")
    return (value[0], value[1])
