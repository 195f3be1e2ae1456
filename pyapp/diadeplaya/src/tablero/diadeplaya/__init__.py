"""tablero.diadeplaya: the complete rules of Día de Playa (Tablero's deck).

>>> from tablero.core import make
>>> state = make("diadeplaya", players=2, seed=3, first_player=0)
>>> state.current_player, state.decision, state.deck_count
(0, 'side', 13)
>>> [str(m) for m in state.legal_moves()]
['side a', 'side b']
"""

from __future__ import annotations

from .moves import DiaDePlayaMove, Place, Rotate, Side, Take
from .state import GAME, DiaDePlayaState, beach_reached

__all__ = [
    "GAME",
    "DiaDePlayaMove",
    "DiaDePlayaState",
    "Place",
    "Rotate",
    "Side",
    "Take",
    "beach_reached",
]
