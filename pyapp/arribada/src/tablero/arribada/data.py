"""Arribada's components, as data.

Everything here comes from the rulebook or from Tablero's rulings (RULINGS.md,
Arribada part); the values marked *(data)* there are reconstructions of the
physical board, kept in this one place so they can be corrected.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypedDict

from tablero.core import Ruling

#: Tile values.  ``WILD`` is a face-down (captured) tile; ``EMPTY`` marks no tile.
EMPTY = 0
WILD = 9
VALUES = tuple(range(1, 9))

#: How many tiles of each value the bag holds at the start (110 in all).
TILE_SUPPLY = MappingProxyType({1: 15, 2: 15, 3: 15, 4: 15, 5: 15, 6: 15, 7: 10, 8: 10})

#: Strength of a tile for claiming and capturing: the 1 counts 10, the 7 and 8 count
#: nothing, a wild counts nothing.
STRENGTH = (0, 10, 2, 3, 4, 5, 6, 0, 0, 0)  # indexed by value; [0] empty, [9] wild

#: Turtle shells each player starts with, by player count.
SHELLS = MappingProxyType({2: 26, 3: 24, 4: 20})

#: Tiles on a full rack.
RACK_SIZE = 5

#: Face-up tiles along the shoreline (the display), for every player count (data).
DISPLAY_SIZE = 5

#: The tile that grants one extra action when placed or claimed.
EXTRA_ACTION_VALUE = 2

#: Quadrant majorities with 3-4 players: points for 1st, 2nd, 3rd and 4th place.
MAJORITY_PLACES = (20, 16, 10, 8)

#: Quadrant majorities with 2 players: the leader's points...
MAJORITY_2P_LEADER = 10


def majority_2p_second(count: int) -> int:
    """...and the other player's points by how many tiles they have there."""
    if count == 0:
        return -10
    if count <= 2:
        return -5
    if count == 3:
        return -2
    return 0


#: Quadrant names, in the index order ``2 * (row in lower half) + (col in right half)``.
QUADRANTS = ("nw", "ne", "sw", "se")


# --- the two boards (data) -------------------------------------------------------------
# Coordinates are (row, col) from the top-left, 0-based.  Only the north-west quadrant is
# listed; the other three are its rotations by 90 degrees clockwise about the centre.


class BoardSpec(TypedDict):
    """One board: its size, the roca grande, the NW quadrant's nidos and pre-filled nidos."""

    size: int
    rock: tuple[tuple[int, int], ...]
    nw_nidos: tuple[tuple[int, int], ...]
    nw_prefilled: dict[int, tuple[tuple[int, int], ...]]


BOARD_SPECS: Mapping[str, BoardSpec] = MappingProxyType(
    {
        "blue": {
            "size": 8,
            "rock": ((3, 3), (3, 4), (4, 3), (4, 4)),
            "nw_nidos": ((1, 2), (2, 0)),
            # pre-filled nidos in the NW quadrant, by player count
            "nw_prefilled": {2: ((1, 2),)},
        },
        "green": {
            "size": 10,
            "rock": ((4, 4), (4, 5), (5, 4), (5, 5)),
            "nw_nidos": ((1, 2), (3, 1), (2, 4)),
            "nw_prefilled": {3: ((1, 2),), 4: ((1, 2), (3, 1))},
        },
    }
)

#: Which board each player count uses.
BOARD_FOR_PLAYERS = MappingProxyType({2: "blue", 3: "green", 4: "green"})

#: The decisions of a turn (``decision``), ``over`` once the game has ended.
DECISION_NAMES = ("action", "extra", "draw", "end", "refresh", "over")

#: The variants: ``beginner`` plays without capture.
VARIANTS = ("standard", "beginner")


# --- Tablero's rulings ------------------------------------------------------------------
# Where the rulebook is silent or ambiguous, the one reading Tablero plays, by name (the
# anchor in docs/rulings/arribada.md, the paragraph ``arribada.rules.ruling.<name>`` of the
# rules help, the tests in tests/games/arribada/test_rulings.py), in the rules help's order.

RULINGS: tuple[Ruling, ...] = (
    Ruling("boards", about=("BOARD_SPECS", "BOARD_FOR_PLAYERS", "DISPLAY_SIZE")),
    Ruling("components", about=("TILE_SUPPLY", "SHELLS")),
    Ruling("first"),
    Ruling("spawn"),
    Ruling("claim"),
    Ruling("capture"),
    Ruling("extra"),
    Ruling("pass"),
    Ruling("draw"),
    Ruling("refresh"),
    Ruling("sequence"),
    Ruling("set"),
    Ruling("negative"),
    Ruling("end"),
    Ruling("stranded"),
    Ruling("majority34"),
    Ruling("majority2"),
    Ruling("tie"),
    Ruling("hidden"),
)
