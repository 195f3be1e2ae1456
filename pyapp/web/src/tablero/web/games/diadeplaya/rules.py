"""The rules help for Día de Playa, in Tablero's own words, through the message catalog.

The text is data: a list of sections, each a heading and its paragraphs.  Rulings
(``tablero.diadeplaya.data.RULINGS``, explained in docs/rulings/diadeplaya.md: the deck
is Tablero's own design, and how each rule is read where the rulebook leaves it open)
are marked with the catalog's "Tablero ruling" tag, one paragraph each, in the order of
``RULINGS``.  One block of the game's own draws the kinds of block.
"""

from __future__ import annotations

from tablero.diadeplaya.data import LIFEGUARD, LITTER, SAND, STALL, SURFER, TOURIST, UMBRELLA

from ...plugin import Translate
from ...svg import raw_tag, tag
from .. import rules_help
from ..rules_help import ITEMS, RULING, P
from .look import BLOCK, KINDS, block_art
from .style import style_tag

BLOCKS_BLOCK = "blocks"

#: (heading key, [(kind, key or keys)]) in reading order; keys under "diadeplaya.rules."
SECTIONS: rules_help.Sections = (
    ("h.goal", ((P, "goal"),)),
    (
        "h.parts",
        (
            (P, "cards"),
            (BLOCKS_BLOCK, "blocks"),
            (RULING, "ruling.deck"),
            (P, "sea"),
            (RULING, "ruling.sea"),
        ),
    ),
    (
        "h.modes",
        (
            (ITEMS, ("mode.competitive", "mode.teams", "mode.cooperative", "mode.solitaire")),
            (RULING, "ruling.teams"),
            (RULING, "ruling.shared"),
            (RULING, "ruling.solitaire"),
        ),
    ),
    (
        "h.setup",
        (
            (P, "setup"),
            (RULING, "ruling.hidden"),
            (RULING, "ruling.first"),
            (RULING, "ruling.start"),
        ),
    ),
    (
        "h.turn",
        (
            (P, "take"),
            (RULING, "ruling.deal"),
            (RULING, "ruling.shrink"),
            (P, "place"),
            (RULING, "ruling.cover"),
        ),
    ),
    (
        "h.scoring",
        (
            (P, "scoring"),
            (
                ITEMS,
                (
                    "score.surfers",
                    "score.tourists",
                    "score.litter",
                    "score.trios",
                    "score.umbrellas",
                    "score.sand",
                    "score.stalls",
                ),
            ),  # fmt: skip
            (RULING, "ruling.tourists"),
            (RULING, "ruling.trios"),
            (RULING, "ruling.umbrellas"),
            (RULING, "ruling.sand"),
            (RULING, "ruling.stalls"),
            (RULING, "ruling.criteria"),
        ),
    ),
    ("h.end", ((P, "end"), (P, "beaches"), (RULING, "ruling.ties"))),
    ("h.screen", ((P, "screen"), (P, "screen_keys"))),
)


def _blocks(t: Translate) -> str:
    """Each kind of block as the beach draws it, with its name."""
    items = []
    examples = (SAND << 2, SURFER << 2 | 2, TOURIST << 2 | 1, LIFEGUARD << 2, UMBRELLA << 2,
                STALL << 2, LITTER << 2)  # fmt: skip
    for block in examples:
        name = t(f"diadeplaya.kind.{KINDS[block >> 2]}")
        art = raw_tag("svg", block_art(block, 0, 0), viewBox=f"0 0 {BLOCK} {BLOCK}", width=40,
                      height=40, aria_hidden="true", focusable="false")  # fmt: skip
        items.append(raw_tag("li", art + tag("span", name)))
    return raw_tag("ul", "".join(items), class_="dp-kinds")


def ruling_keys() -> list[str]:
    """Catalog keys of every ruling paragraph."""
    return rules_help.ruling_keys("diadeplaya", SECTIONS)


def rules_html(t: Translate) -> str:
    """HTML of the Día de Playa rules help; rulings visibly tagged."""
    return rules_help.rules_html(
        t, "diadeplaya", SECTIONS, css="dp", head=style_tag(), blocks={BLOCKS_BLOCK: _blocks}
    )
