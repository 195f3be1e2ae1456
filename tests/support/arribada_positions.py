"""Arribada positions for the tests, written in the game's notation.

``build(players, cells, ...)`` writes a notation text from a few named cells on an
otherwise empty board (the nidos and the roca grande filled in from the board's layout,
racks, display and bag as given); ``pos(...)`` reads it with
``tablero.core.from_text``.  ``crowded(...)`` writes a 4-player board whose playa is
covered with wilds, to reach a nearly empty or an empty bag.
"""

from __future__ import annotations

from tablero.arribada import get_board
from tablero.core import from_text

__all__ = ["BOARD_FOR", "COLS", "board_rows", "build", "crowded", "pos"]

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
