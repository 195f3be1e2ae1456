"""Arraial's JSON format (version 1) and the position checks shared with the notation.

The format is described in ``docs/notation-arraial.md`` (section "JSON").  The keys
every game shares (``game``, ``version``, ``players``, ``setup``, ``viewer``, ``rng``,
``history``) are the core's envelope (:mod:`tablero.core.envelope`); this module writes
and reads Arraial's own keys between them.  The notation is read into the same data and
checked here too.  The state class to build is a parameter, so this module does not
import the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError
from tablero.core.envelope import read_envelope
from tablero.core.jsonutil import require, require_int, require_list, require_name

from .data import (
    ACTION_POINTS,
    CARD_CODES,
    COLOUR_VISITORS,
    COLOURS,
    DECISION_NAMES,
    FACE_UP,
    HEIGHT,
    MAX_BACKS,
    PHASE_COUNT,
    PIECES_PER_SHAPE,
    PLAYERS,
    SHAPE_COLOUR,
    SLOTS,
    WHITE_VISITORS,
    cards_in_play,
)
from .shapes import normalise, orientations
from .street import EMPTY_STREET, Piece, cell_name, parse_cell, shape_mask, with_piece

if TYPE_CHECKING:
    from .state import ArraialState

_BY_CODE = {code: c for c, code in enumerate(CARD_CODES)}


def _code(c: int | None) -> str | None:
    return None if c is None else CARD_CODES[c]


def state_to_dict(s: ArraialState, copy: bool = True) -> dict[str, Any]:
    """The state's JSON-pure data: the core's envelope around Arraial's keys;
    ``copy=False`` shares the setup and the history (for ``to_json`` only)."""
    return s.envelope(
        head={"stage": s.phase_number},
        body={
            "turn": {
                "player": s.player,
                "phase": s.decision,
                "ap": s.ap,
                "placed": s.placed,
                "chosen": s.chosen,
                "idle": s.idle,
                "backs": s.backs,
            },
            "octagon": {"rotation": s.rotation, "slots": [_code(c) for c in s.slots]},
            "face_up": [CARD_CODES[c] for c in s.face_up],
            "deck": [CARD_CODES[c] for c in s.deck],
            "discards": [CARD_CODES[c] for c in s.discards],
            "streets": [
                {
                    "pieces": [
                        [piece.shape, [cell_name(x, y) for x, y in piece.cells]]
                        for piece in s.pieces[p]
                    ],
                    "bar": s.bar[p],
                    "bar_whites": s.bar_whites[p],
                    "street_whites": s.street_whites[p],
                    "visitors": [[c, k] for c, k in s.visitors[p]],
                }
                for p in range(s.n)
            ],
            "whites_lost": s.whites_lost,
            "pairs": dict(s.pairs),
            "scores": list(s.score),
        },
        copy=copy,
    )


def _card(value: Any, what: str) -> int:
    return require_name(_BY_CODE, value, what, "a card code (like T2)")


def _cards(value: Any, what: str) -> list[int]:
    return [_card(x, f"a card in {what}") for x in require_list(value, what)]


def _piece(value: Any, who: str) -> Piece:
    entry = require_list(value, f"a piece of {who}'s street", 2)
    shape = entry[0]
    if not isinstance(shape, str) or shape not in SHAPE_COLOUR:
        raise CorruptDataError(f"{who}'s street: {shape!r} is not a shape (I O T L S J Z V)")
    names = require_list(entry[1], f"the cells of a piece of {who}'s street")
    cells = []
    for x in names:
        try:
            cells.append(parse_cell(x if isinstance(x, str) else "?"))
        except ValueError as exc:
            raise CorruptDataError(f"{who}'s street: {exc}") from exc
    if not cells or normalise(cells) not in orientations(shape):
        raise CorruptDataError(
            f"{who}'s street: the cells {' '.join(map(str, names))} are not a {shape} piece"
        )
    return Piece(shape, SHAPE_COLOUR[shape], normalise_sorted(cells))


def normalise_sorted(cells: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Cells sorted by row, then column (a landing's order)."""
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


