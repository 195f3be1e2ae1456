"""The move builder (tablero.web.widgets.moves): moves narrowed by their fields and keyed
by them, over any dataclass and over a game's legal moves."""

from __future__ import annotations

import doctest
from dataclasses import dataclass

from tablero.arboretum import Discard, DrawDeck, DrawPile, Play
from tablero.arribada import Claim, Pass, Pick, Place
from tablero.core import make
from tablero.web.widgets import moves
from tablero.web.widgets.moves import narrow, targets


def test_doctests() -> None:
    assert doctest.testmod(moves).failed == 0


def test_narrow_by_type_and_fields() -> None:
    moves = [Place(3, 0, 1), Place(3, 2, 2), Place(4, 0, 1), Claim(0, 1), Pass()]
    assert narrow(moves, Place, value=3) == [Place(3, 0, 1), Place(3, 2, 2)]
    assert narrow(moves, Place) == moves[:3]
    assert narrow(moves, Claim) == [Claim(0, 1)]
    assert narrow(moves, Pass) == [Pass()]
    assert narrow(moves, Place, value=9) == []
    # no type: any move with the fields; a move without a field never matches
    assert narrow(moves, row=0, col=1) == [Place(3, 0, 1), Place(4, 0, 1), Claim(0, 1)]
    assert narrow(moves, source="rack") == []
    assert narrow([Pick("rack", 3), Pick("display", 3)], Pick, source="display") == [
        Pick("display", 3)
    ]


def test_narrow_over_legal_moves() -> None:
    state = make("arboretum", players=2, seed=3)
    legal = state.legal_moves()
    assert narrow(legal, DrawDeck) == [m for m in legal if isinstance(m, DrawDeck)]
    assert narrow(legal, Play) == []
    assert narrow(legal, DrawPile, seat=0) == [m for m in legal if str(m) == "draw A"]


def test_targets_keys_moves_by_fields() -> None:
    plays = [Play(5, 0, 0), Play(5, 1, -1), Play(6, 0, 0)]
    assert targets(plays, field="x,y") == {"0,0": Play(6, 0, 0), "1,-1": Play(5, 1, -1)}
    assert targets(narrow(plays, Play, card=5), field="x, y") == {
        "0,0": Play(5, 0, 0),
        "1,-1": Play(5, 1, -1),
    }
    assert targets([Discard(5), Play(5, 2, 3)], field="x,y") == {"2,3": Play(5, 2, 3)}
    assert targets([Discard(5), Discard(7)], field="card") == {"5": Discard(5), "7": Discard(7)}
    assert targets([], field="x,y") == {}


def test_narrow_works_on_any_dataclass() -> None:
    @dataclass(frozen=True)
    class Put:
        value: int

    assert narrow([Put(1), Put(2), 3], Put, value=2) == [Put(2)]
