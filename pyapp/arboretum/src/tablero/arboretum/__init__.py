"""tablero.arboretum: the complete rules of Arboretum.

>>> from tablero.core import make
>>> state = make("arboretum", players=2, seed=3, first_player=0)
>>> state.current_player, len(state.hands[0]), state.deck_count
(0, 7, 34)
>>> [str(m) for m in state.legal_moves()]
['draw deck']
"""

from __future__ import annotations

from .cards import CARD_NAMES, card, card_name, parse_card, species, value
from .moves import ArboretumMove, Discard, DrawDeck, DrawPile, Play
from .state import GAME, ArboretumState

__all__ = [
    "CARD_NAMES",
    "GAME",
    "ArboretumMove",
    "ArboretumState",
    "Discard",
    "DrawDeck",
    "DrawPile",
    "Play",
    "card",
    "card_name",
    "parse_card",
    "species",
    "value",
]
