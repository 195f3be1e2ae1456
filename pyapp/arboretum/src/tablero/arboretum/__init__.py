"""tablero.arboretum: the complete rules of Arboretum.

>>> from tablero.core import make
>>> state = make("arboretum", players=2, seed=3, first_player=0)
>>> state.current_player, len(state.hands[0]), state.deck_count
(0, 7, 34)
>>> [str(m) for m in state.legal_moves()]
['draw deck']
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tablero.core import Game, OptionSpec

from .cards import CARD_NAMES, card, card_name, parse_card, species, value
from .moves import ArboretumMove, Discard, DrawDeck, DrawPile, Play
from .state import ArboretumState

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


@dataclass(frozen=True)
class _ArboretumGame(Game):
    """Arboretum in the game registry: what ``get_game("arboretum")`` returns."""

    def new_state(self, players: int, seed: int | str = 0, **options: Any) -> ArboretumState:
        return ArboretumState.new_game(players, seed, **options)

    def from_dict(self, data: Mapping[str, Any]) -> ArboretumState:
        from .serial import state_from_dict

        return state_from_dict(dict(data))

    def from_text(self, text: str) -> ArboretumState:
        from .notation import state_from_text

        return state_from_text(text)


GAME = _ArboretumGame(
    id="arboretum",
    title="Arboretum",
    min_players=2,
    max_players=4,
    version=1,
    options=(OptionSpec("first_player", None, (None, 0, 1, 2, 3), "seat of the first player"),),
)

ArboretumState.game = GAME
