"""Readings worked out once (issue 31, the simulator's speed): each memo gives what the plain
computation gives, and a changed board, record or command is read again."""

from dataclasses import replace

import pytest
from avk_fixtures import encounter, fighter, run

from vantage.engine.dice import NoDice, ScriptedDice
from vantage.engine.geometry.charge import charge_lane
from vantage.engine.model import Condition
from vantage.engine.protocol import commands as c
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.avorkarth import attributes as attr
from vantage.engine.rules.avorkarth.attack_command import attack
from vantage.engine.rules.avorkarth.board import avorkarth_charge_lane, charge_open, read_once
from vantage.engine.rules.avorkarth.ledger import WoundLedger
from vantage.engine.rules.avorkarth.options import attack_kind
from vantage.engine.rules.avorkarth.preview import MenuReading, preview
from vantage.engine.rules.avorkarth.queries import attack_options
from vantage.engine.rules.avorkarth.situation import locking_enemies
from vantage.engine.rules.avorkarth.state import Work, condition_of
from vantage.engine.rules.avorkarth.tactics import (
    CHARGE_MIN_DISTANCE,
    CHARGE_MIN_TILES,
    CHARGE_STOPPING_TERRAIN,
)
from vantage.engine.rules.base import ActionSlot, TurnEntry


def _started():
    enc = encounter(fighter("bram", (5, 6), "party", "N", player=True),
                    fighter("ghoul", (5, 5), "enemy", "N"),
                    fighter("wight", (1, 1), "enemy", "S"),
                    fighter("mira", (9, 8), "party", "W", player=True,
                            weapons=[{"name": "Spear", "might": 4, "reach": 2},
                                     {"name": "Bow", "ranged": True, "reach": 12}]))
    return run(enc, ScriptedDice([12, 11, 10, 9]), c.StartCombat())[0]


def test_a_board_reading_is_made_once_per_map_and_tokens():
    enc = _started()
    made = []

    def read():
        made.append(1)
        return len(made)

    assert read_once(enc, "probe", read) == 1
    assert read_once(replace(enc, combat={}), "probe", read) == 1  # the same map and tokens
    moved = enc.with_token(replace(enc.token("wight"), position=(2, 1)))
    assert read_once(moved, "probe", read) == 2  # new tokens: read again
    assert read_once(replace(enc, map=replace(enc.map, width=13)), "probe", read) == 3  # a new map


def test_locking_is_read_again_when_a_token_moves():
    """"Whenever a character is within a tile's distance, they are considered locked"."""
    enc = _started()
    assert locking_enemies(Work(enc, NoDice()), "bram") == ["ghoul"]
    away = enc.with_token(replace(enc.token("ghoul"), position=(5, 2)))
    assert locking_enemies(Work(away, NoDice()), "bram") == []
    out = enc.with_token(replace(enc.token("ghoul"), conditions=(Condition("unconscious"),)))
    assert locking_enemies(Work(out, NoDice()), "bram") == []
    assert locking_enemies(Work(enc, NoDice()), "bram") == ["ghoul"]


def test_the_charge_lane_is_the_geometrys_and_too_near_is_never_open():
    """Charging: "This can only be done if the creature has a clear line between themselves and
    their target and is at least 3 tiles away"."""
    enc = _started()
    for a, t in (("mira", "wight"), ("bram", "wight"), ("bram", "ghoul"), ("wight", "mira")):
        plain = charge_lane(enc, a, t, min_tiles=CHARGE_MIN_TILES, stopping_terrain=CHARGE_STOPPING_TERRAIN,
                            min_distance=CHARGE_MIN_DISTANCE)
        assert avorkarth_charge_lane(enc, a, t) == plain
        assert charge_open(enc, a, t) is plain.valid
    assert charge_open(enc, "mira", "wight")
    assert not charge_open(enc, "bram", "ghoul")  # 0 tiles away: no lane is searched


def _lane_searches(monkeypatch) -> list[tuple[str, str]]:
    """The (attacker, target) of every charge lane the geometry searches from now on."""
    import vantage.engine.geometry.charge as geometry

    searched: list[tuple[str, str]] = []
    real = geometry.charge_lane

    def counted(enc, a, t, **rules):
        searched.append((a, t))
        return real(enc, a, t, **rules)

    monkeypatch.setattr(geometry, "charge_lane", counted)
    return searched


