"""The end of a Día de Playa game: the result first (the winner, the winning team, or in
cooperative and solitaire play the beach reached) and the points by criterion, then each
beach drawn with the blocks each criterion scores marked on it (the surfers facing the
sea, the lonely tourists, the trios, the largest umbrella group, the sand squares, the
served stalls, the litter), and a chart of the scores over the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.diadeplaya import DiaDePlayaState
from tablero.diadeplaya.data import BEACHES, LITTER
from tablero.diadeplaya.scoring import GRID

from ...gameend import Ending, EndScreen
from ...plugin import Seat, Translate
from ...svg import esc, raw_tag, tag
from .look import MARKED, BeachPicture, beach_svg, mark_icon, seat_letter
from .style import style_tag
from .words import SEAT_KEYS, beach_owner, criterion_name, team_name

Cells = list[tuple[int, int]]


def score_series(history: Sequence[Mapping[str, Any]], n: int) -> list[list[int]]:
    """Every seat's score after each card laid, from the history's ``lay`` events (each
    carries every seat's change).

    >>> h = [{"events": [{"type": "lay", "change": [3, 0]}]},
    ...      {"events": [{"type": "take"}]},
    ...      {"events": [{"type": "lay", "change": [0, -2]}]}]
    >>> score_series(h, 2)
    [[0, 0], [3, 0], [3, -2]]
    """
    cur = [0] * n
    series = [cur[:]]
    for entry in history:
        for e in entry.get("events") or ():
            if e.get("type") != "lay":
                continue
            change = list(e.get("change") or [])
            for p in range(min(n, len(change))):
                cur[p] += int(change[p])
            series.append(cur[:])
    return series


def scoring_marks(state: DiaDePlayaState, b: int) -> dict[str, list[Cells]]:
    """The cells each criterion in play scores on beach ``b`` (from the engine's
    ``detail``), as groups: one cell a surfer, tourist, stall or litter block, three a
    trio, the umbrella group, four a sand square."""
    detail = state.detail(b)

    def xy(name: str) -> tuple[int, int]:
        return GRID.parse_xy(name)

    def square(name: str) -> Cells:
        x, y = xy(name)
        return [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]

    marks: dict[str, list[Cells]] = {
        "surfers": [[xy(c)] for c in detail.get("surfers", [])],
        "tourists": [[xy(c)] for c, _ in detail.get("tourists", [])],
        "trios": [[xy(c) for c in trio] for trio in detail.get("trios", [])],
        "umbrellas": [[xy(c) for c in detail.get("umbrellas", [])]],
        "sand": [square(c) for c in detail.get("sand", [])],
        "stalls": [[xy(c)] for c in detail.get("stalls", [])],
        "litter": [[GRID.xy(c)] for c, bl in state.grids[b].items() if bl >> 2 == LITTER],
    }
    if state.points[b].get("umbrellas", 0) <= 0:
        marks["umbrellas"] = []  # the largest group scores nothing (a tie, or too small)
    return {c: [g for g in groups if g] for c, groups in marks.items() if c in state.criteria}


def _headline(state: DiaDePlayaState, end: Ending) -> str:
    t, seats = end.t, end.seats
    scores = state.score
    winners = state.winners()
    if state.shared:
        reached = state.beach_reached()
        if reached:
            return t("diadeplaya.end.reached", beach=reached, count=scores[0])
        return t("diadeplaya.end.not_reached", count=scores[0])
    if state.mode == "teams":
        teams = sorted({state.team_of(w) for w in winners})
        if len(teams) == 1:
            return t("diadeplaya.end.team_wins", team=team_name(teams[0], seats, t),
                     count=scores[winners[0]])  # fmt: skip
        return t("diadeplaya.end.teams_tie", count=scores[0])
    return end.headline(winners, scores[winners[0]])


def _beaches_ladder(state: DiaDePlayaState, t: Translate) -> str:
    """The four challenges, the one reached marked."""
    reached = state.beach_reached()
    items = []
    for name, least in BEACHES:
        here = name == reached
        items.append(
            tag("li", t("diadeplaya.end.ladder", beach=name, points=least),
                class_="is-reached" if here else None, aria_current="true" if here else None,
                data_ladder=name)
        )  # fmt: skip
    return raw_tag("ol", "".join(items), class_="dp-ladder")


#: The end screen (its messages ``diadeplaya.end.*``).
END = EndScreen("dp", "diadeplaya", style_tag, SEAT_KEYS.default, list_sep="diadeplaya.sep.list")


def render_end(state: DiaDePlayaState, seats: list[Seat], t: Translate) -> str:
    """HTML of the end of the game (see :class:`tablero.web.plugin.GameUI`)."""
    return END.render(state, seats, t, _breakdown)


def _breakdown(state: DiaDePlayaState, end: Ending) -> list[str]:
    """The result (the beach reached, in cooperative and solitaire play), the points by
    criterion, each beach with its scoring marked, and the chart."""
    t, seats, colours = end.t, end.seats, end.colours
    out: list[str] = []
    headline = _headline(state, end)
    if state.shared:
        won = state.won()
        out.append(
            raw_tag("p", esc(headline), class_="dp-winner", data_result="won" if won else "lost",
                    data_beach_reached=state.beach_reached() or "")
        )  # fmt: skip
        out.append(_beaches_ladder(state, t))
    else:
        teams = state.mode == "teams"  # no margin between teams
        out.append(end.winner_line(state.winners(), state.score, headline, margin=not teams))

    # the points by criterion first (the result's figures), then each beach with its
    # scoring marked
    heads = [tag("th", t("diadeplaya.points.criterion"))] + [
        tag("th", beach_owner(state.mode, b, seats, t), class_="dp-num")
        for b in range(state.beach_count)
    ]
    rows = []
    for c in state.criteria:
        rows.append(
            raw_tag(
                "tr",
                tag("th", criterion_name(c, t), scope="row")
                + "".join(tag("td", state.points[b].get(c, 0), class_="dp-num",
                              data_end_points=f"{b}:{c}") for b in range(state.beach_count)),
                data_criterion=c,
            )
        )  # fmt: skip
    totals = tag("th", t("diadeplaya.points.total"), scope="row") + "".join(
        tag("td", sum(state.points[b].values()), class_="dp-num", data_end_total=b)
        for b in range(state.beach_count)
    )
    out.append(tag("h3", t("diadeplaya.end.breakdown")))
    out.append(end.table("scores", "".join(heads), rows, raw_tag("tr", totals)))
    if state.mode == "teams":
        out.append(
            raw_tag("ul", "".join(
                tag("li", t("diadeplaya.end.team_total", team=team_name(k, seats, t),
                            count=state.score[k]), data_team_total=k)
                for k in (0, 1)), class_="dp-events")
        )  # fmt: skip

    labels = {c: t("diadeplaya.end.marks", criterion=criterion_name(c, t)) for c in MARKED}
    beaches = []
    for b in range(state.beach_count):
        owner = beach_owner(state.mode, b, seats, t)
        pic = BeachPicture(marks=scoring_marks(state, b), mark_labels=labels,
                           sea_label=t("diadeplaya.beach.sea"))  # fmt: skip
        head = (
            tag("h3", owner)
            if state.shared
            else raw_tag("h3", mark_icon(colours[b], seat_letter(b), 18) + esc(owner))
        )
        beaches.append(
            raw_tag("section", head + beach_svg(state.grids[b], pic, title=owner, zoom=0.75),
                    class_="dp-end-beach", data_end_beach=b)
        )  # fmt: skip
    legend = "".join(
        raw_tag("li", tag("span", "", class_=f"dp-key dp-key-{c}") + esc(criterion_name(c, t)))
        for c in MARKED if c in state.criteria
    )  # fmt: skip
    out.append(tag("p", t("diadeplaya.end.how"), class_="dp-note"))
    out.append(raw_tag("ul", legend, class_="dp-legend-marks"))
    out.append(raw_tag("div", "".join(beaches), class_="dp-end-beaches"))

    # the scores over the game (one line, the beach's, for one shared score)
    one_line = beach_owner(state.mode, 0, seats, t) if state.shared else None
    out += end.chart(score_series(state.history, end.n), state.score, one_line=one_line)
    return out