def state_from_dict(
    data: Mapping[str, Any], cls: type[ArraialState], scores_given: bool = True
) -> ArraialState:
    """Read version-1 data into a ``cls``: the core checks the envelope, then every
    Arraial field is checked and the position validated (the notation gives no scores:
    ``scores_given=False`` computes them)."""
    env = read_envelope(data, cls.game)
    n = env.players
    s = cls.__new__(cls)
    s.n = n
    s.setup = env.setup
    s.viewer_ = env.viewer
    s.rng = env.rng
    s.history_ = env.history
    s.phase_number = require_int(require(data, "stage", int), "stage", 1, PHASE_COUNT)
    turn = require(data, "turn", dict)
    s.player = require_int(turn.get("player"), "turn player", 0, n - 1)
    s.decision = require(turn, "phase", str, "turn")
    if s.decision not in DECISION_NAMES:
        raise CorruptDataError(f"unknown decision {s.decision!r} ({', '.join(DECISION_NAMES)})")
    s.ap = require_int(turn.get("ap"), "action points", 0, ACTION_POINTS)
    s.placed = require_int(turn.get("placed"), "placements", 0, ACTION_POINTS)
    chosen = turn.get("chosen")
    s.chosen = None if chosen is None else require_int(chosen, "the chosen slot", 0, SLOTS - 1)
    s.idle = require_int(turn.get("idle"), "idle turns", 0, n)
    s.backs = require_int(turn.get("backs"), "cards put back", 0, MAX_BACKS)
    octagon = require(data, "octagon", dict)
    s.rotation = require_int(octagon.get("rotation"), "the octagon's rotation", 0, 3)
    s.slots = [
        None if x is None else _card(x, "an octagon slot")
        for x in require_list(octagon.get("slots"), "the octagon's slots", SLOTS)
    ]
    s.face_up = _cards(require(data, "face_up", list), "the face-up cards")
    s.deck = _cards(require(data, "deck", list), "the deck")
    if s.viewer_ is not None and s.deck != sorted(s.deck):
        raise CorruptDataError("a view lists the deck's cards sorted (their order is hidden)")
    s.discards = _cards(require(data, "discards", list), "the discards")
    streets = require_list(require(data, "streets", list), "streets", n)
    s.pieces, s.bar, s.bar_whites, s.street_whites, s.visitors = [], [], [], [], []
    for p, street in enumerate(streets):
        who = f"player {PLAYERS[p]}"
        if not isinstance(street, dict):
            raise CorruptDataError(f"{who}'s street must be an object")
        s.pieces.append([_piece(x, who) for x in require(street, "pieces", list, who)])
        bar = street.get("bar", "missing")
        s.bar.append(None if bar is None else require_int(bar, f"{who}'s bar", 0, HEIGHT))
        s.bar_whites.append(
            require_int(require(street, "bar_whites", int, who), "bar whites", 0, WHITE_VISITORS)
        )
        s.street_whites.append(
            require_int(
                require(street, "street_whites", int, who), "street whites", 0, WHITE_VISITORS
            )
        )
        visitors = []
        for v in require(street, "visitors", list, who):
            v = require_list(v, f"a visitor in {who}'s street", 2)
            if v[0] not in COLOURS:
                raise CorruptDataError(f"{who}'s street: {v[0]!r} is not a colour")
            k = require_int(v[1], f"a visitor's piece in {who}'s street", 1)
            visitors.append((str(v[0]), k))
        s.visitors.append(visitors)
    s.whites_lost = require_int(require(data, "whites_lost", int), "whites lost", 0, WHITE_VISITORS)
    pairs = require(data, "pairs", dict)
    if sorted(pairs) != sorted(COLOURS):
        raise CorruptDataError(f"pairs must name each colour once ({', '.join(COLOURS)})")
    s.pairs = {
        c: None if pairs[c] is None else require_int(pairs[c], f"the {c} pair's holder", 0, n - 1)
        for c in COLOURS
    }
    build_streets(s)
    if scores_given:
        scores = require_list(require(data, "scores", list), "scores", n)
        s.score = [require_int(x, "a score", 0) for x in scores]
    else:
        s.score = s.final_scores()
    validate(s)
    return s


def build_streets(s: ArraialState) -> None:
    """``streets`` and ``occ`` from ``pieces`` (overlaps refused)."""
    s.streets, s.occ = [], []
    for p, pieces in enumerate(s.pieces):
        street, occ = EMPTY_STREET, 0
        for k, piece in enumerate(pieces, 1):
            mask = shape_mask(piece.cells)
            if occ & mask:
                raise CorruptDataError(
                    f"player {PLAYERS[p]}'s street: piece {k} overlaps another piece"
                )
            occ |= mask
            street = with_piece(street, piece.cells, k)
        s.streets.append(street)
        s.occ.append(occ)


