"""Which rulesets this Vantage plays: each ruleset's id and where its plug-in lives, as text.

Nothing is imported here, so any layer may name the installed rulesets — the file reader does, when
a file names none — while finding and loading a ruleset stays the registry's job
(:mod:`vantage.engine.rules.registry`: ``get_ruleset``, ``register``).

A new ruleset adds one line to ``_KNOWN`` (or a plug-in calls ``vantage.engine.rules.register``).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RulesetEntry:
    """Where a ruleset lives: its instance as ``"module:attribute"``, its vocabulary module, and
    its own steps for older files (``"module:attribute"`` naming a mapping *file version n* → a
    function turning the version-n data of an encounter it plays into version n + 1 data; the file
    reader runs each after the format's own step, :mod:`vantage.engine.fileformat.migrate`), and its
    light face (``"module:Class"``, a :class:`vantage.engine.rules.face.RulesetFace`: what a window
    asks while it is built, answered without loading the whole ruleset; issue 32)."""

    target: str
    vocabulary: str | None = None
    file_migrations: str | None = None
    face: str | None = None


_KNOWN: dict[str, RulesetEntry] = {
    "avorkarth": RulesetEntry("vantage.engine.rules.avorkarth.ruleset:AVORKARTH",
                              "vantage.engine.rules.avorkarth.vocabulary",
                              face="vantage.engine.rules.avorkarth.face:AvorkarthFace"),
    "power-tiers": RulesetEntry("vantage.engine.rules.power_tiers.ruleset:POWER_TIERS",
                                "vantage.engine.rules.power_tiers.vocabulary",
                                face="vantage.engine.rules.power_tiers.face:PowerTiersFace"),
    "shattered-world": RulesetEntry("vantage.engine.rules.shattered_world.ruleset:SHATTERED_WORLD",
                                    "vantage.engine.rules.shattered_world.vocabulary",
                                    "vantage.engine.rules.shattered_world.mount_files:FILE_MIGRATIONS",
                                    face="vantage.engine.rules.shattered_world.face:ShatteredWorldFace"),
    "baton": RulesetEntry("vantage.engine.rules.baton.ruleset:BATON",
                          "vantage.engine.rules.baton.vocabulary",
                          "vantage.engine.rules.baton.mount_files:FILE_MIGRATIONS",
                          face="vantage.engine.rules.baton.face:BatonFace"),
}


def ruleset_ids() -> tuple[str, ...]:
    """The ids of every installed ruleset, sorted."""
    return tuple(sorted(_KNOWN))


def ruleset_entry(ruleset_id: str) -> RulesetEntry | None:
    """Where ``ruleset_id`` lives, or None when no ruleset is installed under it."""
    return _KNOWN.get(ruleset_id)


def add_entry(ruleset_id: str, entry: RulesetEntry) -> None:
    """Install ``entry`` as ``ruleset_id`` (the registry's ``register`` also forgets a loaded one)."""
    _KNOWN[ruleset_id] = entry


def remove_entry(ruleset_id: str) -> None:
    """Forget ``ruleset_id`` (nothing happens when it is not installed)."""
    _KNOWN.pop(ruleset_id, None)
