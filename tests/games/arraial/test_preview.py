"""Arraial's preview of a landing: one test per kind of outcome it reports (visitors, the
pair, rows completed, the bar lost), each checked against what the landing then does."""

from __future__ import annotations

import pytest
from support.arraial_positions import play, position
from tablero.arraial import ArraialState
from tablero.core import IllegalMoveError

NOTHING = {"visitors": [], "pair": None, "rows": 0, "whites": 0, "bar_lost": False,
           "whites_lost": 0}  # fmt: skip


def check_against_the_move(s: ArraialState, text: str) -> dict[str, object]:
    """The preview of ``text``, which must not change the state, and must agree with the
    events of the move once played."""
    before = s.to_json()
    preview = s.preview(text)
    assert s.to_json() == before
    after = play(s, text)
    events = after.history[-1]["events"]
    assert preview["visitors"] == [e["colour"] for e in events if e["type"] == "visitor"]
    assert preview["cells"] == text.split()[1:]
    return preview


def test_preview_of_a_plain_landing_reports_nothing() -> None:
    s = play(position(slots=("T1", "O1", "I1")), "take 1")
    assert check_against_the_move(s, "land b1 a2 b2 c2") == {
        "cells": ["b1", "a2", "b2", "c2"],
        **NOTHING,
    }


def test_preview_reports_a_visitor() -> None:
    s = position(streets={0: ["L1 L1 . . . .", "L1 . . . . .", "L1 . . . . ."]},
                 slots=("T1", "O1", "I1"), pairs="yellow -, blue -, green -, red -")  # fmt: skip
    s = play(s, "take 1")
    preview = check_against_the_move(s, "land c1 b2 c2 d2")
    assert preview["visitors"] == ["blue"]
    assert preview["pair"] == {"colour": "blue", "from": None}


def test_preview_reports_the_pair_taken_from_another_player() -> None:
    s = position(
        streets={0: ["I1 I1 I1 I1 O2 O2", ". . . . O2 O2"],
                 1: ["I1 I1 I1 I1 . .", "O2 O2 . . . .", "O2 O2 . . . ."]},
        visitors={0: "yellow@2", 1: "yellow@2"}, pairs="yellow A, blue -, green -, red -",
        player=1, slots=("O1", "T1", "S1"),
    )  # fmt: skip
    s = play(s, "take 1")
    preview = check_against_the_move(s, "land e1 f1 e2 f2")
    assert preview["visitors"] == [] and preview["pair"] == {"colour": "yellow", "from": 0}
    assert preview["rows"] == 1 and preview["whites"] == 1  # row 1 completed too


def test_preview_reports_a_completed_row_and_its_white_visitor() -> None:
    s = play(position(streets={0: ["I1 I1 I1 I1 . ."]}, slots=("L1", "T1", "I2")), "take 1")
    preview = check_against_the_move(s, "land e1 f1 e2 e3")
    assert preview == {"cells": ["e1", "f1", "e2", "e3"], **NOTHING, "rows": 1, "whites": 1}


def test_preview_reports_the_bar_lost_with_its_whites() -> None:
    rows = [" ".join(f"O{1 + 3 * (y // 2) + i // 2}" for i in range(6)) for y in range(6)]
    s = position(players=4, streets={0: rows}, bars={0: 6}, bar_whites={0: 3},
                 slots=("I1", "T1", "L1"))  # fmt: skip
    s = play(s, "take 1")
    preview = check_against_the_move(s, "land a7 b7 c7 d7")
    assert preview["bar_lost"] is True and preview["whites_lost"] == 3


def test_preview_of_other_moves_is_empty_and_an_illegal_landing_is_refused() -> None:
    s = position(slots=("T1", "O1", "I1"))
    assert s.preview("rotate") == {} and s.preview("take 1") == {}
    s = play(s, "take 1")
    with pytest.raises(IllegalMoveError):
        s.preview("land a1 b1 c1 b2")
