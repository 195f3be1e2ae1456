"""Día de Playa's pictures: blocks, card faces and beaches, as SVG text (pure functions).

A beach is seen from above with the sea along its bottom edge (the side every surfer
wants to face).  A block is a square :data:`BLOCK` units wide, drawn as the engine's
deck sheet draws it (``tablero.diadeplaya.drawing``): a colour, a shape and a letter, so
nothing is told by colour alone, and a figure's facing as a triangle on the edge it
faces.  The table adds what play needs on top: the places a card in hand may go (each a
handle with the card's ghost as its sibling, shown under the pointer or the keyboard's
focus by the stylesheet), the chosen place with the cells it would cover, the others'
recent cards, and at the end the blocks each criterion scores.

Every text that reaches the markup is escaped (titles come from the message catalog).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablero.diadeplaya.data import (
    FACE_COLS,
    FACE_ROWS,
    LIFEGUARD,
    LITTER,
    SAND,
    STALL,
    SURFER,
    TOURIST,
    UMBRELLA,
)
from tablero.diadeplaya.scoring import GRID
from tablero.diadeplaya.shapes import footprint, size

from ...marks import FALLBACK_COLOURS, colour_class, mark_icon, seat_letter
from ...plugin import Translate
from ...svg import esc, num, raw_tag, tag

__all__ = [
    "BLOCK",
    "BeachPicture",
    "Spot",
    "beach_picture",
    "beach_svg",
    "block_art",
    "face_icon",
    "FALLBACK_COLOURS",
    "colour_class",
    "mark_icon",
    "seat_letter",
]

#: A block's side in SVG units (pixels at zoom 1).
BLOCK = 40
#: The sea's band under a beach, and the margin around it.
SEA = 22
MARGIN = 6
#: The smallest block on screen when a beach with places to choose is fitted to its
#: frame (pixels): smaller than that it pans (a place's handle stays a finger's size).
MIN_BLOCK_PX = 32
#: The scales a beach is fitted within otherwise (the table's smallest and largest zoom
#: levels).
FIT_MIN, FIT_MAX = 0.5, 1.6
#: Kind names used in classes (``dp-k-surfer``) and catalog keys.
KINDS = ("sand", "surfer", "tourist", "lifeguard", "umbrella", "stall", "litter")
#: A figure's letter and a stall's type letter (the drawing's, never colour alone).
FIGURE_LETTER = {SURFER: "S", TOURIST: "T", LIFEGUARD: "L"}
STALL_LETTER = "ECH"
#: The criteria's marks at the end (a class each: ``dp-m-<criterion>``).
MARKED = ("surfers", "tourists", "trios", "umbrellas", "sand", "stalls", "litter")


#: Each kind of block: fill and ink (the engine drawing's colours; ink keeps 3:1 on the
#: fill).  Drawn as attributes, so a picture needs no stylesheet (the challenge's screen).
KIND_LOOK = {
    SAND: ("#f3e2b3", "#9c7a2c"),
    SURFER: ("#cfe3fb", "#1f5fbf"),
    TOURIST: ("#f8d3ec", "#9a1c6e"),
    LIFEGUARD: ("#d5ecd9", "#1d6b35"),
    UMBRELLA: ("#fde0ea", "#c2255c"),
    STALL: ("#fbe6c8", "#8a4b00"),
    LITTER: ("#d9d4cc", "#4d3f31"),
}
SEA_COLOUR = "#4a90d9"
_FONT = "system-ui,sans-serif"


def _facing(facing: int, x: float, y: float, ink: str) -> str:
    """A triangle on the edge the figure faces."""
    s, m = BLOCK, BLOCK / 2
    pts = {
        0: ((m - 6, 7), (m + 6, 7), (m, 1)),
        1: ((s - 7, m - 6), (s - 7, m + 6), (s - 1, m)),
        2: ((m - 6, s - 7), (m + 6, s - 7), (m, s - 1)),
        3: ((7, m - 6), (7, m + 6), (1, m)),
    }[facing & 3]
    return tag(
        "polygon",
        points=" ".join(f"{num(x + a)},{num(y + b)}" for a, b in pts),
        fill=ink,
        data_facing="^>v<"[facing & 3],
    )


def block_art(
    block: int, x: float, y: float, extra: str = "", anim: Mapping[str, str] | None = None
) -> str:
    """One block as an SVG group with its top-left corner at ``x, y``; ``anim``: its
    move's animation (:func:`tablero.web.widgets.motion`'s attributes)."""
    kind = block >> 2
    fill, ink = KIND_LOOK[kind]
    s = BLOCK
    cx, cy = x + s / 2, y + s / 2
    parts = [tag("rect", x=num(x), y=num(y), width=s, height=s, fill=fill, stroke="#8a7a5a",
                 stroke_width=0.6)]  # fmt: skip
    if kind == SAND:
        for dx, dy in ((0.3, 0.3), (0.7, 0.45), (0.4, 0.72), (0.75, 0.8)):
            parts.append(tag("circle", cx=num(x + dx * s), cy=num(y + dy * s), r=1.4, fill=ink))
    elif kind in (SURFER, TOURIST, LIFEGUARD):
        parts.append(tag("circle", cx=num(cx), cy=num(cy - 7), r=5, fill=ink))
        parts.append(
            tag("path", d=f"M{num(cx - 7)} {num(cy + 12)} L{num(cx)} {num(cy - 2)} "
                f"L{num(cx + 7)} {num(cy + 12)} Z", fill=ink)
        )  # fmt: skip
        parts.append(tag("text", FIGURE_LETTER[kind], x=num(x + 4), y=num(y + 12), fill=ink,
                         font_size=10, font_weight=700, font_family=_FONT))  # fmt: skip
        if kind != LIFEGUARD:
            parts.append(_facing(block & 3, x, y, ink))
    elif kind == UMBRELLA:
        parts.append(
            tag("path", d=f"M{num(cx - 14)} {num(cy)} A14 12 0 0 1 {num(cx + 14)} {num(cy)} Z",
                fill=ink)
        )  # fmt: skip
        parts.append(tag("line", x1=num(cx), y1=num(cy), x2=num(cx), y2=num(cy + 14), stroke=ink,
                         stroke_width=2))  # fmt: skip
    elif kind == STALL:
        parts.append(
            tag("path", d=f"M{num(cx - 13)} {num(cy - 4)} L{num(cx)} {num(cy - 14)} "
                f"L{num(cx + 13)} {num(cy - 4)} Z", fill=ink)
        )  # fmt: skip
        parts.append(tag("rect", x=num(cx - 11), y=num(cy - 4), width=22, height=16,
                         fill="#fff", stroke=ink, stroke_width=2))  # fmt: skip
        parts.append(tag("text", STALL_LETTER[block & 3], x=num(cx), y=num(cy + 9), fill=ink,
                         font_size=12, font_weight=700, font_family=_FONT,
                         text_anchor="middle"))  # fmt: skip
    elif kind == LITTER:
        parts.append(tag("circle", cx=num(cx), cy=num(cy), r=11, fill=ink))
        parts.append(
            tag("path", d=f"M{num(cx - 5)} {num(cy - 5)} L{num(cx + 5)} {num(cy + 5)} "
                f"M{num(cx + 5)} {num(cy - 5)} L{num(cx - 5)} {num(cy + 5)}", stroke="#fff",
                stroke_width=2.5)
        )  # fmt: skip
    cls = f"dp-block dp-k-{KINDS[kind]}" + (f" {extra}" if extra else "")
    return raw_tag("g", "".join(parts), class_=cls, **(anim or {}))


def face_icon(face: int, rotation: int, block_px: int, label: str | None = None) -> str:
    """A card face in a rotation as a standalone SVG, ``block_px`` pixels a block, with
    the sea's edge (a blue line) under it: how it would lie on the beach."""
    w, h = size(rotation)
    inner = "".join(block_art(b, dx * BLOCK, dy * BLOCK) for dx, dy, b in footprint(face, rotation))
    inner += tag("rect", x=0, y=h * BLOCK + 3, width=w * BLOCK, height=6, fill=SEA_COLOUR)
    vb_h = h * BLOCK + 9
    return raw_tag(
        "svg",
        inner,
        viewBox=f"0 0 {w * BLOCK} {vb_h}",
        width=w * block_px,
        height=round(vb_h * block_px / BLOCK),
        class_="dp-face",
        role="img" if label else None,
        aria_label=label,
        aria_hidden=None if label else "true",
        focusable="false",
    )


