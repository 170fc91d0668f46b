"""Vantage, a desktop battle map: ``vantage.engine`` is the rules library (no Qt), ``vantage.gui`` the
PySide6 program; ``maps/`` and ``assets/`` are its package data."""
