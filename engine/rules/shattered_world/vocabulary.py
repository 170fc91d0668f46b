"""The Shattered World's own commands: the light of the scene and binding a dying comrade's
wounds. They load with the registry entry, so a command file of a Shattered World encounter can use
them, and another ruleset's encounter refuses them by name."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.records import register

RULESET_ID = "shattered-world"
RULESET_NAME = "The Shattered World"
cmd = register(Command, owner=RULESET_ID)


@cmd
@dataclass(frozen=True)
class SetLight(Command):
    """GM: the lighting of the scene: ``daylight``, ``lamplight``, ``night`` or ``dark``."""

    kind: ClassVar[str] = "set_light"
    light: str


@cmd
@dataclass(frozen=True)
class BindWounds(Command):
    """``token`` binds the wounds of the dying ``target`` beside it: "giving an immediate extra
    Endurance roll by the victim to stabilize (one such per Round)"."""

    kind: ClassVar[str] = "bind_wounds"
    token: str
    target: str
