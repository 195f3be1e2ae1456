"""Arribada's legal-move counts at fixed positions, like chess perft.

P1 and P2 are derived by hand in docs/notation-arribada.md ("Legal-move counts").
The deeper counts pin the whole move generator, the decision sequence and the seeded
draws, and change only when the rules change: a few here, and in
``fixtures/perft.json`` (``tests/support/perft.py``) the number of legal moves at every
position of a seeded random game in each configuration of the game, and the perft of a
few positions along them.  When the rules change, write the fixture again::

    python3 -m uv run --frozen python tests/support/perft.py arribada
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.perft import fixture_tests, perft
from tablero.core import from_text, make

GAME = "arribada"

DOC = (Path(__file__).resolve().parents[3] / "docs" / "notation-arribada.md").read_text()


def doc_position(first_line_marker: str) -> str:
    """The notation block of docs/notation-arribada.md that contains the marker."""
    for block in re.findall(r"```\n(arribada.*?)```", DOC, re.S):
        if first_line_marker in block:
            return block
    raise AssertionError(f"no position with {first_line_marker!r} in the notation doc")


P2 = doc_position("rack A: 2 2 4 4 7")


def test_p1_new_two_player_game_by_hand():
    state = make("arribada", players=2, seed=1, first_player=0)
    assert state.racks[0] == [2, 2, 2, 3, 7]
    # 3 distinct values x 52 empty playa cells + refresh
    assert perft(state, 1) == 3 * 52 + 1 == 157


def test_p2_claim_and_capture_by_hand():
    state = from_text("arribada", P2)
    moves = [str(m) for m in state.legal_moves()]
    assert sum(m.startswith("place") for m in moves) == 3 * 49
    assert [m for m in moves if m.startswith(("claim", "capture"))] == ["claim c2", "capture d3"]
    assert moves[-1] == "refresh"
    assert len(moves) == 150


def test_p2_variants_by_hand():
    beginner = from_text("arribada", P2.replace("2p standard", "2p beginner"))
    assert len(beginner.legal_moves()) == 149
    no_refresh = from_text("arribada", P2 + "refresh: A=no B=yes\n")
    assert len(no_refresh.legal_moves()) == 149


@pytest.mark.parametrize(
    ("players", "seed", "depth", "expected"),
    [
        (2, 1, 2, 8669),
        (2, 1, 3, 49685),
        (3, 2, 2, 1352),
        (4, 3, 2, 22064),
    ],
)
def test_perft_of_a_new_game(players, seed, depth, expected):
    state = make("arribada", players=players, seed=seed, first_player=0)
    assert perft(state, depth) == expected


(
    test_the_fixture_plays_every_configuration_of_the_game,
    test_legal_move_counts_along_a_seeded_random_game,
    test_perft_of_positions_along_a_seeded_random_game,
) = fixture_tests(GAME)
