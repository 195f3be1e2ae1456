"""The rules help for Arribada, in Tablero's own words, through the message catalog.

The text is data: a list of sections, each a heading and its paragraphs.  Rulings
(how Tablero reads what the rulebook leaves open: ``tablero.arribada.data.RULINGS``,
explained in docs/rulings/arribada.md) are marked with the catalog's "Tablero ruling"
tag, one paragraph ``ruling.<name>`` each, in the order of ``RULINGS``.
"""

from __future__ import annotations

from ...plugin import Translate
from .. import rules_help
from ..rules_help import ITEMS, RULING, P
from .style import style_tag

#: (heading key, [(kind, key or keys)]) in reading order; keys under "arribada.rules."
SECTIONS: rules_help.Sections = (
    ("h.goal", ((P, "goal"),)),
    (
        "h.board",
        (
            (P, "board"),
            (P, "board_sizes"),
            (P, "display"),
            (P, "adjacent"),
            (RULING, "ruling.boards"),
        ),
    ),
    ("h.setup", ((P, "setup"), (RULING, "ruling.components"), (RULING, "ruling.first"))),
    (
        "h.turn",
        (
            (P, "turn"),
            (ITEMS, ("place", "strength", "claim", "capture")),
            (RULING, "ruling.spawn"),
            (RULING, "ruling.claim"),
            (RULING, "ruling.capture"),
            (P, "extra"),
            (RULING, "ruling.extra"),
            (RULING, "ruling.pass"),
        ),
    ),
    ("h.draw", ((P, "draw"), (RULING, "ruling.draw"))),
    ("h.refresh", ((P, "refresh"), (RULING, "ruling.refresh"))),
    (
        "h.scoring",
        (
            (P, "group"),
            (ITEMS, ("sequence", "set", "both", "wild")),
            (RULING, "ruling.sequence"),
            (RULING, "ruling.set"),
            (P, "track"),
            (RULING, "ruling.negative"),
        ),
    ),
    (
        "h.end",
        (
            (P, "end"),
            (RULING, "ruling.end"),
            (P, "stranded"),
            (RULING, "ruling.stranded"),
            (P, "majority34"),
            (RULING, "ruling.majority34"),
            (P, "majority2"),
            (RULING, "ruling.majority2"),
            (P, "winner"),
            (RULING, "ruling.tie"),
        ),
    ),
    ("h.variant", ((P, "variant"),)),
    ("h.hidden", ((P, "hidden"), (RULING, "ruling.hidden"))),
    ("h.screen", ((P, "screen"),)),
)


def ruling_keys() -> list[str]:
    """Catalog keys of every ruling paragraph."""
    return rules_help.ruling_keys("arribada", SECTIONS)


def rules_html(t: Translate) -> str:
    """HTML of the Arribada rules help; rulings visibly tagged."""
    return rules_help.rules_html(t, "arribada", SECTIONS, css="arr", head=style_tag())
