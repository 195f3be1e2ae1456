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

from tablero.core import PLAYERS, CorruptDataError
from tablero.core.notation import Field, Frame, Line, Position, fail, tail_line, turn_line

from .data import CARD_CODES, COLOURS, COLUMNS, DECISION_NAMES, HEIGHT, PHASE_COUNT, WIDTH
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
    chosen = f"{s.chosen + 1}" if s.decision == "land" and s.chosen is not None else ""
    slots = " ".join("-" if c is None else CARD_CODES[c] for c in s.slots)
    pairs = ", ".join(f"{c} {'-' if q is None else PLAYERS[q]}" for c, q in s.pairs.items())
    lines = [
        f"arraial {s.n}p, phase {s.phase_number} of {PHASE_COUNT}",
        f"{turn_line(s.player, s.decision, chosen)}, AP {s.ap}, placed {s.placed}, "
        f"idle {s.idle}, backs {s.backs}",
        f"octagon: rotation {s.rotation}, slots {slots}",
        f"face-up: {_cards(s.face_up)}",
        f"deck: {_cards(s.deck)}",
        f"discards: {_cards(s.discards)}",
        f"pairs: {pairs}",
        f"whites lost: {s.whites_lost}",
    ]
    for p in range(s.n):
        lines.extend(_street_lines(s, p))
    lines.append(tail_line(s.viewer_, s.rng))
    return "\n".join(lines) + "\n"


# --- reading ------------------------------------------------------------------------

_FRAME = Frame(
    "Arraial",
    re.compile(r"arraial\s+([234])p\s*,\s*phase\s+([123])\s+of\s+3", re.I),
    "arraial 2p, phase 1 of 3",
    names=("octagon", "face-up", "deck", "discards", "pairs", "whites lost"),
    per_seat=("street",),
    rows=("street",),
)

_LAND = {"land": (("1", "2", "3"), "a 'land' turn names the chosen slot (A land 2), and only it")}
_TURN = re.compile(
    r"ap\s+(\d)\s*,\s*placed\s+(\d)\s*,\s*idle\s+(\d)\s*,\s*backs\s+(\d)", re.I | re.ASCII
)
_OCTAGON = re.compile(r"rotation\s+([0-3])\s*,\s*slots\s+(\S+)\s+(\S+)\s+(\S+)", re.I | re.ASCII)
_STREET = re.compile(
    r"bar\s+(-|\d+)\s*,\s*bar whites\s+(\d+)\s*,\s*street whites\s+(\d+)\s*,\s*visitors\s+(.*)",
    re.I | re.ASCII,
)
_TOKEN = re.compile(r"([IOTLSJZV])(\d+)", re.I | re.ASCII)
_TURN_EXAMPLE = "A act, AP 3, placed 0, idle 0, backs 0"


def _code_list(text: str, lineno: int, what: str) -> list[str]:
    text = text.strip()
    if text == "-":
        return []
    out = []
    for tok in text.split():
        code = _BY_CODE.get(tok.lower())
        if code is None:
            raise fail(lineno, f"{tok!r} in {what} is not a card (like T2)")
        out.append(code)
    return out


def _card_field(pos: Position, key: str, what: str) -> list[str]:
    f = pos.need(key)
    return _code_list(f.value, f.no, what)


def _street(rows: list[Line], who: str) -> list[list[Any]]:
    """The pieces (``[shape, [cell names]]`` in piece order) of a street's 14 rows."""
    cells: dict[int, list[str]] = {}
    shapes: dict[int, str] = {}
    for i, (lineno, line) in enumerate(rows):
        y = HEIGHT - 1 - i
        toks = line.split()
        if not toks or toks[0] != str(y + 1):
            raise fail(lineno, f"{who}: expected row {y + 1} (rows go from {HEIGHT} down to 1)")
        toks = toks[1:]
        if len(toks) != WIDTH:
            raise fail(lineno, f"{who}: row {y + 1} needs {WIDTH} cells, not {len(toks)}")
        for x, tok in enumerate(toks):
            if tok == ".":
                continue
            m = _TOKEN.fullmatch(tok)
            if m is None:
                raise fail(lineno, f"{who}: {tok!r} is not a cell (. or a shape and number: T3)")
            shape, k = m.group(1).upper(), int(m.group(2))
            if shapes.setdefault(k, shape) != shape:
                raise fail(lineno, f"{who}: piece {k} is written with two shapes")
            cells.setdefault(k, []).append(cell_name(x, y))
    if sorted(cells) != list(range(1, len(cells) + 1)):
        raise CorruptDataError(f"{who}: pieces are numbered 1, 2, 3... in the order placed")
    return [[shapes[k], cells[k]] for k in sorted(cells)]


