"""Día de Playa: property tests over random games in every mode: every game ends, all 18
cards are accounted for, JSON/notation/replay round trips, determinism, scores that are
the sum of the criteria, views consistent with the state, the exact packings against a
brute-force search on the final beaches."""

from __future__ import annotations

import functools
from itertools import combinations

import pytest
from tablero.core import Rng, from_json, from_text, make, replay
from tablero.diadeplaya import scoring
from tablero.diadeplaya.scoring import SQUARE
from tablero.diadeplaya.shapes import card_of

MODES = [("competitive", 2), ("competitive", 3), ("teams", 4), ("cooperative", 2),
         ("cooperative", 3), ("cooperative", 4), ("solitaire", 1)]  # fmt: skip
SEEDS = (1, 2, 3)


@functools.cache
def game(mode: str, players: int, seed: int) -> tuple:
    state = make("diadeplaya", players=players, seed=seed, mode=mode)
    rng = Rng(f"props|{mode}|{players}|{seed}")
    states = [state]
    while not state.is_terminal():
        assert len(states) < 500, "the game does not end"
        moves = state.legal_moves()
        assert moves, "not over, yet no move"
        state = state.apply(moves[rng.randbelow(len(moves))])
        states.append(state)
    return tuple(states)


def cards_everywhere(s) -> list[int]:
    out = [card_of(f) for laid in s.laid for f in laid]
    out += [c for c in s.firsts if c is not None]
    out += [card_of(f) for f in s.market if f is not None]
    out += [card_of(s.holding)] if s.holding is not None else []
    out += [card_of(f) for f in s.deck or ()] + list(s.out or ()) + list(s.unseen or ())
    return sorted(out)


@pytest.mark.parametrize("mode,players", MODES)
def test_every_game_ends_with_every_card_accounted_for(mode, players):
    for seed in SEEDS:
        states = game(mode, players, seed)
        for s in states:
            assert cards_everywhere(s) == list(range(18))
            assert cards_everywhere(s.view(0)) == list(range(18))
        final = states[-1]
        laid = sum(len(x) for x in final.laid)
        assert laid == (14 if mode == "solitaire" else 18)
        assert final.cards_left == 0 and final.deck_count == 0


@pytest.mark.parametrize("mode,players", MODES)
def test_round_trips_and_determinism(mode, players):
    for seed in SEEDS:
        states = game(mode, players, seed)
        final = states[-1]
        moves = [e["move"] for e in final.history]
        assert replay("diadeplaya", final.setup, moves).to_json() == final.to_json()
        for s in states[:: max(1, len(states) // 8)] + (final,):
            assert from_json(s.to_json()).to_json() == s.to_json()
            assert from_text("diadeplaya", s.to_text()).to_text() == s.to_text()
            view = s.view(0)
            assert from_json(view.to_json()) == view


@pytest.mark.parametrize("mode,players", MODES)
def test_scores_are_the_criteria_summed(mode, players):
    for seed in SEEDS:
        for s in game(mode, players, seed):
            totals = [sum(p.values()) for p in s.points]
            if s.shared:
                assert s.scores() == [totals[0]] * players
            elif mode == "teams":
                assert s.scores() == [totals[0] + totals[2], totals[1] + totals[3]] * 2
            else:
                assert s.scores() == totals


def _brute_squares(grid) -> int:
    sand = {c for c, b in grid.items() if b >> 2 == scoring.SAND}
    squares = [c for c in sand if all(c + d in sand for d in SQUARE)]
    best = 0
    for k in range(len(squares) + 1):
        if k > 6:
            break
        for pick in combinations(squares, k):
            used = [c + d for c in pick for d in SQUARE]
            if len(used) == len(set(used)):
                best = max(best, sum(scoring.square_value(grid, c) for c in pick))
    return best


def test_sand_packings_agree_with_a_brute_force_search():
    checked = 0
    for mode, players in MODES:
        for s in game(mode, players, 1)[-1:]:
            for grid in s.grids:
                sand = {c for c, b in grid.items() if b >> 2 == scoring.SAND}
                squares = [c for c in sand if all(c + d in sand for d in SQUARE)]
                if len(squares) <= 14:
                    assert scoring.sand_squares(grid)[0] == _brute_squares(grid)
                    checked += 1
    assert checked >= 5


def past_first_cards(state):
    """Lay every first card (side a, rotation 0) and return the state at the first take."""
    while state.phase in ("side", "rotate"):
        state = state.apply("side a" if state.phase == "side" else "rotate 0")
    return state


def test_a_view_hides_only_the_decks_order_and_faces():
    state = past_first_cards(make("diadeplaya", players=1, seed=2, mode="solitaire"))
    view = state.view(0)
    assert view.deck is None and view.out is None
    assert view.unseen == sorted([card_of(f) for f in state.deck] + state.out)
    assert view.market == state.market and view.grids == state.grids
    assert "hidden" in view.to_text() and "out:" not in view.to_text()
    full = view.determinize(5)
    assert full.deck_count == state.deck_count and len(full.out) == 4
