"""Día de Playa's JSON format (version 1) and the position checks shared with the notation.

The format is described in ``docs/notation-diadeplaya.md`` (section "JSON").  The keys
every game shares are the core's envelope (:mod:`tablero.core.envelope`); this module
writes and reads Día de Playa's own keys between them.  The state class to build is a
parameter (``DiaDePlayaState.from_dict`` passes itself), so this module does not import
the state.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError, Game
from tablero.core.envelope import read_envelope
from tablero.core.jsonutil import require, require_int, require_list
from tablero.core.options import resolve_options

from .data import (
    BLOCK_OF_TOKEN,
    CARDS,
    DECISION_NAMES,
    MARKET_SIZE,
    MODE_PLAYERS,
    PLAYERS,
    SOLITAIRE_CARDS,
    TOKEN_OF_BLOCK,
)
from .scoring import GRID
from .shapes import ROTATIONS, card_name, card_of, face_name, parse_card, parse_face

if TYPE_CHECKING:
    from .state import DiaDePlayaState

_TOKENS = {t.upper(): b for t, b in BLOCK_OF_TOKEN.items()}


def _faces(faces: list[int] | None) -> list[str] | None:
    return None if faces is None else [face_name(f) for f in faces]


def state_to_dict(s: DiaDePlayaState, copy: bool = True) -> dict[str, Any]:
    """The state's JSON-pure data: the core's envelope around Día de Playa's keys;
    ``copy=False`` shares the setup and the history (for ``to_json`` only)."""
    return s.envelope(
        head={"mode": s.mode},
        body={
            "beaches": [
                {
                    "cells": [[GRID.cell_name(c), TOKEN_OF_BLOCK[g[c]]] for c in sorted(g)],
                    "laid": [face_name(f) for f in s.laid[b]],
                    "first": None if first is None else card_name(first),
                }
                for b, (g, first) in enumerate(zip(s.grids, s.firsts, strict=True))
            ],
            "market": [None if f is None else face_name(f) for f in s.market],
            "deck": _faces(s.deck),
            "deck_count": s.deck_count,
            "out": None if s.out is None else [card_name(c) for c in s.out],
            "unseen": None if s.unseen is None else [card_name(c) for c in s.unseen],
            "holding": None if s.holding is None else face_name(s.holding),
            "rotation": s.rotation,
            "points": [dict(p) for p in s.points],
            "scores": s.score[:],
            "turn": {"player": s.player, "phase": s.decision},
        },
        copy=copy,
    )


def _read(fn: Any, value: Any, what: str) -> int:
    if not isinstance(value, str):
        raise CorruptDataError(f"{what}: {value!r} is not a text")
    try:
        result: int = fn(value)
    except ValueError as exc:
        raise CorruptDataError(f"{what}: {exc}") from exc
    return result


def read_options(setup: Mapping[str, Any], players: int, game: Game) -> dict[str, Any]:
    """A setup record's options, checked like ``make`` checks them."""
    options = setup.get("options")
    if not isinstance(options, dict):
        raise CorruptDataError("the setup has no options")
    try:
        resolved = resolve_options(game.options, options, players, game.title)
    except ValueError as exc:
        raise CorruptDataError(f"the setup's options are not valid: {exc}") from exc
    if players not in MODE_PLAYERS[resolved["mode"]]:
        raise CorruptDataError(f"a {resolved['mode']} game is not played by {players} players")
    return resolved