def test_an_open_lane_is_kept_by_its_layout_and_any_change_of_it_is_searched_again(monkeypatch):
    """"A charge cannot change direction" and needs "a clear line": the lane reads where the
    tokens stand and their sizes (and names, in its reasons), not their facing or conditions."""
    searched = _lane_searches(monkeypatch)
    enc = _started()
    lane = avorkarth_charge_lane(enc, "mira", "wight")
    assert lane.valid and searched == [("mira", "wight")]
    turned = enc.with_token(replace(enc.token("bram"), facing=enc.token("wight").facing,
                                    conditions=(Condition("prone"),)))
    assert avorkarth_charge_lane(turned, "mira", "wight") is lane and charge_open(turned, "mira", "wight")
    assert len(searched) == 1
    for changed in (replace(enc.token("bram"), position=(6, 7)), replace(enc.token("bram"), name="Bran"),
                    replace(enc.token("wight"), position=(1, 2))):
        board = enc.with_token(changed)
        plain = charge_lane(board, "mira", "wight", min_tiles=CHARGE_MIN_TILES,
                     stopping_terrain=CHARGE_STOPPING_TERRAIN, min_distance=CHARGE_MIN_DISTANCE)
        assert avorkarth_charge_lane(board, "mira", "wight") == plain
    assert len(searched) == 4
    # a closed lane: its answer is kept by the layout, the lane itself (its reasons) searched again
    another_map = replace(enc, map=replace(enc.map, width=enc.map.width))  # starts afresh
    blocker = another_map.with_token(replace(enc.token("bram"), position=(5, 4)))
    closed = charge_lane(blocker, "mira", "wight", min_tiles=CHARGE_MIN_TILES,
                  stopping_terrain=CHARGE_STOPPING_TERRAIN, min_distance=CHARGE_MIN_DISTANCE)
    assert not closed.valid and closed.reasons[0] == "blocked by token Bram (bram) at (5, 4)"
    searched.clear()
    assert charge_open(blocker, "mira", "wight") is closed.valid
    again = blocker.with_token(replace(blocker.token("mira"), facing=blocker.token("wight").facing))
    assert charge_open(again, "mira", "wight") is closed.valid and len(searched) == 1
    assert avorkarth_charge_lane(again, "mira", "wight") == closed and len(searched) == 2
    wounded = again.with_token(replace(again.token("wight"), conditions=(Condition("prone"),)))
    kept = avorkarth_charge_lane(wounded, "mira", "wight")  # kept with its reasons: not searched
    assert kept == closed and kept.reasons == closed.reasons and len(searched) == 2


@pytest.mark.parametrize("maneuvers", [True, False])
def test_a_shared_menu_reading_previews_every_option_as_a_preview_alone(maneuvers):
    enc = _started()
    ids = [t.id for t in enc.tokens]
    for a in ids:
        for t in ids:
            if a == t:
                continue
            options = attack_options(enc, a, t, maneuvers=maneuvers)
            assert not isinstance(options, str)
            menu = MenuReading(enc, a, t)
            for option in options:
                alone = _preview_or_refusal(enc, option.command, None)
                assert _preview_or_refusal(enc, option.command, menu) == alone


def _preview_or_refusal(enc, command, menu):
    try:
        return preview(enc, command, menu=menu)
    except CommandRejected as refused:
        return refused.reason


def test_a_menu_reading_of_another_pair_is_not_used():
    enc = _started()
    other = MenuReading(enc, "bram", "wight")
    command = c.Attack("bram", "ghoul")
    assert preview(enc, command, menu=other) == preview(enc, command)


def test_condition_of_is_the_ledger_and_stamina_reading():
    """"Stamina 0 or less: Tired"; the wounded states from the ledger (Hurt at 3/4 of wounds left)."""
    for lethal in (0, 15, 30, 45, 55):
        for stamina in (5, 0, -5, -10):
            for wounded_states in (True, False):
                found = condition_of(6, lethal, lethal, stamina, 5, wounded_states)
                state = attr.stamina_state(stamina, 5)
                wounded = WoundLedger(6, lethal, lethal).wounded_state() if wounded_states else None
                assert found == (attr.Condition(wounded, state) if wounded else attr.Condition(stamina=state))


def test_a_refused_attack_copies_no_creature_record():
    enc = _started()
    spent = dict(enc.combat["creatures"][enc.combat["order"][0][0]])
    actor = enc.combat["order"][0][0]
    spent["actions"] = 10
    creatures = {**enc.combat["creatures"], actor: spent}
    enc = replace(enc, combat={**enc.combat, "creatures": creatures})
    foe = "ghoul" if actor in ("bram", "mira") else "bram"
    work = Work(enc, NoDice())
    with pytest.raises(CommandRejected, match="actions left"):
        attack(work, c.Attack(actor, foe))
    # read without copying (reading through ``work.combat`` would hand out a copy of its own)
    assert work.creature_or_none(actor) is spent
    assert work.finish()[0].combat["creatures"][actor] is spent


