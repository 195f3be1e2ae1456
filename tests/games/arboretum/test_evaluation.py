"""Arboretum's evaluation for the bots (tablero.arboretum.evaluate): each seat's expected
final score, the final scoring of the position as it stands plus the promise of its
paths, which fades as the deck empties."""

from __future__ import annotations

import math

from support.arboretum_positions import state
from support.playouts import play_out
from tablero.arboretum.evaluate import PROMISE_WEIGHT, STRATEGY, evaluate
from tablero.bots.evaluation import evaluator_for, strategy_for
from tablero.core import Rng, make

HAND_A = "Ca1 Ca2 Ca3 BS1 BS2 BS3 CB1"
HAND_B = "Ca5 Ca6 Ca7 BS5 BS6 BS7 CB5"
MAPLES = {"A": ["Ma1 Ma2 Ma3 Ma4"], "B": ["Do2"]}  # A's path: four Maples from a 1


def test_the_bots_find_arboretums_strategy() -> None:
    assert strategy_for("arboretum") is STRATEGY
    assert evaluator_for("arboretum") == STRATEGY.evaluate


def test_a_finished_game_evaluates_to_its_scores() -> None:
    for players in (2, 3, 4):
        final = play_out(make("arboretum", players=players, seed=players), seed=players)
        assert evaluate(final) == [float(x) for x in final.scores()]


def test_a_position_won_evaluates_above_the_same_position_lost() -> None:
    # the deck is empty: A's discard ends the game; A holds Ma8, the right to Maple
    won = state(MAPLES, {"A": HAND_A + " Ma8", "B": HAND_B}, turn="A discard", dump="B")
    assert evaluate(won) == [9.0, 0.0]  # 4 Maples, 2 each, + 1 for the 1
    # the twin: B holds the Ma8 instead, so A's path scores nothing
    lost = state(MAPLES, {"A": HAND_A + " Do8", "B": "Ca5 Ca6 Ca7 BS5 BS6 BS7 Ma8"},
                 turn="A discard", dump="B")  # fmt: skip
    assert evaluate(lost)[0] < evaluate(won)[0]


def test_with_the_deck_empty_the_promise_is_gone() -> None:
    s = state(MAPLES, {"A": HAND_A + " Do8", "B": "Ca5 Ca6 Ca7 BS5 BS6 BS7 Ma8"},
              turn="A discard", dump="B")  # fmt: skip
    assert s.deck_count == 0 and not s.is_terminal()
    assert evaluate(s) == [float(x) for x in s.final_scores()]
    # with a deck left, A's Maple path promises points although B holds the right now
    early = state(MAPLES, {"A": HAND_A + " Do8", "B": "Ca5 Ca6 Ca7 BS5 BS6 BS7 Ma8"},
                  turn="A discard")  # fmt: skip
    assert early.final_scores() == [0, 0]
    assert 0 < evaluate(early)[0] <= PROMISE_WEIGHT * 9 and evaluate(early)[1] == 0


def test_every_position_of_a_game_evaluates_to_a_finite_number_per_seat() -> None:
    for players in (2, 4):
        s = make("arboretum", players=players, seed=7)
        rng = Rng(7)
        while not s.is_terminal():
            values = evaluate(s)
            assert len(values) == players and all(math.isfinite(v) and v >= 0 for v in values)
            assert all(v >= now for v, now in zip(values, s.final_scores(), strict=True))
            moves = s.legal_moves()
            s = s.apply(moves[rng.randbelow(len(moves))])
