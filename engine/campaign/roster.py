"""The party roster: characters added to the campaign, the party as an encounter of its own between
fights, and the party carried onto an encounter's map and back.

Between fights the party lives in a small encounter of its own (:func:`party_encounter`): a map with
one tile per character, the tokens with their stat blocks, their lasting state put back by the
ruleset (``restore_lasting_state``) and the campaign clock in ``combat["clock"]``. Every change to
the party between fights is a command through ``apply`` on it (:func:`campaign_command`): time
passing, a short rest, healing by the GM, the table's answer to a question asked on the way — so it
is logged, headless and undone by keeping the old campaign.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from vantage.engine.campaign.model import Campaign, Member
from vantage.engine.dice import DiceSource, NoDice
from vantage.engine.model import Encounter, GameMap, Side, Size, Token
from vantage.engine.protocol.commands import Command
from vantage.engine.protocol.errors import CommandRejected
from vantage.engine.protocol.events import Event
from vantage.engine.protocol.party_commands import BringParty, PartyReturned, ReturnParty
from vantage.engine.rules import get_ruleset
from vantage.engine.rules.decisions import PENDING
from vantage.engine.rules.time_span import CLOCK


def _new_id(name: str, taken: Sequence[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "character"
    found, n = base, 2
    while found in taken:
        found, n = f"{base}-{n}", n + 1
    return found


def add_character(campaign: Campaign, name: str, stats: Mapping[str, Any], *, size: str = "medium",
                  image: str | None = None, member_id: str | None = None) -> Campaign:
    """The campaign with a new character in its party, unhurt. ValueError naming the problem when
    the name is empty, the id is taken, the size unknown or the stat block not the ruleset's."""
    if not name.strip():
        raise ValueError("a character needs a name")
    taken = [m.id for m in campaign.party]
    mid = member_id or _new_id(name, taken)
    if mid in taken:
        raise ValueError(f"the party already has a character with the id {mid!r}")
    if size not in [s.value for s in Size]:
        raise ValueError(f"{size!r} is not a size ({', '.join(s.value for s in Size)})")
    problems = get_ruleset(campaign.ruleset).validate_stats(dict(stats))
    if problems:
        raise ValueError("the stat block has problems: " + "; ".join(f"{p}: {m}" for p, m in problems))
    member = Member(mid, name.strip(), dict(stats), size, image, {})
    return replace(campaign, party=(*campaign.party, member))


def add_character_from_template(campaign: Campaign, template_id: str, name: str = "") -> Campaign:
    """The campaign with a character made from the ruleset's bestiary template ``template_id``."""
    templates = {t.id: t for t in get_ruleset(campaign.ruleset).templates()}
    template = templates.get(template_id)
    if template is None:
        raise ValueError(f"{template_id!r} is not a template of {campaign.ruleset} "
                         f"(known: {', '.join(templates) or 'none'})")
    return add_character(campaign, name or template.name, template.stats, size=template.size)


def remove_character(campaign: Campaign, member_id: str) -> Campaign:
    campaign.member(member_id)
    return replace(campaign, party=tuple(m for m in campaign.party if m.id != member_id))


# -- the party between fights ------------------------------------------------------------------
def party_encounter(campaign: Campaign) -> Encounter:
    """The party as an encounter of its own: each character on its own tiles in a row, its lasting
    state restored, the campaign clock and rules options in ``combat``, a paused time command kept."""
    x = 0
    tokens = []
    for m in campaign.party:
        size = Size(m.size)
        tokens.append(Token(m.id, m.name, (x, 0), side=Side.PARTY, size=size, stats=dict(m.stats),
                            image=m.image))
        x += size.footprint
    height = max((t.footprint for t in tokens), default=1)
    combat: dict[str, Any] = {CLOCK: campaign.clock}
    rules = campaign.settings.get("rules")
    if isinstance(rules, Mapping) and rules:
        combat["rules"] = dict(rules)
    encounter = Encounter(GameMap(max(1, x), height), tuple(tokens), ruleset=campaign.ruleset,
                          name=f"{campaign.name}: the party", combat=combat)
    ruleset = get_ruleset(campaign.ruleset)
    for m in campaign.party:
        encounter = ruleset.restore_lasting_state(encounter, m.id, m.state)
    if campaign.waiting is not None:
        encounter = replace(encounter, combat={**encounter.combat, PENDING: dict(campaign.waiting)})
    return encounter


def campaign_from_party(campaign: Campaign, encounter: Encounter) -> Campaign:
    """The campaign with the party's lasting state, the clock and any paused command read back from
    its party encounter."""
    ruleset = get_ruleset(campaign.ruleset)
    party = tuple(replace(m, state=dict(ruleset.lasting_state(encounter, m.id))) for m in campaign.party)
    clock = encounter.combat.get(CLOCK, campaign.clock)
    waiting = encounter.combat.get(PENDING)
    return replace(campaign, party=party, clock=int(clock) if isinstance(clock, int) else campaign.clock,
                   waiting=dict(waiting) if isinstance(waiting, Mapping) else None)


