"""The ruleset registry: an unknown id is a LookupError whose text names it and the known ids."""

import pytest

from vantage.engine.model import Encounter, GameMap
from vantage.engine.rules import UnknownRuleset, get_ruleset, ruleset_ids
from vantage.engine.rules.asking import ask_health
from vantage.engine.rules.base import Unanswered


def test_an_unknown_ruleset_reads_as_a_reason_naming_the_id_and_the_known_ones():
    error = UnknownRuleset("chess", ("avorkarth", "baton"))
    assert str(error) == "unsupported ruleset 'chess' (known: avorkarth, baton)"
    assert (error.ruleset_id, error.known) == ("chess", ("avorkarth", "baton"))


def test_an_unknown_ruleset_is_a_lookup_error_and_not_a_key_error():
    # a KeyError's str() is the repr of its argument (quoted); a LookupError's is the text itself
    error = UnknownRuleset("chess", ("avorkarth",))
    assert isinstance(error, LookupError) and not isinstance(error, KeyError)
    assert not str(error).startswith(("'", '"'))


def test_get_ruleset_raises_it_with_the_registered_ids():
    with pytest.raises(UnknownRuleset) as raised:
        get_ruleset("chess")
    assert raised.value.known == ruleset_ids()
    assert str(raised.value) == f"unsupported ruleset 'chess' (known: {', '.join(ruleset_ids())})"


def test_a_query_under_an_unknown_ruleset_answers_with_that_text():
    encounter = Encounter(GameMap(2, 2), ruleset="chess")
    assert ask_health(encounter, "anyone") == Unanswered(str(UnknownRuleset("chess", ruleset_ids())))
