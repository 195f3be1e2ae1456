"""Arraial's evaluation for the bots: final scores at the end, the next landing's gain
for the player to move (so a one-move-ahead bot tells the cards apart), and the greedy
bot taking and landing the piece that scores."""

from __future__ import annotations

import time

import pytest
from support.arraial_positions import play, position
from tablero.arraial.evaluate import evaluate, holes, lookahead
from tablero.bots import make_bot
from tablero.core import make


def test_the_take_worth_most_is_the_card_with_the_best_landing() -> None:
    s = position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("T1", "O1", "S1"))
    values = {m: evaluate(play(s, m))[0] for m in ("take 1", "take 2", "take 3")}
    assert max(values, key=values.__getitem__) == "take 2"  # the O: a visitor, the pair, a row
    gain, loss, holder = lookahead(play(s, "take 2"))
    assert gain >= 1 + 2 and (loss, holder) == (0.0, None)
    assert evaluate(play(s, "take 2", "land e1 f1 e2 f2"))[0] >= evaluate(play(s, "take 2"))[0]


def test_medium_takes_and_lands_the_scoring_piece() -> None:
    s = position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("T1", "O1", "S1"))
    bot = make_bot("medium", seed=3)
    for expected in ("take 2", "land e1 f1 e2 f2"):
        move = bot.choose(s.view(0))
        assert str(move) == expected
        s = play(s, str(move))
    assert s.score[0] == 3


def test_holes_and_the_bar() -> None:
    assert holes(0) == 0
    rows = [". . O1 O1 . .", ". . O1 O1 . .", "I2 I2 I2 I2 . ."]
    covered = position(streets={0: rows}, player=1, visitors={0: "yellow@2"},
                       pairs="yellow A, blue -, green -, red -")  # fmt: skip
    assert holes(covered.occ[0]) == 4  # a1 b1 a2 b2 under the I
    assert evaluate(covered)[0] == pytest.approx(covered.score[0] + 1.6 * 3 - 0.3 * 4)
    assert evaluate(position(bars={0: None}, player=1))[0] == 0
    assert evaluate(position(player=1))[0] == pytest.approx(1.6 * 3)


def test_evaluate_is_fast() -> None:
    s = position(streets={0: ["I1 I1 I1 I1 . .", "L2 L2 L2 . . .", ". . L2 . . ."]})
    start = time.perf_counter()
    for _ in range(50):
        evaluate(s)
    assert (time.perf_counter() - start) / 50 < 0.02  # about 1 ms in CPython


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard"])
def test_every_bot_level_plays_a_legal_move_from_a_view(level: str) -> None:
    s = make("arraial", players=3, seed=6)
    bot = make_bot(level, seed=1, iterations=20)
    for _ in range(12):  # a few decisions: act, land, refill
        move = bot.choose(s.view(s.current_player or 0))
        assert move in s.legal_moves()
        s = s.apply(move)
