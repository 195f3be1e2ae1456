"""The end of an Arribada game: winners, the scoring breakdown, the final board with
the stranded tiles marked where they stood, and a chart of the scores over the game."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from tablero.arribada import ArribadaState

from ... import widgets
from ...plugin import Seat, Translate
from ...svg import esc, num, raw_tag, tag
from ...widgets import seat_colours
from .look import (
    DASHES,
    BoardPicture,
    board_svg,
    colour_class,
    mark_icon,
    seat_letter,
    seat_mark,
)
from .style import style_tag
from .table import seat_name


def final_events(history: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The events of final scoring (``game_end`` and after) in the last entry."""
    if not history:
        return []
    events = history[-1].get("events") or []
    for i, e in enumerate(events):
        if e.get("type") == "game_end":
            return list(events[i:])
    return []


def score_series(
    history: Sequence[Mapping[str, Any]], n: int
) -> tuple[list[list[int]], int | None]:
    """Every player's score after each turn, then after the stranded tiles and after the
    majorities; and the index of the point where final scoring starts (or ``None``).

    >>> h = [{"player": 0, "move": "place 4 c5", "events": [
    ...     {"type": "score", "player": 0, "cell": "c5", "value": 4, "sequence": 4, "set": 0}]},
    ...      {"player": 1, "move": "pass", "events": [{"type": "pass", "player": 1}]}]
    >>> score_series(h, 2)
    ([[0, 0], [4, 0], [4, 0]], None)
    """
    cur = [0] * n
    series = [cur[:]]
    final_start = None
    for i, entry in enumerate(history):
        majority_seen = False
        for e in entry.get("events") or []:
            kind = e.get("type")
            if kind == "game_end":
                series.append(cur[:])
                final_start = len(series) - 1
            elif kind == "score":
                cur[e["player"]] += e["sequence"] + e["set"]
            elif kind == "stranded":
                cur[e["player"]] += e["points"]
            elif kind == "majority":
                if not majority_seen:
                    series.append(cur[:])  # after the stranded tiles
                    majority_seen = True
                for p, pts in enumerate(e["points"]):
                    cur[p] += pts
        nxt = history[i + 1].get("player") if i + 1 < len(history) else None
        if final_start is not None or nxt != entry.get("player"):
            series.append(cur[:])
    return series, final_start


