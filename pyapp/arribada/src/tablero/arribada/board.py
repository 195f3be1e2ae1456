"""Board geometry: cells, their kinds, neighbours, quadrants and names.

A :class:`Board` is immutable and shared by every state that uses it.  Cells are
numbered ``row * size + col``; the text name of a cell is its column letter and its
row number from the top, so ``a1`` is the top-left corner.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from tablero.core import InvalidMoveError

from .data import BOARD_SPECS, QUADRANTS

PLAYA, NIDO, ROCK = "playa", "nido", "rock"

COLUMNS = "abcdefghij"


def parse_cell_name(text: str, size: int) -> tuple[int, int]:
    """(row, col) of a cell name like ``c4`` on a ``size`` board."""
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in COLUMNS or not t[1:].isdigit():
        raise InvalidMoveError(
            f"{text!r} is not a cell name: use a column letter and a row number, like c4"
        )
    row, col = int(t[1:]) - 1, COLUMNS.index(t[0])
    if not (0 <= row < size and 0 <= col < size):
        last = f"{COLUMNS[size - 1]}{size}"
        raise InvalidMoveError(f"{text!r} is off the {size}x{size} board (a1..{last})")
    return row, col


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
        r, c = divmod(cell, self.size)
        return f"{COLUMNS[c]}{r + 1}"

    def parse_cell(self, text: str) -> int:
        """The cell named ``text`` (``c4``); :class:`InvalidMoveError` if off the board."""
        row, col = parse_cell_name(text, self.size)
        return row * self.size + col

    def quadrant_name(self, q: int) -> str:
        return QUADRANTS[q]


@cache
def get_board(name: str) -> Board:
    spec = BOARD_SPECS[name]
    n = spec["size"]
    kinds = [PLAYA] * (n * n)
    for r, c in spec["rock"]:
        kinds[r * n + c] = ROCK
    for r, c in _with_rotations(spec["nw_nidos"], n):
        kinds[r * n + c] = NIDO
    neighbours = []
    for r in range(n):
        for c in range(n):
            nb = []
            for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    nb.append(rr * n + cc)
            neighbours.append(tuple(nb))
    half = n // 2
    quadrant = tuple(2 * (r >= half) + (c >= half) for r in range(n) for c in range(n))
    prefilled = {
        players: tuple(sorted(r * n + c for r, c in _with_rotations(cells, n)))
        for players, cells in spec["nw_prefilled"].items()
    }
    return Board(
        name=name,
        size=n,
        kinds=tuple(kinds),
        neighbours=tuple(neighbours),
        quadrant=quadrant,
        prefilled=prefilled,
        playa=tuple(i for i, k in enumerate(kinds) if k == PLAYA),
        nidos=tuple(i for i, k in enumerate(kinds) if k == NIDO),
    )
