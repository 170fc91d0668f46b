"""The campaign's journal: every session of play (its real date), and in it each encounter played
with its log's sentences, and the time passing between fights; exported as Markdown."""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import replace

from vantage.engine.campaign.model import Campaign, JournalEntry, Session
from vantage.engine.rules.time_span import clock_text


def today() -> str:
    return datetime.date.today().isoformat()


def add_journal_entry(campaign: Campaign, title: str, lines: Iterable[str], *, file: str | None = None,
                      date: str | None = None) -> Campaign:
    """The campaign with an entry (an encounter played, or time passing) in the session of ``date``
    (today by default): the last session when it has that date, else a new one."""
    day = date or today()
    entry = JournalEntry(title, tuple(str(line) for line in lines), file)
    journal = list(campaign.journal)
    if journal and journal[-1].date == day:
        journal[-1] = replace(journal[-1], entries=(*journal[-1].entries, entry))
    else:
        journal.append(Session(day, (entry,)))
    return replace(campaign, journal=tuple(journal))


def time_entry_title(before: int, after: int) -> str:
    return f"Time passes: {clock_text(before)} → {clock_text(after)}"


def journal_markdown(campaign: Campaign) -> str:
    """The journal as Markdown: a heading per session, a sub-heading per entry, its lines as a list."""
    out = [f"# {campaign.name} — journal", ""]
    if not campaign.journal:
        out += ["No session has been played yet.", ""]
    for session in campaign.journal:
        out += [f"## Session of {session.date}", ""]
        for entry in session.entries:
            source = f" (`{entry.file}`)" if entry.file else ""
            out += [f"### {_escape(entry.title)}{source}", ""]
            out += [f"- {_escape(line)}" for line in entry.lines] or ["Nothing was logged."]
            out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def _escape(text: str) -> str:
    """``text`` safe on one Markdown line (a newline in a name stays on its line)."""
    return " ".join(text.split("\n"))
