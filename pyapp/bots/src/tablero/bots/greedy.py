"""``easy`` and ``medium``: one move ahead on the game's evaluation.

``medium`` (frozen, specified in docs/bots.md):

1. One legal move (of those the game's strategy lets a bot consider, ``bot_moves``;
   all of them for a game without it): play it.
2. ``S = max(1, min(8, 48 // len(moves)))`` determinizations of the view, from the
   decision's generator (``decision_rng``), so small decisions (draws, refresh choices)
   average over several samples of the hidden tiles and chance.
3. Each move's value: the mean over the samples of the mover's margin (its evaluated
   expected final score minus the best other seat's) after the move.
4. The best value wins; ties go to the earliest move in ``legal_moves()`` order.

``easy`` is the same with a uniform noise in ``[-EASY_NOISE, +EASY_NOISE]`` points added
to each move's value, drawn from the same generator.
"""

from __future__ import annotations

import time
from typing import Any

from tablero.core import Rng, State

from .base import Bot, SearchStats, check_view, decision_rng
from .evaluation import considered_moves, margin, sides_of, strategy_for

__all__ = ["GreedyBot", "samples_for"]


def samples_for(num_moves: int) -> int:
    """How many determinizations a greedy decision averages over."""
    return max(1, min(8, 48 // num_moves))


class GreedyBot(Bot):
    EASY_NOISE = 6.0

    def __init__(self, seed: int | str = 0, *, noise: float = 0.0, level: str = "medium") -> None:
        super().__init__(seed)
        self.noise = noise
        self.level = level

    def choose(self, view: State) -> Any:
        start = time.perf_counter()
        player = check_view(view)
        moves = considered_moves(strategy_for(view.game.id), view)
        if len(moves) == 1:
            self.stats = SearchStats(1, 0, time.perf_counter() - start)
            return moves[0]
        rng = decision_rng(self.seed, view)
        values = move_values(view, moves, player, rng)
        if self.noise:
            values = [v + (2.0 * rng.random() - 1.0) * self.noise for v in values]
        best = max(range(len(moves)), key=values.__getitem__)
        evaluated = len(moves) * samples_for(len(moves))
        self.stats = SearchStats(len(moves), evaluated, time.perf_counter() - start)
        return moves[best]


def move_values(view: State, moves: list[Any], player: int, rng: Rng) -> list[float]:
    """Each move's mean margin for ``player`` over ``samples_for(len(moves))``
    determinizations of ``view`` (drawn from ``rng``)."""
    evaluate = strategy_for(view.game.id).evaluate
    sides = sides_of(view)
    samples = samples_for(len(moves))
    totals = [0.0] * len(moves)
    for _ in range(samples):
        full = view.determinize(rng.spawn())
        for i, move in enumerate(moves):
            totals[i] += margin(evaluate(full.apply_unchecked(move)), player, sides)
    return [t / samples for t in totals]
