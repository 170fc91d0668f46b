"""Plain images: "an automatic guess from the image is a bonus" — the spacing and phase of the
grid lines found from an edge profile."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vantage.engine.importers.grid_guess import guess_period


def profile(length: int, period: float, phase: float, noise: float = 0.0, seed: int = 0) -> list[float]:
    rng = np.random.default_rng(seed)
    x = np.arange(length)
    nearest = np.abs(((x - phase + period / 2) % period) - period / 2)
    lines = np.exp(-(nearest**2) / 0.8)
    return list(lines * 10 + rng.normal(0, noise, length) + 3)


@settings(max_examples=60, deadline=None)
@given(st.floats(20, 150), st.floats(0, 1), st.integers(0, 1000))
def test_grid_lines_give_their_period_and_phase(period: float, phase_share: float, seed: int) -> None:
    phase = phase_share * period * 0.999
    guess = guess_period(profile(1600, period, phase, noise=1.0, seed=seed))
    assert guess is not None
    assert guess.period == pytest.approx(period, rel=0.01)
    distance = min(abs(guess.phase - phase), period - abs(guess.phase - phase))
    assert distance < 1.0
    assert guess.confidence > 0.3


def test_flat_or_short_profiles_give_no_guess() -> None:
    assert guess_period([5.0] * 1000) is None
    assert guess_period([1.0, 2.0, 3.0]) is None


def test_noise_alone_is_not_confident() -> None:
    rng = np.random.default_rng(3)
    guess = guess_period(list(rng.normal(0, 1, 2000)))
    assert guess is None or guess.confidence < 0.3
