"""Finding a game's strategy, and comparing seats by their margin.

A game may ship ``tablero.<game_id>.evaluate`` with ``STRATEGY``, an instance of a
:class:`tablero.core.Strategy` subclass: its ``evaluate(state) -> list[float]`` is each
seat's expected final score, and its other hooks tune the bots for the game.  Without
one, :class:`~tablero.core.Strategy`'s defaults stand in (the running ``scores()``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from tablero.core import State, Strategy

__all__ = [
    "Evaluator",
    "considered_moves",
    "evaluator_for",
    "margin",
    "scores_evaluation",
    "sides_of",
    "strategy_for",
]

Evaluator = Callable[[State], list[float]]

#: ``hard``'s rewards: a margin gain of this many points gives about 0.73 (1 / (1 + e^-1)).
REWARD_SCALE = 5.0

#: The strategy of a game without an evaluation module: every hook's default.
DEFAULT_STRATEGY: Strategy[Any, Any] = Strategy()


def scores_evaluation(state: State) -> list[float]:
    """The generic fallback: the running scores."""
    return DEFAULT_STRATEGY.evaluate(state)


@cache
def strategy_for(game_id: str) -> Strategy[Any, Any]:
    """``tablero.<game_id>.evaluate.STRATEGY``, or the default :class:`Strategy` when the
    game has no evaluation module (a module that exists but fails to import raises as
    usual, and so does one whose ``STRATEGY`` is not a :class:`Strategy`)."""
    name = f"tablero.{game_id}.evaluate"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and name.startswith(e.name):
            return DEFAULT_STRATEGY
        raise
    strategy = vars(module).get("STRATEGY")
    if not isinstance(strategy, Strategy):
        raise TypeError(f"{name}.STRATEGY must be a tablero.core.Strategy")
    return strategy


def evaluator_for(game_id: str) -> Evaluator:
    """The game's ``evaluate`` (its strategy's), else the scores."""
    return strategy_for(game_id).evaluate


def considered_moves(strategy: Strategy[Any, Any], state: State) -> list[Any]:
    """The moves a bot considers at a decision: the strategy's ``bot_moves``, or the
    legal moves where it leaves none (a bot always plays a legal move)."""
    return strategy.bot_moves(state) or state.legal_moves()


def sides_of(state: State) -> tuple[int, ...] | None:
    """Each seat's side, when the game's strategy says seats share results (teams, or
    one side for every seat of a cooperative game); ``None`` when every seat plays for
    itself."""
    sides = strategy_for(state.game.id).sides(state)
    return None if sides is None else tuple(sides)


def margin(values: Sequence[float], player: int, sides: Sequence[int] | None = None) -> float:
    """``player``'s value minus the best rival seat's: any other seat, or with ``sides``
    a seat of another side.  Without rivals (one player, or a cooperative table) the
    value itself."""
    if sides is None:
        rivals = [v for q, v in enumerate(values) if q != player]
    else:
        rivals = [v for q, v in enumerate(values) if sides[q] != sides[player]]
    return values[player] - max(rivals) if rivals else values[player]
