"""The preview of a move (shown before committing it) matches what the move then does."""

from __future__ import annotations

import pytest
from tablero.arribada import Capture, Claim, Place
from tablero.core import IllegalMoveError, Rng, from_text, make

POSITION = """arribada 2p standard
 .  .  .  .  .  o  .  .
 . 3B  6  .  .  .  .  .
 o  . 1A 2B  .  .  4  .
 .  .  .  #  #  .  .  .
 .  .  .  #  #  .  .  .
 .  5  .  .  .  .  .  o
 .  .  .  .  .  8  .  .
 .  .  o  .  .  .  .  .
rack A: 2 2 4 4 7
rack B: 4 5 6 7 8
display: 1 2 5 4 3
bag: rest
turn: A action
"""


def test_preview_of_claim_and_capture():
    s = from_text("arribada", POSITION)
    claim = s.preview("claim c2")
    assert claim["strengths"] == [10, 3]
    capture = s.preview("capture d3")
    assert capture["strengths"] == [10, 0] and capture["defence"] == 2
    place = s.preview("place 2 b3")
    assert place["extra_action"] is True and place["spawns"] == ["a3"]
    assert place["strengths"] == [10, 3]


def test_preview_rejects_illegal_moves():
    s = from_text("arribada", POSITION)
    with pytest.raises(IllegalMoveError, match="no 3 on your rack"):
        s.preview("place 3 b3")


@pytest.mark.parametrize("seed", range(6))
def test_preview_points_match_the_scoring_events(seed):
    s = make("arribada", players=2 + seed % 3, seed=seed)
    rng = Rng(seed)
    checked = 0
    while not s.is_terminal():
        moves = s.legal_moves()
        move = moves[rng.randbelow(len(moves))]
        if isinstance(move, (Place, Claim, Capture)):
            pv = s.preview(move)
            after = s.apply(move)
            scored = [e for e in after.history[-1]["events"] if e["type"] == "score"]
            got = (scored[0]["sequence"], scored[0]["set"]) if scored else (0, 0)
            assert (pv["sequence"], pv["set"]) == got, (str(move), s.to_text())
            grants = any(e["type"] == "extra_action" for e in after.history[-1]["events"])
            assert pv["extra_action"] == grants
            checked += 1
            s = after
        else:
            s = s.apply(move)
    assert checked > 20
