"""Día de Playa's components, as data (the rulebook and RULINGS.md, Día de Playa part).

The rulebook publishes no card list, so the deck is Tablero's own design
(``docs/diadeplaya-deck.md`` explains it and shows every face).  It is one table,
:data:`DECK`: 18 double-sided cards, each face 2 rows of 3 blocks as the card lies in
rotation 0 (the top row away from the sea, the bottom row towards it).

A block is written with two characters (the same tokens as the position notation):

=========  ==============================================================
token      block
=========  ==============================================================
``ss``     sand
``S^``     a surfer facing up (away from the sea); ``S>``, ``Sv``, ``S<`` the other
           ways (``Sv`` faces the sea)
``T^``     a tourist facing up; ``T>``, ``Tv``, ``T<`` the other ways
``LG``     a lifeguard (the standing figure)
``UM``     an umbrella (umbrella-and-chair or pink umbrella: both count alike)
``Fe``     a food stall selling empanadas; ``Fc`` choclo, ``Fh`` helado (3 types)
``xx``     litter (residuo)
=========  ==============================================================

>>> len(DECK), sum(len(face) for card in DECK for face in card)
(18, 216)
>>> DECK[0][0]
('Sv', 'S^', 'xx', 'xx', 'ss', 'ss')
>>> [r.name for r in RULINGS][:4]
['deck', 'sea', 'teams', 'shared']
"""

from __future__ import annotations

from types import MappingProxyType

from tablero.core import PLAYERS as PLAYERS  # the seats' letters, re-exported
from tablero.core.rulings import PLAY, Ruling

# --- the deck ---------------------------------------------------------------------------

#: The 18 cards, ``card number: face a / face b``; each face is "top row / bottom row".
_DECK_TEXT = """
 1: Sv S^ xx / xx ss ss  |  UM UM ss / UM ss T>
 2: Sv ss S^ / xx LG ss  |  ss T< ss / ss ss UM
 3: LG Fe LG / xx LG xx  |  ss ss xx / T^ ss Fe
 4: T> ss Sv / ss xx xx  |  ss ss ss / ss ss ss
 5: UM UM UM / xx UM xx  |  xx Sv ss / S< xx S>
 6: Fc xx Fc / ss xx ss  |  S< LG S> / ss xx ss
 7: Tv xx Tv / ss xx ss  |  LG ss LG / xx S^ ss
 8: ss UM UM / xx UM T<  |  Sv xx S^ / LG ss LG
 9: Fh LG xx / LG ss xx  |  ss ss UM / xx ss UM
10: S> T< ss / xx ss Sv  |  UM ss xx / UM UM UM
11: ss Sv ss / LG xx LG  |  T^ T> ss / ss ss xx
12: Fe xx Fh / Sv xx S^  |  ss ss ss / UM ss ss
13: LG xx Sv / ss S> ss  |  ss Fc ss / xx ss T<
14: xx UM UM / UM UM xx  |  ss S> ss / ss ss ss
15: T< xx T> / ss Sv ss  |  Fc LG ss / xx ss Fh
16: ss xx LG / Sv ss ss  |  xx Tv ss / ss ss UM
17: S< LG S> / xx ss xx  |  ss ss Fe / ss xx ss
18: S^ ss T> / xx ss Sv  |  Fh Tv UM / ss Sv xx
"""


def _read_deck(text: str) -> tuple[tuple[tuple[str, ...], tuple[str, ...]], ...]:
    cards = []
    for number, line in enumerate(text.strip().splitlines(), 1):
        head, _, faces = line.partition(":")
        if int(head) != number:
            raise ValueError(f"deck table: card {head.strip()} out of order")
        a, b = (tuple(face.replace("/", " ").split()) for face in faces.split("|"))
        cards.append((a, b))
    return tuple(cards)


#: ``DECK[c][f]``: the six blocks of card ``c + 1``'s face ``f`` (0 = a, 1 = b), row by
#: row from the top-left in rotation 0.
DECK = _read_deck(_DECK_TEXT)

#: Cards in the game, blocks on a face (2 rows of 3).
CARDS = len(DECK)
FACE_ROWS = 2
FACE_COLS = 3

#: Face letters in card names (``7a``, ``12b``).
FACE_LETTERS = "ab"

# --- blocks -----------------------------------------------------------------------------

#: Kinds of block; a block is ``kind << 2 | detail`` (a facing 0-3: up, right, down,
#: left; a stall's type 0-2).
SAND, SURFER, TOURIST, LIFEGUARD, UMBRELLA, STALL, LITTER = range(7)
KIND_NAMES = ("sand", "surfer", "tourist", "lifeguard", "umbrella", "stall", "litter")

