"""How Arraial looks: the festival street with its bunting, the pieces, the visitors, the
level bar, and the central board with its octagon of cards, as SVG.

Pure functions from plain data to SVG text; of the engine only its data (the street's
size and columns, the colours: :mod:`tablero.arraial.data`) and its cell names.  A street
is drawn in a ``viewBox`` whose unit is about one CSS pixel at the default size (a cell
is :data:`CELL` = 40 units), row 1 at the bottom; the stylesheet keeps cells at 32 px or
more (``min-width`` / ``min-height`` on the table's board), and the frame pans when that
is too large.  Piece colours carry a glyph each (a dot, a bar, a triangle, a cross), so
colour never carries information alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tablero.arraial.data import COLOURS, COLUMNS, HEIGHT, WIDTH
from tablero.arraial.street import cell_name

from ... import widgets
from ...marks import FALLBACK_COLOURS, colour_class, mark_icon, seat_letter, seat_mark
from ...svg import esc, icon, num, raw_tag, tag

__all__ = [
    "CARD",
    "CELL",
    "COLOURS",
    "COLUMNS",
    "FALLBACK_COLOURS",
    "MIN_CELL_PX",
    "ROWS",
    "WIDTH",
    "CentralPicture",
    "Column",
    "StreetPicture",
    "board_svg",
    "card",
    "card_icon",
    "central_group",
    "colour_class",
    "mark_icon",
    "piece_cells",
    "seat_letter",
    "seat_mark",
    "street_group",
    "street_svg",
    "visitor",
    "visitor_icon",
]

#: The street's rows, row 1 at the bottom (its size and columns: tablero.arraial.data).
ROWS = HEIGHT
#: How each piece colour (as the engine names them: data.COLOURS) is drawn: its glyph.
GLYPHS = {"yellow": "dot", "blue": "bar", "green": "triangle", "red": "cross"}

CELL = 40
PAD_LEFT = 24  # room for the row numbers
PAD_TOP = 28  # the bunting
PAD_RIGHT = 4
FLOOR = 16  # the column letters under the street
CROWD = 24  # the white visitors who joined the street
MIN_CELL_PX = 32
CARD = 50  # a card of the octagon
CENTRAL_W = 200
GAP = 8  # between the street and the central board
HANDLE_ROWS = 6  # the rows a drop column's handle covers, from the top


# --- pieces and visitors -----------------------------------------------------------------


def _glyph(colour: str, cx: float, cy: float, s: float) -> str:
    """The colour's glyph at the centre of a cell of side ``s``."""
    kind = GLYPHS.get(colour, "dot")
    r = s * 0.16
    cls = "arl-glyph"
    if kind == "dot":
        return tag("circle", cx=num(cx), cy=num(cy), r=num(r), class_=cls)
    if kind == "bar":
        return tag(
            "rect", x=num(cx - r * 1.4), y=num(cy - r * 0.5), width=num(r * 2.8),
            height=num(r), class_=cls,
        )  # fmt: skip
    if kind == "triangle":
        pts = f"{num(cx)},{num(cy - r * 1.2)} {num(cx + r * 1.2)},{num(cy + r)} "
        pts += f"{num(cx - r * 1.2)},{num(cy + r)}"
        return tag("polygon", points=pts, class_=cls)
    d = (
        f"M{num(cx - r)} {num(cy - r)}L{num(cx + r)} {num(cy + r)}"
        f"M{num(cx + r)} {num(cy - r)}L{num(cx - r)} {num(cy + r)}"
    )
    return tag("path", d=d, class_="arl-glyph-line")


def piece_cells(
    cells: Sequence[tuple[int, int]],
    colour: str,
    x0: float,
    y0: float,
    s: float,
    height: int,
    extra_class: str = "",
) -> str:
    """The squares of a piece at ``cells`` (``(x, y)``, y upward) in a grid whose top
    left is ``x0, y0`` with cells of side ``s`` and ``height`` rows; glyph on each."""
    out = []
    for x, y in cells:
        px, py = x0 + x * s, y0 + (height - 1 - y) * s
        out.append(
            tag("rect", x=num(px + 1), y=num(py + 1), width=num(s - 2), height=num(s - 2),
                rx=num(s * 0.12), class_="arl-sq")
            + _glyph(colour, px + s / 2, py + s / 2, s)
        )  # fmt: skip
    cls = f"arl-piece arl-{colour}" + (f" {extra_class}" if extra_class else "")
    return raw_tag("g", "".join(out), class_=cls)


