"""Arraial's properties over seeded random games (2-4 players): every game ends after
phase 3; the 72 pieces, the visitors and the 24 (or 16) cards are always accounted for;
JSON and notation round trips; the same seed and moves give the same game; short
decisions (the split into small steps keeps every list of moves short)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tablero.arraial import ArraialState
from tablero.arraial.data import (
    COLOUR_VISITORS,
    COLOURS,
    PIECE_COUNT,
    SHAPES,
    WHITE_VISITORS,
    cards_in_play,
)
from tablero.core import Rng, from_json, from_text, make, replay

GAMES = [(2, 1), (3, 2), (4, 3), (2, 4)]


def states(players: int, seed: int) -> Iterator[ArraialState]:
    s = make("arraial", players=players, seed=seed)
    assert isinstance(s, ArraialState)
    rng = Rng(f"arraial|{seed}")
    yield s
    for _ in range(5000):
        if s.is_terminal():
            return
        moves = s.legal_moves()
        after = s.apply(moves[rng.randbelow(len(moves))])
        assert isinstance(after, ArraialState)
        s = after
        yield s
    raise AssertionError("the game did not end")


def accounted(s: ArraialState) -> None:
    cards = [c for c in s.slots if c is not None] + s.face_up + s.deck + s.discards
    assert sorted(cards) == sorted(cards_in_play(s.n))
    supply = s.supply
    placed = sum(len(p) for p in s.pieces)
    assert placed + sum(supply[shape] for shape in SHAPES) == PIECE_COUNT == 72
    assert min(supply.values()) >= 0
    for colour in COLOURS:
        on = sum(1 for vs in s.visitors for c, _ in vs if c == colour)
        assert on + supply[colour] == COLOUR_VISITORS
    whites = sum(s.bar_whites) + sum(s.street_whites) + s.whites_lost + supply["white"]
    assert whites == WHITE_VISITORS
    for p in range(s.n):
        cells = sum(len(piece.cells) for piece in s.pieces[p])
        assert sum(1 for row in s.streets[p] for k in row if k) == cells
        bar = s.bar[p]
        assert bar is None or not s.occ[p] >> (bar * 6)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_random_games_end_after_phase_3_with_everything_accounted_for(
    players: int, seed: int
) -> None:
    longest = 0
    stages = set()
    last = None
    for s in states(players, seed):
        accounted(s)
        stages.add(s.stage)
        longest = max(longest, len(s.legal_moves()))
        last = s
    assert last is not None and last.is_terminal() and last.stage == 3
    assert stages == {1, 2, 3}
    assert [e["type"] for e in last.history[-1]["events"]][-1] == "final"
    assert longest <= 30  # every decision is a short list


@pytest.mark.parametrize(("players", "seed"), GAMES[:3])
def test_json_and_notation_round_trips(players: int, seed: int) -> None:
    for i, s in enumerate(states(players, seed)):
        if i % 7:
            continue
        assert from_json(s.to_json()) == s
        back = from_text("arraial", s.to_text())
        assert back.to_text() == s.to_text()
        view = s.view(s.current_player or 0)
        assert from_text("arraial", view.to_text()).to_text() == view.to_text()
        assert view.deck == sorted(view.deck)  # only the order is hidden


def test_the_same_seed_and_moves_give_the_same_game() -> None:
    *_, a = states(3, 9)
    *_, b = states(3, 9)
    assert a.to_json() == b.to_json()
    assert replay("arraial", a.setup, [e["move"] for e in a.history]).to_json() == a.to_json()
    other = make("arraial", players=3, seed=10)
    assert other.to_json() != make("arraial", players=3, seed=9).to_json()


def test_a_view_hides_the_deck_order_only() -> None:
    s = make("arraial", players=2, seed=4)
    assert isinstance(s, ArraialState)
    v = s.view(1)
    assert v.deck == sorted(s.deck) and v.slots == s.slots and v.face_up == s.face_up
    dealt = {tuple(v.determinize(k).deck) for k in range(8)}  # type: ignore[attr-defined]
    assert len(dealt) > 1 and all(sorted(d) == v.deck for d in dealt)