def _street_rows(f: Field, who: str) -> list[Line]:
    """A street's 14 rows, top first, and then at most its line of column letters."""
    if len(f.rows) < HEIGHT:
        raise fail(f.no, f"{who} needs {HEIGHT} rows")
    rest = f.rows[HEIGHT:]
    if rest and rest[0].text.split() == list(COLUMNS):
        rest = rest[1:]
    if rest:
        raise fail(rest[0].no, f"expected 'key: value', not {rest[0].text[:40]!r}")
    return f.rows[:HEIGHT]


def _read_street(pos: Position, p: int) -> dict[str, Any]:
    who = f"street {PLAYERS[p]}"
    f = pos.need(who.lower())
    m = _STREET.fullmatch(f.value)
    if m is None:
        raise fail(
            f.no,
            "write a street's line as 'street A: bar 8, bar whites 0, street whites 0, visitors -'",
        )
    rows = _street_rows(f, who)
    visitors = []
    if m.group(4).strip() != "-":
        for tok in m.group(4).split():
            colour, at, k = tok.partition("@")
            if not at or colour.lower() not in COLOURS or not (k.isascii() and k.isdigit()):
                raise fail(f.no, f"{tok!r} is not a visitor (colour@piece, like red@3)")
            visitors.append([colour.lower(), int(k)])
    return {
        "pieces": _street(rows, who),
        "bar": None if m.group(1) == "-" else int(m.group(1)),
        "bar_whites": int(m.group(2)),
        "street_whites": int(m.group(3)),
        "visitors": visitors,
    }


def _read_turn(pos: Position) -> dict[str, Any]:
    head, _, rest = pos.need("turn").value.partition(",")
    player, decision, slot = pos.turn(DECISION_NAMES, _TURN_EXAMPLE, _LAND, text=head)
    m = _TURN.fullmatch(rest.strip())
    if m is None:
        raise fail(pos.need("turn").no, f"write the turn as '{_TURN_EXAMPLE}'")
    return {
        "player": player,
        "phase": decision,
        "ap": int(m.group(1)),
        "placed": int(m.group(2)),
        "chosen": int(slot) - 1 if slot else None,
        "idle": int(m.group(3)),
        "backs": int(m.group(4)),
    }


def _read_octagon(pos: Position) -> dict[str, Any]:
    f = pos.need("octagon")
    m = _OCTAGON.fullmatch(f.value)
    if m is None:
        raise fail(f.no, "write the octagon as 'rotation 0, slots T1 I2 -'")
    slots: list[str | None] = []
    for tok in m.group(2, 3, 4):
        codes = [] if tok == "-" else _code_list(tok, f.no, "the octagon")
        slots.append(codes[0] if codes else None)
    return {"rotation": int(m.group(1)), "slots": slots}


def _read_pairs(pos: Position) -> dict[str, int | None]:
    f = pos.need("pairs")
    pairs: dict[str, int | None] = {}
    for part in f.value.split(","):
        words = part.split()
        if len(words) != 2 or words[0].lower() not in COLOURS:
            raise fail(f.no, "write the pairs as 'yellow A, blue -, green -, red -'")
        pairs[words[0].lower()] = None if words[1] == "-" else pos.seat(words[1], f.no)
    return pairs


def state_from_text(text: str, cls: type[ArraialState]) -> ArraialState:
    """Read the notation (see the module docstring); :class:`CorruptDataError` names the
    line of any problem."""
    pos = _FRAME.read(text)
    n = pos.n
    turn = _read_turn(pos)
    octagon = _read_octagon(pos)
    pairs = _read_pairs(pos)
    whites = pos.need("whites lost")
    if not (whites.value.isascii() and whites.value.isdigit()):
        raise fail(whites.no, "'whites lost' is a count")
    streets = [_read_street(pos, p) for p in range(n)]
    viewer, rng = pos.viewer_and_rng()
    if viewer is None and rng is None:
        raise CorruptDataError("the position needs an 'rng:' line (or 'viewer:' for a view)")
    data = {
        "game": "arraial",
        "version": cls.game.version,
        "players": n,
        "stage": int(pos.head.group(2)),
        "setup": {"players": n, "seed": None, "options": {"first_player": None}},
        "viewer": viewer,
        "turn": turn,
        "octagon": octagon,
        "face_up": _card_field(pos, "face-up", "the face-up cards"),
        "deck": _card_field(pos, "deck", "the deck"),
        "discards": _card_field(pos, "discards", "the discards"),
        "streets": streets,
        "whites_lost": int(whites.value),
        "pairs": pairs,
        "rng": None if rng is None else f"{rng:016x}",
        "history": [],
    }
    return state_from_dict(data, cls, scores_given=False)