def visitor(cx: float, cy: float, h: float, colour: str, extra_class: str = "") -> str:
    """A visitor (a little person, head and body) standing at ``cx``, feet at ``cy``,
    ``h`` tall; ``colour`` a piece colour or ``white``."""
    head = tag("circle", cx=num(cx), cy=num(cy - h * 0.78), r=num(h * 0.2))
    body = tag(
        "path",
        d=f"M{num(cx - h * 0.3)} {num(cy)}Q{num(cx - h * 0.3)} {num(cy - h * 0.55)} "
        f"{num(cx)} {num(cy - h * 0.55)}Q{num(cx + h * 0.3)} {num(cy - h * 0.55)} "
        f"{num(cx + h * 0.3)} {num(cy)}Z",
    )
    cls = f"arl-visitor arl-v-{colour}" + (f" {extra_class}" if extra_class else "")
    return raw_tag("g", head + body, class_=cls)


def pair_mark(cx: float, cy: float, h: float, colour: str) -> str:
    """The pair of a colour: two visitors side by side, with a heart above."""
    heart = tag(
        "path",
        d=f"M{num(cx)} {num(cy - h * 0.95)}l{num(-h * 0.14)} {num(-h * 0.14)}"
        f"a{num(h * 0.08)} {num(h * 0.08)} 0 0 1 {num(h * 0.14)} {num(-h * 0.06)}"
        f"a{num(h * 0.08)} {num(h * 0.08)} 0 0 1 {num(h * 0.14)} {num(h * 0.06)}Z",
        class_="arl-heart",
    )
    return raw_tag(
        "g",
        visitor(cx - h * 0.22, cy, h * 0.8, colour)
        + visitor(cx + h * 0.22, cy, h * 0.8, colour)
        + heart,
        class_="arl-pair",
    )


def visitor_icon(colour: str, size: int = 18) -> str:
    """A visitor as a standalone icon."""
    return icon(visitor(12, 22, 20, colour), size, "arl-icon")


def card(
    x: float,
    y: float,
    s: float,
    cells: Sequence[tuple[int, int]],
    colour: str,
    extra_class: str = "",
) -> str:
    """A card of side ``s``, top left at ``x, y``, showing its piece at ``cells``
    (normalised, y upward) centred, in its colour."""
    w = max(x for x, _ in cells) + 1
    h = max(y for _, y in cells) + 1
    q = s * 0.84 / max(3, w, h)
    ox = x + (s - w * q) / 2
    oy = y + (s - h * q) / 2
    face = tag(
        "rect", x=num(x + 1), y=num(y + 1), width=num(s - 2), height=num(s - 2),
        rx=num(s * 0.12), class_="arl-card-face",
    )  # fmt: skip
    cls = "arl-card" + (f" {extra_class}" if extra_class else "")
    return raw_tag("g", face + piece_cells(cells, colour, ox, oy, q, h), class_=cls)


def card_icon(cells: Sequence[tuple[int, int]], colour: str, size: int = 40) -> str:
    """A card as a standalone SVG (the log, the rules help, the preview)."""
    return icon(card(0, 0, 48, cells, colour), size, "arl-icon arl-card-icon", view=(48, 48))


# --- the street ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Column:
    """A drop column of the chosen card: where its piece comes to rest dropped there
    (``cells``), and the landing's move text when that landing is legal."""

    column: int
    cells: tuple[tuple[int, int], ...]
    move: str | None
    label: str
    clickable: bool = True  # a drop or its slides can be chosen


