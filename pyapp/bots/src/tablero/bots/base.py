"""What every bot shares: the ``choose(view)`` contract and a per-decision seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablero.core import Rng, SearchSettings, State, Strategy, seed_to_int

__all__ = ["Bot", "SearchStats", "SearchingBot", "decision_deadline", "decision_rng"]


@dataclass
class SearchStats:
    """What the last ``choose`` did (for benchmarks and the tournament)."""

    moves: int = 0  # legal moves at the decision
    iterations: int = 0  # search iterations (hard) or evaluated positions (easy, medium)
    seconds: float = 0.0


class Bot:
    """A computer player.  ``choose(view)`` takes ``state.view(player)`` for the player
    to move and returns one of that state's legal moves."""

    level: str = ""

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self.stats = SearchStats()

    def choose(self, view: State) -> Any:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"make_bot({self.level!r}, seed={self.seed!r})"


class SearchingBot(Bot):
    """A bot that searches within a time budget (``budget_ms``; None: no time limit)
    and an iteration count (``iterations``; None: no limit), whichever ends first."""

    def __init__(
        self,
        seed: int | str = 0,
        *,
        budget_ms: float | None = 1000,
        iterations: int | None = None,
    ) -> None:
        super().__init__(seed)
        self.budget_ms = budget_ms
        self.iterations = iterations


def decision_rng(seed: int | str, view: State) -> Rng:
    """The generator for one decision: a function of the bot's seed and the view only,
    so the same seed and position give the same move, whatever came before."""
    return Rng(f"{seed_to_int(seed)}:{view.to_json()}")


def check_view(view: State) -> int:
    """The player to move, who must be the view's viewer (or any player of a full state)."""
    player = view.current_player
    if player is None:
        raise ValueError("the game is over: there is no move to choose")
    if view.viewer is not None and view.viewer != player:
        raise ValueError(
            f"this is player {view.viewer}'s view but player {player} is to move; "
            "give a bot the view of the player to move"
        )
    return player


def decision_deadline(
    start: float,
    budget_ms: float | None,
    strategy: Strategy[Any, Any],
    settings: SearchSettings,
    view: State,
    num_moves: int,
) -> float | None:
    """When a searching decision started at ``start`` (``time.perf_counter()``) must stop:
    never without a time budget; else after the game's ``budget_share`` of it, or, where
    the game gives none, all of it from ``settings.full_budget_moves`` moves on and
    proportionally less below (a choice among few moves settles sooner)."""
    if budget_ms is None:
        return None
    share = strategy.budget_share(view)
    if share is None:
        share = settings.budget_share(num_moves)
    return start + budget_ms * share / 1000.0
