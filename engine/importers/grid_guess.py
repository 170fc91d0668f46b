"""Guess where the grid of a map picture lies, or refuse to guess.

:func:`find_grid` takes the picture's brightness (rows × columns; the GUI decodes it) and returns
a :class:`GridFound` — one cell size and one offset each way — or a :class:`GridRefused` that says
why, beginning with :data:`NO_GRID`. A wrong grid is worse than none: a picture without a square
grid (a texture, walls, bricks, hexes, lines one way only) is refused, never guessed.
:func:`guess_period` finds the regular spacing of the peaks in one profile. Pure numbers: no
pixels are decoded here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

_SMOOTHING = np.array([1.0, 2.0, 3.0, 2.0, 1.0]) / 9.0


@dataclass(frozen=True)
class GridGuess:
    """``period`` px between grid lines, the first line at ``phase`` px, ``confidence`` 0…1 (the
    correlation of the profile with itself one period on; below ~0.3 it is probably not a grid)."""

    period: float
    phase: float
    confidence: float


def guess_period(profile: Sequence[float], min_px: int = 12, max_px: int = 400) -> GridGuess | None:
    """The regular spacing of peaks in ``profile``, or None when it is too short or flat."""
    raw = np.asarray(profile, dtype=float)
    n = len(raw)
    if n < 8 or not np.isfinite(raw).all():
        return None
    # Smoothed, so that lines drawn one or two pixels wide (as shrinking makes them) look alike.
    values = np.convolve(raw, _SMOOTHING, mode="same")
    max_px = min(max_px, n // 3)
    if max_px <= min_px:
        return None
    signal = values - values.mean()
    energy = float(np.dot(signal, signal))
    if energy <= 1e-12:
        return None
    spectrum = np.fft.rfft(signal, 2 * n)
    acf = np.fft.irfft(spectrum * np.conj(spectrum))[:n] / energy
    lags = np.arange(min_px, max_px + 1)
    scores = acf[lags] * n / (n - lags)  # undo the shrinking of long lags
    best = float(scores.max())
    if best <= 0:
        return None
    # The fundamental, not a multiple: the shortest lag scoring near the best, at a local peak.
    candidates = [
        lag for lag, s in zip(lags.tolist(), scores.tolist(), strict=True)
        if s >= 0.7 * best and acf[lag] >= acf[lag - 1] and acf[lag] >= acf[min(lag + 1, n - 1)]
    ]
    lag = candidates[0] if candidates else int(lags[int(scores.argmax())])
    period, phase = _refine(values, lag)
    return GridGuess(period, phase, float(min(1.0, max(0.0, acf[lag] * n / (n - lag)))))


def _refine(values: np.ndarray, lag: int) -> tuple[float, float]:
    """Fractional period and phase: each line's peak is found near where the lines found so far
    predict it (so a period between two whole pixels does not drift), then fitted by least squares."""
    n = len(values)
    head = values[: min(n, 4 * lag)]
    phase0 = int(np.array([head[p::lag].sum() for p in range(lag)]).argmax())
    half = max(1, lag // 4)
    ks: list[float] = []
    xs: list[float] = []
    period, origin = float(lag), float(phase0)
    k = 0
    while True:
        centre = round(origin + k * period)
        if centre - half >= n:
            break
        lo, hi = centre - half, centre + half + 1
        inside = lo >= 0 and hi <= n
        if inside and lo < lo + int(values[lo:hi].argmax()) < hi - 1:  # whole window, peak within
            ks.append(k)
            xs.append(_peak(values, lo, hi))
            if len(ks) >= 2:
                slope, intercept = np.polyfit(np.array(ks, dtype=float), np.array(xs), 1)
                period, origin = float(slope), float(intercept)
        k += 1
    if len(ks) < 2 or period <= 0:
        return float(lag), float(phase0)
    return period, origin % period


def _peak(values: np.ndarray, lo: int, hi: int) -> float:
    """The position of the highest value in ``values[lo:hi]``, to a fraction of a pixel."""
    i = lo + int(values[lo:hi].argmax())
    if 0 < i < len(values) - 1:
        a, b, c = values[i - 1], values[i], values[i + 1]
        denom = a - 2 * b + c
        if denom < 0:
            return i + 0.5 * (a - c) / denom
    return float(i)


# --- a whole picture -----------------------------------------------------------------------------

#: The sentence every refusal starts with (the import dialog shows it, then how to set the grid).
NO_GRID = "No regular grid lines found"
#: Cells smaller or larger than this (px) are not looked for.
MIN_CELL_PX, MAX_CELL_PX = 16, 400
#: The width (px) of the running median that is taken off a profile: wider than a thick line
#: (smeared by a slight rotation), narrower than two of the smallest cells.
_BASELINE_PX = 31
#: A line counts as drawn along a cell side when it stands out there by this share of the depth
#: of the fainter lines in the whole picture.
_SEGMENT_SHARE = 0.35
#: The share of the lines that must be drawn, and of the cell sides that must show (things on the
#: map hide some), to be a grid: a brick wall's joints cross every other course, half of the sides,
#: and in a checkerboard pattern, so each half of that pattern must show too.
_LINES_SHARE, _CROSSED_SHARE = 0.8, 0.6
#: Into how many strips the picture is cut to place slightly turned lines where they cross its middle.
_STRIPS = 4
#: Bold lines every 2 … this many cells are told from the cells' own lines.
_MOST_PARTS = 10
#: The least share of the picture's width (height) the lines must span.
_SPAN_SHARE = 0.5
#: How clearly (times the profile's spread between lines) the mean line must stand out.
_MIN_CONTRAST = 4.0


@dataclass(frozen=True)
class GridFound:
    """A square grid: lines ``cell_px`` apart, a vertical line at ``offset_px[0]`` and a horizontal
    one at ``offset_px[1]`` (each within one cell of the picture's corner)."""

    cell_px: float
    offset_px: tuple[float, float]
    confidence: float


@dataclass(frozen=True)
class GridRefused:
    """No grid was guessed; ``reason`` says why, as a sentence the importer shows."""

    reason: str


@dataclass(frozen=True)
class _Axis:
    """The lines of one direction: ``period`` and ``origin`` px, their ``sign`` (−1 darker than the
    floor, +1 lighter), ``contrast`` (the depth of the fainter lines, grey levels) and ``clarity``
    (that depth / the spread of the profile between lines)."""

    period: float
    origin: float
    sign: float
    contrast: float
    clarity: float
    first: float  # the first and last drawn line (px): the grid's extent
    last: float
    #: placed by the whole-cell comb (each line in a narrow window): not placed again by strips
    narrow: bool = False


def find_grid(gray: np.ndarray) -> GridFound | GridRefused:
    """The square grid drawn on ``gray`` (rows × columns of brightness), or why none was found.

    1. Each column (row) is averaged over the whole picture, so lines that cross it stand out of
       any texture; a running median takes off the floor, so only narrow dips or peaks remain.
    2. Their spacing comes from :func:`guess_period`; each line's centre is the centroid of its
       own dip, and a least-squares fit through the centres (leaving out the few a frame or a wall
       pulls off) gives the spacing to a fraction of a pixel. Lines the same way 1/2 … 1/10 of
       that apart that are all clearly drawn make it finer (bold lines every few cells).
    3. Four strips are placed again on their own, so lines turned a fraction of a degree are
       placed where they cross the picture's middle.
    4. Checks that refuse: the lines must be evenly spaced, stand out clearly, be drawn (4 in 5)
       over at least half the picture, have one spacing both ways (within 1.5 %), and show along
       3 in 5 of the cell sides and of each half of a checkerboard of sides (bricks show one).

    ``confidence`` is the clarity of the fainter direction's lines (their depth over the spread
    between them) over 12, at most 1; every guess returned has passed all the checks.
    """
    pixels = np.asarray(gray, dtype=np.float32)
    if pixels.ndim != 2:
        return GridRefused(
            f"{NO_GRID}: the picture's brightness has {pixels.ndim} dimensions, not rows × columns."
        )
    if min(pixels.shape) < 4 * MIN_CELL_PX:
        return GridRefused(f"{NO_GRID}: the picture is too small to hold a grid.")
    if not np.isfinite(pixels).all():
        return GridRefused(f"{NO_GRID}: the picture's brightness has values that are not numbers.")
    columns = _axis(pixels.mean(axis=0))
    if isinstance(columns, str):
        return GridRefused(f"{NO_GRID}: across the picture, {columns}.")
    rows = _axis(pixels.mean(axis=1))
    if isinstance(rows, str):
        return GridRefused(f"{NO_GRID}: down the picture, {rows}.")
    columns, rows = _one_spacing(pixels.mean(axis=0), columns, pixels.mean(axis=1), rows)
    columns = columns if columns.narrow else _in_strips(pixels, columns)
    rows = rows if rows.narrow else _in_strips(pixels.T, rows)
    if columns.narrow != rows.narrow and abs(columns.period - rows.period) > 0.5:
        return GridRefused(
            f"{NO_GRID}: the lines across are {columns.period:.1f} px apart and those down "
            f"{rows.period:.1f} px, so they do not make squares."
        )
    if abs(columns.period - rows.period) > max(1.0, 0.015 * columns.period):
        return GridRefused(
            f"{NO_GRID}: the lines across are {columns.period:.1f} px apart and those down "
            f"{rows.period:.1f} px, so they do not make squares."
        )
    for name, lines, other, along_axis in (("vertical", columns, rows, 0), ("horizontal", rows, columns, 1)):
        whole, halves = _crossed_shares(pixels, lines, other, transposed=along_axis == 1)
        if whole < _CROSSED_SHARE:
            return GridRefused(
                f"{NO_GRID}: the {name} lines show along only {whole:.0%} of the cell sides; a grid's "
                "lines cross the whole map."
            )
        if halves < _CROSSED_SHARE:
            return GridRefused(
                f"{NO_GRID}: the {name} lines show along every other cell side only ({halves:.0%} of "
                "the others), as the joints of a brick wall do."
            )
    period = (columns.period + rows.period) / 2
    if abs(period - round(period)) < 0.05:  # map makers export whole pixels per tile
        period = float(round(period))
    offset = (_within_cell(columns.origin, period), _within_cell(rows.origin, period))
    confidence = min(1.0, min(columns.clarity, rows.clarity) / (3 * _MIN_CONTRAST))
    return GridFound(period, offset, confidence)


def _axis(profile: np.ndarray) -> _Axis | str:
    """The regular lines in one mean profile, or what is wrong with it: those of the spacing the
    autocorrelation suggests, else — on a picture that is a whole number of cells, as exported
    maps are — those of the whole-cell comb (:func:`_whole_cell_lines`). The autocorrelation's
    complaint stands when neither holds."""
    detail = profile - _running_median(profile, _BASELINE_PX)
    guess = guess_period(np.abs(detail), MIN_CELL_PX, MAX_CELL_PX)
    if guess is None or guess.confidence < 0.3:
        first: _Axis | str = "no lines repeat at a regular spacing"
    else:
        first = _axis_at(detail, guess)
    n = len(detail)
    if isinstance(first, _Axis) and _whole_cells(n, first.period):
        return first
    combed = _whole_cell_lines(detail)
    if isinstance(first, _Axis):
        # a spacing a little off whole cells, where whole cells of about that spacing hold: the
        # lines beside walls pulled the fit
        close = combed is not None and abs(combed.period - first.period) <= 0.015 * first.period
        return combed if close and combed is not None else first
    return combed if combed is not None else first


def _whole_cells(n: int, period: float) -> bool:
    """Whether ``n`` px are a whole number of cells of a whole number of pixels within half a
    pixel of ``period``."""
    cells = round(n / period)
    return cells >= 1 and n % cells == 0 and abs(n / cells - period) <= 0.5


#: How far (px) either side of where a whole-cell comb puts a line its centre is looked for.
_COMB_HALF = 3
#: How clearly a whole-cell comb's lines must stand out (twice what the autocorrelation's need:
#: a second way of finding lines must not find them in a floor's pattern).
_COMB_CLARITY = 2 * _MIN_CONTRAST
#: How many of the best-scoring whole-cell combs are checked (a floor's fine pattern can score best).
_COMB_TRIES = 3


def _one_spacing(
    column_profile: np.ndarray, columns: _Axis, row_profile: np.ndarray, rows: _Axis
) -> tuple[_Axis, _Axis]:
    """When one way's lines are a whole 2 … _MOST_PARTS times closer than the other's (a floor of
    half-cell tiles, a table's middle, taken for the cells' own lines one way only), the closer
    lines looked for again at the other way's spacing: every such line is one of them, which one
    the clearest says. A square grid has one spacing; the checks that follow still apply."""
    for fine, coarse, profile in ((columns, rows, column_profile), (rows, columns, row_profile)):
        parts = round(coarse.period / fine.period)
        if not 2 <= parts <= _MOST_PARTS or abs(coarse.period - parts * fine.period) > 0.01 * coarse.period:
            continue
        detail = fine.sign * (profile - _running_median(profile, _BASELINE_PX))
        tries = (_lines(detail, fine.sign, coarse.period, fine.origin + start * fine.period)
                 for start in range(parts))
        found = [axis for axis in tries if isinstance(axis, _Axis)]
        if found:
            best = max(found, key=lambda axis: axis.clarity)
            return (best, rows) if fine is columns else (columns, best)
    return columns, rows


def _whole_cell_lines(detail: np.ndarray) -> _Axis | None:
    """The lines of a grid of whole cells of whole pixels that fill the profile (an exported map:
    ``n`` px are ``n / cell`` cells): each such cell's comb — the detail folded over the cell, its
    strongest place — scored by how far that place stands out of the rest of the fold; the best
    is checked as any lines are, each line's centre
    looked for only :data:`_COMB_HALF` px around the comb, so that a wall beside a faint dotted
    line does not pull it. Dotted grid lines on a map of few cells with a busy floor are found so
    where the autocorrelation sees the floor's spacing. None when no comb passes the checks."""
    n = len(detail)
    scored: list[tuple[float, int, int, float]] = []
    for cell in range(MIN_CELL_PX, min(MAX_CELL_PX, n // 3) + 1):
        if n % cell:
            continue
        folded = detail[: n - n % cell].reshape(-1, cell).mean(axis=0)
        for sign in (-1.0, 1.0):
            signed = sign * folded
            place = int(signed.argmax())
            rest = np.delete(signed, np.arange(place - _COMB_HALF, place + _COMB_HALF + 1) % cell)
            spread = float(np.median(np.abs(rest - np.median(rest)))) * 1.4826 + 1e-6
            scored.append(((float(signed[place]) - float(np.median(rest))) / spread, cell, place, sign))
    if not scored:
        return None
    best = max(score for score, _, _, _ in scored)
    if best < _MIN_CONTRAST:
        return None
    for _score, cell, place, sign in sorted(scored, reverse=True)[:_COMB_TRIES]:
        axis = _lines(sign * detail, sign, float(cell), float(place), half=_COMB_HALF)
        if isinstance(axis, _Axis) and axis.clarity >= _COMB_CLARITY:
            # whole cells: the spacing is the cell's; the origin where the fit crosses the middle
            middle = round(((axis.first + axis.last) / 2 - axis.origin) / axis.period)
            origin = axis.origin + middle * (axis.period - cell)
            return replace(axis, period=float(cell), origin=origin, narrow=True)
    return None


def _axis_at(detail: np.ndarray, guess: GridGuess) -> _Axis | str:
    """The lines of ``detail`` (a profile less its running median) near the spacing of ``guess``."""
    n = len(detail)
    lag = guess.period
    # Which way the lines go: the mean detail at the guessed lines.
    marks = np.arange(guess.phase % lag, n, lag)
    at = np.clip(np.rint(marks).astype(int), 0, n - 1)
    sign = 1.0 if float(detail[at].mean()) >= 0 else -1.0
    axis = _lines(sign * detail, sign, lag, guess.phase)
    if isinstance(axis, str):
        return axis
    # Bold lines every few cells repeat more strongly than the cells' own fainter lines: the
    # cell is the finest spacing whose lines are all drawn.
    for parts in range(_MOST_PARTS, 1, -1):
        if axis.period / parts >= MIN_CELL_PX - 0.5 and _drawn_between(sign * detail, axis, parts):
            finer = _lines(sign * detail, sign, axis.period / parts, axis.origin)
            if isinstance(finer, _Axis):
                return finer
    return axis


def _in_strips(pixels: np.ndarray, axis: _Axis) -> _Axis:
    """``axis`` (the lines down the columns of ``pixels``) placed again from _STRIPS strips of rows
    on their own: a grid turned a fraction of a degree smears each line over the whole picture's
    height, a strip's share of it less. The strips' mean is where the lines cross the picture's
    middle. When a strip lacks the lines (a legend beside the grid) the whole picture's placing stands."""
    height = pixels.shape[0]
    origins: list[float] = []
    periods: list[float] = []
    for part in np.array_split(np.arange(height), _STRIPS):
        profile = pixels[part[0]:part[-1] + 1].mean(axis=0)
        detail = axis.sign * (profile - _running_median(profile, _BASELINE_PX))
        strip = _lines(detail, axis.sign, axis.period, axis.origin)
        if isinstance(strip, str) or abs(strip.period - axis.period) > 0.01 * axis.period:
            continue
        # The same line as the whole picture's origin, not one a cell away.
        apart = (strip.origin - axis.origin + axis.period / 2) % axis.period - axis.period / 2
        origins.append(axis.origin + apart)
        periods.append(strip.period)
    if len(origins) < _STRIPS:
        return axis
    return replace(axis, period=float(np.mean(periods)), origin=float(np.mean(origins)))


def _drawn_between(signed: np.ndarray, axis: _Axis, parts: int) -> bool:
    """Whether lines are drawn clearly at every 1/``parts`` of the way between the lines of ``axis``
    (the fine lines of a grid whose every ``parts``-th line is bold)."""
    n = len(signed)
    step = axis.period / parts
    half = max(2, int(step * 0.12))
    reach = max(half + 3, int(step * 0.4))
    marks = np.arange(axis.origin % step, n, step)
    between = np.rint((marks - axis.origin) / step).astype(int) % parts != 0
    depths: list[float] = []
    rises: list[float] = []  # how far the line rises above the highest detail around it
    for mark in marks[between]:
        c = int(round(mark))
        if c - reach < 0 or c + reach >= n:
            continue
        near = float(signed[c - half:c + half + 1].max())
        around = np.concatenate([signed[c - reach:c - half - 1], signed[c + half + 2:c + reach + 1]])
        depths.append(near - float(np.median(around)))
        rises.append(near - float(around.max()))
    if len(depths) < 3:
        return False
    distance = np.abs((np.arange(n) - axis.origin + step / 2) % step - step / 2)
    floor = signed[distance > max(4.0, 0.2 * step)]
    spread = float(np.median(np.abs(floor - np.median(floor)))) * 1.4826 + 1e-6
    typical = float(np.median(depths))
    # A fine ripple (the dots of the lines the other way, a weave) rises everywhere: no line
    # stands above its neighbourhood.
    standing = float((np.array(rises) > 0.3 * typical).mean())
    return typical / spread >= _MIN_CONTRAST and standing >= _LINES_SHARE


def _lines(
    signed: np.ndarray, sign: float, lag: float, phase: float, half: int | None = None
) -> _Axis | str:
    """The lines about ``lag`` px apart near ``phase`` in ``signed`` (the profile's detail, lines
    positive), fitted to their centres, or what is wrong with them. Each centre is looked for
    within ``half`` px of where it should be (default: an eighth of a cell)."""
    n = len(signed)
    marks = np.arange(phase % lag, n, lag)
    half = max(2, int(lag * 0.12)) if half is None else half
    ks: list[int] = []
    xs: list[float] = []
    depths: list[float] = []
    seen: list[float] = []  # where lines are looked for: their whole neighbourhood is in the picture
    for k, mark in enumerate(marks):
        lo, hi = int(mark) - half, int(mark) + half + 2
        if lo < 0 or hi > n:
            continue
        seen.append(float(mark))
        window = signed[lo:hi]
        if float(window.max()) <= 0:
            continue
        weights = np.clip(window - 0.5 * float(window.max()), 0, None)
        ks.append(k)
        xs.append(lo + float((weights * np.arange(hi - lo)).sum() / weights.sum()))
        depths.append(float(window.max()))
    # Only clear lines place the grid: where the picture has none (a legend, a margin) the
    # centre of a window is wherever the noise is.
    clear = np.array(depths) > 0.35 * float(np.percentile(depths, 40)) if depths else np.array([], dtype=bool)
    ks = [k for k, keep in zip(ks, clear, strict=True) if keep]
    xs = [x for x, keep in zip(xs, clear, strict=True) if keep]
    depths = [d for d, keep in zip(depths, clear, strict=True) if keep]
    if len(ks) < 3:
        return "fewer than three lines were seen"
    fitted = _even_spacing(np.array(ks, dtype=float), np.array(xs), max(1.5, 0.03 * lag))
    if fitted is None:
        return "the lines are not evenly spaced"
    period, origin, kept = fitted
    if not MIN_CELL_PX - 0.5 <= period <= MAX_CELL_PX + 0.5:
        return "no lines repeat at a regular spacing"
    xs = [x for x, keep in zip(xs, kept, strict=True) if keep]
    depths = [d for d, keep in zip(depths, kept, strict=True) if keep]
    # Between the lines: the spread of the detail away from every line.
    distance = np.abs((np.arange(n) - origin + period / 2) % period - period / 2)
    between = signed[distance > max(4.0, 0.2 * period)]
    spread = float(np.median(np.abs(between - np.median(between)))) * 1.4826 + 1e-6
    depth = np.array(depths)
    contrast = float(np.percentile(depth, 25))  # the fainter lines, when every few are bold
    clarity = contrast / spread
    if clarity < _MIN_CONTRAST:
        return "the lines do not stand out of the picture clearly enough"
    drawn = np.array(xs)[depth > 0.5 * contrast]
    # A map's margin, title or legend carries no lines, but the grid must span most of the picture
    # and be drawn all along its span.
    first, last = float(drawn.min()), float(drawn.max())
    if last - first + period < _SPAN_SHARE * n:  # a cell's width for the lines on the very edges
        return f"the lines span only {(last - first + period) / n:.0%} of the picture"
    expected = sum(1 for mark in seen if first - half <= mark <= last + half)
    if len(drawn) < _LINES_SHARE * expected:
        return f"only {len(drawn)} of the {expected} lines a grid would have there are drawn"
    return _Axis(period, origin, sign, contrast, clarity, first, last)


def _even_spacing(
    ks: np.ndarray, xs: np.ndarray, tolerance: float
) -> tuple[float, float, np.ndarray] | None:
    """The spacing and origin of lines ``k`` found at ``xs`` (least squares), leaving out the worst
    fitting ones until all are within ``tolerance`` px — a frame's edge or a wall next to a line
    pulls that line's centre off — or None when more than a fifth would have to go."""
    kept = np.ones(len(ks), dtype=bool)
    while kept.sum() >= 3:
        slope, intercept = np.polyfit(ks[kept], xs[kept], 1)
        residual = np.abs(xs - (intercept + slope * ks))
        worst = int(np.where(kept, residual, -1.0).argmax())
        if residual[worst] <= tolerance:
            if kept.sum() < _LINES_SHARE * len(ks):
                return None
            return float(slope), float(intercept), kept
        kept[worst] = False
    return None


def _crossed_shares(
    pixels: np.ndarray, lines: _Axis, other: _Axis, transposed: bool = False
) -> tuple[float, float]:
    """The share of cell sides along ``lines`` (columns of ``pixels``) that are drawn: each line's
    stretch between two crossing lines of ``other`` must stand out of its neighbourhood.
    Returns that share of all the sides and the lesser share of the two halves of a checkerboard
    of sides (bricks show one half only). ``transposed``: ``lines`` run along the rows of
    ``pixels`` (its transpose is meant; summed the way it is laid out, which is quicker)."""
    height, width = pixels.shape[::-1] if transposed else pixels.shape
    period = lines.period
    half = max(2, int(period * 0.12))
    reach = max(half + 3, int(period * 0.3))
    # Only within the grid's extent: a map's margins carry no lines.
    edges = np.rint(np.arange(other.first, other.last + 1.0, other.period)).astype(int)
    centres = np.rint(np.arange(lines.first, lines.last + 1.0, period)).astype(int)
    k = np.arange(len(centres))[(centres - reach >= 0) & (centres + reach < width)]
    if len(edges) < 2 or len(k) == 0:
        return 0.0, 0.0
    # One mean profile per band of rows between two crossing lines.
    if transposed:
        bands = np.add.reduceat(pixels[:, edges[0]:edges[-1]], edges[:-1] - edges[0], axis=1).T
    else:
        bands = np.add.reduceat(pixels[edges[0]:edges[-1]], edges[:-1] - edges[0], axis=0)
    bands = lines.sign * bands / np.diff(edges)[:, None]
    near = bands[:, centres[k, None] + np.arange(-half, half + 1)].max(axis=2)
    beside = np.concatenate([np.arange(-reach, -half - 1), np.arange(half + 2, reach + 1)])
    floor = np.median(bands[:, centres[k, None] + beside], axis=2)
    drawn = near - floor > _SEGMENT_SHARE * lines.contrast  # bands × lines
    checker = (np.arange(len(bands))[:, None] + k[None, :]) % 2 == 0
    if checker.all() or not checker.any():
        return float(drawn.mean()), float(drawn.mean())
    return float(drawn.mean()), min(float(drawn[checker].mean()), float(drawn[~checker].mean()))


def _within_cell(origin: float, period: float) -> float:
    """``origin`` brought to 0 ≤ offset < ``period`` (a line a hair short of a whole cell is at 0)."""
    offset = origin % period
    return 0.0 if period - offset < 0.01 else offset


def _running_median(values: np.ndarray, width: int) -> np.ndarray:
    """The median of each ``width`` values around each value (the ends repeat the edge values)."""
    half = width // 2
    padded = np.pad(values, half, mode="edge")
    windows = np.lib.stride_tricks.sliding_window_view(padded, width)
    return np.median(windows, axis=1)
