"""Does a step's centre line cross the walls drawn across it? The rule for walls anywhere.

The step is the segment from centre ``c1`` to centre ``c2``; the walls are segments anywhere.
Where walls meet the step, the walls through that point split the space round it into sectors
(each wall through the point gives two rays, each wall ending there one). The step crosses the
walls at that point when the way it comes in and the way it goes out lie in different sectors:

- inside the step, it comes in from ``c1`` and goes out towards ``c2``. A lone wall end on the
  line is one ray, one sector: the token passes the end. Walls on both sides of the line block;
- at a centre that lies on a wall, the token stands just beside the wall, in the direction
  ``(1, ε)`` (:data:`NUDGE`): just east of it, or just south of an east–west wall. So a wall
  through tile centres divides them into two sides like any other wall;
- a step that runs along a wall keeps to that same side of it (its rays are nudged the same
  way), so it slides along the wall, and still cannot slip through where the wall turns.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from vantage.engine.model import Point, Wall

_EPS = 1e-9
_TAU = 2 * math.pi
#: The side on which a centre lying exactly on a wall stands: the direction (1, ε), ε → 0.
NUDGE = (0.0, 1)

_Key = tuple[float, int]


def _cross(ax: float, ay: float, bx: float, by: float) -> float:
    return ax * by - ay * bx


def _same(p: Point, q: Point) -> bool:
    return abs(p[0] - q[0]) <= _EPS and abs(p[1] - q[1]) <= _EPS


def _angle(vx: float, vy: float) -> float:
    a = math.atan2(0.0 if abs(vy) <= _EPS else vy, 0.0 if abs(vx) <= _EPS else vx) % _TAU
    return 0.0 if a > _TAU - 1e-12 else a


def _contact(c1: Point, c2: Point, wall: Wall) -> tuple[str, Point | None]:
    """How ``wall`` meets the step: ``("none", None)``, ``("cross", p)`` (through both insides),
    ``("touch", p)`` (one point, at an end of either) or ``("along", None)`` (collinear)."""
    (px, py), (qx, qy) = c1, c2
    (ax, ay), (bx, by) = wall.a, wall.b
    rx, ry, sx, sy = qx - px, qy - py, bx - ax, by - ay
    denominator = _cross(rx, ry, sx, sy)
    ox, oy = ax - px, ay - py
    step_length = math.hypot(rx, ry)
    wall_length = math.hypot(sx, sy)
    if wall_length <= _EPS:
        return "none", None
    if abs(denominator) <= _EPS * step_length * wall_length:
        if abs(_cross(ox, oy, rx, ry)) > _EPS * step_length:
            return "none", None  # parallel, apart
        t0 = (ox * rx + oy * ry) / step_length**2
        t1 = ((bx - px) * rx + (by - py) * ry) / step_length**2
        lo, hi = min(t0, t1), max(t0, t1)
        tolerance = _EPS / step_length
        return ("along", None) if hi >= -tolerance and lo <= 1 + tolerance else ("none", None)
    t = _cross(ox, oy, sx, sy) / denominator
    u = _cross(ox, oy, rx, ry) / denominator
    t_tol, u_tol = _EPS / step_length, _EPS / wall_length
    if not (-t_tol <= t <= 1 + t_tol and -u_tol <= u <= 1 + u_tol):
        return "none", None
    point = (px + t * rx, py + t * ry)
    inside = t_tol < t < 1 - t_tol and u_tol < u < 1 - u_tol
    if u <= u_tol:
        point = wall.a
    elif u >= 1 - u_tol:
        point = wall.b
    elif t <= t_tol:
        point = c1
    elif t >= 1 - t_tol:
        point = c2
    return ("cross" if inside else "touch"), point


def _rays(point: Point, walls: Iterable[Wall]) -> list[tuple[float, float]]:
    """The directions in which the walls leave ``point`` (two for a wall through it, one for a
    wall ending there)."""
    rays: list[tuple[float, float]] = []
    for wall in walls:
        if _same(wall.a, point):
            ends: Sequence[Point] = (wall.b,)
        elif _same(wall.b, point):
            ends = (wall.a,)
        else:
            (ax, ay), (bx, by) = wall.a, wall.b
            length = math.hypot(bx - ax, by - ay)
            if length <= _EPS or abs(_cross(bx - ax, by - ay, point[0] - ax, point[1] - ay)) > _EPS * length:
                continue
            t = ((point[0] - ax) * (bx - ax) + (point[1] - ay) * (by - ay)) / length**2
            if not 0 < t < 1:
                continue
            ends = (wall.a, wall.b)
        rays.extend((e[0] - point[0], e[1] - point[1]) for e in ends)
    return [r for r in rays if math.hypot(*r) > _EPS]


def _key(v: tuple[float, float], rays: Sequence[tuple[float, float]]) -> _Key:
    """The direction ``v`` as an angle; when it runs along a ray, nudged off it towards
    :data:`NUDGE`'s side (the side the centres on that wall stand)."""
    vx, vy = v
    length = math.hypot(vx, vy)
    for rx, ry in rays:
        r_length = math.hypot(rx, ry)
        if abs(_cross(vx, vy, rx, ry)) <= _EPS * length * r_length and vx * rx + vy * ry > 0:
            # cross(v, (1, ε)) = vx·ε − vy: its sign, ε → 0
            side = (-1 if vy > 0 else 1) if abs(vy) > _EPS * length else (1 if vx > 0 else -1)
            return _angle(rx, ry), side
    return _angle(vx, vy), 0


def _separated(come: _Key, leave: _Key, rays: Sequence[tuple[float, float]]) -> bool:
    if come == leave:
        return False
    lo, hi = sorted((come, leave))
    keys = [(_angle(*r), 0) for r in rays]
    return any(lo < k < hi for k in keys) and any(k < lo or k > hi for k in keys)


def crossing_walls(c1: Point, c2: Point, walls: Iterable[Wall]) -> tuple[Wall, ...]:
    """The walls that stop the step from ``c1`` to ``c2`` where its centre line crosses them
    (see the module notes); empty when the step passes."""
    walls = tuple(walls)
    points: list[Point] = []
    for wall in walls:
        how, point = _contact(c1, c2, wall)
        if how == "cross":
            return (wall,)
        if how == "touch" and point is not None and not any(_same(point, p) for p in points):
            points.append(point)
    for point in points:
        at_point = [w for w in walls if _rays(point, (w,))]
        rays = _rays(point, at_point)
        come = NUDGE if _same(point, c1) else _key((c1[0] - point[0], c1[1] - point[1]), rays)
        leave = NUDGE if _same(point, c2) else _key((c2[0] - point[0], c2[1] - point[1]), rays)
        if _separated(come, leave, rays):
            return tuple(at_point)
    return ()


def touches(c1: Point, c2: Point, wall: Wall) -> bool:
    """Does ``wall`` meet the step's segment at all (so that it may take part in blocking it)?"""
    return _contact(c1, c2, wall)[0] != "none"


__all__ = ["NUDGE", "crossing_walls", "touches"]
