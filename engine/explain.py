"""Numbers that can explain themselves.

A :class:`Breakdown` is a value built from named terms, so that the log and the tooltips can
show *why* a dodge is 3: ``(Agility 6 + Instinct 4)/2 = 5, flanked by 1 ally −1, brush −3 …``.
Rules compute with breakdowns and read ``.value`` at the end.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, overload

_T = TypeVar("_T")


class _once(Generic[_T]):  # noqa: N801 (used as a decorator, like property)
    """A property worked out on first use and then kept in the (frozen) instance: later reads
    find it in the instance's ``__dict__`` without a call (``functools.cached_property`` takes a
    lock on every first read, which costs more than these sums)."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _once[_T]: ...
    @overload
    def __get__(self, obj: object, owner: type | None = None) -> _T: ...
    def __get__(self, obj: object | None, owner: type | None = None) -> _once[_T] | _T:
        if obj is None:
            return self
        value = obj.__dict__[self.name] = self.func(obj)
        return value


@dataclass(frozen=True)
class Term:
    """One named contribution to a value: ``label`` and the signed ``amount`` it adds."""

    label: str
    amount: float

    def __str__(self) -> str:
        return f"{self.label} {_signed(self.amount)}"


@dataclass(frozen=True)
class Breakdown:
    """A value as a base and the terms that change it, optionally clamped to a minimum.

    ``base_label`` says where the base comes from (``"(Agility 6 + Instinct 4)/2"``).
    ``replaced_by`` is set when a rule overrides the sum outright (``"harsh terrain: no
    movement"``); ``minimum``/``maximum`` clamp the result and say so in the text.
    """

    name: str
    base: float
    base_label: str = ""
    terms: tuple[Term, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    replaced_by: tuple[str, float] | None = field(default=None)

    # worked out once per breakdown (it is frozen): the rules read a value many times
    @_once
    def unclamped(self) -> float:
        return self.base + sum(t.amount for t in self.terms)

    @_once
    def value(self) -> float:
        if self.replaced_by is not None:
            return self.replaced_by[1]
        v = self.unclamped
        if self.minimum is not None and v < self.minimum:
            v = self.minimum
        if self.maximum is not None and v > self.maximum:
            v = self.maximum
        return v

    @property
    def int_value(self) -> int:
        return int(self.value)

    def plus(self, label: str, amount: float) -> Breakdown:
        """This breakdown with one more term (a zero amount is left out)."""
        if amount == 0:
            return self
        return Breakdown(
            self.name, self.base, self.base_label, (*self.terms, Term(label, amount)),
            self.minimum, self.maximum, self.replaced_by,
        )

    def clamped(self, minimum: float | None = None, maximum: float | None = None) -> Breakdown:
        return Breakdown(
            self.name, self.base, self.base_label, self.terms,
            minimum if minimum is not None else self.minimum,
            maximum if maximum is not None else self.maximum,
            self.replaced_by,
        )

    def replaced(self, reason: str, value: float) -> Breakdown:
        return Breakdown(
            self.name, self.base, self.base_label, self.terms, self.minimum, self.maximum, (reason, value)
        )

    def explain(self) -> str:
        """One line that reads as arithmetic: ``Dodge: (Agility 6 + Instinct 4) / 2 = 5, flanked −1 = 4``."""
        return self.text

    @_once
    def text(self) -> str:
        """:meth:`explain`'s line, worked out once."""
        parts = [self.head(), *(str(t) for t in self.terms)]
        text = f"{self.name}: " + ", ".join(parts)
        if self.replaced_by is not None:
            return f"{text}; {self.replaced_by[0]} → {_num(self.replaced_by[1])}"
        v = self.value
        if not self.terms and v == self.base and parts[0].endswith(f"= {_num(v)}"):
            return text  # "Melee attack: (Agility 6 + Instinct 5) / 2 = 5", said once
        if v != self.unclamped:
            bound = "min" if self.minimum is not None and self.unclamped < self.minimum else "max"
            return f"{text} = {_num(self.unclamped)}, {bound} {_num(v)} → {_num(v)}"
        return f"{text} = {_num(v)}"

    def head(self) -> str:
        """The base as the text shows it: a name and its value (``Strength 9``); a formula, equal to
        its value (``(Agility 6 + Instinct 4) / 2 = 5``, ``attack 5 − dodge 4 = 1``); or the bare
        value when the label is only that value (``6``), never a value followed by a bare number."""
        value = _num(self.base)
        label = self.base_label.strip()
        if not label or label == value:
            return value
        if label.endswith((f"= {value})", f"= {value}")):  # a breakdown in brackets already says it
            return label
        if is_formula(label):
            return f"{label} = {value}"
        return f"{label} {value}"

    def __str__(self) -> str:
        return self.explain()


def is_formula(label: str) -> bool:
    """Does ``label`` already hold numbers and end in one (``attack 5 − dodge 4``,
    ``(Agility 6 + Instinct 4) / 2``)? Then a value after it needs an "=" to read as arithmetic."""
    end = label.rstrip(")")
    return bool(end) and end[-1].isdigit()  # (a label that ends in a digit holds one)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def _signed(x: float) -> str:
    return f"+{_num(x)}" if x >= 0 else f"−{_num(-x)}"
