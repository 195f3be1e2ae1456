"""The rules help for Arraial, in Tablero's own words, through the message catalog.

The text is data: a list of sections, each a heading and its paragraphs.  Rulings
(RULINGS.md, Arraial part: what Tablero reconstructs where the Spanish rulebook is
silent, and how it reads each detail an engine must decide) are marked with the
catalog's "Tablero ruling" tag: one paragraph ``ruling.<name>`` for each ruling of
``data.RULINGS``, in its order (the game's ``GAME.rulings``).
The numbers themselves live in :mod:`tablero.arraial.data`: the texts name them as
placeholders (:func:`help_params`), so a change of data changes the help.  One block of
the game's own draws the eight shapes.
"""

from __future__ import annotations

from collections.abc import Iterable

from tablero.arraial import data
from tablero.arraial.shapes import cells

from ...plugin import Translate
from ...svg import raw_tag, tag
from .. import rules_help
from ..rules_help import ITEMS, RULING, P
from .look import card_icon
from .style import style_tag

SHAPES_BLOCK = "shapes"

#: The names of the game's rulings (``data.RULINGS``): a ruling the data leaves out (the
#: idle round's, when ``data.IDLE_ROUND_ENDS_PHASE`` is off) has no paragraph.
_RULINGS = frozenset(r.name for r in data.RULINGS)

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
            (RULING, "ruling.pieces"),
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
            *(((RULING, "ruling.idle"),) if "idle" in _RULINGS else ()),
            (RULING, "ruling.rotate"),
            (RULING, "ruling.backs"),
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


def _and_list(items: Iterable[object], t: Translate) -> str:
    """``0, 1 and 2`` in the catalog's language."""
    words = [str(x) for x in items]
    if len(words) < 2:
        return "".join(words)
    return t("arraial.rules.list_and", items=t("arraial.sep.list").join(words[:-1]),
             last=words[-1])  # fmt: skip


def help_params(t: Translate) -> dict[str, object]:
    """The values the rules help's texts name (placeholders of the ``arraial.rules.*``
    messages), read from :mod:`tablero.arraial.data` when the help is drawn; a number
    with its noun is a plural message of its own (``arraial.rules.count.*``: "1 point",
    "3 action points"), the noun in the form for the number in every language."""
    return {
        "width": t("arraial.rules.count.columns", count=data.WIDTH),
        "height": t("arraial.rules.count.rows", count=data.HEIGHT),
        "first_column": data.COLUMNS[0],
        "last_column": data.COLUMNS[data.WIDTH - 1],
        "v_squares": len(data.SHAPE_CELLS["V"]),
        "pieces_per_shape": t("arraial.rules.count.pieces", count=data.PIECES_PER_SHAPE),
        "most_placed": t(
            "arraial.rules.count.pieces", count=data.CARDS_PER_SHAPE * data.PHASE_COUNT
        ),
        "card_turns": _and_list(data.CARD_TURNS, t),
        **{f"sides_{n}": _and_list(sides, t) for n, sides in data.SIDES.items()},
        **{f"bar_{n}": rows for n, rows in data.BAR_START.items()},
        "removed": _and_list((data.CARD_CODES[c] for c in data.REMOVED_2P), t),
        "action_points": t("arraial.rules.count.action_points", count=data.ACTION_POINTS),
        "rotate_cost": t("arraial.rules.count.cost", count=data.ROTATE_COST),
        "place_cost": t("arraial.rules.count.cost", count=data.PLACE_COST),
        "max_backs": t("arraial.rules.count.times", count=data.MAX_BACKS),
        "colour_visitors": t("arraial.rules.count.visitors", count=data.COLOUR_VISITORS),
        "white_visitors": t("arraial.rules.count.white_visitors", count=data.WHITE_VISITORS),
        "visitor_points": t("arraial.rules.count.points", count=data.VISITOR_POINTS),
        "pair_points": t("arraial.rules.count.points", count=data.PAIR_POINTS),
    }


def _shapes(t: Translate) -> str:
    """The eight shapes, each on a card in its colour, with its code."""
    items = []
    for shape in data.SHAPES:
        colour = data.SHAPE_COLOUR[shape]
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
    """HTML of the Arraial rules help; rulings visibly tagged, numbers from the data."""
    return rules_help.rules_html(
        t, "arraial", SECTIONS, css="arl", head=style_tag(),
        blocks={SHAPES_BLOCK: _shapes}, params=help_params(t),
    )  # fmt: skip
