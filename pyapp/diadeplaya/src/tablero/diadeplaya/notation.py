"""Día de Playa's position notation: a text a person can read, write and edit.

The grammar, with examples, is in ``docs/notation-diadeplaya.md``.  In short::

    diadeplaya 2p competitive
    criteria: all
    beach A:
           0  1  2
       0  Sv Sv xx
       1  ss ss ss
    laid A: 1a
    beach B: -
    first B: 7
    market: 3b 12a 5b
    deck: 9a 2b 11a ...
    turn: A take
    score: A=4 B=0

Beach rows: ``..`` an empty cell, else the block that shows (tokens as in
:mod:`.data`: ``ss`` sand, ``Sv`` a surfer facing the sea...); the column numbers (x)
head the block and every row starts with its row number (y, growing towards the sea).
In cooperative and solitaire play the one beach is ``beach:`` (and ``laid:``,
``first:``).  The state class to build is a parameter of :func:`state_from_text`.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tablero.core import PLAYERS
from tablero.core import notation as frame
from tablero.core.notation import Field, Frame, Position, block_rows, fail, read_grid

from .data import (
    BLOCK_OF_TOKEN,
    CRITERIA,
    DECISION_NAMES,
    EMPTY_TOKEN,
    MODE_PLAYERS,
    MODES,
    TOKEN_OF_BLOCK,
)
from .scoring import GRID
from .serial import validate
from .shapes import ROTATIONS, card_name, face_name, parse_card, parse_face

if TYPE_CHECKING:
    from .state import DiaDePlayaState

_TOKENS = {t.upper(): b for t, b in BLOCK_OF_TOKEN.items()}
_BEACH_KEYS = ("beach", "laid", "first")


# --- writing ------------------------------------------------------------------------


def beach_lines(grid: dict[int, int]) -> list[str]:
    """A beach as rows of block tokens under a line of column numbers."""
    xs, ys = GRID.bounds(grid)

    def token(x: int, y: int) -> str:
        return TOKEN_OF_BLOCK.get(grid.get(GRID.cell(x, y), -1), EMPTY_TOKEN)

    return frame.grid_lines(xs, ys, token)


def _list(items: list[str]) -> str:
    return " ".join(items) if items else "-"


def state_to_text(s: DiaDePlayaState) -> str:
    lines = [f"diadeplaya {s.n}p {s.mode}"]
    chosen = "all" if s.criteria == CRITERIA else " ".join(s.criteria)
    lines.append(f"criteria: {chosen}")
    for b, grid in enumerate(s.grids):
        tag = "" if s.shared else f" {PLAYERS[b]}"
        if grid:
            lines.append(f"beach{tag}:")
            lines.extend(beach_lines(grid))
            lines.append(f"laid{tag}: {_list([face_name(f) for f in s.laid[b]])}")
        else:
            lines.append(f"beach{tag}: -")
        first = s.firsts[b]
        if first is not None:
            lines.append(f"first{tag}: {card_name(first)}")
    lines.append("market: " + " ".join("-" if f is None else face_name(f) for f in s.market))
    if s.deck is not None:
        lines.append(f"deck: {_list([face_name(f) for f in s.deck])}")
        if s.out is not None:
            lines.append(f"out: {_list([card_name(c) for c in s.out])}")
    else:
        lines.append(f"deck: {s.deck_count} hidden")
        lines.append(f"unseen: {_list([card_name(c) for c in s.unseen or []])}")
    if s.holding is not None:
        lines.append(f"holding: {face_name(s.holding)}")
    if s.rotation is not None:
        lines.append(f"rotation: {s.rotation}")
    lines.append(frame.turn_line(s.player, s.decision))
    lines.append(f"score: {_score_text(s)}")
    lines.append(frame.tail_line(s.viewer_, s.rng))
    return "\n".join(lines) + "\n"


def _score_text(s: DiaDePlayaState) -> str:
    return str(s.score[0]) if s.shared else frame.per_seat_text(s.score)


# --- reading ------------------------------------------------------------------------

_FRAME = Frame(
    "Día de Playa",
    re.compile(rf"diadeplaya\s+([1-4])p\s+({'|'.join(MODES)})", re.IGNORECASE),
    "diadeplaya 2p competitive",
    hint=f" (modes: {', '.join(MODES)})",
    names=(
        "criteria",
        "market",
        "deck",
        "out",
        "unseen",
        "holding",
        "rotation",
        "score",
        *_BEACH_KEYS,
    ),  # fmt: skip
    per_seat=_BEACH_KEYS,
    rows=("beach",),
)


def _read_beach(f: Field, name: str) -> dict[int, int]:
    grid: dict[int, int] = {}
    rows = block_rows(f, name)
    if rows is None:
        return grid

    def put(x: int, y: int, tok: str, no: int) -> None:
        block = _TOKENS.get(tok.upper())
        if block is None:
            raise fail(no, f"{name}: {tok!r} is not a block (ss S^ Sv T< LG UM Fe xx ...)")
        if not GRID.in_range(x, y):
            raise fail(no, f"{name}: {x},{y} is too far from 0,0")
        grid[GRID.cell(x, y)] = block

    read_grid(rows, f.no, name=name, place="beach", things="blocks", empty=EMPTY_TOKEN, cell=put)
    return grid


def _faces(text: str, lineno: int, what: str) -> list[int]:
    if text == "-":
        return []
    try:
        return [parse_face(t) for t in text.split()]
    except ValueError as exc:
        raise fail(lineno, f"{what}: {exc}") from exc


def _cards(text: str, lineno: int, what: str) -> list[int]:
    if text == "-":
        return []
    try:
        return sorted(parse_card(t) for t in text.split())
    except ValueError as exc:
        raise fail(lineno, f"{what}: {exc}") from exc


def _check_beach_keys(pos: Position, mode: str, shared: bool) -> None:
    """One beach (``beach:``) in shared play, one a seat (``beach A:``) otherwise."""
    for f in pos.fields.values():
        word, _, letter = f.key.partition(" ")
        if word in _BEACH_KEYS and (not letter) != shared:
            want = "without a player letter" if shared else "with a player letter (A-D)"
            raise fail(f.no, f"in a {mode} game, write '{word}' {want}")


def _read_criteria(pos: Position) -> tuple[str, ...]:
    f = pos.get("criteria")
    if f is None or f.value.lower() == "all":
        return CRITERIA
    names = f.value.lower().split()
    bad = [x for x in names if x not in CRITERIA]
    if bad or not names or len(set(names)) != len(names):
        raise fail(f.no, f"criteria: 'all' or distinct names of {', '.join(CRITERIA)}")
    return tuple(c for c in CRITERIA if c in names)


def _read_beaches(s: DiaDePlayaState, pos: Position) -> None:
    s.grids, s.laid, s.firsts = [], [], []
    for b in range(s.beach_count):
        tag = "" if s.shared else f" {PLAYERS[b].lower()}"
        f = pos.need(f"beach{tag}")
        s.grids.append(_read_beach(f, f"beach{tag.upper()}"))
        laid = pos.get(f"laid{tag}")
        s.laid.append([] if laid is None else _faces(laid.value, laid.no, "laid"))
        first = None
        if (ff := pos.get(f"first{tag}")) is not None:
            cards = _cards(ff.value, ff.no, "first")
            if len(cards) != 1:
                raise fail(ff.no, "first: one card number")
            first = cards[0]
        s.firsts.append(first)


def _read_deck(s: DiaDePlayaState, pos: Position) -> None:
    f = pos.need("deck")
    hidden = re.fullmatch(r"([0-9]{1,2})\s+hidden", f.value, re.ASCII)
    s.out = s.unseen = None
    out, unseen = pos.get("out"), pos.get("unseen")
    if s.viewer_ is None:
        if hidden:
            raise fail(f.no, "a hidden deck is only possible in a player's view ('viewer:')")
        s.deck = _faces(f.value, f.no, "deck")
        s.deck_count = len(s.deck)
        if s.mode == "solitaire":
            out = pos.need("out")
            s.out = _cards(out.value, out.no, "out")
        elif out is not None:
            raise fail(out.no, "'out' belongs to a solitaire game only")
        if unseen is not None:
            raise fail(unseen.no, "'unseen' belongs to a player's view only")
    else:
        if not hidden:
            raise fail(f.no, "in a view, the deck is written as '<count> hidden'")
        s.deck = None
        s.deck_count = int(hidden.group(1))
        unseen = pos.need("unseen")
        s.unseen = _cards(unseen.value, unseen.no, "unseen")
        if out is not None:
            raise fail(out.no, "a view does not show the cards left out")


def _read_hand(s: DiaDePlayaState, pos: Position) -> None:
    f = pos.need("market")
    toks = f.value.split()
    if len(toks) != 3:
        raise fail(f.no, "market: three slots (slot 1 next to the deck), '-' for an empty one")
    s.market = [None if t == "-" else _faces(t, f.no, "market")[0] for t in toks]
    s.holding = None
    if (h := pos.get("holding")) is not None:
        faces = _faces(h.value, h.no, "holding")
        if len(faces) != 1:
            raise fail(h.no, "holding: one card face, like 7a")
        s.holding = faces[0]
    s.rotation = None
    if (r := pos.get("rotation")) is not None:
        if r.value not in tuple(map(str, ROTATIONS)):
            raise fail(r.no, "rotation: 0, 90, 180 or 270")
        s.rotation = int(r.value)


def state_from_text(text: str, cls: type[DiaDePlayaState]) -> DiaDePlayaState:
    """Read a position written in the notation into a ``cls``, validated like JSON data
    (:class:`CorruptDataError` naming the line of the problem where there is one)."""
    pos = _FRAME.read(text)
    n, mode = pos.n, pos.head.group(2).lower()
    if n not in MODE_PLAYERS[mode]:
        raise fail(pos.header.no, f"a {mode} game is not played by {n} players")
    s = cls.__new__(cls)
    s.n = n
    s.mode = mode
    _check_beach_keys(pos, mode, s.shared)
    s.criteria = _read_criteria(pos)
    s.setup = {
        "players": n,
        "seed": None,
        "options": {"mode": mode, "criteria": list(s.criteria), "first_player": None},
    }
    _read_beaches(s, pos)
    s.viewer_, rng = pos.viewer_and_rng()
    _read_hand(s, pos)
    _read_deck(s, pos)
    s.player, s.decision, _ = pos.turn(DECISION_NAMES, "A take")
    s.rng = rng or 0
    s.history_ = []
    validate(s)
    if (f := pos.get("score")) is not None and f.value != _score_text(s):
        raise fail(f.no, f"this position scores {_score_text(s)}, not {f.value}")
    return s
