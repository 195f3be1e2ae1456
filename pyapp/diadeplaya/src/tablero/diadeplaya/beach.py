"""A beach: laying a card on the block grid, and where a card may go.

A beach is a mapping ``cell -> block`` of the blocks that show (``scoring.GRID``'s
cells).  A card goes edge-adjacent to the beach without covering anything, or covering
1 to 4 of its cells (each grid cell counted once, however many cards lie under it); a
card that would touch the beach only at a corner, or cover 5 or 6 cells, may not go
there.  The first card's top-left block is ``0,0``.

>>> from .shapes import face_of
>>> beach = lay({}, face_of(0, 0), 0, 0, 0)
>>> placement_reason(beach, face_of(1, 0), 0, 3, 0), placement_reason(beach, face_of(1, 0), 0, 3, 2)
(None, 'it would touch the beach only at a corner')
>>> len(legal_spots(beach, face_of(1, 0), 0))
30
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from .scoring import GRID, ORTHOGONAL
from .shapes import footprint, size

__all__ = ["MAX_COVER", "lay", "covered", "placement_reason", "legal_spots", "card_cells"]

#: A card may cover at most this many cells of the beach.
MAX_COVER = 4


@cache
def _offsets(face: int, rotation: int) -> tuple[tuple[int, int], ...]:
    """``(cell offset, block)`` of a face's blocks from its top-left block's cell: a
    grid cell is ``(y + OFFSET) * WIDTH + x + OFFSET``, so ``x + dx, y + dy`` is the
    cell of ``x, y`` plus ``dy * WIDTH + dx``."""
    return tuple((dy * GRID.WIDTH + dx, b) for dx, dy, b in footprint(face, rotation))


def card_cells(face: int, rotation: int, x: int, y: int) -> list[tuple[int, int]]:
    """``(cell, block)`` of a face laid with its top-left block on ``x, y``."""
    at = GRID.cell(x, y)
    return [(at + d, b) for d, b in _offsets(face, rotation)]


def lay(beach: Mapping[int, int], face: int, rotation: int, x: int, y: int) -> dict[int, int]:
    """A new beach with the face laid on it (its blocks cover what lies under them)."""
    out = dict(beach)
    for c, b in card_cells(face, rotation, x, y):
        out[c] = b
    return out


def covered(beach: Mapping[int, int], face: int, rotation: int, x: int, y: int) -> list[int]:
    """The beach's cells the card would cover."""
    return [c for c, _ in card_cells(face, rotation, x, y) if c in beach]


def placement_reason(
    beach: Mapping[int, int], face: int, rotation: int, x: int, y: int
) -> str | None:
    """``None`` when the card may go there, else why not (a phrase)."""
    w, h = size(rotation)
    if not (GRID.in_range(x, y) and GRID.in_range(x + w - 1, y + h - 1)):
        return f"it would lie too far from 0,0 (at most {GRID.limit} either way)"
    cells = [c for c, _ in card_cells(face, rotation, x, y)]
    cover = sum(1 for c in cells if c in beach)
    if cover > MAX_COVER:
        return f"it would cover {cover} blocks of the beach (at most {MAX_COVER})"
    if cover == 0 and not any(c + d in beach for c in cells for d in ORTHOGONAL):
        touches = any(
            c + d + e in beach for c in cells for d in (1, -1) for e in (GRID.WIDTH, -GRID.WIDTH)
        )
        return (
            "it would touch the beach only at a corner"
            if touches
            else "it would not touch the beach (a card goes edge to edge with it, or on it)"
        )
    return None


def legal_spots(beach: Mapping[int, int], face: int, rotation: int) -> list[tuple[int, int]]:
    """Every top-left cell ``(x, y)`` where the face may go in this rotation, by row
    (``y``), then column (``x``)."""
    w, h = size(rotation)
    xs, ys = GRID.bounds(beach)
    offsets = [d for d, _ in _offsets(face, rotation)]
    cell = GRID.cell
    out = []
    for y in range(ys.start - h, ys.stop + 1):
        for x in range(xs.start - w, xs.stop + 1):
            corner = cell(x, y)
            at = [corner + d for d in offsets]
            cover = sum(1 for c in at if c in beach)
            if cover > MAX_COVER:
                continue
            if cover == 0 and not any(c + d in beach for c in at for d in ORTHOGONAL):
                continue
            if GRID.in_range(x, y) and GRID.in_range(x + w - 1, y + h - 1):
                out.append((x, y))
    return out
