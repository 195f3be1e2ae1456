"""The beach boards: what lies on each cell, and the cells filled at the start.

A :class:`Board` is immutable and shared by every state that uses it.  Its geometry is
the core's square :class:`~tablero.core.geometry.RectGrid`: cells are numbered
``row * size + col``; the text name of a cell is its column letter and its row number
from the top, so ``a1`` is the top-left corner; quadrants are its 2 x 2 regions.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tablero.core.geometry import COLUMNS as _LETTERS
from tablero.core.geometry import RectGrid

from .data import BOARD_SPECS

PLAYA, NIDO, ROCK = "playa", "nido", "rock"

#: The column letters of the largest board.
COLUMNS = _LETTERS[:10]


@cache
def square_grid(size: int) -> RectGrid:
    """The geometry of a ``size`` x ``size`` board."""
    return RectGrid(size, size, COLUMNS)


def parse_cell_name(text: str, size: int) -> tuple[int, int]:
    """(row, col) of a cell name like ``c4`` on a ``size`` board."""
    return square_grid(size).parse_rc(text)


def rotate(cell: tuple[int, int], size: int) -> tuple[int, int]:
    """Rotate (row, col) by 90 degrees clockwise about the board's centre."""
    r, c = cell
    return c, size - 1 - r


def _with_rotations(cells: tuple[tuple[int, int], ...], size: int) -> list[tuple[int, int]]:
    out = []
    for cell in cells:
        for _ in range(4):
            out.append(cell)
            cell = rotate(cell, size)
    return out


@dataclass(frozen=True, eq=False)
class Board:
    """A beach board: its cells (index ``row * size + col``), what lies on each, their
    neighbours and quadrants, and the cells filled at the start by player count."""

    name: str
    size: int
    grid: RectGrid
    kinds: tuple[str, ...]
    neighbours: tuple[tuple[int, ...], ...]
    quadrant: tuple[int, ...]  # -1 for none (never happens: the rock is split too)
    prefilled: dict[int, tuple[int, ...]]  # by player count, cells in index order
    playa: tuple[int, ...]
    nidos: tuple[int, ...]

    def index(self, row: int, col: int) -> int:
        return row * self.size + col

    def rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.size)

    def cell_name(self, cell: int) -> str:
        return self.grid.cell_name(cell)

    def parse_cell(self, text: str) -> int:
        """The cell named ``text`` (``c4``); :class:`InvalidMoveError` if off the board."""
        return self.grid.parse_cell(text)


@cache
def get_board(name: str) -> Board:
    spec = BOARD_SPECS[name]
    n = spec["size"]
    kinds = [PLAYA] * (n * n)
    for r, c in spec["rock"]:
        kinds[r * n + c] = ROCK
    for r, c in _with_rotations(spec["nw_nidos"], n):
        kinds[r * n + c] = NIDO
    grid = square_grid(n)
    prefilled = {
        players: tuple(sorted(r * n + c for r, c in _with_rotations(cells, n)))
        for players, cells in spec["nw_prefilled"].items()
    }
    return Board(
        name=name,
        size=n,
        grid=grid,
        kinds=tuple(kinds),
        neighbours=grid.neighbours,
        quadrant=grid.regions(2, 2),
        prefilled=prefilled,
        playa=tuple(i for i, k in enumerate(kinds) if k == PLAYA),
        nidos=tuple(i for i, k in enumerate(kinds) if k == NIDO),
    )
