"""tablero.arribada: the complete rules of Arribada.

>>> from tablero.core import make
>>> state = make("arribada", players=2, seed=3, first_player=0)
>>> state.current_player
0
>>> str(state.legal_moves()[0])
'place 1 a1'
"""

from __future__ import annotations

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
from .state import GAME, ArribadaState

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
