"""Día de Playa's moves: small frozen values with one canonical text each.

A turn is three small decisions (take, rotate, place); a player's first card two (side,
rotate: it is laid on ``0,0`` at once).

================  ==============================================================
text              meaning
================  ==============================================================
``side a``        lay your first card on its face a (``side b``: face b)
``take 2``        take the market's card in slot 2 (slot 1 lies next to the deck)
``rotate 90``     turn the card 0, 90, 180 or 270 degrees clockwise
``place 3,-1``    lay the card with its top-left block on the beach's cell 3,-1
================  ==============================================================

Cells are ``x,y``: ``x`` columns to the right and ``y`` rows down (towards the sea) from
the first card's top-left block at ``0,0``.

>>> parse_move("TAKE 1"), str(parse_move("rotate  270")), str(parse_move("place 3,-1"))
(Take(slot=1), 'rotate 270', 'place 3,-1')
"""

from __future__ import annotations

from dataclasses import dataclass

from tablero.core import InvalidMoveError
from tablero.core.moves import remembered_by_text

from .data import FACE_LETTERS, MARKET_SIZE
from .scoring import GRID
from .shapes import ROTATIONS


@dataclass(frozen=True, slots=True)
class Side:
    """Lay the first card on this side (0 = a, 1 = b)."""

    side: int

    def __str__(self) -> str:
        return f"side {FACE_LETTERS[self.side]}"


@dataclass(frozen=True, slots=True)
class Take:
    """Take the market's card in ``slot`` (1 = next to the deck .. 3)."""

    slot: int

    def __str__(self) -> str:
        return f"take {self.slot}"


@dataclass(frozen=True, slots=True)
class Rotate:
    """Turn the card in hand ``degrees`` clockwise (0, 90, 180, 270)."""

    degrees: int

    def __str__(self) -> str:
        return f"rotate {self.degrees}"


@dataclass(frozen=True, slots=True)
class Place:
    """Lay the card in hand with its top-left block on ``x, y``."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"place {self.x},{self.y}"


DiaDePlayaMove = Side | Take | Rotate | Place

MOVE_WORDS = ("side", "take", "rotate", "place")


def parse_move(text: str) -> DiaDePlayaMove:
    """Read a move text (case and spacing are free).  Legality is not checked here."""
    return _read(text)


def _parse(text: str) -> DiaDePlayaMove:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is a text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidMoveError("empty move: try 'take 1', 'rotate 90' or 'place 3,-1'")
    head, args = words[0].lower(), words[1:]
    if head not in MOVE_WORDS:
        raise InvalidMoveError(
            f"unknown move {text.strip()!r}; moves start with one of: {', '.join(MOVE_WORDS)}"
        )
    if len(args) != 1:
        usage = {"side": "side a", "take": "take 1", "rotate": "rotate 90", "place": "place 3,-1"}
        raise InvalidMoveError(f"{text.strip()!r}: write it as '{usage[head]}'")
    arg = args[0].lower()
    if head == "side":
        if arg not in ("a", "b"):
            raise InvalidMoveError(f"{text.strip()!r}: a card's sides are a and b, not {args[0]!r}")
        return Side(FACE_LETTERS.index(arg))
    if head == "take":
        if not (arg.isascii() and arg.isdigit() and 1 <= int(arg) <= MARKET_SIZE):
            raise InvalidMoveError(
                f"{text.strip()!r}: the market's slots are 1 to {MARKET_SIZE} (1 next to the deck)"
            )
        return Take(int(arg))
    if head == "rotate":
        if not (arg.isascii() and arg.isdigit() and int(arg) in ROTATIONS):
            raise InvalidMoveError(
                f"{text.strip()!r}: a card turns 0, 90, 180 or 270 degrees, not {args[0]!r}"
            )
        return Rotate(int(arg))
    x, y = GRID.parse_xy(arg)
    if not GRID.in_range(x, y):
        raise InvalidMoveError(f"{text.strip()!r}: {arg} is too far from 0,0")
    return Place(x, y)


#: :func:`_parse` remembered by text (:func:`parse_move` reads through it).
_read = remembered_by_text(_parse)
