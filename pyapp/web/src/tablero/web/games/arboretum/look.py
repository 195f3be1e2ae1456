"""How Arboretum looks: the species (a colour *and* a symbol each), cards, card backs
and a player's arboretum as a garden grid, as SVG.

Pure functions from plain data to SVG text.  A garden is drawn in a ``viewBox`` whose
unit is one CSS pixel at zoom 1: a card is :data:`CARD_W` x :data:`CARD_H` (44 x 60)
units in a cell of :data:`PITCH_X` x :data:`PITCH_Y`.  The garden grows with the
arboretum (its bounding box, plus the empty cells where a card may go when they are
highlighted); the table decides the zoom (see ``table``).

Species are told apart by colour and by a symbol drawn here (never colour alone); the
colours are the Okabe-Ito palette plus a purple, a brown and a grey.

>>> SPECIES_LOOK[5]
('#D55E00', 'maple')
>>> 'data-card="Ma5"' in card_svg(0, 0, 4 + 5 * 8)
True
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tablero.arboretum.cards import CARD_NAMES, species, value
from tablero.arboretum.grid import parse_xy

from ...marks import FALLBACK_COLOURS, LETTERS, colour_class, mark_icon, seat_mark
from ...svg import esc, icon, num, raw_tag, tag

__all__ = [
    "CARD_H",
    "CARD_W",
    "FALLBACK_COLOURS",
    "LETTERS",
    "PITCH_X",
    "PITCH_Y",
    "SPECIES_LOOK",
    "GardenPicture",
    "back_icon",
    "card_icon",
    "card_svg",
    "colour_class",
    "garden_svg",
    "mark_icon",
    "seat_letter",
    "seat_mark",
    "species_icon",
    "symbol",
]

#: Per species (in the engine's order: Ca BS CB Do Ja Ma Oa RP TP Wi): its colour and
#: the name of its symbol.  Neighbours in hue have very different symbols.
SPECIES_LOOK: tuple[tuple[str, str], ...] = (
    ("#F0E442", "sun"),  # Cassia: golden yellow, a round sun
    ("#0072B2", "spruce"),  # Blue Spruce: blue, a conifer
    ("#CC79A7", "blossom"),  # Cherry Blossom: pink, five petals
    ("#7A7A7A", "cross"),  # Dogwood: grey, four bracts
    ("#6A3D9A", "diamond"),  # Jacaranda: purple, a diamond
    ("#D55E00", "maple"),  # Maple: vermilion, a five-pointed leaf
    ("#8C5A2B", "acorn"),  # Oak: brown, an acorn
    ("#E69F00", "flame"),  # Royal Poinciana (flame tree): orange, a flame
    ("#009E73", "tulip"),  # Tulip Poplar: green, a tulip cup
    ("#56B4E9", "moon"),  # Willow: sky blue, a crescent
)

CARD_W = 44
CARD_H = 60
GAP = 8
PITCH_X = CARD_W + GAP
PITCH_Y = CARD_H + GAP
MARGIN = 10


def seat_letter(seat: int) -> str:
    return LETTERS[seat]


# --- symbols ---------------------------------------------------------------------------


def _star(points: int, outer: float, inner: float, turn: float = -90) -> str:
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = math.radians(turn + i * 180 / points)
        pts.append(f"{num(round(r * math.cos(a), 3))} {num(round(r * math.sin(a), 3))}")
    return "M" + " L".join(pts) + " Z"


#: Each symbol drawn in a box from -1 to 1 (y down), as path data.
_SYMBOLS: dict[str, str] = {
    "sun": "M0 -0.8 A0.8 0.8 0 1 1 0 0.8 A0.8 0.8 0 1 1 0 -0.8 Z",
    "spruce": (
        "M0 -1 L0.55 -0.25 L0.3 -0.25 L0.85 0.5 L0.16 0.5 L0.16 1 L-0.16 1 L-0.16 0.5"
        " L-0.85 0.5 L-0.3 -0.25 L-0.55 -0.25 Z"
    ),
    "cross": (
        "M-0.3 -1 L0.3 -1 L0.3 -0.3 L1 -0.3 L1 0.3 L0.3 0.3 L0.3 1 L-0.3 1 L-0.3 0.3"
        " L-1 0.3 L-1 -0.3 L-0.3 -0.3 Z"
    ),
    "diamond": "M0 -1 L0.72 0 L0 1 L-0.72 0 Z",
    "maple": _star(5, 1, 0.45),
    "acorn": (
        "M-0.85 -0.15 Q-0.85 -0.85 0 -0.85 Q0.85 -0.85 0.85 -0.15 Z"
        " M-0.6 -0.05 L0.6 -0.05 Q0.62 0.62 0 1 Q-0.62 0.62 -0.6 -0.05 Z"
        " M-0.1 -0.85 L-0.1 -1 L0.1 -1 L0.1 -0.85 Z"
    ),
    "flame": (
        "M0 -1 Q0.25 -0.45 0.7 -0.05 Q1 0.85 0 1 Q-1 0.85 -0.75 0.05 Q-0.55 -0.3"
        " -0.3 -0.05 Q-0.35 -0.6 0 -1 Z"
    ),
    "tulip": (
        "M-0.85 -0.8 L-0.4 -0.35 L0 -0.95 L0.4 -0.35 L0.85 -0.8 L0.75 0.25 Q0.6 0.85"
        " 0 0.85 Q-0.6 0.85 -0.75 0.25 Z"
    ),
    "moon": "M0.25 -0.95 A0.95 0.95 0 1 0 0.25 0.95 A0.72 0.72 0 1 1 0.25 -0.95 Z",
}


def _blossom() -> str:
    """Five round petals around a centre, as one path (the centre is a hole)."""
    parts = []
    for i in range(5):
        a = math.radians(-90 + i * 72)
        cx, cy, r = 0.52 * math.cos(a), 0.52 * math.sin(a), 0.42
        parts.append(
            f"M{num(round(cx - r, 3))} {num(round(cy, 3))} "
            f"A{num(r)} {num(r)} 0 1 0 {num(round(cx + r, 3))} {num(round(cy, 3))} "
            f"A{num(r)} {num(r)} 0 1 0 {num(round(cx - r, 3))} {num(round(cy, 3))} Z"
        )
    return " ".join(parts)


_SYMBOLS["blossom"] = _blossom()


def symbol(s: int, cx: float, cy: float, r: float, extra_class: str = "") -> str:
    """Species ``s``'s symbol centred on ``cx, cy`` with radius ``r``, filled with the
    species colour and outlined in dark ink."""
    kind = SPECIES_LOOK[s][1]
    cls = f"arb-sym arb-sp{s}" + (f" {extra_class}" if extra_class else "")
    return tag(
        "path",
        d=_SYMBOLS[kind],
        transform=f"translate({num(cx)} {num(cy)}) scale({num(r)})",
        class_=cls,
        vector_effect="non-scaling-stroke",
        fill_rule="nonzero",
    )


def species_icon(s: int, size: int = 20) -> str:
    """A species' symbol as a small standalone SVG (for HTML: tables, lists)."""
    return icon(symbol(s, 12, 12, 10), size, "arb-icon")


