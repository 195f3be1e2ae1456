"""Arboretum's preview of a play, as the table shows it before the play is confirmed
(``ArboretumState.preview``, drawn by tablero.web.games.arboretum.table): for each
species, the best path's points now and with the card played, and the path's cells."""

from __future__ import annotations

import pytest
from support.arboretum_positions import state
from tablero.arboretum.grid import cell_name
from tablero.arboretum.scoring import best_path
from tablero.core import IllegalMoveError, Rng, make

HAND_A = "Ca1 Ca2 Ca3 BS1 BS2 BS3 CB1"
HAND_B = "Ca5 Ca6 Ca7 BS5 BS6 BS7 CB5"


def test_preview_shows_what_a_play_does_to_each_path() -> None:
    s = state({"A": ["Ma2 Ma3 Ma4"]}, {"A": HAND_A + " Ma5 Do1", "B": HAND_B}, turn="A play")
    p = s.preview("play Ma5 3,0")
    assert p["card"] == "Ma5" and p["cell"] == "3,0"
    ma = next(r for r in p["species"] if r["species"] == "Ma")
    assert (ma["before"], ma["after"]) == (3, 8)  # 3 cards, then 4 Maples in a row: 4x2
    assert ma["cells"] == ["0,0", "1,0", "2,0", "3,0"]
    assert s.apply("play Ma5 3,0").preview("discard Do1") == {}
    with pytest.raises(IllegalMoveError):
        s.preview("play Ma5 5,5")


def previews_along_random_games(seeds: range, every: int = 5):
    """``(state, move, preview)`` for every ``every``-th play of seeded random games."""
    for seed in seeds:
        s = make("arboretum", players=2 + seed % 3, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            if s.phase == "play":
                for move in s.legal_moves()[::every]:
                    yield s, move, s.preview(move)
            moves = s.legal_moves()
            s = s.apply(moves[rng.randbelow(len(moves))])


def test_before_and_after_are_the_best_paths_without_and_with_the_card() -> None:
    checked = 0
    for s, move, preview in previews_along_random_games(range(3)):
        me = s.current_player
        after = s.apply(move).arbs[me]
        assert preview["card"] == str(move).split()[1] and preview["cell"] == str(move).split()[2]
        assert len(preview["species"]) == s.species
        for species, row in enumerate(preview["species"]):
            points, path = best_path(after, species)
            assert row["before"] == best_path(s.arbs[me], species)[0]
            assert (row["after"], row["cells"]) == (points, [cell_name(c) for c in path])
            checked += 1
    assert checked > 1000


def test_the_table_previews_on_the_players_view_what_the_full_state_gives() -> None:
    """The table has only its player's view: the preview needs nothing hidden."""
    for s, move, preview in previews_along_random_games(range(3, 5), every=11):
        assert s.view(s.current_player).preview(move) == preview