def validate(s: ArraialState) -> None:  # noqa: C901 - one check per rule
    """Check that ``s`` is a possible Arraial position; :class:`CorruptDataError` if not."""
    n = s.n
    in_play = set(cards_in_play(n))
    where: dict[int, str] = {}
    places = [
        ("the octagon", [c for c in s.slots if c is not None]),
        ("the face-up cards", s.face_up),
        ("the deck", s.deck),
        ("the discards", s.discards),
    ]
    for place, cards in places:
        for c in cards:
            if c not in in_play:
                raise CorruptDataError(f"{CARD_CODES[c]} ({place}) is not in a {n}-player game")
            if c in where:
                raise CorruptDataError(f"{CARD_CODES[c]} is both in {where[c]} and in {place}")
            where[c] = place
    if len(where) != len(in_play):
        missing = " ".join(CARD_CODES[c] for c in sorted(in_play) if c not in where)
        raise CorruptDataError(
            f"the position holds {len(where)} cards, but a {n}-player game has "
            f"{len(in_play)} (missing: {missing})"
        )
    if len(s.face_up) > FACE_UP:
        raise CorruptDataError(f"at most {FACE_UP} cards lie face up")
    shapes: dict[str, int] = {}
    for p in range(n):
        who = f"player {PLAYERS[p]}"
        for piece in s.pieces[p]:
            shapes[piece.shape] = shapes.get(piece.shape, 0) + 1
        bar = s.bar[p]
        if bar is not None and s.occ[p] >> (bar * 6):
            raise CorruptDataError(f"{who}'s street has a piece above the level bar")
        if bar is None and s.bar_whites[p]:
            raise CorruptDataError(f"{who} has white visitors on a bar that is gone")
        seen: set[int] = set()
        for colour, k in s.visitors[p]:
            if k > len(s.pieces[p]):
                raise CorruptDataError(f"{who}'s {colour} visitor stands on no piece ({k})")
            if s.pieces[p][k - 1].colour != colour:
                raise CorruptDataError(
                    f"{who}'s {colour} visitor stands on a piece of another colour"
                )
            if k in seen:
                raise CorruptDataError(f"{who} has two visitors on piece {k}")
            seen.add(k)
    for shape, count in shapes.items():
        if count > PIECES_PER_SHAPE:
            raise CorruptDataError(
                f"{count} {shape} pieces are placed, but there are {PIECES_PER_SHAPE}"
            )
    for colour in COLOURS:
        count = sum(1 for vs in s.visitors for c, _ in vs if c == colour)
        if count > COLOUR_VISITORS:
            raise CorruptDataError(f"{count} {colour} visitors, but there are {COLOUR_VISITORS}")
    whites = sum(s.bar_whites) + sum(s.street_whites) + s.whites_lost
    if whites > WHITE_VISITORS:
        raise CorruptDataError(f"{whites} white visitors, but there are {WHITE_VISITORS}")
    for colour, q in s.pairs.items():
        if q is not None and s.largest_zone(q, colour) == 0:
            raise CorruptDataError(
                f"player {PLAYERS[q]} holds the {colour} pair with no {colour} zone"
            )
    # the pending decision
    empty = s.slots.count(None)
    if (s.decision == "land") != (s.chosen is not None):
        raise CorruptDataError("a card is chosen exactly while a landing is being decided")
    if s.chosen is not None and s.slots[s.chosen] is None:
        raise CorruptDataError("the chosen octagon slot is empty")
    if s.decision in ("act", "land"):
        if s.ap < 1:
            raise CorruptDataError("a turn with no action points left is over")
        if empty != s.placed or s.placed > ACTION_POINTS - s.ap:
            raise CorruptDataError(
                "during a turn the octagon's empty slots are the cards placed this turn, and "
                "placements and rotations cost an action point each"
            )
    if s.decision == "refill" and (not empty or not s.face_up):
        raise CorruptDataError(
            "the octagon is refilled only when a slot is empty and a card lies face up"
        )
    if s.decision == "act" and not s.legal_moves():
        raise CorruptDataError("the player to act has no legal move")
    if s.decision == "land" and not s.landings():
        raise CorruptDataError("the chosen card has no landing")
    if s.score != s.final_scores():
        raise CorruptDataError(
            f"the scores {s.score} do not match the position's visitors and pairs "
            f"{s.final_scores()}"
        )
