"""``hard``'s look-ahead (:class:`LookaheadBot`), for games whose search settings ask
for it (``SearchSettings.lookahead``; ``MctsBot`` hands it the decisions at tables with
rivals).

Some games are better served by a short, wide look than by a tree: in Día de Playa a
turn is one choice among a few cards, and what decides it is where each card would go
and what the take leaves the next player, which a tree of a few hundred iterations
spread over hundreds of placements prices worse than an exact look at each card.  At the
start of a turn (the strategy's ``turn_starts``), in each deal of the hidden parts
(``view.determinize``), for each legal move:

1. the move is played, then the rest of the player's turn by the strategy's
   ``turn_plan`` (its best continuation by the search evaluation);
2. the next player answers as ``medium`` would: its best move one move ahead on the
   game's ``evaluate`` (the forced reply of the tree search, modelled on the level the
   bots meet most);
3. the position is scored by the game's ``search_evaluate``, and the move's value is its
   margin over the rivals, averaged over the deals (every move sees the same deals).

Deals are drawn until the time budget, ``iterations`` deals, or ``lookahead_samples``
deals (``tablero.core.SearchSettings``), with at least one.  Inside a turn the bot
follows the game's ``turn_plan`` (the rest of the turn is settled by the evaluation once
the card is chosen); a decision ``turn_plan`` does not cover is taken as ``medium``
takes it.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from tablero.core import Rng, SearchSettings, State

from .base import SearchingBot, SearchStats, check_view, decision_deadline, decision_rng
from .evaluation import Evaluator, considered_moves, margin, sides_of, strategy_for
from .greedy import move_values

__all__ = ["LookaheadBot", "lookahead_values"]


class LookaheadBot(SearchingBot):
    """``hard`` by the look-ahead: ``budget_ms`` and ``iterations`` (deals) bound each
    decision as they bound the tree search; ``settings`` (None: the game's own) give
    ``lookahead_samples``, ``own_evaluation`` and ``full_budget_moves``."""

    level = "hard"

    def __init__(
        self,
        seed: int | str = 0,
        *,
        budget_ms: float | None = 1000,
        iterations: int | None = None,
        settings: SearchSettings | None = None,
    ) -> None:
        super().__init__(seed, budget_ms=budget_ms, iterations=iterations)
        self.settings = settings

    def __repr__(self) -> str:
        return (
            f"LookaheadBot(seed={self.seed!r}, budget_ms={self.budget_ms!r}, "
            f"iterations={self.iterations!r})"
        )

    def choose(self, view: State) -> Any:
        """At a turn's start the move with the best mean margin after the rest of the turn
        and the next player's reply; inside a turn the game's ``turn_plan``, else
        ``medium``'s move."""
        start = time.perf_counter()
        player = check_view(view)
        strategy = strategy_for(view.game.id)
        moves = considered_moves(strategy, view)
        if len(moves) == 1:
            self.stats = SearchStats(1, 0, time.perf_counter() - start)
            return moves[0]
        settings = strategy.search if self.settings is None else self.settings
        deadline = decision_deadline(start, self.budget_ms, strategy, settings, view, len(moves))
        rng = decision_rng(self.seed, view)
        if strategy.turn_starts(view):
            samples = settings.lookahead_samples
            if self.iterations is not None:
                samples = min(samples, self.iterations)
            search_evaluate = (
                strategy.search_evaluate if settings.own_evaluation else strategy.evaluate
            )
            values, done = lookahead_values(
                view, moves, player, rng,
                evaluate=strategy.evaluate, search_evaluate=search_evaluate,
                turn_plan=strategy.turn_plan, sides=sides_of(view), deadline=deadline,
                samples=samples,
            )  # fmt: skip
            best = max(range(len(moves)), key=values.__getitem__)
            self.stats = SearchStats(len(moves), done, time.perf_counter() - start)
            return moves[best]
        steps = strategy.turn_plan(view)
        if steps and steps[0] in moves:
            self.stats = SearchStats(len(moves), 1, time.perf_counter() - start)
            return steps[0]
        values = move_values(view, moves, player, rng)
        best = max(range(len(moves)), key=values.__getitem__)
        self.stats = SearchStats(len(moves), len(moves), time.perf_counter() - start)
        return moves[best]


def lookahead_values(
    view: State,
    moves: list[Any],
    player: int,
    rng: Rng,
    *,
    evaluate: Evaluator,
    search_evaluate: Evaluator,
    turn_plan: Callable[[State], list[Any]],
    sides: tuple[int, ...] | None,
    deadline: float | None,
    samples: int,
) -> tuple[list[float], int]:
    """Each move's mean margin for ``player`` after the rest of its turn and the next
    player's reply, over deals of ``view`` drawn from ``rng``; and the number of deals.

    Deals are drawn until ``deadline`` (``time.perf_counter()``) or ``samples`` of
    them, at least one; each deal scores every move.
    """
    totals = [0.0] * len(moves)
    done = 0
    while done < samples and (done == 0 or deadline is None or time.perf_counter() < deadline):
        full = view.determinize(rng.spawn())
        for i, move in enumerate(moves):
            state = full.apply_unchecked(move)
            for step in turn_plan(state) if not state.is_terminal() else []:
                state = state.apply_unchecked(step)
            state = _reply(state, player, evaluate, sides)
            values = (
                [float(x) for x in state.scores()]
                if state.is_terminal()
                else search_evaluate(state)
            )
            totals[i] += margin(values, player, sides)
        done += 1
    return [t / done for t in totals], done


def _reply(state: State, player: int, evaluate: Evaluator, sides: tuple[int, ...] | None) -> State:
    """The state after the next player's move, the best for them one move ahead on
    ``evaluate`` (the first in ``legal_moves()`` order on a tie); unchanged when the
    game is over or ``player`` (or a teammate) is to move again."""
    if state.is_terminal():
        return state
    mover = state.current_player
    assert mover is not None  # the game is not over
    if mover == player or (sides is not None and sides[mover] == sides[player]):
        return state
    best: tuple[float, State] | None = None
    for move in considered_moves(strategy_for(state.game.id), state):
        after = state.apply_unchecked(move)
        values = [float(x) for x in after.scores()] if after.is_terminal() else evaluate(after)
        score = margin(values, mover, sides)
        if best is None or score > best[0]:
            best = (score, after)
    assert best is not None  # a player to move has a legal move
    return best[1]