@dataclass
class Spot:
    """A place the card in hand may go: its top-left cell ``x, y``, its move's text,
    what a screen reader says of it, its blocks and the beach cells it would cover."""

    x: int
    y: int
    move: str
    label: str
    blocks: tuple[tuple[int, int, int], ...]  # (dx, dy, block)
    covered: tuple[tuple[int, int], ...] = ()

    def anchor(self) -> tuple[int, int]:
        """The cell under the card's middle (its top row): the handle the pointer or the
        arrow keys reach; every place has its own."""
        w = max(dx for dx, _, _ in self.blocks) + 1
        h = max(dy for _, dy, _ in self.blocks) + 1
        return self.x + (w - 1) // 2, self.y + (h - 1) // 2


@dataclass
class BeachPicture:
    """What a beach shows besides its blocks.

    ``spots``: the places the card in hand may go (handles with ghosts); ``chosen``: the
    spot chosen (drawn solid, its covered cells marked); ``focus``: the spot's move the
    keyboard's focus goes to; ``recent``: cards the others laid since the viewer's last
    move, each ``(x, y, w, h)``; ``marks``: at the end, the cells each criterion scores
    (``{criterion: [[cells], ...]}``, a group of cells a mark); ``labels``: titles;
    ``motion``: the animation of each block the recent moves laid, by cell
    (:func:`tablero.web.widgets.motion`'s attributes); ``step``: a step of the end
    sequence, its marks lit (``tb-step-on``) and every block they do not mark dimmed
    (``tb-step-off``).
    """

    spots: list[Spot] = field(default_factory=list)
    chosen: Spot | None = None
    focus: str | None = None
    recent: list[tuple[int, int, int, int]] = field(default_factory=list)
    marks: Mapping[str, Sequence[Sequence[tuple[int, int]]]] = field(default_factory=dict)
    mark_labels: Mapping[str, str] = field(default_factory=dict)
    sea_label: str = ""
    motion: Mapping[tuple[int, int], Mapping[str, str]] = field(default_factory=dict)
    step: bool = False


