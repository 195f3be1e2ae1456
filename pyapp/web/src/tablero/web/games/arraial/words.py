"""Arraial in words: names of seats, colours, cards and cells, as the table, the log and
the end screen say them (plain text: escape before use)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablero.arraial.data import CARD_CODES, CARDS, SHAPE_COLOUR
from tablero.arraial.street import cell_name

from ... import widgets
from ...plugin import Seat, Translate

SEAT_KEYS = widgets.SeatKeys("arraial.seat.default", "arraial.seat.you", "arraial.seat.to_play")


def seat_name(seats: Sequence[Seat], p: int | None, t: Translate) -> str:
    """Seat ``p``'s name (plain text, escape before use), or a stand-in."""
    return widgets.seat_name(seats, p, t, SEAT_KEYS.default)


def colour_name(colour: str, t: Translate) -> str:
    """``yellow`` in the catalog's language."""
    return t(f"arraial.colour.{colour}")


def card_words(card: int | str | None, t: Translate) -> str:
    """A card by its id or code: ``the blue T card (T2)``."""
    if card is None:
        return t("arraial.card.hidden")
    if isinstance(card, int):
        c = card
    elif str(card).upper() in CARD_CODES:
        c = CARD_CODES.index(str(card).upper())
    else:
        return str(card)
    shape, _ = CARDS[c]
    return t(
        "arraial.card.name",
        shape=shape,
        colour=colour_name(SHAPE_COLOUR[shape], t),
        code=CARD_CODES[c],
    )


def cells_words(cells: Iterable[tuple[int, int]]) -> str:
    """``c1 d1 e1 d2``: cells by row, then column."""
    return " ".join(cell_name(x, y) for x, y in sorted(cells, key=lambda c: (c[1], c[0])))


def names_list(seats: Sequence[Seat], players: Iterable[int], t: Translate) -> str:
    return t("arraial.sep.list").join(seat_name(seats, p, t) for p in players)
