"""How Arribada looks: seat marks, tiles, icons and the board with its shoreline, as SVG.

Pure functions from plain data to SVG text.  The board is drawn in a ``viewBox`` whose
unit is about one CSS pixel at the default size (a cell is :data:`CELL` = 40 units),
so it scales with its container; the stylesheet gives the board a minimum width that
keeps cells at 32 px or more, and its wrapper scrolls (pans) when that is too wide.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablero.arribada.board import COLUMNS, NIDO, ROCK, Board
from tablero.arribada.data import EMPTY, QUADRANTS, WILD

from ... import widgets
from ...marks import (
    DASHES,
    FALLBACK_COLOURS,
    LETTERS,
    SHAPES,
    colour_class,
    mark_icon,
    seat_letter,
    seat_mark,
)
from ...svg import esc, icon, num, raw_tag, tag

# The seat marks (tablero.web.marks) are part of this look's API.
__all__ = [
    "CELL",
    "DASHES",
    "DISPLAY_GAP",
    "DISPLAY_TILE",
    "FALLBACK_COLOURS",
    "LETTERS",
    "MIN_CELL_PX",
    "PAD_LEFT",
    "PAD_RIGHT",
    "PAD_TOP",
    "SEA_HEIGHT",
    "SHAPES",
    "SHORE_GAP",
    "BoardPicture",
    "bag_shape",
    "board_size",
    "board_svg",
    "colour_class",
    "mark_icon",
    "seashell_icon",
    "seat_letter",
    "seat_mark",
    "tile",
    "tile_icon",
    "turtle_icon",
]

#: Dash patterns for the score chart, one per seat.

CELL = 40
PAD_LEFT = 24  # room for the row numbers
PAD_TOP = 22  # room for the column letters
PAD_RIGHT = 8
SHORE_GAP = 8  # wet sand between the last row and the water
SEA_HEIGHT = 84
DISPLAY_TILE = 44
DISPLAY_GAP = 8
MIN_CELL_PX = 32


# --- seat marks and icons --------------------------------------------------------------


def seashell_icon(size: int = 20, spent: bool = False) -> str:
    """A scallop seashell (score seashells and the refresh seashell)."""
    ribs = "".join(
        tag("path", d=f"M12 20 L{num(x)} 6", class_="arr-shell-rib") for x in (5, 8.5, 12, 15.5, 19)
    )
    body = tag(
        "path",
        d="M12 21 L3.5 9 Q4 3 12 2.5 Q20 3 20.5 9 Z",
        class_="arr-shell" + (" is-spent" if spent else ""),
    )
    base = tag("rect", x=9, y=19, width=6, height=3, rx=1, class_="arr-shell")
    cross = tag("path", d="M3 3 L21 21", class_="arr-spent-cross") if spent else ""
    return icon(body + base + ribs + cross, size, "arr-icon")


def turtle_icon(size: int = 20) -> str:
    """A turtle shell from above (the shells a player puts on tiles)."""
    inner = (
        tag("ellipse", cx=12, cy=12.5, rx=8, ry=9.5, class_="arr-turtle")
        + tag("path", d="M12 5 L16 9 L16 15 L12 19 L8 15 L8 9 Z", class_="arr-turtle-plate")
        + tag("circle", cx=12, cy=2.8, r=2.2, class_="arr-turtle")
    )
    return icon(inner, size, "arr-icon")


def bag_shape(x: float, y: float, w: float) -> str:
    """The cloth bag of tiles, ``w`` wide, top-left at ``x, y``."""
    h = w * 1.1
    d = (
        f"M{num(x + w * 0.3)} {num(y + h * 0.22)} "
        f"Q{num(x - w * 0.05)} {num(y + h * 0.6)} {num(x + w * 0.12)} {num(y + h)} "
        f"L{num(x + w * 0.88)} {num(y + h)} "
        f"Q{num(x + w * 1.05)} {num(y + h * 0.6)} {num(x + w * 0.7)} {num(y + h * 0.22)} Z"
    )
    neck = tag(
        "rect",
        x=num(x + w * 0.28),
        y=num(y + h * 0.1),
        width=num(w * 0.44),
        height=num(h * 0.13),
        rx=num(w * 0.05),
        class_="arr-bag-tie",
    )
    return tag("path", d=d, class_="arr-bag") + neck


# --- tiles -----------------------------------------------------------------------------


def _square(x: float, y: float, size: float, inset: float, rx: float, cls: str, **more: Any) -> str:
    """The square ``size`` wide at ``x, y`` drawn ``inset`` inside its edge (outside, when
    negative: a ring around it), its corners rounded by ``rx``; then ``more`` attributes."""
    side = size - 2 * inset
    return tag("rect", x=x + inset, y=y + inset, width=side, height=side, rx=rx, class_=cls, **more)


def tile(
    x: float,
    y: float,
    s: float,
    value: int,
    owner_colour: int | None = None,
    owner_letter: str = "",
    extra_class: str = "",
    loose: bool = False,
    mark_motion: Mapping[str, str] | None = None,
) -> str:
    """One tile, top-left at ``x, y``, side ``s``.  ``value`` 1-8, or ``WILD`` for a
    face-down tile; ``owner_colour`` ``None`` for a neutral (or unowned) tile.

    Owned tiles have a border in the owner's colour and the owner's mark; neutral
    tiles on the board are greyer with a dashed border and no mark; wilds show their
    back.  A ``loose`` tile (on a rack or in the display) belongs to no one yet.
    ``mark_motion``: the animation of the owner's mark, the shell just put on the tile
    (:func:`tablero.web.widgets.motion`: the mark is then one group carrying it).
    """
    owned = owner_colour is not None
    kind = "wild" if value == WILD else ("owned" if owned else "loose" if loose else "neutral")
    cls = f"arr-tile is-{kind}"
    if owner_colour is not None:
        cls += f" {colour_class(owner_colour)}"
    if extra_class:
        cls += f" {extra_class}"
    parts = [_square(x, y, s, 1, s * 0.15, "arr-tile-face")]
    if value == WILD:
        for i in range(1, 4):  # the back's stripes
            d = i * s / 4
            parts.append(
                tag(
                    "path",
                    d=f"M{num(x + 3)} {num(y + d)} L{num(x + d)} {num(y + 3)} "
                    f"M{num(x + s - 3)} {num(y + s - d)} L{num(x + s - d)} {num(y + s - 3)}",
                    class_="arr-wild-stripe",
                )
            )
    else:
        parts.append(
            tag(
                "text",
                value,
                x=num(x + s / 2),
                y=num(y + s * 0.66),
                class_="arr-tile-value",
                font_size=num(s * 0.56),
            )
        )
        hint = {1: "10", 7: "0", 8: "0"}.get(value)
        if hint:  # the printed strength, as on the physical tiles
            parts.append(
                tag(
                    "text",
                    hint,
                    x=num(x + s * 0.2),
                    y=num(y + s * 0.27),
                    class_="arr-tile-hint",
                    font_size=num(s * 0.2),
                )
            )
    if owner_colour is not None:
        r = s * 0.19
        mark = seat_mark(x + s - r - 1, y + s - r - 1, r, owner_colour, owner_letter)
        parts.append(raw_tag("g", mark, **mark_motion) if mark_motion else mark)
    return raw_tag("g", "".join(parts), class_=cls)


def tile_icon(value: int, size: int = 48) -> str:
    """A loose tile (on a rack) as a standalone SVG."""
    return icon(tile(0, 0, 48, value, loose=True), size, "arr-icon arr-tile-icon", view=(48, 48))


# --- the board -------------------------------------------------------------------------


@dataclass
class BoardPicture:
    """Everything drawn on the board besides the position itself."""

    #: cell -> (kind of legal move: place/claim/capture, aria label) for clickable cells
    targets: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    #: the cell of the move waiting for confirmation, and the tile it would show there
    chosen: int | None = None
    chosen_tile: tuple[int, int | None, str] | None = None  # value, colour, letter
    #: nidos that the chosen placement would fill with a tile from the bag
    spawns: Sequence[int] = ()
    #: stranded tiles removed at the end: cell -> (value, colour, letter, penalty)
    ghosts: Mapping[int, tuple[int, int, str, int]] = field(default_factory=dict)
    #: display slots that are clickable: slot -> move text
    display_moves: Mapping[int, str] = field(default_factory=dict)
    #: display slots set aside for a refresh
    display_picked: Sequence[int] = ()
    #: what each tile on the board says to a screen reader ("c4: your 6")
    labels: Mapping[int, str] = field(default_factory=dict)
    #: cells the other players changed since the viewer's last move (marked until then)
    recent: Sequence[int] = ()
    #: the target cell that takes the keyboard focus when the decision starts
    focus: int | None = None
    #: the bag is clickable with this move text
    bag_move: str | None = None
    bag_count: int | None = None
    #: the recent moves' animations (:func:`tablero.web.widgets.motion`): cell -> those
    #: of its tile (placed, turned face down), and of its shell mark (a claim)
    motion: Mapping[int, Mapping[str, str]] = field(default_factory=dict)
    mark_motion: Mapping[int, Mapping[str, str]] = field(default_factory=dict)
    #: a step of the end sequence: the cells whose tiles score in it (ringed,
    #: ``tb-step-on``), those whose tiles are dimmed (``tb-step-off``), and the quadrant
    #: it counts (outlined; its index in the board's quadrants)
    step_on: Sequence[int] = ()
    step_off: Sequence[int] = ()
    step_quadrant: int | None = None


def board_size(board: Board) -> tuple[int, int]:
    """(width, height) of the board picture in viewBox units."""
    w = PAD_LEFT + board.size * CELL + PAD_RIGHT
    h = PAD_TOP + board.size * CELL + SHORE_GAP + SEA_HEIGHT
    return w, h


def _cell_xy(board: Board, cell: int) -> tuple[int, int]:
    r, c = divmod(cell, board.size)
    return PAD_LEFT + c * CELL, PAD_TOP + r * CELL


def _rock(board: Board, label: str) -> str:
    rock = [c for c, k in enumerate(board.kinds) if k == ROCK]
    xs = [_cell_xy(board, c) for c in rock]
    x0, y0 = min(p[0] for p in xs), min(p[1] for p in xs)
    w = h = 2 * CELL
    d = (
        f"M{x0 + 10} {y0 + 8} Q{x0 + 34} {y0 - 2} {x0 + 58} {y0 + 6} "
        f"Q{x0 + w - 2} {y0 + 14} {x0 + w - 5} {y0 + 42} "
        f"Q{x0 + w - 2} {y0 + h - 10} {x0 + 54} {y0 + h - 4} "
        f"Q{x0 + 30} {y0 + h} {x0 + 12} {y0 + h - 8} "
        f"Q{x0 + 1} {y0 + 52} {x0 + 4} {y0 + 34} Q{x0 + 3} {y0 + 16} {x0 + 10} {y0 + 8} Z"
    )
    shade = (
        f"M{x0 + 18} {y0 + 16} Q{x0 + 36} {y0 + 8} {x0 + 56} {y0 + 14} "
        f"Q{x0 + 44} {y0 + 20} {x0 + 26} {y0 + 26} Z"
    )
    crack = f"M{x0 + 44} {y0 + 36} L{x0 + 52} {y0 + 48} L{x0 + 48} {y0 + 60}"
    return (
        raw_tag("title", esc(label))
        + tag("path", d=d, class_="arr-rock")
        + tag("path", d=shade, class_="arr-rock-light")
        + tag("path", d=crack, class_="arr-rock-crack")
    )


def _nest(x: int, y: int) -> str:
    cx, cy = x + CELL / 2, y + CELL / 2
    twigs = "".join(
        tag(
            "path",
            d=f"M{num(cx + dx1)} {num(cy + dy1)} Q{num(cx + qx)} {num(cy + qy)} "
            f"{num(cx + dx2)} {num(cy + dy2)}",
            class_="arr-twig",
        )
        for dx1, dy1, qx, qy, dx2, dy2 in (
            (-16, -2, -12, -16, 4, -17),
            (16, 3, 13, 16, -5, 17),
            (-14, 8, -10, 18, 6, 15),
            (14, -8, 11, -17, -6, -15),
        )
    )
    return (
        tag("circle", cx=num(cx), cy=num(cy), r=15, class_="arr-nest")
        + tag("circle", cx=num(cx), cy=num(cy), r=9, class_="arr-nest-hollow")
        + twigs
    )


def _pebbles(board: Board) -> str:
    """The dark pebbles along the quadrant borders (not across the rock)."""
    n, half = board.size, board.size // 2
    mid_x, mid_y = PAD_LEFT + half * CELL, PAD_TOP + half * CELL
    rock_lo, rock_hi = (half - 1) * CELL, (half + 1) * CELL
    out = []
    step = 10
    for i in range(n * CELL // step + 1):
        t = i * step
        if rock_lo < t < rock_hi:
            continue
        rx = 3.2 + (i * 7 % 5) * 0.35  # irregular pebbles, deterministic
        ry = 2.4 + (i * 3 % 4) * 0.3
        out.append(
            tag(
                "ellipse",
                cx=num(mid_x + (i % 2) * 1.2 - 0.6),
                cy=num(PAD_TOP + t),
                rx=num(ry),
                ry=num(rx),
                class_="arr-pebble",
            )
        )
        out.append(
            tag(
                "ellipse",
                cx=num(PAD_LEFT + t),
                cy=num(mid_y + (i % 2) * 1.2 - 0.6),
                rx=num(rx),
                ry=num(ry),
                class_="arr-pebble",
            )
        )
    return "".join(out)


def _labels(board: Board) -> str:
    out = []
    for i in range(board.size):
        out.append(
            tag(
                "text",
                COLUMNS[i],
                x=PAD_LEFT + i * CELL + CELL // 2,
                y=PAD_TOP - 7,
                class_="arr-coord",
            )
        )
        out.append(
            tag(
                "text",
                i + 1,
                x=PAD_LEFT - 8,
                y=PAD_TOP + i * CELL + CELL // 2 + 4,
                class_="arr-coord",
            )
        )
    return "".join(out)


def _shoreline(
    board: Board,
    display: Sequence[int],
    pic: BoardPicture,
    display_label: str,
    bag_label: str,
) -> str:
    w, _ = board_size(board)
    top = PAD_TOP + board.size * CELL + SHORE_GAP
    sea = tag(
        "path",
        d=f"M0 {top + 10} Q{w * 0.25:.0f} {top} {w * 0.5:.0f} {top + 8} T{w} {top + 6} "
        f"L{w} {top + SEA_HEIGHT} L0 {top + SEA_HEIGHT} Z",
        class_="arr-sea",
    )
    foam = tag(
        "path",
        d=f"M0 {top + 10} Q{w * 0.25:.0f} {top} {w * 0.5:.0f} {top + 8} T{w} {top + 6}",
        class_="arr-foam",
    )
    waves = "".join(
        tag(
            "path",
            d=f"M{x} {top + SEA_HEIGHT - 8} q6 -5 12 0 t12 0",
            class_="arr-wave",
        )
        for x in range(PAD_LEFT + 70, w - 20, 58)
    )
    out = [sea, foam, waves]
    k = len(display)
    span = k * DISPLAY_TILE + (k - 1) * DISPLAY_GAP
    x0 = PAD_LEFT + 6
    y0 = top + 16
    out.append(tag("text", display_label, x=x0, y=top + SEA_HEIGHT - 6, class_="arr-sea-label"))
    for slot, v in enumerate(display):
        x = x0 + slot * (DISPLAY_TILE + DISPLAY_GAP)
        picked = slot in pic.display_picked
        y = y0 - 6 if picked else y0
        if v == EMPTY:
            body = _square(x, y, DISPLAY_TILE, 2, 7, "arr-slot-empty")
        else:
            body = tile(x, y, DISPLAY_TILE, v, loose=True)
        move = pic.display_moves.get(slot)
        if picked:
            body += _square(x, y, DISPLAY_TILE, -2, 9, "arr-picked-ring")
        if move is not None:
            body += _square(x, y, DISPLAY_TILE, -1, 8, "arr-target-ring")
            out.append(
                raw_tag(
                    "g",
                    raw_tag("title", esc(f"{display_label}: {v}")) + body,
                    class_="arr-click",
                    data_act="move",
                    data_move=move,
                    data_display_slot=slot,
                    data_display_value=v,
                    role="button",
                    tabindex="0" if slot == min(pic.display_moves) else "-1",
                    data_focus="1" if slot == min(pic.display_moves) else None,
                )
            )
        else:
            out.append(
                raw_tag("g", body, data_display_slot=slot, data_display_value=v if v else None)
            )
    # the bag, on the sand to the right of the display
    bx = x0 + span + 16
    if pic.bag_count is not None and bx + 36 <= w:
        bag = bag_shape(bx, y0 - 2, 34) + tag(
            "text", pic.bag_count, x=bx + 17, y=y0 + 32, class_="arr-bag-count"
        )
        label = f"{bag_label}: {pic.bag_count}"
        if pic.bag_move:
            bag += tag(
                "rect",
                x=bx - 5,
                y=y0 - 6,
                width=44,
                height=DISPLAY_TILE + 4,
                rx=8,
                class_="arr-target-ring",
            )
            out.append(
                raw_tag(
                    "g",
                    raw_tag("title", esc(label)) + bag,
                    class_="arr-click",
                    data_act="move",
                    data_move=pic.bag_move,
                    role="button",
                    tabindex="-1" if pic.display_moves else "0",
                    data_focus=None if pic.display_moves else "1",
                )
            )
        else:
            out.append(raw_tag("g", raw_tag("title", esc(label)) + bag, class_="arr-bag-g"))
    return "".join(out)


def _step_marks(board: Board, pic: BoardPicture) -> str:
    """A step of the end sequence: the quadrant it counts outlined, and a ring on each
    tile that scores in it (both ``tb-step-on``)."""
    out = []
    if pic.step_quadrant is not None:
        cells = [c for c, q in enumerate(board.quadrant) if q == pic.step_quadrant]
        xs = [_cell_xy(board, c) for c in cells]
        x0, y0 = min(x for x, _ in xs), min(y for _, y in xs)
        x1, y1 = max(x for x, _ in xs) + CELL, max(y for _, y in xs) + CELL
        out.append(
            tag("rect", x=x0 - 1, y=y0 - 1, width=x1 - x0 + 2, height=y1 - y0 + 2, rx=8,
                class_="arr-step-area tb-step-on", data_step_quadrant=QUADRANTS[pic.step_quadrant])
        )  # fmt: skip
    for cell in pic.step_on:
        x, y = _cell_xy(board, cell)
        out.append(
            _square(x, y, CELL, 1, 5, "arr-step-ring tb-step-on",
                    data_step_cell=board.cell_name(cell))
        )  # fmt: skip
    return "".join(out)


def board_svg(
    board: Board,
    values: Sequence[int],
    owners: Sequence[int],
    display: Sequence[int],
    colours: Sequence[int],
    pic: BoardPicture,
    *,
    title: str,
    display_label: str,
    bag_label: str,
    rock_label: str,
) -> str:
    """The board, its tiles and the shoreline with the display, as one ``<svg>``.

    ``colours[p]`` is seat ``p``'s palette colour.  Clickable cells carry
    ``data-act="cell" data-cell="<name>"``; every tile carries ``data-tile-cell``,
    ``data-tile-value`` (``wild`` for a face-down tile) and ``data-tile-owner``
    (``-1`` neutral).
    """
    w, h = board_size(board)
    n = board.size
    parts = [raw_tag("title", esc(title))]
    parts.append(tag("rect", x=0, y=0, width=w, height=h, class_="arr-beach"))
    parts.append(_labels(board))
    parts.append(_square(PAD_LEFT, PAD_TOP, n * CELL, -3, 6, "arr-board-edge"))
    for cell, kind in enumerate(board.kinds):
        if kind == ROCK:
            continue
        x, y = _cell_xy(board, cell)
        parts.append(
            _square(x, y, CELL, 1, 4, "arr-cell-bg is-nido" if kind == NIDO else "arr-cell-bg")
        )
        if kind == NIDO:
            parts.append(_nest(x, y))
    parts.append(_pebbles(board))
    parts.append(_rock(board, rock_label))
    inset = 3
    step_off = set(pic.step_off)
    for cell, v in enumerate(values):
        x, y = _cell_xy(board, cell)
        if v != EMPTY:
            o = owners[cell]
            colour = colours[o] if o >= 0 else None
            letter = seat_letter(o) if o >= 0 else ""
            mark = pic.mark_motion.get(cell)
            parts.append(
                raw_tag(
                    "g",
                    tile(x + inset, y + inset, CELL - 2 * inset, v, colour, letter,
                         mark_motion=mark),
                    class_="tb-step-off" if cell in step_off else None,
                    data_tile_cell=board.cell_name(cell),
                    data_tile_value="wild" if v == WILD else v,
                    data_tile_owner=o,
                    role="img" if cell in pic.labels else None,
                    aria_label=pic.labels.get(cell),
                    **pic.motion.get(cell, {}),
                )
            )  # fmt: skip
        elif cell in pic.ghosts:
            gv, gcol, gletter, penalty = pic.ghosts[cell]
            parts.append(
                raw_tag(
                    "g",
                    tile(x + inset, y + inset, CELL - 2 * inset, gv, gcol, gletter)
                    + _square(x, y, CELL, 1.5, 5, "arr-stranded-ring")
                    + (
                        tag(
                            "text",
                            penalty,
                            x=x + CELL / 2,
                            y=y + CELL / 2 + 5,
                            class_="arr-stranded-points",
                        )
                        if penalty
                        else ""
                    ),
                    class_="arr-stranded" + (" tb-step-off" if cell in step_off else ""),
                    data_stranded_cell=board.cell_name(cell),
                )
            )
    parts.append(_step_marks(board, pic))
    for cell in pic.spawns:
        x, y = _cell_xy(board, cell)
        parts.append(
            raw_tag(
                "g",
                _square(x, y, CELL, 4, 5, "arr-spawn")
                + tag("text", "?", x=x + CELL / 2, y=y + CELL / 2 + 6, class_="arr-spawn-q"),
                data_spawn_cell=board.cell_name(cell),
            )
        )
    for cell in pic.recent:
        x, y = _cell_xy(board, cell)
        parts.append(
            _square(x, y, CELL, 0.5, 6, "tb-recent", data_recent_cell=board.cell_name(cell))
        )
    if pic.chosen is not None and pic.chosen_tile is not None:
        x, y = _cell_xy(board, pic.chosen)
        v, colour, letter = pic.chosen_tile
        parts.append(tile(x + inset, y + inset, CELL - 2 * inset, v, colour, letter, "is-ghost"))
    for cell, (kind, label) in sorted(pic.targets.items()):
        x, y = _cell_xy(board, cell)
        chosen = cell == pic.chosen
        ring = _square(x, y, CELL, 2, 5, f"arr-target is-{kind}" + (" is-chosen" if chosen else ""))
        parts.append(
            raw_tag(
                "g",
                ring,
                class_="arr-click",
                data_act="cell",
                data_cell=board.cell_name(cell),
                data_kind=kind,
                role="button",
                tabindex="0" if cell == pic.focus else "-1",
                aria_label=label,
                aria_pressed="true" if chosen else None,
                data_focus="1" if cell == pic.focus else None,
            )
        )
    parts.append(_shoreline(board, display, pic, display_label, bag_label))
    min_w, min_h = round(w * MIN_CELL_PX / CELL), round(h * MIN_CELL_PX / CELL)
    return widgets.board_svg("".join(parts), w, h, cls="arr-board", title=title,
                             min_w=min_w, min_h=min_h)  # fmt: skip
