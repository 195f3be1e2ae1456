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
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tablero.core import PLAYERS, CorruptDataError
from tablero.core.notation import Frame, Position, fail, per_seat_text, tail_line, turn_line

from .board import COLUMNS, NIDO, PLAYA, ROCK, get_board
from .data import (
    BOARD_FOR_PLAYERS,
    DECISION_NAMES,
    DISPLAY_SIZE,
    EMPTY,
    SHELLS,
    TILE_SUPPLY,
    VALUES,
    VARIANTS,
    WILD,
)
from .serial import validate

if TYPE_CHECKING:
    from .state import ArribadaState

_REFRESH = {
    "refresh": (("start", "end"), "a refresh in progress is 'refresh start' or 'refresh end'")
}


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
    lines.append("shells: " + per_seat_text(s.shells))
    lines.append("refresh: " + per_seat_text("yes" if x else "no" for x in s.refresh))
    lines.append("score: " + per_seat_text(s.score))
    for p in range(s.n):
        if s.removed[p]:
            lines.append(f"removed {PLAYERS[p]}: {_values(s.removed[p])}")
    lines.append(turn_line(s.player, s.decision, s.refresh_from if s.decision == "refresh" else ""))
    if s.decision == "refresh":
        display_picks = " ".join(str(s.display[i]) for i in s.picks_display) or "-"
        lines.append(f"picks: rack {_values(s.picks_rack)} display {display_picks}")
    lines.append(f"first: {PLAYERS[s.first]}")
    lines.append(f"final round: {'yes' if s.final_round else 'no'}")
    lines.append(f"passes: {s.passes}")
    lines.append(tail_line(s.viewer_, s.rng))
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------

_FRAME = Frame(
    "Arribada",
    re.compile(r"arribada\s+([234])p(?:\s+(\w+))?", re.IGNORECASE | re.ASCII),
    "arribada 2p standard",
    names=(
        "display",
        "bag",
        "unseen",
        "shells",
        "refresh",
        "score",
        "first",
        "final round",
        "passes",
        "picks",
    ),  # fmt: skip
    per_seat=("rack", "removed"),
    board=True,
)

_TOKEN = re.compile(r"^(?:(?P<empty>[.o#])|(?P<wild>\*)(?P<wo>[a-d])|(?P<v>[1-8])(?P<o>[a-d])?)$")


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
            raise fail(lineno, f"{tok!r} in {what} is not a tile value 1-8")
    return out


def _count_list(text: str, lineno: int, what: str) -> list[int]:
    counts = [0] * 8
    text = text.strip()
    if text == "-":
        return counts
    for tok in text.split():
        m = re.fullmatch(r"([1-8])x([0-9]{1,4})", tok)
        if not m:
            raise fail(lineno, f"{tok!r} in {what}: write value x count, like 3x12")
        v, c = int(m.group(1)), int(m.group(2))
        if counts[v - 1]:
            raise fail(lineno, f"value {v} appears twice in {what}")
        counts[v - 1] = c
    return counts


def _yes_no(text: str, lineno: int, what: str) -> bool:
    t = text.strip().lower()
    if t not in ("yes", "no"):
        raise fail(lineno, f"{what} must be yes or no, not {text!r}")
    return t == "yes"


def _int(text: str, lineno: int, what: str) -> int:
    t = text.strip()
    if not re.fullmatch(r"-?[0-9]{1,9}", t):
        raise fail(lineno, f"{what} must be a whole number, not {text!r}")
    return int(t)


def _fill_rest(counts: list[int], wilds: int) -> list[int]:
    """Whatever the box holds that is not elsewhere; each wild stands for one more tile
    (taken from the value with the most left, the lowest such value first)."""
    rest = [TILE_SUPPLY[v] - counts[v] for v in VALUES]
    for _ in range(wilds):
        i = max(range(8), key=lambda k: (rest[k], -k))
        rest[i] -= 1
    return rest