# --- cards -----------------------------------------------------------------------------


def card_svg(
    x: float,
    y: float,
    c: int,
    *,
    w: float = CARD_W,
    h: float = CARD_H,
    extra_class: str = "",
    label: str | None = None,
    cell: str | None = None,
    anim: Mapping[str, str] | None = None,
) -> str:
    """Card ``c`` with its top-left corner at ``x, y``: a frame in the species colour,
    the value large at the top and in the lower corner, the species symbol below;
    ``anim``: its move's animation (:func:`tablero.web.widgets.motion`'s attributes)."""
    s, v = species(c), value(c)
    cls = f"arb-card arb-sp{s}" + (f" {extra_class}" if extra_class else "")
    k = w / CARD_W
    body = (
        (tag("title", label) if label else "")
        + tag("rect", x=num(x), y=num(y), width=num(w), height=num(h), rx=num(5 * k),
              class_="arb-card-frame")
        + tag("rect", x=num(x + 3.5 * k), y=num(y + 3.5 * k), width=num(w - 7 * k),
              height=num(h - 7 * k), rx=num(3 * k), class_="arb-card-face")
        + tag("text", v, x=num(x + w / 2), y=num(y + 24 * k), class_="arb-card-value",
              font_size=num(20 * k))
        + symbol(s, x + w / 2, y + 41 * k, 11 * k)
    )  # fmt: skip
    return raw_tag(
        "g", body, class_=cls, data_card=CARD_NAMES[c], data_card_cell=cell, data_value=v,
        **(anim or {}),
    )  # fmt: skip


def card_back(x: float, y: float, w: float = CARD_W, h: float = CARD_H) -> str:
    """The back of a card: leafy green with a pale tree."""
    k = w / CARD_W
    tree = (
        tag("circle", cx=num(x + w / 2), cy=num(y + h * 0.42), r=num(11 * k),
            class_="arb-back-tree")
        + tag("rect", x=num(x + w / 2 - 2 * k), y=num(y + h * 0.42), width=num(4 * k),
              height=num(16 * k), class_="arb-back-tree")
    )  # fmt: skip
    return raw_tag(
        "g",
        tag("rect", x=num(x), y=num(y), width=num(w), height=num(h), rx=num(5 * k),
            class_="arb-back")
        + tag("rect", x=num(x + 4 * k), y=num(y + 4 * k), width=num(w - 8 * k),
              height=num(h - 8 * k), rx=num(3 * k), class_="arb-back-inner")
        + tree,
        class_="arb-cardback",
    )  # fmt: skip


