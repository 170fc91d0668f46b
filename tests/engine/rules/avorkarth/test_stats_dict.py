"""The one template for an Avorkarth stat block as plain JSON, shared by the demo, samples and tests."""

from vantage.engine.rules.avorkarth.statblock import (
    ABILITIES,
    DEFAULT_ABILITIES,
    stats_dict,
    validate_stat_block,
)


def test_the_default_abilities_name_every_ability_in_order_and_make_a_valid_block():
    assert tuple(DEFAULT_ABILITIES) == ABILITIES
    assert validate_stat_block(stats_dict(6)) == []


def test_given_abilities_go_over_the_defaults_and_fields_follow_in_the_order_given():
    stats = stats_dict(4, abilities={"strength": 9}, movement=7, player=True)
    assert stats["abilities"] == {**DEFAULT_ABILITIES, "strength": 9}
    assert list(stats) == ["abilities", "wounds", "movement", "player"]
    assert stats["wounds"] == 4


def test_each_call_returns_a_new_dict_so_a_caller_may_change_its_own():
    first = stats_dict(6)
    first["abilities"]["will"] = 1
    assert stats_dict(6)["abilities"]["will"] == DEFAULT_ABILITIES["will"]
