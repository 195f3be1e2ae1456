"""The rules help for Arboretum, in Tablero's own words, through the message catalog.

The text is data: a list of sections, each a heading and its paragraphs.  Rulings
(RULINGS.md, Arboretum part: how Tablero reads what the rulebook leaves open) are
marked with the catalog's "Tablero ruling" tag.  A legend shows every species with
its colour and symbol.
"""

from __future__ import annotations

from tablero.arboretum.data import CODES

from ..plugin import Translate
from ..svg import esc, raw_tag, tag
from .arboretum_look import card_icon
from .arboretum_style import style_tag

P, RULING, ITEMS, LEGEND = "p", "ruling", "items", "legend"

#: (heading key, [(kind, key or keys)]) in reading order; keys under "arboretum.rules."
SECTIONS: tuple[tuple[str, tuple[tuple[str, str | tuple[str, ...]], ...]], ...] = (
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
            (P, "best"),
        ),
    ),
    ("h.winner", ((P, "winner"), (RULING, "ruling.winner"))),
    ("h.hidden", ((P, "hidden"), (RULING, "ruling.hidden"))),
    ("h.screen", ((P, "screen"),)),
)


def ruling_keys() -> list[str]:
    """Catalog keys of every ruling paragraph."""
    return [
        f"arboretum.rules.{key}"
        for _, items in SECTIONS
        for kind, key in items
        if kind == RULING and isinstance(key, str)
    ]


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

    def k(key: str) -> str:
        return t(f"arboretum.rules.{key}")

    out = [style_tag(), tag("h2", k("title"))]
    for heading, items in SECTIONS:
        out.append(tag("h3", k(heading)))
        for kind, key in items:
            if kind == P:
                out.append(tag("p", k(key)))  # type: ignore[arg-type]
            elif kind == ITEMS:
                out.append(raw_tag("ul", "".join(tag("li", k(x)) for x in key)))
            elif kind == LEGEND:
                out.append(_legend(t))
            else:
                out.append(
                    raw_tag(
                        "p",
                        tag("span", t("arboretum.rules.ruling_tag"), class_="arb-ruling-tag")
                        + esc(k(key)),  # type: ignore[arg-type]
                        class_="arb-ruling",
                        data_ruling=key,
                    )
                )
    return raw_tag("article", "".join(out), class_="arb-rules", data_game="arboretum")
