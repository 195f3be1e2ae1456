"""Día de Playa's position notation: a text a person can read, write and edit.

The grammar, with examples, is in ``docs/notation-diadeplaya.md``.  In shortss

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

from tablero.core import CorruptDataError

from .data import (
    BLOCK_OF_TOKEN,
    CRITERIA,
    EMPTY_TOKEN,
    MODE_PLAYERS,
    MODES,
    PHASES,
    PLAYERS,
    TOKEN_OF_BLOCK,
)
from .scoring import GRID
from .serial import validate
from .shapes import ROTATIONS, card_name, face_name, parse_card, parse_face

if TYPE_CHECKING:
    from .state import DiaDePlayaState

_TOKENS = {t.upper(): b for t, b in BLOCK_OF_TOKEN.items()}
_KEYS = ("criteria", "market", "deck", "out", "unseen", "holding", "rotation", "score", "turn",
         "rng", "viewer")  # fmt: skip
_BEACH_KEYS = re.compile(r"(beach|laid|first)(?: ([a-d]))?")


# --- writing ------------------------------------------------------------------------


def beach_lines(grid: dict[int, int]) -> list[str]:
    """A beach as rows of block tokens under a line of column numbers."""
    xs, ys = GRID.bounds(grid)
    width = max(len(str(y)) for y in ys)
    lines = [" " * (width + 2) + "".join(f" {x:>3}" for x in xs)]
    for y in ys:
        toks = [TOKEN_OF_BLOCK.get(grid.get(GRID.cell(x, y), -1), EMPTY_TOKEN) for x in xs]
        lines.append(f"  {y:>{width}}" + "".join(f" {t:>3}" for t in toks))
    return lines


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
    lines.append(f"turn: {PLAYERS[s.player]} {s.phase}")
    if s.shared:
        lines.append(f"score: {s.score[0]}")
    else:
        lines.append("score: " + " ".join(f"{PLAYERS[p]}={x}" for p, x in enumerate(s.score)))
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


def _int(tok: str) -> int | None:
    return int(tok) if re.fullmatch(r"-?\d{1,9}", tok) else None


def _read_beach(rows: list[tuple[int, str]], name: str, lineno: int) -> dict[int, int]:
    if not rows:
        raise _fail(lineno, f"{name}: write '-' for an empty beach, or rows of blocks below")
    head_ln, head = rows[0]
    xs = [_int(t) for t in head.split()]
    if not xs or any(x is None for x in xs):
        raise _fail(head_ln, f"{name}: the first line must be the column numbers (x), like '0 1 2'")
    cols: list[int] = [x for x in xs if x is not None]
    if cols != list(range(cols[0], cols[0] + len(cols))):
        raise _fail(head_ln, f"{name}: column numbers must count up by one")
    grid: dict[int, int] = {}
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
            if tok == EMPTY_TOKEN:
                continue
            block = _TOKENS.get(tok.upper())
            if block is None:
                raise _fail(ln, f"{name}: {tok!r} is not a block (ss S^ Sv T< LG UM Fe xx ...)")
            if not GRID.in_range(x, y):
                raise _fail(ln, f"{name}: {x},{y} is too far from 0,0")
            grid[GRID.cell(x, y)] = block
    if last_y is None:
        raise _fail(head_ln, f"{name}: the column numbers must be followed by rows of blocks")
    return grid


def _faces(text: str, lineno: int, what: str) -> list[int]:
    if text == "-":
        return []
    try:
        return [parse_face(t) for t in text.split()]
    except ValueError as exc:
        raise _fail(lineno, f"{what}: {exc}") from exc


def _cards(text: str, lineno: int, what: str) -> list[int]:
    if text == "-":
        return []
    try:
        return sorted(parse_card(t) for t in text.split())
    except ValueError as exc:
        raise _fail(lineno, f"{what}: {exc}") from exc


def state_from_text(text: str, cls: type[DiaDePlayaState]) -> DiaDePlayaState:  # noqa: C901
    """Read a position written in the notation into a ``cls``, validated like JSON data
    (:class:`CorruptDataError` naming the line of the problem where there is one)."""
    if not isinstance(text, str):
        raise CorruptDataError("a Día de Playa position must be given as text")
    lines: list[tuple[int, str]] = []
    for i, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";", 1)[0].strip()
        if line:
            lines.append((i, line))
    if not lines:
        raise CorruptDataError("empty Día de Playa position")
    lineno, header = lines[0]
    m = re.fullmatch(r"diadeplaya\s+([1-4])p\s+(\w+)", header, re.IGNORECASE)
    if not m or m.group(2).lower() not in MODES:
        raise _fail(
            lineno,
            f"the first line must be like 'diadeplaya 2p competitive' (modes: {', '.join(MODES)}), "
            f"not {header[:60]!r}",
        )
    n, mode = int(m.group(1)), m.group(2).lower()
    if n not in MODE_PLAYERS[mode]:
        raise _fail(lineno, f"a {mode} game is not played by {n} players")
    s = cls.__new__(cls)
    s.n = n
    s.mode = mode
    shared = s.shared
    beach_rows: dict[int, tuple[int, list[tuple[int, str]] | None]] = {}
    fields: dict[str, tuple[int, str]] = {}
    rows: list[tuple[int, str]] | None = None
    for ln, line in lines[1:]:
        if ":" not in line:
            if rows is None:
                raise _fail(ln, f"expected 'key: value' or a beach row, found {line[:60]!r}")
            rows.append((ln, line))
            continue
        rows = None
        key, value = line.split(":", 1)
        key = " ".join(key.lower().split())
        value = value.strip()
        bm = _BEACH_KEYS.fullmatch(key)
        if bm:
            if (bm.group(2) is None) != shared:
                want = "without a player letter" if shared else "with a player letter (A-D)"
                raise _fail(ln, f"in a {mode} game, write '{bm.group(1)}' {want}")
            b = 0 if shared else _player(bm.group(2) or "", n, ln)
            if bm.group(1) == "beach":
                if b in beach_rows:
                    raise _fail(ln, f"{key} given twice")
                if value == "-":
                    beach_rows[b] = (ln, None)
                elif value == "":
                    rows = []
                    beach_rows[b] = (ln, rows)
                else:
                    raise _fail(ln, f"write '{key}: -' or '{key}:' followed by its rows")
                continue
        elif key not in _KEYS:
            raise _fail(ln, f"unknown field {key!r}")
        if key in fields:
            raise _fail(ln, f"field {key!r} given twice")
        fields[key] = (ln, value)

    def need(key: str) -> tuple[int, str]:
        if key not in fields:
            raise CorruptDataError(f"the position has no '{key}:' line")
        return fields[key]

    criteria: tuple[str, ...] = CRITERIA
    if "criteria" in fields:
        ln, v = fields["criteria"]
        if v.lower() != "all":
            names = v.lower().split()
            bad = [x for x in names if x not in CRITERIA]
            if bad or not names or len(set(names)) != len(names):
                raise _fail(ln, f"criteria: 'all' or distinct names of {', '.join(CRITERIA)}")
            criteria = tuple(c for c in CRITERIA if c in names)
    s.criteria = criteria
    s.setup = {
        "players": n,
        "seed": None,
        "options": {"mode": mode, "criteria": list(criteria), "first_player": None},
    }
    s.grids, s.laid, s.firsts = [], [], []
    for b in range(s.beach_count):
        tag = "" if shared else f" {PLAYERS[b].lower()}"
        if b not in beach_rows:
            raise CorruptDataError(f"the position has no 'beach{tag.upper()}:' line")
        ln, block = beach_rows[b]
        s.grids.append({} if block is None else _read_beach(block, f"beach{tag.upper()}", ln))
        if f"laid{tag}" in fields:
            lln, lv = fields[f"laid{tag}"]
            s.laid.append(_faces(lv, lln, "laid"))
        else:
            s.laid.append([])
        first = None
        if f"first{tag}" in fields:
            fln, fv = fields[f"first{tag}"]
            cards = _cards(fv, fln, "first")
            if len(cards) != 1:
                raise _fail(fln, "first: one card number")
            first = cards[0]
        s.firsts.append(first)
    ln, v = need("market")
    toks = v.split()
    if len(toks) != 3:
        raise _fail(ln, "market: three slots (slot 1 next to the deck), '-' for an empty one")
    s.market = [None if t == "-" else _faces(t, ln, "market")[0] for t in toks]
    s.viewer_ = None
    if "viewer" in fields:
        vln, vv = fields["viewer"]
        s.viewer_ = _player(vv, n, vln)
    ln, v = need("deck")
    hidden = re.fullmatch(r"(\d{1,2})\s+hidden", v)
    s.out = s.unseen = None
    if s.viewer_ is None:
        if hidden:
            raise _fail(ln, "a hidden deck is only possible in a player's view ('viewer:')")
        s.deck = _faces(v, ln, "deck")
        s.deck_count = len(s.deck)
        if mode == "solitaire":
            oln, ov = need("out")
            s.out = _cards(ov, oln, "out")
        elif "out" in fields:
            raise _fail(fields["out"][0], "'out' belongs to a solitaire game only")
        if "unseen" in fields:
            raise _fail(fields["unseen"][0], "'unseen' belongs to a player's view only")
    else:
        if not hidden:
            raise _fail(ln, "in a view, the deck is written as '<count> hidden'")
        s.deck = None
        s.deck_count = int(hidden.group(1))
        uln, uv = need("unseen")
        s.unseen = _cards(uv, uln, "unseen")
        if "out" in fields:
            raise _fail(fields["out"][0], "a view does not show the cards left out")
    s.holding = None
    if "holding" in fields:
        hln, hv = fields["holding"]
        faces = _faces(hv, hln, "holding")
        if len(faces) != 1:
            raise _fail(hln, "holding: one card face, like 7a")
        s.holding = faces[0]
    s.rotation = None
    if "rotation" in fields:
        rln, rv = fields["rotation"]
        if rv not in tuple(map(str, ROTATIONS)):
            raise _fail(rln, "rotation: 0, 90, 180 or 270")
        s.rotation = int(rv)
    ln, v = need("turn")
    toks = v.split()
    if len(toks) != 2:
        raise _fail(ln, "write the turn as '<player> <decision>', like 'A take'")
    s.player = _player(toks[0], n, ln)
    s.phase = toks[1].lower()
    if s.phase not in PHASES:
        raise _fail(ln, f"unknown decision {toks[1]!r} ({', '.join(PHASES)})")
    s.rng = 0
    if "rng" in fields:
        rln, rv = fields["rng"]
        if s.viewer_ is not None:
            raise _fail(rln, "a player's view has no rng state")
        if not re.fullmatch(r"[0-9a-fA-F]{1,16}", rv):
            raise _fail(rln, f"rng must be up to 16 hexadecimal digits, not {rv!r}")
        s.rng = int(rv, 16)
    s.history_ = []
    validate(s)
    if "score" in fields:
        sln, sv = fields["score"]
        if sv != _score_text(s):
            raise _fail(sln, f"this position scores {_score_text(s)}, not {sv}")
    return s


def _score_text(s: DiaDePlayaState) -> str:
    if s.shared:
        return str(s.score[0])
    return " ".join(f"{PLAYERS[p]}={x}" for p, x in enumerate(s.score))
