"""``random``: a uniformly random legal move."""

from __future__ import annotations

import time
from typing import Any

from tablero.core import State

from .base import Bot, SearchStats, check_view, decision_rng


class RandomBot(Bot):
    level = "random"

    def choose(self, view: State) -> Any:
        start = time.perf_counter()
        check_view(view)
        moves = view.legal_moves()
        if len(moves) == 1:
            move = moves[0]
        else:
            move = moves[decision_rng(self.seed, view).randbelow(len(moves))]
        self.stats = SearchStats(len(moves), 0, time.perf_counter() - start)
        return move
