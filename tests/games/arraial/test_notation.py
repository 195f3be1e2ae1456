"""Arraial's notation (docs/notation-arraial.md): a position read field by field and
written back, move texts, and the problems named with their line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tablero.arraial.data import CARD_CODES
from tablero.core import CorruptDataError, InvalidMoveError, from_json, from_text, make

DOC = (Path(__file__).resolve().parents[3] / "docs" / "notation-arraial.md").read_text()
# the page's example: B refills the octagon after placing an L; A has an L and an I
EXAMPLE = DOC.split("## The position notation\n\n```\n")[1].split("```")[0]


def with_line(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


def test_the_pages_position_reads_field_by_field() -> None:
    s = from_text("arraial", EXAMPLE)
    assert (s.n, s.stage, s.player, s.phase) == (2, 1, 1, "refill")
    assert (s.ap, s.placed, s.idle, s.backs, s.rotation) == (2, 1, 0, 0, 1)
    assert [CARD_CODES[c] if c is not None else None for c in s.slots] == ["S1", "S2", None]
    assert [CARD_CODES[c] for c in s.face_up] == ["V2", "Z1", "O2"]
    assert [CARD_CODES[c] for c in s.discards] == ["L2", "I1", "J1"] and s.deck_count == 8
    assert s.bar == [8, 8] and s.whites_lost == 0 and set(s.pairs.values()) == {None}
    assert [(p.shape, p.colour) for p in s.pieces[0]] == [("L", "blue"), ("I", "yellow")]
    assert s.pieces[0][1].cells == ((5, 0), (5, 1), (5, 2), (5, 3))  # f1-f4, bottom up
    assert [(p.shape, len(p.cells)) for p in s.pieces[1]] == [("J", 4)]
    assert s.score == [0, 0]


def test_a_position_writes_back_exactly_what_it_read() -> None:
    s = from_text("arraial", EXAMPLE)
    assert s.to_text() == EXAMPLE
    assert from_text("arraial", s.to_text()) == s
    # fields in another order, comments and blank lines read the same
    lines = EXAMPLE.splitlines()
    shuffled = "\n".join([lines[0], "; a comment", "", lines[4], lines[3], lines[2],
                          lines[1], *lines[5:]])  # fmt: skip
    assert from_text("arraial", shuffled) == s


def test_every_position_of_a_game_writes_back_and_its_moves_read_back() -> None:
    s = make("arraial", players=3, seed=9)
    for step in range(60):
        assert from_text("arraial", s.to_text()).to_text() == s.to_text(), step
        moves = s.legal_moves()
        assert [s.parse_move(str(m)) for m in moves] == moves
        s = s.apply(moves[step % len(moves)])


@pytest.mark.parametrize(
    ("old", "new", "line", "words"),
    [
        ("arraial 2p, phase 1 of 3", "arraial 5p, phase 1 of 3", 1, "the first line must be"),
        ("turn: B refill", "turn: C refill", 2, "'C' is not a player"),
        ("octagon: rotation 1", "octagon: rotation 5", 3, "write the octagon as"),
        ("whites lost: 0", "whites lost: 0\ncolour: red", 9, "unknown field 'colour'"),
        ("  2   .  L1  L1  L1   .  I2", "  2   .  L1  L1  Q1   .  I2", 22, "'Q1' is not a cell"),
    ],
)
def test_a_bad_line_is_named_with_its_number(old: str, new: str, line: int, words: str) -> None:
    with pytest.raises(CorruptDataError, match=f"^line {line}: .*{re.escape(words)}"):
        from_text("arraial", with_line(EXAMPLE, old, new))


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ("street A: bar 8", "street A: bar 3", "a piece above the level bar"),
        ("   1   .  L1   .   .   .  I2", "   1   .  L1   .   .  L1  I2", "are not a L piece"),
        ("deck: V1 L1", "deck: V1 V1 L1", "V1 is both in the deck and in the deck"),
    ],
)
def test_a_position_that_cannot_be_is_refused(old: str, new: str, words: str) -> None:
    with pytest.raises(CorruptDataError, match=re.escape(words)):
        from_text("arraial", with_line(EXAMPLE, old, new))
    with pytest.raises(CorruptDataError, match="empty Arraial position"):
        from_text("arraial", "")


@pytest.mark.parametrize(
    "text", ["", "jump", "take 4", "take 0", "land a1", "land a1 b1 c1 z9", "end now"]
)
def test_a_move_text_that_is_no_move_is_invalid(text: str) -> None:
    s = make("arraial", players=2, seed=1)
    with pytest.raises(InvalidMoveError):
        s.parse_move(text)


def test_json_round_trips_and_a_newer_version_is_refused() -> None:
    s = from_text("arraial", EXAMPLE)
    assert from_json(s.to_json()) == s
    newer = s.to_json().replace('"version":1,', '"version":99,', 1)
    with pytest.raises(CorruptDataError, match="newer"):
        from_json(newer)
