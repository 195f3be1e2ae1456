"""tablero.arraial: the rules of Arraial (engine; see docs/notation-arraial.md).

>>> from tablero.core import make
>>> state = make("arraial", players=2, seed=3, first_player=0)
>>> state.current_player, state.decision, state.phase_number, state.ap
(0, 'act', 1, 3)
>>> [str(m) for m in state.legal_moves()]
['rotate', 'take 1', 'take 2', 'take 3']

The public interface the UI package reads (the points added after the first version
are marked *):

Coordinates: the street is 6 columns a-f (x 0..5) by 14 rows 1-14 (y 0..13, bottom to
top); a cell's name is ``c1`` (:func:`street.cell_name`, :func:`street.parse_cell`).
Colours: "yellow", "blue", "green", "red" (codes Y B G R).  Shapes (:mod:`.data`):
"I" "O" yellow, "T" "L" blue, "S" "J" green, "Z" "V" red (* ``V`` is the 3-cell L).
:func:`shapes.cells` ``(shape, quarter_turns)`` gives the normalised cells, quarter turns
clockwise.  Cards: ids 0..23, ``data.CARDS[id] = (shape, base quarter turns)``,
``data.CARD_CODES[id]`` like ``T2`` (shape + copy 1-3); with 2 players each shape's third
card is out (``data.cards_in_play(n)``).  Every reconstructed value is in :mod:`.data`.

:class:`ArraialState` (a PhasedState): ``n``, ``player``, * ``decision``
("act", "land", "refill", "over"; ``phase``, its first name, is the core's alias of
it), * ``phase_number`` (the game's phase, 1..3; ``stage``, its first name, is kept as
an alias), ``ap``, ``placed``, ``chosen`` (0-based slot in "land", else None), *
``idle`` (consecutive turns without a placement), ``rotation``, ``slots`` (3 card ids
or None), ``face_up``, ``deck_count``, * ``deck`` (card ids, the top last; sorted in a
view: only the order is hidden), ``discards``, ``side(seat)``,
``seen(slot, seat) -> (shape, quarter_turns)``, * ``seen_cells(slot, seat=None,
rotation=None)``, ``streets[p]`` (14 rows bottom first, 6 ints: 0 empty, k = the k-th
piece, 1-based), ``pieces[p]`` (list of Piece with ``.shape``, ``.colour``, ``.cells``),
``bar[p]`` (rows below the bar, None once lost), ``bar_whites[p]``,
``street_whites[p]``, * ``whites_lost``, ``visitors[p]`` (list of ``(colour, k)``, * k
1-based like the streets' numbers), ``pairs`` (colour -> seat or None), ``pair_size``
(colour -> the holder's largest zone of it, in squares, now), ``supply`` (dict: shape
letters, colour names and "white" -> count left), ``zones(p)`` (list of ``(colour,
cells frozenset, has_visitor)``, zones of 2+ pieces only), * ``largest_zone(p,
colour)``, * ``minimum()`` / ``needed()`` (placements), ``landings()`` (in "land": the
legal Land moves), * ``landing_moves(slot)`` (the legal landings of any slot's card,
e.g. for a ghost before taking), * ``fits(rotation=None)``.

Moves (:mod:`.moves`; ``str()`` is the text, ``parse_move`` the inverse): ``rotate``,
``take <1-3>`` (``Take.slot`` 0-based), ``end``, ``land <cells>`` (``Land.cells``
sorted by row then column; ``.column``, ``.slide``, ``.above_bar``), ``back``,
``fill <1-3> <code>`` (``Fill.slot`` 0-based, ``Fill.card`` an id; the lowest empty slot
is always the one filled; a decision even when only one card is left).
:func:`street.drops` ``(street, cells)`` -> {column: resting cells or None} and
:func:`street.slides` ``(street, cells, column)`` -> the slides' landings.

``preview(land)`` -> ``{"cells", "visitors": [colour...], "pair": {"colour", "from"} or
None, "rows": k, "whites": w, "bar_lost": bool, "whites_lost": w}``.  History events:
see docs/notation-arraial.md ("History").
"""

from __future__ import annotations

from .data import CARD_CODES, CARDS, COLOURS, SHAPE_COLOUR, SHAPES
from .moves import ArraialMove, Back, End, Fill, Land, Rotate, Take, parse_move
from .shapes import cells
from .state import GAME, ArraialState
from .street import Piece, cell_name, drops, parse_cell, slides

__all__ = [
    "CARDS",
    "CARD_CODES",
    "COLOURS",
    "GAME",
    "SHAPES",
    "SHAPE_COLOUR",
    "ArraialMove",
    "ArraialState",
    "Back",
    "End",
    "Fill",
    "Land",
    "Piece",
    "Rotate",
    "Take",
    "cell_name",
    "cells",
    "drops",
    "parse_cell",
    "parse_move",
    "slides",
]
