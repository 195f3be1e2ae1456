"""Arboretum's components, as data (the rulebook and RULINGS.md, Arboretum part).

>>> SPECIES_IN_PLAY[2], SPECIES[:2], CODES[:2]
(6, ('Cassia', 'Blue Spruce'), ('Ca', 'BS'))
>>> [r.name for r in RULINGS][:3]
['species', 'first', 'draw']
"""

from __future__ import annotations

from types import MappingProxyType

from tablero.core.rulings import PLAY, Ruling

#: The ten tree species, in the order the game takes them (a 2-player game uses the
#: first 6, a 3-player game the first 8, a 4-player game all 10).
SPECIES = (
    "Cassia",
    "Blue Spruce",
    "Cherry Blossom",
    "Dogwood",
    "Jacaranda",
    "Maple",
    "Oak",
    "Royal Poinciana",
    "Tulip Poplar",
    "Willow",
)

#: The species' codes in card names (``Ca5``, ``BS8``): the first two letters of a
#: one-word name, the initials of a two-word name.  Unique ignoring case.
CODES = ("Ca", "BS", "CB", "Do", "Ja", "Ma", "Oa", "RP", "TP", "Wi")

#: Species in play by player count.
SPECIES_IN_PLAY = MappingProxyType({2: 6, 3: 8, 4: 10})

#: Every species has one card of each value.
VALUES = tuple(range(1, 9))
LOWEST = 1
HIGHEST = 8

#: Cards in hand at the start and at the end of every turn.
HAND_SIZE = 7

#: Cards drawn at the start of a turn (one at a time).
DRAWS_PER_TURN = 2

#: The decisions of a turn (``decision``), ``over`` once the game has ended.
DECISION_NAMES = ("draw", "play", "discard", "over")

#: A card hidden from the viewer, in a view's hand.
HIDDEN = -1

# --- scoring (the rulebook's "Calculating Points") ---------------------------------------

#: A path scores 1 per card...
POINTS_PER_CARD = 1
#: ...or 2 per card when it has at least this many cards, all of the scored species.
SAME_SPECIES_MIN = 4
SAME_SPECIES_POINTS_PER_CARD = 2
#: +1 when the path starts with a 1, +2 when it ends with an 8.
START_WITH_1_BONUS = 1
END_WITH_8_BONUS = 2
#: A path has at least this many cards.
MIN_PATH = 2

# --- Tablero's rulings (docs/rulings/arboretum.md) ------------------------------------

#: Where the rulebook leaves a point open, the reading Tablero plays, by name, in the
#: order the rules help shows them.  Every one changes play, so each has a test
#: (tests/games/arboretum/test_rulings.py).
RULINGS: tuple[Ruling, ...] = (
    Ruling("species", PLAY, about=("SPECIES", "SPECIES_IN_PLAY")),
    Ruling("first", PLAY),
    Ruling("draw", PLAY),
    Ruling("place", PLAY),
    Ruling("end", PLAY),
    Ruling("tie", PLAY),
    Ruling("eight", PLAY),
    Ruling("path", PLAY, about=("MIN_PATH", "SAME_SPECIES_MIN", "SAME_SPECIES_POINTS_PER_CARD")),
    Ruling("best", PLAY),
    Ruling("winner", PLAY),
    Ruling("hidden", PLAY),
)