def campaign_command(campaign: Campaign, command: Command, dice: DiceSource) -> tuple[Campaign, list[Event]]:
    """Apply ``command`` to the party between fights (``pass_time``, ``rest``, ``heal``, ``answer`` …)
    through ``apply``; the new campaign and the events. CommandRejected leaves the campaign as it
    was. When the command waits for the table (a character's choice), the campaign keeps it in
    ``waiting`` until an ``answer`` command comes."""
    from vantage.engine.session import apply  # every command's handler: with the first command

    before = party_encounter(campaign)
    after, events = apply(before, command, dice)
    return campaign_from_party(campaign, after), events


def pending_decisions(campaign: Campaign) -> tuple[Any, ...]:
    """What the party's paused time command waits for from the table (empty when nothing)."""
    if campaign.waiting is None:
        return ()
    return tuple(get_ruleset(campaign.ruleset).pending(party_encounter(campaign)))


# -- onto the map and back ------------------------------------------------------------------
def bring_party_command(campaign: Campaign, tiles: Sequence[tuple[int, int]] = (),
                        members: Sequence[str] = ()) -> BringParty:
    """The ``bring_party`` command that brings the party (or the ``members`` named) with its lasting
    state and the campaign clock, at ``tiles`` (none: the encounter's start area)."""
    chosen = [campaign.member(mid) for mid in members] if members else list(campaign.party)
    if not chosen:
        raise ValueError("the party is empty: add a character first")
    if campaign.waiting is not None:
        raise ValueError("the party waits for the table's answer (time passing): answer it first")
    return BringParty(members=tuple(m.as_arrival() for m in chosen),
                      tiles=tuple((int(x), int(y)) for x, y in tiles), clock=campaign.clock)


def party_on_map(campaign: Campaign, encounter: Encounter) -> list[str]:
    """The ids of the party's characters on ``encounter``'s map."""
    on_map = {t.id for t in encounter.tokens}
    return [m.id for m in campaign.party if m.id in on_map]


def return_party_command(campaign: Campaign, encounter: Encounter) -> ReturnParty:
    """The ``return_party`` command for the party's characters on ``encounter``'s map."""
    ids = party_on_map(campaign, encounter)
    if not ids:
        raise ValueError("none of the party is on this map")
    return ReturnParty(tokens=tuple(ids))


@dataclass(frozen=True)
class MemberChange:
    """What a fight did to one character: its lasting state before and after, and the line the GM
    confirms ("Bram: 2 lesser wounds → 1 wound, 1 lesser wound")."""

    id: str
    name: str
    before: str
    after: str
    state: Mapping[str, Any]

    @property
    def text(self) -> str:
        if self.before == self.after:
            return f"{self.name}: {self.after} (unchanged)"
        return f"{self.name}: {self.before} → {self.after}"


def member_summary(campaign: Campaign, member_id: str, state: Mapping[str, Any] | None = None) -> str:
    """A character's lasting state (its roster state, or ``state``) in the ruleset's words."""
    member = campaign.member(member_id)
    alone = replace(campaign, party=(replace(member, state=dict(member.state if state is None else state)),),
                    waiting=None)
    encounter = party_encounter(alone)
    return get_ruleset(campaign.ruleset).lasting_summary(encounter, member_id)


def return_changes(campaign: Campaign, events: Sequence[Event]) -> list[MemberChange]:
    """The changes a ``return_party``'s events bring to the roster, for the GM to confirm."""
    changes: list[MemberChange] = []
    for event in events:
        if not isinstance(event, PartyReturned):
            continue
        for mid, state in event.states.items():
            member = campaign.member(mid)
            changes.append(MemberChange(mid, member.name, member_summary(campaign, mid),
                                        member_summary(campaign, mid, state), dict(state)))
    return changes


def preview_return(campaign: Campaign, encounter: Encounter) -> list[MemberChange]:
    """What returning the party from ``encounter`` would write to the roster (nothing applied):
    the summary the GM confirms before :func:`roster_after_return`."""
    from vantage.engine.session import apply

    _, events = apply(encounter, return_party_command(campaign, encounter), NoDice())
    return return_changes(campaign, events)


def roster_after_return(campaign: Campaign, events: Sequence[Event]) -> Campaign:
    """The campaign with the states a ``return_party`` carried written to the roster, and the
    clock moved on when the encounter's clock ran ahead (a rest taken on the map)."""
    states: dict[str, Any] = {}
    clock = campaign.clock
    for event in events:
        if isinstance(event, PartyReturned):
            states.update(event.states)
            if event.clock is not None:
                clock = max(clock, event.clock)
    if not states:
        raise CommandRejected("these events return no character to the roster")
    party = tuple(replace(m, state=dict(states[m.id])) if m.id in states else m for m in campaign.party)
    return replace(campaign, party=party, clock=clock)