def _nice_step(span: float) -> int:
    raw = max(span / 5, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return int(m * mag)
    return int(10 * mag)


def score_chart(
    series: list[list[int]],
    final_start: int | None,
    colours: Sequence[int],
    names: Sequence[str],
    t: Translate,
) -> str:
    """An SVG line chart: one polyline per player, in the seat's colour, with its own
    dash pattern and marker shape, and labelled axes."""
    w, h = 640, 300
    left, right, top, bottom = 52, 16, 14, 44
    n = len(colours)
    last = max(len(series) - 1, 1)
    values = [v for row in series for v in row] or [0]
    lo = min(0, min(values))
    hi = max(10, max(values))
    step = _nice_step(hi - lo)
    lo = step * math.floor(lo / step)
    hi = step * math.ceil(hi / step)

    # the turns take most of the width; the final-scoring steps share the rest
    plot = w - left - right
    turns_w = plot * (0.86 if final_start is not None else 1.0)
    split = final_start if final_start is not None else last

    def x(i: int) -> float:
        if i <= split:
            return left + turns_w * i / max(split, 1)
        return left + turns_w + (plot - turns_w) * (i - split) / max(last - split, 1)

    def y(v: float) -> float:
        return top + (h - top - bottom) * (hi - v) / (hi - lo)

    parts = [tag("title", t("arribada.end.chart_title"))]
    if final_start is not None:
        parts.append(
            tag(
                "rect",
                x=num(x(final_start)),
                y=top,
                width=num(x(last) - x(final_start)),
                height=h - top - bottom,
                class_="arr-chart-final",
            )
        )
        parts.append(
            tag(
                "text",
                t("arribada.end.chart_final"),
                x=num(x(last) - 3),
                y=top + 11,
                class_="arr-chart-text",
                text_anchor="end",
            )
        )
    v = lo
    while v <= hi:
        parts.append(
            tag("line", x1=left, x2=w - right, y1=num(y(v)), y2=num(y(v)), class_="arr-chart-grid")
        )
        parts.append(
            tag("text", v, x=left - 6, y=num(y(v) + 4), class_="arr-chart-text", text_anchor="end")
        )
        v += step
    turns = final_start if final_start is not None else last
    xstep = _nice_step(turns) if turns > 5 else 1
    for i in range(0, turns + 1, xstep):
        parts.append(
            tag(
                "text",
                i,
                x=num(x(i)),
                y=h - bottom + 16,
                class_="arr-chart-text",
                text_anchor="middle",
            )
        )
    parts.append(tag("line", x1=left, x2=left, y1=top, y2=h - bottom, class_="arr-chart-axis"))
    parts.append(
        tag("line", x1=left, x2=w - right, y1=num(y(0)), y2=num(y(0)), class_="arr-chart-axis")
    )
    parts.append(
        tag(
            "text",
            t("arribada.end.chart_x"),
            x=num((left + w - right) / 2),
            y=h - 6,
            class_="arr-chart-text",
            text_anchor="middle",
        )
    )
    parts.append(
        tag(
            "text",
            t("arribada.end.chart_y"),
            x=0,
            y=0,
            class_="arr-chart-text",
            text_anchor="middle",
            transform=f"translate(13 {num((top + h - bottom) / 2)}) rotate(-90)",
        )
    )
    every = max(1, len(series) // 8)
    for p in range(n):
        pts = " ".join(f"{num(x(i))},{num(y(row[p]))}" for i, row in enumerate(series))
        parts.append(
            tag(
                "polyline",
                points=pts,
                class_=f"arr-chart-line {colour_class(colours[p])}",
                stroke_dasharray=DASHES[p % len(DASHES)] or None,
                data_seat=p,
                aria_label=names[p],
            )
        )
        marks = sorted(set(range(p % every, len(series), every)) | {len(series) - 1})
        parts.append(
            raw_tag(
                "g",
                "".join(seat_mark(x(i), y(series[i][p]), 5, colours[p], "") for i in marks),
                class_="arr-chart-marks",
            )
        )
    svg = raw_tag(
        "svg",
        "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {w} {h}",
        class_="arr-chart",
        role="img",
        aria_label=t("arribada.end.chart_title"),
    )
    legend = "".join(
        raw_tag(
            "li",
            mark_icon(colours[p], seat_letter(p), 18)
            + raw_tag(
                "svg",
                tag(
                    "line",
                    x1=2,
                    x2=38,
                    y1=6,
                    y2=6,
                    class_=f"arr-chart-line {colour_class(colours[p])}",
                    stroke_dasharray=DASHES[p % len(DASHES)] or None,
                ),
                viewBox="0 0 40 12",
                width=40,
                height=12,
                aria_hidden="true",
            )
            + tag("span", names[p]),
        )
        for p in range(n)
    )
    return svg + raw_tag("ul", legend, class_="arr-legend")


def _value_text(v: object, t: Translate) -> str:
    return t("arribada.tile.wild_short") if v in (9, "wild") else str(v)


def _points(p: int) -> str:
    return f"{p:+d}" if p else "0"


def render_end(state: ArribadaState, seats: list[Seat], t: Translate) -> str:
    """HTML of the end of the game (see :class:`tablero.web.plugin.GameUI`)."""
    n = state.num_players
    colours = seat_colours(seats, n)
    names = [seat_name(seats, p, t) for p in range(n)]
    events = final_events(state.history)
    stranded = [e for e in events if e.get("type") == "stranded"]
    majorities = [e for e in events if e.get("type") == "majority"]
    final = state.scores()
    stranded_sum = [sum(e["points"] for e in stranded if e["player"] == p) for p in range(n)]
    majority_sum = [sum(e["points"][p] for e in majorities) for p in range(n)]
    in_game = [final[p] - stranded_sum[p] - majority_sum[p] for p in range(n)]

    winners = state.winners() if state.is_terminal() else []
    if len(winners) == 1:
        headline = t("arribada.end.winner", name=names[winners[0]], points=final[winners[0]])
    elif winners:
        headline = t(
            "arribada.end.shared",
            names=", ".join(names[w] for w in winners),
            points=final[winners[0]],
        )
    else:
        headline = t("arribada.end.not_over")
    out = [widgets.winner_line("arr", winners, colours, headline)]
    reason = next((e.get("reason") for e in events if e.get("type") == "game_end"), None)
    if reason in ("shells", "passes"):
        out.append(tag("p", t(f"arribada.log.game_end.{reason}")))

    # the summary: one row per player
    head = "".join(
        tag("th", t(k), class_="arr-num")
        for k in (
            "arribada.end.col_in_game",
            "arribada.end.col_stranded",
            "arribada.end.col_majorities",
            "arribada.end.col_total",
        )
    )
    rows = []
    for p in range(n):
        rows.append(
            raw_tag(
                "tr",
                raw_tag("th", mark_icon(colours[p], seat_letter(p), 18) + esc(names[p]))
                + tag("td", in_game[p], class_="arr-num")
                + tag("td", _points(stranded_sum[p]), class_="arr-num")
                + tag("td", _points(majority_sum[p]), class_="arr-num")
                + tag("td", final[p], class_="arr-num"),
                data_seat=p,
                class_="is-winner" if p in winners else None,
            )
        )
    out.append(
        raw_tag(
            "div",
            raw_tag(
                "table",
                tag("caption", t("arribada.end.summary"))
                + raw_tag("thead", raw_tag("tr", tag("th", t("arribada.end.col_player")) + head))
                + raw_tag("tbody", "".join(rows)),
                class_="arr-summary",
            ),
            class_="arr-table-wrap",
        )
    )

    # the stranded tiles: one line per player, each tile with its penalty
    out.append(tag("h3", t("arribada.end.stranded_title")))
    if stranded:
        items = []
        for p in range(n):
            mine = [e for e in stranded if e["player"] == p]
            chips = "".join(
                tag(
                    "span",
                    t(
                        "arribada.end.stranded_item",
                        value=_value_text(e["value"], t),
                        cell=e["cell"],
                        points=_points(e["points"]),
                    ),
                    class_="arr-chip",
                    data_stranded=e["cell"],
                )
                for e in mine
            ) or esc(t("arribada.end.stranded_none"))
            items.append(
                raw_tag(
                    "li",
                    raw_tag(
                        "span",
                        mark_icon(colours[p], seat_letter(p), 18)
                        + esc(
                            t(
                                "arribada.end.stranded_player",
                                name=names[p],
                                points=_points(stranded_sum[p]),
                            )
                        ),
                        class_="arr-stranded-who",
                    )
                    + raw_tag("span", chips, class_="arr-chips"),
                    data_seat=p,
                )
            )
        out.append(raw_tag("ul", "".join(items), class_="arr-stranded-list"))
    else:
        out.append(tag("p", t("arribada.end.no_stranded")))

    # the quadrant majorities: one row per quadrant
    out.append(tag("h3", t("arribada.end.majorities_title")))
    qhead = "".join(
        raw_tag("th", mark_icon(colours[p], seat_letter(p), 18) + esc(names[p])) for p in range(n)
    )
    qrows = []
    for e in majorities:
        cells = "".join(
            tag(
                "td",
                t(
                    "arribada.end.majority_cell",
                    count=e["counts"][p],
                    points=_points(e["points"][p]),
                ),
            )
            for p in range(n)
        )
        qrows.append(
            raw_tag(
                "tr",
                tag("th", t(f"arribada.quadrant.{e['quadrant']}")) + cells,
                data_quadrant=e["quadrant"],
            )
        )
    out.append(
        raw_tag(
            "div",
            raw_tag(
                "table",
                raw_tag("thead", raw_tag("tr", tag("th", t("arribada.end.col_quadrant")) + qhead))
                + raw_tag("tbody", "".join(qrows)),
                class_="arr-majorities",
            ),
            class_="arr-table-wrap",
        )
    )

    # the final board, the stranded tiles ghosted where they stood
    board = state.board
    ghosts = {
        board.parse_cell(e["cell"]): (
            9 if e["value"] in (9, "wild") else e["value"],
            colours[e["player"]],
            seat_letter(e["player"]),
            e["points"],
        )
        for e in stranded
    }
    svg = board_svg(
        board,
        state.values,
        state.owners,
        state.display,
        colours,
        BoardPicture(ghosts=ghosts, bag_count=state.bag_count),
        title=t("arribada.end.board_title"),
        display_label=t("arribada.board.display"),
        bag_label=t("arribada.bag.title"),
        rock_label=t("arribada.board.rock"),
    )
    out.append(tag("h3", t("arribada.end.board_title")))
    out.append(raw_tag("div", svg, class_="arr-board-wrap arr-end-board"))

    # the chart
    series, final_start = score_series(state.history, n)
    if series[-1] != final:  # no history (a position from notation): just the totals
        series, final_start = [[0] * n, final], None
    out.append(tag("h3", t("arribada.end.chart_title")))
    out.append(score_chart(series, final_start, colours, names, t))
    return widgets.end_frame("arr", "arribada", style_tag(), t("arribada.end.title"), out)
