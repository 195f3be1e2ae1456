"""An independent brute-force reading of Arboretum's path scoring, for the tests.

It shares nothing with the engine beyond the card model (a card's species and value):
every simple path of orthogonally adjacent cards is enumerated (a path stops growing
once its values stop increasing, since no longer path through that prefix can be valid),
and each valid one is scored straight from the rulebook's "Calculating Points".

An arboretum here is ``{(x, y): (species, value)}``.
"""

from __future__ import annotations

Arb = dict[tuple[int, int], tuple[int, int]]


def neighbours(x: int, y: int) -> list[tuple[int, int]]:
    return [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]


def all_paths(arb: Arb) -> list[list[tuple[int, int]]]:
    """Every simple path of 2+ cards whose values strictly increase."""
    out: list[list[tuple[int, int]]] = []

    def grow(path: list[tuple[int, int]]) -> None:
        if len(path) >= 2:
            out.append(path[:])
        last = path[-1]
        for nxt in neighbours(*last):
            if nxt in arb and nxt not in path and arb[nxt][1] > arb[last][1]:
                path.append(nxt)
                grow(path)
                path.pop()

    for start in arb:
        grow([start])
    return out


def points(arb: Arb, path: list[tuple[int, int]], species: int) -> int:
    """The rulebook's points of ``path`` scored for ``species`` (0 if it is not a path of
    that species)."""
    cards = [arb[c] for c in path]
    if len(cards) < 2 or cards[0][0] != species or cards[-1][0] != species:
        return 0
    if any(b[1] <= a[1] for a, b in zip(cards, cards[1:], strict=False)):
        return 0
    if any(abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1 for a, b in zip(path, path[1:], strict=False)):
        return 0
    total = len(cards)  # +1 point for each card
    if len(cards) >= 4 and all(c[0] == species for c in cards):
        total += len(cards)  # +1 more per card: 4+ cards, all of the species
    if cards[0][1] == 1:
        total += 1
    if cards[-1][1] == 8:
        total += 2
    return total


def best_points(arb: Arb, species: int) -> int:
    return max((points(arb, p, species) for p in all_paths(arb)), default=0)
