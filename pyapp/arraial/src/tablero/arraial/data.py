"""Arraial's components and numbers, as data.

The Spanish rulebook gives the components and the turn; published sources confirm a
few numbers (phase 3's two placements, the octagon turning clockwise, 1 point per
visitor and 2 per pair).  Everything else is a reconstruction or a ruling of Tablero
(RULINGS.md, Arraial part), kept here in this one module so it can be corrected and so
the rules help can mark each value.  Each value says which it is:

* *(rulebook)*: the Spanish rulebook says so;
* *(published)*: a published source confirms it;
* *(Tablero ruling)* / *(reconstruction)*: our reading, where the sources are silent.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from tablero.core import PLAYERS as PLAYERS  # the seats' letters, re-exported
from tablero.core import Ruling

#: The street: 6 columns (a-f, x 0..5) by 14 rows (1-14, y 0..13, from the bottom).
#: *(reconstruction)*
WIDTH = 6
HEIGHT = 14
COLUMNS = "abcdef"

#: Where the level bar starts, as the number of rows below it, by player count.
#: *(reconstruction)*
BAR_START: Mapping[int, int] = MappingProxyType({2: 8, 3: 7, 4: 6})

#: How many rows the bar drops at the end of a phase.  *(rulebook)*  It also drops at
#: the end of phase 3, the end of the game.  *(Tablero ruling)*
BAR_DROP = 2

#: The four colours, in the order the notation and the JSON list them.
#: *(rulebook: four colours; names reconstructed)*
COLOURS = ("yellow", "blue", "green", "red")

#: The eight shapes (one-letter codes), their colour and their cells at 0 quarter turns
#: (x to the right, y up, normalised to min x = min y = 0).  ``V`` is the 3-cell L.
#: *(reconstruction: the rulebook shows 8 shapes, 2 per colour)*
SHAPES = ("I", "O", "T", "L", "S", "J", "Z", "V")
SHAPE_COLOUR: Mapping[str, str] = MappingProxyType(
    {
        "I": "yellow",
        "O": "yellow",
        "T": "blue",
        "L": "blue",
        "S": "green",
        "J": "green",
        "Z": "red",
        "V": "red",
    }
)
SHAPE_CELLS: Mapping[str, tuple[tuple[int, int], ...]] = MappingProxyType(
    {
        "I": ((0, 0), (1, 0), (2, 0), (3, 0)),
        "O": ((0, 0), (1, 0), (0, 1), (1, 1)),
        "T": ((1, 0), (0, 1), (1, 1), (2, 1)),
        "L": ((0, 0), (1, 0), (0, 1), (0, 2)),
        "S": ((0, 0), (1, 0), (1, 1), (2, 1)),
        "J": ((0, 0), (1, 0), (1, 1), (1, 2)),
        "Z": ((1, 0), (2, 0), (0, 1), (1, 1)),
        "V": ((0, 0), (1, 0), (0, 1)),
    }
)

#: Colour pieces per shape (72 in all).  *(published: 72 pieces, 8 shapes)*
PIECES_PER_SHAPE = 9
PIECE_COUNT = PIECES_PER_SHAPE * len(SHAPES)

#: The 24 cards: 3 per shape, card id ``3 * shape index + k``; card ``k`` shows its piece
#: turned ``CARD_TURNS[k]`` quarter turns clockwise from the shape's cells above.
#: *(reconstruction: the orientations printed on the cards are not known)*
CARDS_PER_SHAPE = 3
CARD_TURNS = (0, 1, 2)
CARDS: tuple[tuple[str, int], ...] = tuple(
    (shape, CARD_TURNS[k]) for shape in SHAPES for k in range(CARDS_PER_SHAPE)
)
#: A card's code: its shape and its copy number 1-3 (``T2`` is the second T card).
CARD_CODES: tuple[str, ...] = tuple(
    f"{shape}{k + 1}" for shape in SHAPES for k in range(CARDS_PER_SHAPE)
)
#: With 2 players one card of each shape leaves the game (*(published)*); Tablero
#: removes each shape's third card (``I3``, ``O3``...).  *(Tablero ruling)*
REMOVED_2P = tuple(3 * i + 2 for i in range(len(SHAPES)))


def cards_in_play(players: int) -> tuple[int, ...]:
    """The card ids a game of ``players`` uses (16 with 2 players, else 24)."""
    removed = set(REMOVED_2P) if players == 2 else set()
    return tuple(c for c in range(len(CARDS)) if c not in removed)


#: Visitors: 9 per colour and 20 white.  *(published)*  When a kind runs out, no more
#: are placed.  *(Tablero ruling)*
COLOUR_VISITORS = 9
WHITE_VISITORS = 20

#: Points: 1 per visitor in the street (colour or white), 2 per pair held.  *(published)*
VISITOR_POINTS = 1
PAIR_POINTS = 2

#: Action points per turn, and what each action costs.  *(rulebook)*
ACTION_POINTS = 3
ROTATE_COST = 1
PLACE_COST = 1

#: The minimum placements per turn in phases 1, 2 and 3.  *(published: 2 in phase 3)*
MIN_PLACEMENTS = (1, 1, 2)
#: The game's phases (the rulebook's "fases"), numbered 1 to 3.  *(rulebook)*
PHASE_COUNT = 3
#: The old name of ``PHASE_COUNT``, kept as its alias (docs/rulings/arraial.md named it).
PHASES = PHASE_COUNT

#: The octagon's slots and the face-up cards beside the central board.  *(rulebook)*
SLOTS = 3
FACE_UP = 3

#: Each seat's side of the central board, clockwise from the bottom, by player count.
#: A seat on side ``s`` sees a card turned ``(rotation - s)`` quarter turns (plus the
#: card's own turns).  *(Tablero ruling)*
SIDES: Mapping[int, tuple[int, ...]] = MappingProxyType({2: (0, 2), 3: (0, 1, 2), 4: (0, 1, 2, 3)})

#: A round in which every player ends a turn without placing a piece (nothing fits
#: anywhere for anyone) ends the phase at once, so a game cannot stall; the face-up cards
#: and the deck then go back into the new deck with the discards.  *(Tablero ruling)*
#: ``False`` is the rulebook's silence: such a phase never ends (the count of idle turns
#: then stops at the player count).
IDLE_ROUND_ENDS_PHASE = True

# A shape's pieces never run out: each card is placed at most once a phase (it is
# discarded, and discards come back only at a phase end), so a shape's CARDS_PER_SHAPE
# cards place at most CARDS_PER_SHAPE * PHASE_COUNT pieces, no more than
# PIECES_PER_SHAPE.
# *(Tablero ruling; a consequence of the counts above, not a choice: no flag)*  The
# engine still refuses a card whose shape has no piece left (it has no landing), which a
# position written by hand can reach.

#: ``back`` (putting a chosen card back) is free, but at most this many times a turn, so
#: that a turn always ends (a bot choosing and putting back cards could go on forever).
#: *(Tablero ruling)*
MAX_BACKS = 4

# Rotating the octagon is refused when the action points it would leave could no longer
# make the turn's minimum placements, unless no card fits as the octagon stands (then
# the player may turn it to look for a fit).  *(Tablero ruling; no number of its own)*

#: Every reconstruction and Tablero ruling (this module's and RULINGS.md's, Arraial
#: part), by name, in the order the rules help shows them, each with its kind and the
#: constants above that it is about (none for a reading of a rule that has no number).
#: The name is the same everywhere: the anchor in docs/rulings/arraial.md, the help's
#: paragraph marked as a Tablero ruling (``arraial.rules.ruling.<name>``, its numbers
#: taken from here) and the tests in tests/games/arraial/test_rulings.py.  Every ruling is of
#: play except ``solo``: a mode Tablero does not offer.
RULINGS: tuple[Ruling, ...] = (
    Ruling("street", about=("WIDTH", "HEIGHT", "COLUMNS")),
    Ruling(
        "shapes",
        about=("COLOURS", "SHAPES", "SHAPE_COLOUR", "SHAPE_CELLS", "PIECES_PER_SHAPE"),
    ),
    Ruling("pieces", about=("PIECES_PER_SHAPE", "CARDS_PER_SHAPE", "PHASE_COUNT")),
    Ruling("sides", about=("SIDES",)),
    Ruling("cards", about=("CARDS_PER_SHAPE", "CARD_TURNS")),
    Ruling("bar_start", about=("BAR_START",)),
    Ruling("two_players", about=("REMOVED_2P",)),
    Ruling("no_fit"),
    *((Ruling("idle", about=("IDLE_ROUND_ENDS_PHASE",)),) if IDLE_ROUND_ENDS_PHASE else ()),
    Ruling("rotate"),
    Ruling("backs", about=("MAX_BACKS",)),
    Ruling("slide"),
    Ruling("above_bar"),
    Ruling("pair"),
    Ruling("rows"),
    Ruling("run_out", about=("COLOUR_VISITORS", "WHITE_VISITORS")),
    Ruling("refill"),
    Ruling("overlap"),
    Ruling("phase3", about=("BAR_DROP",)),
    Ruling("tie"),
    Ruling("solo", kind="scope"),
)

#: The decisions of a turn (``decision``), ``over`` once the game has ended.
DECISION_NAMES = ("act", "land", "refill", "over")