#: A card's icon: the card with a unit of margin all round.
_CARD_VIEW = (CARD_W + 2, CARD_H + 2)


def card_icon(c: int, width: int = 44, label: str | None = None) -> str:
    """A card as a standalone SVG ``width`` px wide (hand, piles, chips)."""
    return icon(card_svg(1, 1, c, label=label), width, "arb-icon arb-card-icon", view=_CARD_VIEW)


def back_icon(width: int = 44) -> str:
    return icon(card_back(1, 1), width, "arb-icon arb-card-icon", view=_CARD_VIEW)


# --- the garden ------------------------------------------------------------------------


@dataclass
class GardenPicture:
    """What to draw on a garden besides its cards."""

    #: cell name -> aria label, for the highlighted empty cells a card may go to
    targets: dict[str, str] = field(default_factory=dict)
    #: the chosen cell and the card shown there before it is confirmed
    chosen: str | None = None
    chosen_card: int | None = None
    #: paths to draw: (species, cell names lowest first); drawn in this order
    paths: list[tuple[int, list[str]]] = field(default_factory=list)
    #: dim the cards on no drawn path (the end screen)
    dim_others: bool = False
    #: cells drawn on by the last move (a soft ring)
    fresh: str | None = None
    #: cells the other players planted since the viewer's last move (marked until then)
    recent: Sequence[str] = ()
    #: cell name -> where it is in words ("2 right, 1 up"), added to each card's label
    where: Mapping[str, str] = field(default_factory=dict)
    #: the target cell that takes the keyboard focus when the decision starts
    focus: str | None = None
    #: cell name -> its card's animation, for the cards the recent moves planted
    #: (:func:`tablero.web.widgets.motion`'s attributes)
    motion: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    #: a step of the end sequence: the cells that score in it, each card ringed
    #: (``tb-step-on``), every other card dimmed (``tb-step-off``); ``None``: no step
    lit: Sequence[str] | None = None


def _bounds(cells: Sequence[tuple[int, int]]) -> tuple[int, int, int, int]:
    xs = [x for x, _ in cells] or [0]
    ys = [y for _, y in cells] or [0]
    return min(xs), max(xs), min(ys), max(ys)


