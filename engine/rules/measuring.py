"""The ruler and the area templates as the GUI asks for them: the encounter's ruleset says how a
diagonal counts (:meth:`RulesetBase.measuring_diagonal`, else as its moves count it:
``RulesetBase.movement_rules`` or its ``movement`` answer; a ruleset that says neither, or one
Vantage does not know, measures 5/5/5 and says so), geometry does the rest."""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.model import AreaTemplate, Encounter, Tile, Token
from vantage.engine.movement.measure import RULE_SHORT, RULE_WORDS, Measurement, measure
from vantage.engine.movement.policy import DiagonalPolicy, MovementRules
from vantage.engine.rules.base import MovementAnswer
from vantage.engine.rules.registry import UnknownRuleset, get_ruleset, ruleset_name


@dataclass(frozen=True)
class RulerRule:
    """The diagonal rule the ruler uses for an encounter and where it comes from, for the label."""

    diagonal: DiagonalPolicy
    source: str

    @property
    def words(self) -> str:
        return f"{RULE_WORDS[self.diagonal]} · {self.source}"

    @property
    def short(self) -> str:
        """For the label on the map: "diagonals 5/5/5 · as Avorkarth moves"."""
        return f"{RULE_SHORT[self.diagonal]} · {self.source}"


def ruler_rule(encounter: Encounter) -> RulerRule:
    """The encounter's ruleset's diagonal rule for measuring, or the neutral 5/5/5."""
    try:
        ruleset = get_ruleset(encounter.ruleset)
    except UnknownRuleset:
        return RulerRule(DiagonalPolicy.ONE, f"assumed: ruleset {encounter.ruleset!r} is unknown")
    # the shared default, loaded with a full ruleset (not with the window's ruler: issue 32)
    from vantage.engine.rules.ruleset_base import RulesetBase

    name = ruleset_name(encounter.ruleset)
    query = getattr(ruleset, "measuring_diagonal", None)
    base_query = RulesetBase.measuring_diagonal
    own = callable(query) and getattr(type(ruleset), "measuring_diagonal", None) is not base_query
    if own and query is not None:
        return RulerRule(DiagonalPolicy(query()), name)
    moves_by = getattr(ruleset, "movement_rules", None)
    if isinstance(moves_by, MovementRules):
        return RulerRule(moves_by.diagonal, f"as {name} moves")
    for token in encounter.tokens if callable(getattr(ruleset, "movement", None)) else ():
        answer = ruleset.movement(encounter, token.id)
        if isinstance(answer, MovementAnswer):
            return RulerRule(answer.rules.diagonal, f"as {name} moves")
    return RulerRule(DiagonalPolicy.ONE, f"assumed: {name} gives no rule")


def ask_ruler(encounter: Encounter, start: Tile, end: Tile) -> Measurement:
    """The distance from ``start`` to ``end`` by the encounter's diagonal rule, in its map's feet."""
    return measure(start, end, ruler_rule(encounter).diagonal, encounter.map.feet_per_tile)


def ask_template(encounter: Encounter, template: AreaTemplate) -> tuple[frozenset[Tile], tuple[Token, ...]]:
    """The tiles ``template`` covers and the tokens inside it (ask the players' view for theirs)."""
    from vantage.engine.geometry.area_marks import template_tiles, tokens_inside  # shapely: with a template

    return template_tiles(encounter.map, template), tokens_inside(encounter, template)
