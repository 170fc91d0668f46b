"""What the player view remembers between sessions: its screen, its look, and each screen's scale.

Settings are one small JSON file in the user data folder (``player-view.json``); each screen's
calibration is a file of its own in the calibration folder, named after the screen, so a laptop
that meets the same projector again finds its scale. Unreadable files fall back to defaults.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, fields, replace
from enum import StrEnum
from pathlib import Path
from typing import Any

from vantage.engine.table.calibration import Calibration, Length, LengthUnit
from vantage.gui.appdata import user_paths

ROTATIONS = (0, 90, 180, 270)


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
                    value = type(default)(value)
                elif not isinstance(value, type(default)):
                    continue
            except ValueError:
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
    try:
        return PlayerSettings.from_dict(json.loads(settings_file().read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return PlayerSettings()


def save_settings(settings: PlayerSettings) -> None:
    _write_json(settings_file(), settings.to_dict())


def calibration_file(screen_key: str) -> Path:
    """The file of one screen's calibration; the name is a readable prefix plus a hash of the key."""
    safe = "".join(c if c.isalnum() or c in "-_" else "_" for c in screen_key)[:40]
    digest = hashlib.sha1(screen_key.encode("utf-8")).hexdigest()[:10]
    return user_paths.calibration_dir() / f"{safe}-{digest}.json"


def load_calibration(screen_key: str) -> Calibration | None:
    try:
        data = json.loads(calibration_file(screen_key).read_text(encoding="utf-8"))
        return Calibration.from_dict(data)
    except (OSError, ValueError):
        return None


def save_calibration(screen_key: str, calibration: Calibration) -> None:
    _write_json(calibration_file(screen_key), {"screen": screen_key, **calibration.to_dict()})


def _write_json(path: Path, data: dict[str, object]) -> None:
    temp = path.with_suffix(".tmp")
    temp.write_text(json.dumps(data, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    temp.replace(path)
