"""The pieces of CSS every game's stylesheet writes alike, as builders of text.

A game's stylesheet (``games/<game>/style.py``) is shipped inside the rendered HTML (one
``<style>``, :func:`style_tag`).  Every rule is scoped to the game's markup: its selectors
start with the game's :func:`scope`, ``[data-game="<game>"]``, the attribute of the
table's, the end screen's and the rules help's root element, written ``&`` in the game's
text (as in CSS nesting: ``&.arb-table`` is that element, ``& .arb-card`` an element
inside it) and replaced at the end (:func:`scoped`); its classes start with the game's
``prefix`` (``arb``, ``arl``; the seat marks of :mod:`tablero.web.marks` keep their
``.arr-mark`` / ``.arr-c<n>`` classes and get their rules in every game's sheet too).  Seat
colours come from the app's ``--seat-<n>`` custom properties.  The
builders here return such text, one rule a line (a long rule goes on over a line that
starts with a space), ready to be put in the game's text where the rules stand: the seat
colours (:func:`seat_colours`), the seat marks' rules (:data:`MARKS`), the end screen's headline and
tables (:func:`end_headline`, :func:`end_table`), the score chart and its legend
(:func:`chart`, :func:`legend`), the rules help's text and rulings (:func:`rules_help`:
:func:`rules_text`, :func:`ruling`) and its pictures with captions (:func:`gallery`).
What differs between the games (colours) is a parameter; the rest is written once here.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "MARKS",
    "chart",
    "end_headline",
    "end_table",
    "gallery",
    "legend",
    "rules_help",
    "rules_text",
    "ruling",
    "scope",
    "scoped",
    "seat_colours",
    "seat_head",
    "style_tag",
]

#: The seat marks of :mod:`tablero.web.marks` (their ``.arr-mark`` classes are every
#: game's).
MARKS = """& .arr-mark{fill:var(--c);stroke:#1b1b1b;stroke-width:1}
& .arr-mark-letter{fill:#fff;stroke:#1b1b1b;stroke-width:1.5px;paint-order:stroke;
 font-weight:700;text-anchor:middle;font-family:system-ui,sans-serif}
"""


def seat_colours(fallbacks: Sequence[str]) -> str:
    """Each seat's colour ``--c`` (class ``.arr-c<n>``): the app's ``--seat-<n>``, else
    the game's fallback.

    >>> seat_colours(["#111", "#222"])
    '& .arr-c0{--c:var(--seat-0,#111)}& .arr-c1{--c:var(--seat-1,#222)}'
    """
    return "".join(f"& .arr-c{i}{{--c:var(--seat-{i},{c})}}" for i, c in enumerate(fallbacks))


def seat_head(prefix: str, you: str, *, push_flag: bool = True) -> str:
    """The head of a seat in the strip (:func:`tablero.web.widgets.seat_item`): the name
    cut short with an ellipsis, the viewer's tag in ``you``'s colour, the flag of the seat
    to play in the seat's colour (pushed to the end of its line, unless not
    ``push_flag``)."""
    push = "margin-left:auto;" if push_flag else ""
    return (
        f"& .{prefix}-seat-head{{display:flex;align-items:center;gap:.35rem;min-width:0}}\n"
        f"& .{prefix}-seat-name{{font-weight:700;overflow:hidden;text-overflow:ellipsis;"
        "white-space:nowrap;\n min-width:0}\n"
        f"& .{prefix}-seat-you{{flex:none;white-space:nowrap;font-size:.85rem;color:{you}}}\n"
        f"& .{prefix}-turn-flag{{{push}flex:none;font-size:.8rem;font-weight:700;"
        "white-space:nowrap;\n background:var(--c);color:#fff;border-radius:1rem;"
        "padding:0 .45rem;text-shadow:0 0 2px #000}\n"
    )


def end_headline(prefix: str) -> str:
    """The end screen's headings and its winners' line (:func:`tablero.web.widgets.winner_line`)."""
    return (
        f"&.{prefix}-end h2{{margin:.2rem 0}}\n"
        f"& .{prefix}-winner{{font-size:1.3rem;font-weight:800;display:flex;align-items:center;"
        "gap:.4rem;\n flex-wrap:wrap}\n"
    )


def end_table(prefix: str, border: str, *, top: bool = True) -> str:
    """The end screen's tables: cells ruled in ``border`` (set at the ``top`` of their
    row, unless not), numbers to the right."""
    align = ";\n vertical-align:top}" if top else "}"
    return (
        f"&.{prefix}-end table{{border-collapse:collapse}}\n"
        f"&.{prefix}-end th,&.{prefix}-end td{{padding:.25rem .5rem;border-bottom:1px solid "
        f"{border};text-align:left{align}\n"
        f"&.{prefix}-end td.{prefix}-num,&.{prefix}-end th.{prefix}-num{{text-align:right}}\n"
    )


def chart(prefix: str, *, axis: str, grid: str, text: str, final: str | None = None) -> str:
    """The rules of the score chart (:func:`tablero.web.widgets.score_chart`) in the
    game's colours (its ``axis`` and ``grid`` lines, its ``text``, and the fill of its
    final column's band: ``final``, none without it), then its :func:`legend`."""
    out = (
        f"& .{prefix}-chart{{width:100%;max-width:640px;height:auto;display:block}}\n"
        f"& .{prefix}-chart-line{{fill:none;stroke:var(--c);stroke-width:2.5}}\n"
        f"& .{prefix}-chart-axis{{stroke:{axis};stroke-width:1}}\n"
        f"& .{prefix}-chart-grid{{stroke:{grid};stroke-width:1}}\n"
        f"& .{prefix}-chart-text{{font:11px system-ui,sans-serif;fill:{text}}}\n"
    )
    if final is not None:
        out += f"& .{prefix}-chart-final{{fill:{final}}}\n"
    return out + legend(prefix)


