"""What the player view remembers between sessions: its screen, its look, and each screen's scale.

Settings are one small JSON file in the user data folder (``player-view.json``); each screen's
calibration is a file of its own in the calibration folder, named after the screen, so a laptop
that meets the same projector again finds its scale. A damaged file (not JSON, not an object, a
pipe …) is set aside with a notice and the defaults are used (:mod:`vantage.gui.appdata.safe_json`);
a value of the wrong type, not finite, or out of range falls back to that setting's default.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from vantage.engine.table.calibration import Calibration, Length, LengthUnit
from vantage.gui.appdata import user_paths
from vantage.gui.appdata.safe_json import read_setting_file, write_json_atomically

ROTATIONS = (0, 90, 180, 270)
#: The largest number a setting may hold (a tile of a million inches, a fog radius of a million tiles).
LARGEST_NUMBER = 1e6


class Camera(StrEnum):
    FIT = "fit"  # the whole map fills the screen
    LOCKED = "locked"  # tiles at their calibrated real size; the GM pans by tiles or follows the turn


class Shutter(StrEnum):
    LIVE = "live"  # shows every change at once
    HOLD = "hold"  # frozen on the last picture while the GM prepares
    BLANK = "blank"  # black


@dataclass(frozen=True)
class PlayerSettings:
    screen: str = ""  # QScreen.name() of the chosen screen; "" = the one after the GM's
    fullscreen: bool = True
    rotation: int = 0
    mirrored: bool = False
    camera: Camera = Camera.FIT
    follow_active: bool = False
    tile_amount: float = 1.0
    tile_unit: LengthUnit = LengthUnit.INCH
    vision_fog: bool = False
    vision_radius: float = 0.0  # tiles; 0 = unlimited
    labels: bool = True
    initiative_strip: bool = False  # the turn order along the top of the projector
    grid: bool = True  # the grid on the projector
    grid_colour: str = "#3c000000"  # its colour, opacity first (#AARRGGBB)
    touch_table: bool = False  # players drag their own tokens on the player window by touch

    @property
    def tile_size(self) -> Length:
        return Length(self.tile_amount, self.tile_unit)

    def rotated(self, quarter_turns: int) -> PlayerSettings:
        return replace(self, rotation=(self.rotation + 90 * quarter_turns) % 360)

    def to_dict(self) -> dict[str, object]:
        return {k: (str(v) if isinstance(v, StrEnum) else v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, data: object) -> PlayerSettings:
        """Read saved settings, keeping the default of every field that is missing or wrong."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        for f in fields(cls):
            value: Any = data.get(f.name)  # read from JSON: checked against the default's type below
            default = getattr(settings, f.name)
            try:
                if isinstance(default, StrEnum):
                    value = type(default)(value)
                elif isinstance(default, bool):
                    if not isinstance(value, bool):
                        continue
                elif isinstance(default, (int, float)):
                    if isinstance(value, bool) or not isinstance(value, (int, float)):
                        continue
                    if not (math.isfinite(value) and abs(value) <= LARGEST_NUMBER):
                        continue  # NaN, Infinity, a number of 400 digits
                    value = type(default)(value)
                elif not isinstance(value, type(default)):
                    continue
            except (ValueError, OverflowError):
                continue
            settings = replace(settings, **{f.name: value})
        if settings.rotation not in ROTATIONS:
            settings = replace(settings, rotation=0)
        if not settings.tile_amount > 0:
            settings = replace(settings, tile_amount=1.0)
        return replace(settings, vision_radius=max(settings.vision_radius, 0.0))


def settings_file() -> Path:
    return user_paths.user_data_dir() / "player-view.json"


def load_settings() -> PlayerSettings:
    data, _writable = read_setting_file(settings_file, lambda v: isinstance(v, dict), "an object")
    return PlayerSettings.from_dict(data)


def save_settings(settings: PlayerSettings) -> None:
    """Keep ``settings`` for the next session (a read-only profile forgets them)."""
    _write_json(settings_file, settings.to_dict())


def calibration_file(screen_key: str) -> Path:
    """The file of one screen's calibration; the name is a readable prefix plus a hash of the key."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in screen_key)[:40]
    digest = hashlib.sha1(screen_key.encode("utf-8")).hexdigest()[:10]
    return user_paths.calibration_dir() / f"{safe}-{digest}.json"


def load_calibration(screen_key: str) -> Calibration | None:
    """The screen's saved calibration, None when there is none or it cannot be used."""
    data, _writable = read_setting_file(lambda: calibration_file(screen_key), lambda v: isinstance(v, dict),
                                        "an object")
    if data is None:
        return None
    density = data.get("pixels_per_mm")
    # compared before isfinite, which would turn an integer of 300 digits into a float (OverflowError)
    if isinstance(density, (int, float)) and not (0 < density <= LARGEST_NUMBER and math.isfinite(density)):
        return None
    try:
        return Calibration.from_dict(data)
    except (ValueError, OverflowError, TypeError):
        return None


def save_calibration(screen_key: str, calibration: Calibration) -> None:
    _write_json(lambda: calibration_file(screen_key), {"screen": screen_key, **calibration.to_dict()})


def _write_json(path_of: Callable[[], Path], data: dict[str, object]) -> None:
    with contextlib.suppress(OSError, RuntimeError):  # a read-only profile forgets, nothing fails
        write_json_atomically(path_of(), data)
