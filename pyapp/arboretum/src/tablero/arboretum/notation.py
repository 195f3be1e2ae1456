"""Arboretum's position notation: a text a person can read, write and edit.

The grammar, with examples, is in ``docs/notation-arboretum.md``.  In short::

    arboretum 2p
    arboretum A:
           0   1
       0 Ca1 Ca3
       1   . Oa5
    arboretum B: -
    hand A: Ca2 Ca7 BS8 Do1 Do4 Ja3 Ma6 Ma8 Oa2
    hand B: Ca4* BS1 BS3 CB5 Do8 Ja2 Ja7
    discard A: Ma1
    discard B: BS5 CB2
    deck: rest
    turn: A play

Arboretum rows: ``.`` an empty cell, ``Ca5`` a card; the column numbers (x) head the
block and every row starts with its row number (y, growing downwards).  A ``*`` marks a
card everyone knows is in the hand (it was taken from a discard pile).

The state class to build is a parameter of :func:`state_from_text`
(``ArboretumState.from_text`` passes itself), so this module does not import the state.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tablero.core import PLAYERS
from tablero.core import notation as frame
from tablero.core.notation import Frame, Position, block_rows, fail, read_grid

from .cards import CARD_NAMES
from .data import DECISION_NAMES, HIDDEN, SPECIES_IN_PLAY
from .grid import GRID, cell, frontier, in_range
from .serial import validate

if TYPE_CHECKING:
    from .state import ArboretumState

_BY_NAME = {name.lower(): c for c, name in enumerate(CARD_NAMES)}
_DRAW = {"draw": (("1", "2"), "a draw decision says which card is drawn: 'A draw 1' or 'A draw 2'")}


# --- writing ------------------------------------------------------------------------


def _arboretum_lines(arb: dict[int, int]) -> list[str]:
    xs, ys = GRID.bounds(arb)

    def token(x: int, y: int) -> str:
        c = arb.get(cell(x, y))
        return "." if c is None else CARD_NAMES[c]

    return frame.grid_lines(xs, ys, token)


def _cards(cards: list[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in cards) if cards else "-"


def _hand(s: ArboretumState, p: int) -> str:
    hand, known = s.hands[p], s.known[p]
    if HIDDEN in hand:
        toks = [CARD_NAMES[c] + "*" for c in known] + ["?"] * hand.count(HIDDEN)
    else:
        toks = [CARD_NAMES[c] + ("*" if c in known else "") for c in hand]
    return " ".join(toks) if toks else "-"


def state_to_text(s: ArboretumState) -> str:
    lines = [f"arboretum {s.n}p"]
    for p, arb in enumerate(s.arbs):
        if arb:
            lines.append(f"arboretum {PLAYERS[p]}:")
            lines.extend(_arboretum_lines(arb))
        else:
            lines.append(f"arboretum {PLAYERS[p]}: -")
    for p in range(s.n):
        lines.append(f"hand {PLAYERS[p]}: {_hand(s, p)}")
    for p in range(s.n):
        lines.append(f"discard {PLAYERS[p]}: {_cards(s.discards[p])}")
    if s.deck is not None:
        lines.append(f"deck: {_cards(s.deck)}")
    else:
        lines.append(f"deck: {s.deck_count} hidden")
        lines.append(f"unseen: {_cards(s.unseen or [])}")
    if s.decision == "over":
        lines.append("score: " + frame.per_seat_text(s.score))
    lines.append(
        frame.turn_line(s.player, s.decision, str(s.draws + 1) if s.decision == "draw" else "")
    )
    lines.append(frame.tail_line(s.viewer_, s.rng))
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------

_FRAME = Frame(
    "Arboretum",
    re.compile(r"arboretum\s+([234])p", re.IGNORECASE | re.ASCII),
    "arboretum 2p",
    names=("deck", "unseen", "score"),
    per_seat=("arboretum", "hand", "discard"),
    rows=("arboretum",),
)


def _card(tok: str, lineno: int, what: str) -> int:
    c = _BY_NAME.get(tok.lower())
    if c is None:
        raise fail(lineno, f"{tok!r} in {what} is not a card (a species code and 1-8, like Ca5)")
    return c


def _card_list(text: str, lineno: int, what: str) -> list[int]:
    if text in ("-", ""):
        return []
    return [_card(tok, lineno, what) for tok in text.split()]


def _read_arboretum(pos: Position, p: int) -> dict[int, int]:
    name = f"arboretum {PLAYERS[p]}"
    f = pos.need(name.lower())
    rows = block_rows(f, name)
    arb: dict[int, int] = {}
    if rows is None:
        return arb

    def put(x: int, y: int, tok: str, no: int) -> None:
        if not in_range(x, y):
            raise fail(no, f"{name}: {x},{y} is too far from 0,0")
        arb[cell(x, y)] = _card(tok, no, name)

    read_grid(rows, f.no, name=name, place="arboretum", things="cards", empty=".", cell=put)
    return arb


def _hand_tokens(text: str, lineno: int, what: str) -> tuple[list[int], list[int]]:
    """A hand's cards (``HIDDEN`` for ``?``) and its known (``*``) cards."""
    hand: list[int] = []
    known: list[int] = []
    if text in ("-", ""):
        return hand, known
    for tok in text.split():
        if tok == "?":
            hand.append(HIDDEN)
            continue
        star = tok.endswith("*")
        c = _card(tok[:-1] if star else tok, lineno, what)
        hand.append(c)
        if star:
            known.append(c)
    return sorted(hand), sorted(known)


