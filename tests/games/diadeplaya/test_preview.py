"""Día de Playa's preview of a placement, as the table shows it before the card is laid
(``DiaDePlayaState.preview``, drawn by tablero.web.games.diadeplaya.table): each
criterion's points on the beach before and after, and the scores."""

from __future__ import annotations

import pytest
from tablero.core import IllegalMoveError, Rng, make


def past_first_cards(state):
    """Lay every first card (side a, rotation 0) and return the state at the first take."""
    while state.phase in ("side", "rotate"):
        state = state.apply("side a" if state.phase == "side" else "rotate 0")
    return state


# --- preview, views, notation ---------------------------------------------------------------


def test_preview_gives_each_criterions_change_for_a_placement():
    state = past_first_cards(make("diadeplaya", players=2, seed=13, first_player=0))
    state = state.apply("take 2").apply("rotate 90")
    with pytest.raises(IllegalMoveError, match="not possible now"):
        state.preview("rotate 90")
    for move in state.legal_moves()[:12]:
        preview = state.preview(move)
        after = state.apply(move)
        b = state.beach_of(state.player)
        assert {r["criterion"]: r["after"] for r in preview["criteria"]} == after.points[b]
        assert {r["criterion"]: r["before"] for r in preview["criteria"]} == state.points[b]
        assert preview["scores"] == {"before": state.scores(), "after": after.scores()}
    with pytest.raises(IllegalMoveError):
        state.preview("place 40,40")


def previews_along_a_random_game(mode: str, players: int, seed: int):
    """``(state, move, preview)`` for a few placements of each turn of a seeded game."""
    s = make("diadeplaya", players=players, seed=seed, mode=mode)
    rng = Rng(seed)
    while not s.is_terminal():
        if s.phase == "place":
            for move in s.legal_moves()[::9]:
                yield s, move, s.preview(move)
        moves = s.legal_moves()
        s = s.apply(moves[rng.randbelow(len(moves))])


@pytest.mark.parametrize(("mode", "players"), [("competitive", 3), ("teams", 4), ("solitaire", 1)])
def test_each_placements_preview_is_what_laying_the_card_gives(mode: str, players: int) -> None:
    checked = 0
    for s, move, preview in previews_along_a_random_game(mode, players, 4):
        after = s.apply(move)
        beach = s.beach_of(s.player)
        assert preview["scores"] == {"before": s.scores(), "after": after.scores()}
        rows = {r["criterion"]: (r["before"], r["after"]) for r in preview["criteria"]}
        assert rows == {c: (s.points[beach][c], after.points[beach][c]) for c in s.criteria}
        checked += 1
    assert checked > 20


def test_the_table_previews_on_the_players_view_what_the_full_state_gives() -> None:
    """The table has only its player's view (the deck hidden): the preview needs nothing
    hidden."""
    for s, move, preview in previews_along_a_random_game("competitive", 2, 6):
        assert s.view(s.player).preview(move) == preview
