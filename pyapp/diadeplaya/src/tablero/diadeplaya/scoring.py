"""The seven criteria, each as RULINGS.md reads it, on one beach's visible blocks.

A beach here is a mapping ``cell -> block`` of what shows (covered blocks are gone:
only visible blocks count); cells are the core's sparse-grid integers (``GRID``), so the
orthogonal neighbours are ``cell +- 1`` and ``cell +- W`` and the diagonal ones
``cell +- W +- 1``.  The best packings (trios, sand squares) are computed exactly, by a
search over the disjoint choices with memoised sub-problems.

>>> from .data import BLOCK_OF_TOKEN as B
>>> beach = {GRID.cell(0, 0): B["Sv"], GRID.cell(1, 1): B["LG"], GRID.cell(2, 0): B["S^"]}
>>> points, (trio,) = trios(beach)[0], trios(beach)[1]
>>> surfers(beach), points, [GRID.cell_name(c) for c in trio]
(2, 3, ['0,0', '1,1', '2,0'])
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from tablero.core.geometry import SparseGrid

from .data import (
    CRITERIA,
    DOWN,
    LIFEGUARD,
    LITTER,
    LITTER_POINTS,
    SAND,
    STALL,
    STALL_PAIR_BONUS,
    STALL_POINTS,
    SURFER,
    SURFER_POINTS,
    TOURIST,
    TOURIST_POINTS,
    TOURIST_VIEW_BONUS,
    TRIO_POINTS,
    UMBRELLA,
    UMBRELLA_SHARED_BLOCKS,
    UMBRELLA_SHARED_POINTS,
)

__all__ = [
    "GRID", "surfers", "tourists", "litter", "trios", "umbrella_groups", "largest_umbrella",
    "umbrella_points", "sand_squares", "stalls", "beach_points", "square_value",
]  # fmt: skip

Beach = Mapping[int, int]

#: Every beach's grid: cells ``x,y`` around the first card's top-left at ``0,0``, ``y``
#: growing downwards (towards the sea).  18 cards of 3 blocks reach 54 at most.
GRID = SparseGrid(limit=60, origin_name="the first card's top-left block")
W = GRID.WIDTH
ORTHOGONAL = (1, -1, W, -W)
DIAGONAL = (-W - 1, -W + 1, W - 1, W + 1)
AROUND = ORTHOGONAL + DIAGONAL
#: The step of each facing: up, right, down, left.
FACING_STEP = (-W, 1, W, -1)


# --- surfers, tourists, litter, stalls: block by block ---------------------------------------


def surfers(beach: Beach) -> int:
    """2 per surfer facing the sea (down)."""
    sea = SURFER << 2 | DOWN
    return SURFER_POINTS * sum(1 for b in beach.values() if b == sea)


def lonely_tourists(beach: Beach) -> list[tuple[int, bool]]:
    """The tourists with no other tourist among their 8 neighbours, each with whether a
    surfer stands anywhere on the straight line it faces (empty cells do not block it)."""
    out: list[tuple[int, bool]] = []
    bounds: tuple[range, range] | None = None  # worked out at the first lonely tourist
    for c, b in beach.items():
        if b >> 2 != TOURIST:
            continue
        if any((beach.get(c + d, -1) >> 2) == TOURIST for d in AROUND):
            continue
        if bounds is None:
            bounds = GRID.bounds(beach)
        cols, rows = bounds
        step = FACING_STEP[b & 3]
        x, y = GRID.xy(c)
        dx, dy = GRID.xy(GRID.origin + step)
        seen = False
        while not seen:
            x, y = x + dx, y + dy
            if x not in cols or y not in rows:
                break
            seen = (beach.get(GRID.cell(x, y), -1) >> 2) == SURFER
        out.append((c, seen))
    return out


def tourists(beach: Beach) -> int:
    """2 per tourist with no other tourist among its 8 neighbours, +1 for each of them
    facing a surfer at any distance."""
    return sum(
        TOURIST_POINTS + (TOURIST_VIEW_BONUS if seen else 0) for _, seen in lonely_tourists(beach)
    )


def litter(beach: Beach) -> int:
    """-3 per visible litter block."""
    return LITTER_POINTS * sum(1 for b in beach.values() if b >> 2 == LITTER)


def served_stalls(beach: Beach) -> list[int]:
    """The stalls whose 4 orthogonal neighbours are all surfers or lifeguards."""
    figures = (SURFER, LIFEGUARD)
    return [
        c
        for c, b in beach.items()
        if b >> 2 == STALL and all((beach.get(c + d, -1) >> 2) in figures for d in ORTHOGONAL)
    ]


def stalls(beach: Beach) -> int:
    """6 per served stall (a figure may serve several); +1 per 2 stalls of one type."""
    counts = [0, 0, 0]
    for b in beach.values():
        if b >> 2 == STALL:
            counts[b & 3] += 1
    pairs = sum(k // 2 for k in counts)
    return STALL_POINTS * len(served_stalls(beach)) + STALL_PAIR_BONUS * pairs


# --- diagonal trios: the largest set of disjoint trios -------------------------------------------


def trios(beach: Beach) -> tuple[int, list[tuple[int, int, int]]]:
    """``(points, trios)``: the largest number of disjoint trios of figures (surfers and
    lifeguards) chained diagonally, 3 points each; each trio as its cells, the middle
    one in the middle.

    Exact: each diagonally connected group of figures is searched on its own; the
    lowest figure left is either in no trio or in one of the trios through it (as an end
    or as the middle), and the best of the rest is memoised by the set of figures left.
    """
    figures = sorted(c for c, b in beach.items() if b >> 2 in (SURFER, LIFEGUARD))
    chosen: list[tuple[int, int, int]] = []
    for group in _components(figures, DIAGONAL):
        if len(group) >= 3:
            chosen.extend(_best_trios(group))
    return TRIO_POINTS * len(chosen), sorted(chosen)


def _components(cells: Iterable[int], steps: Sequence[int]) -> list[list[int]]:
    """The groups of ``cells`` connected by ``steps``, each sorted, in order of their
    first cell."""
    left = set(cells)
    out = []
    for start in sorted(left):
        if start not in left:
            continue
        left.discard(start)
        group = [start]
        todo = [start]
        while todo:
            c = todo.pop()
            for d in steps:
                if c + d in left:
                    left.discard(c + d)
                    group.append(c + d)
                    todo.append(c + d)
        out.append(sorted(group))
    return out


def _best_trios(group: list[int]) -> list[tuple[int, int, int]]:
    index = {c: i for i, c in enumerate(group)}
    adj = [0] * len(group)
    for i, c in enumerate(group):
        for d in DIAGONAL:
            j = index.get(c + d)
            if j is not None:
                adj[i] |= 1 << j
    memo: dict[int, tuple[int, tuple[tuple[int, int, int], ...]]] = {}

    def best(mask: int) -> tuple[int, tuple[tuple[int, int, int], ...]]:
        if mask.bit_count() < 3:
            return 0, ()
        hit = memo.get(mask)
        if hit is not None:
            return hit
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        result = best(rest)
        if result[0] < mask.bit_count() // 3:
            for trio in _trios_through(v, adj, rest):
                a, m, b = trio
                sub = best(rest & ~(1 << a | 1 << m | 1 << b))
                if sub[0] + 1 > result[0]:
                    result = (sub[0] + 1, ((a, m, b), *sub[1]))
                    if result[0] == mask.bit_count() // 3:
                        break
        memo[mask] = result
        return result

    return [(group[a], group[m], group[b]) for a, m, b in best((1 << len(group)) - 1)[1]]


def _trios_through(v: int, adj: list[int], rest: int) -> list[tuple[int, int, int]]:
    """The trios ``(end, middle, end)`` through figure ``v`` among ``rest | v``."""
    out = []
    near = [j for j in _bits(adj[v] & rest)]
    for i, a in enumerate(near):  # v in the middle
        for b in near[i + 1 :]:
            out.append((a, v, b))
    for m in near:  # v at an end
        for b in _bits(adj[m] & rest & ~(1 << m)):
            out.append((v, m, b))
    return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# --- umbrellas ----------------------------------------------------------------------------------


def umbrella_groups(beach: Beach) -> list[list[int]]:
    """The groups of orthogonally connected umbrella blocks, largest first."""
    groups = _components((c for c, b in beach.items() if b >> 2 == UMBRELLA), ORTHOGONAL)
    return sorted(groups, key=lambda g: (-len(g), g[0]))


def largest_umbrella(beach: Beach) -> int:
    """The size of the beach's largest umbrella group (0 without umbrellas)."""
    groups = umbrella_groups(beach)
    return len(groups[0]) if groups else 0


