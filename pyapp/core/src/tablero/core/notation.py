"""The frame every game's position notation shares.

A position is written as lines of text (``docs/notation.md`` describes the frame;
``docs/notation-<game>.md`` each game's own lines):

* ``;`` starts a comment that runs to the end of its line; a line holding nothing but
  spaces and a comment is blank, and blank lines are skipped wherever they stand;
* the first line is the game's header, like ``arboretum 2p``;
* after it come ``key: value`` fields, in any order and each at most once.  A key is
  read without regard to case or to the spaces inside it; the value loses its outer
  spaces.  A field may be followed by rows (lines without a ``:``), which a game uses
  for a board, and a game may put rows straight after its header;
* seats are the letters of :data:`PLAYERS`, in either case;
* numbers use the ASCII digits ``0``-``9`` only;
* ``turn: <seat> <decision> ...`` names who decides what, and the position ends with
  ``rng: <up to 16 hex digits>`` (the PRNG state of a full position) or
  ``viewer: <seat>`` (a player's view, which holds no PRNG state).

A game declares its :class:`Frame` (its header, its field names, where rows go) and
reads its own values from the :class:`Position` that ``Frame.read`` gives; errors are
:class:`~tablero.core.CorruptDataError` naming the line.

>>> toy = Frame("Toy", re.compile(r"toy ([1-4])p"), "toy 2p")
>>> pos = toy.read('''toy 2p   ; a comment
...
... turn: b move
... rng: 2a''')
>>> pos.n, pos.turn(("move", "over"), "A move"), pos.viewer_and_rng()
(2, (1, 'move', ''), (None, 42))
>>> toy.read("toy 2p\\nscore: 3")
Traceback (most recent call last):
...
tablero.core.errors.CorruptDataError: line 2: unknown field 'score'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from .errors import CorruptDataError

__all__ = [
    "COMMENT",
    "Frame",
    "PLAYERS",
    "Field",
    "Line",
    "Position",
    "block_rows",
    "content_lines",
    "fail",
    "grid_lines",
    "parse_int",
    "per_seat_text",
    "read_grid",
    "tail_line",
    "turn_line",
]

#: The seats as the notation and the move texts name them: seat 0 is ``A``.
PLAYERS = "ABCD"

#: What starts a comment in a position's text.
COMMENT = ";"

#: The fields every game reads here (besides its own).
SHARED_FIELDS = ("turn", "rng", "viewer")

_INT = re.compile(r"-?[0-9]{1,9}")
_HEX = re.compile(r"[0-9a-fA-F]{1,16}")
_PAIR = re.compile(r"([^=\s]*)=(\S*)")


class Line(NamedTuple):
    """One line that holds something: its number (from 1) and its text without the
    comment and the outer spaces."""

    no: int
    text: str


@dataclass
class Field:
    """A ``key: value`` line and the rows (lines without ``:``) that follow it."""

    no: int
    key: str
    value: str
    rows: list[Line] = field(default_factory=list)


def fail(no: int, message: str) -> CorruptDataError:
    """The error for a problem on line ``no``."""
    return CorruptDataError(f"line {no}: {message}")


def content_lines(text: object, game: str) -> list[Line]:
    """The lines of ``text`` that hold something once comments are dropped."""
    if not isinstance(text, str):
        raise CorruptDataError(f"a position of {game} must be given as text")
    lines = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.split(COMMENT, 1)[0].strip()
        if line:
            lines.append(Line(no, line))
    return lines


def parse_int(token: str) -> int | None:
    """``token`` as a whole number (ASCII digits, an optional ``-``), else ``None``."""
    return int(token) if _INT.fullmatch(token) else None


@dataclass
class Position:
    """A position's text split into its header (the line and its match), the number of
    players, the rows after the header and the fields by key."""

    header: Line
    head: re.Match[str]
    n: int
    board: list[Line]
    fields: dict[str, Field]

    def __contains__(self, key: str) -> bool:
        return key in self.fields

    def get(self, key: str) -> Field | None:
        return self.fields.get(key)

    def need(self, key: str) -> Field:
        """The field ``key``; an error when the position has none."""
        if key not in self.fields:
            raise CorruptDataError(f"the position has no '{key}:' line")
        return self.fields[key]

    def seat(self, token: str, no: int) -> int:
        """The seat a letter names (either case), refused unless it plays this game."""
        t = token.strip().upper()
        if len(t) != 1 or t not in PLAYERS[: self.n]:
            raise fail(no, f"{token!r} is not a player of this game ({PLAYERS[: self.n]})")
        return PLAYERS.index(t)

    def per_seat(self, f: Field, what: str) -> dict[int, str]:
        """``A=12 B=9`` as ``{0: "12", 1: "9"}``: each seat at most once."""
        out: dict[int, str] = {}
        for tok in f.value.split():
            m = _PAIR.fullmatch(tok)
            if m is None:
                raise fail(f.no, f"{tok!r} in {what}: write player=value, like A=12")
            p = self.seat(m.group(1), f.no)
            if p in out:
                raise fail(f.no, f"player {PLAYERS[p]} appears twice in {what}")
            out[p] = m.group(2)
        return out

    def turn(
        self,
        decisions: Sequence[str],
        example: str,
        extra: Mapping[str, tuple[Sequence[str], str]] | None = None,
        text: str | None = None,
    ) -> tuple[int, str, str]:
        """The ``turn:`` field (or ``text``, the start of a longer one): the seat to
        decide, the decision (one of ``decisions``) and, for a decision in ``extra``,
        its one further word (one of the words given; the message when it is not)."""
        f = self.need("turn")
        toks = (f.value if text is None else text).split()
        if len(toks) not in (2, 3):
            raise fail(f.no, f"write the turn as '<player> <decision>', like '{example}'")
        player = self.seat(toks[0], f.no)
        decision = toks[1].lower()
        if decision not in decisions:
            raise fail(f.no, f"unknown decision {toks[1]!r} ({', '.join(decisions)})")
        if extra and decision in extra:
            words, message = extra[decision]
            if len(toks) != 3 or toks[2].lower() not in words:
                raise fail(f.no, message)
            return player, decision, toks[2].lower()
        if len(toks) == 3:
            raise fail(f.no, f"unexpected {toks[2]!r} after the decision")
        return player, decision, ""

    def viewer_and_rng(self) -> tuple[int | None, int | None]:
        """The seat whose view this is (``viewer:``) and the PRNG state (``rng:``);
        ``None`` for a field not given.  A view holds no PRNG state."""
        viewer = None
        if (v := self.get("viewer")) is not None:
            viewer = self.seat(v.value, v.no)
        r = self.get("rng")
        if r is None:
            return viewer, None
        if viewer is not None:
            raise fail(r.no, "a player's view has no rng state")
        if not _HEX.fullmatch(r.value):
            raise fail(r.no, f"rng must be up to 16 hexadecimal digits, not {r.value!r}")
        return viewer, int(r.value, 16)


def _keys(names: Iterable[str], per_seat: Iterable[str]) -> re.Pattern[str]:
    plain = "|".join(re.escape(k) for k in (*SHARED_FIELDS, *names))
    seated = "|".join(re.escape(k) for k in per_seat)
    return re.compile(f"(?:{plain})" + (f"|(?:{seated}) ([a-d])" if seated else ""))


@dataclass(frozen=True)
class Frame:
    """A game's notation, as the frame sees it: the game's name (for messages), its
    header's pattern (matched ignoring case against the first line; its first group is
    the number of players) and an example of it (``hint`` is added to the message when
    the header does not match), its plain field keys (``names``; ``turn``, ``rng`` and
    ``viewer`` are always known), the keys written once per seat (``per_seat``:
    ``hand A``), the keys whose field may be followed by rows (``rows``) and whether rows
    may follow the header (``board``)."""

    game: str
    header: re.Pattern[str]
    example: str
    names: tuple[str, ...] = ()
    per_seat: tuple[str, ...] = ()
    rows: tuple[str, ...] = ()
    board: bool = False
    hint: str = ""

    def read(self, text: object) -> Position:
        """Split a position's text into its parts, checking the frame."""
        lines = content_lines(text, self.game)
        if not lines:
            raise CorruptDataError(
                f"empty {self.game} position: it starts with a line like '{self.example}'"
            )
        first = lines[0]
        head = self.header.fullmatch(first.text)
        if head is None:
            raise fail(
                first.no,
                f"the first line must be like '{self.example}'{self.hint}, not {first.text[:60]!r}",
            )
        n = int(head.group(1))
        top, fields = self._fields(lines[1:], n)
        stray = [f.rows[0] for f in fields.values() if f.rows and not f.key.startswith(self.rows)]
        if top and not self.board:
            stray.append(top[0])
        if stray:
            line = min(stray)
            raise fail(line.no, f"expected 'key: value', found {line.text[:60]!r}")
        return Position(first, head, n, top, fields)

    def _fields(self, lines: list[Line], n: int) -> tuple[list[Line], dict[str, Field]]:
        """The rows before the first field, and the fields (each with its rows)."""
        known = _keys(self.names, self.per_seat)
        top: list[Line] = []
        fields: dict[str, Field] = {}
        current: Field | None = None
        for line in lines:
            key, sep, value = line.text.partition(":")
            if not sep:
                (top if current is None else current.rows).append(line)
                continue
            key = " ".join(key.lower().split())
            m = known.fullmatch(key)
            if m is None:
                raise fail(line.no, f"unknown field {key!r}")
            if m.lastindex and PLAYERS.index(m.group(1).upper()) >= n:
                seat = m.group(1).upper()
                raise fail(line.no, f"there is no player {seat} in a {n}-player game")
            if key in fields:
                raise fail(line.no, f"field {key!r} given twice")
            current = fields[key] = Field(line.no, key, value.strip())
        return top, fields


