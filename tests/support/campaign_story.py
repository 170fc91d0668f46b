"""A campaign played from end to end for the tests: a new campaign folder, a character in the
party, encounters it is brought into and returned from, and time passing — every step through the
engine's commands with scripted dice, and the campaign saved and read back from its folder after
each step that changes it (so what the test sees is what the file keeps)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vantage.engine.campaign import (
    Campaign,
    MemberChange,
    add_character,
    bring_party_command,
    campaign_command,
    load_campaign,
    new_campaign,
    preview_return,
    return_party_command,
    roster_after_return,
    save_campaign,
    time_command,
)
from vantage.engine.dice import ScriptedDice
from vantage.engine.model import Encounter, GameMap, Side, Token
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.party_commands import MarkStartArea
from vantage.engine.session import apply


class Story:
    def __init__(self, folder: Path, ruleset: str, stats: Mapping[str, Any], name: str = "Bram") -> None:
        self.folder = folder
        self.ruleset = ruleset
        self.campaign: Campaign = new_campaign(folder, ruleset, "The Long Road")
        self.keep(add_character(self.campaign, name, stats))
        self.events: list[Event] = []

    @property
    def sentences(self) -> list[str]:
        return [e.sentence for e in self.events]

    def keep(self, campaign: Campaign) -> None:
        """Save the campaign and read it back from its folder."""
        save_campaign(campaign, self.folder)
        self.campaign = load_campaign(self.folder)
        assert self.campaign == campaign

    def encounter(self, *foes: Token, width: int = 10, height: int = 10) -> Encounter:
        """A map with ``foes`` and a start area on (1, 1) and (2, 1)."""
        enc = Encounter(GameMap(width, height), foes, ruleset=self.ruleset, name="A fight")
        enc, _ = apply(enc, MarkStartArea(tiles=((1, 1), (2, 1))), ScriptedDice([]))
        return enc

    def foe(self, tid: str, stats: Mapping[str, Any], tile: tuple[int, int] = (3, 1)) -> Token:
        return Token(tid, tid.capitalize(), tile, Side.ENEMY, stats=dict(stats))

    def go(self, enc: Encounter, command: Command, *faces: int) -> Encounter:
        dice = ScriptedDice(faces)
        enc, self.events = apply(enc, command, dice)
        assert dice.remaining == 0, f"{dice.remaining} scripted faces left unused"
        return enc

    def bring(self, enc: Encounter) -> Encounter:
        return self.go(enc, bring_party_command(self.campaign))

    def back(self, enc: Encounter) -> tuple[Encounter, list[MemberChange]]:
        """The fight is over: the changes the GM confirms, then the party back in the roster."""
        changes = preview_return(self.campaign, enc)
        enc = self.go(enc, return_party_command(self.campaign, enc))
        self.keep(roster_after_return(self.campaign, self.events))
        return enc, changes

    def let_pass(self, *faces: int, **amount: Any) -> list[str]:
        dice = ScriptedDice(faces)
        campaign, self.events = campaign_command(self.campaign, time_command(self.campaign.clock, **amount),
                                                 dice)
        assert dice.remaining == 0, f"{dice.remaining} scripted faces left unused"
        self.keep(campaign)
        return self.sentences

    def command(self, command: Command, *faces: int) -> list[str]:
        dice = ScriptedDice(faces)
        campaign, self.events = campaign_command(self.campaign, command, dice)
        assert dice.remaining == 0, f"{dice.remaining} scripted faces left unused"
        self.keep(campaign)
        return self.sentences

    def record(self, enc: Encounter, tid: str = "bram") -> dict[str, Any]:
        return dict(enc.combat["creatures"][tid])

    def state(self, mid: str = "bram") -> dict[str, Any]:
        return dict(self.campaign.member(mid).state["record"])
