"""Arraial's position notation: a text a person can read, write and edit.

The grammar, with examples, is in ``docs/notation-arraial.md``.  In short::

    arraial 2p, phase 1 of 3
    turn: A act, AP 3, placed 0, idle 0, backs 0
    octagon: rotation 0, slots T1 I2 S3
    face-up: S1 J2 Z2
    deck: I1 I2 L1 L2 O1 O2 T2 V1 V2 Z1
    discards: -
    pairs: yellow -, blue -, green -, red -
    whites lost: 0
    street A: bar 8, bar whites 0, street whites 0, visitors -
      14  .  .  .  .  .  .
      ...
       2  .  .  .  .  .  .
       1 I1 I1 I1 I1  .  .
          a  b  c  d  e  f
    street B: bar 8, bar whites 0, street whites 0, visitors -
      ...
    rng: 0123456789abcdef

A street is its 14 rows, top first: ``.`` an empty cell, ``I1`` a cell of the street's
first piece (an I; pieces are numbered in the order they were placed, and a piece's
letter is its shape).  Visitors are written ``colour@piece``.  The scores are not
written: they follow from the visitors and the pairs.

The state class to build is a parameter of :func:`state_from_text`, so this module does
not import the state.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from tablero.core import CorruptDataError

from .data import CARD_CODES, COLOURS, COLUMNS, DECISION_NAMES, HEIGHT, PHASES, PLAYERS, WIDTH
from .serial import state_from_dict
from .street import cell_name

if TYPE_CHECKING:
    from .state import ArraialState

_BY_CODE = {code.lower(): code for code in CARD_CODES}


# --- writing ------------------------------------------------------------------------


def _cards(cards: list[int]) -> str:
    return " ".join(CARD_CODES[c] for c in cards) if cards else "-"


def _street_lines(s: ArraialState, p: int) -> list[str]:
    bar = s.bar[p]
    visitors = " ".join(f"{c}@{k}" for c, k in s.visitors[p]) or "-"
    lines = [
        f"street {PLAYERS[p]}: bar {'-' if bar is None else bar}, bar whites "
        f"{s.bar_whites[p]}, street whites {s.street_whites[p]}, visitors {visitors}"
    ]
    street = s.streets[p]
    for y in range(HEIGHT - 1, -1, -1):
        toks = []
        for x in range(WIDTH):
            k = street[y][x]
            toks.append("." if not k else f"{s.pieces[p][k - 1].shape}{k}")
        lines.append(f"  {y + 1:>2}" + "".join(f" {t:>3}" for t in toks))
    lines.append("    " + "".join(f" {c:>3}" for c in COLUMNS))
    return lines


def state_to_text(s: ArraialState) -> str:
    turn = s.phase
    if s.phase == "land" and s.chosen is not None:
        turn += f" {s.chosen + 1}"
    slots = " ".join("-" if c is None else CARD_CODES[c] for c in s.slots)
    pairs = ", ".join(f"{c} {'-' if q is None else PLAYERS[q]}" for c, q in s.pairs.items())
    lines = [
        f"arraial {s.n}p, phase {s.stage} of {PHASES}",
        f"turn: {PLAYERS[s.player]} {turn}, AP {s.ap}, placed {s.placed}, idle {s.idle}, "
        f"backs {s.backs}",
        f"octagon: rotation {s.rotation}, slots {slots}",
        f"face-up: {_cards(s.face_up)}",
        f"deck: {_cards(s.deck)}",
        f"discards: {_cards(s.discards)}",
        f"pairs: {pairs}",
        f"whites lost: {s.whites_lost}",
    ]
    for p in range(s.n):
        lines.extend(_street_lines(s, p))
    if s.viewer_ is None:
        lines.append(f"rng: {s.rng:016x}")
    else:
        lines.append(f"viewer: {PLAYERS[s.viewer_]}")
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------

_HEAD = re.compile(r"arraial\s+([234])p\s*,\s*phase\s+([123])\s+of\s+3", re.I)
_TURN = re.compile(
    r"([a-d])\s+(act|land|refill|over)(?:\s+([123]))?\s*,\s*ap\s+(\d)\s*,\s*placed\s+(\d)"
    r"\s*,\s*idle\s+(\d)\s*,\s*backs\s+(\d)",
    re.I | re.ASCII,
)
_OCTAGON = re.compile(r"rotation\s+([0-3])\s*,\s*slots\s+(\S+)\s+(\S+)\s+(\S+)", re.I | re.ASCII)
_STREET = re.compile(
    r"bar\s+(-|\d+)\s*,\s*bar whites\s+(\d+)\s*,\s*street whites\s+(\d+)\s*,\s*visitors\s+(.*)",
    re.I | re.ASCII,
)
_TOKEN = re.compile(r"([IOTLSJZV])(\d+)", re.I | re.ASCII)


def _fail(lineno: int, msg: str) -> CorruptDataError:
    return CorruptDataError(f"line {lineno}: {msg}")


def _player(tok: str, n: int, lineno: int) -> int:
    t = tok.strip().upper()
    if len(t) != 1 or t not in PLAYERS[:n]:
        raise _fail(lineno, f"{tok!r} is not a player of this game ({PLAYERS[:n]})")
    return PLAYERS.index(t)


def _code_list(text: str, lineno: int, what: str) -> list[str]:
    text = text.strip()
    if text == "-":
        return []
    out = []
    for tok in text.split():
        code = _BY_CODE.get(tok.lower())
        if code is None:
            raise _fail(lineno, f"{tok!r} in {what} is not a card (like T2)")
        out.append(code)
    return out


def _street(rows: list[tuple[int, str]], who: str) -> list[list[Any]]:
    """The pieces (``[shape, [cell names]]`` in piece order) of a street's 14 rows."""
    cells: dict[int, list[str]] = {}
    shapes: dict[int, str] = {}
    for i, (lineno, line) in enumerate(rows):
        y = HEIGHT - 1 - i
        toks = line.split()
        if not toks or toks[0] != str(y + 1):
            raise _fail(lineno, f"{who}: expected row {y + 1} (rows go from {HEIGHT} down to 1)")
        toks = toks[1:]
        if len(toks) != WIDTH:
            raise _fail(lineno, f"{who}: row {y + 1} needs {WIDTH} cells, not {len(toks)}")
        for x, tok in enumerate(toks):
            if tok == ".":
                continue
            m = _TOKEN.fullmatch(tok)
            if m is None:
                raise _fail(lineno, f"{who}: {tok!r} is not a cell (. or a shape and number: T3)")
            shape, k = m.group(1).upper(), int(m.group(2))
            if shapes.setdefault(k, shape) != shape:
                raise _fail(lineno, f"{who}: piece {k} is written with two shapes")
            cells.setdefault(k, []).append(cell_name(x, y))
    if sorted(cells) != list(range(1, len(cells) + 1)):
        raise CorruptDataError(f"{who}: pieces are numbered 1, 2, 3... in the order placed")
    return [[shapes[k], cells[k]] for k in sorted(cells)]


