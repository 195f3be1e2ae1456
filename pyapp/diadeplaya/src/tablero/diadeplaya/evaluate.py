"""Día de Playa's evaluation function for bots: each seat's expected final score.

``evaluate(state)`` returns one number per seat, in points: the score the beaches give
now and, while a player holds a card (a turn is take, rotate, place: three decisions),
what the best placement of that card would add.  So a greedy bot choosing which card to
take already sees where the card would go best, and one choosing a rotation sees the
best spot of that rotation.  The best placements of a card on a beach are cached (by
the beach's blocks and the face): the three decisions of a turn, and a search's many
deals, ask for the same ones.

``sides(state)`` tells the bots which seats share a result: in teams play the two seats
of a team, in cooperative and solitaire play every seat (the bots then maximise the
shared score instead of a margin over rivals).

``hard`` looks ahead at a table with rivals (``STRATEGY.search``;
``tablero.bots.lookahead``): ``turn_plan(state)`` is the rest of a turn once the card is
taken (the rotation and spot best by ``search_evaluate``), and ``search_evaluate`` adds
to ``evaluate`` each beach's set-ups and ``next_take``, what the seat that takes next
would get from the market.  :class:`DiaDePlayaStrategy` (``STRATEGY``) gives the bots
these hooks.

>>> from tablero.core import make
>>> state = make("diadeplaya", players=2, seed=1, first_player=0)
>>> evaluate(state), sides(state)
([0.0, 0.0], (0, 1))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import cast

from tablero.core import SearchSettings, Strategy

from . import scoring
from .beach import lay, legal_spots
from .data import LIFEGUARD, SAND, STALL, SURFER
from .moves import DiaDePlayaMove, Place
from .shapes import ROTATIONS
from .state import DiaDePlayaState

__all__ = [
    "STRATEGY", "DiaDePlayaStrategy", "best_placements", "evaluate", "next_take",
    "playout_move", "search_evaluate", "set_ups", "sharp_replies", "sides", "turn_plan",
    "turn_starts",
]  # fmt: skip

#: ``(beach blocks, face, rotation, criteria) -> [(points but umbrellas, largest umbrella
#: group, x, y)]``: the placements in that rotation no other one beats on both counts.
_CACHE: dict[tuple[object, ...], list[tuple[int, int, int, int]]] = {}
_CACHE_LIMIT = 20_000


def sides(state: DiaDePlayaState) -> tuple[int, ...]:
    """Each seat's side: its own (competitive), its team (teams), or one side for every
    seat (cooperative, solitaire)."""
    if state.shared:
        return (0,) * state.n
    if state.mode == "teams":
        return tuple(p % 2 for p in range(state.n))
    return tuple(range(state.n))


def turn_starts(state: DiaDePlayaState) -> bool:
    """A turn begins with a take (in solitaire play the same seat takes again)."""
    return state.decision == "take"


def _front(
    grid: dict[int, int], face: int, rotation: int, criteria: tuple[str, ...]
) -> list[tuple[int, int, int, int]]:
    """``(points of the chosen criteria but umbrellas, largest umbrella group, x, y)`` of
    the placements of ``face`` turned ``rotation`` on ``grid`` that no other placement in
    that rotation beats on both counts (the first spot of each pair of counts)."""
    key = (tuple(sorted(grid.items())), face, rotation, criteria)
    hit = _CACHE.get(key)
    if hit is not None:
        return hit
    found: dict[tuple[int, int], tuple[int, int]] = {}
    spots = legal_spots(grid, face, rotation) if grid else [(0, 0)]
    for x, y in spots:
        after = lay(grid, face, rotation, x, y)
        points = sum(scoring.beach_points(after, criteria).values())
        largest = scoring.largest_umbrella(after) if "umbrellas" in criteria else 0
        found.setdefault((points, largest), (x, y))
    front = sorted(
        (p, k, *found[p, k])
        for p, k in found
        if not any(q >= p and m >= k and (q, m) != (p, k) for q, m in found)
    )
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.clear()
    _CACHE[key] = front
    return front


def best_placements(
    grid: dict[int, int], face: int, rotations: Iterable[int], criteria: tuple[str, ...]
) -> list[tuple[int, int]]:
    """``(points of the chosen criteria but umbrellas, largest umbrella group)`` of the
    placements of ``face`` on ``grid`` that no other beats on both counts."""
    found = {(p, k) for r in rotations for p, k, _, _ in _front(grid, face, r, criteria)}
    return sorted(
        (p, k)
        for p, k in found
        if not any(q >= p and m >= k and (q, m) != (p, k) for q, m in found)
    )


def evaluate(state: DiaDePlayaState) -> list[float]:
    if state.is_terminal() or state.holding is None:
        return [float(x) for x in state.score]
    p = state.player
    b = state.beach_of(p)
    rotations = ROTATIONS if state.rotation is None else (state.rotation,)
    front = best_placements(state.grids[b], state.holding, rotations, state.criteria)
    return _best_for_holder(state, front)[0]


def _best_for_holder(
    state: DiaDePlayaState, front: list[tuple[int, int]]
) -> tuple[list[float], int]:
    """Each seat's score after the placement of ``front`` (``(points but umbrellas,
    largest umbrella group)`` on the holder's beach) best for the holder, and its index."""
    p = state.player
    b = state.beach_of(p)
    others = [scoring.largest_umbrella(g) for g in state.grids]
    base = [sum(v for k, v in points.items() if k != "umbrellas") for points in state.points]
    best: list[float] | None = None
    index = 0
    for j, (points, largest) in enumerate(front):
        totals = base[:]
        totals[b] = points
        if "umbrellas" in state.criteria:
            others[b] = largest
            for i, x in enumerate(scoring.umbrella_points(others, state.shared)):
                totals[i] += x
        seats = _seat_scores(state, totals)
        if best is None or seats[p] > best[p]:
            best = [float(x) for x in seats]
            index = j
    assert best is not None
    return best, index


