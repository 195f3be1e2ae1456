"""An independent, brute-force reading of Arribada's groups, for the property tests.

Written from the rulebook and RULINGS.md (Arribada, "Scoring during play" and "Game
end") only, sharing no code with ``tablero.arribada.scoring``: if both agree on every
placed or claimed tile of many random games, the engine's scorer is probably right.

A position is given as the engine's flat lists: ``values[cell]`` (0 empty, 1-8, 9 wild)
and ``owners[cell]`` (-1 neutral or none, else a player), cells numbered
``row * size + col``.  Adjacency is orthogonal (the rulebook's golden rule).

* **Sequence**: a simple path of 3+ orthogonally adjacent tiles of one owner whose
  values go up by exactly 1 at each step, read from either end; wilds take any value
  1-8, independently in each group.
* **Set**: the connected component of one owner's tiles whose value equals the tile's
  value or that are wild; it is a group when it has 3+ tiles.
"""

from __future__ import annotations

EMPTY = 0
WILD = 9
VALUES = range(1, 9)
COLUMNS = "abcdefghij"


def cell_name(size: int, cell: int) -> str:
    """``a1`` is the top-left corner: column letter, then the row from the top."""
    row, col = divmod(cell, size)
    return f"{COLUMNS[col]}{row + 1}"


def adjacent(size: int, cell: int) -> list[int]:
    """The orthogonal neighbours of ``cell`` on a ``size`` x ``size`` grid."""
    row, col = divmod(cell, size)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        r, c = row + dr, col + dc
        if 0 <= r < size and 0 <= c < size:
            out.append(r * size + c)
    return out


def _grid_size(values: list[int]) -> int:
    size = int(round(len(values) ** 0.5))
    assert size * size == len(values), "the board must be square"
    return size


def on_sequence(values: list[int], owners: list[int], cell: int) -> bool:
    """Does ``cell`` lie on some sequence of its owner?

    Every simple path of the owner's tiles is walked by depth-first search from every
    start tile, in the direction of rising values (a sequence read from its other end
    is found from that end); a wild tries every value 1-8 and keeps the ones that go
    up by 1.  A path counts once it has 3+ tiles and passes through ``cell``.
    """
    owner = owners[cell]
    if owner < 0 or values[cell] == EMPTY:
        return False
    size = _grid_size(values)
    mine = [c for c in range(len(values)) if owners[c] == owner and values[c] != EMPTY]

    def options(c: int) -> list[int]:
        return list(VALUES) if values[c] == WILD else [values[c]]

    def walk(path: list[int], last: int) -> bool:
        if len(path) >= 3 and cell in path:
            return True
        for nxt in adjacent(size, path[-1]):
            if owners[nxt] != owner or values[nxt] == EMPTY or nxt in path:
                continue
            for v in options(nxt):
                if v == last + 1:
                    path.append(nxt)
                    found = walk(path, v)
                    path.pop()
                    if found:
                        return True
        return False

    return any(walk([start], v) for start in mine for v in options(start))


def set_component(values: list[int], owners: list[int], cell: int, value: int) -> set[int]:
    """The connected tiles of ``cell``'s owner, from ``cell``, of ``value`` or wild."""
    owner = owners[cell]
    size = _grid_size(values)
    seen = {cell}
    todo = [cell]
    while todo:
        c = todo.pop()
        for nxt in adjacent(size, c):
            if nxt not in seen and owners[nxt] == owner and values[nxt] in (value, WILD):
                seen.add(nxt)
                todo.append(nxt)
    return seen


def tile_points(values: list[int], owners: list[int], cell: int) -> tuple[int, int]:
    """What the just placed or claimed (never wild) tile on ``cell`` scores:
    (sequence points, set points).  A sequence scores the face value once; a set
    scores its size."""
    v = values[cell]
    assert 1 <= v <= 8 and owners[cell] >= 0, "only an owned, face-up tile scores"
    seq = v if on_sequence(values, owners, cell) else 0
    group = set_component(values, owners, cell, v)
    return seq, (len(group) if len(group) >= 3 else 0)


def in_set(values: list[int], owners: list[int], cell: int) -> bool:
    """A face-up tile is in a set when its value-or-wild component has 3+ tiles; a wild
    is when that holds for some value v."""
    candidates = list(VALUES) if values[cell] == WILD else [values[cell]]
    return any(len(set_component(values, owners, cell, v)) >= 3 for v in candidates)


def stranded(values: list[int], owners: list[int]) -> list[int]:
    """The owned tiles (wilds included) in no sequence and no set, in cell order."""
    return [
        c
        for c in range(len(values))
        if owners[c] >= 0
        and values[c] != EMPTY
        and not in_set(values, owners, c)
        and not on_sequence(values, owners, c)
    ]


def stranded_penalty(value: int) -> int:
    """Points lost for a stranded tile: its face value (1 is 1, not 10); a wild 0."""
    return 0 if value == WILD else value
