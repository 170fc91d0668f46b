"""Line of sight, cover, and what one token can see.

Method (see docs/geometry.md):

- Each token has five *sight points*: its footprint centre and its four corners pulled in by
  ``CORNER_INSET`` tiles towards the centre (so that a line does not graze a wall on the edge of
  its own tile).
- **Line of sight** is clear when at least one line from a sight point of the viewer to a sight
  point of the target crosses nothing that blocks sight: walls and closed doors (not open doors
  or windows), objects that block sight, terrain that blocks sight, and — when the ruleset says
  so (``tokens_block``) — the footprints of other tokens. Touching counts as crossing. The same
  set of lines is used both ways, so sight between two tokens is symmetric.
- **Cover** is read from the four *cover lines* from the viewer's centre to the target's (inset)
  corners: all four clear → none; some → half; none → half when some other line of sight is
  still clear, full when there is no line of sight at all.
- **Cover objects** (``MapObject.cover``): an object crossed by all four cover lines gives its
  cover, one crossed by some of them at most half. An object holding the viewer's centre (the
  viewer stands in or on it) gives nothing. The result is the worst of all of these.
- **Full cover** (:func:`full_cover`) answers only "is the cover full?", for a target on each
  of several tiles against several viewers at once (a mover on each tile of its path against
  the enemies), with the same answer as :func:`line_of_sight` (tokens not blocking) at a
  fraction of the cost.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
import shapely
from shapely.geometry import Polygon

from vantage.engine.geometry.crossing import Strip, bundle_crossings, segments_cross
from vantage.engine.geometry.obstacles import Obstacles, obstacles_for
from vantage.engine.identity_cache import identity_cache
from vantage.engine.model import Cover, Encounter, GameMap, Point, Tile, Token

CORNER_INSET = 0.1
#: line k = 5 i + j joins viewer sight point i to target sight point j: 1..4 are the cover lines
_COVER_LINES = range(1, 5)
_COVER_RANK = {Cover.NONE: 0, Cover.HALF: 1, Cover.FULL: 2}


@dataclass(frozen=True)
class Sight:
    """What ``viewer`` sees of ``target``: line of sight, the cover it has, and why."""

    viewer: str
    target: str
    clear: bool
    cover: Cover
    lines_clear: int
    lines_total: int
    explanation: str
    #: what the cover lines cross, as the explanation names it (``"wall (12, 20)–(13, 20)"``)
    blocked_by: tuple[str, ...] = ()


def sight_points(token: Token) -> list[Point]:
    """The centre, then the four corners (inset) clockwise from top-left."""
    (x, y), n = token.position, token.footprint
    lo, hi = CORNER_INSET, n - CORNER_INSET
    return [token.centre, (x + lo, y + lo), (x + hi, y + lo), (x + hi, y + hi), (x + lo, y + hi)]


def _blocked_lines(
    points: tuple[list[Point], list[Point]], obstacles: Obstacles, encounter: Encounter, skip: set[str],
    tokens_block: bool,
) -> tuple[np.ndarray, dict[int, set[str]]]:
    """Which of the 25 lines between the viewer's and the target's sight points (``points``) cross
    a sight blocker, and the labels of what each crosses (line k joins viewer point k // 5 to
    target point k % 5)."""
    vp, tp = points
    coords = np.array([(*a, *b) for a in vp for b in tp], dtype=float)
    strip = Strip.around(vp + tp, (tp[0][0] - vp[0][0], tp[0][1] - vp[0][1]))
    blocked = np.zeros(len(coords), dtype=bool)
    labels: dict[int, set[str]] = {}
    layer = obstacles.sight
    if len(obstacles.sight_segments):
        line_idx, seg_idx = bundle_crossings(
            coords, obstacles.sight_segments, obstacles.sight_segment_bounds, strip
        )
        owners = obstacles.sight_segment_owner[seg_idx]
        # a line starting or ending inside a sight-blocking area is blocked too
        inside_lines, inside = _lines_from_points_inside(vp + tp, obstacles)
        if len(inside_lines):
            line_idx = np.concatenate([line_idx, inside_lines])
            owners = np.concatenate([owners, inside])
        blocked[line_idx] = True
        named = (line_idx >= _COVER_LINES.start) & (line_idx < _COVER_LINES.stop)
        for li, gi in zip(line_idx[named].tolist(), owners[named].tolist(), strict=True):
            labels.setdefault(li, set()).add(layer.labels[gi])
    if tokens_block:
        # lines a wall already blocks need no token test (their text names the wall)
        open_lines = np.nonzero(~blocked)[0]
        if len(open_lines) == 0:
            return blocked, labels
        tokens, boxes, shapes = _token_boxes(encounter.tokens)
        near = [i for i in strip.near_boxes(boxes).tolist() if tokens[i].id not in skip]
        if not near:
            return blocked, labels
        lines = cast(np.ndarray, shapely.linestrings(coords[open_lines].reshape(-1, 2, 2)))
        line_idx, box_idx = np.nonzero(shapely.intersects(lines[:, None], shapes[near][None, :]))
        for li, bi in zip(open_lines[line_idx].tolist(), box_idx.tolist(), strict=True):
            blocked[li] = True
            if li in _COVER_LINES:
                labels.setdefault(li, set()).add(f"token {tokens[near[bi]].name}")
    return blocked, labels


def _lines_from_points_inside(points: list[Point], obstacles: Obstacles) -> tuple[np.ndarray, np.ndarray]:
    """The lines (line k joins viewer point k // 5 to target point k % 5) with an end point in a
    sight blocker, each with that blocker's index, from the 5 viewer then 5 target ``points``;
    nothing is asked of GEOS unless a point is in a tile that some blocker's box touches."""
    # a point lies in the closed tile floor(point), which every blocker box holding it touches
    near, tree = obstacles.sight_near_tiles, obstacles.sight.tree
    if tree is None:
        return _NO_LINES, _NO_LINES
    rows, cols = near.shape
    tiles = [(math.floor(x), math.floor(y)) for x, y in points]
    if all(0 <= tx < cols and 0 <= ty < rows and not near[ty, tx] for tx, ty in tiles):
        return _NO_LINES, _NO_LINES
    point_idx, inside = tree.query(shapely.points(points), predicate="intersects")
    viewer = point_idx < 5
    from_viewer = (point_idx[viewer][:, None] * 5 + np.arange(5)).ravel()
    to_target = (np.arange(5)[:, None] * 5 + (point_idx[~viewer] - 5)[None, :]).T.ravel()
    return (
        np.concatenate([from_viewer, to_target]),
        np.concatenate([np.repeat(inside[viewer], 5), np.repeat(inside[~viewer], 5)]),
    )


_NO_LINES = np.zeros(0, dtype=np.int64)


@identity_cache(size=8)
def _token_boxes(tokens: tuple[Token, ...]) -> tuple[tuple[Token, ...], np.ndarray, np.ndarray]:
    """The tokens, their footprints inset by ``CORNER_INSET`` (N × 4) and those boxes as prepared
    shapely polygons, cached by the identity of the token tuple (an encounter's tokens)."""
    corners = [(*t.position, t.position[0] + t.footprint, t.position[1] + t.footprint) for t in tokens]
    inset = np.array([CORNER_INSET, CORNER_INSET, -CORNER_INSET, -CORNER_INSET])
    boxes = np.array(corners, dtype=float).reshape(-1, 4) + inset
    shapes = shapely.box(*boxes.T)
    shapely.prepare(shapes)
    return tokens, boxes, shapes


def line_of_sight(
    encounter: Encounter,
    viewer_id: str,
    target_id: str,
    *,
    tokens_block: bool = False,
    obstacles: Obstacles | None = None,
) -> Sight:
    """Line of sight from ``viewer_id`` to ``target_id`` and the target's cover (module text).

    Without tokens blocking, the answer depends only on the obstacles and the two tokens' ids,
    names, places and sizes: it is kept (:data:`_SIGHT_MEMO`) while those stay the same — the
    rules ask it at every attack, and creatures often attack again from where they stand."""
    obstacles = obstacles if obstacles is not None else obstacles_for(encounter.map)
    viewer, target = encounter.token(viewer_id), encounter.token(target_id)
    if tokens_block:
        return _line_of_sight(encounter, viewer, target, obstacles, tokens_block=True)
    key = (id(obstacles), viewer.id, viewer.name, viewer.position, viewer.size,
           target.id, target.name, target.position, target.size)
    seen = _SIGHT_MEMO.get(key)
    if seen is not None and seen[0] is obstacles:
        _SIGHT_MEMO.move_to_end(key)
        return seen[1]
    sight = _line_of_sight(encounter, viewer, target, obstacles, tokens_block=False)
    _SIGHT_MEMO[key] = (obstacles, sight)  # the obstacles held: their id is not reused meanwhile
    if len(_SIGHT_MEMO) > _SIGHT_MEMO_SIZE:
        _SIGHT_MEMO.popitem(last=False)
    return sight


#: Sight between two tokens that do not block, by the obstacles (their identity) and the two
#: tokens' ids, names, places and sizes; the most recent :data:`_SIGHT_MEMO_SIZE` kept.
_SIGHT_MEMO: OrderedDict[tuple[object, ...], tuple[Obstacles, Sight]] = OrderedDict()
_SIGHT_MEMO_SIZE = 4096


def _line_of_sight(encounter: Encounter, viewer: Token, target: Token, obstacles: Obstacles, *,
                   tokens_block: bool) -> Sight:
    vp, tp = sight_points(viewer), sight_points(target)
    blocked, labels = _blocked_lines((vp, tp), obstacles, encounter, {viewer.id, target.id}, tokens_block)
    flags = blocked.tolist()
    clear = not all(flags)
    cover_lines = _COVER_LINES
    lines_clear = sum(1 for k in cover_lines if not flags[k])
    if not clear:
        cover = Cover.FULL
    elif lines_clear == 4:
        cover = Cover.NONE
    else:
        cover = Cover.HALF
    reasons = sorted({label for k in cover_lines for label in labels.get(k, ())})
    object_cover, object_notes = _object_cover(obstacles, vp[0], tp[1:], viewer)
    if _COVER_RANK[object_cover] > _COVER_RANK[cover]:
        cover = object_cover
    text = _explain(viewer, target, clear, cover, lines_clear, reasons, object_notes)
    return Sight(viewer.id, target.id, clear, cover, lines_clear, 4, text, tuple(reasons))


def full_cover(
    game_map: GameMap,
    viewers: Sequence[Token],
    target: Token,
    tiles: Sequence[Tile] | None = None,
    *,
    obstacles: Obstacles | None = None,
) -> np.ndarray:
    """Has ``target``, standing on each of ``tiles`` in turn (default: where it stands), full
    cover from each of ``viewers``? A ``len(viewers) × len(tiles)`` boolean array with the same
    answers as ``line_of_sight(...).cover is Cover.FULL`` (tokens not blocking sight) would give
    with the target moved there: what a mover has on each tile of its path.

    The answer for one pair depends only on the obstacles, the viewer's place and size and the
    target's size and tile: it is kept (:func:`_full_cover_memo`, per obstacles) and only the
    pairs not seen before are worked out (:func:`_full_cover_pairs`) — a move's path is asked
    by the policy that plans it, again when the move is checked, and the same places recur.
    """
    places = [tuple(target.position)] if tiles is None else [tuple(t) for t in tiles]
    full = np.zeros((len(viewers), len(places)), dtype=bool)
    if not len(viewers) or not len(places):
        return full
    obstacles = obstacles if obstacles is not None else obstacles_for(game_map)
    memo = _full_cover_memo(obstacles)
    n = target.footprint
    keys = [(v.position, v.footprint, n, place) for v in viewers for place in places]
    known = [memo.get(key) for key in keys]
    missing = [k for k, answer in enumerate(known) if answer is None]
    if missing:
        if len(memo) + len(missing) > _FULL_COVER_MEMO_SIZE:
            memo.clear()  # a bound on memory; answers are the same either way
        t = len(places)
        vi = np.array([k // t for k in missing])
        ti = np.array([k % t for k in missing])
        vp = np.array([sight_points(v) for v in viewers], dtype=float)  # V × 5 × 2
        tp = np.array(places, dtype=float)[:, None, :] + _sight_offsets(n)[None, :, :]  # T × 5 × 2
        answers = _full_cover_pairs(vp[vi], tp[ti], obstacles).tolist()
        for k, answer in zip(missing, answers, strict=True):
            known[k] = memo[keys[k]] = answer
    full.reshape(-1)[:] = known
    return full


#: The most pair answers :func:`_full_cover_memo` keeps per obstacles (then it starts again).
_FULL_COVER_MEMO_SIZE = 50_000


@identity_cache(size=4)
def _full_cover_memo(obstacles: Obstacles) -> dict[tuple[object, ...], bool]:
    """Full cover answers for the pairs asked of ``obstacles``, by (viewer position, viewer
    footprint, target footprint, target tile)."""
    return {}


def _full_cover_pairs(vp: np.ndarray, tp: np.ndarray, obstacles: Obstacles) -> np.ndarray:
    """Full cover for each pair of a viewer's and a target's sight points (P × 5 × 2 each).

    How, cheapest first, every pair at once: full cover is *no* line of sight, or a full-cover
    object. (1) The line joining the two centres is tested against the sight blockers: clear, it
    proves a line of sight. (2) Where it is blocked, all 25 lines are tested: all blocked is full
    cover. (3) With a line of sight, only a full-cover object whose box meets the pair's can
    still give full cover; those pairs are asked exactly (:func:`_full_cover_objects`).
    """
    full = np.zeros(len(vp), dtype=bool)
    v_inside = _points_inside(vp.reshape(-1, 2), obstacles).reshape(vp.shape[:2])
    t_inside = _points_inside(tp.reshape(-1, 2), obstacles).reshape(tp.shape[:2])
    # (1) centre to centre
    centre_lines = np.hstack([vp[:, 0], tp[:, 0]])
    blocked = _lines_cross(centre_lines, obstacles) | v_inside[:, 0] | t_inside[:, 0]
    # (2) where it is blocked, the lines from each centre to the other's corners, then where
    # those are blocked too all 25 (line 5 i + j joins viewer point i to target point j)
    rest = np.nonzero(blocked)[0]
    for lines in (_CENTRE_TO_CORNERS, _ALL_LINES):
        if not len(rest):
            break
        rest = rest[_all_blocked(vp[rest], tp[rest], v_inside[rest], t_inside[rest], lines, obstacles)]
    full[rest] = True
    # (3) a line of sight, yet a full-cover object may cross all four cover lines
    ask = np.nonzero(~full & _near_full_cover_objects(vp, tp, obstacles))[0]
    if len(ask):
        full[ask] = _full_cover_objects(vp[ask, 0], tp[ask, 1:], obstacles)
    return full


def _full_cover_objects(centres: np.ndarray, corners: np.ndarray, obstacles: Obstacles) -> np.ndarray:
    """For each pair (a viewer's centre, P × 2, and a target's four inset corners, P × 4 × 2):
    does a cover object give full cover along the four cover lines — the answer
    :func:`_object_cover` gives as ``Cover.FULL``, for every pair at once? Only a full-cover
    object crossed by all four lines, not holding the viewer's centre, gives it."""
    layer = obstacles.cover
    full = np.zeros(len(centres), dtype=bool)
    if layer.tree is None:
        return full
    coords = np.concatenate([np.repeat(centres[:, None, :], 4, axis=1), corners], axis=2)  # P × 4 × 4
    lines = shapely.linestrings(coords.reshape(-1, 2, 2))
    line_idx, obj_idx = layer.tree.query(lines, predicate="intersects")
    levels = obstacles.cover_levels
    gives_full = np.array([levels[int(oi)] is Cover.FULL for oi in obj_idx.tolist()], dtype=bool)
    if not gives_full.any():
        return full
    pairs, objects = line_idx[gives_full] // 4, obj_idx[gives_full]
    found, counts = np.unique(np.stack([pairs, objects], axis=1), axis=0, return_counts=True)
    for pair, oi in found[counts == 4].tolist():
        if full[pair]:
            continue
        if not shapely.contains(layer.geometries[oi], shapely.Point(*centres[pair])):
            full[pair] = True
    return full


#: line numbers 5 i + j (viewer point i to target point j): each centre to the other's corners
_CENTRE_TO_CORNERS = np.array([1, 2, 3, 4, 5, 10, 15, 20])
_ALL_LINES = np.arange(25)


def _all_blocked(
    viewers: np.ndarray, targets: np.ndarray, v_inside: np.ndarray, t_inside: np.ndarray,
    lines: np.ndarray, obstacles: Obstacles,
) -> np.ndarray:
    """For each pair (sight points P × 5 × 2, and whether each is inside a blocker): are all of
    its ``lines`` (numbers 5 i + j) blocked, by a blocker's edge or an end inside one?"""
    i, j = lines // 5, lines % 5
    coords = np.concatenate([viewers[:, i], targets[:, j]], axis=2).reshape(-1, 4)
    crossed = _lines_cross(coords, obstacles).reshape(len(viewers), len(lines))
    return cast(np.ndarray, (crossed | v_inside[:, i] | t_inside[:, j]).all(axis=1))


def _sight_offsets(footprint: int) -> np.ndarray:
    """The :func:`sight_points` of a footprint at (0, 0), as a 5 × 2 array."""
    lo, hi, half = CORNER_INSET, footprint - CORNER_INSET, footprint / 2
    return np.array([(half, half), (lo, lo), (hi, lo), (hi, hi), (lo, hi)], dtype=float)


def _lines_cross(lines: np.ndarray, obstacles: Obstacles) -> np.ndarray:
    """For each line (L × 4): does it cross (or touch) an edge of a sight blocker? The same
    pairs as :func:`~vantage.engine.geometry.crossing.bundle_crossings` (boxes, then
    :func:`~vantage.engine.geometry.crossing.segments_cross`), for lines that need not run one way."""
    crossed = np.zeros(len(lines), dtype=bool)
    segments, bounds = obstacles.sight_segments, obstacles.sight_segment_bounds
    if not len(lines) or not len(segments):
        return crossed
    x_lo, x_hi = np.minimum(lines[:, 0], lines[:, 2]), np.maximum(lines[:, 0], lines[:, 2])
    y_lo, y_hi = np.minimum(lines[:, 1], lines[:, 3]), np.maximum(lines[:, 1], lines[:, 3])
    # the edges whose box meets the box of all the lines, then each line's own box
    near = np.nonzero(
        (bounds[:, 0] <= x_hi.max()) & (bounds[:, 2] >= x_lo.min())
        & (bounds[:, 1] <= y_hi.max()) & (bounds[:, 3] >= y_lo.min())
    )[0]
    if not len(near):
        return crossed
    b = bounds[near].T[:, None, :]  # 4 × 1 × K
    meets = (b[0] <= x_hi[:, None]) & (b[2] >= x_lo[:, None])
    meets &= (b[1] <= y_hi[:, None]) & (b[3] >= y_lo[:, None])
    line_idx, k = np.nonzero(meets)  # L × K
    if len(line_idx):
        hit = segments_cross(lines[line_idx], segments[near[k]])
        crossed[line_idx[hit]] = True
    return crossed


def _points_inside(points: np.ndarray, obstacles: Obstacles) -> np.ndarray:
    """For each point (N × 2): does it lie in (or on) a sight blocker? Only points in a tile
    that some blocker's box touches are asked of GEOS (as :func:`_lines_from_points_inside`)."""
    inside = np.zeros(len(points), dtype=bool)
    near, tree = obstacles.sight_near_tiles, obstacles.sight.tree
    if tree is None:
        return inside
    rows, cols = near.shape
    tx, ty = np.floor(points[:, 0]).astype(int), np.floor(points[:, 1]).astype(int)
    on_map = (tx >= 0) & (tx < cols) & (ty >= 0) & (ty < rows)
    ask = ~on_map
    ask[on_map] = near[ty[on_map], tx[on_map]]
    asked = np.nonzero(ask)[0]
    if len(asked):
        point_idx, _ = tree.query(shapely.points(points[asked]), predicate="intersects")
        inside[asked[point_idx]] = True
    return inside


def _near_full_cover_objects(viewers: np.ndarray, targets: np.ndarray, obstacles: Obstacles) -> np.ndarray:
    """For each pair (the sight points of its viewer and target, P × 5 × 2): does the box of a
    full-cover object meet the box of those points (which holds every cover line)?"""
    full = [i for i, level in enumerate(obstacles.cover_levels) if level is Cover.FULL]
    if not full:
        return np.zeros(len(viewers), dtype=bool)
    boxes = shapely.bounds(obstacles.cover.geometries[full])  # F × 4
    points = np.concatenate([viewers, targets], axis=1)
    lo, hi = points.min(axis=1), points.max(axis=1)  # P × 2
    meets = (boxes[None, :, :2] <= hi[:, None, :]) & (boxes[None, :, 2:] >= lo[:, None, :])
    return cast(np.ndarray, meets.all(axis=2).any(axis=1))


def _object_cover(
    obstacles: Obstacles, centre_point: Point, corners: list[Point], viewer: Token
) -> tuple[Cover, list[str]]:
    """The cover objects give along the cover lines from ``centre_point`` to the ``corners``."""
    layer = obstacles.cover
    if layer.tree is None:
        return Cover.NONE, []
    cover_lines = np.array([(*centre_point, *corner) for corner in corners], dtype=float)
    lines = shapely.linestrings(cover_lines.reshape(-1, 2, 2))
    _, obj_idx = layer.tree.query(lines, predicate="intersects")
    crossed: dict[int, int] = {}
    for oi in obj_idx.tolist():
        crossed[oi] = crossed.get(oi, 0) + 1
    worst, notes = Cover.NONE, []
    centre = shapely.Point(viewer.centre)
    for oi, count in sorted(crossed.items()):
        if shapely.contains(layer.geometries[oi], centre):
            continue
        level = obstacles.cover_levels[oi]
        given = level if count == len(cover_lines) else min(level, Cover.HALF, key=_COVER_RANK.__getitem__)
        notes.append(f"{layer.labels[oi]} crosses {count} of {len(cover_lines)} lines: {given.value} cover")
        if _COVER_RANK[given] > _COVER_RANK[worst]:
            worst = given
    return worst, notes


def _explain(
    viewer: Token, target: Token, clear: bool, cover: Cover, lines_clear: int,
    reasons: list[str], object_notes: list[str],
) -> str:
    if not clear:
        head = f"{viewer.name} has no line of sight to {target.name}"
    else:
        head = (
            f"{viewer.name} sees {target.name}: {lines_clear} of 4 lines from its centre to "
            f"{target.name}'s corners are clear"
        )
    parts = [head]
    if reasons:
        parts.append("blocked by " + ", ".join(reasons))
    parts.extend(object_notes)
    return "; ".join(parts) + (" → no cover" if cover is Cover.NONE else f" → {cover.value} cover")


def visibility_polygon(
    encounter: Encounter,
    token_id: str,
    *,
    radius_tiles: float | None = None,
    obstacles: Obstacles | None = None,
) -> Polygon:
    """The region seen from the token's centre: sight blockers stop it, the map edge bounds it.

    Rays go from the centre to every corner of the blockers in range (and just either side of
    each), plus every 0.5° when a radius limits the view; each stops at the first blocker edge.
    Other tokens do not block. ``radius_tiles`` None means the whole map.
    """
    obstacles = obstacles if obstacles is not None else obstacles_for(encounter.map)
    game_map = encounter.map
    ox, oy = encounter.token(token_id).centre
    w, h = game_map.width, game_map.height
    if radius_tiles is None:
        reach = math.hypot(max(ox, w - ox), max(oy, h - oy)) + 1.0
    else:
        reach = float(radius_tiles)
    edges = np.array([[0, 0, w, 0], [w, 0, w, h], [w, h, 0, h], [0, h, 0, 0]], dtype=float)
    segments = edges
    if obstacles.sight_segment_tree is not None:
        near = obstacles.sight_segment_tree.query(shapely.box(ox - reach, oy - reach, ox + reach, oy + reach))
        segments = np.vstack([edges, obstacles.sight_segments[np.sort(near)]])
    ends = segments.reshape(-1, 2)
    rel = ends - (ox, oy)
    in_range = np.hypot(rel[:, 0], rel[:, 1]) <= reach
    angles = np.arctan2(rel[in_range, 1], rel[in_range, 0])
    delta = 1e-5
    angles = np.concatenate([angles, angles - delta, angles + delta])
    if radius_tiles is not None:
        angles = np.concatenate([angles, np.radians(np.arange(0, 360, 0.5))])
    angles = np.unique(np.mod(angles + math.pi, 2 * math.pi) - math.pi)
    t = _ray_hits(ox, oy, angles, reach, segments)
    xs = ox + np.cos(angles) * reach * t
    ys = oy + np.sin(angles) * reach * t
    polygon = Polygon(np.column_stack([xs, ys]))
    if not polygon.is_valid:
        fixed = shapely.make_valid(polygon)
        parts = [p for p in shapely.get_parts(fixed) if p.geom_type == "Polygon"]
        polygon = max(parts, key=lambda p: p.area) if parts else Polygon()
    return polygon


def _ray_hits(ox: float, oy: float, angles: np.ndarray, reach: float, segments: np.ndarray) -> np.ndarray:
    """For rays from the origin at the sorted ``angles``, ``reach`` long: the fraction of the
    length at which each first meets a segment (1 when it meets none).

    Each segment is only tested against the rays inside the angle it spans as seen from the
    origin (a contiguous run of the sorted angles), so the work grows with the pairs that can
    meet, not with rays × segments.
    """
    n = len(angles)
    best = np.ones(n)
    a1 = np.arctan2(segments[:, 1] - oy, segments[:, 0] - ox)
    a2 = np.arctan2(segments[:, 3] - oy, segments[:, 2] - ox)
    lo, hi = np.minimum(a1, a2), np.maximum(a1, a2)
    wraps = hi - lo > math.pi  # the segment spans the ±π cut: [hi, π] and [-π, lo]
    eps = 1e-9
    first = np.where(
        wraps, np.searchsorted(angles, hi - eps, "left"), np.searchsorted(angles, lo - eps, "left")
    )
    stop = np.where(wraps, n, np.searchsorted(angles, hi + eps, "right"))
    extra_stop = np.where(wraps, np.searchsorted(angles, lo + eps, "right"), 0)
    # a segment through the origin itself (a viewer standing on a wall) can stop every ray
    ax_, ay_ = segments[:, 0] - ox, segments[:, 1] - oy
    bx_, by_ = segments[:, 2] - ox, segments[:, 3] - oy
    through = (ax_ * by_ - ay_ * bx_ == 0) & (ax_ * bx_ + ay_ * by_ <= 0)
    first = np.where(through, 0, first)
    stop = np.where(through, n, stop)
    extra_stop = np.where(through, 0, extra_stop)
    seg_of = np.concatenate([np.arange(len(segments)), np.arange(len(segments))])
    starts = np.concatenate([first, np.zeros(len(segments), dtype=first.dtype)])
    counts = np.maximum(np.concatenate([stop - first, extra_stop]), 0)
    total = int(counts.sum())
    if total == 0:
        return best
    seg_idx = np.repeat(seg_of, counts)
    ray_idx = np.repeat(starts, counts) + np.arange(total) - np.repeat(np.cumsum(counts) - counts, counts)
    rdx, rdy = np.cos(angles[ray_idx]) * reach, np.sin(angles[ray_idx]) * reach
    x1, y1 = segments[seg_idx, 0], segments[seg_idx, 1]
    ex, ey = segments[seg_idx, 2] - x1, segments[seg_idx, 3] - y1
    qx, qy = x1 - ox, y1 - oy
    denom = rdx * ey - rdy * ex
    safe = np.where(denom == 0, 1.0, denom)
    t = (qx * ey - qy * ex) / safe
    u = (qx * rdy - qy * rdx) / safe
    ok = (denom != 0) & (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    np.minimum.at(best, ray_idx[ok], t[ok])
    return best
