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

from tablero.core import CorruptDataError

from .cards import CARD_NAMES
from .data import HIDDEN, PHASES, SPECIES_IN_PLAY
from .grid import GRID, cell, frontier, in_range
from .moves import PLAYERS
from .serial import validate

if TYPE_CHECKING:
    from .state import ArboretumState

_BY_NAME = {name.lower(): c for c, name in enumerate(CARD_NAMES)}
_KEYS = ("deck", "unseen", "score", "turn", "rng", "viewer")
_PLAYER_KEYS = re.compile(r"(hand|discard) ([a-d])")


# --- writing ------------------------------------------------------------------------


def _arboretum_lines(arb: dict[int, int]) -> list[str]:
    xs, ys = GRID.bounds(arb)
    width = max(len(str(y)) for y in ys)
    lines = [" " * (width + 2) + "".join(f" {x:>3}" for x in xs)]
    for y in ys:
        toks = []
        for x in xs:
            c = arb.get(cell(x, y))
            toks.append("." if c is None else CARD_NAMES[c])
        lines.append(f"  {y:>{width}}" + "".join(f" {t:>3}" for t in toks))
    return lines


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
    if s.phase == "over":
        lines.append("score: " + " ".join(f"{PLAYERS[p]}={x}" for p, x in enumerate(s.score)))
    turn = f"turn: {PLAYERS[s.player]} {s.phase}"
    if s.phase == "draw":
        turn += f" {s.draws + 1}"
    lines.append(turn)
    if s.viewer_ is None:
        lines.append(f"rng: {s.rng:016x}")
    else:
        lines.append(f"viewer: {PLAYERS[s.viewer_]}")
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------


def _fail(lineno: int, msg: str) -> CorruptDataError:
    return CorruptDataError(f"line {lineno}: {msg}")


def _player(tok: str, n: int, lineno: int) -> int:
    t = tok.strip().upper()
    if len(t) != 1 or t not in PLAYERS[:n]:
        raise _fail(lineno, f"{tok!r} is not a player of this game ({PLAYERS[:n]})")
    return PLAYERS.index(t)


def _card(tok: str, lineno: int, what: str) -> int:
    c = _BY_NAME.get(tok.lower())
    if c is None:
        raise _fail(lineno, f"{tok!r} in {what} is not a card (a species code and 1-8, like Ca5)")
    return c


def _card_list(text: str, lineno: int, what: str) -> list[int]:
    if text in ("-", ""):
        return []
    return [_card(tok, lineno, what) for tok in text.split()]


def _int(tok: str) -> int | None:
    return int(tok) if re.fullmatch(r"-?[0-9]{1,9}", tok) else None


def _read_arboretum(rows: list[tuple[int, str]], p: int, lineno: int) -> dict[int, int]:
    name = f"arboretum {PLAYERS[p]}"
    if not rows:
        raise _fail(lineno, f"{name}: write '-' for an empty arboretum, or rows of cards below")
    head_ln, head = rows[0]
    xs = [_int(t) for t in head.split()]
    if any(x is None for x in xs):
        raise _fail(
            head_ln, f"{name}: the first line must be the column numbers (x), like '-1 0 1'"
        )
    cols: list[int] = [x for x in xs if x is not None]
    if cols != list(range(cols[0], cols[0] + len(cols))):
        raise _fail(head_ln, f"{name}: the column numbers must count up by one, like '-1 0 1'")
    arb: dict[int, int] = {}
    last_y: int | None = None
    for ln, line in rows[1:]:
        toks = line.split()
        y = _int(toks[0])
        if y is None:
            raise _fail(ln, f"{name}: a row starts with its row number (y), not {toks[0]!r}")
        if last_y is not None and y != last_y + 1:
            raise _fail(ln, f"{name}: row {y} found where row {last_y + 1} was expected")
        last_y = y
        if len(toks) - 1 != len(cols):
            raise _fail(ln, f"{name}: row {y} needs {len(cols)} cells, not {len(toks) - 1}")
        for x, tok in zip(cols, toks[1:], strict=True):
            if tok == ".":
                continue
            if not in_range(x, y):
                raise _fail(ln, f"{name}: {x},{y} is too far from 0,0")
            arb[cell(x, y)] = _card(tok, ln, name)
    if last_y is None:
        raise _fail(head_ln, f"{name}: the column numbers must be followed by rows of cards")
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


