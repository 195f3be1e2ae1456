"""Arboretum's notation (docs/notation-arboretum.md): positions read, checked and written
back, move texts, and every problem named with its line; JSON that cannot be read."""

from __future__ import annotations

import json

import pytest
from support.arboretum_positions import MIDDLE, position, state
from tablero.arboretum import parse_card
from tablero.arboretum.grid import cell
from tablero.core import CorruptDataError, InvalidMoveError, from_json, from_text, make

HAND_A = "Ca1 Ca2 Ca3 BS1 BS2 BS3 CB1"
HAND_B = "Ca5 Ca6 Ca7 BS5 BS6 BS7 CB5"


GOOD = position({"A": ["Ma1 Ma2"]}, {"A": HAND_A, "B": HAND_B})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty move"),
        ("jump", "unknown move 'jump'"),
        ("draw", "write it as 'draw deck' or 'draw <player A-D>'"),
        ("draw E", "draw from 'deck' or from a player's discard pile"),
        ("draw deck now", "write it as"),
        ("play Ca9 0,0", "'Ca9' is not a card"),
        ("play Xy5 0,0", "'Xy5' is not a card"),
        ("play Ca5 0;0", "'0;0' is not a cell"),
        ("play Ca5 a1", "'a1' is not a cell"),
        ("play Ca5", "write it as 'play <card> <x,y>'"),
        ("discard", "write it as 'discard <card>'"),
    ],
)
def test_unreadable_moves_are_invalid(text: str, message: str) -> None:
    s = state({}, {"A": HAND_A, "B": HAND_B})
    with pytest.raises(InvalidMoveError, match=message):
        s.parse_move(text)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda t: t.replace("arboretum 2p", "arboretum 5p"), "line 1: the first line must be"),
        (lambda t: t.replace("deck: rest", "deck: rest\nbag: 3"), "unknown field 'bag'"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 Ma2 Ma3"), "row 0 needs 2 cells, not 3"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 Mx2"), "'Mx2' in arboretum A is not a card"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 Ca1"), "Ca1 is both in"),
        (lambda t: t.replace("0 Ma1 Ma2", "0 . Ma2"), "no card on 0,0"),
        (lambda t: t.replace("   0 1", "   1 2"), "no card on 0,0"),
        (
            lambda t: t.replace("0 Ma1 Ma2", "0 Ma1 . Ma2").replace("   0 1", "   0 1 2"),
            "not connected",
        ),
        (
            lambda t: t.replace("hand A: Ca1 ", "hand A: "),
            "holds 6 cards, but the position needs 7",
        ),
        (lambda t: t.replace("deck: rest", "deck: Ma3"), "the position holds"),
        (lambda t: t.replace("deck: rest", "deck: 20 hidden"), "only possible in a player's view"),
        (lambda t: t.replace("turn: A draw 1", "turn: A draw"), "'A draw 1' or 'A draw 2'"),
        (lambda t: t.replace("turn: A draw 1", "turn: A dance"), "unknown decision 'dance'"),
        (lambda t: t.replace("turn: A draw 1", "turn: A over"), "the game ends only when"),
        (lambda t: t.replace("hand B: Ca5", "hand B: ? Ca5"), "'?' (a hidden card)"),
        (lambda t: t.replace("hand A: Ca1 ", "hand A: Wi1 "), "Wi1 (player A's hand) is not in"),
    ],
)
def test_bad_notation_names_the_problem(edit, message: str) -> None:
    assert from_text("arboretum", GOOD).to_text()  # the unedited position is fine
    with pytest.raises(CorruptDataError, match=message.replace("(", r"\(").replace(")", r"\)")):
        from_text("arboretum", edit(GOOD))


def test_notation_errors_carry_the_line_number() -> None:
    bad = GOOD.replace("hand B: Ca5", "hand B: Qq5")
    line = bad.splitlines().index(next(x for x in bad.splitlines() if "Qq5" in x)) + 1
    with pytest.raises(CorruptDataError, match=f"^line {line}: 'Qq5'"):
        from_text("arboretum", bad)


def test_bad_json_is_corrupt_data() -> None:
    s = make("arboretum", players=2, seed=1)
    data = json.loads(s.to_json())
    with pytest.raises(CorruptDataError, match="newer version of Tablero"):
        from_json(json.dumps({**data, "version": 2}))
    with pytest.raises(CorruptDataError, match="'Zz9' is not a card name"):
        from_json(json.dumps({**data, "hands": [["Zz9"], data["hands"][1]]}))
    with pytest.raises(CorruptDataError, match="the deck holds"):
        from_json(json.dumps({**data, "deck_count": 3}))
    with pytest.raises(CorruptDataError, match="scores are 0 until"):
        from_json(json.dumps({**data, "scores": [3, 0]}))
    with pytest.raises(CorruptDataError, match="rng"):
        from_json(json.dumps({**data, "rng": None}))


def test_a_position_written_by_hand_reads_field_by_field() -> None:
    s = from_text("arboretum", MIDDLE)
    assert (s.n, s.current_player, s.phase) == (2, 0, "play")
    cards = {name: parse_card(name) for name in ("Ma1", "Ma2", "Ma3", "Do6", "CB4", "Do4")}
    assert s.arbs[0] == {cell(0, 0): cards["Ma1"], cell(1, 0): cards["Ma2"],
                         cell(1, 1): cards["Ma3"]}  # fmt: skip
    assert s.arbs[1] == {cell(-1, 0): cards["Do6"], cell(0, 0): cards["CB4"]}
    assert [len(h) for h in s.hands] == [9, 7] and s.known == [[cards["Do4"]], []]
    assert s.discards == [[parse_card("Ma6")], [parse_card("BS5"), parse_card("Ca1")]]
    assert s.deck_count == 48 - 5 - 16 - 3  # "rest": every card not written elsewhere


def test_a_position_writes_back_what_it_read() -> None:
    s = from_text("arboretum", MIDDLE)
    text = s.to_text()
    assert from_text("arboretum", text) == s
    assert from_text("arboretum", text).to_text() == text
    # the hand keeps its known card, the piles their order (bottom to top)
    assert "hand A: Ca2 Ca7 BS8 CB2 Do1 Do4* Ja3 Ja6 Ma8\n" in text
    assert "discard B: BS5 Ca1\n" in text and "turn: A play\n" in text


def test_move_texts_read_in_any_case_and_spacing_and_write_canonically() -> None:
    s = from_text("arboretum", MIDDLE)
    for move in s.legal_moves():
        assert s.parse_move(str(move)) == move
        assert s.parse_move(str(move).upper()) == move
    assert str(s.parse_move("PLAY  ma8 1,2")) == "play Ma8 1,2"
