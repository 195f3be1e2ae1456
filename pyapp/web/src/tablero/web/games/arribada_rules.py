"""The rules help for Arribada, in Tablero's own words, through the message catalog.

The text is data: a list of sections, each a heading and its paragraphs.  Rulings
(RULINGS.md, Arribada part: how Tablero reads what the rulebook leaves open) are
marked with the catalog's "Tablero ruling" tag.
"""

from __future__ import annotations

from ..plugin import Translate
from ..svg import esc, raw_tag, tag
from .arribada_style import style_tag

P, RULING, ITEMS = "p", "ruling", "items"

#: (heading key, [(kind, key or keys)]) in reading order; keys under "arribada.rules."
SECTIONS: tuple[tuple[str, tuple[tuple[str, str | tuple[str, ...]], ...]], ...] = (
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
    ("h.setup", ((P, "setup"), (RULING, "ruling.first"))),
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
        ),
    ),
    ("h.variant", ((P, "variant"),)),
    ("h.hidden", ((P, "hidden"), (RULING, "ruling.hidden"))),
    ("h.screen", ((P, "screen"),)),
)


def ruling_keys() -> list[str]:
    """Catalog keys of every ruling paragraph."""
    return [
        f"arribada.rules.{key}"
        for _, items in SECTIONS
        for kind, key in items
        if kind == RULING and isinstance(key, str)
    ]


def rules_html(t: Translate) -> str:
    """HTML of the Arribada rules help; rulings visibly tagged."""

    def k(key: str) -> str:
        return t(f"arribada.rules.{key}")

    out = [style_tag(), tag("h2", k("title"))]
    for heading, items in SECTIONS:
        out.append(tag("h3", k(heading)))
        for kind, key in items:
            if kind == P:
                out.append(tag("p", k(key)))  # type: ignore[arg-type]
            elif kind == ITEMS:
                out.append(raw_tag("ul", "".join(tag("li", k(x)) for x in key)))
            else:
                out.append(
                    raw_tag(
                        "p",
                        tag("span", t("arribada.rules.ruling_tag"), class_="arr-ruling-tag")
                        + esc(k(key)),  # type: ignore[arg-type]
                        class_="arr-ruling",
                        data_ruling=key,
                    )
                )
    return raw_tag("article", "".join(out), class_="arr-rules", data_game="arribada")
