"""The end of an Arraial game: the winner (and the pairs tie-break when it decided), each
player's points explained (colour visitors, white visitors who joined the street, pairs
at 2 points), the pairs' holders and their zones, each final street, and a chart of the
scores over the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.arraial import ArraialState
from tablero.arraial.data import COLOURS, PAIR_POINTS, VISITOR_POINTS

from ... import widgets
from ...plugin import Seat, Translate
from ...svg import esc, raw_tag, tag
from ...widgets import seat_colours
from .log import LOG, pairs_held
from .look import mark_icon, seat_letter
from .style import style_tag
from .table import street_panel
from .words import colour_name, seat_name


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


def render_end(state: ArraialState, seats: list[Seat], t: Translate) -> str:
    """HTML of the end of the game (see :class:`tablero.web.plugin.GameUI`)."""
    n = state.num_players
    colours = seat_colours(seats, n)
    names = [seat_name(seats, p, t) for p in range(n)]
    out: list[str] = []
    if not state.is_terminal():
        out.append(tag("p", t("arraial.end.not_over")))
        return widgets.end_frame("arl", "arraial", style_tag(), t("arraial.end.title"), out)
    scores = state.scores()
    winners = state.winners()
    pairs = pairs_held(state.pairs, n)
    best = max(scores)
    if len(winners) == 1:
        headline = t("arraial.end.winner", name=names[winners[0]], count=best)
    else:
        headline = t("arraial.end.shared", names=", ".join(names[w] for w in winners),
                     count=best)  # fmt: skip
    margin = widgets.margin_text(scores, winners, names, t)
    out.append(widgets.winner_line("arl", winners, colours, headline, margin))
    if len([p for p in range(n) if scores[p] == best]) > 1:
        out.append(
            tag("p", LOG.winners(winners, scores, pairs, seats, t), class_="arl-tiebreak",
                data_tiebreak="1")
        )  # fmt: skip

    # the points explained, one row per player
    head = raw_tag(
        "tr",
        tag("th", t("arraial.end.col_player"))
        + tag("th", t("arraial.end.col_colour"), class_="arl-num")
        + tag("th", t("arraial.end.col_white"), class_="arl-num")
        + tag("th", t("arraial.end.col_pairs"), class_="arl-num")
        + tag("th", t("arraial.end.col_total"), class_="arl-num"),
    )
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
                raw_tag("th", mark_icon(colours[p], seat_letter(p), 18) + esc(names[p]))
                + tag("td", len(state.visitors[p]), class_="arl-num", data_colour_visitors=p)
                + tag("td", state.street_whites[p], class_="arl-num", data_white_visitors=p)
                + tag("td", pair_cell, class_="arl-num", data_pairs=p)
                + tag("td", scores[p], class_="arl-num", data_total=p),
                data_end_row=p,
            )
        )
    out.append(tag("p", t("arraial.end.how"), class_="arl-note"))
    out.append(
        raw_tag(
            "div",
            raw_tag("table", raw_tag("thead", head) + raw_tag("tbody", "".join(rows)),
                    class_="arl-scores"),
            class_="arl-table-wrap",
        )
    )  # fmt: skip

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
        raw_tag("div", street_panel(state, p, seats, t, heading="h3"), class_="arl-end-street")
        for p in range(n)
    )
    out.append(tag("h3", t("arraial.end.streets_title")))
    out.append(raw_tag("div", streets, class_="arl-end-streets"))

    # the scores over the game
    series = score_series(state.history, n)
    if series[-1] != scores:  # no history (a position from notation): just the totals
        series = [[0] * n, list(scores)]
    labels = widgets.ChartLabels(
        t("arraial.end.chart_title"), "", t("arraial.end.chart_x"), t("arraial.end.chart_y")
    )
    out.append(tag("h3", t("arraial.end.chart_title")))
    out.append(widgets.score_chart(series, None, colours, names, labels, "arl"))
    return widgets.end_frame("arl", "arraial", style_tag(), t("arraial.end.title"), out)
