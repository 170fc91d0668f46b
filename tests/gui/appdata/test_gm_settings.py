"""The ruleset the GM window and ``vantage import`` offer first (issue 26: no silent default in shared
code): the one the GM chose last, else the first installed ruleset as the registry lists it now."""

from __future__ import annotations

import pytest
from skirmish_ruleset import TARGET

from vantage.engine.rules import register, ruleset_ids, unregister
from vantage.gui.appdata import gm_settings


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("VANTAGE_USER_DIR", str(tmp_path / "user"))


def test_with_nothing_chosen_the_first_installed_ruleset_is_offered() -> None:
    assert gm_settings.remembered_ruleset() is None
    assert gm_settings.preferred_ruleset() == gm_settings.first_installed_ruleset() == ruleset_ids()[0]
    assert gm_settings.preferred_ruleset() == "avorkarth"


def test_the_fallback_follows_the_registry_not_a_value_fixed_when_vantage_started() -> None:
    register("aardvark", TARGET)  # sorts before every built-in ruleset
    try:
        assert gm_settings.preferred_ruleset() == "aardvark"
        gm_settings.remember_ruleset("baton")
        assert gm_settings.preferred_ruleset() == "baton"
    finally:
        unregister("aardvark")
    assert gm_settings.preferred_ruleset() == "baton"
