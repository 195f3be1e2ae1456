"""A street's geometry: dropping a piece, sliding it, its landings, full rows, zones.

A street is 6 columns by 14 rows.  The public form (``ArraialState.streets[p]``) is a
tuple of 14 rows, bottom first, each a tuple of 6 ints (0 empty, ``k`` the k-th piece
placed, 1-based).  The functions here work on its occupancy as an int bit mask (bit
``y * 6 + x`` set when the cell is taken; :func:`mask_of` turns a street into one).

Placement, as the rules and Tablero's rulings read it: the piece, in the orientation
seen, is dropped from the top in a column (its leftmost cell's column) and falls until
it rests on a piece or on the floor; then it may slide sideways at that height, any
number of columns, through free cells only (it may tuck under an overhang), and falls
again until it rests.  A landing is the set of cells the piece finally occupies.

>>> empty = mask_of(EMPTY_STREET)
>>> drops(EMPTY_STREET, ((0, 0), (1, 0)))[4]
((4, 0), (5, 0))
>>> len(landings(empty, ((0, 0), (1, 0), (0, 1))))
5
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import NamedTuple

from .data import COLUMNS, HEIGHT, WIDTH
from .shapes import Cells, size

__all__ = [
    "EMPTY_STREET",
    "FULL_ROW",
    "Landing",
    "cell_name",
    "drops",
    "landings",
    "mask_of",
    "parse_cell",
    "shape_mask",
    "slides",
    "zones",
    "Piece",
    "rows_completed",
    "with_piece",
    "Street",
]

Street = tuple[tuple[int, ...], ...]

#: An empty street in the public form.
EMPTY_STREET: Street = tuple((0,) * WIDTH for _ in range(HEIGHT))

#: The bits of one full row (row 0).
FULL_ROW = (1 << WIDTH) - 1

#: A landing: ``(column, slide, cells)``: the drop's leftmost column, the columns slid
#: after it (signed, 0 for none) and the cells finally occupied (sorted by row, column).
Landing = tuple[int, int, Cells]


def cell_name(x: int, y: int) -> str:
    """``c1``: the column letter and the row number (1 at the bottom)."""
    return f"{COLUMNS[x]}{y + 1}"


#: Each cell's name as :func:`cell_name` writes it -> its ``(x, y)``.
_CELL_OF = {cell_name(x, y): (x, y) for y in range(HEIGHT) for x in range(WIDTH)}


def parse_cell(text: str) -> tuple[int, int]:
    """The ``(x, y)`` of a cell name like ``c1`` or ``F14`` (ValueError if it is none)."""
    xy = _CELL_OF.get(text) if type(text) is str else None
    if xy is not None:  # a name as written
        return xy
    t = text.strip().lower()
    if len(t) < 2 or t[0] not in COLUMNS or not (t[1:].isascii() and t[1:].isdigit()):
        raise ValueError(f"{text!r} is not a cell (a column a-f and a row 1-{HEIGHT}, like c1)")
    y = int(t[1:]) - 1
    if not 0 <= y < HEIGHT:
        raise ValueError(f"{text!r} is not a cell: rows go from 1 to {HEIGHT}")
    return COLUMNS.index(t[0]), y


def mask_of(street: Sequence[Sequence[int]]) -> int:
    """The occupancy bit mask of a street in the public form."""
    m = 0
    for y, row in enumerate(street):
        for x, v in enumerate(row):
            if v:
                m |= 1 << (y * WIDTH + x)
    return m


def shape_mask(cells: Iterable[tuple[int, int]]) -> int:
    """The bit mask of cells (at their own coordinates)."""
    m = 0
    for x, y in cells:
        m |= 1 << (y * WIDTH + x)
    return m


def _fits(occ: int, mask: int, x: int, y: int) -> bool:
    return not (occ >> (y * WIDTH + x)) & mask


def _fall(occ: int, mask: int, x: int, y: int) -> int:
    """The row where a piece at ``(x, y)`` comes to rest falling straight down."""
    while y > 0 and _fits(occ, mask, x, y - 1):
        y -= 1
    return y


def _drop(occ: int, mask: int, h: int, x: int) -> int | None:
    """The resting row of a piece dropped from the top in column ``x`` (None: it does
    not even enter the street there)."""
    y = HEIGHT - h
    if not _fits(occ, mask, x, y):
        return None
    return _fall(occ, mask, x, y)


def _moved(cells: Cells, x: int, y: int) -> Cells:
    return tuple((cx + x, cy + y) for cx, cy in cells)


@lru_cache(maxsize=8192)
def landings(occ: int, cells: Cells) -> tuple[Landing, ...]:
    """Every distinct landing of a piece of these (normalised) cells in a street of
    occupancy ``occ``: first each column's straight drop (left to right), then what
    the slides add (by drop column, left slides nearest first, then right ones); each
    set of final cells once, with the first way found to reach it."""
    w, h = size(cells)
    mask = shape_mask(cells)
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    rests: list[tuple[int, int]] = []
    for x in range(WIDTH - w + 1):
        y = _drop(occ, mask, h, x)
        if y is not None:
            rests.append((x, y))
            seen.setdefault((x, y), (x, 0))
    for x0, y0 in rests:
        for step in (-1, 1):
            x = x0 + step
            while 0 <= x <= WIDTH - w and _fits(occ, mask, x, y0):
                y = _fall(occ, mask, x, y0)
                seen.setdefault((x, y), (x0, x - x0))
                x += step
    return tuple((col, slide, _moved(cells, x, y)) for (x, y), (col, slide) in seen.items())


def drops(street: Sequence[Sequence[int]], cells: Cells) -> dict[int, Cells | None]:
    """For each drop column (the piece's leftmost column), the cells where the piece
    comes to rest when dropped there, or None when it does not enter the street (what
    the table's ghost shows as it follows the pointer)."""
    occ = mask_of(street)
    w, h = size(cells)
    mask = shape_mask(cells)
    out: dict[int, Cells | None] = {}
    for x in range(WIDTH - w + 1):
        y = _drop(occ, mask, h, x)
        out[x] = None if y is None else _moved(cells, x, y)
    return out


def slides(street: Sequence[Sequence[int]], cells: Cells, column: int) -> list[Landing]:
    """The landings a slide adds to the drop in ``column`` (the drop itself excluded),
    nearest first, left then right."""
    occ = mask_of(street)
    w, h = size(cells)
    mask = shape_mask(cells)
    if not 0 <= column <= WIDTH - w:
        return []
    y0 = _drop(occ, mask, h, column)
    if y0 is None:
        return []
    out: list[Landing] = []
    for step in (-1, 1):
        x = column + step
        while 0 <= x <= WIDTH - w and _fits(occ, mask, x, y0):
            out.append((column, x - column, _moved(cells, x, _fall(occ, mask, x, y0))))
            x += step
    return out


def rows_completed(occ: int, added: int) -> list[int]:
    """The rows (y) that ``added`` cells complete in a street of occupancy ``occ``."""
    after = occ | added
    out = []
    for y in range(HEIGHT):
        if (added >> (y * WIDTH)) & FULL_ROW and (after >> (y * WIDTH)) & FULL_ROW == FULL_ROW:
            out.append(y)
    return out


Group = tuple[str, frozenset[tuple[int, int]], frozenset[int]]


def zones(street: Sequence[Sequence[int]], colours: Sequence[str]) -> list[Group]:
    """The street's same-colour groups (4-adjacency; diagonal contact does not join):
    ``(colour, cells, pieces)`` with ``pieces`` the 1-based piece numbers; ``colours[k - 1]``
    is piece ``k``'s colour.  Every group is listed, single pieces included, in the
    order of their lowest cell."""
    rows = tuple(tuple(row) for row in street)
    return list(_zones(rows, tuple(colours)))


@lru_cache(maxsize=4096)
def _zones(street: Street, colours: tuple[str, ...]) -> tuple[Group, ...]:
    done: set[tuple[int, int]] = set()
    out = []
    for y in range(HEIGHT):
        for x in range(WIDTH):
            k = street[y][x]
            if not k or (x, y) in done:
                continue
            colour = colours[k - 1]
            cells = {(x, y)}
            todo = [(x, y)]
            while todo:
                cx, cy = todo.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < WIDTH and 0 <= ny < HEIGHT and (nx, ny) not in cells:
                        j = street[ny][nx]
                        if j and colours[j - 1] == colour:
                            cells.add((nx, ny))
                            todo.append((nx, ny))
            done |= cells
            pieces = frozenset(street[cy][cx] for cx, cy in cells)
            out.append((colour, frozenset(cells), pieces))
    return tuple(out)


class Piece(NamedTuple):
    """A placed piece: its shape, its colour and the cells it covers."""

    shape: str
    colour: str
    cells: Cells


def with_piece(street: Street, cells: Cells, k: int) -> Street:
    """``street`` with piece number ``k`` on ``cells``."""
    rows = list(street)
    for x, y in cells:
        row = list(rows[y])
        row[x] = k
        rows[y] = tuple(row)
    return tuple(rows)
