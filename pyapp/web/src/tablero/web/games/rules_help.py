"""Rendering a game's rules help from data: sections of catalog keys, rulings tagged.

A game's rules module lists its text as ``SECTIONS``: ``(heading key, items)`` in reading
order, each item ``(kind, key)``: a paragraph (``P``), a Tablero ruling (``RULING``,
shown with the catalog's "Tablero ruling" tag: how Tablero reads what the rulebook leaves
open, RULINGS.md), a bulleted list (``ITEMS``, a tuple of keys), or a block of the
game's own (any other kind, rendered by a function the game passes in ``blocks``).  All
keys are relative to ``<game>.rules.``; ``params`` fills their placeholders (a game whose
rulings name numbers from its data passes them, so the help follows the data).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..plugin import Translate
from ..svg import esc, raw_tag, tag

P, RULING, ITEMS = "p", "ruling", "items"

Item = tuple[str, "str | tuple[str, ...]"]
Sections = tuple[tuple[str, tuple[Item, ...]], ...]


def ruling_keys(game: str, sections: Sections) -> list[str]:
    """Catalog keys of every ruling paragraph."""
    return [
        f"{game}.rules.{key}"
        for _, items in sections
        for kind, key in items
        if kind == RULING and isinstance(key, str)
    ]


def _one(key: str | tuple[str, ...]) -> str:
    """The key of a paragraph or a ruling (one key, not a list's keys)."""
    if not isinstance(key, str):
        raise TypeError(f"a paragraph or a ruling has one catalog key, not {key!r}")
    return key


def rules_html(
    t: Translate,
    game: str,
    sections: Sections,
    *,
    css: str,
    head: str = "",
    blocks: Mapping[str, Callable[[Translate], str]] | None = None,
    params: Mapping[str, object] | None = None,
) -> str:
    """The rules help of ``game`` as an ``<article>``; ``css`` prefixes the classes,
    ``head`` (trusted markup, e.g. the game's style tag) goes first."""

    values = dict(params or {})

    def k(key: str) -> str:
        return t(f"{game}.rules.{key}", **values)

    out = [head, tag("h2", k("title"))]
    for heading, items in sections:
        out.append(tag("h3", k(heading)))
        for kind, key in items:
            if kind == P:
                out.append(tag("p", k(_one(key))))
            elif kind == ITEMS:
                out.append(raw_tag("ul", "".join(tag("li", k(x)) for x in key)))
            elif kind == RULING:
                out.append(
                    raw_tag(
                        "p",
                        tag("span", t(f"{game}.rules.ruling_tag"), class_=f"{css}-ruling-tag")
                        + esc(k(_one(key))),
                        class_=f"{css}-ruling",
                        data_ruling=key,
                    )
                )
            else:
                out.append((blocks or {})[kind](t))
    return raw_tag("article", "".join(out), class_=f"{css}-rules", data_game=game)
