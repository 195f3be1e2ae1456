"""The geometry of an arboretum: an unbounded grid of cells around the first card.

A cell is written ``x,y``: ``x`` counts columns to the right of the first card, ``y``
rows **down** from it (screen coordinates: the rows of the notation read top to
bottom with growing ``y``).  The first card is always at ``0,0``.

The grid is the core's :class:`~tablero.core.geometry.SparseGrid` (:data:`GRID`); this
module names its parts as the engine, the web layer and the tests use them.  Inside the
engine a cell is one integer, ``(y + OFFSET) * WIDTH + (x + OFFSET)``, so the four
neighbours are ``cell +- 1`` and ``cell +- WIDTH``.  An arboretum holds at most 80
cards, all connected to ``0,0``, so it never gets near the encoding's edge.

>>> cell_name(cell(-1, 2)), parse_cell_name("-1,2") == cell(-1, 2)
('-1,2', True)
>>> xy(ORIGIN), [cell_name(c) for c in frontier({ORIGIN: 0})]
((0, 0), ['0,-1', '-1,0', '1,0', '0,1'])
"""

from __future__ import annotations

from tablero.core.geometry import SparseGrid

__all__ = [
    "GRID", "WIDTH", "OFFSET", "ORIGIN", "STEPS", "LIMIT", "cell", "xy", "cell_name",
    "parse_xy", "parse_cell_name", "in_range", "frontier", "connected",
]  # fmt: skip

#: Every arboretum's grid.  Coordinates stay within ``-LIMIT .. LIMIT`` (a chain of 80
#: cards reaches 79).
GRID = SparseGrid(limit=100, origin_name="the first card")

WIDTH = GRID.WIDTH
OFFSET = GRID.OFFSET
LIMIT = GRID.limit
#: The first card's cell, ``0,0``.
ORIGIN = GRID.origin
#: The four orthogonal steps: right, left, down, up.
STEPS = GRID.steps

#: ``cell(x, y)``: the cell at ``x,y``.
cell = GRID.cell
#: ``xy(cell)``: a cell's ``(x, y)``.
xy = GRID.xy
#: ``in_range(x, y)``: whether ``x,y`` lies within ``-LIMIT .. LIMIT`` either way.
in_range = GRID.in_range
#: ``cell_name(cell)``: ``"x,y"``.
cell_name = GRID.cell_name
#: ``parse_xy(text)``: ``(x, y)`` from ``"x,y"``; :class:`~tablero.core.InvalidMoveError`.
parse_xy = GRID.parse_xy
#: ``parse_cell_name(text)``: a cell from ``"x,y"``, within ``-LIMIT .. LIMIT``.
parse_cell_name = GRID.parse_cell
#: ``frontier(arb)``: the empty cells where the next card of an arboretum may go
#: (sorted); ``0,0`` alone for an empty one.
frontier = GRID.frontier
#: ``connected(cells)``: whether the cells form one orthogonally connected group.
connected = GRID.connected