def _board_rows(pos: Position, size: int, kinds: Sequence[str]) -> list[tuple[int, list[str]]]:
    """The board's rows (the lines after the header) as tokens, each row's number and
    the column letters dropped."""
    rows: list[tuple[int, list[str]]] = []
    for ln, line in pos.board:
        toks = line.split()
        if toks == list(COLUMNS[: len(toks)]):
            continue  # the column header
        expected = str(len(rows) + 1)
        if len(toks) == size + 1 and re.fullmatch(r"[0-9]+", toks[0]):
            if toks[0] != expected:
                raise fail(ln, f"row {toks[0]} found where row {expected} was expected")
            toks = toks[1:]
        elif len(toks) == size and toks[0] == expected and kinds[len(rows) * size] != NIDO:
            raise fail(
                ln, f"row {expected} starts with its row number but has only {size - 1} cells"
            )
        if len(toks) != size:
            raise fail(
                ln, f"a board row of the {size}x{size} board needs {size} cells, not {len(toks)}"
            )
        rows.append((ln, toks))
    if len(rows) != size:
        raise CorruptDataError(f"the {size}x{size} board needs {size} rows, found {len(rows)}")
    return rows


def _read_board(s: ArribadaState, pos: Position) -> None:
    size, kinds = s.board.size, s.board.kinds
    s.values = [EMPTY] * (size * size)
    s.owners = [-1] * (size * size)
    for r, (ln, toks) in enumerate(_board_rows(pos, size, kinds)):
        for c, tok in enumerate(toks):
            cell = r * size + c
            name = f"{COLUMNS[c]}{r + 1}"
            tm = _TOKEN.match(tok.lower())
            if not tm:
                raise fail(ln, f"{tok!r} at {name} is not a cell token (. o # 5 5A *A)")
            kind = kinds[cell]
            if tm.group("empty"):
                want = {".": PLAYA, "o": NIDO, "#": ROCK}[tm.group("empty")]
                if want != kind:
                    raise fail(ln, f"{name} is {kind}, not {want} ({tok!r})")
                continue
            owner_tok = tm.group("wo") or tm.group("o")
            s.values[cell] = WILD if tm.group("wild") else int(tm.group("v"))
            s.owners[cell] = -1 if owner_tok is None else pos.seat(owner_tok, ln)
            if kind == ROCK:
                raise fail(ln, f"{name} is the roca grande and cannot hold a tile")


def _read_racks(s: ArribadaState, pos: Position) -> None:
    """The racks, the display and the tiles removed from play."""
    s.racks = []
    for p in range(s.n):
        f = pos.need(f"rack {PLAYERS[p].lower()}")
        hidden_ok = s.viewer_ is not None and s.viewer_ != p
        s.racks.append(sorted(_value_list(f.value, f.no, f"rack {PLAYERS[p]}", hidden_ok)))
    f = pos.need("display")
    toks = f.value.split()
    if len(toks) != DISPLAY_SIZE:
        raise fail(f.no, f"the display has {DISPLAY_SIZE} spaces, not {len(toks)}")
    s.display = [
        EMPTY if t == "-" else (_value_list(t, f.no, "display") or [EMPTY])[0] for t in toks
    ]
    s.removed = []
    for p in range(s.n):
        r = pos.get(f"removed {PLAYERS[p].lower()}")
        s.removed.append([] if r is None else sorted(_value_list(r.value, r.no, "removed")))


def _read_bag(s: ArribadaState, pos: Position) -> None:
    """The bag, and in a view what the viewer has not seen (``rest``: what is left)."""
    counts = [0] * 10  # what is on the board, the display and the known racks
    for val in s.values + s.display:
        counts[val] += 1
    for tiles in (*s.removed, *s.racks):
        for val in tiles:
            counts[val] += 1
    wilds = counts[WILD]
    f = pos.need("bag")
    s.unseen = None
    hidden = re.fullmatch(r"([0-9]{1,4})\s+hidden", f.value, re.ASCII)
    if s.viewer_ is None:
        if hidden:
            raise fail(f.no, "a hidden bag is only possible in a player's view ('viewer:')")
        rest = f.value == "rest"
        s.bag = _fill_rest(counts, wilds) if rest else _count_list(f.value, f.no, "bag")
        if min(s.bag) < 0:
            raise fail(f.no, "'rest' is negative: more tiles are placed than the box holds")
        s.bag_count = sum(s.bag)
        if (u := pos.get("unseen")) is not None:
            raise fail(u.no, "'unseen' belongs to a player's view only")
    else:
        if not hidden:
            raise fail(f.no, "in a view, the bag is written as '<count> hidden'")
        s.bag = None
        s.bag_count = int(hidden.group(1))
        u = pos.need("unseen")
        rest = u.value == "rest"
        s.unseen = _fill_rest(counts, wilds) if rest else _count_list(u.value, u.no, "unseen")


