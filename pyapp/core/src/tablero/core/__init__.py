"""tablero.core: the protocol every Tablero game implements, and its helpers.

>>> from tablero.core import make, from_json
>>> state = make("arribada", players=3, seed=1)
>>> from_json(state.to_json()) == state
True
"""

from .chance import UNSEEN, Chance, Source, Step, dealer_state
from .decisions import Decision, checks, deals, moves_of, not_now, plays, sources
from .errors import CorruptDataError, IllegalMoveError, InvalidMoveError, TableroError
from .notation import PLAYERS
from .options import OptionSpec, first_player_option
from .protocol import Formats, Game, Move, PhasedState, State
from .registry import (
    from_dict,
    from_json,
    from_text,
    game_ids,
    get_game,
    make,
    register,
    replay,
    unregister,
)
from .rng import Rng, seed_to_int
from .rulings import Ruling
from .strategy import SearchSettings, Strategy

__all__ = [
    "Chance",
    "CorruptDataError",
    "Decision",
    "Formats",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "OptionSpec",
    "PLAYERS",
    "PhasedState",
    "Rng",
    "Ruling",
    "SearchSettings",
    "Source",
    "State",
    "Step",
    "Strategy",
    "TableroError",
    "UNSEEN",
    "checks",
    "dealer_state",
    "deals",
    "first_player_option",
    "from_dict",
    "from_json",
    "from_text",
    "game_ids",
    "get_game",
    "make",
    "moves_of",
    "not_now",
    "plays",
    "register",
    "replay",
    "seed_to_int",
    "sources",
    "unregister",
]
