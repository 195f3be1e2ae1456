"""Arribada's moves: small frozen values with one canonical text each.

============================  =========================================================
text                          meaning
============================  =========================================================
``place 3 c4``                place a 3 from your rack on the playa cell c4
``claim c4``                  claim the neutral tile on c4
``capture c4``                capture the opponent's tile on c4
``decline``                   do not take the extra action a 2 gave you
``pass``                      no action is possible: pass the turn
``draw bag``                  draw back one tile from the bag
``draw 3``                    draw back the 3 from the display
``refresh``                   spend your refresh seashell (then pick tiles, then confirm)
``pick rack 3``               set aside a 3 from your rack for the refresh
``pick rack ?``               another player's rack pick, as the others see it
``pick display 3``            set aside a 3 from the display for the refresh
``confirm``                   swap the picked tiles with tiles from the bag
``end``                       end the turn without spending the refresh seashell
============================  =========================================================

Cells are a column letter and a row number from the top (``a1`` is the top-left).
Moves name values and cells, never rack slots: two 3s on a rack give one
``place 3 c4``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tablero.core import InvalidMoveError
from tablero.core.moves import WordMove, remembered_by_text

from .board import COLUMNS, parse_cell_name


def _cell(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{row + 1}"


@dataclass(frozen=True, slots=True)
class Place:
    """Place a tile of ``value`` from the rack on the cell (``place 3 c4``)."""

    value: int
    row: int
    col: int

    def __str__(self) -> str:
        return f"place {self.value} {_cell(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class Claim:
    """Claim the neutral tile on the cell (``claim c4``)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"claim {_cell(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class Capture:
    """Capture an opponent's tile on the cell (``capture c4``)."""

    row: int
    col: int

    def __str__(self) -> str:
        return f"capture {_cell(self.row, self.col)}"


@dataclass(frozen=True, slots=True)
class DrawDisplay:
    """Draw back the tile of ``value`` from the display (``draw 3``)."""

    value: int

    def __str__(self) -> str:
        return f"draw {self.value}"


# Do not take the extra action a claimed 2 gave (``decline``).
class Decline(WordMove, word="decline"): ...


# No action is possible: pass the turn (``pass``).
class Pass(WordMove, word="pass"): ...


# Draw back one tile from the bag (``draw bag``).
class DrawBag(WordMove, word="draw bag"): ...


# Spend the refresh seashell (``refresh``).
class Refresh(WordMove, word="refresh"): ...


@dataclass(frozen=True, slots=True)
class Pick:
    """Set aside a tile of ``value`` from the rack or the display for the refresh
    (``pick rack 3``).  Value 0: a rack pick as the other players see it (``pick rack
    ?``), which a view follows and no player can play."""

    source: Literal["rack", "display"]
    value: int

    def __str__(self) -> str:
        return f"pick {self.source} {self.value or '?'}"


# Swap the picked tiles with tiles from the bag (``confirm``).
class Confirm(WordMove, word="confirm"): ...


# End the turn without spending the refresh seashell (``end``).
class EndTurn(WordMove, word="end"): ...


ArribadaMove = (
    Place
    | Claim
    | Capture
    | Decline
    | Pass
    | DrawBag
    | DrawDisplay
    | Refresh
    | Pick
    | Confirm
    | EndTurn
)

MOVE_WORDS = (
    "place",
    "claim",
    "capture",
    "decline",
    "pass",
    "draw",
    "refresh",
    "pick",
    "confirm",
    "end",
)


def _value(text: str, what: str) -> int:
    if text not in ("1", "2", "3", "4", "5", "6", "7", "8"):
        raise InvalidMoveError(f"{what} must be a tile value from 1 to 8, not {text!r}")
    return int(text)


def parse_move(text: str, size: int) -> ArribadaMove:
    """Read a move text (case and spacing are free).  Legality is not checked here.

    >>> parse_move("Place 3  C4", 8)
    Place(value=3, row=3, col=2)
    >>> str(parse_move("draw display 5", 8))
    'draw 5'
    """
    return _read(text, size)


def _parse(text: str, size: int) -> ArribadaMove:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is a text, not {type(text).__name__}")
    words = text.strip().lower().split()
    if not words:
        raise InvalidMoveError("empty move: try 'place 3 c4', 'claim c4' or 'pass'")
    head, args = words[0], words[1:]

    def expect(n: int, usage: str) -> None:
        if len(args) != n:
            raise InvalidMoveError(f"{text.strip()!r}: write it as '{usage}'")

    if head == "place":
        expect(2, "place <value> <cell>")
        return Place(_value(args[0], "the tile to place"), *parse_cell_name(args[1], size))
    if head == "claim":
        expect(1, "claim <cell>")
        return Claim(*parse_cell_name(args[0], size))
    if head == "capture":
        expect(1, "capture <cell>")
        return Capture(*parse_cell_name(args[0], size))
    if head == "draw":
        if args == ["bag"]:
            return DrawBag()
        if len(args) == 2 and args[0] == "display":
            args = args[1:]
        expect(1, "draw bag' or 'draw <value>")
        return DrawDisplay(_value(args[0], "the display tile to draw"))
    if head == "pick":
        expect(2, "pick rack <value>' or 'pick display <value>")
        if args[0] not in ("rack", "display"):
            raise InvalidMoveError(f"{text.strip()!r}: pick from 'rack' or 'display'")
        source: Literal["rack", "display"] = "rack" if args[0] == "rack" else "display"
        if args == ["rack", "?"]:
            return Pick("rack", 0)  # another player's rack pick, as a view sees it
        return Pick(source, _value(args[1], "the tile to pick"))
    simple: dict[str, ArribadaMove] = {
        "decline": Decline(),
        "pass": Pass(),
        "refresh": Refresh(),
        "confirm": Confirm(),
        "end": EndTurn(),
    }
    if head in simple:
        expect(0, head)
        return simple[head]
    raise InvalidMoveError(
        f"unknown move {text.strip()!r}; moves start with one of: {', '.join(MOVE_WORDS)}"
    )


#: :func:`_parse` remembered by text (:func:`parse_move` reads through it).
_read = remembered_by_text(_parse)
