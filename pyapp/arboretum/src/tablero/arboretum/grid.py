"""The geometry of an arboretum: an unbounded grid of cells around the first card.

A cell is written ``x,y``: ``x`` counts columns to the right of the first card, ``y``
rows **down** from it (screen coordinates: the rows of the notation read top to
bottom with growing ``y``).  The first card is always at ``0,0``.

Inside the engine a cell is one integer, ``(y + OFFSET) * WIDTH + (x + OFFSET)``, so the
four neighbours are ``cell +- 1`` and ``cell +- WIDTH``.  An arboretum holds at most
80 cards, all connected to ``0,0``, so it never gets near the encoding's edge.

>>> cell_name(cell(-1, 2)), parse_cell_name("-1,2") == cell(-1, 2)
('-1,2', True)
>>> xy(ORIGIN)
(0, 0)
"""

from __future__ import annotations

import re

from tablero.core import InvalidMoveError

__all__ = [
    "WIDTH", "OFFSET", "ORIGIN", "STEPS", "LIMIT", "cell", "xy", "cell_name", "parse_xy",
    "parse_cell_name", "in_range",
]  # fmt: skip

WIDTH = 256
OFFSET = 128
#: Coordinates stay within ``-LIMIT .. LIMIT`` (a chain of 80 cards reaches 79).
LIMIT = 100
ORIGIN = OFFSET * WIDTH + OFFSET
#: The four orthogonal steps: right, left, down, up.
STEPS = (1, -1, WIDTH, -WIDTH)

_CELL = re.compile(r"^(-?\d{1,9}),(-?\d{1,9})$")


def cell(x: int, y: int) -> int:
    return (y + OFFSET) * WIDTH + (x + OFFSET)


def xy(c: int) -> tuple[int, int]:
    y, x = divmod(c, WIDTH)
    return x - OFFSET, y - OFFSET


def in_range(x: int, y: int) -> bool:
    return -LIMIT <= x <= LIMIT and -LIMIT <= y <= LIMIT


def cell_name(c: int) -> str:
    x, y = xy(c)
    return f"{x},{y}"


def parse_xy(text: str) -> tuple[int, int]:
    """``(x, y)`` from ``"x,y"`` (whole numbers, no spaces); :class:`InvalidMoveError`."""
    m = _CELL.match(text.strip())
    if not m:
        raise InvalidMoveError(
            f"{text!r} is not a cell: write x,y (columns right, rows down from the first "
            "card at 0,0), like 1,-2"
        )
    return int(m.group(1)), int(m.group(2))


def parse_cell_name(text: str) -> int:
    """A cell from ``"x,y"``; coordinates must be within ``-LIMIT .. LIMIT``."""
    x, y = parse_xy(text)
    if not in_range(x, y):
        raise InvalidMoveError(f"{text!r} is too far from 0,0 (at most {LIMIT} either way)")
    return cell(x, y)