def _read_hands(s: ArboretumState, pos: Position) -> None:
    s.hands, s.known, s.discards = [], [], []
    for p in range(s.n):
        f = pos.need(f"hand {PLAYERS[p].lower()}")
        hand, known = _hand_tokens(f.value, f.no, f"hand {PLAYERS[p]}")
        if HIDDEN in hand and (s.viewer_ is None or s.viewer_ == p):
            raise fail(
                f.no, "'?' (a hidden card) is only possible in another player's hand in a view"
            )
        s.hands.append(hand)
        s.known.append(known)
    for p in range(s.n):
        f = pos.need(f"discard {PLAYERS[p].lower()}")
        s.discards.append(_card_list(f.value, f.no, f"discard {PLAYERS[p]}"))


def _read_deck(s: ArboretumState, pos: Position) -> None:
    placed = {c for arb in s.arbs for c in arb.values()}
    placed.update(c for h in s.hands for c in h if c != HIDDEN)
    placed.update(c for d in s.discards for c in d)
    rest = [c for c in range(8 * s.species) if c not in placed]
    f = pos.need("deck")
    hidden = re.fullmatch(r"([0-9]{1,4})\s+hidden", f.value, re.ASCII)
    s.unseen = None
    if s.viewer_ is None:
        if hidden:
            raise fail(f.no, "a hidden deck is only possible in a player's view ('viewer:')")
        s.deck = rest if f.value == "rest" else sorted(_card_list(f.value, f.no, "the deck"))
        s.deck_count = len(s.deck)
        if (u := pos.get("unseen")) is not None:
            raise fail(u.no, "'unseen' belongs to a player's view only")
    else:
        if not hidden:
            raise fail(f.no, "in a view, the deck is written as '<count> hidden'")
        s.deck = None
        s.deck_count = int(hidden.group(1))
        u = pos.need("unseen")
        s.unseen = rest if u.value == "rest" else sorted(_card_list(u.value, u.no, "unseen"))


def _read_score(s: ArboretumState, pos: Position) -> None:
    s.score = [0] * s.n
    f = pos.get("score")
    if f is None:
        if s.decision == "over":
            s.score = s.final_scores()
        return
    if s.decision != "over":
        raise fail(f.no, "scores exist only once the game is over ('turn: A over')")
    want = s.final_scores()
    for p, x in pos.per_seat(f, "score").items():
        if not re.fullmatch(r"[0-9]{1,6}", x, re.ASCII):
            raise fail(f.no, f"{PLAYERS[p]}={x!r} in score: write player=points, like A=12")
        if int(x) != want[p]:
            raise fail(f.no, f"player {PLAYERS[p]} scores {want[p]} in this position, not {x}")
    s.score = want


def state_from_text(text: str, cls: type[ArboretumState]) -> ArboretumState:
    """Read a position written in the notation into a ``cls``, validated like JSON data
    (:class:`CorruptDataError` naming the line of the problem where there is one)."""
    pos = _FRAME.read(text)
    n = pos.n
    s = cls.__new__(cls)
    s.n = n
    s.species = SPECIES_IN_PLAY[n]
    s.setup = {"players": n, "seed": None, "options": {}}
    s.arbs = [_read_arboretum(pos, p) for p in range(n)]
    s.fronts = [frontier(a) for a in s.arbs]
    s.viewer_, rng = pos.viewer_and_rng()
    _read_hands(s, pos)
    _read_deck(s, pos)
    s.player, s.decision, draw = pos.turn(DECISION_NAMES, "A draw 1' or 'A play", _DRAW)
    s.draws = int(draw) - 1 if draw else 0
    _read_score(s, pos)
    s.rng = rng or 0
    s.history_ = []
    validate(s)
    return s
