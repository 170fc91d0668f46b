"""What an import produced and what it had to guess: the report the GM reads before playing."""

from __future__ import annotations

from dataclasses import dataclass, field

from vantage.engine.model import Encounter


class MapImportError(Exception):
    """A map file that cannot be imported; ``str()`` is the reason, naming the key at fault."""


@dataclass(frozen=True)
class ImportedImage:
    """A background picture as found in the source: raw file bytes and header dimensions.

    ``kind`` is the file type read from the header (``"png"``, ``"jpeg"``, ``"webp"``); its
    suffix is ``.png``, ``.jpg`` or ``.webp``.
    """

    data: bytes
    kind: str
    width: int
    height: int

    @property
    def suffix(self) -> str:
        return {"png": ".png", "jpeg": ".jpg", "webp": ".webp"}[self.kind]


@dataclass
class ImportReport:
    """Counts of what was imported, the image size and scale, and every warning in order."""

    source: str
    source_kind: str = ""
    width: int = 0
    height: int = 0
    walls: int = 0
    doors: int = 0
    windows: int = 0
    objects: int = 0
    lights: int = 0
    image_size: tuple[int, int] | None = None
    pixels_per_tile: float | None = None
    warnings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def warn(self, message: str) -> None:
        self.warnings.append(message)

    def note(self, message: str) -> None:
        self.notes.append(message)

    def count_walls(self, encounter: Encounter) -> None:
        """Fill the wall, door, window, object and light counts from the imported map."""
        kinds = [w.kind.value for w in encounter.map.walls]
        self.width, self.height = encounter.map.width, encounter.map.height
        self.walls = kinds.count("wall")
        self.doors = kinds.count("door-closed") + kinds.count("door-open") + kinds.count("door-locked")
        self.windows = kinds.count("window")
        self.objects = len(encounter.map.objects)
        self.lights = len(encounter.map.lights)

    def lines(self) -> list[str]:
        head = f"Imported {self.source}" + (f" ({self.source_kind})" if self.source_kind else "")
        out = [
            head,
            f"  cells:   {self.width} × {self.height}",
            f"  walls:   {self.walls} segments",
            f"  doors:   {self.doors}",
            f"  windows: {self.windows}",
            f"  objects: {self.objects} (sight-blocking props)",
            f"  lights:  {self.lights}",
        ]
        if self.image_size is None:
            out.append("  image:   none")
        else:
            w, h = self.image_size
            scale = f", {_num(self.pixels_per_tile)} px per tile" if self.pixels_per_tile else ""
            out.append(f"  image:   {w} × {h} px{scale}")
        out += [f"  note: {n}" for n in self.notes]
        out += [f"  warning: {w}" for w in self.warnings]
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


@dataclass(frozen=True)
class ImportResult:
    """An imported encounter, its background image bytes (if any) and the report.

    The encounter's ``map.background`` (when there is an image) names ``suggested_image_name``;
    whoever writes the image beside the encounter replaces the path with where it went.
    """

    encounter: Encounter
    image: ImportedImage | None
    report: ImportReport
    suggested_image_name: str = ""


def _num(x: float | None) -> str:
    if x is None:
        return "?"
    return str(int(x)) if float(x).is_integer() else f"{x:.4g}"
