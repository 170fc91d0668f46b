"""Option types the command-line tools share: whole numbers read through the one validator
(``whole_number_text``), so an option of 5,000 digits is a usage error in words, not an echo of
the digits or a traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from vantage.engine.protocol.field_values import MAX_NUMBER, NumberTextError, whole_number_text


def whole_option(most: int = MAX_NUMBER) -> Callable[[str], int]:
    """An argparse ``type`` reading a whole number within ±``most``."""

    def read(text: str) -> int:
        try:
            return whole_number_text(text, most)
        except NumberTextError as bad:
            raise argparse.ArgumentTypeError(str(bad)) from None

    read.__name__ = "whole number"  # argparse names the type in its message
    return read