@dataclass
class StreetPicture:
    """Everything drawn on a street besides the position itself."""

    #: the chosen card's colour (the ghost's), its drop columns, the chosen column
    colour: str = ""
    columns: Sequence[Column] = ()
    chosen_column: int | None = None
    #: the landing waiting for confirmation (its cells), and the slides offered from the
    #: chosen column: (move text, cells, label)
    chosen: tuple[tuple[int, int], ...] = ()
    chosen_move: str | None = None
    slides: Sequence[tuple[str, tuple[tuple[int, int], ...], str]] = ()
    #: the item that takes the keyboard focus: ("column", c) or ("slide", move text)
    focus: tuple[str, object] | None = None
    #: cells the other players filled since the viewer's last move (marked until then)
    recent: Sequence[tuple[int, int]] = ()
    #: where the pairs stand: colour -> a cell of the holder's zone
    pairs: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    #: what each piece says to a screen reader, by piece index (1-based)
    labels: Mapping[int, str] = field(default_factory=dict)
    #: the title of the picture
    title: str = ""
    #: the recent moves' animations (:func:`tablero.web.widgets.motion`), by part:
    #: ``piece:<k>`` (a piece dropped), ``visitor:<colour>:<k>`` (a visitor come onto
    #: piece ``k``), ``pair:<colour>`` (a pair come to this street)
    motion: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: a step of the end sequence: the cells that score in it (ringed, ``tb-step-on``),
    #: and a class for the parts it lights or dims (``tb-step-on``, ``tb-step-off``), by
    #: the parts of :attr:`motion` and ``crowd`` (the white visitors who joined)
    step_on: Sequence[tuple[int, int]] = ()
    step: Mapping[str, str] = field(default_factory=dict)


def street_size() -> tuple[int, int]:
    """(width, height) of a street picture in viewBox units."""
    return PAD_LEFT + WIDTH * CELL + PAD_RIGHT, PAD_TOP + ROWS * CELL + FLOOR + CROWD


def _xy(x: int, y: int) -> tuple[float, float]:
    """The top left of cell ``(x, y)`` in a street picture."""
    return PAD_LEFT + x * CELL, PAD_TOP + (ROWS - 1 - y) * CELL


def _bunting(w: float) -> str:
    """Strings of little flags across the top of the street."""
    line = tag("path", d=f"M{PAD_LEFT - 10} 4 Q{num(w / 2)} 16 {num(w - 2)} 4", class_="arl-string")
    flags = []
    n = 11
    for i in range(n):
        t = (i + 0.5) / n
        x = (PAD_LEFT - 10) + (w - 2 - (PAD_LEFT - 10)) * t
        y = 4 + 12 * 4 * t * (1 - t) * 0.5
        flags.append(
            tag(
                "polygon",
                points=f"{num(x - 6)},{num(y)} {num(x + 6)},{num(y)} {num(x)},{num(y + 12)}",
                class_=f"arl-flag arl-{COLOURS[i % len(COLOURS)]}",
            )
        )
    return line + "".join(flags)


