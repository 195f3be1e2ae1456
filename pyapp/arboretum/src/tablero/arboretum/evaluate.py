"""Arboretum's evaluation function for bots: each player's expected final score.

``evaluate(state)`` returns one number per seat, in points:

* **as if the game ended now**: the final scoring applied to the current hands and
  arboretums (who holds the right to each species, and each player's best path);
* **promise**: the best path of every species in the player's arboretum, whether or not
  they hold its right today, weighted by how much of the deck is left (hands change a
  lot early on, little near the end).

Bots evaluate full states (determinized from their view), where every hand is known.

>>> from tablero.core import make
>>> values = evaluate(make("arboretum", players=2, seed=1))
>>> len(values)
2
"""

from __future__ import annotations

from tablero.core import Strategy

from . import scoring
from .moves import ArboretumMove
from .state import ArboretumState

__all__ = ["PROMISE_WEIGHT", "STRATEGY", "ArboretumStrategy", "evaluate"]

#: How much an unsecured path counts at the start of the game (falls to 0 at the end).
PROMISE_WEIGHT = 0.35


def evaluate(state: ArboretumState) -> list[float]:
    if state.is_terminal():
        return [float(x) for x in state.scores()]
    now = state.final_scores()
    dealt = state.n * 7
    full_deck = 8 * state.species - dealt
    left = state.deck_count / full_deck if full_deck else 0.0
    values = []
    for p in range(state.n):
        promise = sum(scoring.best_path(state.arbs[p], s)[0] for s in range(state.species))
        values.append(now[p] + PROMISE_WEIGHT * left * promise)
    return values


class ArboretumStrategy(Strategy[ArboretumState, ArboretumMove]):
    """Arboretum's hooks for the bots: :func:`evaluate`."""

    def evaluate(self, state: ArboretumState) -> list[float]:
        return evaluate(state)


#: What ``tablero.bots`` uses.
STRATEGY = ArboretumStrategy()
