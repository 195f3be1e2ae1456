"""Pictures of Día de Playa's blocks, faces and beaches, as SVG text (pure functions).

The engine's own drawing of the deck, used for the deck's documentation
(``docs/diadeplaya-deck.svg``, written by ``python -m tablero.diadeplaya.drawing``): a
block is a square :data:`BLOCK` units wide, drawn with a colour, a shape and a letter
(never colour alone); a figure's facing is a triangle on the side it faces.  Everything
is markup built from fixed data (no untrusted text).

The browser's table draws with its own pictures (``tablero.web.games.diadeplaya.look``),
which follow the same conventions; this module stays in the engine package so that the
deck sheet can be written without the web package.

>>> svg = face_svg(0)
>>> svg.startswith("<svg") and svg.count('class="dp-block') == 6
True
>>> block_svg(0, 0, 0).count("<rect")
1
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from pathlib import Path

from .data import (
    CARDS,
    FACE_COLS,
    FACE_ROWS,
    FACING_MARKS,
    KIND_NAMES,
    LIFEGUARD,
    LITTER,
    SAND,
    STALL,
    STALL_TYPES,
    SURFER,
    TOKEN_OF_BLOCK,
    TOURIST,
    UMBRELLA,
)
from .scoring import GRID
from .shapes import face_blocks, face_name

__all__ = ["BLOCK", "block_svg", "face_svg", "beach_svg", "deck_sheet", "block_title"]

#: A block's side, in SVG units.
BLOCK = 40

#: Fill, ink and letter of each kind of block.
_LOOK = {
    SAND: ("#f3e2b3", "#c9a95c", ""),
    SURFER: ("#cfe3fb", "#1f5fbf", "S"),
    TOURIST: ("#f8d3ec", "#b0207e", "T"),
    LIFEGUARD: ("#cfe3fb", "#1f5fbf", "L"),
    UMBRELLA: ("#fde0ea", "#d6336c", ""),
    STALL: ("#f8d3ec", "#b0207e", ""),
    LITTER: ("#d9d4cc", "#5b4a3a", ""),
}
_FACING_NAMES = ("up", "right", "down (towards the sea)", "left")


def block_title(block: int) -> str:
    """A block in words: ``surfer facing down (towards the sea)``, ``stall (choclo)``."""
    kind = block >> 2
    if kind in (SURFER, TOURIST):
        return f"{KIND_NAMES[kind]} facing {_FACING_NAMES[block & 3]}"
    if kind == STALL:
        return f"stall ({STALL_TYPES[block & 3]})"
    if kind == LITTER:
        return "litter (residuo)"
    return KIND_NAMES[kind]


def _esc(text: str) -> str:
    """Markup-safe text (the tokens hold ``<`` and ``>``)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _n(x: float) -> str:
    return f"{x:g}"


def block_svg(block: int, x: float, y: float) -> str:
    """One block as an SVG group with its top-left corner at ``x, y``."""
    kind = block >> 2
    fill, ink, letter = _LOOK[kind]
    s = BLOCK
    cx, cy = x + s / 2, y + s / 2
    parts = [
        f'<g class="dp-block dp-{KIND_NAMES[kind]}" data-token="{_esc(TOKEN_OF_BLOCK[block])}">',
        f"<title>{block_title(block)}</title>",
        f'<rect x="{_n(x)}" y="{_n(y)}" width="{s}" height="{s}" fill="{fill}" '
        f'stroke="#8a7a5a" stroke-width="0.5"/>',
    ]
    if kind == SAND:
        for dx, dy in ((0.3, 0.3), (0.7, 0.45), (0.4, 0.72), (0.75, 0.8)):
            parts.append(
                f'<circle cx="{_n(x + dx * s)}" cy="{_n(y + dy * s)}" r="1.2" fill="{ink}"/>'
            )
    elif kind in (SURFER, TOURIST, LIFEGUARD):
        parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy - 7)}" r="5" fill="{ink}"/>')
        parts.append(
            f'<path d="M{_n(cx - 7)} {_n(cy + 12)} L{_n(cx)} {_n(cy - 2)} L{_n(cx + 7)} '
            f'{_n(cy + 12)} Z" fill="{ink}"/>'
        )
        parts.append(
            f'<text x="{_n(x + 4)}" y="{_n(y + 11)}" font-size="10" font-family="sans-serif" '
            f'font-weight="bold" fill="{ink}">{letter}</text>'
        )
        if kind != LIFEGUARD:
            parts.append(_facing_mark(block & 3, x, y, ink))
    elif kind == UMBRELLA:
        parts.append(
            f'<path d="M{_n(cx - 14)} {_n(cy)} A14 12 0 0 1 {_n(cx + 14)} {_n(cy)} Z" '
            f'fill="{ink}"/>'
        )
        parts.append(
            f'<line x1="{_n(cx)}" y1="{_n(cy)}" x2="{_n(cx)}" y2="{_n(cy + 14)}" '
            f'stroke="{ink}" stroke-width="2"/>'
        )
    elif kind == STALL:
        parts.append(
            f'<path d="M{_n(cx - 13)} {_n(cy - 4)} L{_n(cx)} {_n(cy - 14)} L{_n(cx + 13)} '
            f'{_n(cy - 4)} Z" fill="{ink}"/>'
        )
        parts.append(
            f'<rect x="{_n(cx - 11)}" y="{_n(cy - 4)}" width="22" height="16" fill="#fff" '
            f'stroke="{ink}" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{_n(cx)}" y="{_n(cy + 9)}" font-size="12" font-family="sans-serif" '
            f'font-weight="bold" text-anchor="middle" fill="{ink}">{"ECH"[block & 3]}</text>'
        )
    else:  # litter
        parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="11" fill="{ink}"/>')
        parts.append(
            f'<path d="M{_n(cx - 5)} {_n(cy - 5)} L{_n(cx + 5)} {_n(cy + 5)} M{_n(cx + 5)} '
            f'{_n(cy - 5)} L{_n(cx - 5)} {_n(cy + 5)}" stroke="#fff" stroke-width="2.5"/>'
        )
    parts.append("</g>")
    return "".join(parts)