def state_from_dict(data: Mapping[str, Any], cls: type[DiaDePlayaState]) -> DiaDePlayaState:
    """Read version-1 data into a ``cls``: the core checks the envelope, then every Día de
    Playa field is checked and the position validated."""
    env = read_envelope(data, cls.game)
    n = env.players
    options = read_options(env.setup, n, cls.game)
    s = cls.__new__(cls)
    s.n = n
    s.setup = env.setup
    s.mode = options["mode"]
    s.criteria = tuple(options["criteria"])
    if require(data, "mode", str) != s.mode:
        raise CorruptDataError(f"'mode' {data['mode']!r} is not the setup's {s.mode!r}")
    s.viewer_ = env.viewer
    s.rng = env.rng
    s.history_ = env.history
    s.grids, s.laid, s.firsts = [], [], []
    beaches = require_list(require(data, "beaches", list), "beaches", s.beach_count)
    for entry in beaches:
        if not isinstance(entry, dict):
            raise CorruptDataError("a beach must be an object with 'cells', 'laid' and 'first'")
        grid: dict[int, int] = {}
        for item in require_list(require(entry, "cells", list, "a beach"), "a beach's cells"):
            item = require_list(item, "a beach cell", 2)
            if not isinstance(item[0], str) or not isinstance(item[1], str):
                raise CorruptDataError('a beach cell is ["x,y", block token]')
            try:
                x, y = GRID.parse_xy(item[0])
            except ValueError as exc:
                raise CorruptDataError(str(exc)) from exc
            if not GRID.in_range(x, y):
                raise CorruptDataError(f"cell {item[0]} is too far from 0,0")
            block = _TOKENS.get(item[1].upper())
            if block is None:
                raise CorruptDataError(f"{item[1]!r} on {item[0]} is not a block token")
            if GRID.cell(x, y) in grid:
                raise CorruptDataError(f"cell {item[0]} is given twice")
            grid[GRID.cell(x, y)] = block
        s.grids.append(grid)
        s.laid.append(
            [_read(parse_face, f, "a laid card") for f in require(entry, "laid", list, "a beach")]
        )
        first = entry.get("first", "missing")
        if first == "missing":
            raise CorruptDataError("saved data is missing 'first' in a beach")
        s.firsts.append(None if first is None else _read(parse_card, first, "a first card"))
    market = require_list(require(data, "market", list), "market", MARKET_SIZE)
    s.market = [None if f is None else _read(parse_face, f, "a market card") for f in market]
    deck: list[Any] | None = require(data, "deck", (list, type(None)))
    s.deck = None if deck is None else [_read(parse_face, f, "a deck card") for f in deck]
    s.deck_count = require_int(require(data, "deck_count", int), "deck_count", 0, CARDS)
    out: list[Any] | None = require(data, "out", (list, type(None)))
    s.out = None if out is None else sorted(_read(parse_card, c, "a card left out") for c in out)
    unseen: list[Any] | None = require(data, "unseen", (list, type(None)))
    s.unseen = (
        None if unseen is None else sorted(_read(parse_card, c, "an unseen card") for c in unseen)
    )
    holding: str | None = require(data, "holding", (str, type(None)))
    s.holding = None if holding is None else _read(parse_face, holding, "the card in hand")
    rotation: int | None = require(data, "rotation", (int, type(None)))
    if rotation is not None and rotation not in ROTATIONS:
        raise CorruptDataError(f"rotation {rotation} is not 0, 90, 180 or 270")
    s.rotation = rotation
    turn = require(data, "turn", dict)
    s.player = require_int(turn.get("player"), "turn player", 0, n - 1)
    s.decision = require(turn, "phase", str, "turn")
    if s.decision not in DECISION_NAMES:
        raise CorruptDataError(f"unknown decision {s.decision!r} ({', '.join(DECISION_NAMES)})")
    points = require_list(require(data, "points", list), "points", s.beach_count)
    scores = require_list(require(data, "scores", list), "scores", n)
    validate(s)
    if points != s.points or scores != s.score:
        raise CorruptDataError(
            f"the saved points {scores} do not match the scoring of the position {s.score}"
        )
    return s


