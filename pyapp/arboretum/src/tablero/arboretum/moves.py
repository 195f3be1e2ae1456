"""Arboretum's moves: small frozen values with one canonical text each.

================  ==============================================================
text              meaning
================  ==============================================================
``draw deck``     draw the top card of the deck
``draw B``        draw the top card of player B's discard pile (yours included)
``play Ca5 1,0``  play the Cassia 5 from your hand to your arboretum's cell 1,0
``discard Ca5``   discard the Cassia 5 to your own discard pile
================  ==============================================================

Cards are a species code and a value (``Ca5``, ``BS8``; see :mod:`.data`); cells are
``x,y`` with ``x`` to the right and ``y`` down from the first card at ``0,0``.
Players (seats 0-3) are the letters ``A``-``D``.

>>> parse_move("PLAY ca5 1,0")
Play(card=4, x=1, y=0)
>>> str(parse_move("draw b")), str(parse_move("discard bs8"))
('draw B', 'discard BS8')
"""

from __future__ import annotations

from dataclasses import dataclass

from tablero.core import PLAYERS as PLAYERS  # the seats' letters, re-exported
from tablero.core import InvalidMoveError
from tablero.core.moves import WordMove, remembered_by_text

from .cards import CARD_NAMES, parse_card
from .grid import parse_xy


# Draw the top card of the deck.
class DrawDeck(WordMove, word="draw deck"): ...


@dataclass(frozen=True, slots=True)
class DrawPile:
    """Draw the top card of ``seat``'s discard pile."""

    seat: int

    def __str__(self) -> str:
        return f"draw {PLAYERS[self.seat]}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` from the hand to the cell ``x, y`` of the arboretum."""

    card: int
    x: int
    y: int

    def __str__(self) -> str:
        return f"play {CARD_NAMES[self.card]} {self.x},{self.y}"


@dataclass(frozen=True, slots=True)
class Discard:
    """Discard ``card`` to the player's own discard pile."""

    card: int

    def __str__(self) -> str:
        return f"discard {CARD_NAMES[self.card]}"


ArboretumMove = DrawDeck | DrawPile | Play | Discard

MOVE_WORDS = ("draw", "play", "discard")


def parse_move(text: str) -> ArboretumMove:
    """Read a move text (case and spacing are free).  Legality is not checked here."""
    return _read(text)


def _parse(text: str) -> ArboretumMove:
    if not isinstance(text, str):
        raise InvalidMoveError(f"a move is a text, not {type(text).__name__}")
    words = text.split()
    if not words:
        raise InvalidMoveError("empty move: try 'draw deck', 'play Ca5 1,0' or 'discard Ca5'")
    head, args = words[0].lower(), words[1:]

    def expect(n: int, usage: str) -> None:
        if len(args) != n:
            raise InvalidMoveError(f"{text.strip()!r}: write it as '{usage}'")

    if head == "draw":
        expect(1, "draw deck' or 'draw <player A-D>")
        src = args[0].upper()
        if src == "DECK":
            return DrawDeck()
        if len(src) == 1 and src in PLAYERS:
            return DrawPile(PLAYERS.index(src))
        raise InvalidMoveError(
            f"{text.strip()!r}: draw from 'deck' or from a player's discard pile (A-D), "
            f"not {args[0]!r}"
        )
    if head == "play":
        expect(2, "play <card> <x,y>")
        c = parse_card(args[0])
        x, y = parse_xy(args[1])
        return Play(c, x, y)
    if head == "discard":
        expect(1, "discard <card>")
        return Discard(parse_card(args[0]))
    raise InvalidMoveError(
        f"unknown move {text.strip()!r}; moves start with one of: {', '.join(MOVE_WORDS)}"
    )


#: :func:`_parse` remembered by text (:func:`parse_move` reads through it).
_read = remembered_by_text(_parse)
