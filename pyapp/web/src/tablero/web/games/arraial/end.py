"""The end of an Arraial game: the winner (and the pairs tie-break when it decided), each
player's points explained (colour visitors, white visitors who joined the street, pairs
at 2 points), the pairs' holders and their zones, each final street, and a chart of the
scores over the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.arraial import ArraialState
from tablero.arraial.data import COLOURS, PAIR_POINTS, VISITOR_POINTS

from ...gameend import Ending, EndScreen
from ...plugin import Seat, Translate
from ...svg import esc, raw_tag, tag
from .log import LOG, pairs_held
from .style import style_tag
from .table import street_panel
from .words import SEAT_KEYS, colour_name


def score_series(history: Sequence[Mapping[str, Any]], n: int) -> list[list[int]]:
    """Every player's points after each turn, from the history's events: +1 a colour
    visitor, +2 a pair taken (and -2 to the player it was taken from), +1 each white
    visitor joining a street at a phase end.

    >>> h = [{"events": [{"type": "visitor", "player": 0},
    ...                  {"type": "pair", "player": 0, "from": None},
    ...                  {"type": "turn_end", "player": 0}]},
    ...      {"events": [{"type": "pair", "player": 1, "from": 0},
    ...                  {"type": "turn_end", "player": 1}]}]
    >>> score_series(h, 2)
    [[0, 0], [3, 0], [1, 2]]
    """
    cur = [0] * n
    series = [cur[:]]
    for entry in history:
        turn = False
        for e in entry.get("events") or ():
            kind = e.get("type")
            p = e.get("player")
            if kind == "visitor" and isinstance(p, int):
                cur[p] += VISITOR_POINTS
            elif kind == "pair" and isinstance(p, int):
                cur[p] += PAIR_POINTS
                q = e.get("from")
                if isinstance(q, int):
                    cur[q] -= PAIR_POINTS
            elif kind == "bar_drop" and isinstance(p, int):
                cur[p] += VISITOR_POINTS * int(e.get("whites", 0))
            elif kind in ("turn_end", "final"):
                turn = True
        if turn:
            series.append(cur[:])
    return series


#: The end screen (its messages ``arraial.end.*``).
END = EndScreen("arl", "arraial", style_tag, SEAT_KEYS.default)


def render_end(state: ArraialState, seats: list[Seat], t: Translate) -> str:
    """HTML of the end of the game (see :class:`tablero.web.plugin.GameUI`)."""
    return END.render(state, seats, t, _breakdown)


def _breakdown(state: ArraialState, end: Ending) -> list[str]:
    """The result (and the tie-break when it was needed), the points explained, the pairs
    and the bars, the final streets and the chart."""
    t, n, names = end.t, end.n, end.names
    scores = state.scores()
    winners = state.winners()
    pairs = pairs_held(state.pairs, n)
    out = [end.winner_line(winners, scores, end.headline(winners, max(scores)))]
    out += end.tiebreak(scores, lambda: LOG.winners(winners, scores, pairs, end.seats, t))

    # the points explained, one row per player
    head = tag("th", t("arraial.end.col_player")) + "".join(
        tag("th", t(key), class_="arl-num")
        for key in ("arraial.end.col_colour", "arraial.end.col_white", "arraial.end.col_pairs",
                    "arraial.end.col_total")
    )  # fmt: skip
    rows = []
    for p in range(n):
        held = [c for c, q in state.pairs.items() if q == p]
        held_words = ", ".join(colour_name(c, t) for c in held)
        pair_cell = t("arraial.end.pairs_cell", n=len(held), points=PAIR_POINTS * len(held))
        if held:
            pair_cell += f" ({held_words})"
        rows.append(
            raw_tag(
                "tr",
                raw_tag("th", end.seat(p))
                + tag("td", len(state.visitors[p]), class_="arl-num", data_colour_visitors=p)
                + tag("td", state.street_whites[p], class_="arl-num", data_white_visitors=p)
                + tag("td", pair_cell, class_="arl-num", data_pairs=p)
                + tag("td", scores[p], class_="arl-num", data_total=p),
                data_end_row=p,
            )
        )
    out.append(tag("p", t("arraial.end.how"), class_="arl-note"))
    out.append(end.table("scores", head, rows))

    # the pairs: who holds each and the zone it stands on; the bars at the end
    items = []
    for colour in COLOURS:
        holder = state.pairs.get(colour)
        if holder is None:
            text = t("arraial.end.pair_nobody", colour=colour_name(colour, t))
        else:
            text = t("arraial.end.pair_held", colour=colour_name(colour, t), name=names[holder],
                     count=state.largest_zone(holder, colour))  # fmt: skip
        items.append(
            raw_tag("li", tag("span", "", class_=f"arl-swatch arl-{colour}") + esc(text),
                    data_end_pair=colour)
        )  # fmt: skip
    out.append(tag("h3", t("arraial.end.pairs_title")))
    out.append(raw_tag("ul", "".join(items), class_="arl-pairs"))
    bars = []
    for p in range(n):
        bar = state.bar[p]
        text = (
            t("arraial.end.bar_kept", name=names[p], row=bar)
            if bar is not None
            else t("arraial.end.bar_lost", name=names[p])
        )
        bars.append(tag("li", text, data_end_bar=p))
    out.append(raw_tag("ul", "".join(bars), class_="arl-events"))

    # the streets at the end
    streets = "".join(
        raw_tag("div", street_panel(state, p, end.seats, t, heading="h3"), class_="arl-end-street")
        for p in range(n)
    )
    out.append(tag("h3", t("arraial.end.streets_title")))
    out.append(raw_tag("div", streets, class_="arl-end-streets"))

    # the scores over the game
    out += end.chart(score_series(state.history, n), scores)
    return out
