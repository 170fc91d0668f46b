"""The hub: claims the GM approves, rolls and decisions answered from a device, moves the GM allows,
pings (issue 28, items 3 and 4). A recording sender stands in for the network."""

from __future__ import annotations

from vantage.engine.protocol.commands import Answer, PassInitiative, StartCombat
from vantage.engine.rules.asking import ask_attack_options, ask_pending
from vantage.gui.document import run_command
from vantage.gui.players_devices.server import Received


def _send(rig, message, device=1):
    rig.hub.handle(Received(device, message))


def _claim_bram(rig):
    rig.join()
    _send(rig, {"type": "claim", "token": "bram"})
    assert rig.you()["asking"] == "bram" and rig.you()["token"] is None and rig.you()["sheet"] == []
    rig.hub.approve(1, True)
    assert rig.you()["token"] == "bram"
    # "a device sees what the projector shows, plus its own token's sheet"
    assert {"title": "Speed", "value": "6"} in rig.you()["sheet"]


def _bram_attacks(rig):
    run_command(rig.document, "Start combat", StartCombat(options={"first": "party"}))
    (strike,) = ask_attack_options(rig.document.encounter, "bram", "ghoul")
    run_command(rig.document, strike.label, strike.command)


def test_a_claim_waits_for_the_gm_and_a_refusal_says_so(rig):
    """"A device claims a party token (the GM approves)"."""
    rig.join()
    _send(rig, {"type": "claim", "token": "ghoul"})
    assert rig.sender.last("refused")["reason"] == "only a party token the table sees can be claimed"
    _send(rig, {"type": "claim", "token": "bram"})
    assert "Alice's phone asks to play Bram" in rig.said[-1]
    rig.hub.approve(1, False)
    assert rig.sender.last("refused")["reason"] == "the GM did not give you Bram"
    assert rig.you()["token"] is None


def test_the_roll_goes_to_the_device_checked_as_the_gm_prompt_checks_it(rig):
    """"When the engine waits for that token's physical dice … the prompt appears on that device —
    what the roll is for and what it needs, the faces checked by the engine exactly as the GM's
    prompt checks them"; "The log says who answered"."""
    _claim_bram(rig)
    _bram_attacks(rig)
    prompt = rig.you()["prompt"]
    assert prompt["dice"]["expr"] == "1d20" and prompt["who"] == "bram"
    assert prompt["sentence"].startswith("Bram attack on Ghoul: 1d20 — ")
    before = rig.document.encounter
    for typed, reason in (("21", "21 is not a face of a d20"), ("x", "'x' is not a whole number"),
                          ("", "type the face of the die (1–20)")):
        _send(rig, {"type": "answer", "faces": [typed]})
        assert reason in rig.sender.last("refused")["reason"]
        assert rig.document.encounter is before
    _send(rig, {"type": "answer", "faces": ["20"]})
    assert rig.you()["prompt"]["dice"]["expr"] == "1d6"  # the damage comes next, on the device too
    _send(rig, {"type": "answer", "faces": ["4"]})
    assert rig.you()["prompt"] is None and not ask_pending(rig.document.encounter)
    lines = [entry.sentence for entry in rig.document.log]
    assert "From Alice's phone (Bram): Dice at the table: 20" in lines
    assert "From Alice's phone (Bram): Dice at the table: 4" in lines


def test_whoever_answers_first_answers_and_the_other_prompt_closes(rig):
    """"Whichever answers first answers, the other closes." """
    _claim_bram(rig)
    _bram_attacks(rig)
    assert rig.you()["prompt"] is not None
    run_command(rig.document, "Dice at the table: 20", Answer(faces=(20,)))  # the GM typed it first
    run_command(rig.document, "Dice at the table: 4", Answer(faces=(4,)))
    assert rig.you()["prompt"] is None
    _send(rig, {"type": "answer", "faces": ["3"]})
    assert rig.sender.last("refused")["reason"].startswith("nothing is asked of you now")


def test_a_reaction_is_answered_from_the_device(rig):
    """A decision of the claimed token (a reaction: "does Ada strike?") goes to its device too."""
    rig.join(2, "Ben's tablet")
    _send(rig, {"type": "claim", "token": "ada"}, device=2)
    rig.hub.approve(2, True)
    run_command(rig.document, "Start combat", StartCombat(options={"first": "enemy"}))
    from vantage.engine.protocol.commands import Move
    from vantage.engine.protocol.gm_commands import Place

    run_command(rig.document, "GM", Place(token="ghoul", tile=(8, 7)))  # next to Ada (reach 2)
    acting = rig.document.encounter.combat
    assert acting  # the enemy's turn: the ghoul walks away from Ada
    run_command(rig.document, "Move Ghoul", Move(token="ghoul", path=((8, 7), (9, 6), (10, 5), (11, 4))))
    prompt = rig.you(2)["prompt"]
    assert prompt is not None and prompt["kind"] == "reaction" and prompt["who"] == "ada"
    _send(rig, {"type": "answer", "choice": "nonsense"}, device=2)
    assert "'nonsense' is not an answer" in rig.sender.last("refused")["reason"]
    _send(rig, {"type": "answer", "choice": "let-go"}, device=2)
    assert rig.you(2)["prompt"] is None
    assert "From Ben's tablet (Ada): Answer: let-go" in [e.sentence for e in rig.document.log]