def _read_tallies(s: ArribadaState, pos: Position) -> None:
    """Shells (by default what the tiles on the board leave), refreshes and scores."""
    n = s.n
    owned = [sum(1 for o in s.owners if o == p) for p in range(n)]
    s.shells = [SHELLS[n] - owned[p] for p in range(n)]
    if (f := pos.get("shells")) is not None:
        for p, x in pos.per_seat(f, "shells").items():
            s.shells[p] = _int(x, f.no, "a shell count")
            if not 0 <= s.shells[p] <= SHELLS[n]:
                raise fail(f.no, f"player {PLAYERS[p]} cannot have {s.shells[p]} shells")
    s.refresh = [True] * n
    if (f := pos.get("refresh")) is not None:
        for p, x in pos.per_seat(f, "refresh").items():
            s.refresh[p] = _yes_no(x, f.no, "refresh")
    s.score = [0] * n
    if (f := pos.get("score")) is not None:
        for p, x in pos.per_seat(f, "score").items():
            s.score[p] = _int(x, f.no, "a score")


def _read_turn(s: ArribadaState, pos: Position) -> None:
    """Who decides what, and the tiles picked so far in a refresh."""
    s.player, s.decision, s.refresh_from = pos.turn(DECISION_NAMES, "A action", _REFRESH)
    s.picks_rack, s.picks_display = [], []
    f = pos.get("picks")
    if f is None:
        return
    pm = re.fullmatch(r"rack\s+(.*?)\s+display\s+(.*)", f.value)
    if not pm:
        raise fail(f.no, "write picks as 'rack <values> display <values>' ('-' for none)")
    hidden_ok = s.viewer_ is not None and s.viewer_ != s.player
    s.picks_rack = sorted(_value_list(pm.group(1), f.no, "picks", hidden_ok))
    for val in _value_list(pm.group(2), f.no, "picks"):
        slot = next(
            (k for k, d in enumerate(s.display) if d == val and k not in s.picks_display),
            None,
        )
        if slot is None:
            raise fail(f.no, f"there is no unpicked {val} in the display")
        s.picks_display.append(slot)
    s.picks_display.sort()


def _read_round(s: ArribadaState, pos: Position) -> None:
    """The first player, whether this is the final round, and the passes in a row."""
    first = pos.get("first")
    s.first = 0 if first is None else pos.seat(first.value, first.no)
    final = pos.get("final round")
    s.final_round = False if final is None else _yes_no(final.value, final.no, "final round")
    s.passes = 0
    if (f := pos.get("passes")) is not None:
        s.passes = _int(f.value, f.no, "passes")
        if not 0 <= s.passes < s.n:
            raise fail(f.no, f"passes must be from 0 to {s.n - 1}")


def state_from_text(text: str, cls: type[ArribadaState]) -> ArribadaState:
    """A ``cls`` from the position notation; :class:`CorruptDataError` naming the line."""
    pos = _FRAME.read(text)
    n = pos.n
    variant = (pos.head.group(2) or "standard").lower()
    if variant not in VARIANTS:
        raise fail(pos.header.no, f"unknown variant {variant!r} (standard or beginner)")
    s = cls.__new__(cls)
    s.board, s.n, s.variant = get_board(BOARD_FOR_PLAYERS[n]), n, variant
    s.setup = {"players": n, "seed": None, "options": {"variant": variant}}
    _read_board(s, pos)
    s.viewer_, rng = pos.viewer_and_rng()
    _read_racks(s, pos)
    _read_bag(s, pos)
    _read_tallies(s, pos)
    _read_turn(s, pos)
    _read_round(s, pos)
    s.rng = rng or 0
    s.history_ = []
    validate(s)
    return s
