"""Arboretum's legal-move counts (perft): they pin the move generator, the order of a
turn's decisions (two draws, a play, a discard) and the seeded deck draws.

One count is derived by hand (the notation page's middle-game position); the others are
recorded in ``fixtures/perft.json`` (``tests/support/perft.py``): the number of legal
moves at every position of a seeded random game in each configuration of the game, and
the perft of a few positions along them.  They change only when the rules do; then write
the fixture again::

    python3 -m uv run --frozen python tests/support/perft.py arboretum
"""

from __future__ import annotations

from support.arboretum_positions import MIDDLE
from support.perft import fixture_tests, perft
from tablero.core import from_text, make

GAME = "arboretum"


def test_a_new_game_draws_from_the_deck_only_by_hand():
    # every discard pile is empty: the deck is the only source, twice
    state = make(GAME, players=3, seed=4)
    assert [str(m) for m in state.legal_moves()] == ["draw deck"]
    assert perft(state, 2) == 1
    # then 9 cards in hand for the first card of the arboretum, on 0,0 only
    assert perft(state, 3) == 9


def test_the_notation_pages_position_by_hand():
    # A's three Maples touch 7 empty cells; 9 cards in hand: 63 plays
    state = from_text(GAME, MIDDLE)
    assert perft(state, 1) == 7 * 9 == 63
    # after any play, 8 cards to discard
    assert perft(state, 2) == 63 * 8


(
    test_the_fixture_plays_every_configuration_of_the_game,
    test_legal_move_counts_along_a_seeded_random_game,
    test_perft_of_positions_along_a_seeded_random_game,
) = fixture_tests(GAME)