def street_group(
    rows: Sequence[Sequence[int]],
    piece_colours: Sequence[str],
    bar: int | None,
    bar_whites: int,
    street_whites: int,
    visitors: Sequence[tuple[str, int]],
    pieces_cells: Sequence[Sequence[tuple[int, int]]],
    pic: StreetPicture,
) -> str:
    """The street's picture (no ``<svg>`` around it): cells, pieces, visitors, the bar,
    the white visitors, and the chosen card's drop columns with their ghosts.

    ``rows[y][x]`` is 0 or the 1-based index of the piece there; ``piece_colours`` and
    ``pieces_cells`` are by 0-based piece index; ``visitors`` ``(colour, k)``, ``k`` the
    1-based number of the piece it stands on.
    Clickable things carry ``data-act`` (``column`` with ``data-column``; ``move`` with
    ``data-move`` for a slide); every piece carries ``data-piece`` and its ``data-cells``.
    """
    w, h = street_size()
    parts = [tag("rect", x=0, y=0, width=w, height=h, class_="arl-ground")]
    parts.append(_bunting(w))
    parts.append(
        tag("rect", x=PAD_LEFT - 3, y=PAD_TOP - 3, width=WIDTH * CELL + 6,
            height=ROWS * CELL + 6, rx=5, class_="arl-street-edge")
    )  # fmt: skip
    for y in range(ROWS):
        for x in range(WIDTH):
            px, py = _xy(x, y)
            parts.append(
                tag("rect", x=px + 1, y=py + 1, width=CELL - 2, height=CELL - 2, rx=3,
                    class_="arl-cobble")
            )  # fmt: skip
    for x in range(WIDTH):
        parts.append(
            tag("text", COLUMNS[x], x=PAD_LEFT + x * CELL + CELL // 2,
                y=PAD_TOP + ROWS * CELL + 14, class_="arl-coord")
        )  # fmt: skip
    for y in range(ROWS):
        parts.append(
            tag("text", y + 1, x=PAD_LEFT - 12, y=PAD_TOP + (ROWS - 1 - y) * CELL + 24,
                class_="arl-coord")
        )  # fmt: skip
    # the pieces, each one group (its cells)
    for i, cells in enumerate(pieces_cells):
        colour = piece_colours[i]
        label = pic.labels.get(i + 1)
        part = f"piece:{i + 1}"
        parts.append(
            raw_tag(
                "g",
                piece_cells(cells, colour, PAD_LEFT, PAD_TOP, CELL, ROWS),
                class_=pic.step.get(part),
                data_piece=i + 1,
                data_colour=colour,
                data_cells=" ".join(cell_name(x, y) for x, y in sorted(cells, key=_row_col)),
                role="img" if label else None,
                aria_label=label,
                **pic.motion.get(part, {}),
            )
        )
    # the colour visitors, on their pieces (several on one piece stand side by side)
    on_piece: dict[int, int] = {}
    for colour, k in visitors:  # k: the 1-based number of the piece it stands on
        if not 1 <= k <= len(pieces_cells) or not pieces_cells[k - 1]:
            continue
        n = on_piece.get(k, 0)
        on_piece[k] = n + 1
        x, y = max(pieces_cells[k - 1], key=lambda c: (c[1], -c[0]))
        px, py = _xy(x, y)
        part = f"visitor:{colour}:{k}"
        parts.append(
            raw_tag(
                "g",
                visitor(px + 12 + 14 * n, py + CELL - 5, 24, colour),
                class_=pic.step.get(part),
                data_visitor=colour,
                data_on=k,
                **pic.motion.get(part, {}),
            )
        )
    for colour, (x, y) in pic.pairs.items():
        px, py = _xy(x, y)
        part = f"pair:{colour}"
        parts.append(
            raw_tag("g", pair_mark(px + CELL - 12, py + CELL - 4, 24, colour),
                    class_=pic.step.get(part), data_pair=colour, **pic.motion.get(part, {}))
        )  # fmt: skip
    # the level bar with its white visitors
    if bar is not None:
        by = PAD_TOP + (ROWS - bar) * CELL
        parts.append(
            raw_tag(
                "g",
                tag("rect", x=PAD_LEFT - 8, y=by - 4, width=WIDTH * CELL + 16, height=8, rx=3,
                    class_="arl-bar")
                + "".join(visitor(PAD_LEFT + 12 + 15 * i, by - 4, 20, "white")
                          for i in range(bar_whites)),
                data_bar=bar,
                data_bar_whites=bar_whites,
            )
        )  # fmt: skip
    # the white visitors who joined the street, along the pavement under it
    crowd_y = PAD_TOP + ROWS * CELL + FLOOR + CROWD - 3
    parts.append(
        raw_tag(
            "g",
            "".join(visitor(PAD_LEFT + 10 + 14 * i, crowd_y, 22, "white")
                    for i in range(min(street_whites, 17))),
            class_=pic.step.get("crowd"),
            data_street_whites=street_whites,
        )
    )  # fmt: skip
    for x, y in pic.step_on:
        px, py = _xy(x, y)
        parts.append(
            tag("rect", x=px + 1.5, y=py + 1.5, width=CELL - 3, height=CELL - 3, rx=5,
                class_="arl-step-ring tb-step-on", data_step_cell=cell_name(x, y))
        )  # fmt: skip
    for x, y in pic.recent:
        px, py = _xy(x, y)
        parts.append(
            tag("rect", x=px + 0.5, y=py + 0.5, width=CELL - 1, height=CELL - 1, rx=5,
                class_="tb-recent", data_recent_cell=cell_name(x, y))
        )  # fmt: skip
    parts.append(_placing(pic))
    return "".join(parts)


def _row_col(c: tuple[int, int]) -> tuple[int, int]:
    return c[1], c[0]


def _outline(cells: Sequence[tuple[int, int]], cls: str) -> str:
    """An outline of each cell of a landing (a slide's target, the chosen landing)."""
    out = []
    for x, y in cells:
        px, py = _xy(x, y)
        out.append(
            tag("rect", x=px + 3, y=py + 3, width=CELL - 6, height=CELL - 6, rx=5, class_=cls)
        )
    return "".join(out)


