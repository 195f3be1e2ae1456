"""What every bot shares: the ``choose(view)`` contract and a per-decision seed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablero.core import Rng, State, seed_to_int

__all__ = ["Bot", "SearchStats", "decision_rng"]


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
