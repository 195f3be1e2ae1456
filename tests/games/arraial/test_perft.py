"""Arraial's legal-move counts (perft): they pin the move generator (the landings of a
piece, slides included), the action points and the order of a turn's decisions, the
refills and the seeded deck.

One count is derived by hand (an empty street); the others are recorded in
``fixtures/perft.json`` (``tests/support/perft.py``): the number of legal moves at every
position of a seeded random game in each configuration of the game, and the perft of a
few positions along them.  They change only when the rules do; then write the fixture
again::

    python3 -m uv run --frozen python tests/support/perft.py arraial
"""

from __future__ import annotations

from support.arraial_positions import play, position
from support.perft import fixture_tests, perft

GAME = "arraial"


def test_an_empty_street_by_hand():
    # the octagon shows I1 (a bar of 4, lying), O1 (a 2x2 square) and T1 (3 wide): with
    # 3 action points the player may rotate or take any of the three
    state = position(slots=("I1", "O1", "T1"))
    assert [str(m) for m in state.legal_moves()] == ["rotate", "take 1", "take 2", "take 3"]
    # on an empty street of 6 columns a piece w wide lands in 6 - w + 1 columns (it
    # falls to the floor), and the card may go back: I 3 + 1, O 5 + 1, T 4 + 1
    takes = [perft(play(state, f"take {slot}"), 1) for slot in (1, 2, 3)]
    assert takes == [3 + 1, 5 + 1, 4 + 1]


(
    test_the_fixture_plays_every_configuration_of_the_game,
    test_legal_move_counts_along_a_seeded_random_game,
    test_perft_of_positions_along_a_seeded_random_game,
) = fixture_tests(GAME)
