"""Día de Playa's evaluation hooks for the bots: the best placements, the next player's
take as ``hard``'s reply at the cutoff, the greedy placement of its playouts, and the
search settings (docs/bots.md, "Results (Día de Playa)")."""

from __future__ import annotations

import functools

import pytest
from tablero.bots import make_bot
from tablero.bots.evaluation import playout_for, replies_for, search_settings_for
from tablero.bots.mcts import MctsBot
from tablero.core import Rng, make
from tablero.diadeplaya import scoring
from tablero.diadeplaya.beach import lay, legal_spots
from tablero.diadeplaya.evaluate import (
    SEARCH,
    best_placements,
    evaluate,
    playout_move,
    sharp_replies,
)
from tablero.diadeplaya.moves import Place
from tablero.diadeplaya.shapes import ROTATIONS

MODES = [("competitive", 2), ("competitive", 3), ("teams", 4), ("cooperative", 2),
         ("solitaire", 1)]  # fmt: skip


@functools.cache
def positions(mode: str, players: int, seed: int) -> tuple:
    """Every position of a random game."""
    state = make("diadeplaya", players=players, seed=seed, mode=mode)
    rng = Rng(f"evaluate|{mode}|{players}|{seed}")
    states = [state]
    while not state.is_terminal():
        moves = state.legal_moves()
        state = state.apply(moves[rng.randbelow(len(moves))])
        states.append(state)
    return tuple(states)


def brute_front(grid, face, rotations, criteria) -> list[tuple[int, int]]:
    found = set()
    for r in rotations:
        for x, y in legal_spots(grid, face, r) if grid else [(0, 0)]:
            after = lay(grid, face, r, x, y)
            points = sum(scoring.beach_points(after, criteria).values())
            largest = scoring.largest_umbrella(after) if "umbrellas" in criteria else 0
            found.add((points, largest))
    return sorted(
        (p, k)
        for p, k in found
        if not any(q >= p and m >= k and (q, m) != (p, k) for q, m in found)
    )


@pytest.mark.parametrize("seed", [1, 2])
def test_best_placements_are_the_front_over_every_rotation(seed):
    checked = 0
    for s in positions("competitive", 2, seed)[::3]:
        if s.holding is None:
            continue
        grid = s.grids[s.beach_of(s.player)]
        for rotations in (ROTATIONS, (90,), (ROTATIONS[0], ROTATIONS[2])):
            got = best_placements(grid, s.holding, rotations, s.criteria)
            assert got == brute_front(grid, s.holding, rotations, s.criteria)
            checked += 1
    assert checked >= 10


@pytest.mark.parametrize("mode,players", MODES)
def test_sharp_replies_are_the_takes_of_the_player_about_to_take(mode, players):
    seen = 0
    for s in positions(mode, players, 3):
        if s.is_terminal():
            assert sharp_replies(s) == []
        elif s.phase == "take":
            assert sharp_replies(s) == s.legal_moves()
            seen += 1
        else:
            assert sharp_replies(s) == []
    assert seen > 0


@pytest.mark.parametrize("mode,players", MODES)
def test_the_playout_placement_scores_what_the_evaluation_counted(mode, players):
    """Laying the card where ``playout_move`` says gives the holder the points the
    evaluation promised for the card in hand; outside the placement it says nothing."""
    placed = 0
    for s in positions(mode, players, 4):
        move = None if s.is_terminal() else playout_move(s)
        if s.is_terminal() or s.phase != "place":
            assert move is None
            continue
        assert isinstance(move, Place) and move in s.legal_moves()
        p = s.player
        after = s.apply(move)
        assert float(after.scores()[p] if after.is_terminal() else after.score[p]) == evaluate(s)[p]
        placed += 1
    assert placed > 5


def test_the_hooks_and_settings_are_looked_up_by_game_id():
    assert replies_for("diadeplaya") is sharp_replies
    assert playout_for("diadeplaya") is playout_move
    assert playout_for("arribada") is None
    assert search_settings_for("diadeplaya") == SEARCH
    assert search_settings_for("arribada") == {}
    assert search_settings_for("no-such-game") == {}


def test_hard_forces_the_next_players_take_at_the_cutoff():
    """At a cutoff where the next player takes, ``hard`` scores the position after the
    take best for them, even when leaving the market as it is would look better."""
    from tablero.bots.evaluation import margin

    state = next(s for s in positions("competitive", 2, 5)[6:] if s.phase == "take")
    hard = make_bot("hard", seed=1, iterations=4)
    hard.choose(state.view(state.current_player))
    assert isinstance(hard, MctsBot) and hard.REPLY_FORCED and hard.replies is sharp_replies
    mover = state.current_player
    options = [evaluate(state.apply_unchecked(m)) for m in state.legal_moves()]
    got = hard._cutoff_values(state)
    assert got in options
    assert margin(got, mover) == pytest.approx(max(margin(v, mover) for v in options))


def test_hard_plays_a_legal_move_in_every_decision_within_its_iterations():
    for s in positions("competitive", 2, 6)[:-1:4]:
        hard = make_bot("hard", seed="t", iterations=30)
        move = hard.choose(s.view(s.current_player))
        assert move in s.legal_moves()
        assert hard.stats.iterations <= 30
