"""Día de Playa's notation (docs/notation-diadeplaya.md): a position read field by field
and written back, a beach edited by hand, move texts, and the problems named with their
line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablero.core import CorruptDataError, InvalidMoveError, from_text, make
from tablero.diadeplaya.data import BLOCK_OF_TOKEN, CRITERIA
from tablero.diadeplaya.scoring import GRID
from tablero.diadeplaya.shapes import face_name


def past_first_cards(state):
    """Lay every first card (side a, rotation 0) and return the state at the first take."""
    while state.phase in ("side", "rotate"):
        state = state.apply("side a" if state.phase == "side" else "rotate 0")
    return state


def test_the_notation_round_trips_and_reads_a_hand_edited_beach():
    state = past_first_cards(make("diadeplaya", players=2, seed=3, first_player=0))
    text = state.to_text()
    assert from_text("diadeplaya", text).to_text() == text
    # edit a block of player A's beach: the position is scored as written
    lines = text.splitlines()
    row = lines.index("beach A:") + 2  # after the column numbers
    y, *tokens = lines[row].split()
    edited = lines[:]
    edited[row] = f"  {y}" + "  Sv" * len(tokens)
    edited = [line for line in edited if not line.startswith("score:")]
    back = from_text("diadeplaya", "\n".join(edited))
    assert back.points[0]["surfers"] >= 2 * len(tokens)
    with pytest.raises(CorruptDataError, match="line"):
        from_text("diadeplaya", text.replace("market:", "market: 1a"))
    with pytest.raises(CorruptDataError, match="is not a block"):
        from_text("diadeplaya", "\n".join(edited).replace("Sv", "Zz", 1))
    with pytest.raises(CorruptDataError, match="scores"):
        from_text("diadeplaya", text.replace("score: A=", "score: A=9"))


DOC = (Path(__file__).resolve().parents[3] / "docs" / "notation-diadeplaya.md").read_text()
# the page's example: a 2-player game after both first cards and one turn of A
EXAMPLE = DOC.split("### Example\n")[1].split("```\n")[1]


def test_the_pages_position_reads_field_by_field() -> None:
    s = from_text("diadeplaya", EXAMPLE)
    assert (s.mode, s.n, s.player, s.phase, s.holding) == ("competitive", 2, 1, "take", None)
    assert s.criteria == CRITERIA and len(s.grids) == 2
    assert [[face_name(f) for f in laid] for laid in s.laid] == [["11a", "12a"], ["8b"]]
    assert [face_name(f) for f in s.market] == ["7b", "5b", "14b"] and s.deck_count == 12
    assert s.score == [-2, -3]
    assert s.points[0] == {"surfers": 4, "tourists": 0, "litter": -9, "trios": 3,
                           "umbrellas": 0, "sand": 0, "stalls": 0}  # fmt: skip
    assert s.grids[1][GRID.cell(1, 0)] == BLOCK_OF_TOKEN["S<"]  # a surfer looking left
    assert len(s.grids[0]) == 12 and len(s.grids[1]) == 6


def test_a_position_writes_back_exactly_what_it_read() -> None:
    s = from_text("diadeplaya", EXAMPLE)
    assert s.to_text() == EXAMPLE
    assert from_text("diadeplaya", s.to_text()) == s
    view = s.view(1)
    assert "deck: 12 hidden" in view.to_text() and "viewer: B" in view.to_text()
    assert from_text("diadeplaya", view.to_text()).to_text() == view.to_text()


def test_move_texts_read_back_in_every_decision() -> None:
    s = make("diadeplaya", players=2, seed=5)
    while not s.is_terminal():
        moves = s.legal_moves()
        assert [s.parse_move(str(m)) for m in moves] == moves
        s = s.apply(moves[len(moves) // 2])
    with pytest.raises(InvalidMoveError):
        s.parse_move("place here")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("diadeplaya 2p competitive", "diadeplaya 2p chess", "line 1: the first line must be"),
        ("criteria: all", "criteria: all\ncolour: red", "line 3: unknown field 'colour'"),
        ("  0  LG  S<", "  0  LG  Q<", "line 10: beach B: 'Q<' is not a block"),
        ("  0  LG  S<", "  0  LG  S<  ss", "line 10: beach B: row 0 needs 2 cells, not 3"),
        ("score: A=-2 B=-3", "score: A=5 B=-3", "line 17: this position scores A=-2 B=-3"),
    ],
)
def test_a_bad_line_is_named_with_its_number(old: str, new: str, message: str) -> None:
    assert old in EXAMPLE
    with pytest.raises(CorruptDataError, match="^" + re.escape(message)):
        from_text("diadeplaya", EXAMPLE.replace(old, new, 1))


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ("market: 7b 5b 14b", "market: 7b 5b 13a", "card 13 is both in the market and in the deck"),
        ("turn: B take", "turn: B place", "a 'place' decision needs a card in hand"),
    ],
)
def test_a_position_that_cannot_be_is_refused(old: str, new: str, message: str) -> None:
    with pytest.raises(CorruptDataError, match=re.escape(message)):
        from_text("diadeplaya", EXAMPLE.replace(old, new, 1))