def sharp_replies(state: DiaDePlayaState) -> list[DiaDePlayaMove]:
    """For ``hard``: a player about to take answers with one of the market's cards, each
    judged by :func:`evaluate` at its best placement (so the search sees what a take
    leaves the next player: the flipped faces and the new card).  Empty otherwise."""
    return state.legal_moves() if state.decision == "take" else []


def playout_move(state: DiaDePlayaState) -> DiaDePlayaMove | None:
    """For ``hard``'s playouts: where to lay the card in hand, the placement
    :func:`evaluate` counts (the holder's best, umbrellas compared); ``None`` in the
    other decisions (the search's own best-of-k by the evaluation picks those)."""
    if state.decision != "place" or state.holding is None or state.rotation is None:
        return None
    grid = state.grids[state.beach_of(state.player)]
    front = _front(grid, state.holding, state.rotation, state.criteria)
    if not front:  # no spot in this rotation (cannot happen on a beach with room)
        return None
    _, i = _best_for_holder(state, [(p, k) for p, k, _, _ in front])
    return Place(front[i][2], front[i][3])


def _seat_scores(state: DiaDePlayaState, totals: list[int]) -> list[int]:
    if state.shared:
        return [totals[0]] * state.n
    if state.mode == "teams":
        team = [totals[0] + totals[2], totals[1] + totals[3]]
        return [team[q % 2] for q in range(state.n)]
    return totals


#: ``hard``'s worth of a set-up (points): a stall with 2 or 3 figures around it and the
#: rest of its sides open; three sand blocks of a 2x2 square with the fourth cell open;
#: two figures diagonally next to each other with the line open at an end.
SET_UP_STALL = {2: 1.0, 3: 2.5}
SET_UP_SAND = 0.8
SET_UP_PAIR = 0.4
_FIGURES = (SURFER, LIFEGUARD)


def set_ups(grid: dict[int, int], criteria: tuple[str, ...]) -> float:
    """What a beach's set-ups may pay later (``SET_UP_*``), for ``hard``'s search only."""
    W = scoring.W
    total = 0.0
    for c, b in grid.items():
        kind = b >> 2
        if kind == STALL and "stalls" in criteria:
            around = [grid.get(c + d) for d in scoring.ORTHOGONAL]
            figures = sum(1 for x in around if x is not None and x >> 2 in _FIGURES)
            if figures < 4 and figures + around.count(None) == 4:
                total += SET_UP_STALL.get(figures, 0.0)
        elif kind in _FIGURES and "trios" in criteria:
            for d in (W + 1, W - 1):
                other = grid.get(c + d)
                if other is not None and other >> 2 in _FIGURES:
                    if c - d not in grid or c + 2 * d not in grid:
                        total += SET_UP_PAIR
        elif kind == SAND and "sand" in criteria:
            cells = [grid.get(c + d) for d in (1, W, W + 1)]
            sand = sum(1 for x in cells if x is not None and x >> 2 == SAND)
            if sand == 2 and None in cells:
                total += SET_UP_SAND
    return total


def search_evaluate(state: DiaDePlayaState) -> list[float]:
    """``hard``'s evaluation: :func:`evaluate` plus each side's :func:`set_ups` (the
    beaches as they are: the card in hand counts by its best placement in ``evaluate``
    only)."""
    values = evaluate(state)
    if state.is_terminal():
        return values
    extra = [set_ups(g, state.criteria) for g in state.grids]
    if NEXT_TAKE:
        taker, gain = next_take(state)
        if taker is not None:
            extra[state.beach_of(taker)] += NEXT_TAKE * gain
    seats = _seat_extra(state, extra)
    return [v + x for v, x in zip(values, seats, strict=True)]


#: ``hard``'s weight of the next player's take (:func:`next_take`).
NEXT_TAKE = 1.0


