"""Groups, scoring and final scoring, as the rulebook and RULINGS.md read them.

A *group* is 3+ orthogonally connected tiles of one owner that form a *sequence*
(a path whose values go up by exactly 1 at each step, read from either end) or a
*set* (the connected tiles of one value).  Wilds take any value 1-8, independently
in each group.

Every sequence of 3+ tiles through a tile contains a 3-tile window through that
tile that is itself a sequence, so "is this tile on a sequence" only needs the
3-tile paths through it.
"""

from __future__ import annotations

from collections.abc import Sequence

from .data import MAJORITY_2P_LEADER, MAJORITY_PLACES, VALUES, WILD, majority_2p_second


def _sequence3_table() -> tuple[bool, ...]:
    """Every triple of cell codes (0 empty, 1-8, 9 wild), index ``a*100 + b*10 + c``:
    whether it reads n, n+1, n+2 either way.  Built from the few true ones, the runs of
    three values with any of their tiles a wild (the module is imported on every start
    of the page, where a test of all 1000 triples took milliseconds)."""
    table = [False] * (WILD + 1) ** 3
    for start in range(1, 7):
        run = (start, start + 1, start + 2)
        for wilds in range(8):  # bit i: the i-th tile of the run is a wild
            a, b, c = (WILD if wilds >> i & 1 else v for i, v in enumerate(run))
            table[a * 100 + b * 10 + c] = table[c * 100 + b * 10 + a] = True
    return tuple(table)


_SEQ3 = _sequence3_table()


def is_sequence3(a: int, b: int, c: int) -> bool:
    """Whether values ``a, b, c`` along a path read as n, n+1, n+2 (either way)."""
    return _SEQ3[a * 100 + b * 10 + c]


def on_sequence(
    values: Sequence[int], owners: Sequence[int], neighbours: Sequence[Sequence[int]], cell: int
) -> bool:
    """Whether the owned tile on ``cell`` lies on a sequence of its owner's tiles."""
    owner = owners[cell]
    v = values[cell]
    seq3 = _SEQ3
    mine = [x for x in neighbours[cell] if owners[x] == owner]
    for x in mine:  # the tile at one end of the window
        head = v * 100 + values[x] * 10
        for y in neighbours[x]:
            if y != cell and owners[y] == owner and seq3[head + values[y]]:
                return True
    for i, x in enumerate(mine):  # the tile in the middle
        head = values[x] * 100 + v * 10
        for y in mine[i + 1 :]:
            if seq3[head + values[y]]:
                return True
    return False


def set_size(
    values: Sequence[int],
    owners: Sequence[int],
    neighbours: Sequence[Sequence[int]],
    cell: int,
    value: int,
) -> int:
    """Size of the connected tiles of ``cell``'s owner with ``value`` or wild, from ``cell``."""
    owner = owners[cell]
    seen = {cell}
    stack = [cell]
    while stack:
        x = stack.pop()
        for y in neighbours[x]:
            if y not in seen and owners[y] == owner and (values[y] == value or values[y] == WILD):
                seen.add(y)
                stack.append(y)
    return len(seen)


def tile_points(
    values: Sequence[int], owners: Sequence[int], neighbours: Sequence[Sequence[int]], cell: int
) -> tuple[int, int]:
    """(sequence points, set points) that the placed or claimed tile on ``cell`` scores."""
    v = values[cell]
    seq = v if on_sequence(values, owners, neighbours, cell) else 0
    size = set_size(values, owners, neighbours, cell, v)
    return seq, (size if size >= 3 else 0)


def in_group(
    values: Sequence[int], owners: Sequence[int], neighbours: Sequence[Sequence[int]], cell: int
) -> bool:
    """Whether the owned tile on ``cell`` belongs to some sequence or set."""
    if on_sequence(values, owners, neighbours, cell):
        return True
    v = values[cell]
    candidates = VALUES if v == WILD else (v,)
    return any(set_size(values, owners, neighbours, cell, w) >= 3 for w in candidates)


def stranded_cells(
    values: Sequence[int], owners: Sequence[int], neighbours: Sequence[Sequence[int]]
) -> list[int]:
    """Every owned tile in no group, all found before any is removed."""
    return [
        cell
        for cell, owner in enumerate(owners)
        if owner >= 0 and not in_group(values, owners, neighbours, cell)
    ]


def stranded_penalty(value: int) -> int:
    """Points lost for a stranded tile: its face value; a wild costs nothing."""
    return 0 if value == WILD else value


def majority_points(counts: Sequence[int]) -> list[int]:
    """Points each player gets in one quadrant, from their tile counts there."""
    n = len(counts)
    points = [0] * n
    if n == 2:
        a, b = counts
        if a == b:
            if a > 0:
                share = (MAJORITY_2P_LEADER + majority_2p_second(a)) // 2
                points = [share, share]
        else:
            lead, other = (0, 1) if a > b else (1, 0)
            points[lead] = MAJORITY_2P_LEADER
            points[other] = majority_2p_second(counts[other])
        return points
    ranked = sorted((p for p in range(n) if counts[p] > 0), key=lambda p: -counts[p])
    place = 0
    i = 0
    while i < len(ranked):
        tied = [p for p in ranked[i:] if counts[p] == counts[ranked[i]]]
        pot = sum(MAJORITY_PLACES[place : place + len(tied)])
        for p in tied:
            points[p] = pot // len(tied)
        place += len(tied)
        i += len(tied)
    return points
