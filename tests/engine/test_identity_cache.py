"""The identity cache: a hit on the same object, a miss on an equal one, and a bounded size."""

from dataclasses import dataclass

import pytest

from vantage.engine.identity_cache import IdentityCache, identity_cache


@dataclass(frozen=True)
class Box:
    value: int


def counting_cache(size: int) -> tuple[IdentityCache[Box, list[int]], list[Box]]:
    """A cache over a build that returns a new list each call and records what it was asked."""
    built: list[Box] = []

    @identity_cache(size=size)
    def double(box: Box) -> list[int]:
        """Two copies of the box's value."""
        built.append(box)
        return [box.value, box.value]

    return double, built


def test_the_same_object_is_a_hit_and_returns_the_very_result():
    double, built = counting_cache(4)
    box = Box(3)
    first = double(box)
    assert double(box) is first
    assert built == [box]


def test_an_equal_but_different_object_is_a_miss():
    double, built = counting_cache(4)
    a, b = Box(3), Box(3)
    assert a == b and a is not b
    assert double(a) is not double(b)
    assert len(built) == 2


def test_the_cache_keeps_the_most_recently_used_entries_up_to_its_size():
    double, built = counting_cache(2)
    a, b, c = Box(1), Box(2), Box(3)
    double(a)
    double(b)
    double(a)  # a is now the most recently used, b the least
    double(c)  # b is dropped
    assert len(double) == 2
    built.clear()
    double(a)
    double(c)
    assert built == []
    double(b)
    assert built == [b]


def test_a_cached_argument_is_held_so_its_id_is_not_reused():
    double, _ = counting_cache(4)
    ids = set()
    for value in range(4):
        box = Box(value)
        ids.add(id(box))
        double(box)
        del box
    assert len(ids) == 4  # each box stayed alive while cached, so no id came round again


def test_clear_forgets_every_entry_and_the_wrapper_keeps_the_build_name_and_text():
    double, built = counting_cache(4)
    box = Box(1)
    double(box)
    double.clear()
    double(box)
    assert len(built) == 2
    assert double.__name__ == "double" and double.__doc__ == "Two copies of the box's value."


def test_a_cache_needs_room_for_one_entry():
    with pytest.raises(ValueError, match="at least 1"):
        IdentityCache(lambda box: box, 0)


def test_the_entry_used_last_is_answered_again_and_cleared_with_the_rest():
    double, built = counting_cache(2)
    a, b = Box(1), Box(2)
    first = double(a)
    assert double(a) is first and double(a) is first  # asked again at once: the very result
    double(b)
    assert double(Box(2)) is not double(b)  # equal but another object: a miss even right after b
    double.clear()
    built.clear()
    assert double(b) == [2, 2] and built == [b]  # cleared: the last entry too
