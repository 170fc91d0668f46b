"""Vantage's rules engine: the encounter model, tactical geometry, movement and rulesets.

Plain Python with no Qt: everything here is usable and testable headless.
"""
