"""Arribada in words: names of seats and tiles, as the table, the log and the end
screen say them (plain text: escape before use)."""

from __future__ import annotations

from collections.abc import Sequence

from tablero.arribada.data import WILD

from ... import widgets
from ...plugin import Seat, Translate

SEAT_KEYS = widgets.SeatKeys("arribada.seat.default", "arribada.seat.you", "arribada.seat.to_play")


def seat_name(seats: Sequence[Seat], p: int | None, t: Translate) -> str:
    """Seat ``p``'s name (plain text, escape before use), or a stand-in."""
    return widgets.seat_name(seats, p, t, SEAT_KEYS.default)


def tile_words(value: int | str | None, t: Translate) -> str:
    """``a 4`` / ``an 8`` / ``a wild`` / ``a tile`` in the catalog's language."""
    if value is None or value == 0:
        return t("arribada.tile.hidden")
    if value == WILD or value == "wild":
        return t("arribada.tile.wild")
    return t(f"arribada.tile.{value}")
