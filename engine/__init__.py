"""Vantage's rules engine: the encounter model, tactical geometry, movement and rulesets.

Plain Python with no Qt: everything here is usable and testable headless.
"""

if __name__ != "vantage.engine":  # the folder is only ever a part of the vantage package
    raise ImportError(f"import vantage.engine, not {__name__!r}: engine/ is installed as part of vantage")