def _placing(pic: StreetPicture) -> str:
    """The chosen card over the street: a hit column per drop, each holding the ghost of
    its landing (shown under the pointer or the keyboard's focus, by the stylesheet);
    the chosen landing; the slides offered from the chosen column."""
    if not pic.columns:
        return ""
    out = []
    top = PAD_TOP
    for col in pic.columns:
        px = PAD_LEFT + col.column * CELL
        chosen = col.column == pic.chosen_column
        # the ghost follows its column (a sibling, so the column's box is the column's)
        ghost = raw_tag(
            "g",
            piece_cells(col.cells, pic.colour, PAD_LEFT, PAD_TOP, CELL, ROWS),
            class_="arl-ghost" + ("" if col.move else " is-blocked"),
            data_ghost=col.column,
        )
        # the column's handle: the top of the street (it fits the smallest board frame,
        # for the keyboard and a tap); under it, a zone the pointer may also use
        hit = tag(
            "rect", x=px, y=top - 24, width=CELL, height=HANDLE_ROWS * CELL + 24,
            class_="arl-col-hit" + (" is-chosen" if chosen else ""),
        )  # fmt: skip
        zone_y = top + HANDLE_ROWS * CELL
        zone = tag(
            "rect", x=px, y=zone_y, width=CELL, height=(ROWS - HANDLE_ROWS) * CELL,
            class_="arl-col-zone", data_act="column" if col.clickable else None,
            data_column=col.column, aria_hidden="true",
        )  # fmt: skip
        arrow = tag(
            "path",
            d=f"M{px + CELL / 2 - 7} {top - 18}l7 9l7 -9",
            class_="arl-col-arrow",
        )
        focus = pic.focus == ("column", col.column)
        if not col.clickable:  # the ghost shows the drop, which cannot be chosen
            out.append(
                raw_tag("g", raw_tag("title", esc(col.label)) + hit,
                        class_="arl-col is-blocked", data_column=col.column)
                + zone
                + ghost
            )  # fmt: skip
            continue
        out.append(
            raw_tag(
                "g",
                raw_tag("title", esc(col.label)) + hit + arrow,
                class_="arl-col" + (" is-chosen" if chosen else ""),
                data_act="column",
                data_column=col.column,
                data_landing=col.move or None,
                data_cells=" ".join(cell_name(x, y) for x, y in sorted(col.cells, key=_row_col)),
                role="button",
                tabindex="0" if focus else "-1",
                aria_pressed="true" if chosen else None,
                data_focus="1" if focus else None,
            )
            + zone
            + ghost
        )
    out = [raw_tag("g", "".join(out), class_="arl-cols")]
    if pic.chosen:
        out.append(
            raw_tag(
                "g",
                piece_cells(pic.chosen, pic.colour, PAD_LEFT, PAD_TOP, CELL, ROWS, "arl-landed")
                + _outline(pic.chosen, "arl-chosen-ring"),
                data_chosen=pic.chosen_move,
                data_show="1",  # brought into the frame when it pans (boot.js)
            )
        )
    for move, cells, label in pic.slides:
        focus = pic.focus == ("slide", move)
        chosen = move == pic.chosen_move
        out.append(
            raw_tag(
                "g",
                raw_tag("title", esc(label))
                + _outline(cells, "arl-slide" + (" is-chosen" if chosen else "")),
                class_="arl-slide-target",
                data_act="landing",
                data_move=move,
                role="button",
                tabindex="0" if focus else "-1",
                aria_pressed="true" if chosen else None,
                data_focus="1" if focus else None,
            )
        )
    return "".join(out)


def street_svg(body: str, *, title: str, small: bool = False, rove: bool = False) -> str:
    """A street picture (:func:`street_group`) as its own ``<svg>``."""
    w, h = street_size()
    cls = "arl-street" + (" is-small" if small else "")
    return raw_tag(
        "svg",
        raw_tag("title", esc(title)) + body,
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {w} {h}",
        class_=cls,
        role="group" if rove else "img",
        aria_label=title,
        data_rove="grid" if rove else None,
    )


# --- the central board -----------------------------------------------------------------------


