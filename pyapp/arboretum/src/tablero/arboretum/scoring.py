"""Final scoring: who has the right to score each species, and the best paths.

An arboretum here is a mapping ``cell -> card`` (cells and cards as integers, see
:mod:`.grid` and :mod:`.cards`).

>>> from .cards import card
>>> from .grid import cell
>>> oak = 6
>>> arb = {cell(0, 0): card(oak, 4), cell(1, 0): card(oak, 5),
...        cell(2, 0): card(oak, 6), cell(3, 0): card(oak, 7)}
>>> best_path(arb, oak)[0]
8
>>> hand_sums([[card(oak, 8)], [card(oak, 1)]], oak)
([0, 1], [0])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .data import (
    END_WITH_8_BONUS,
    POINTS_PER_CARD,
    SAME_SPECIES_MIN,
    SAME_SPECIES_POINTS_PER_CARD,
    START_WITH_1_BONUS,
)
from .grid import STEPS

__all__ = ["hand_sums", "right_to_score", "best_path", "path_points", "species_present"]

Path = tuple[int, ...]


# --- the right to score ---------------------------------------------------------------


def hand_sums(hands: Sequence[Sequence[int]], s: int) -> tuple[list[int], list[int]]:
    """Each player's sum of species ``s`` in hand, and the players whose 8 counted 0
    because an opponent holds the 1 of ``s``."""
    one, eight = s * 8, s * 8 + 7
    holders_of_1 = [p for p, hand in enumerate(hands) if one in hand]
    sums, zeroed = [], []
    for p, hand in enumerate(hands):
        total = 0
        for c in hand:
            if c >> 3 == s:
                total += (c & 7) + 1
        if eight in hand and any(q != p for q in holders_of_1):
            total -= 8
            zeroed.append(p)
        sums.append(total)
    return sums, zeroed


def right_to_score(sums: Sequence[int]) -> list[int]:
    """The players with the highest sum (all of them on a tie, even at 0)."""
    best = max(sums)
    return [p for p, x in enumerate(sums) if x == best]


# --- paths ----------------------------------------------------------------------------


def path_points(cards: Sequence[int], s: int) -> int:
    """The points of a valid path of ``s`` given as its cards, lowest first."""
    n = len(cards)
    same = n >= SAME_SPECIES_MIN and all(c >> 3 == s for c in cards)
    points = n * (SAME_SPECIES_POINTS_PER_CARD if same else POINTS_PER_CARD)
    if cards[0] & 7 == 0:
        points += START_WITH_1_BONUS
    if cards[-1] & 7 == 7:
        points += END_WITH_8_BONUS
    return points


def best_path(arb: Mapping[int, int], s: int) -> tuple[int, Path]:
    """The best path of species ``s`` in ``arb``: ``(points, cells lowest first)``;
    ``(0, ())`` when there is none.

    Values strictly increase along a path, so paths are the routes of a directed
    acyclic graph (lower card -> higher orthogonal neighbour).  Two passes:

    * any path (points = cards + bonuses): for every cell, the best way up from it to a
      card of ``s`` (``len + end bonus``), computed from the highest value down;
    * a path of ``s`` cards only with 4+ cards (double points): at most 8 cards of
      ``s`` exist, so their paths are simply walked.

    A same-species path is also counted by the first pass at single points, which
    never beats its double count, so the maximum of both passes is the best path.
    Ties keep the first path found: cells are visited in a fixed order (value, then
    cell), so the choice never depends on how the arboretum was built.
    """
    order = sorted(arb, key=lambda c: (-(arb[c] & 7), c))
    tail: dict[int, tuple[int, Path]] = {}
    best_points = 0
    best: Path = ()
    for c in order:
        card = arb[c]
        v = card & 7
        up: tuple[int, Path] | None = None
        for step in STEPS:
            t = tail.get(c + step)
            if t is not None and arb[c + step] & 7 > v and (up is None or t[0] > up[0]):
                up = t
        mine = card >> 3 == s
        here: tuple[int, Path] | None = None
        if mine:
            here = (POINTS_PER_CARD + (END_WITH_8_BONUS if v == 7 else 0), (c,))
        if up is not None:
            via = (up[0] + POINTS_PER_CARD, (c, *up[1]))
            if here is None or via[0] > here[0]:
                here = via
            if mine:
                points = via[0] + (START_WITH_1_BONUS if v == 0 else 0)
                if points > best_points:
                    best_points, best = points, via[1]
        if here is not None:
            tail[c] = here
    mine_cells = sorted((c for c in arb if arb[c] >> 3 == s), key=lambda c: (arb[c] & 7, c))
    if len(mine_cells) >= SAME_SPECIES_MIN:
        for start in mine_cells:
            points, path = _best_pure_from(arb, s, start)
            if points > best_points:
                best_points, best = points, path
    return best_points, best


def _best_pure_from(arb: Mapping[int, int], s: int, start: int) -> tuple[int, Path]:
    """The best double-scoring path (4+ cards, all of ``s``) starting at ``start``."""
    best_points = 0
    best: Path = ()
    stack: list[Path] = [(start,)]
    first_bonus = START_WITH_1_BONUS if arb[start] & 7 == 0 else 0
    while stack:
        path = stack.pop()
        last = path[-1]
        v = arb[last] & 7
        if len(path) >= SAME_SPECIES_MIN:
            points = SAME_SPECIES_POINTS_PER_CARD * len(path) + first_bonus
            if v == 7:
                points += END_WITH_8_BONUS
            if points > best_points:
                best_points, best = points, path
        for step in reversed(STEPS):
            nxt = arb.get(last + step)
            if nxt is not None and nxt >> 3 == s and nxt & 7 > v:
                stack.append((*path, last + step))
    return best_points, best


def species_present(arb: Mapping[int, int]) -> int:
    """How many different species an arboretum holds (the winner's tie-break)."""
    return len({c >> 3 for c in arb.values()})