def _bounds(cells: Sequence[tuple[int, int]]) -> tuple[int, int, int, int]:
    """The first and last column and row the cells reach (one card's room if none)."""
    if not cells:
        return 0, FACE_COLS - 1, 0, FACE_ROWS - 1
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    return min(xs), max(xs), min(ys), max(ys)


def _grid_cells(grid: Mapping[int, int]) -> dict[tuple[int, int], int]:
    return {GRID.xy(c): b for c, b in grid.items()}


def _ghost_size(blocks: Sequence[tuple[int, int, int]]) -> tuple[int, int]:
    """The width and height of a card's blocks, in blocks."""
    return max(dx for dx, _, _ in blocks) + 1, max(dy for _, dy, _ in blocks) + 1


def _ghost_art(blocks: Sequence[tuple[int, int, int]], art: str) -> str:
    """A card's blocks as a paint (an SVG pattern named ``art``) that fills the card's
    own rectangle wherever it lies, drawn once for every place on the beach."""
    inner = "".join(block_art(b, dx * BLOCK, dy * BLOCK) for dx, dy, b in blocks)
    # one tile the size of the rectangle it fills, its drawing from the tile's corner
    return raw_tag("pattern", inner, id=art, width=1, height=1,
                   patternUnits="objectBoundingBox")  # fmt: skip


def _ghost(spot: Spot, at: Any, cls: str, art: str | None = None) -> str:
    """The card's blocks where ``spot`` puts them, the covered cells marked.  ``art``:
    the id of the pattern that draws them (:func:`_ghost_art`, in the beach's
    ``<defs>``), painted into one rectangle here instead of drawing every block again.
    Every place shows the same card turned the same way, and a beach offers up to a
    hundred places, each with its hidden ghost: drawn at each place, they were 130 kB of
    the table's 180 kB and 35 ms of the 50 ms layout of each render in Chromium (a
    ``<use>`` of one drawing cost as much: its copy is laid out).  With the pattern a
    click on the table costs about half (a solitaire game's 41 clicks: 13.1 s of CPU
    before, 6.8 s after)."""
    parts = []
    x0, y0 = at(spot.x, spot.y)
    if art is not None:
        w, h = _ghost_size(spot.blocks)
        parts.append(tag("rect", x=num(x0), y=num(y0), width=w * BLOCK, height=h * BLOCK,
                         fill=f"url(#{art})"))  # fmt: skip
    else:
        for dx, dy, b in spot.blocks:
            px, py = at(spot.x + dx, spot.y + dy)
            parts.append(block_art(b, px, py))
    w = max(dx for dx, _, _ in spot.blocks) + 1
    h = max(dy for _, dy, _ in spot.blocks) + 1
    parts.append(tag("rect", x=num(x0), y=num(y0), width=w * BLOCK, height=h * BLOCK,
                     class_="dp-ghost-edge"))  # fmt: skip
    for cx, cy in spot.covered:
        px, py = at(cx, cy)
        parts.append(tag("rect", x=num(px + 3), y=num(py + 3), width=BLOCK - 6,
                         height=BLOCK - 6, class_="dp-covers"))  # fmt: skip
    return raw_tag("g", "".join(parts), class_=cls, aria_hidden="true")