def state_from_text(text: str, cls: type[ArboretumState]) -> ArboretumState:  # noqa: C901
    """Read a position written in the notation into a ``cls``, validated like JSON data
    (:class:`CorruptDataError` naming the line of the problem where there is one)."""
    if not isinstance(text, str):
        raise CorruptDataError("an Arboretum position must be given as text")
    lines: list[tuple[int, str]] = []
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";", 1)[0].strip()
        if line:
            lines.append((i, line))
    if not lines:
        raise CorruptDataError("empty Arboretum position")
    lineno, header = lines[0]
    m = re.fullmatch(r"arboretum\s+([234])p", header, re.IGNORECASE | re.ASCII)
    if not m:
        raise _fail(lineno, f"the first line must be like 'arboretum 2p', not {header!r}")
    n = int(m.group(1))

    blocks: dict[int, tuple[int, list[tuple[int, str]] | None]] = {}
    fields: dict[str, tuple[int, str]] = {}
    rows: list[tuple[int, str]] | None = None
    for ln, line in lines[1:]:
        if ":" not in line:
            if rows is None:
                raise _fail(ln, f"expected 'key: value' or an arboretum row, found {line!r}")
            rows.append((ln, line))
            continue
        rows = None
        key, value = line.split(":", 1)
        key = " ".join(key.lower().split())
        value = value.strip()
        am = re.fullmatch(r"arboretum ([a-z])", key)
        if am:
            p = _player(am.group(1), n, ln)
            if p in blocks:
                raise _fail(ln, f"arboretum {PLAYERS[p]} given twice")
            if value == "-":
                blocks[p] = (ln, None)
            elif value == "":
                rows = []
                blocks[p] = (ln, rows)
            else:
                raise _fail(ln, "write 'arboretum A: -' or 'arboretum A:' followed by its rows")
            continue
        pm = _PLAYER_KEYS.fullmatch(key)
        if pm:
            _player(pm.group(2), n, ln)
        elif key not in _KEYS:
            raise _fail(ln, f"unknown field {key!r}")
        if key in fields:
            raise _fail(ln, f"field {key!r} given twice")
        fields[key] = (ln, value)

    def need(key: str) -> tuple[int, str]:
        if key not in fields:
            raise CorruptDataError(f"the position has no '{key}:' line")
        return fields[key]

    s = cls.__new__(cls)
    s.n = n
    s.species = SPECIES_IN_PLAY[n]
    s.setup = {"players": n, "seed": None, "options": {}}
    s.arbs = []
    for p in range(n):
        if p not in blocks:
            raise CorruptDataError(f"the position has no 'arboretum {PLAYERS[p]}:' line")
        ln, block = blocks[p]
        s.arbs.append({} if block is None else _read_arboretum(block, p, ln))
    s.fronts = [frontier(a) for a in s.arbs]
    s.viewer_ = None
    if "viewer" in fields:
        ln, v = fields["viewer"]
        s.viewer_ = _player(v, n, ln)
    s.hands, s.known = [], []
    for p in range(n):
        ln, v = need(f"hand {PLAYERS[p].lower()}")
        hand, known = _hand_tokens(v, ln, f"hand {PLAYERS[p]}")
        if HIDDEN in hand and (s.viewer_ is None or s.viewer_ == p):
            raise _fail(
                ln, "'?' (a hidden card) is only possible in another player's hand in a view"
            )
        s.hands.append(hand)
        s.known.append(known)
    s.discards = []
    for p in range(n):
        ln, v = need(f"discard {PLAYERS[p].lower()}")
        s.discards.append(_card_list(v, ln, f"discard {PLAYERS[p]}"))

    placed = {c for arb in s.arbs for c in arb.values()}
    placed.update(c for h in s.hands for c in h if c != HIDDEN)
    placed.update(c for d in s.discards for c in d)
    rest = [c for c in range(8 * s.species) if c not in placed]
    ln, v = need("deck")
    hidden = re.fullmatch(r"([0-9]{1,4})\s+hidden", v, re.ASCII)
    s.unseen = None
    if s.viewer_ is None:
        if hidden:
            raise _fail(ln, "a hidden deck is only possible in a player's view ('viewer:')")
        s.deck = rest if v == "rest" else sorted(_card_list(v, ln, "the deck"))
        s.deck_count = len(s.deck)
        if "unseen" in fields:
            raise _fail(fields["unseen"][0], "'unseen' belongs to a player's view only")
    else:
        if not hidden:
            raise _fail(ln, "in a view, the deck is written as '<count> hidden'")
        s.deck = None
        s.deck_count = int(hidden.group(1))
        uln, uv = need("unseen")
        s.unseen = rest if uv == "rest" else sorted(_card_list(uv, uln, "unseen"))

    ln, v = need("turn")
    toks = v.split()
    if len(toks) not in (2, 3):
        raise _fail(ln, "write the turn as '<player> <decision>', like 'A draw 1' or 'A play'")
    s.player = _player(toks[0], n, ln)
    s.phase = toks[1].lower()
    if s.phase not in PHASES:
        raise _fail(ln, f"unknown decision {toks[1]!r} ({', '.join(PHASES)})")
    s.draws = 0
    if s.phase == "draw":
        if len(toks) != 3 or toks[2] not in ("1", "2"):
            raise _fail(ln, "a draw decision says which card is drawn: 'A draw 1' or 'A draw 2'")
        s.draws = int(toks[2]) - 1
    elif len(toks) == 3:
        raise _fail(ln, f"unexpected {toks[2]!r} after the decision")

    s.score = [0] * n
    if "score" in fields:
        ln, v = fields["score"]
        if s.phase != "over":
            raise _fail(ln, "scores exist only once the game is over ('turn: A over')")
        given: dict[int, int] = {}
        for tok in v.split():
            sm = re.fullmatch(r"([a-dA-D])=([0-9]{1,6})", tok)
            if not sm:
                raise _fail(ln, f"{tok!r} in score: write player=points, like A=12")
            p = _player(sm.group(1), n, ln)
            if p in given:
                raise _fail(ln, f"player {PLAYERS[p]} appears twice in score")
            given[p] = int(sm.group(2))
        want = s.final_scores()
        for p, x in given.items():
            if x != want[p]:
                raise _fail(ln, f"player {PLAYERS[p]} scores {want[p]} in this position, not {x}")
        s.score = want
    elif s.phase == "over":
        s.score = s.final_scores()
    s.rng = 0
    if "rng" in fields:
        ln, v = fields["rng"]
        if s.viewer_ is not None:
            raise _fail(ln, "a player's view has no rng state")
        if not re.fullmatch(r"[0-9a-fA-F]{1,16}", v):
            raise _fail(ln, f"rng must be up to 16 hexadecimal digits, not {v!r}")
        s.rng = int(v, 16)
    s.history_ = []
    validate(s)
    return s