def validate(s: DiaDePlayaState) -> None:  # noqa: C901 - one check per rule
    """Check that ``s`` is a possible position and score it; :class:`CorruptDataError`."""
    full = s.viewer_ is None
    solitaire = s.mode == "solitaire"

    def who(b: int) -> str:
        return "the beach" if s.shared else f"player {PLAYERS[b]}'s beach"

    for b, grid in enumerate(s.grids):
        laid = s.laid[b]
        if bool(grid) != bool(laid):
            raise CorruptDataError(f"{who(b)}: cards laid and blocks shown do not agree")
        if grid and GRID.origin not in grid:
            raise CorruptDataError(f"{who(b)} shows no block on 0,0 (the first card's)")
        if not GRID.connected(grid):
            raise CorruptDataError(f"{who(b)} is not in one piece (cards join edge to edge)")
        if len(grid) > 6 * len(laid):
            raise CorruptDataError(f"{who(b)} shows more blocks than its {len(laid)} cards hold")
        if s.firsts[b] is not None and laid:
            raise CorruptDataError(f"{who(b)} has cards laid, yet its first card is still to lay")
    if full != (s.deck is not None) or full == (s.unseen is not None):
        raise CorruptDataError("a state has either the deck's cards or, in a view, 'unseen'")
    if s.deck is not None and len(s.deck) != s.deck_count:
        raise CorruptDataError(f"the deck holds {len(s.deck)} cards, not {s.deck_count}")
    left_out = CARDS - SOLITAIRE_CARDS if solitaire else 0
    if full and (s.out is None) == solitaire:
        raise CorruptDataError("the cards left out are listed in a full solitaire state only")
    if s.out is not None and len(s.out) != left_out:
        raise CorruptDataError(f"a solitaire game leaves {left_out} cards out, not {len(s.out)}")
    if s.unseen is not None and len(s.unseen) != s.deck_count + left_out:
        raise CorruptDataError(
            f"'unseen' lists {len(s.unseen)} cards, not {s.deck_count + left_out}"
        )
    where: dict[int, str] = {}

    def put(card: int, place: str) -> None:
        if card in where:
            raise CorruptDataError(f"card {card_name(card)} is both {where[card]} and {place}")
        where[card] = place

    for b, laid in enumerate(s.laid):
        for f in laid:
            put(card_of(f), f"on {who(b)}")
    for b, dealt in enumerate(s.firsts):
        if dealt is not None:
            put(dealt, f"the first card of {who(b)}")
    for slot in s.market:
        if slot is not None:
            put(card_of(slot), "in the market")
    if s.holding is not None:
        put(card_of(s.holding), "in hand")
    for f in s.deck or ():
        put(card_of(f), "in the deck")
    for c in s.out or ():
        put(c, "left out")
    for c in s.unseen or ():
        put(c, "unseen")
    if len(where) != CARDS:
        missing = " ".join(card_name(c) for c in range(CARDS) if c not in where)
        raise CorruptDataError(
            f"the position holds {len(where)} of the {CARDS} cards (missing: {missing})"
        )
    slots = [f is not None for f in s.market]
    if s.deck_count and not all(slots):
        raise CorruptDataError("the market is full while the deck holds cards")
    if slots != sorted(slots):
        raise CorruptDataError(
            "the market's cards slide away from the deck: empty slots come first"
        )
    b = s.beach_of(s.player)
    first_turn = not s.grids[b]
    pending = any(f is not None for f in s.firsts)
    decision = s.decision
    if decision == "over":
        if s.cards_left:
            raise CorruptDataError("the game ends only once every card has been laid")
    elif decision == "side":
        if s.firsts[b] is None or s.holding is not None:
            raise CorruptDataError("a 'side' decision needs the player's first card, not yet laid")
    elif decision in ("rotate", "place"):
        if s.holding is None:
            raise CorruptDataError(f"a '{decision}' decision needs a card in hand")
        if decision == "place" and (first_turn or s.rotation is None):
            raise CorruptDataError("a 'place' decision needs a beach and a chosen rotation")
    elif decision == "take":
        if s.holding is not None or pending or not any(slots):
            raise CorruptDataError("a 'take' decision needs every first card laid and a market")
    if decision != "place" and s.rotation is not None:
        raise CorruptDataError("a rotation is chosen only while placing a card")
    if decision in ("side", "take", "over") and s.holding is not None:
        raise CorruptDataError(f"no card is in hand during a '{decision}' decision")
    if decision == "rotate" and first_turn and s.firsts[b] is not None:
        raise CorruptDataError("the first card in hand must have left the first-card slot")
    s.points, s.score = s.scoring(s.grids)
