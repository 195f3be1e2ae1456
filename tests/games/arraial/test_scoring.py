"""Arraial's final scoring (the rulebook's end of the game): a visitor scores 1, a pair 2,
a white visitor 1 once it has joined the street; the most points win, a tie goes to the
most pairs, then the victory is shared.  The scores are not written in the notation:
they follow from the position."""

from __future__ import annotations

from support.arraial_positions import position
from tablero.arraial import ArraialState
from tablero.arraial.evaluate import evaluate
from tablero.core import Rng, from_text, make


def test_final_scoring_and_the_tie_break() -> None:
    s = make("arraial", players=3, seed=5)
    rng = Rng(5)
    while not s.is_terminal():
        moves = s.legal_moves()
        s = s.apply(moves[rng.randbelow(len(moves))])
    assert isinstance(s, ArraialState) and s.stage == 3
    final = s.history[-1]["events"][-1]
    assert final["type"] == "final"
    for p in range(3):
        pairs = sum(1 for q in s.pairs.values() if q == p)
        assert s.score[p] == len(s.visitors[p]) + s.street_whites[p] + 2 * pairs
    assert final["scores"] == s.score and final["winners"] == s.winners()
    assert evaluate(s) == [float(x) for x in s.score]
    # the tie-break: equal points, more pairs wins; equal pairs share
    tie = position(street_whites={0: 2}, streets={1: ["I1 I1 I1 I1 O2 O2", ". . . . O2 O2"]},
                   pairs="yellow B, blue -, green -, red -")  # fmt: skip
    assert tie.score == [2, 2] and tie.winners() == [1]
    shared = position(street_whites={0: 2, 1: 2})
    assert shared.winners() == [0, 1]


def test_each_visitor_scores_one_and_each_pair_two() -> None:
    street = ["I1 I1 I1 I1 O2 O2", ". . . . O2 O2"]
    s = position(streets={0: street}, visitors={0: "yellow@2"},
                 pairs="yellow A, blue -, green -, red -")  # fmt: skip
    assert s.score == [1 + 2, 0]
    without_pair = position(streets={0: street}, visitors={0: "yellow@2"})
    assert without_pair.score == [1, 0]


def test_whites_score_once_on_the_street_never_on_the_bar_nor_once_lost() -> None:
    s = position(street_whites={0: 3}, bar_whites={0: 2, 1: 4})
    assert s.score == [3, 0]
    lost = position(street_whites={1: 1}, bars={0: None}, whites_lost=2)
    assert lost.score == [0, 1]


def test_the_score_follows_from_the_position_it_is_not_written() -> None:
    s = position(street_whites={0: 2})
    assert "score" not in s.to_text()
    assert from_text("arraial", s.to_text()).score == [2, 0]
