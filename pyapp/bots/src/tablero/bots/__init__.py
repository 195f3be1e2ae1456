"""tablero.bots: computer players for every Tablero game, through the protocol only.

>>> from tablero.core import make
>>> from tablero.bots import make_bot
>>> state = make("arribada", players=2, seed=1, first_player=0)
>>> bot = make_bot("medium", seed=7)
>>> move = bot.choose(state.view(state.current_player))
>>> move in state.legal_moves()
True

Levels: ``random``, ``easy``, ``medium`` (greedy on the game's evaluation, ``easy``
with noise) and ``hard`` (information-set Monte Carlo tree search, ``MctsBot``, which
hands a game's decisions to its ``LookaheadBot`` where the game's search settings ask for
the look-ahead).  A game tunes them with its strategy (``tablero.core.Strategy``, in
``tablero.<game>.evaluate``).  The contract is in ``docs/bots.md``.
"""

from __future__ import annotations

from .base import Bot, SearchStats
from .evaluation import evaluator_for
from .greedy import GreedyBot
from .lookahead import LookaheadBot
from .mcts import MctsBot
from .random_bot import RandomBot

__all__ = ["LEVELS", "Bot", "GreedyBot", "LookaheadBot", "MctsBot", "RandomBot", "SearchStats",
           "evaluator_for", "make_bot"]  # fmt: skip

#: The levels, weakest first.
LEVELS = ("random", "easy", "medium", "hard")


def make_bot(
    level: str,
    *,
    seed: int | str = 0,
    budget_ms: float | None = None,
    iterations: int | None = None,
) -> Bot:
    """A bot of ``level`` with its own ``seed``.

    ``budget_ms`` (time) and ``iterations`` bound ``hard``'s search per decision; with
    both, whichever is reached first stops it; with neither, ``budget_ms=1000``.  The
    other levels do not search and ignore them.
    """
    if budget_ms is not None and budget_ms <= 0:
        raise ValueError(f"budget_ms must be positive, not {budget_ms}")
    if iterations is not None and iterations < 1:
        raise ValueError(f"iterations must be at least 1, not {iterations}")
    if level == "random":
        return RandomBot(seed)
    if level == "easy":
        return GreedyBot(seed, noise=GreedyBot.EASY_NOISE, level="easy")
    if level == "medium":
        return GreedyBot(seed, noise=0.0, level="medium")
    if level == "hard":
        if budget_ms is None and iterations is None:
            budget_ms = 1000
        return MctsBot(seed, budget_ms=budget_ms, iterations=iterations)
    raise ValueError(f"unknown bot level {level!r}; levels: {', '.join(LEVELS)}")
