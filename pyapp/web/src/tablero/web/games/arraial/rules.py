"""The rules help for Arraial, in Tablero's own words, through the message catalog.

The text is data: a list of sections, each a heading and its paragraphs.  Rulings
(RULINGS.md, Arraial part: what Tablero reconstructs where the Spanish rulebook is
silent, and how it reads each detail an engine must decide) are marked with the
catalog's "Tablero ruling" tag; the reconstructed numbers themselves live in
``tablero.arraial.data``.  One block of the game's own draws the eight shapes.
"""

from __future__ import annotations

from tablero.arraial.data import SHAPE_COLOUR, SHAPES
from tablero.arraial.shapes import cells

from ...plugin import Translate
from ...svg import raw_tag, tag
from .. import rules_help
from ..rules_help import ITEMS, RULING, P
from .look import card_icon
from .style import style_tag

SHAPES_BLOCK = "shapes"

#: (heading key, [(kind, key or keys)]) in reading order; keys under "arraial.rules."
SECTIONS: rules_help.Sections = (
    ("h.goal", ((P, "goal"),)),
    (
        "h.parts",
        (
            (P, "street"),
            (RULING, "ruling.street"),
            (P, "pieces"),
            (SHAPES_BLOCK, "shapes"),
            (RULING, "ruling.shapes"),
            (P, "central"),
            (RULING, "ruling.sides"),
            (RULING, "ruling.cards"),
        ),
    ),
    ("h.setup", ((P, "setup"), (RULING, "ruling.bar_start"), (RULING, "ruling.two_players"))),
    (
        "h.turn",
        (
            (P, "turn"),
            (ITEMS, ("rotate", "place")),
            (P, "minimum"),
            (RULING, "ruling.no_fit"),
        ),
    ),
    (
        "h.place",
        (
            (P, "drop"),
            (P, "slide"),
            (RULING, "ruling.slide"),
            (P, "never"),
            (P, "bar"),
            (RULING, "ruling.above_bar"),
        ),
    ),
    (
        "h.visitors",
        (
            (P, "zone"),
            (P, "pair"),
            (RULING, "ruling.pair"),
            (P, "row"),
            (RULING, "ruling.rows"),
            (RULING, "ruling.run_out"),
        ),
    ),
    (
        "h.turn_end",
        ((P, "refill"), (RULING, "ruling.refill")),
    ),
    (
        "h.phase_end",
        (
            (P, "phase_end"),
            (P, "bar_drop"),
            (RULING, "ruling.overlap"),
            (RULING, "ruling.phase3"),
            (P, "next_phase"),
        ),
    ),
    ("h.scoring", ((P, "scoring"), (RULING, "ruling.tie"))),
    ("h.hidden", ((P, "hidden"), (RULING, "ruling.solo"))),
    ("h.screen", ((P, "screen"),)),
)


def _shapes(t: Translate) -> str:
    """The eight shapes, each on a card in its colour, with its code."""
    items = []
    for shape in SHAPES:
        colour = SHAPE_COLOUR[shape]
        name = t("arraial.shape", shape=shape, colour=t(f"arraial.colour.{colour}"))
        items.append(
            raw_tag(
                "li",
                raw_tag("span", card_icon(cells(shape, 0), colour, 44), role="img",
                        aria_label=name)
                + tag("span", name),
            )
        )  # fmt: skip
    return raw_tag("ul", "".join(items), class_="arl-shapes")


def ruling_keys() -> list[str]:
    """Catalog keys of every ruling paragraph."""
    return rules_help.ruling_keys("arraial", SECTIONS)


def rules_html(t: Translate) -> str:
    """HTML of the Arraial rules help; rulings visibly tagged."""
    return rules_help.rules_html(
        t, "arraial", SECTIONS, css="arl", head=style_tag(), blocks={SHAPES_BLOCK: _shapes}
    )
