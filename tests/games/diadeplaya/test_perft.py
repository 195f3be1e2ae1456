"""Día de Playa's legal-move counts (perft): they pin the move generator (a card's
places on a beach in each rotation), the order of the decisions (the first card's side
and rotation, then take, rotate and place), the market and the seeded deal, in every
mode.

One count is derived by hand (the first card); the others are recorded in
``fixtures/perft.json`` (``tests/support/perft.py``): the number of legal moves at every
position of a seeded random game in each configuration of the game (each mode, each
criterion alone), and the perft of a few positions along them.  They change only when
the rules do; then write the fixture again::

    python3 -m uv run --frozen python tests/support/perft.py diadeplaya
"""

from __future__ import annotations

from support.perft import fixture_tests, perft
from tablero.core import make

GAME = "diadeplaya"


def test_the_first_card_by_hand():
    # the first player's first card: either side, then any of four turns
    state = make(GAME, players=2, seed=3, first_player=0)
    assert [str(m) for m in state.legal_moves()] == ["side a", "side b"]
    assert perft(state, 2) == 2 * 4
    # then the second player does the same
    assert perft(state, 4) == (2 * 4) ** 2


(
    test_the_fixture_plays_every_configuration_of_the_game,
    test_legal_move_counts_along_a_seeded_random_game,
    test_perft_of_positions_along_a_seeded_random_game,
) = fixture_tests(GAME)
