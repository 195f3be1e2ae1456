"""Día de Playa in words: names of seats, teams, cards, criteria and places, as the
table, the log and the end screen say them (plain text: escape before use)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tablero.diadeplaya.data import (
    CRITERIA,
    FACE_COLS,
    LIFEGUARD,
    LITTER,
    SAND,
    STALL,
    SURFER,
    TOURIST,
    UMBRELLA,
)
from tablero.diadeplaya.shapes import face_blocks

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


#: Each kind of block's words (a figure's by its facing: up, right, down to the sea,
#: left; a stall's by its type), as catalog keys.
_BLOCK_KEYS = {
    SAND: ("diadeplaya.block.sand",),
    SURFER: ("diadeplaya.block.surfer.up", "diadeplaya.block.surfer.right",
             "diadeplaya.block.surfer.down", "diadeplaya.block.surfer.left"),
    TOURIST: ("diadeplaya.block.tourist.up", "diadeplaya.block.tourist.right",
              "diadeplaya.block.tourist.down", "diadeplaya.block.tourist.left"),
    LIFEGUARD: ("diadeplaya.block.lifeguard",),
    UMBRELLA: ("diadeplaya.block.umbrella",),
    STALL: ("diadeplaya.block.stall.empanadas", "diadeplaya.block.stall.choclo",
            "diadeplaya.block.stall.helado"),
    LITTER: ("diadeplaya.block.litter",),
}  # fmt: skip


def block_words(block: int, t: Translate) -> str:
    """One block in words: ``surfer facing the sea``, ``corn stall (C)``, ``sand``."""
    keys = _BLOCK_KEYS[block >> 2]
    return t(keys[block & 3 if len(keys) > 1 else 0])


def face_words(face: int, t: Translate) -> str:
    """What a card face shows, unturned, in words: its top row, then its bottom row (the
    one towards the sea), each block by its kind and a figure's facing."""
    blocks = face_blocks(face)
    sep = t("diadeplaya.sep.list")
    top, bottom = (
        sep.join(block_words(b, t) for b in blocks[r * FACE_COLS : (r + 1) * FACE_COLS])
        for r in (0, 1)
    )
    return t("diadeplaya.face.rows", top=top, bottom=bottom)


def beach_owner(mode: str, b: int, seats: Sequence[Seat], t: Translate) -> str:
    """Whose beach ``b`` is: the shared beach (cooperative), the player's own
    (solitaire), or a seat's."""
    if mode == "solitaire":
        return t("diadeplaya.board.yours")
    if mode == "cooperative":
        return t("diadeplaya.beach.shared")
    return t("diadeplaya.beach.of", name=seat_name(seats, b, t))


def team_name(team: int, seats: Sequence[Seat], t: Translate) -> str:
    """Teams play: ``Ana and Cy`` (seats 0+2, or 1+3)."""
    return t("diadeplaya.team.name", a=seat_name(seats, team, t), b=seat_name(seats, team + 2, t))
