"""The kind of an attack read from its options (``options.attack_kind``), kept per command object
and per options given: a kept reading never stands for options that read otherwise ("Lesser
Attack : A creature may use it's given move action to instead do a lesser attack")."""

from __future__ import annotations

import pytest

from vantage.engine.protocol.commands import Attack
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.rules.avorkarth.options import AttackKind, attack_kind


def test_new_commands_with_the_same_options_read_alike():
    first = attack_kind(Attack("a", "b", "Spear", {"lesser": True}))
    again = attack_kind(Attack("c", "d", "Bow", {"lesser": True}))
    assert first == again == AttackKind(lesser=True)
    assert attack_kind(Attack("a", "b")) == AttackKind()


def test_one_is_not_taken_for_true():
    assert attack_kind(Attack("a", "b", None, {"charge": True})).charge
    with pytest.raises(CommandRejected, match=r"attack.options.charge: 1 is not true or false"):
        attack_kind(Attack("a", "b", None, {"charge": 1}))
    # refused each time it is asked, never kept as an answer
    with pytest.raises(CommandRejected):
        attack_kind(Attack("a", "b", None, {"charge": 1}))


def test_options_that_cannot_be_a_key_are_read_as_they_are():
    with pytest.raises(CommandRejected, match=r"has no option 'targets'"):
        attack_kind(Attack("a", "b", None, {"targets": ["x"]}))
    assert attack_kind(Attack("a", "b", None, {"damage": "fire", "lethal": False})) == AttackKind(
        lethal=False, damage="fire")
