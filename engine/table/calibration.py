"""Physical scale: how many screen pixels make one tile exactly one inch (or 25 mm …) on the glass.

A :class:`Calibration` is a screen's density in pixels per millimetre, found either from the size
the screen reports (pixels across ÷ millimetres across) or from a ruler the GM drags on the
projected image to match a real object (pixels dragged ÷ the object's real length). From it and
the wanted tile size follow the pixels per tile and the view scale. Pure maths, no Qt.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

MM_PER_INCH = 25.4


class LengthUnit(StrEnum):
    MM = "mm"
    CM = "cm"
    INCH = "in"

    @property
    def mm(self) -> float:
        """Millimetres in one of this unit."""
        return {LengthUnit.MM: 1.0, LengthUnit.CM: 10.0, LengthUnit.INCH: MM_PER_INCH}[self]


@dataclass(frozen=True)
class Length:
    """A real-world length, kept in the unit it was given in."""

    amount: float
    unit: LengthUnit = LengthUnit.INCH

    def __post_init__(self) -> None:
        object.__setattr__(self, "unit", LengthUnit(self.unit))  # "mm" read from a file or a widget
        if not self.amount > 0:
            raise ValueError(f"a length must be positive, not {self.amount:g} {self.unit}")

    @property
    def mm(self) -> float:
        return self.amount * self.unit.mm

    def __str__(self) -> str:
        return f"{self.amount:g} {self.unit}"


ONE_INCH = Length(1.0, LengthUnit.INCH)
_LENGTH_RE = re.compile(r"^\s*(\d+(?:[.,]\d*)?|[.,]\d+)\s*(mm|cm|in|inch|inches|\")\s*$", re.IGNORECASE)


def parse_length(text: str) -> Length:
    """``"1 in"``, ``"25 mm"``, ``"2.5cm"``, ``'1"'`` → a :class:`Length`; ValueError says why not."""
    match = _LENGTH_RE.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a length such as '1 in', '25 mm' or '2.5 cm'")
    amount = float(match.group(1).replace(",", "."))
    unit_text = match.group(2).lower()
    unit = LengthUnit.INCH if unit_text in ("in", "inch", "inches", '"') else LengthUnit(unit_text)
    return Length(amount, unit)


@dataclass(frozen=True)
class Calibration:
    """A screen's density: ``pixels_per_mm`` device-independent pixels per real millimetre."""

    pixels_per_mm: float
    source: str = ""

    def __post_init__(self) -> None:
        if not self.pixels_per_mm > 0:
            raise ValueError(f"a calibration needs a positive density, not {self.pixels_per_mm:g} px/mm")

    @property
    def pixels_per_inch(self) -> float:
        return self.pixels_per_mm * MM_PER_INCH

    def pixels_per_tile(self, tile: Length = ONE_INCH) -> float:
        """Screen pixels for one tile of real size ``tile``."""
        return self.pixels_per_mm * tile.mm

    def view_scale(self, scene_pixels_per_tile: float, tile: Length = ONE_INCH) -> float:
        """The zoom that shows a scene drawn at ``scene_pixels_per_tile`` at the real tile size."""
        if not scene_pixels_per_tile > 0:
            raise ValueError("the scene must draw tiles at a positive size")
        return self.pixels_per_tile(tile) / scene_pixels_per_tile

    def explain(self, tile: Length = ONE_INCH) -> str:
        """``96 px/in (from …); one tile of 1 in = 96 px``."""
        return (
            f"{_num(self.pixels_per_inch)} px/in ({_num(self.pixels_per_mm)} px/mm"
            + (f", {self.source}" if self.source else "")
            + f"); one tile of {tile} = {_num(self.pixels_per_tile(tile))} px"
        )

    def to_dict(self) -> dict[str, float | str]:
        return {"pixels_per_mm": self.pixels_per_mm, "source": self.source}

    @classmethod
    def from_dict(cls, data: object) -> Calibration:
        """Read a saved calibration; ValueError names what is wrong."""
        if not isinstance(data, dict):
            raise ValueError("a saved calibration must be an object")
        density = data.get("pixels_per_mm")
        if isinstance(density, bool) or not isinstance(density, (int, float)):
            raise ValueError("pixels_per_mm: a number is needed")
        source = data.get("source", "")
        return cls(float(density), source if isinstance(source, str) else "")


def calibration_from_screen(pixels: float, millimetres: float) -> Calibration:
    """From the size the screen reports: ``pixels`` across its ``millimetres`` of width."""
    if not millimetres > 0:
        raise ValueError("the screen does not report its physical size; calibrate with a ruler")
    if not pixels > 0:
        raise ValueError("the screen has no pixels across")
    return Calibration(
        pixels / millimetres, f"screen reports {_num(pixels)} px across {_num(millimetres)} mm"
    )


def calibration_from_ruler(pixels: float, real: Length) -> Calibration:
    """From a ruler dragged over the projected image: ``pixels`` long on screen for ``real``."""
    if not pixels > 0:
        raise ValueError("drag the ruler to the length of the real object first")
    return Calibration(pixels / real.mm, f"ruler of {_num(pixels)} px matched {real}")


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0").rstrip(".")
