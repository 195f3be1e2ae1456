"""tablero.arribada: the complete rules of Arribada.

>>> from tablero.core import make
>>> state = make("arribada", players=2, seed=3, first_player=0)
>>> state.current_player
0
>>> str(state.legal_moves()[0])
'place 1 a1'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tablero.core import Game, OptionSpec

from .board import Board, get_board
from .moves import (
    ArribadaMove,
    Capture,
    Claim,
    Confirm,
    Decline,
    DrawBag,
    DrawDisplay,
    EndTurn,
    Pass,
    Pick,
    Place,
    Refresh,
)
from .state import ArribadaState

__all__ = [
    "GAME",
    "ArribadaMove",
    "ArribadaState",
    "Board",
    "Capture",
    "Claim",
    "Confirm",
    "Decline",
    "DrawBag",
    "DrawDisplay",
    "EndTurn",
    "Pass",
    "Pick",
    "Place",
    "Refresh",
    "get_board",
]


@dataclass(frozen=True)
class _ArribadaGame(Game):
    """Arribada in the game registry: what ``get_game("arribada")`` returns."""

    def new_state(self, players: int, seed: int | str = 0, **options: Any) -> ArribadaState:
        return ArribadaState.new_game(players, seed, **options)

    def from_dict(self, data: Mapping[str, Any]) -> ArribadaState:
        from .serial import state_from_dict

        return state_from_dict(dict(data))

    def from_text(self, text: str) -> ArribadaState:
        from .notation import state_from_text

        return state_from_text(text)


GAME = _ArribadaGame(
    id="arribada",
    title="Arribada",
    min_players=2,
    max_players=4,
    version=1,
    options=(
        OptionSpec("variant", "standard", ("standard", "beginner"), "beginner: no capture"),
        OptionSpec("first_player", None, (None, 0, 1, 2, 3), "seat of the first player"),
    ),
)

ArribadaState.game = GAME