def _mark(criterion: str, cells: Sequence[tuple[int, int]], at: Any, lit: bool = False) -> str:
    """One scoring mark: a ring per cell; a trio's chain or a sand square outlined
    (``lit``: a step of the end sequence's, each ring or square ``tb-step-on``)."""
    cls = f"dp-mark dp-m-{criterion}" + (" tb-step-on" if lit else "")
    if criterion == "sand" and cells:
        xs = [c[0] for c in cells]
        ys = [c[1] for c in cells]
        px, py = at(min(xs), min(ys))
        w, h = (max(xs) - min(xs) + 1) * BLOCK, (max(ys) - min(ys) + 1) * BLOCK
        return tag("rect", x=num(px + 3), y=num(py + 3), width=w - 6, height=h - 6, class_=cls)
    rings = "".join(
        tag("rect", x=num(at(x, y)[0] + 2), y=num(at(x, y)[1] + 2), width=BLOCK - 4,
            height=BLOCK - 4, rx=6, class_=cls)
        for x, y in cells
    )  # fmt: skip
    if criterion == "trios" and len(cells) > 1:
        pts = " ".join(
            f"{num(at(x, y)[0] + BLOCK / 2)},{num(at(x, y)[1] + BLOCK / 2)}" for x, y in cells
        )
        rings += tag("polyline", points=pts, class_="dp-trio-line")
    return rings


