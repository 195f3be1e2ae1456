"""Día de Playa in words: names of seats, teams, cards, criteria and places, as the
table, the log and the end screen say them (plain text: escape before use)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablero.diadeplaya.data import CRITERIA

from ... import widgets
from ...plugin import Seat, Translate

SEAT_KEYS = widgets.SeatKeys(
    "diadeplaya.seat.default", "diadeplaya.seat.you", "diadeplaya.seat.to_play"
)


def seat_name(seats: Sequence[Seat], p: int | None, t: Translate) -> str:
    """Seat ``p``'s name (plain text, escape before use), or a stand-in."""
    return widgets.seat_name(seats, p, t, SEAT_KEYS.default)


def names_list(seats: Sequence[Seat], players: Iterable[int], t: Translate) -> str:
    return t("diadeplaya.sep.list").join(seat_name(seats, p, t) for p in players)


def criterion_name(name: str, t: Translate) -> str:
    """``surfers`` in the catalog's language (any other text as it is)."""
    return t(f"diadeplaya.criterion.{name}") if name in CRITERIA else str(name)


def card_words(face: str | None, t: Translate) -> str:
    """A face by its name (``7a``): ``card 7a``."""
    if not face:
        return t("diadeplaya.card.hidden")
    return t("diadeplaya.card.name", face=str(face))


def place_words(cell: str) -> str:
    """A place ``x,y`` as the notation writes it (column, then row towards the sea)."""
    return str(cell)


def beach_owner(mode: str, b: int, seats: Sequence[Seat], t: Translate) -> str:
    """Whose beach ``b`` is: the shared beach, or a seat's."""
    if mode in ("cooperative", "solitaire"):
        return t("diadeplaya.beach.shared")
    return t("diadeplaya.beach.of", name=seat_name(seats, b, t))


def team_name(team: int, seats: Sequence[Seat], t: Translate) -> str:
    """Teams play: ``Ana and Cy`` (seats 0+2, or 1+3)."""
    return t("diadeplaya.team.name", a=seat_name(seats, team, t), b=seat_name(seats, team + 2, t))
