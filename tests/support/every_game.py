"""Every registered game, for the tests that run over all of them (the readers' and the
saves' and links' strictness: tests/platform/test_strict_readers.py,
tests/web/test_link_decoding.py, tests/web/test_save_integrity.py): a parameter per game,
a position of each reached by seeded random moves, and seats for a saved game."""

from __future__ import annotations

import pytest
from tablero.core import Rng, State, game_ids, make
from tablero.web.plugin import Seat

__all__ = ["EVERY_GAME", "GAMES", "ONE_DIGITS", "played", "seats"]

GAMES = game_ids()


def installed(game_id: str) -> bool:
    try:
        make(game_id, players=2, seed=1)
    except ValueError:
        return False
    return True


def game_param(game_id: str) -> object:
    """``game_id`` as a parameter; a registered game that is not installed yet is an
    explicit, visible skip (never a silent one)."""
    marks = () if installed(game_id) else (pytest.mark.skip(reason=f"{game_id} not installed"),)
    return pytest.param(game_id, marks=marks, id=game_id)


EVERY_GAME = pytest.mark.parametrize("game_id", [game_param(g) for g in GAMES])


def played(game_id: str, moves: int, seed: int = 3) -> State:
    game_setups = [s for s in from_game_setups(game_id) if s[0] == 2] or from_game_setups(game_id)
    players, options = game_setups[0]
    state = make(game_id, players=players, seed=seed, **options)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_moves()
        state = state.apply(legal[rng.randbelow(len(legal))])
    return state


def from_game_setups(game_id: str) -> list[tuple[int, dict]]:
    from tablero.core import get_game

    return list(get_game(game_id).setups())


def seats(n: int) -> list[Seat]:
    return [Seat(f"P{i + 1}", i, "human" if i == 0 else "bot:normal") for i in range(n)]


ONE_DIGITS = [
    "\u0661",  # Arabic-Indic
    "\u06f1",  # Extended Arabic-Indic
    "\u0967",  # Devanagari
    "\uff11",  # full-width
    "\U0001d7cf",  # mathematical bold
    "\U0001d7d9",  # mathematical double-struck
    "\u00b9",  # superscript (isdigit() is True)
    "\u2460",  # circled (isdigit() is True)
]