def legend(prefix: str, gap: str = ".4rem 1rem") -> str:
    """The rules of the chart's legend: a wrapping row of marks with their names, ``gap``
    apart (rows, then columns)."""
    return (
        f"& .{prefix}-legend{{display:flex;flex-wrap:wrap;gap:{gap};list-style:none;"
        "padding:0;margin:.3rem 0}\n"
        f"& .{prefix}-legend li{{display:flex;align-items:center;gap:.3rem}}\n"
    )


def rules_text(prefix: str) -> str:
    """The rules help's root as a block of text: its headings and paragraphs."""
    return (
        f"&.{prefix}-rules{{display:block}}\n"
        f"&.{prefix}-rules h3{{margin:.8rem 0 .2rem}}\n"
        f"&.{prefix}-rules p,&.{prefix}-rules li{{line-height:1.45}}\n"
    )


def ruling(prefix: str, ink: str, paper: str) -> str:
    """The rules help's rulings: a block with a bar of ``ink`` on ``paper``, and its tag
    (white on ``ink``)."""
    return (
        f"& .{prefix}-ruling{{border-left:4px solid {ink};background:{paper};"
        "padding:.2rem .6rem;margin:.3rem 0}\n"
        f"& .{prefix}-ruling-tag{{display:inline-block;font-size:.78rem;font-weight:800;"
        "color:#fff;\n"
        f" background:{ink};border-radius:1rem;padding:0 .5rem;margin-right:.4rem}}\n"
    )


def rules_help(prefix: str, ink: str, paper: str, between: str = "") -> str:
    """The rules help's rules: :func:`rules_text`, the game's own rules ``between``, then
    the :func:`ruling` in ``ink`` on ``paper``."""
    return rules_text(prefix) + between + ruling(prefix, ink, paper)


def gallery(prefix: str, cls: str, gap: str) -> str:
    """The rules help's row of pictures, each with its caption below (a list of class
    ``<prefix>-<cls>``), ``gap`` apart."""
    return (
        f"& .{prefix}-{cls}{{display:flex;flex-wrap:wrap;gap:{gap};list-style:none;padding:0}}\n"
        f"& .{prefix}-{cls} li{{display:flex;flex-direction:column;align-items:center;"
        "font-size:.85rem}\n"
    )


def scope(game: str) -> str:
    """The selector of the game's root elements, every rule's start.

    >>> scope("arraial")
    '[data-game="arraial"]'
    """
    return f'[data-game="{game}"]'


def scoped(css: str, scope: str) -> str:
    """``css`` with its ``&`` replaced by the game's ``scope`` (its root's selector)."""
    return css.replace("&", scope)


def style_tag(css: str) -> str:
    """The game's stylesheet as the ``<style>`` element the rendered HTML carries."""
    return f"<style>{css}</style>"