@dataclass
class CentralPicture:
    """The central board as one player sees it."""

    #: the quarter turns (clockwise) the viewer sees the octagon turned by
    angle: int = 0
    #: per slot (0..2, the octagon's own frame): (cells as seen, colour, card code) or None
    slots: Sequence[tuple[tuple[tuple[int, int], ...], str, str] | None] = ()
    #: slots the viewer may take now: slot -> (move text, label)
    takes: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    #: the slot whose card is being placed
    chosen: int | None = None
    #: the face-up cards beside the board: (cells as they would lie, colour, code)
    face_up: Sequence[tuple[tuple[tuple[int, int], ...], str, str]] = ()
    #: face-up cards that may fill the empty slot now: index -> (move text, label)
    fills: Mapping[int, tuple[str, str]] = field(default_factory=dict)
    deck_count: int = 0
    #: slots the others changed since the viewer's last move (marked until then)
    recent: Sequence[int] = ()
    #: the item taking the keyboard focus: ("take", slot) or ("fill", index)
    focus: tuple[str, int] | None = None
    #: texts: the octagon's name, the face-up row's, the deck's
    labels: Mapping[str, str] = field(default_factory=dict)


#: Where the slots lie on the octagon, in its own frame (centre offsets, slot 0..2):
#: a row across it, left to right as a player on side 0 sees it at rotation 0.
SLOT_OFFSETS = ((-56, 0), (0, 0), (56, 0))
OCT_R = 96


def _turn(dx: float, dy: float, quarters: int) -> tuple[float, float]:
    """``(dx, dy)`` (screen, y down) turned ``quarters`` quarter turns clockwise."""
    for _ in range(quarters % 4):
        dx, dy = -dy, dx
    return dx, dy


def _cells_attr(cells: Sequence[tuple[int, int]]) -> str:
    """Normalised cells as an attribute: ``0,0 1,0 1,1`` (what a card shows)."""
    return " ".join(f"{x},{y}" for x, y in sorted(cells, key=_row_col))


def central_size() -> tuple[int, int]:
    return CENTRAL_W, 2 * OCT_R + 30 + CARD + 44