def block_rows(f: Field, name: str) -> list[Line] | None:
    """The rows of a block field: ``None`` for one written ``name: -`` (an empty
    board), else the rows that follow a field written ``name:``."""
    if f.value == "-" and not f.rows:
        return None
    if f.value == "":
        return f.rows
    raise fail(f.no, f"write '{name}: -' or '{name}:' followed by its rows")


def read_grid(
    rows: Sequence[Line],
    no: int,
    *,
    name: str,
    place: str,
    things: str,
    empty: str,
    cell: Callable[[int, int, str, int], None],
) -> None:
    """Read a block of rows under a line of column numbers (x, counting up by one),
    each row its row number (y, counting up by one) and a token per column; ``cell`` is
    called with ``x, y, token, line number`` for each token that is not ``empty``.
    ``name`` (``beach A``) starts each message, ``no`` is the line of its field."""
    if not rows:
        raise fail(no, f"{name}: write '-' for an empty {place}, or rows of {things} below")
    head = rows[0]
    xs = [parse_int(t) for t in head.text.split()]
    cols = [x for x in xs if x is not None]
    if len(cols) != len(xs):
        raise fail(head.no, f"{name}: the first line must be the column numbers (x), like '0 1 2'")
    if cols != list(range(cols[0], cols[0] + len(cols))):
        raise fail(head.no, f"{name}: the column numbers must count up by one, like '-1 0 1'")
    if len(rows) == 1:
        raise fail(head.no, f"{name}: the column numbers must be followed by rows of {things}")
    last_y: int | None = None
    for line in rows[1:]:
        toks = line.text.split()
        y = parse_int(toks[0])
        if y is None:
            raise fail(line.no, f"{name}: a row starts with its row number (y), not {toks[0]!r}")
        if last_y is not None and y != last_y + 1:
            raise fail(line.no, f"{name}: row {y} found where row {last_y + 1} was expected")
        last_y = y
        if len(toks) - 1 != len(cols):
            raise fail(line.no, f"{name}: row {y} needs {len(cols)} cells, not {len(toks) - 1}")
        for x, tok in zip(cols, toks[1:], strict=True):
            if tok != empty:
                cell(x, y, tok, line.no)