def test_an_attacks_kind_is_read_once_per_command():
    command = c.Attack("bram", "ghoul", options={"lesser": True})
    assert attack_kind(command) is attack_kind(command)
    assert attack_kind(command).lesser and not attack_kind(c.Attack("bram", "ghoul")).lesser
    with pytest.raises(CommandRejected):
        attack_kind(c.Attack("bram", "ghoul", options={"lesser": "yes"}))


def test_the_turns_entries_and_slots_are_the_orders_values_shared_between_states():
    """"The highest initiative goes first": the turn lists the order, each entry done or not, and
    the actor's actions, move and swift action left — entries that did not change are the same
    values in the next state."""
    ruleset = get_ruleset("avorkarth")
    enc = _started()
    first = ruleset.turn(enc)
    order = enc.combat["order"]
    assert first.entries == tuple(TurnEntry(str(e[0]), int(e[1]), "extra turn" if e[2] else "turn",
                                            i in enc.combat["done"]) for i, e in enumerate(order))
    actor = first.actor
    record = enc.combat["creatures"][actor]
    assert first.slots == (ActionSlot("actions", record["budget"] - record["actions"], record["budget"]),
                           ActionSlot("move action", 1, 1), ActionSlot("swift action", 1, 1))
    after, _ = run(enc, ScriptedDice([10, 10, 10, 10, 10, 10]), c.EndTurn(actor))
    second = ruleset.turn(after)
    assert second.entries[0].done and not first.entries[0].done
    assert second.entries[2:] == first.entries[2:]
    assert all(a is b for a, b in zip(second.entries[2:], first.entries[2:], strict=True))


@pytest.mark.parametrize(("d_size", "a_size", "offset"), [
    ("medium", "medium", (0, -1)), ("medium", "large", (-2, 0)),
    ("small", "large", (-1, -1)),  # its back share is 12.5 %: a rounding edge, read where it is
])
def test_an_arc_kept_by_how_the_pair_stands_reads_as_the_geometry_anywhere(d_size, a_size, offset):
    """Directional dodge — "Front", "Flank", "Back": the pair standing the same way to each other
    at another place reads the arc and the sentence the geometry gives there."""
    from vantage.engine.geometry.arcs import arc_of
    from vantage.engine.model import Facing, Size, Token
    from vantage.engine.rules.avorkarth.situation import _arc
    from vantage.engine.rules.avorkarth.tactics import ARC_WIDTHS

    for facing in (Facing.N, Facing.SE):
        for x, y in ((0, 0), (7, 3), (63, 5), (40, 41), (99, 120)):
            d_pos, a_pos = (x, y), (x + offset[0], y + offset[1])
            plain = arc_of(Token("d", "Ghoul", d_pos, size=Size(d_size), facing=facing),
                           Token("a", "Bram", a_pos, size=Size(a_size)), ARC_WIDTHS)
            assert _arc(d_pos, Size(d_size), facing, "Ghoul", a_pos, Size(a_size), "Bram") == (
                plain.arc.value, plain.explanation)


def test_a_lane_is_kept_while_only_tokens_outside_its_window_move(monkeypatch):
    """A charge needs "a clear line between themselves and their target": a token far from that
    line is in no lane and no reason, so its moves keep the lane; one stepping into it does not."""
    searched = _lane_searches(monkeypatch)
    enc = encounter(fighter("bram", (2, 2), "party"), fighter("ghoul", (8, 2), "enemy"),
                    fighter("wight", (25, 15), "enemy"), width=30, height=20)
    lane = avorkarth_charge_lane(enc, "bram", "ghoul")
    assert lane.valid and len(searched) == 1
    far = enc.with_token(replace(enc.token("wight"), position=(20, 12)))
    assert avorkarth_charge_lane(far, "bram", "ghoul") is lane and len(searched) == 1
    across = enc.with_token(replace(enc.token("wight"), position=(5, 2)))
    plain = charge_lane(across, "bram", "ghoul", min_tiles=CHARGE_MIN_TILES,
                 stopping_terrain=CHARGE_STOPPING_TERRAIN, min_distance=CHARGE_MIN_DISTANCE)
    assert avorkarth_charge_lane(across, "bram", "ghoul") == plain != lane  # another end, round it
    assert len(searched) == 2
