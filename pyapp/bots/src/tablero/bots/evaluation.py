"""Finding a game's evaluation function, and comparing seats by their margin.

A game may ship ``tablero.<game_id>.evaluate`` with ``evaluate(state) -> list[float]``:
each seat's expected final score.  Without one, the running ``scores()`` stand in.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence

from tablero.core import State

__all__ = ["Evaluator", "evaluator_for", "margin", "replies_for", "scores_evaluation"]

Evaluator = Callable[[State], list[float]]

_CACHE: dict[str, Evaluator] = {}
_REPLIES: dict[str, Callable[[State], list] | None] = {}

#: ``hard``'s rewards: a margin gain of this many points gives about 0.73 (1 / (1 + e^-1)).
REWARD_SCALE = 5.0


def scores_evaluation(state: State) -> list[float]:
    """The generic fallback: the running scores."""
    return [float(x) for x in state.scores()]


def evaluator_for(game_id: str) -> Evaluator:
    """``tablero.<game_id>.evaluate.evaluate`` if the game has one, else the scores."""
    ev = _CACHE.get(game_id)
    if ev is None:
        try:
            module = importlib.import_module(f"tablero.{game_id}.evaluate")
        except ModuleNotFoundError:
            ev = scores_evaluation
        else:
            ev = module.evaluate
        _CACHE[game_id] = ev
    return ev


def replies_for(game_id: str) -> Callable[[State], list] | None:
    """The game's ``sharp_replies(state)`` if its evaluation module has one, else None.

    ``sharp_replies(state)`` lists the few legal moves of the player to act that the
    static evaluation can only estimate (in Arribada: claims and captures); ``hard``
    lets the next player pick the best of them before it scores a position.
    """
    if game_id not in _REPLIES:
        evaluator_for(game_id)
        try:
            module = importlib.import_module(f"tablero.{game_id}.evaluate")
        except ModuleNotFoundError:
            _REPLIES[game_id] = None
        else:
            _REPLIES[game_id] = getattr(module, "sharp_replies", None)
    return _REPLIES[game_id]


def margin(values: Sequence[float], player: int) -> float:
    """``player``'s value minus the best other seat's."""
    best_other = max(v for q, v in enumerate(values) if q != player)
    return values[player] - best_other
