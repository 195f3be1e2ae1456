"""Finding a game's evaluation function, and comparing seats by their margin.

A game may ship ``tablero.<game_id>.evaluate`` with ``evaluate(state) -> list[float]``:
each seat's expected final score.  Without one, the running ``scores()`` stand in.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from functools import cache
from types import ModuleType
from typing import Any

from tablero.core import State

__all__ = [
    "Evaluator",
    "bot_moves_for",
    "budget_share_for",
    "evaluator_for",
    "margin",
    "playout_for",
    "replies_for",
    "scores_evaluation",
    "search_evaluator_for",
    "search_settings_for",
    "sides_of",
    "turn_plan_for",
    "turn_starts_for",
]

Evaluator = Callable[[State], list[float]]

#: ``hard``'s rewards: a margin gain of this many points gives about 0.73 (1 / (1 + e^-1)).
REWARD_SCALE = 5.0


def scores_evaluation(state: State) -> list[float]:
    """The generic fallback: the running scores."""
    return [float(x) for x in state.scores()]


@cache
def _evaluation_module(game_id: str) -> ModuleType | None:
    """``tablero.<game_id>.evaluate``, or None when the game has none (a module that
    exists but fails to import raises as usual)."""
    name = f"tablero.{game_id}.evaluate"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and name.startswith(e.name):
            return None
        raise


def evaluator_for(game_id: str) -> Evaluator:
    """``tablero.<game_id>.evaluate.evaluate`` if the game has one, else the scores."""
    module = _evaluation_module(game_id)
    return scores_evaluation if module is None else module.evaluate


def search_evaluator_for(game_id: str) -> Evaluator:
    """The game's ``search_evaluate(state)`` if its evaluation module has one (``hard``'s
    own evaluation: ``evaluate`` plus what only a search can use, e.g. set-ups that pay
    later), else :func:`evaluator_for`'s.  ``medium`` never uses it."""
    module = _evaluation_module(game_id)
    own = None if module is None else getattr(module, "search_evaluate", None)
    return evaluator_for(game_id) if own is None else own


def replies_for(game_id: str) -> Callable[[State], list[Any]] | None:
    """The game's ``sharp_replies(state)`` if its evaluation module has one, else None.

    ``sharp_replies(state)`` lists the few legal moves of the player to act that the
    static evaluation can only estimate (in Arribada: claims and captures); ``hard``
    lets the next player pick the best of them before it scores a position.
    """
    module = _evaluation_module(game_id)
    return None if module is None else getattr(module, "sharp_replies", None)


def playout_for(game_id: str) -> Callable[[State], Any] | None:
    """The game's ``playout_move(state)`` if its evaluation module has one, else None: a
    quick choice for ``hard``'s playouts (``None`` from it: the search's own best-of-k by
    the evaluation), for decisions among many moves that the evaluation can settle at
    once (Día de Playa: where its best placement lies)."""
    module = _evaluation_module(game_id)
    return None if module is None else getattr(module, "playout_move", None)


def turn_starts_for(game_id: str) -> Callable[[State], bool] | None:
    """The game's ``turn_starts(state)`` if its evaluation module has one, else None: true
    where a new turn begins, for games where one seat plays several turns in a row (a
    solitaire game), which a change of seat cannot tell."""
    module = _evaluation_module(game_id)
    return None if module is None else getattr(module, "turn_starts", None)


def turn_plan_for(game_id: str) -> Callable[[State], list[Any]] | None:
    """The game's ``turn_plan(state)`` if its evaluation module has one, else None: the
    rest of the player's turn as its search evaluation would play it (empty where the
    game leaves the decision to the bot), for ``hard``'s look-ahead
    (:mod:`tablero.bots.lookahead`)."""
    module = _evaluation_module(game_id)
    return None if module is None else getattr(module, "turn_plan", None)


def _legal_moves(state: State) -> list[Any]:
    return state.legal_moves()


@cache
def bot_moves_for(game_id: str) -> Callable[[State], list[Any]]:
    """The moves a bot considers at a decision: the game's ``bot_moves(state)`` if its
    evaluation module has one, else every legal move.

    ``bot_moves(state)`` is the legal moves minus those no bot should ever play, such as
    a move that only undoes the player's previous one (Arraial: ``back``, which puts the
    card just taken back: a bot chooses its card when it takes one).  Whatever the game
    returns, a bot plays a legal move: where it leaves none (the rules force such a
    move), the legal moves stand.
    """
    module = _evaluation_module(game_id)
    own = None if module is None else getattr(module, "bot_moves", None)
    if own is None:
        return _legal_moves

    def moves(state: State) -> list[Any]:
        return own(state) or state.legal_moves()

    return moves


def budget_share_for(game_id: str) -> Callable[[State], float] | None:
    """The game's ``budget_share(state)`` if its evaluation module has one, else None:
    the share (0-1] of ``hard``'s time budget a decision may use, where a game knows its
    turns better than the move count does (Arraial: the whole budget for a turn's first
    decision, whose tree covers the whole turn, and less for the rest of the turn, so
    that a turn of several decisions stays within a few budgets).  Without it a
    decision's share follows its move count (``MctsBot.budget_share``)."""
    module = _evaluation_module(game_id)
    return None if module is None else getattr(module, "budget_share", None)


def search_settings_for(game_id: str) -> dict[str, Any]:
    """The game's ``SEARCH`` settings for ``hard`` (a mapping of ``MctsBot`` setting names
    to values, e.g. ``{"FULL_BUDGET_MOVES": 1}``), or an empty dict: the defaults."""
    module = _evaluation_module(game_id)
    return {} if module is None else dict(getattr(module, "SEARCH", {}))


def sides_of(state: State) -> tuple[int, ...] | None:
    """Each seat's side, when the game's evaluation module says seats share results
    (``sides(state)``: teams, or one side for every seat of a cooperative game); ``None``
    when every seat plays for itself."""
    module = _evaluation_module(state.game.id)
    sides = None if module is None else getattr(module, "sides", None)
    return None if sides is None else tuple(sides(state))


def margin(values: Sequence[float], player: int, sides: Sequence[int] | None = None) -> float:
    """``player``'s value minus the best rival seat's: any other seat, or with ``sides``
    a seat of another side.  Without rivals (one player, or a cooperative table) the
    value itself."""
    if sides is None:
        rivals = [v for q, v in enumerate(values) if q != player]
    else:
        rivals = [v for q, v in enumerate(values) if sides[q] != sides[player]]
    return values[player] - max(rivals) if rivals else values[player]
