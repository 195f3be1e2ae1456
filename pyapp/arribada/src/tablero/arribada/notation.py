"""Arribada's position notation: a text a person can read, write and edit.

The grammar, with examples, is in ``docs/notation-arribada.md``.  In short::

    arribada 2p standard
        a  b  c  d  e  f  g  h
     1  .  .  .  .  .  o  .  .
     2  .  .  4  .  .  .  .  .
     ...
    rack A: 1 3 3 5 8
    rack B: 2 2 4 6 7
    display: 3 5 - 8 1
    bag: 1x12 2x13 3x11 4x12 5x14 6x13 7x8 8x9
    turn: A action

Cell tokens: ``.`` empty playa, ``o`` empty nido, ``#`` roca grande, ``5`` a neutral
tile, ``5A`` player A's 5, ``*A`` player A's wild.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tablero.core import CorruptDataError

from .board import COLUMNS, NIDO, PLAYA, ROCK, get_board
from .data import (
    BOARD_FOR_PLAYERS,
    DISPLAY_SIZE,
    EMPTY,
    PHASES,
    SHELLS,
    TILE_SUPPLY,
    VALUES,
    VARIANTS,
    WILD,
)
from .serial import validate

if TYPE_CHECKING:
    from .state import ArribadaState

PLAYERS = "ABCD"
_KEYS = (
    "display", "bag", "unseen", "shells", "refresh", "score", "turn", "first", "final round",
    "passes", "picks", "rng", "viewer",
)  # fmt: skip


# --- writing ------------------------------------------------------------------------


def _token(v: int, owner: int, kind: str) -> str:
    """A cell's token in the board's grid: its tile and owner, or what lies there."""
    if v == EMPTY:
        return {PLAYA: ".", NIDO: "o", ROCK: "#"}[kind]
    mark = "" if owner < 0 else PLAYERS[owner]
    return ("*" if v == WILD else str(v)) + mark


#: ``(value, owner, kind)`` -> the cell's token right-aligned in two columns (filled
#: as they are met: a few dozen at most).
_PADDED: dict[tuple[int, int, str], str] = {}


def _padded(key: tuple[int, int, str]) -> str:
    token = _PADDED[key] = f"{_token(*key):>2}"
    return token


def _values(vals: list[int]) -> str:
    if not vals:
        return "-"
    return " ".join("?" if v == EMPTY else "*" if v == WILD else str(v) for v in vals)


def _counts(counts: list[int]) -> str:
    parts = [f"{v}x{c}" for v, c in zip(VALUES, counts, strict=True) if c]
    return " ".join(parts) if parts else "-"


def _per_player(items: list[str]) -> str:
    return " ".join(f"{PLAYERS[p]}={x}" for p, x in enumerate(items))


def state_to_text(s: ArribadaState) -> str:
    b = s.board
    n = b.size
    lines = [f"arribada {s.n}p {s.variant}"]
    lines.append("    " + "  ".join(COLUMNS[:n]))
    padded = _PADDED.get
    tokens = [padded(key) or _padded(key) for key in zip(s.values, s.owners, b.kinds, strict=True)]
    for r in range(n):
        row = " ".join(tokens[r * n : (r + 1) * n])
        lines.append(f"{r + 1:>2} {row}")
    for p in range(s.n):
        lines.append(f"rack {PLAYERS[p]}: {_values(s.racks[p])}")
    lines.append("display: " + " ".join("-" if v == EMPTY else str(v) for v in s.display))
    if s.bag is not None:
        lines.append(f"bag: {_counts(s.bag)}")
    else:
        lines.append(f"bag: {s.bag_count} hidden")
        lines.append(f"unseen: {_counts(s.unseen or [0] * 8)}")
    lines.append("shells: " + _per_player([str(x) for x in s.shells]))
    lines.append("refresh: " + _per_player(["yes" if x else "no" for x in s.refresh]))
    lines.append("score: " + _per_player([str(x) for x in s.score]))
    for p in range(s.n):
        if s.removed[p]:
            lines.append(f"removed {PLAYERS[p]}: {_values(s.removed[p])}")
    turn = f"turn: {PLAYERS[s.player]} {s.phase}"
    if s.phase == "refresh":
        turn += f" {s.refresh_from}"
    lines.append(turn)
    if s.phase == "refresh":
        display_picks = " ".join(str(s.display[i]) for i in s.picks_display) or "-"
        lines.append(f"picks: rack {_values(s.picks_rack)} display {display_picks}")
    lines.append(f"first: {PLAYERS[s.first]}")
    lines.append(f"final round: {'yes' if s.final_round else 'no'}")
    lines.append(f"passes: {s.passes}")
    if s.viewer_ is None:
        lines.append(f"rng: {s.rng:016x}")
    else:
        lines.append(f"viewer: {PLAYERS[s.viewer_]}")
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------

_TOKEN = re.compile(r"^(?:(?P<empty>[.o#])|(?P<wild>\*)(?P<wo>[a-d])|(?P<v>[1-8])(?P<o>[a-d])?)$")


class _Reader:
    def __init__(self, text: str) -> None:
        if not isinstance(text, str):
            raise CorruptDataError("an Arribada position must be given as text")
        self.lines: list[tuple[int, str]] = []
        for i, raw in enumerate(text.splitlines(), 1):
            line = raw.split(";", 1)[0].strip()
            if line:
                self.lines.append((i, line))

    @staticmethod
    def fail(lineno: int, msg: str) -> CorruptDataError:
        return CorruptDataError(f"line {lineno}: {msg}")


def _player(tok: str, n: int, lineno: int) -> int:
    t = tok.strip().upper()
    if len(t) != 1 or t not in PLAYERS[:n]:
        raise _Reader.fail(lineno, f"{tok!r} is not a player of this game ({PLAYERS[:n]})")
    return PLAYERS.index(t)


def _value_list(text: str, lineno: int, what: str, allow_hidden: bool = False) -> list[int]:
    text = text.strip()
    if text == "-" or text == "":
        return []
    out = []
    for tok in text.split():
        if tok == "?" and allow_hidden:
            out.append(EMPTY)
        elif tok == "*" and what == "removed":
            out.append(WILD)
        elif tok in ("1", "2", "3", "4", "5", "6", "7", "8"):
            out.append(int(tok))
        else:
            raise _Reader.fail(lineno, f"{tok!r} in {what} is not a tile value 1-8")
    return out


def _count_list(text: str, lineno: int, what: str) -> list[int]:
    counts = [0] * 8
    text = text.strip()
    if text == "-":
        return counts
    for tok in text.split():
        m = re.fullmatch(r"([1-8])x([0-9]{1,4})", tok)
        if not m:
            raise _Reader.fail(lineno, f"{tok!r} in {what}: write value x count, like 3x12")
        v, c = int(m.group(1)), int(m.group(2))
        if counts[v - 1]:
            raise _Reader.fail(lineno, f"value {v} appears twice in {what}")
        counts[v - 1] = c
    return counts


def _pairs(text: str, n: int, lineno: int, what: str) -> dict[int, str]:
    out: dict[int, str] = {}
    for tok in text.split():
        if "=" not in tok:
            raise _Reader.fail(lineno, f"{tok!r} in {what}: write player=value, like A=12")
        who, val = tok.split("=", 1)
        p = _player(who, n, lineno)
        if p in out:
            raise _Reader.fail(lineno, f"player {PLAYERS[p]} appears twice in {what}")
        out[p] = val
    return out


def _yes_no(text: str, lineno: int, what: str) -> bool:
    t = text.strip().lower()
    if t not in ("yes", "no"):
        raise _Reader.fail(lineno, f"{what} must be yes or no, not {text!r}")
    return t == "yes"


def _int(text: str, lineno: int, what: str) -> int:
    t = text.strip()
    if not re.fullmatch(r"-?[0-9]{1,9}", t):
        raise _Reader.fail(lineno, f"{what} must be a whole number, not {text!r}")
    return int(t)


def _fill_rest(counts: list[int], wilds: int) -> list[int]:
    """Whatever the box holds that is not elsewhere; each wild stands for one more tile
    (taken from the value with the most left, the lowest such value first)."""
    rest = [TILE_SUPPLY[v] - counts[v] for v in VALUES]
    for _ in range(wilds):
        i = max(range(8), key=lambda k: (rest[k], -k))
        rest[i] -= 1
    return rest


def state_from_text(  # noqa: C901 - a flat list of fields
    text: str, cls: type[ArribadaState]
) -> ArribadaState:
    """A ``cls`` from the position notation; :class:`CorruptDataError` naming the line."""
    reader = _Reader(text)
    lines = reader.lines
    if not lines:
        raise CorruptDataError("empty Arribada position")
    lineno, header = lines[0]
    m = re.fullmatch(r"arribada\s+([234])p(?:\s+(\w+))?", header, re.IGNORECASE | re.ASCII)
    if not m:
        raise _Reader.fail(
            lineno, f"the first line must be like 'arribada 2p standard', not {header!r}"
        )
    n = int(m.group(1))
    variant = (m.group(2) or "standard").lower()
    if variant not in VARIANTS:
        raise _Reader.fail(lineno, f"unknown variant {variant!r} (standard or beginner)")
    board = get_board(BOARD_FOR_PLAYERS[n])
    size = board.size
    s = cls.__new__(cls)
    s.board, s.n, s.variant = board, n, variant
    s.setup = {"players": n, "seed": None, "options": {"variant": variant}}
    s.values = [EMPTY] * (size * size)
    s.owners = [-1] * (size * size)

    # the board: the lines before the first "key: value" line
    rows: list[tuple[int, list[str]]] = []
    i = 1
    while i < len(lines) and ":" not in lines[i][1]:
        ln, line = lines[i]
        toks = line.split()
        i += 1
        if toks == list(COLUMNS[: len(toks)]):
            continue  # the column header
        expected = str(len(rows) + 1)
        if len(toks) == size + 1 and re.fullmatch(r"[0-9]+", toks[0]):
            if toks[0] != expected:
                raise _Reader.fail(ln, f"row {toks[0]} found where row {expected} was expected")
            toks = toks[1:]
        elif len(toks) == size and toks[0] == expected and board.kinds[len(rows) * size] != NIDO:
            raise _Reader.fail(
                ln, f"row {expected} starts with its row number but has only {size - 1} cells"
            )
        if len(toks) != size:
            raise _Reader.fail(
                ln, f"a board row of the {size}x{size} board needs {size} cells, not {len(toks)}"
            )
        rows.append((ln, toks))
    if len(rows) != size:
        raise CorruptDataError(f"the {size}x{size} board needs {size} rows, found {len(rows)}")
    for r, (ln, toks) in enumerate(rows):
        for c, tok in enumerate(toks):
            cell = r * size + c
            name = f"{COLUMNS[c]}{r + 1}"
            tm = _TOKEN.match(tok.lower())
            if not tm:
                raise _Reader.fail(ln, f"{tok!r} at {name} is not a cell token (. o # 5 5A *A)")
            kind = board.kinds[cell]
            if tm.group("empty"):
                want = {".": PLAYA, "o": NIDO, "#": ROCK}[tm.group("empty")]
                if want != kind:
                    raise _Reader.fail(ln, f"{name} is {kind}, not {want} ({tok!r})")
                continue
            owner_tok = tm.group("wo") or tm.group("o")
            s.values[cell] = WILD if tm.group("wild") else int(tm.group("v"))
            s.owners[cell] = -1 if owner_tok is None else _player(owner_tok, n, ln)
            if kind == ROCK:
                raise _Reader.fail(ln, f"{name} is the roca grande and cannot hold a tile")

    fields: dict[str, tuple[int, str]] = {}
    for ln, line in lines[i:]:
        if ":" not in line:
            raise _Reader.fail(ln, f"expected 'key: value', found {line!r}")
        key, value = line.split(":", 1)
        key = " ".join(key.lower().split())
        if not (key in _KEYS or re.fullmatch(r"(rack|removed) [a-d]", key)):
            raise _Reader.fail(ln, f"unknown field {key!r}")
        if key in fields:
            raise _Reader.fail(ln, f"field {key!r} given twice")
        fields[key] = (ln, value.strip())

    def need(key: str) -> tuple[int, str]:
        if key not in fields:
            raise CorruptDataError(f"the position has no '{key}:' line")
        return fields[key]

    s.viewer_ = None
    if "viewer" in fields:
        ln, v = fields["viewer"]
        s.viewer_ = _player(v, n, ln)
    s.racks = []
    for p in range(n):
        ln, v = need(f"rack {PLAYERS[p].lower()}")
        hidden_ok = s.viewer_ is not None and s.viewer_ != p
        s.racks.append(sorted(_value_list(v, ln, f"rack {PLAYERS[p]}", hidden_ok)))
    for key in fields:
        m2 = re.fullmatch(r"(rack|removed) ([a-d])", key)
        if m2 and PLAYERS.index(m2.group(2).upper()) >= n:
            raise _Reader.fail(fields[key][0], f"there is no player {m2.group(2).upper()}")
    ln, v = need("display")
    toks = v.split()
    if len(toks) != DISPLAY_SIZE:
        raise _Reader.fail(ln, f"the display has {DISPLAY_SIZE} spaces, not {len(toks)}")
    s.display = [EMPTY if t == "-" else (_value_list(t, ln, "display") or [EMPTY])[0] for t in toks]
    s.removed = []
    for p in range(n):
        key = f"removed {PLAYERS[p].lower()}"
        ln, v = fields.get(key, (0, "-"))
        s.removed.append(sorted(_value_list(v, ln, "removed")))

    # what is on the board, the display and the known racks, for 'rest'
    counts = [0] * 10
    for val in s.values + s.display:
        counts[val] += 1
    for r_ in s.removed:
        for val in r_:
            counts[val] += 1
    for r_ in s.racks:
        for val in r_:
            counts[val] += 1
    wilds = counts[WILD]
    ln, v = need("bag")
    s.unseen = None
    hidden = re.fullmatch(r"([0-9]{1,4})\s+hidden", v, re.ASCII)
    if s.viewer_ is None:
        if hidden:
            raise _Reader.fail(ln, "a hidden bag is only possible in a player's view ('viewer:')")
        s.bag = _fill_rest(counts, wilds) if v == "rest" else _count_list(v, ln, "bag")
        if min(s.bag) < 0:
            raise _Reader.fail(ln, "'rest' is negative: more tiles are placed than the box holds")
        s.bag_count = sum(s.bag)
    else:
        if not hidden:
            raise _Reader.fail(ln, "in a view, the bag is written as '<count> hidden'")
        s.bag = None
        s.bag_count = int(hidden.group(1))
        uln, uv = need("unseen")
        s.unseen = _fill_rest(counts, wilds) if uv == "rest" else _count_list(uv, uln, "unseen")
    if "unseen" in fields and s.viewer_ is None:
        raise _Reader.fail(fields["unseen"][0], "'unseen' belongs to a player's view only")

    owned = [sum(1 for o in s.owners if o == p) for p in range(n)]
    s.shells = [SHELLS[n] - owned[p] for p in range(n)]
    if "shells" in fields:
        ln, v = fields["shells"]
        for p, x in _pairs(v, n, ln, "shells").items():
            s.shells[p] = _int(x, ln, "a shell count")
            if not 0 <= s.shells[p] <= SHELLS[n]:
                raise _Reader.fail(ln, f"player {PLAYERS[p]} cannot have {s.shells[p]} shells")
    s.refresh = [True] * n
    if "refresh" in fields:
        ln, v = fields["refresh"]
        for p, x in _pairs(v, n, ln, "refresh").items():
            s.refresh[p] = _yes_no(x, ln, "refresh")
    s.score = [0] * n
    if "score" in fields:
        ln, v = fields["score"]
        for p, x in _pairs(v, n, ln, "score").items():
            s.score[p] = _int(x, ln, "a score")

    ln, v = need("turn")
    toks = v.split()
    if len(toks) not in (2, 3):
        raise _Reader.fail(ln, "write the turn as '<player> <decision>', like 'A action'")
    s.player = _player(toks[0], n, ln)
    s.phase = toks[1].lower()
    if s.phase not in PHASES:
        raise _Reader.fail(ln, f"unknown decision {toks[1]!r} ({', '.join(PHASES)})")
    s.refresh_from = ""
    if s.phase == "refresh":
        if len(toks) != 3 or toks[2].lower() not in ("start", "end"):
            raise _Reader.fail(ln, "a refresh in progress is 'refresh start' or 'refresh end'")
        s.refresh_from = toks[2].lower()
    elif len(toks) == 3:
        raise _Reader.fail(ln, f"unexpected {toks[2]!r} after the decision")
    s.picks_rack, s.picks_display = [], []
    if "picks" in fields:
        ln, v = fields["picks"]
        pm = re.fullmatch(r"rack\s+(.*?)\s+display\s+(.*)", v)
        if not pm:
            raise _Reader.fail(ln, "write picks as 'rack <values> display <values>' ('-' for none)")
        hidden_ok = s.viewer_ is not None and s.viewer_ != s.player
        s.picks_rack = sorted(_value_list(pm.group(1), ln, "picks", hidden_ok))
        for val in _value_list(pm.group(2), ln, "picks"):
            slot = next(
                (k for k, d in enumerate(s.display) if d == val and k not in s.picks_display),
                None,
            )
            if slot is None:
                raise _Reader.fail(ln, f"there is no unpicked {val} in the display")
            s.picks_display.append(slot)
        s.picks_display.sort()
    s.first = 0
    if "first" in fields:
        ln, v = fields["first"]
        s.first = _player(v, n, ln)
    s.final_round = False
    if "final round" in fields:
        ln, v = fields["final round"]
        s.final_round = _yes_no(v, ln, "final round")
    s.passes = 0
    if "passes" in fields:
        ln, v = fields["passes"]
        s.passes = _int(v, ln, "passes")
        if not 0 <= s.passes < n:
            raise _Reader.fail(ln, f"passes must be from 0 to {n - 1}")
    s.rng = 0
    if "rng" in fields:
        ln, v = fields["rng"]
        if s.viewer_ is not None:
            raise _Reader.fail(ln, "a player's view has no rng state")
        if not re.fullmatch(r"[0-9a-fA-F]{1,16}", v):
            raise _Reader.fail(ln, f"rng must be up to 16 hexadecimal digits, not {v!r}")
        s.rng = int(v, 16)
    s.history_ = []
    validate(s)
    return s