# --- writing ----------------------------------------------------------------------------


def grid_lines(xs: Sequence[int], ys: Sequence[int], token: Callable[[int, int], str]) -> list[str]:
    """A block as :func:`read_grid` reads it: the column numbers, then each row's number
    and tokens, right-aligned in columns of three."""
    width = max(len(str(y)) for y in ys)
    lines = [" " * (width + 2) + "".join(f" {x:>3}" for x in xs)]
    for y in ys:
        lines.append(f"  {y:>{width}}" + "".join(f" {token(x, y):>3}" for x in xs))
    return lines


def per_seat_text(values: Iterable[object]) -> str:
    """``A=12 B=9``: one value a seat, in seat order."""
    return " ".join(f"{PLAYERS[p]}={x}" for p, x in enumerate(values))


def turn_line(player: int, decision: str, extra: str = "") -> str:
    """``turn: A draw 2``: the seat to decide, the decision and any further word."""
    return f"turn: {PLAYERS[player]} {decision}" + (f" {extra}" if extra else "")


def tail_line(viewer: int | None, rng: int | None) -> str:
    """A position's last line: its PRNG state, or in a view whose view it is (``rng: -``
    at a table without a dealer, which has no PRNG state)."""
    if viewer is not None:
        return f"viewer: {PLAYERS[viewer]}"
    return "rng: -" if rng is None else f"rng: {rng:016x}"