#: Facings, clockwise from up; the sea is down (``DOWN``), the bottom edge of a beach as
#: its player sees it.
UP, RIGHT, DOWN, LEFT = range(4)
FACING_MARKS = "^>v<"

#: Stall types and their token letters.
STALL_TYPES = ("empanadas", "choclo", "helado")
STALL_MARKS = "ech"


def _tokens() -> dict[str, int]:
    out = {"ss": SAND << 2, "LG": LIFEGUARD << 2, "UM": UMBRELLA << 2, "xx": LITTER << 2}
    for d, mark in enumerate(FACING_MARKS):
        out["S" + mark] = SURFER << 2 | d
        out["T" + mark] = TOURIST << 2 | d
    for t, mark in enumerate(STALL_MARKS):
        out["F" + mark] = STALL << 2 | t
    return out


#: Every block by its token, and every token by its block.
BLOCK_OF_TOKEN = MappingProxyType(_tokens())
TOKEN_OF_BLOCK = MappingProxyType({b: t for t, b in BLOCK_OF_TOKEN.items()})

#: An empty cell in the notation's beach rows.
EMPTY_TOKEN = ".."

# --- modes and criteria --------------------------------------------------------------------

#: The modes (option ``mode``) and the player counts each allows.
MODES = ("competitive", "teams", "cooperative", "solitaire")
MODE_PLAYERS = MappingProxyType(
    {"competitive": (2, 3), "teams": (4,), "cooperative": (2, 3, 4), "solitaire": (1,)}
)

#: Cards a solitaire game uses (the first card included); the rest stay out, unseen.
SOLITAIRE_CARDS = 14

#: Cards in the market while the deck lasts.
MARKET_SIZE = 3

#: The seven scoring criteria (option ``criteria``: any non-empty set, all by default).
CRITERIA = ("surfers", "tourists", "litter", "trios", "umbrellas", "sand", "stalls")

# --- scoring (the rulebook's "Scoring", as RULINGS.md reads it) ----------------------------

SURFER_POINTS = 2  # per surfer facing the sea
TOURIST_POINTS = 2  # per tourist with no other tourist among its 8 neighbours
TOURIST_VIEW_BONUS = 1  # ... if a surfer stands on the line it faces
LITTER_POINTS = -3  # per visible litter block
TRIO_POINTS = 3  # per trio of figures chained diagonally
#: Cooperative and solitaire umbrellas: 2 points per full 3 blocks of the largest group.
UMBRELLA_SHARED_POINTS = 2
UMBRELLA_SHARED_BLOCKS = 3
STALL_POINTS = 6  # per stall whose 4 neighbours are all surfers or lifeguards
STALL_PAIR_BONUS = 1  # per 2 visible stalls of the same type

#: The solitaire (and cooperative) challenges: the least score of each beach, best first.
BEACHES = (("Mar del Plata", 51), ("San Clemente", 41), ("Mar de Ajó", 21), ("Mar Chiquita", 10))

#: The decisions of a turn (``decision``), ``over`` once the game has ended.
DECISION_NAMES = ("side", "rotate", "take", "place", "over")

# --- Tablero's rulings ---------------------------------------------------------------------

#: Where the rulebook is silent or ambiguous, the reading Tablero plays, by name (the
#: anchors of docs/rulings/diadeplaya.md and the rules help's "Tablero ruling"
#: paragraphs, in the help's order); ``about`` names the constants each one fixes
#: (``MAX_COVER`` lives in :mod:`.beach`).
RULINGS: tuple[Ruling, ...] = (
    Ruling("deck", PLAY, about=("DECK", "CARDS", "FACE_ROWS", "FACE_COLS")),
    Ruling("sea", PLAY, about=("DOWN",)),
    Ruling("teams", PLAY),
    Ruling("shared", PLAY, about=("BEACHES",)),
    Ruling("solitaire", PLAY, about=("SOLITAIRE_CARDS",)),
    Ruling("hidden", PLAY),
    Ruling("first", PLAY),
    Ruling("start", PLAY),
    Ruling("deal", PLAY),
    Ruling("shrink", PLAY),
    Ruling("cover", PLAY, about=("MAX_COVER",)),
    Ruling("tourists", PLAY, about=("TOURIST_VIEW_BONUS",)),
    Ruling("trios", PLAY, about=("TRIO_POINTS",)),
    Ruling("umbrellas", PLAY, about=("UMBRELLA_SHARED_POINTS", "UMBRELLA_SHARED_BLOCKS")),
    Ruling("sand", PLAY),
    Ruling("stalls", PLAY, about=("STALL_POINTS", "STALL_PAIR_BONUS")),
    Ruling("criteria", PLAY, about=("CRITERIA",)),
    Ruling("ties", PLAY),
)