def state_from_text(text: str, cls: type[ArraialState]) -> ArraialState:  # noqa: C901
    """Read the notation (see the module docstring); :class:`CorruptDataError` names the
    line of any problem."""
    if not isinstance(text, str):
        raise CorruptDataError("a position is a text")
    lines = [(i, ln.rstrip()) for i, ln in enumerate(text.splitlines(), 1) if ln.strip()]
    if not lines:
        raise CorruptDataError(
            "empty position: it starts with a line like 'arraial 2p, phase 1 of 3'"
        )
    lineno, first = lines[0]
    head = _HEAD.fullmatch(first.strip())
    if head is None:
        raise _fail(lineno, "a position starts with a line like 'arraial 2p, phase 1 of 3'")
    n, stage = int(head.group(1)), int(head.group(2))
    keys: dict[str, tuple[int, str]] = {}
    streets: dict[int, tuple[int, str, list[tuple[int, str]]]] = {}
    i = 1
    while i < len(lines):
        lineno, line = lines[i]
        key, sep, value = line.partition(":")
        key = key.strip().lower()
        if not sep:
            raise _fail(lineno, f"expected 'key: value', not {line.strip()[:40]!r}")
        if key.startswith("street "):
            p = _player(key[7:], n, lineno)
            if p in streets:
                raise _fail(lineno, f"street {PLAYERS[p]} is given twice")
            rows = lines[i + 1 : i + 1 + HEIGHT]
            if len(rows) < HEIGHT:
                raise _fail(lineno, f"street {PLAYERS[p]} needs {HEIGHT} rows")
            streets[p] = (lineno, value, rows)
            i += 1 + HEIGHT
            if i < len(lines) and lines[i][1].split() == list(COLUMNS):
                i += 1
            continue
        if key in keys:
            raise _fail(lineno, f"{key!r} is given twice")
        keys[key] = (lineno, value.strip())
        i += 1
    need = ("turn", "octagon", "face-up", "deck", "discards", "pairs", "whites lost")
    for key in need:
        if key not in keys:
            raise CorruptDataError(f"the position has no '{key}:' line")
    unknown = set(keys) - {*need, "rng", "viewer"}
    if unknown:
        k = min(unknown)
        raise _fail(keys[k][0], f"unknown line {k!r}")
    if sorted(streets) != list(range(n)):
        raise CorruptDataError(f"the position needs a street for each of players {PLAYERS[:n]}")
    lineno, value = keys["turn"]
    m = _TURN.fullmatch(value)
    if m is None:
        raise _fail(lineno, "write the turn as 'A act, AP 3, placed 0, idle 0, backs 0'")
    phase = m.group(2).lower()
    assert phase in DECISION_NAMES
    if (phase == "land") != (m.group(3) is not None):
        raise _fail(lineno, "a 'land' turn names the chosen slot (A land 2), and only it")
    turn = {
        "player": _player(m.group(1), n, lineno),
        "phase": phase,
        "ap": int(m.group(4)),
        "placed": int(m.group(5)),
        "chosen": None if m.group(3) is None else int(m.group(3)) - 1,
        "idle": int(m.group(6)),
        "backs": int(m.group(7)),
    }
    lineno, value = keys["octagon"]
    m = _OCTAGON.fullmatch(value)
    if m is None:
        raise _fail(lineno, "write the octagon as 'rotation 0, slots T1 I2 -'")
    rotation = int(m.group(1))
    slots: list[str | None] = []
    for tok in m.group(2, 3, 4):
        codes = [] if tok == "-" else _code_list(tok, lineno, "the octagon")
        slots.append(codes[0] if codes else None)
    pairs: dict[str, int | None] = {}
    lineno, value = keys["pairs"]
    for part in value.split(","):
        words = part.split()
        if len(words) != 2 or words[0].lower() not in COLOURS:
            raise _fail(lineno, "write the pairs as 'yellow A, blue -, green -, red -'")
        pairs[words[0].lower()] = None if words[1] == "-" else _player(words[1], n, lineno)
    lineno, value = keys["whites lost"]
    if not (value.isascii() and value.isdigit()):
        raise _fail(lineno, "'whites lost' is a count")
    street_data = []
    for p in range(n):
        lineno, value, rows = streets[p]
        m = _STREET.fullmatch(value.strip())
        if m is None:
            raise _fail(
                lineno,
                "write a street's line as 'street A: bar 8, bar whites 0, street whites 0, "
                "visitors -'",
            )
        visitors = []
        if m.group(4).strip() != "-":
            for tok in m.group(4).split():
                colour, at, k = tok.partition("@")
                if not at or colour.lower() not in COLOURS or not (k.isascii() and k.isdigit()):
                    raise _fail(lineno, f"{tok!r} is not a visitor (colour@piece, like red@3)")
                visitors.append([colour.lower(), int(k)])
        street_data.append(
            {
                "pieces": _street(rows, f"street {PLAYERS[p]}"),
                "bar": None if m.group(1) == "-" else int(m.group(1)),
                "bar_whites": int(m.group(2)),
                "street_whites": int(m.group(3)),
                "visitors": visitors,
            }
        )
    viewer = None
    rng = None
    if "viewer" in keys:
        viewer = _player(keys["viewer"][1], n, keys["viewer"][0])
        if "rng" in keys:
            raise _fail(keys["rng"][0], "a player's view holds no rng state")
    elif "rng" in keys:
        rng = keys["rng"][1]
    else:
        raise CorruptDataError("the position needs an 'rng:' line (or 'viewer:' for a view)")
    data = {
        "game": "arraial",
        "version": cls.game.version,
        "players": n,
        "stage": stage,
        "setup": {"players": n, "seed": None, "options": {"first_player": None}},
        "viewer": viewer,
        "turn": turn,
        "octagon": {"rotation": rotation, "slots": slots},
        "face_up": _code_list(keys["face-up"][1], keys["face-up"][0], "the face-up cards"),
        "deck": _code_list(keys["deck"][1], keys["deck"][0], "the deck"),
        "discards": _code_list(keys["discards"][1], keys["discards"][0], "the discards"),
        "streets": street_data,
        "whites_lost": int(keys["whites lost"][1]),
        "pairs": pairs,
        "rng": rng,
        "history": [],
    }
    return state_from_dict(data, cls, scores_given=False)
