"""``random``: a uniformly random legal move (of those the game lets a bot consider:
``tablero.bots.evaluation.considered_moves``)."""

from __future__ import annotations

import time
from typing import Any

from tablero.core import State

from .base import Bot, SearchStats, check_view, decision_rng
from .evaluation import considered_moves, strategy_for


class RandomBot(Bot):
    level = "random"

    def choose(self, view: State) -> Any:
        start = time.perf_counter()
        check_view(view)
        moves = considered_moves(strategy_for(view.game.id), view)
        if len(moves) == 1:
            move = moves[0]
        else:
            move = moves[decision_rng(self.seed, view).randbelow(len(moves))]
        self.stats = SearchStats(len(moves), 0, time.perf_counter() - start)
        return move
