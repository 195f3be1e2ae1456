"""Arribada positions for the tests, written in the game's notation.

``build(players, cells, ...)`` writes a notation text from a few named cells on an
otherwise empty board (the nidos and the roca grande filled in from the board's layout,
racks, display and bag as given); ``pos(...)`` reads it with
``tablero.core.from_text``.  ``crowded(...)`` writes a 4-player board whose playa is
covered with wilds, to reach a nearly empty or an empty bag.
"""

from __future__ import annotations

from typing import Any

from tablero.arribada import get_board
from tablero.core import from_text

__all__ = [
    "BOARD_3P", "BOARD_FOR", "COLS", "FIELDS", "GOOD", "board_rows", "build", "cell", "crowded",
    "events", "moved", "pos", "score_events", "state", "token", "with_cell",
]  # fmt: skip

COLS = "abcdefghij"
BOARD_FOR = {2: "blue", 3: "green", 4: "green"}


def board_rows(players: int, cells: dict[str, str]) -> list[str]:
    board = get_board(BOARD_FOR[players])
    n = board.size
    rows = []
    for r in range(n):
        toks = []
        for c in range(n):
            name = f"{COLS[c]}{r + 1}"
            kind = board.kinds[r * n + c]
            toks.append(cells.get(name, {"playa": ".", "nido": "o", "rock": "#"}[kind]))
        rows.append(f"{r + 1:>2} " + " ".join(f"{t:>2}" for t in toks))
    return rows


def build(
    players: int,
    cells: dict[str, str],
    *,
    racks: list[str] | None = None,
    display: str = "1 2 3 4 5",
    bag: str = "rest",
    variant: str = "standard",
    extra: str = "turn: A action\nfirst: A\n",
) -> str:
    racks = racks or ["1 2 3 4 5"] * players
    lines = [f"arribada {players}p {variant}", *board_rows(players, cells)]
    lines += [f"rack {'ABCD'[p]}: {r}" for p, r in enumerate(racks)]
    lines += [f"display: {display}", f"bag: {bag}"]
    return "\n".join(lines) + "\n" + extra


def pos(*args, **kwargs):
    return from_text("arribada", build(*args, **kwargs))


def crowded(
    cells: dict[str, str],
    *,
    empty: set[str],
    racks: list[str],
    display: str,
    bag: str,
    extra: str = "turn: A action\nfirst: A\n",
) -> str:
    """A 4-player position: ``cells`` as given, every other nido holds a neutral 6, the
    playa outside ``empty`` is covered with wilds (dealt B, C, D, A in turn) so that the
    110 tiles add up with ``bag`` given exactly."""
    board = get_board("green")
    n = board.size
    cells = dict(cells)
    for i in board.nidos:
        name = f"{COLS[i % n]}{i // n + 1}"
        cells.setdefault(name, "6")
    known = sum(1 for t in cells.values() if t not in ("o", "."))
    known += sum(len(r.split()) for r in racks)
    known += sum(1 for t in display.split() if t != "-")
    for tok in bag.split():
        if tok != "-":
            known += int(tok.split("x")[1])
    wilds = 110 - known
    free = [
        f"{COLS[i % n]}{i // n + 1}"
        for i in board.playa
        if f"{COLS[i % n]}{i // n + 1}" not in cells and f"{COLS[i % n]}{i // n + 1}" not in empty
    ]
    assert 0 <= wilds <= len(free) and wilds <= 80
    for k, name in enumerate(free[:wilds]):
        cells[name] = "*" + "BCDA"[k % 4]
    return build(4, cells, racks=racks, display=display, bag=bag, extra=extra)


# --- a 3-player position by hand, and what the rules and scoring tests read of one ------

BOARD_3P = """\
    a  b  c  d  e  f  g  h  i  j
 1  .  .  .  .  .  .  .  .  .  .
 2  .  .  o  .  .  .  o  .  .  .
 3  .  .  .  .  o  .  .  .  o  .
 4  .  o  .  .  .  .  .  .  .  .
 5  .  .  .  .  #  #  .  o  .  .
 6  .  .  o  .  #  #  .  .  .  .
 7  .  .  .  .  .  .  .  .  o  .
 8  .  o  .  .  .  o  .  .  .  .
 9  .  .  .  o  .  .  .  o  .  .
10  .  .  .  .  .  .  .  .  .  .
"""


FIELDS = """\
rack A: 1 2 3 4 5
rack B: 1 2 3 4 5
rack C: 1 2 3 4 5
display: 1 2 3 4 5
bag: rest
turn: A action
first: A
"""


GOOD = "arribada 3p standard\n" + BOARD_3P + FIELDS  # a 3-player position, nothing placed


def with_cell(text: str, cell: str, token: str) -> str:
    """``text`` with the board cell ``cell`` (like ``c4``) replaced by ``token``."""
    col = "abcdefghij".index(cell[0])
    row = int(cell[1:])
    lines = text.splitlines()
    for i, line in enumerate(lines):
        toks = line.split()
        if toks and toks[0] == str(row) and len(toks) == 11:
            toks[1 + col] = token
            lines[i] = f"{row:>2} " + " ".join(f"{t:>2}" for t in toks[1:])
            return "\n".join(lines) + "\n"
    raise AssertionError(f"row {row} not found")


def state(text: str = GOOD) -> Any:
    """A position read from the notation (the 3-player one with nothing placed unless
    given)."""
    return from_text("arribada", text)


def moved(text: str, src: str, dst: str) -> str:
    """``text`` with the tile on cell ``src`` moved to the empty cell ``dst``."""
    lines = text.splitlines()
    players = int(lines[0].split()[1].rstrip("p"))
    board = get_board(BOARD_FOR[players])
    size = board.size
    rows = {}
    for i, line in enumerate(lines):
        toks = line.split()
        if len(toks) == size + 1 and toks[0].isdigit():
            rows[int(toks[0])] = (i, toks[1:])

    def at(cell: str) -> tuple[int, int]:
        return int(cell[1:]), COLS.index(cell[0])

    (sr, sc), (dr, dc) = at(src), at(dst)
    token = rows[sr][1][sc]
    assert token not in (".", "o", "#"), f"no tile on {src}"
    assert rows[dr][1][dc] in (".", "o"), f"{dst} is not empty"
    was_nido = board.kinds[(sr - 1) * size + sc] == "nido"
    rows[sr][1][sc] = "o" if was_nido else "."
    rows[dr][1][dc] = token
    for r, (i, toks) in rows.items():
        lines[i] = f"{r:>2} " + " ".join(f"{t:>2}" for t in toks)
    return "\n".join(lines) + "\n"


def events(state: Any, kind: str, last: int = 1) -> list[dict[str, Any]]:
    """The events of type ``kind`` caused by the last ``last`` moves."""
    return [e for entry in state.history[-last:] for e in entry["events"] if e["type"] == kind]


def score_events(state: Any, last: int = 1) -> list[dict[str, Any]]:
    return events(state, "score", last)


def cell(state: Any, name: str) -> int:
    return int(state.board.parse_cell(name))


def token(state: Any, name: str) -> str:
    """The notation token on cell ``name``."""
    size = state.board.size
    row = int(name[1:])
    for line in state.to_text().splitlines():
        toks = line.split()
        if len(toks) == size + 1 and toks[0] == str(row):
            return str(toks[1 + COLS.index(name[0])])
    raise AssertionError(f"row {row} not found")