def beach_svg(
    grid: Mapping[int, int],
    pic: BeachPicture,
    *,
    title: str,
    zoom: float | None = None,
    small: bool = False,
    scale: float | None = None,
    fit_range: tuple[float, float] = (FIT_MIN, FIT_MAX),
) -> str:
    """A beach (``{cell: block}``) as an SVG: its blocks, the sea along the bottom, and
    what ``pic`` adds.  With places to go (``pic.spots``) the drawing reaches one card
    beyond the beach on every side.  ``zoom`` ``None`` fits the frame both ways, at a
    scale within ``fit_range``, and with places to choose never below
    :data:`MIN_BLOCK_PX` a block (the stylesheet sizes it from the frame, a size
    container, and the drawing's size in ``--dp-w``/``--dp-h``; unless ``small``); a
    number draws it at that scale.  ``scale`` gives the picture its own width and height
    (a standalone picture)."""
    cells = _grid_cells(grid)
    reach = list(cells)
    for s in pic.spots:
        for dx, dy, _ in s.blocks:
            reach.append((s.x + dx, s.y + dy))
    x0, x1, y0, y1 = _bounds(reach)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    w = cols * BLOCK + 2 * MARGIN
    h = rows * BLOCK + 2 * MARGIN + SEA

    def at(x: int, y: int) -> tuple[float, float]:
        return MARGIN + (x - x0) * BLOCK, MARGIN + (y - y0) * BLOCK

    out = [tag("title", title), tag("rect", x=0, y=0, width=w, height=h, fill="#fbf3dc")]
    # the sea along the bottom edge, with its waves
    sea_y = h - SEA
    waves = " ".join(
        f"M{num(x)} {num(sea_y + 9)} q 6 -5 12 0 q 6 5 12 0" for x in range(4, w - 20, 28)
    )
    out.append(
        raw_tag(
            "g",
            (tag("title", pic.sea_label) if pic.sea_label else "")
            + tag("rect", x=0, y=sea_y, width=w, height=SEA, fill=SEA_COLOUR)
            + tag("path", d=waves, fill="none", stroke="#e8f3ff", stroke_width=2),
            class_="dp-sea-band",
            data_sea="bottom",
        )
    )
    lit = {cell for groups in pic.marks.values() for g in groups for cell in g}
    body = [
        block_art(b, *at(x, y), "tb-step-off" if pic.step and (x, y) not in lit else "",
                  pic.motion.get((x, y)))
        for (x, y), b in sorted(cells.items(), key=lambda kv: kv[0][::-1])
    ]  # fmt: skip
    out.append(raw_tag("g", "".join(body), class_="dp-blocks", data_blocks=len(cells)))
    for x, y, cw, ch in pic.recent:
        px, py = at(x, y)
        out.append(
            tag("rect", x=num(px - 2), y=num(py - 2), width=cw * BLOCK + 4, height=ch * BLOCK + 4,
                rx=5, class_="tb-recent", data_recent_cell=f"{x},{y}")
        )  # fmt: skip
    for criterion in MARKED:
        groups = pic.marks.get(criterion) or ()
        if not groups:
            continue
        inner = "".join(_mark(criterion, g, at, pic.step) for g in groups)
        label = pic.mark_labels.get(criterion, "")
        out.append(
            raw_tag("g", (tag("title", label) if label else "") + inner,
                    class_=f"dp-marks dp-marks-{criterion}", data_marks=criterion,
                    data_mark_count=len(groups))
        )  # fmt: skip
    if pic.spots:
        arts: dict[tuple[tuple[int, int, int], ...], str] = {}
        for s in pic.spots:
            arts.setdefault(s.blocks, f"dp-ghost-art-{len(arts)}")
        out.append(
            raw_tag("defs", "".join(_ghost_art(blocks, art) for blocks, art in arts.items()))
        )  # fmt: skip
        handles = []
        for s in pic.spots:
            ax, ay = s.anchor()
            px, py = at(ax, ay)
            chosen = pic.chosen is not None and s.move == pic.chosen.move
            focus = s.move == pic.focus
            handles.append(
                raw_tag(
                    "g",
                    raw_tag("title", esc(s.label))
                    + tag("rect", x=num(px + 4), y=num(py + 4), width=BLOCK - 8,
                          height=BLOCK - 8, rx=6, class_="dp-spot-mark")
                    + tag("rect", x=num(px), y=num(py), width=BLOCK, height=BLOCK,
                          class_="dp-spot-hit"),
                    class_="dp-spot" + (" is-chosen" if chosen else ""),
                    data_act="spot", data_move=s.move, role="button",
                    tabindex="0" if focus else "-1", aria_label=s.label,
                    aria_pressed="true" if chosen else "false",
                    # once a place is chosen the focus goes to Confirm (its tab stop
                    # stays on the chosen place)
                    data_focus="1" if focus and pic.chosen is None else None,
                )
                + _ghost(s, at, "dp-ghost", arts[s.blocks])
            )  # fmt: skip
        out.append(raw_tag("g", "".join(handles), class_="dp-spots"))
    if pic.chosen is not None:
        out.append(_ghost(pic.chosen, at, "dp-chosen"))
    if scale is not None:
        style = "max-width:100%;height:auto"
    elif small:
        style = f"max-width:{num(w * 0.6)}px"
    elif zoom is None:
        lo, hi = fit_range
        if pic.spots or pic.chosen is not None:  # handles to touch: a finger's size
            lo = max(lo, MIN_BLOCK_PX / BLOCK)
        style = f"--dp-w:{w};--dp-h:{h};--dp-lo:{num(lo)};--dp-hi:{num(hi)}"
    else:
        style = f"width:{num(w * zoom)}px;height:{num(h * zoom)}px"
    return raw_tag(
        "svg",
        "".join(out),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {w} {h}",
        class_="dp-beach"
        + (" is-fit" if zoom is None and not small else "")
        + (" is-small" if small else ""),
        style=style,
        width=None if scale is None else num(w * scale),
        height=None if scale is None else num(h * scale),
        role="group" if pic.spots else "img",
        aria_label=title,
        data_rove="grid" if pic.spots else None,
        data_cols=cols,
        data_rows=rows,
    )


def beach_picture(state: Any, beach: int, t: Translate, *, small: bool = False) -> str:
    """Beach ``beach`` of a Día de Playa ``state`` as it stands: an SVG string (every text
    escaped), titled in the catalog's words with its points, the sea along the bottom.
    It needs no stylesheet (colours are attributes) and has its own width and height
    (``small``: about half the size), so it can be shown on any screen.

    ``t`` is the message catalog's translate function (the ``diadeplaya.*`` keys).
    """
    grid = state.grids[beach]
    points = sum(state.points[beach].values()) if state.points else 0
    title = t(
        "diadeplaya.beach.picture",
        count=len(state.laid[beach]),
        points=t("diadeplaya.seat.score", count=points),
    )
    pic = BeachPicture(sea_label=t("diadeplaya.beach.sea"))
    return beach_svg(grid, pic, title=title, small=small, scale=0.45 if small else 0.75)
