"""Guess where the grid of a map picture lies from its edge profiles.

The GUI turns a picture into two profiles — for each column (row), how much the brightness
changes across it — and this module finds the spacing and phase of the regular peaks that
drawn grid lines make. Pure numbers: no pixels are decoded here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

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
