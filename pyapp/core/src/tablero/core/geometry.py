"""Board geometry every game can share: a fixed rectangular grid and a growing one.

:class:`RectGrid` is a board of ``width`` columns and ``height`` rows.  Cells are
numbered ``row * width + col``; a cell's name is its column letter and its row number
counted from the top (``a1`` is the top-left corner).

>>> g = RectGrid(6, 14)
>>> g.cell_name(g.index(13, 5)), g.parse_cell("b3") == g.index(2, 1)
('f14', True)
>>> [g.cell_name(c) for c in g.neighbours[0]]
['b1', 'a2']
>>> g.regions(2, 2)[g.parse_cell("f14")]
3

:class:`SparseGrid` is an unbounded grid that grows from a first cell at ``0,0``.  A
cell's name is ``x,y``: ``x`` counts columns to the right of the origin, ``y`` rows
**down** from it (screen coordinates).  Inside an engine a cell is one integer, so the
four neighbours are ``cell +- 1`` and ``cell +- WIDTH`` (:attr:`SparseGrid.steps`).

>>> s = SparseGrid(limit=100)
>>> s.cell_name(s.cell(-1, 2)), s.parse_cell("-1,2") == s.cell(-1, 2)
('-1,2', True)
>>> s.xy(s.origin), [s.cell_name(c) for c in s.frontier({s.origin: 1})]
((0, 0), ['0,-1', '-1,0', '1,0', '0,1'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .errors import InvalidMoveError

__all__ = ["COLUMNS", "RectGrid", "SparseGrid"]

#: Column letters of a rectangular grid (at most 26 columns).
COLUMNS = "abcdefghijklmnopqrstuvwxyz"

#: Orthogonal steps as (row, col): up, left, right, down (the neighbours' order).
_ORTHOGONAL = ((-1, 0), (0, -1), (0, 1), (1, 0))


class RectGrid:
    """A rectangular board of ``width`` x ``height`` cells with letter columns.

    ``letters`` are the column letters a cell name may use (the first ``width`` of them
    name this grid's columns): a game whose boards come in several sizes passes the
    letters of its largest, so that ``i1`` on its 8 x 8 board is a cell off the board
    rather than not a cell name at all.
    """

    __slots__ = ("width", "height", "neighbours", "letters", "_names", "_rc_of")

    def __init__(self, width: int, height: int, letters: str | None = None) -> None:
        if not (1 <= width <= len(COLUMNS) and 1 <= height):
            raise ValueError(f"a grid has 1 to {len(COLUMNS)} columns and at least 1 row")
        self.letters = COLUMNS[:width] if letters is None else letters
        if len(self.letters) < width or not COLUMNS.startswith(self.letters):
            raise ValueError("the column letters must be a, b, c... covering every column")
        self.width = width
        self.height = height
        #: The orthogonal neighbours of each cell (up, left, right, down; in the grid).
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                (r + dr) * width + c + dc
                for dr, dc in _ORTHOGONAL
                if 0 <= r + dr < height and 0 <= c + dc < width
            )
            for r in range(height)
            for c in range(width)
        )
        self._names = tuple(f"{COLUMNS[c]}{r + 1}" for r in range(height) for c in range(width))
        #: Each cell's name as written (``c4``) -> ``(row, col)``.
        self._rc_of = {name: divmod(cell, width) for cell, name in enumerate(self._names)}

    @property
    def cells(self) -> range:
        return range(self.width * self.height)

    def index(self, row: int, col: int) -> int:
        return row * self.width + col

    def rc(self, cell: int) -> tuple[int, int]:
        """``(row, col)`` of a cell."""
        return divmod(cell, self.width)

    def contains(self, row: int, col: int) -> bool:
        return 0 <= row < self.height and 0 <= col < self.width

    def cell_name(self, cell: int) -> str:
        return self._names[cell]

    def parse_rc(self, text: str) -> tuple[int, int]:
        """``(row, col)`` of a cell name like ``c4``; :class:`InvalidMoveError` if it is
        not a name or lies off the grid."""
        rc = self._rc_of.get(text) if type(text) is str else None
        if rc is not None:  # a name as the grid writes it
            return rc
        t = text.strip().lower()
        if len(t) < 2 or t[0] not in self.letters or not t[1:].isdigit() or not t[1:].isascii():
            raise InvalidMoveError(
                f"{text!r} is not a cell name: use a column letter and a row number, like c4"
            )
        row, col = int(t[1:]) - 1, COLUMNS.index(t[0])
        if not self.contains(row, col):
            last = self._names[-1]
            raise InvalidMoveError(
                f"{text!r} is off the {self.width}x{self.height} board (a1..{last})"
            )
        return row, col

    def parse_cell(self, text: str) -> int:
        row, col = self.parse_rc(text)
        return row * self.width + col

    def regions(self, rows: int, cols: int) -> tuple[int, ...]:
        """Each cell's region when the grid is cut into ``rows`` x ``cols`` equal blocks
        (numbered row by row from the top-left; an odd size puts the extra line in the
        later blocks)."""
        return tuple(
            (((r + 1) * rows - 1) // self.height) * cols + ((c + 1) * cols - 1) // self.width
            for r in range(self.height)
            for c in range(self.width)
        )


class SparseGrid:
    """An unbounded grid around a first cell at ``0,0``; coordinates stay within
    ``-limit .. limit`` either way."""

    __slots__ = ("limit", "origin_name", "steps", "origin", "_names")

    #: Cells are encoded as ``(y + OFFSET) * WIDTH + (x + OFFSET)``.
    WIDTH = 256
    OFFSET = 128

    _CELL = re.compile(r"^(-?\d{1,9}),(-?\d{1,9})$", re.ASCII)

    def __init__(self, limit: int, origin_name: str = "the first cell") -> None:
        if not 0 < limit < self.OFFSET:
            raise ValueError(f"a sparse grid's limit is 1..{self.OFFSET - 1}")
        self.limit = limit
        self.origin_name = origin_name
        w = self.WIDTH
        #: The four orthogonal steps: right, left, down, up.
        self.steps = (1, -1, w, -w)
        self.origin = self.OFFSET * w + self.OFFSET
        #: The names of the cells within the limit, as they are written.
        self._names: dict[int, str] = {}

    def cell(self, x: int, y: int) -> int:
        return (y + self.OFFSET) * self.WIDTH + (x + self.OFFSET)

    def xy(self, c: int) -> tuple[int, int]:
        y, x = divmod(c, self.WIDTH)
        return x - self.OFFSET, y - self.OFFSET

    def in_range(self, x: int, y: int) -> bool:
        return -self.limit <= x <= self.limit and -self.limit <= y <= self.limit

    def cell_name(self, c: int) -> str:
        name = self._names.get(c) if type(c) is int else None
        if name is None:
            x, y = self.xy(c)
            name = f"{x},{y}"
            if type(c) is int and self.in_range(x, y):
                self._names[c] = name
        return name

    def parse_xy(self, text: str) -> tuple[int, int]:
        """``(x, y)`` from ``"x,y"`` (whole numbers, no spaces); :class:`InvalidMoveError`."""
        m = self._CELL.match(text.strip())
        if not m:
            raise InvalidMoveError(
                f"{text!r} is not a cell: write x,y (columns right, rows down from "
                f"{self.origin_name} at 0,0), like 1,-2"
            )
        return int(m.group(1)), int(m.group(2))

    def parse_cell(self, text: str) -> int:
        """A cell from ``"x,y"``; coordinates must be within ``-limit .. limit``."""
        x, y = self.parse_xy(text)
        if not self.in_range(x, y):
            raise InvalidMoveError(
                f"{text!r} is too far from 0,0 (at most {self.limit} either way)"
            )
        return self.cell(x, y)

    def neighbours(self, c: int) -> tuple[int, ...]:
        return tuple(c + d for d in self.steps)

    def frontier(self, cells: Iterable[int]) -> tuple[int, ...]:
        """The empty cells orthogonally next to ``cells`` (sorted); the origin alone when
        there are none yet."""
        taken = set(cells)
        if not taken:
            return (self.origin,)
        return tuple(sorted({c + d for c in taken for d in self.steps if c + d not in taken}))

    def connected(self, cells: Iterable[int]) -> bool:
        """Whether ``cells`` form one orthogonally connected group (the empty set does)."""
        taken = set(cells)
        if not taken:
            return True
        start = next(iter(taken))
        seen = {start}
        todo = [start]
        while todo:
            c = todo.pop()
            for d in self.steps:
                if c + d in taken and c + d not in seen:
                    seen.add(c + d)
                    todo.append(c + d)
        return len(seen) == len(taken)

    def bounds(self, cells: Iterable[int]) -> tuple[range, range]:
        """The columns (x) and rows (y) spanned by ``cells`` (not empty), as ranges."""
        coords = [self.xy(c) for c in cells]
        xs = [x for x, _ in coords]
        ys = [y for _, y in coords]
        return range(min(xs), max(xs) + 1), range(min(ys), max(ys) + 1)