def _facing_mark(facing: int, x: float, y: float, ink: str) -> str:
    """A triangle on the edge the figure faces."""
    s = BLOCK
    m = s / 2
    points = {
        0: ((m - 6, 7), (m + 6, 7), (m, 1)),
        1: ((s - 7, m - 6), (s - 7, m + 6), (s - 1, m)),
        2: ((m - 6, s - 7), (m + 6, s - 7), (m, s - 1)),
        3: ((7, m - 6), (7, m + 6), (1, m)),
    }[facing]
    path = " ".join(f"{_n(x + px)},{_n(y + py)}" for px, py in points)
    mark = FACING_MARKS[facing]
    return f'<polygon points="{path}" fill="{ink}" data-facing="{_esc(mark)}"/>'


def face_svg(face: int, label: bool = True) -> str:
    """A face as printed (rotation 0), the sea below it."""
    w, h = FACE_COLS * BLOCK, FACE_ROWS * BLOCK
    top = 16 if label else 0
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h + top + 8}" '
        f'width="{w}" height="{h + top + 8}" role="img" aria-label="card {face_name(face)}">'
    ]
    if label:
        parts.append(
            f'<text x="0" y="12" font-size="12" font-family="sans-serif">{face_name(face)}</text>'
        )
    for i, block in enumerate(face_blocks(face)):
        r, c = divmod(i, FACE_COLS)
        parts.append(block_svg(block, c * BLOCK, top + r * BLOCK))
    parts.append(f'<rect x="0" y="{h + top + 2}" width="{w}" height="6" fill="#4a90d9"/>')
    parts.append("</svg>")
    return "".join(parts)


def beach_svg(grid: Mapping[int, int]) -> str:
    """A beach's visible blocks (cells as ``scoring.GRID``'s), the sea along the bottom."""
    if not grid:
        return '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 0 0"/>'
    xs, ys = GRID.bounds(grid)
    w, h = len(xs) * BLOCK, len(ys) * BLOCK
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h + 8}" '
        f'width="{w}" height="{h + 8}" role="img" aria-label="beach">'
    ]
    for c in sorted(grid):
        x, y = GRID.xy(c)
        parts.append(block_svg(grid[c], (x - xs.start) * BLOCK, (y - ys.start) * BLOCK))
    parts.append(f'<rect x="0" y="{h + 2}" width="{w}" height="6" fill="#4a90d9"/>')
    parts.append("</svg>")
    return "".join(parts)


def deck_sheet() -> str:
    """Every face of the deck on one sheet: a row per card, face a then face b, each with
    the sea (blue) below it."""
    cw, ch = FACE_COLS * BLOCK, FACE_ROWS * BLOCK
    row_h = ch + 34
    col_w = cw + 30
    per_row = 4  # faces: two cards a row
    rows = (2 * CARDS + per_row - 1) // per_row
    width, height = per_row * col_w + 10, rows * row_h + 10
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="Día de Playa: the 36 faces">',
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for face in range(2 * CARDS):
        row, col = divmod(face, per_row)
        x0, y0 = 10 + col * col_w, 10 + row * row_h
        parts.append(
            f'<text x="{x0}" y="{y0 + 12}" font-size="13" font-family="sans-serif" '
            f'font-weight="bold">{face_name(face)}</text>'
        )
        for i, block in enumerate(face_blocks(face)):
            r, c = divmod(i, FACE_COLS)
            parts.append(block_svg(block, x0 + c * BLOCK, y0 + 16 + r * BLOCK))
        parts.append(f'<rect x="{x0}" y="{y0 + 18 + ch}" width="{cw}" height="5" fill="#4a90d9"/>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main(argv: list[str] | None = None) -> int:
    """``python -m tablero.diadeplaya.drawing FILE``: write the deck's sheet to FILE."""
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print(
            "usage: python -m tablero.diadeplaya.drawing docs/diadeplaya-deck.svg", file=sys.stderr
        )
        return 2
    Path(args[0]).write_text(deck_sheet(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
