"""Placed templates: the tiles each shape covers and exactly the tokens inside.

Rules checked: the engine's partial-tile rule, "a tile is covered when *more than half* of its
area lies inside the template" (assumed), and "a token is inside a template when at least one
tile of its footprint is covered" (assumed). No ruleset text speaks of areas."""

from dataclasses import replace

from vantage.engine.geometry.area_marks import template_tiles, tokens_inside
from vantage.engine.model import AreaTemplate, Encounter, GameMap, Size, TemplateKind, Token

MAP = GameMap(20, 20)


def _enc(*tokens: Token) -> Encounter:
    return Encounter(MAP, tokens=tokens, ruleset="avorkarth")


def _t(token_id: str, tile: tuple[int, int], size: Size = Size.MEDIUM) -> Token:
    return Token(token_id, token_id.capitalize(), tile, size=size)


def _ids(enc: Encounter, template: AreaTemplate) -> set[str]:
    return {t.id for t in tokens_inside(enc, template)}


def test_circle_radius_in_feet():
    # 10 ft radius on 5-ft tiles: 2 tiles around the corner (10, 10)
    circle = AreaTemplate("c", TemplateKind.CIRCLE, (10.0, 10.0), 10)
    # the 4×4 tiles around the corner but their four corner tiles, each less than half inside
    ring = {(x, y) for x in range(8, 12) for y in range(8, 12)} - {(8, 8), (11, 8), (8, 11), (11, 11)}
    assert template_tiles(MAP, circle) == ring
    enc = _enc(_t("in", (9, 9)), _t("edge", (11, 10)), _t("corner", (11, 11)),
               _t("out", (13, 10)))
    assert _ids(enc, circle) == {"in", "edge"}


def test_a_large_token_is_inside_when_a_corner_is_covered():
    """At least one tile of the footprint covered: the 2×2 ogre at (10, 11) has (10, 11) covered;
    the one at (11, 11) has none of its four tiles covered."""
    circle = AreaTemplate("c", TemplateKind.CIRCLE, (10.0, 10.0), 10)
    enc = _enc(_t("ogre", (10, 11), size=Size.LARGE), _t("far", (11, 11), size=Size.LARGE))
    assert _ids(enc, circle) == {"ogre"}


def test_cone_points_where_it_is_turned():
    # a 15 ft (3-tile) cone from the middle of the top edge of tile (5, 10), north then east
    north = AreaTemplate("k", TemplateKind.CONE, (5.5, 10.0), 15, direction=0)
    tiles = template_tiles(MAP, north)
    assert (5, 9) in tiles and (5, 7) in tiles
    assert all(y < 10 for _, y in tiles)
    enc = _enc(_t("ahead", (5, 8)), _t("behind", (5, 11)), _t("side", (9, 9)))
    assert _ids(enc, north) == {"ahead"}
    east = AreaTemplate("k", TemplateKind.CONE, (5.5, 10.0), 15, direction=90)
    assert all(x >= 5 for x, _ in template_tiles(MAP, east))
    assert _ids(_enc(_t("ahead", (5, 8)), _t("east", (7, 10))), east) == {"east"}


def test_line_length_and_width_in_feet():
    # a 30 ft line 5 ft wide east from the left edge of row 4: six whole tiles
    line = AreaTemplate("l", TemplateKind.LINE, (2.0, 4.5), 30, direction=90, width_feet=5)
    assert template_tiles(MAP, line) == {(x, 4) for x in range(2, 8)}
    enc = _enc(_t("a", (2, 4)), _t("b", (7, 4)), _t("c", (8, 4)), _t("d", (4, 5)))
    assert _ids(enc, line) == {"a", "b"}
    wide = AreaTemplate("l", TemplateKind.LINE, (2.0, 5.0), 30, direction=90, width_feet=10)
    assert _ids(enc, wide) == {"a", "b", "d"}


def test_square_side_in_feet_and_turned():
    square = AreaTemplate("s", TemplateKind.SQUARE, (5.0, 5.0), 10)  # 2×2 tiles centred on a corner
    assert template_tiles(MAP, square) == {(4, 4), (5, 4), (4, 5), (5, 5)}
    enc = _enc(_t("a", (4, 4)), _t("b", (6, 5)))
    assert _ids(enc, square) == {"a"}
    turned = AreaTemplate("s", TemplateKind.SQUARE, (5.0, 5.0), 10, direction=45)  # a diamond
    # a diamond of half-diagonal 1.41 covers each touching tile by 0.83 of its area (still inside)
    assert template_tiles(MAP, turned) == {(4, 4), (5, 4), (4, 5), (5, 5)}
    big = AreaTemplate("s", TemplateKind.SQUARE, (5.0, 5.0), 20)  # 4×4 tiles, (3, 3) to (6, 6)
    assert template_tiles(MAP, big) == {(x, y) for x in range(3, 7) for y in range(3, 7)}
    big_turned = replace(big, direction=45)  # a diamond: the four corner tiles drop out
    assert template_tiles(MAP, big_turned) == template_tiles(MAP, big) - {(3, 3), (6, 3), (3, 6), (6, 6)}
    corner = _enc(_t("corner", (3, 3)), _t("side", (3, 4)))
    assert _ids(corner, big) == {"corner", "side"}
    assert _ids(corner, big_turned) == {"side"}


def test_only_map_tiles_count():
    corner = AreaTemplate("c", TemplateKind.CIRCLE, (0.0, 0.0), 5)
    assert template_tiles(MAP, corner) == {(0, 0)}
