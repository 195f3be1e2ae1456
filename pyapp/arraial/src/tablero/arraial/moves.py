"""Arraial's moves: small frozen values with one canonical text each.

======================  ===================================================================
text                    meaning
======================  ===================================================================
``rotate``              turn the octagon a quarter turn clockwise (1 action point)
``take 2``              choose the card in octagon slot 2 (1-3) to place its piece
``end``                 end the turn (once the minimum placements are made, or nothing fits)
``land c1 d1 e1 d2``    put the chosen card's piece on these cells (1 action point)
``back``                put the chosen card back (no cost)
``fill 1 T2``           refill empty octagon slot 1 with the face-up card T2
======================  ===================================================================

Cells are a column a-f and a row 1-14 from the bottom (``c1``); a landing lists its
cells sorted by row, then column.  Slots are numbered 1-3 in the texts and 0-2 in the
values' ``slot`` fields.  Card codes are a shape letter and a copy number (``T2``).

>>> str(parse_move("LAND d2 c1  e1 d1"))
'land c1 d1 e1 d2'
>>> parse_move("take 3")
Take(slot=2)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablero.core import InvalidMoveError
from tablero.core.moves import WordMove, remembered_by_text

from .data import CARD_CODES, SLOTS
from .shapes import Cells
from .street import cell_name, parse_cell

__all__ = ["ArraialMove", "Back", "End", "Fill", "Land", "Rotate", "Take", "parse_move"]

_CARD_BY_CODE = {code.lower(): c for c, code in enumerate(CARD_CODES)}


@dataclass(frozen=True, slots=True)
class Take:
    """Choose the card in octagon slot ``slot`` (0-2) to place its piece."""

    slot: int

    def __str__(self) -> str:
        return f"take {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class Land:
    """Put the chosen card's piece on ``cells`` (sorted by row, then column).

    Two landings are equal when their cells are; ``column`` (the drop's leftmost column),
    ``slide`` (signed columns slid after the drop) and ``above_bar`` describe how the
    landing is reached (filled in by the state's generator and ``read_move``; -1, 0 and
    False on a value built from the text alone)."""

    cells: Cells
    column: int = field(default=-1, compare=False)
    slide: int = field(default=0, compare=False)
    above_bar: bool = field(default=False, compare=False)

    def __str__(self) -> str:
        return "land " + " ".join(cell_name(x, y) for x, y in self.cells)


@dataclass(frozen=True, slots=True)
class Fill:
    """Refill the empty octagon slot ``slot`` (0-2) with the face-up ``card``."""

    slot: int
    card: int

    def __str__(self) -> str:
        return f"fill {self.slot + 1} {CARD_CODES[self.card]}"


# Turn the octagon a quarter turn clockwise.
class Rotate(WordMove, word="rotate"): ...


# End the turn.
class End(WordMove, word="end"): ...


# Put the chosen card back on the octagon (no cost).
class Back(WordMove, word="back"): ...


ArraialMove = Rotate | Take | End | Land | Back | Fill

MOVE_WORDS = ("rotate", "take", "end", "land", "back", "fill")


def parse_card(text: str) -> int:
    """A card id from its code (``T2``; any case)."""
    c = _CARD_BY_CODE.get(text.strip().lower())
    if c is None:
        raise InvalidMoveError(f"{text!r} is not a card (a shape I O T L S J Z V and 1-3, like T2)")
    return c


def _slot(text: str, move: str) -> int:
    if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= SLOTS:
        raise InvalidMoveError(f"{move!r}: the octagon's slots are 1 to {SLOTS}, not {text!r}")
    return int(text) - 1


def parse_move(text: str) -> ArraialMove:
    """Read a move text (case and spacing are free).  Legality is not checked here."""
    return _read(text)


def _parse(text: str) -> ArraialMove:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is a text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidMoveError("empty move: try 'rotate', 'take 1', 'land c1 d1 e1 d2' or 'end'")
    head, args = words[0].lower(), words[1:]
    shown = text.strip()

    def expect(n: int, usage: str) -> None:
        if len(args) != n:
            raise InvalidMoveError(f"{shown!r}: write it as '{usage}'")

    if head in ("rotate", "end", "back"):
        expect(0, head)
        return Rotate() if head == "rotate" else End() if head == "end" else Back()
    if head == "take":
        expect(1, "take <slot 1-3>")
        return Take(_slot(args[0], shown))
    if head == "fill":
        expect(2, "fill <slot 1-3> <card>")
        return Fill(_slot(args[0], shown), parse_card(args[1]))
    if head == "land":
        if not 3 <= len(args) <= 4:
            raise InvalidMoveError(
                f"{shown!r}: a landing names the piece's 3 or 4 cells (c1 d1 e1)"
            )
        try:
            cells = [parse_cell(a) for a in args]
        except ValueError as exc:
            raise InvalidMoveError(f"{shown!r}: {exc}") from exc
        if len(set(cells)) != len(cells):
            raise InvalidMoveError(f"{shown!r}: a cell is named twice")
        return Land(tuple(sorted(cells, key=lambda c: (c[1], c[0]))))
    raise InvalidMoveError(
        f"unknown move {shown!r}; moves start with one of: {', '.join(MOVE_WORDS)}"
    )


#: :func:`_parse` remembered by text (:func:`parse_move` reads through it).
_read = remembered_by_text(_parse)