def test_a_device_moves_its_token_only_when_the_gm_allows_it_this_turn(rig):
    """"Players move their own token when the GM allows it (per token, per turn), with the same
    reachable area, cost and refusal sentence as the GM's drag, through the same engine command"."""
    _claim_bram(rig)
    run_command(rig.document, "Start combat", StartCombat(options={"first": "party"}))
    _send(rig, {"type": "move", "token": "bram", "to": [3, 6]})
    assert rig.sender.last("refused")["reason"] == "the GM has not let you move Bram this turn"
    rig.hub.allow_move("bram", True)
    assert rig.you()["can_move"] is True
    _send(rig, {"type": "reach", "token": "bram"})
    reach = rig.sender.last("reach")
    assert [4, 5] in [[x, y] for x, y, _ in reach["tiles"]]
    _send(rig, {"type": "move", "token": "bram", "to": [11, 0]})
    refusal = rig.sender.last("refused")["reason"]
    assert refusal.startswith("Bram cannot move to (11, 0): ")
    _send(rig, {"type": "move", "token": "bram", "to": [4, 5]})  # still in the Ghoul's reach
    assert rig.document.encounter.token("bram").position == (4, 5)
    assert rig.document.commands[-1].kind == "move"
    run_command(rig.document, "Pass", PassInitiative(token="bram", to="ghoul"))
    assert rig.you()["can_move"] is False  # per turn: the next turn needs the GM again
    _send(rig, {"type": "move", "token": "ada", "to": [8, 7]})
    assert rig.sender.last("refused")["reason"] == "you may move only the token the GM gave you"


def test_a_ping_reaches_every_device_and_the_gm(rig):
    """"Any device can ping a point, shown on every screen for a few seconds"."""
    rig.join()
    _send(rig, {"type": "ping", "at": [2, 3]})
    ping = rig.sender.last("ping")
    assert ping["at"] == [2, 3] and ping["by"] == "Alice's phone" and ping["seconds"] > 0
    assert rig.pings == [((2, 3), "Alice's phone")]
    _send(rig, {"type": "ping", "at": [99, 3]})
    assert rig.sender.last("refused")["reason"] == "(99, 3) is off the map"


def test_a_malformed_message_closes_the_connection_with_the_reason(rig):
    rig.join()
    _send(rig, {"type": "move", "token": "bram", "to": "there"})
    _send(rig, {"type": "teleport"})
    assert rig.sender.closed == [(1, "malformed message: 'to' is not a tile [x, y]"),
                                 (1, "malformed message: unknown type 'teleport'")]


def test_the_gm_prompt_closes_when_the_device_answers_first(rig, qtbot):
    """"… on the GM's screen; whichever answers first answers, the other closes": the GM's
    table-roll prompt follows the engine, which no longer waits once the device has answered."""
    from vantage.gui.play.prompt_bar import PromptBar

    _claim_bram(rig)
    prompt = PromptBar(rig.document)
    qtbot.addWidget(prompt)
    _bram_attacks(rig)
    assert not prompt.isHidden() and "1d20" in prompt.title.text(), prompt.title.text()
    _send(rig, {"type": "answer", "faces": ["20"]})
    assert "1d6" in prompt.title.text(), prompt.title.text()  # the device's d20 answered it
    _send(rig, {"type": "answer", "faces": ["4"]})
    assert prompt.isHidden()


def test_a_failure_behind_a_message_is_refused_and_told_not_raised(rig, monkeypatch):
    """Whatever goes wrong behind a device's message, the GM window goes on: the device is refused
    and the GM's status says what failed."""
    rig.join()

    def broken(*args):
        raise KeyError("no such thing")

    monkeypatch.setattr(rig.hub, "_ping", broken)
    _send(rig, {"type": "ping", "at": [1, 1]})
    assert rig.sender.last("refused")["reason"].startswith("Vantage could not do that (KeyError)")
    assert rig.said[-1] == "Alice's phone's 'ping' failed: 'no such thing'"


def test_the_player_may_let_vantage_roll_as_the_gm_prompt_may(rig):
    """The GM prompt's "Let Vantage roll" is the device's too: an empty answer, Vantage rolls."""
    _claim_bram(rig)
    _bram_attacks(rig)
    _send(rig, {"type": "answer", "let_vantage_roll": True})
    assert rig.document.commands[-1] == Answer()
    assert "From Alice's phone (Bram): Let Vantage roll" in [e.sentence for e in rig.document.log]


def test_a_device_that_comes_back_plays_its_token_again_unless_the_gm_sent_it_away(rig):
    """A phone that slept joins again with the secret it was given and plays its token again; one
    the GM disconnected does not, and a secret is good once."""
    from vantage.gui.players_devices.server import Joined, Left

    _claim_bram(rig)
    secret = rig.you()["resume"]
    assert len(secret) >= 16
    rig.hub.handle(Left(1, "Alice's phone", "192.168.1.20:50000", "the connection broke"))
    rig.hub.handle(Joined(2, "Alice's phone", "192.168.1.20:50001", "a wrong secret"))
    assert rig.you(2)["token"] is None
    rig.hub.handle(Joined(3, "Alice's phone", "192.168.1.20:50002", secret))
    assert rig.you(3)["token"] == "bram" and rig.said[-2] == "Alice's phone is back and plays Bram again"
    rig.hub.disconnect(3)
    assert rig.sender.closed[-1] == (3, "the GM disconnected this device")
    rig.hub.handle(Left(3, "Alice's phone", "192.168.1.20:50002", "the GM disconnected this device"))
    rig.hub.handle(Joined(4, "Alice's phone", "192.168.1.20:50003", secret))
    assert rig.you(4)["token"] is None