def garden_svg(
    arb: Mapping[str, int],
    pic: GardenPicture,
    *,
    title: str,
    card_label: Mapping[int, str] | None = None,
    empty_label: str = "",
    zoom: float | None = None,
    min_card_px: int = 32,
) -> tuple[str, int, int]:
    """A player's arboretum (``{"x,y": card}``) as an SVG grid of cards, and the size
    of its ``viewBox`` (width, height) in units (pixels at zoom 1).

    ``zoom`` ``None`` fits the garden to its container's width, never drawing a card
    narrower than ``min_card_px``; a number draws it at that scale (the container
    scrolls to pan)."""
    card_label = card_label or {}
    placed = {parse_xy(name): c for name, c in arb.items()}
    targets = {parse_xy(name): (name, lab) for name, lab in pic.targets.items()}
    all_cells = list(placed) + list(targets) or [(0, 0)]
    x0, x1, y0, y1 = _bounds(all_cells)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    w = cols * PITCH_X - GAP + 2 * MARGIN
    h = rows * PITCH_Y - GAP + 2 * MARGIN

    def at(x: int, y: int) -> tuple[float, float]:
        return MARGIN + (x - x0) * PITCH_X, MARGIN + (y - y0) * PITCH_Y

    out = [tag("title", title), tag("rect", x=0, y=0, width=w, height=h, rx=10, class_="arb-lawn")]
    # the garden beds: a soft rounded bed under every cell of the grid
    beds = []
    for gy in range(y0, y1 + 1):
        for gx in range(x0, x1 + 1):
            px, py = at(gx, gy)
            beds.append(
                tag("rect", x=num(px - 2), y=num(py - 2), width=CARD_W + 4, height=CARD_H + 4,
                    rx=8, class_="arb-bed")
            )  # fmt: skip
    out.append(raw_tag("g", "".join(beds), aria_hidden="true"))
    if not placed and not targets:
        px, py = at(0, 0)
        out.append(
            tag("rect", x=num(px), y=num(py), width=CARD_W, height=CARD_H, rx=6,
                class_="arb-empty-spot")
        )  # fmt: skip
        if empty_label:
            out.append(tag("title", empty_label))
    on_path = {name for _, cells in pic.paths for name in cells}
    for (x, y), c in sorted(placed.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        px, py = at(x, y)
        name = f"{x},{y}"
        extra = "is-dim" if pic.dim_others and name not in on_path else ""
        if name == pic.fresh:
            extra += " is-fresh"
        if pic.lit is not None and name not in pic.lit:
            extra += " tb-step-off"
        label = card_label.get(c)
        if label and name in pic.where:
            label = f"{label}, {pic.where[name]}"
        out.append(card_svg(px, py, c, extra_class=extra.strip(), label=label, cell=name,
                            anim=pic.motion.get(name)))  # fmt: skip
        if pic.lit is not None and name in pic.lit:
            out.append(
                tag("rect", x=num(px - 3), y=num(py - 3), width=CARD_W + 6, height=CARD_H + 6,
                    rx=8, fill="none", class_="tb-step-on", data_step_cell=name)
            )  # fmt: skip
        if name in pic.recent:
            out.append(
                tag("rect", x=num(px - 4), y=num(py - 4), width=CARD_W + 8, height=CARD_H + 8,
                    rx=9, class_="tb-recent", data_recent_cell=name)
            )  # fmt: skip
    for (x, y), (name, lab) in sorted(targets.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        px, py = at(x, y)
        chosen = name == pic.chosen
        body = tag(
            "rect", x=num(px), y=num(py), width=CARD_W, height=CARD_H, rx=6,
            class_="arb-target" + (" is-chosen" if chosen else ""),
        )  # fmt: skip
        if chosen and pic.chosen_card is not None:
            body += card_svg(px, py, pic.chosen_card, extra_class="is-ghost")
            body += tag(
                "rect", x=num(px - 3), y=num(py - 3), width=CARD_W + 6, height=CARD_H + 6,
                rx=8, class_="arb-chosen-ring",
            )  # fmt: skip
        else:
            body += tag("text", "+", x=num(px + CARD_W / 2), y=num(py + CARD_H / 2 + 8),
                        class_="arb-target-plus", aria_hidden="true")  # fmt: skip
        out.append(
            raw_tag(
                "g", raw_tag("title", esc(lab)) + body, class_="arb-click", data_act="cell",
                data_cell=name, role="button", tabindex="0" if name == pic.focus else "-1",
                aria_label=lab, aria_pressed="true" if chosen else None,
                data_focus="1" if name == pic.focus else None,
            )
        )  # fmt: skip
    # the paths: a line through the cards' centres, offset a little per path so that
    # paths sharing cards stay apart, with a dot at the start and an arrow at the end
    for k, (s, cells) in enumerate(pic.paths):
        if len(cells) < 2:
            continue
        off = ((k % 5) - 2) * 4
        pts = []
        for name in cells:
            x, y = parse_xy(name)
            px, py = at(x, y)
            pts.append((px + CARD_W / 2 + off, py + CARD_H / 2 + off))
        line = " ".join(f"{num(a)},{num(b)}" for a, b in pts)
        (ax, ay), (bx, by) = pts[-2], pts[-1]
        ang = math.degrees(math.atan2(by - ay, bx - ax))
        arrow = tag(
            "path", d="M2 0 L-8 -6 L-8 6 Z", transform=f"translate({num(bx)} {num(by)}) "
            f"rotate({num(round(ang, 1))})", class_=f"arb-path-end arb-sp{s}",
        )  # fmt: skip
        out.append(
            raw_tag(
                "g",
                tag("polyline", points=line, class_="arb-path-halo")
                + tag("polyline", points=line, class_=f"arb-path-line arb-sp{s}")
                + tag("circle", cx=num(pts[0][0]), cy=num(pts[0][1]), r=4.5,
                      class_=f"arb-path-start arb-sp{s}")
                + arrow,
                class_="arb-path", data_path_species=s, data_path=" ".join(cells),
                style=f"--arb-delay:{num(k * 0.5)}s",
            )
        )  # fmt: skip
    if zoom is None:
        scale = min_card_px / CARD_W
        style = (
            f"max-width:{num(w * 1.25)}px;max-height:{num(h * 1.25)}px;"
            f"min-width:{num(w * scale)}px;min-height:{num(h * scale)}px"
        )
    else:
        style = f"width:{num(w * zoom)}px;height:{num(h * zoom)}px"
    svg = raw_tag(
        "svg",
        "".join(out),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {w} {h}",
        class_="arb-garden" + (" is-fit" if zoom is None else ""),
        style=style,
        role="group",
        aria_label=title,
        data_rove="grid",
    )
    return svg, w, h
