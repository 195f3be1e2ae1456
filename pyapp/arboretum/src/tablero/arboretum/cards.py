"""The card model: a card is a small integer, ``species * 8 + (value - 1)``.

Cards are unique (one of each species and value), so an integer identifies a card;
its name is the species code followed by the value.

>>> card_name(card(1, 8)), value(card(1, 8)), species(card(1, 8))
('BS8', 8, 1)
>>> parse_card("ca5") == card(0, 5)
True
"""

from __future__ import annotations

from tablero.core import InvalidMoveError

from .data import CODES

__all__ = ["card", "species", "value", "card_name", "parse_card", "CARD_NAMES", "all_cards"]

#: ``CARD_NAMES[c]`` is the name of card ``c`` (``"Ca1"`` .. ``"Wi8"``).
CARD_NAMES = tuple(f"{code}{v}" for code in CODES for v in range(1, 9))
_BY_NAME = {name.lower(): c for c, name in enumerate(CARD_NAMES)}


def card(species_index: int, value_: int) -> int:
    """The card of a species (0-based index into ``SPECIES``) and a value 1-8."""
    return species_index * 8 + value_ - 1


def species(c: int) -> int:
    return c >> 3


def value(c: int) -> int:
    return (c & 7) + 1


def card_name(c: int) -> str:
    return CARD_NAMES[c]


def all_cards(species_count: int) -> list[int]:
    """The cards of a game with the first ``species_count`` species."""
    return list(range(8 * species_count))


def parse_card(text: str) -> int:
    """A card from its name (any case); :class:`InvalidMoveError` naming the problem."""
    c = _BY_NAME.get(text.strip().lower())
    if c is None:
        codes = " ".join(CODES)
        raise InvalidMoveError(
            f"{text!r} is not a card: write a species code ({codes}) and a value 1-8, like Ca5"
        )
    return c
