"""Arribada's evaluation for the bots (tablero.arribada.evaluate): each seat's expected
final score (the points scored, plus what the position promises or threatens), and
``hard``'s sharp replies (the claims and captures of the player to act)."""

from __future__ import annotations

import math

import pytest
from support.arribada_positions import pos
from support.playouts import play_out
from tablero.arribada.evaluate import STRATEGY, evaluate
from tablero.bots.evaluation import evaluator_for, strategy_for
from tablero.core import Rng, State, make


def random_position(players: int, seed: int, moves: int) -> State:
    """The position after up to ``moves`` random moves of game ``seed`` (not over)."""
    state = make("arribada", players=players, seed=seed)
    rng = Rng(seed).spawn()
    for _ in range(moves):
        legal = state.legal_moves()
        after = state.apply_unchecked(legal[rng.randbelow(len(legal))])
        if after.is_terminal():
            break
        state = after
    return state


def test_the_bots_find_arribadas_strategy_and_its_sharp_replies() -> None:
    assert strategy_for("arribada") is STRATEGY
    assert evaluator_for("arribada") == STRATEGY.evaluate
    state = random_position(2, 3, 40)
    assert STRATEGY.sharp_replies(state) == [
        m for m in state.legal_moves() if str(m).split()[0] in ("claim", "capture")
    ]


def test_a_finished_game_evaluates_to_its_scores() -> None:
    for players in (2, 3, 4):
        final = play_out(make("arribada", players=players, seed=players), seed=players)
        assert evaluate(final) == [float(x) for x in final.score]


def test_a_neutral_tile_a_seat_could_claim_counts_for_it() -> None:
    # a neutral 7 on e3: A's 6 next to it could claim it; the twin gives the 6 to B
    mine = pos(3, {"e3": "7", "e2": "6A", "a10": "6B"})
    theirs = pos(3, {"e3": "7", "e2": "6B", "a10": "6A"})
    assert mine.score == theirs.score == [0, 0, 0]
    assert evaluate(mine)[0] - evaluate(mine)[1] > evaluate(theirs)[0] - evaluate(theirs)[1]


def test_a_tile_an_opponent_could_capture_costs_its_owner() -> None:
    # A's 3 on d7 with B's 6 next to it: B could capture it (6 against 3); the twin has
    # B's 6 far away
    threatened = pos(3, {"d7": "3A", "d6": "6B"})
    safe = pos(3, {"d7": "3A", "a10": "6B"})
    b_to_act = pos(3, {"d7": "3A", "d6": "6B"}, extra="turn: B action\nfirst: A\n")
    assert "capture d7" in [str(m) for m in b_to_act.legal_moves()]
    assert evaluate(threatened)[0] < evaluate(safe)[0]


def test_every_position_of_a_game_evaluates_to_a_finite_number_per_seat() -> None:
    for players in (2, 4):
        s = make("arribada", players=players, seed=5)
        rng = Rng(5)
        while not s.is_terminal():
            values = evaluate(s)
            assert len(values) == players and all(math.isfinite(v) for v in values)
            assert evaluate(s.view(s.current_player)) is not None  # views evaluate too
            moves = s.legal_moves()
            s = s.apply(moves[rng.randbelow(len(moves))])


@pytest.mark.parametrize("players", [2, 4])
def test_sharp_replies_are_the_claims_and_captures_of_the_player_to_act(players):
    from tablero.arribada.evaluate import sharp_replies

    seen = 0
    for seed in range(12):
        for moves in range(0, 90, 7):
            state = random_position(players, seed, moves)
            replies = sharp_replies(state)
            kinds = {str(m).split()[0] for m in state.legal_moves()}
            if state.phase in ("action", "extra"):
                expected = [
                    m for m in state.legal_moves() if str(m).split()[0] in ("claim", "capture")
                ]
                assert replies == expected
                seen += len(replies)
            else:
                assert replies == [], (state.phase, kinds)
    assert seen > 0
