"""The rules help for Arboretum, in Tablero's own words, through the message catalog.

The text is data: a list of sections, each a heading and its paragraphs.  Rulings
(RULINGS.md, Arboretum part: how Tablero reads what the rulebook leaves open) are
marked with the catalog's "Tablero ruling" tag.  A legend shows every species with
its colour and symbol.
"""

from __future__ import annotations

from tablero.arboretum.data import CODES

from ...plugin import Translate
from ...svg import raw_tag, tag
from .. import rules_help
from ..rules_help import ITEMS, RULING, P
from .look import card_icon
from .style import style_tag

LEGEND = "legend"  # the species legend, a block of this game's own

#: (heading key, [(kind, key or keys)]) in reading order; keys under "arboretum.rules."
SECTIONS: rules_help.Sections = (
    ("h.goal", ((P, "goal"),)),
    ("h.cards", ((P, "cards"), (LEGEND, ""), (RULING, "ruling.species"))),
    ("h.setup", ((P, "setup"), (RULING, "ruling.first"))),
    (
        "h.turn",
        (
            (P, "turn"),
            (ITEMS, ("draw", "play", "discard")),
            (RULING, "ruling.draw"),
            (RULING, "ruling.place"),
        ),
    ),
    ("h.end", ((P, "end"), (RULING, "ruling.end"))),
    (
        "h.right",
        ((P, "right"), (RULING, "ruling.tie"), (P, "eight"), (RULING, "ruling.eight")),
    ),
    (
        "h.paths",
        (
            (P, "path"),
            (ITEMS, ("per_card", "same", "start1", "end8")),
            (RULING, "ruling.path"),
            (RULING, "ruling.best"),
        ),
    ),
    ("h.winner", ((P, "winner"), (RULING, "ruling.winner"))),
    ("h.hidden", ((P, "hidden"), (RULING, "ruling.hidden"))),
    ("h.screen", ((P, "screen"),)),
)


def ruling_keys() -> list[str]:
    """Catalog keys of every ruling paragraph."""
    return rules_help.ruling_keys("arboretum", SECTIONS)


def _legend(t: Translate) -> str:
    items = "".join(
        raw_tag(
            "li",
            card_icon(s * 8 + 4, 32) + tag("span", f"{t(f'arboretum.species.{code}')} ({code})"),
            data_legend=code,
        )
        for s, code in enumerate(CODES)
    )
    return raw_tag("ul", items, class_="arb-legend")


def rules_html(t: Translate) -> str:
    """HTML of the Arboretum rules help; rulings visibly tagged."""
    return rules_help.rules_html(
        t, "arboretum", SECTIONS, css="arb", head=style_tag(), blocks={LEGEND: _legend}
    )
