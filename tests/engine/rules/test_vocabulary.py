"""Reading an encounter's commands (engine/rules/vocabulary.py) and a ruleset's options on the
shared commands (engine/rules/command_options.py): its own commands read, another ruleset's
refused naming both, a plug-in's vocabulary loaded only when needed; options filled in and checked."""

from __future__ import annotations

import sys
import textwrap

import pytest
from skirmish_ruleset import CatchBreath, registered

from vantage.engine.protocol import commands as c
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import BadCommand, CommandRejected
from vantage.engine.rules import read_command, register, unregister
from vantage.engine.rules.avorkarth.vocabulary import Stay
from vantage.engine.rules.command_options import OptionSpec, read_options
from vantage.engine.rules.vocabulary import foreign_command


@pytest.fixture(autouse=True)
def skirmish():
    with registered() as ruleset:
        yield ruleset


# -- commands -------------------------------------------------------------------------------------


def test_shared_commands_and_the_rulesets_own_are_read_in_its_encounters():
    """``read_command``: "The command ``data`` of an encounter that plays ``ruleset_id``"."""
    assert read_command({"type": "move", "token": "bram", "path": [[0, 0], [1, 0]]}, "skirmish") == c.Move(
        "bram", ((0, 0), (1, 0)))
    assert read_command({"type": "catch_breath", "token": "bram"}, "skirmish") == CatchBreath("bram")
    assert read_command({"type": "stay", "token": "bram"}, "avorkarth") == Stay("bram")
    assert foreign_command("move", "skirmish") is None
    assert foreign_command("catch_breath", "skirmish") is None


def test_another_rulesets_command_is_refused_with_a_sentence_naming_both():
    """"a command that belongs to another ruleset is refused with a sentence that names both"."""
    with pytest.raises(BadCommand) as refused:
        read_command({"type": "stay", "token": "bram"}, "skirmish")
    assert refused.value.reason == "'stay' is a command of Avorkarth, and this encounter plays Skirmish"
    assert foreign_command("catch_breath", "avorkarth") == (
        "'catch_breath' is a command of Skirmish, and this encounter plays Avorkarth")


def test_an_unknown_or_malformed_command_is_refused_by_the_reader():
    """``read_command``: "BadCommand says why not"."""
    with pytest.raises(BadCommand, match="unknown command type 'teleport' \\(known: .*catch_breath"):
        read_command({"type": "teleport"}, "skirmish")
    with pytest.raises(BadCommand, match="catch_breath: missing field\\(s\\) token"):
        read_command({"type": "catch_breath"}, "skirmish")
    with pytest.raises(BadCommand, match="expected an object with a \"type\""):
        read_command(["catch_breath"], "skirmish")


def test_a_plug_ins_vocabulary_is_imported_only_when_a_command_must_be_placed(tmp_path, monkeypatch):
    """registry.py: "Modules are imported only when needed ... :func:`load_vocabulary` imports a
    ruleset's vocabulary before its commands are read" — and an unknown kind is looked for in
    every registered vocabulary before it is judged."""
    module = "lazy_plugin_for_vocabulary_test"
    (tmp_path / f"{module}.py").write_text(textwrap.dedent('''
        from dataclasses import dataclass
        from typing import ClassVar

        from vantage.engine.protocol.commands import Command
        from vantage.engine.protocol.records import register


        @register(Command, owner="lazy")
        @dataclass(frozen=True)
        class Whistle(Command):
            kind: ClassVar[str] = "whistle"
            token: str


        class Lazy:
            name = "Lazy Rules"


        LAZY = Lazy()
    '''), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    register("lazy", f"{module}:LAZY")
    try:
        assert module not in sys.modules
        with pytest.raises(BadCommand) as refused:
            read_command({"type": "whistle", "token": "bram"}, "skirmish")
        assert refused.value.reason == ("'whistle' is a command of Lazy Rules, "
                                        "and this encounter plays Skirmish")
        assert module in sys.modules
        assert read_command({"type": "whistle", "token": "bram"}, "lazy").kind == "whistle"
    finally:
        unregister("lazy")
        Command.registry.pop("whistle", None)
        Command.owners.pop("whistle", None)
        sys.modules.pop(module, None)


# -- options on shared commands -------------------------------------------------------------------

KNOWN = {
    "first": OptionSpec((str,), "party", "who acts first"),
    "steps": OptionSpec((int,), 1, "how many"),
    "charge": OptionSpec((bool,), False, "a charge"),
    "surprised": OptionSpec((list, tuple), (), "the surprised"),
    "mode": OptionSpec((str,), None, "how"),
}


def test_known_options_are_filled_in_with_their_defaults():
    """``read_options``: "``given`` with every known option filled in"."""
    assert read_options("start_combat", {"steps": 3}, KNOWN, "Skirmish") == {
        "first": "party", "steps": 3, "charge": False, "surprised": (), "mode": None}
    assert read_options("move", {}, {}, "Skirmish") == {}


def test_an_unknown_option_is_refused_listing_the_rulesets_options():
    """"anything else is refused with a sentence that lists what the ruleset knows"."""
    with pytest.raises(CommandRejected) as refused:
        read_options("attack", {"lethal": True, "dual": 1}, KNOWN, "Skirmish")
    assert refused.value.reason == ("attack.options: Skirmish has no option 'dual', 'lethal' "
                                    "(its attack options: charge, first, mode, steps, surprised)")
    with pytest.raises(CommandRejected, match="^attack.options: Skirmish has no option 'lethal' "
                                              "\\(its attack options: none\\)$"):
        read_options("attack", {"lethal": True}, {}, "Skirmish")


@pytest.mark.parametrize(("name", "value", "reason"), [
    ("charge", "yes", "'yes' is not true or false"),
    ("steps", True, "True is not a whole number"),
    ("steps", 1.5, "1.5 is not a whole number"),
    ("first", 3, "3 is not text"),
    ("surprised", "ghoul", "'ghoul' is not a list"),
])
def test_a_value_of_the_wrong_type_is_refused_naming_the_option(name, value, reason):
    """"CommandRejected names an unknown option or a value of the wrong type (``attack.options.charge:
    "yes" is not true or false``)"."""
    with pytest.raises(CommandRejected) as refused:
        read_options("attack", {name: value}, KNOWN, "Skirmish")
    assert refused.value.reason == f"attack.options.{name}: {reason}"


def test_a_list_option_takes_a_list_or_a_tuple():
    """A JSON list arrives as a list; a command built in Python may hold a tuple."""
    assert read_options("start_combat", {"surprised": ["ghoul"]}, KNOWN, "Skirmish")["surprised"] == ["ghoul"]
    given = read_options("start_combat", {"surprised": ("ghoul",)}, KNOWN, "Skirmish")
    assert given["surprised"] == ("ghoul",)


def test_a_whole_number_is_a_number():
    """An option of type ``float`` "is not a number" only when it is not one: 3 is a number."""
    spec = {"distance": OptionSpec((float,), 1.0, "how far")}
    assert read_options("move", {"distance": 3}, spec, "Skirmish") == {"distance": 3}