def umbrella_points(largest: Sequence[int], shared: bool) -> list[int]:
    """Each beach's umbrella points from the largest group of every beach.

    ``shared``: the one beach of cooperative and solitaire play scores 2 per full 3
    blocks of its largest group.  Otherwise (competitive and teams) the beach with the
    strictly largest group scores 1 per block of it, and a tie for the largest, between
    any beaches (teammates' too), scores nobody.
    """
    if shared:
        return [UMBRELLA_SHARED_POINTS * (k // UMBRELLA_SHARED_BLOCKS) for k in largest]
    best = max(largest, default=0)
    holders = [i for i, k in enumerate(largest) if k == best]
    if best == 0 or len(holders) > 1:
        return [0] * len(largest)
    return [best if i == holders[0] else 0 for i in range(len(largest))]


# --- sand squares: the best choice of disjoint 2x2 squares ---------------------------------------

#: The cells of a 2x2 square from its top-left cell, and the 8 cells around it.
SQUARE = (0, 1, W, W + 1)
SQUARE_RIM = (-1, W - 1, 2, W + 2, -W, -W + 1, 2 * W, 2 * W + 1)
#: Kinds a square counts around it (litter does not count).
SQUARE_KINDS = frozenset((SAND, SURFER, TOURIST, LIFEGUARD, UMBRELLA, STALL))


def square_value(beach: Beach, top_left: int) -> int:
    """1 per distinct kind of block (litter excluded) orthogonally next to the square."""
    kinds = {beach[top_left + d] >> 2 for d in SQUARE_RIM if top_left + d in beach}
    return len(kinds & SQUARE_KINDS)


def sand_squares(beach: Beach) -> tuple[int, list[int]]:
    """``(points, squares)``: the choice of disjoint 2x2 squares of sand that scores the
    most, each square by its top-left cell.  A square's value depends only on what lies
    around it (another square's sand is "sand" to it), so this is the heaviest set of
    non-overlapping squares; each group of overlapping squares is searched exactly (take
    or skip the first square left, memoised by the squares left)."""
    sand = {c for c, b in beach.items() if b >> 2 == SAND}
    squares = sorted(c for c in sand if all(c + d in sand for d in SQUARE))
    values = {c: square_value(beach, c) for c in squares}
    squares = [c for c in squares if values[c] > 0]
    overlap = (-W - 1, -W, -W + 1, -1, 1, W - 1, W, W + 1)
    chosen: list[int] = []
    for group in _components(squares, overlap):
        chosen.extend(_best_squares(group, values))
    return sum(values[c] for c in chosen), sorted(chosen)


def _best_squares(group: list[int], values: Mapping[int, int]) -> list[int]:
    index = {c: i for i, c in enumerate(group)}
    clash = [0] * len(group)
    for i, c in enumerate(group):
        clash[i] = 1 << i
        for dy in (-W, 0, W):
            for dx in (-1, 0, 1):
                j = index.get(c + dy + dx)
                if j is not None:
                    clash[i] |= 1 << j
    weight = [values[c] for c in group]
    memo: dict[int, tuple[int, tuple[int, ...]]] = {}

    def best(mask: int) -> tuple[int, tuple[int, ...]]:
        if not mask:
            return 0, ()
        hit = memo.get(mask)
        if hit is not None:
            return hit
        i = (mask & -mask).bit_length() - 1
        skip = best(mask & ~(1 << i))
        sub = best(mask & ~clash[i])
        take = (sub[0] + weight[i], (i, *sub[1]))
        result = take if take[0] >= skip[0] else skip
        memo[mask] = result
        return result

    return [group[i] for i in best((1 << len(group)) - 1)[1]]


# --- all of it ----------------------------------------------------------------------------------


#: ``(beach's cells and blocks, criteria) -> beach_points``: a beach is scored again and
#: again (every placement rescores every beach; the bots score the same placements in
#: many deals), so the last results are kept.
_POINTS: dict[tuple[object, ...], dict[str, int]] = {}
_POINTS_LIMIT = 4096


def beach_points(beach: Beach, criteria: Iterable[str]) -> dict[str, int]:
    """The points of each chosen criterion but the umbrellas (which compare beaches:
    :func:`umbrella_points`), in the order of ``CRITERIA``."""
    criteria = tuple(criteria)
    key = (tuple(sorted(beach.items())), criteria)
    hit = _POINTS.get(key)
    if hit is None:
        hit = _beach_points(beach, criteria)
        if len(_POINTS) >= _POINTS_LIMIT:
            _POINTS.clear()
        _POINTS[key] = hit
    return dict(hit)


def _beach_points(beach: Beach, criteria: Iterable[str]) -> dict[str, int]:
    chosen = set(criteria)
    out: dict[str, int] = {}
    for name in CRITERIA:
        if name not in chosen or name == "umbrellas":
            continue
        if name == "surfers":
            out[name] = surfers(beach)
        elif name == "tourists":
            out[name] = tourists(beach)
        elif name == "litter":
            out[name] = litter(beach)
        elif name == "trios":
            out[name] = trios(beach)[0]
        elif name == "sand":
            out[name] = sand_squares(beach)[0]
        else:
            out[name] = stalls(beach)
    return out