def next_take(state: DiaDePlayaState) -> tuple[int | None, float]:
    """The seat that takes next from the market as it stands, and what its best card
    there would add to its beach at its best placement (its points, its umbrella points
    against the other beaches as they are): ``(None, 0.0)`` at a table with one beach
    (cooperative and solitaire play, whose ``hard`` is the tree search of v3) and at the
    end of the deck."""
    faces = [f for f in state.market if f is not None]
    if state.shared or not faces or state.decision not in ("take", "rotate", "place"):
        return None, 0.0
    taker = state.player if state.holding is None else (state.player + 1) % state.n
    b = state.beach_of(taker)
    grid = state.grids[b]
    if not grid:
        return None, 0.0
    now = state.points[b]
    base = sum(v for k, v in now.items() if k != "umbrellas")
    umbrellas = "umbrellas" in state.criteria
    largest = [scoring.largest_umbrella(g) for g in state.grids] if umbrellas else []
    before = now.get("umbrellas", 0)
    best = -math.inf
    for face in faces:
        for points, k in best_placements(grid, face, ROTATIONS, state.criteria):
            gain = points - base
            if umbrellas:
                largest[b], kept = k, largest[b]
                gain += scoring.umbrella_points(largest, state.shared)[b] - before
                largest[b] = kept
            best = max(best, gain)
    return taker, best


def _seat_extra(state: DiaDePlayaState, extra: list[float]) -> list[float]:
    if state.shared:
        return [extra[0]] * state.n
    if state.mode == "teams":
        team = [extra[0] + extra[2], extra[1] + extra[3]]
        return [team[q % 2] for q in range(state.n)]
    return extra


#: ``(seat, card in hand, rotation, every beach, criteria, mode) -> moves``: the
#: :func:`turn_plan` of a position (a look-ahead asks for the same ones in every deal).
#: The market is not in the key, on purpose: it changes a plan's values only through the
#: next player's take (:func:`next_take`), the same for every spot but for the umbrella
#: lead, and it holds the deal's new card, so keying on it would plan again in every deal.
_PLANS: dict[tuple[object, ...], list[DiaDePlayaMove]] = {}
_PLANS_LIMIT = 2_048  # keys hold every beach: a few KB each


def turn_plan(state: DiaDePlayaState) -> list[DiaDePlayaMove]:
    """The rest of the turn of a player holding a card, for ``hard``'s look-ahead: the
    rotation (unless chosen) and the spot whose beach is best for them by
    :func:`search_evaluate` (points now and set-ups, their margin over the rivals), as one
    choice; a first card is laid on ``0,0`` by its rotation.  Empty in the other
    decisions (a first card's side, a take)."""
    if state.decision not in ("rotate", "place") or state.holding is None:
        return []
    key = (
        state.player, state.holding, state.rotation,
        tuple(tuple(sorted(g.items())) for g in state.grids), state.criteria, state.mode,
    )  # fmt: skip
    hit = _PLANS.get(key)
    if hit is not None:
        return hit
    sides_ = sides(state)
    p = state.player
    best: tuple[float, list[DiaDePlayaMove]] | None = None
    turns = state.legal_moves() if state.decision == "rotate" else [None]
    for turn in turns:
        turned = _after(state, turn)
        lays = turned.legal_moves() if turned.decision == "place" else [None]
        for spot in lays:
            after = _after(turned, spot)
            values = (
                [float(x) for x in after.scores()]
                if after.is_terminal()
                else search_evaluate(after)
            )
            rivals = [v for q, v in enumerate(values) if sides_[q] != sides_[p]]
            value = values[p] - max(rivals) if rivals else values[p]
            if best is None or value > best[0]:
                best = (value, [m for m in (turn, spot) if m is not None])
    assert best is not None
    if len(_PLANS) >= _PLANS_LIMIT:
        _PLANS.clear()
    _PLANS[key] = best[1]
    return best[1]


def _after(state: DiaDePlayaState, move: DiaDePlayaMove | None) -> DiaDePlayaState:
    """The state after ``move`` (a legal one; ``None``: the state itself)."""
    return state if move is None else cast(DiaDePlayaState, state.apply_unchecked(move))


class DiaDePlayaStrategy(Strategy[DiaDePlayaState, DiaDePlayaMove]):
    """Día de Playa's hooks for the bots."""

    #: ``hard``'s search settings here: at a table with rivals the look-ahead
    #: (:func:`turn_plan`, :func:`next_take`); at a table with one beach the tree, where
    #: every decision gets the whole time budget (a take among 3 cards is the turn's
    #: decision that matters) and the next take is forced (``sharp_replies``: all of them).
    search = SearchSettings(full_budget_moves=1, reply_forced=True, lookahead=True)

    def evaluate(self, state: DiaDePlayaState) -> list[float]:
        return evaluate(state)

    def search_evaluate(self, state: DiaDePlayaState) -> list[float]:
        return search_evaluate(state)

    def sharp_replies(self, state: DiaDePlayaState) -> list[DiaDePlayaMove]:
        return sharp_replies(state)

    def playout_move(self, state: DiaDePlayaState) -> DiaDePlayaMove | None:
        return playout_move(state)

    def turn_starts(self, state: DiaDePlayaState) -> bool:
        return turn_starts(state)

    def turn_plan(self, state: DiaDePlayaState) -> list[DiaDePlayaMove]:
        return turn_plan(state)

    def sides(self, state: DiaDePlayaState) -> tuple[int, ...]:
        return sides(state)


#: What ``tablero.bots`` uses.
STRATEGY = DiaDePlayaStrategy()
