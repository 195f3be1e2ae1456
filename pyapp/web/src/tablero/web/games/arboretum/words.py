"""Arboretum in words: names of seats, species, cards and places, as the table, the log
and the end screen say them (plain text: escape before use)."""

from __future__ import annotations

from collections.abc import Sequence

from tablero.arboretum.cards import CARD_NAMES, parse_card, species, value
from tablero.arboretum.data import CODES
from tablero.core import InvalidMoveError

from ... import widgets
from ...plugin import Seat, Translate

HIDDEN = -1
SEAT_KEYS = widgets.SeatKeys(
    "arboretum.seat.default", "arboretum.seat.you", "arboretum.seat.to_play"
)


def seat_name(seats: Sequence[Seat], p: int | None, t: Translate) -> str:
    """Seat ``p``'s name (plain text, escape before use), or a stand-in."""
    return widgets.seat_name(seats, p, t, SEAT_KEYS.default)


def species_name(s: int | str, t: Translate) -> str:
    code = CODES[s] if isinstance(s, int) else s
    return t(f"arboretum.species.{code}")


def card_words(c: int | str | None, t: Translate) -> str:
    """``Maple 5`` in the catalog's language; ``a card`` when hidden."""
    if c is None or c == HIDDEN:
        return t("arboretum.card.hidden")
    if isinstance(c, str):
        try:
            card = parse_card(c)
        except InvalidMoveError:
            return c
        c = card
    return t("arboretum.card.name", species=species_name(species(c), t), value=value(c))


def cards_words(cards: Sequence[int | str], t: Translate) -> str:
    return t("arboretum.sep.path").join(card_words(c, t) for c in cards)


def cell_words(cell: str | None, t: Translate) -> str:
    """Where a cell of an arboretum is, in words, from the player's first card:
    ``2 right, 1 up from the first card`` (cells are ``x,y``, y growing downwards)."""
    try:
        x, y = (int(v) for v in str(cell).split(","))
    except ValueError:
        return str(cell)
    parts = []
    if x:
        parts.append(t("arboretum.where.right" if x > 0 else "arboretum.where.left", n=abs(x)))
    if y:
        parts.append(t("arboretum.where.down" if y > 0 else "arboretum.where.up", n=abs(y)))
    if not parts:
        return t("arboretum.where.first")
    return t("arboretum.where", where=t("arboretum.where.join").join(parts))


def card_labels(t: Translate) -> dict[int, str]:
    return {c: card_words(c, t) for c in range(len(CARD_NAMES))}