def central_group(pic: CentralPicture) -> str:
    """The central square with the octagon and its three slots as the viewer sees them,
    the rotation arrows, then the face-up cards and the deck."""
    w, h = central_size()
    cx, cy = w / 2, OCT_R + 6
    parts = [
        tag("rect", x=cx - OCT_R - 2, y=cy - OCT_R - 2, width=2 * OCT_R + 4,
            height=2 * OCT_R + 4, rx=8, class_="arl-square")
    ]  # fmt: skip
    r = OCT_R - 8
    k = r * 0.4142
    octagon = " ".join(
        f"{num(cx + a)},{num(cy + b)}"
        for a, b in ((-k, -r), (k, -r), (r, -k), (r, k), (k, r), (-k, r), (-r, k), (-r, -k))
    )
    parts.append(tag("polygon", points=octagon, class_="arl-octagon"))
    # the clockwise arrows of the octagon (it only turns that way)
    for q in range(4):
        x1, y1 = _turn(-20, -r + 10, q)
        x2, y2 = _turn(20, -r + 10, q)
        parts.append(
            tag("path", d=f"M{num(cx + x1)} {num(cy + y1)}Q{num(cx + _turn(0, -r + 4, q)[0])} "
                f"{num(cy + _turn(0, -r + 4, q)[1])} {num(cx + x2)} {num(cy + y2)}",
                class_="arl-turn", marker_end=None)
            + tag("circle", cx=num(cx + x2), cy=num(cy + y2), r=2.5, class_="arl-turn-head")
        )  # fmt: skip
    labels = pic.labels
    for slot in range(3):
        dx, dy = _turn(*SLOT_OFFSETS[slot], pic.angle)
        x, y = cx + dx - CARD / 2, cy + dy - CARD / 2
        item = pic.slots[slot] if slot < len(pic.slots) else None
        if item is None:
            body = tag("rect", x=num(x + 3), y=num(y + 3), width=CARD - 6, height=CARD - 6,
                       rx=6, class_="arl-slot-empty")  # fmt: skip
            parts.append(raw_tag("g", body, data_slot=slot + 1, data_slot_card=""))
            continue
        cells, colour, code = item
        chosen = slot == pic.chosen
        body = card(x, y, CARD, cells, colour, "is-chosen" if chosen else "")
        if slot in pic.recent:
            body += tag("rect", x=num(x), y=num(y), width=CARD, height=CARD, rx=7,
                        class_="tb-recent", data_recent_slot=slot + 1)  # fmt: skip
        take = pic.takes.get(slot)
        if take is not None:
            move, label = take
            focus = pic.focus == ("take", slot)
            body += tag("rect", x=num(x - 2), y=num(y - 2), width=CARD + 4, height=CARD + 4,
                        rx=8, class_="arl-take-ring")  # fmt: skip
            parts.append(
                raw_tag(
                    "g", raw_tag("title", esc(label)) + body, class_="arl-click",
                    data_act="move", data_move=move, data_slot=slot + 1, data_slot_card=code,
                    data_seen=_cells_attr(cells), role="button",
                    tabindex="0" if focus else "-1", data_focus="1" if focus else None,
                )
            )  # fmt: skip
        else:
            parts.append(
                raw_tag(
                    "g", body, data_slot=slot + 1, data_slot_card=code,
                    data_seen=_cells_attr(cells), role="img",
                    aria_label=labels.get(f"slot{slot}", code),
                    class_="is-chosen" if chosen else None,
                )
            )  # fmt: skip
    # the face-up cards and the deck, under the board
    fy = 2 * OCT_R + 22
    parts.append(tag("text", labels.get("face_up", ""), x=4, y=fy - 4, class_="arl-label"))
    size = 44
    for i in range(3):
        x = 4 + i * (size + 6)
        if i >= len(pic.face_up):
            parts.append(tag("rect", x=x + 2, y=fy + 2, width=size - 4, height=size - 4, rx=6,
                             class_="arl-slot-empty", data_face_up=i))  # fmt: skip
            continue
        cells, colour, code = pic.face_up[i]
        body = card(x, fy, size, cells, colour)
        fill = pic.fills.get(i)
        if fill is not None:
            move, label = fill
            focus = pic.focus == ("fill", i)
            body += tag("rect", x=x - 2, y=fy - 2, width=size + 4, height=size + 4, rx=8,
                        class_="arl-take-ring")  # fmt: skip
            parts.append(
                raw_tag(
                    "g", raw_tag("title", esc(label)) + body, class_="arl-click",
                    data_act="move", data_move=move, data_face_up=i, data_face_card=code,
                    role="button", tabindex="0" if focus else "-1",
                    data_focus="1" if focus else None,
                )
            )  # fmt: skip
        else:
            parts.append(
                raw_tag("g", body, data_face_up=i, data_face_card=code, role="img",
                        aria_label=labels.get(f"face{i}", code))
            )  # fmt: skip
    dx = 4 + 3 * (size + 6) + 2
    deck = (
        tag("rect", x=dx + 4, y=fy + 6, width=30, height=38, rx=5, class_="arl-deck-back")
        + tag("rect", x=dx, y=fy + 2, width=30, height=38, rx=5, class_="arl-deck-back")
        + tag("text", pic.deck_count, x=dx + 15, y=fy + 27, class_="arl-deck-count")
    )
    parts.append(
        raw_tag("g", raw_tag("title", esc(labels.get("deck", ""))) + deck,
                data_deck_count=pic.deck_count, role="img", aria_label=labels.get("deck", ""))
    )  # fmt: skip
    return "".join(parts)


def board_svg(street: str, central: str, *, title: str) -> str:
    """The viewer's street and the central board side by side, as one ``<svg>`` (a
    roving grid: the drop columns, the slides, the cards to take)."""
    sw, sh = street_size()
    cw, ch = central_size()
    w, h = sw + GAP + cw, max(sh, ch)
    body = raw_tag("g", street, class_="arl-own-street") + raw_tag(
        # at the bottom, beside the rows where the pieces are: on a phone the frame is
        # scrolled to its bottom, and both stay in view
        "g",
        central,
        transform=f"translate({sw + GAP} {h - ch - CROWD})",
        class_="arl-central",
    )
    scale = MIN_CELL_PX / CELL
    min_w, min_h = round(w * scale), round(h * scale)
    return widgets.board_svg(raw_tag("title", esc(title)) + body, w, h, cls="arl-board",
                             title=title, min_w=min_w, min_h=min_h)  # fmt: skip
