"""Random play-outs for the rules tests: a state played to its end by seeded random moves."""

from __future__ import annotations

from typing import Any

from tablero.core import Rng

__all__ = ["play_out"]


def play_out(state: Any, seed: int = 1) -> Any:
    """``state`` played to its end, each move drawn at random from the legal ones by a
    PRNG seeded with ``seed`` (the same seed, the same game)."""
    rng = Rng(seed)
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
    return state
