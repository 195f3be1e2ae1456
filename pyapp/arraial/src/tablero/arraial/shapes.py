"""Polyomino shapes and their rotations (a small module the core's geometry could take).

Cells are ``(x, y)`` with ``x`` to the right and ``y`` up (the street's rows count from
the bottom).  A quarter turn is clockwise: ``(x, y) -> (y, -x)``, then the cells are
normalised so that the smallest ``x`` and the smallest ``y`` are 0.

>>> cells("V", 0)
((0, 0), (1, 0), (0, 1))
>>> cells("V", 1)
((0, 0), (0, 1), (1, 1))
>>> cells("I", 1)
((0, 0), (0, 1), (0, 2), (0, 3))
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from .data import SHAPE_CELLS

__all__ = ["Cells", "cells", "normalise", "size", "turn", "orientations"]

Cells = tuple[tuple[int, int], ...]


def normalise(points: Iterable[tuple[int, int]]) -> Cells:
    """The cells moved so that min x = min y = 0, sorted by row then column."""
    pts = list(points)
    mx = min(x for x, _ in pts)
    my = min(y for _, y in pts)
    return tuple(sorted(((x - mx, y - my) for x, y in pts), key=lambda c: (c[1], c[0])))


def turn(points: Iterable[tuple[int, int]], quarter_turns: int) -> Cells:
    """``points`` turned ``quarter_turns`` quarter turns clockwise, normalised."""
    pts = list(points)
    for _ in range(quarter_turns % 4):
        pts = [(y, -x) for x, y in pts]
    return normalise(pts)


@cache
def cells(shape: str, quarter_turns: int) -> Cells:
    """The cells of ``shape`` turned ``quarter_turns`` clockwise, normalised."""
    if shape not in SHAPE_CELLS:
        raise ValueError(f"unknown shape {shape!r} (shapes: {' '.join(SHAPE_CELLS)})")
    return turn(SHAPE_CELLS[shape], quarter_turns)


def size(points: Cells) -> tuple[int, int]:
    """The ``(width, height)`` of normalised cells."""
    return 1 + max(x for x, _ in points), 1 + max(y for _, y in points)


def orientations(shape: str) -> dict[Cells, int]:
    """The distinct orientations of ``shape``: cells -> the fewest quarter turns giving them."""
    out: dict[Cells, int] = {}
    for q in range(4):
        out.setdefault(cells(shape, q), q)
    return out
