"""The end of a Día de Playa game: the result first (the winner, the winning team, or in
cooperative and solitaire play the beach reached) and the points by criterion, then each
beach drawn with the blocks each criterion scores marked on it (the surfers facing the
sea, the lonely tourists, the trios, the largest umbrella group, the sand squares, the
served stalls, the litter), and a chart of the scores over the game.

The end as a sequence (:func:`end_steps`): criterion by criterion, the blocks it scores
lit on every beach with its points, then the result (the winner, the winning team, or
the beach reached)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.diadeplaya import DiaDePlayaState
from tablero.diadeplaya.data import BEACHES, LITTER, STALL
from tablero.diadeplaya.scoring import GRID

from ...gameend import Ending, EndScreen
from ...plugin import EndStep, Seat, Translate
from ...svg import esc, raw_tag, tag
from .look import MARKED, BeachPicture, beach_svg, mark_icon, seat_letter
from .style import style_tag
from .words import SEAT_KEYS, beach_owner, criterion_name, seat_name, team_name

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


def mark_labels(t: Translate) -> dict[str, str]:
    """The title of each criterion's marks on a beach."""
    return {c: t("diadeplaya.end.marks", criterion=criterion_name(c, t)) for c in MARKED}


def beach_section(
    state: DiaDePlayaState, end: Ending, b: int, pic: BeachPicture, cls: str = ""
) -> str:
    """Beach ``b`` at the end under its owner's name, drawn with ``pic`` (``cls``: a
    class more on its section)."""
    owner = beach_owner(state.mode, b, end.seats, end.t)
    head = (
        tag("h3", owner)
        if state.shared
        else raw_tag("h3", mark_icon(end.colours[b], seat_letter(b), 18) + esc(owner))
    )
    return raw_tag(
        "section", head + beach_svg(state.grids[b], pic, title=owner, zoom=0.75),
        class_="dp-end-beach" + (f" {cls}" if cls else ""), data_end_beach=b,
    )  # fmt: skip


#: The end screen (its messages ``diadeplaya.end.*``).
END = EndScreen("dp", "diadeplaya", style_tag, SEAT_KEYS.default, list_sep="diadeplaya.sep.list")


def render_end(state: DiaDePlayaState, seats: list[Seat], t: Translate) -> str:
    """HTML of the end of the game (see :class:`tablero.web.plugin.GameUI`)."""
    return END.render(state, seats, t, _breakdown)


def _breakdown(state: DiaDePlayaState, end: Ending) -> list[str]:
    """The result (the beach reached, in cooperative and solitaire play), the points by
    criterion, each beach with its scoring marked, and the chart."""
    t, seats = end.t, end.seats
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

    labels = mark_labels(t)
    beaches = []
    for b in range(state.beach_count):
        pic = BeachPicture(marks=scoring_marks(state, b), mark_labels=labels,
                           sea_label=t("diadeplaya.beach.sea"))  # fmt: skip
        beaches.append(beach_section(state, end, b, pic))
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


# --- the end as a sequence -------------------------------------------------------------


def end_steps(state: DiaDePlayaState, seats: list[Seat], t: Translate) -> list[EndStep]:
    """The end of the game step by step on its final beaches (see
    :class:`tablero.web.plugin.EndStep`): each criterion in play, in the scoring's
    order, with the blocks it scores lit and what it adds to each seat; then the result.
    The steps' points add up to the final scores (the beaches score at the end; the
    running points during the game only foretell it); ``[]`` before the end."""
    if not state.is_terminal():
        return []
    end = END.ending(state, seats, t)
    steps = [_criterion_step(state, end, c) for c in state.criteria]
    steps.append(_result_step(state, end))
    return steps


def seat_points(state: DiaDePlayaState, criterion: str) -> tuple[int, ...]:
    """What ``criterion`` adds to each seat's score: its beach's points (teams play: the
    team's two beaches'; cooperative and solitaire play: the shared beach's)."""
    beach = [state.points[b].get(criterion, 0) for b in range(state.beach_count)]
    if state.shared:
        return tuple(beach[0] for _ in range(state.n))
    if state.mode == "teams":
        team = (beach[0] + beach[2], beach[1] + beach[3])
        return tuple(team[state.team_of(p)] for p in range(state.n))
    return tuple(beach)


def _step_board(name: str, beaches: list[str]) -> str:
    """A step's board: the game's root (its stylesheet, ``data-game``) around the
    beaches drawn."""
    return raw_tag(
        "div", style_tag() + raw_tag("div", "".join(beaches), class_="dp-end-beaches"),
        class_="dp-end dp-end-step", data_game="diadeplaya", data_end_step=name,
    )  # fmt: skip


def _criterion_step(state: DiaDePlayaState, end: Ending, criterion: str) -> EndStep:
    """One criterion: every beach with the blocks it scores lit (its marks) and the
    others dimmed; the caption its points, beach by beach (the shared beach's)."""
    t = end.t
    labels = mark_labels(t)
    beaches = []
    for b in range(state.beach_count):
        marks = step_marks(state, b, criterion)
        pic = BeachPicture(marks=marks, mark_labels=labels, sea_label=t("diadeplaya.beach.sea"),
                           step=True)  # fmt: skip
        beaches.append(beach_section(state, end, b, pic))
    name = criterion_name(criterion, t)
    points = [state.points[b].get(criterion, 0) for b in range(state.beach_count)]
    if state.shared:
        caption = t("diadeplaya.endstep.shared", criterion=name, count=points[0])
    else:
        scores = t("diadeplaya.sep.list").join(
            t("diadeplaya.endstep.beach", name=seat_name(end.seats, b, t), count=x)
            for b, x in enumerate(points)
        )
        caption = t("diadeplaya.endstep.criterion", criterion=name, scores=scores)
    return EndStep(caption, _step_board(criterion, beaches), seat_points(state, criterion))


def step_marks(state: DiaDePlayaState, b: int, criterion: str) -> dict[str, list[Cells]]:
    """The cells ``criterion`` scores on beach ``b``, as :func:`scoring_marks` marks
    them, and for the stalls also those that score as pairs of one type (the first two
    of each pair, row by row), served or not."""
    marks = {c: g for c, g in scoring_marks(state, b).items() if c == criterion}
    if criterion == "stalls" and "stalls" in marks:
        by_type: dict[int, Cells] = {}
        for c, bl in sorted(state.grids[b].items(), key=lambda kv: GRID.xy(kv[0])[::-1]):
            if bl >> 2 == STALL:
                by_type.setdefault(bl & 3, []).append(GRID.xy(c))
        served = {cell for g in marks["stalls"] for cell in g}
        for cells in by_type.values():
            paired = cells[: len(cells) // 2 * 2]
            marks["stalls"] += [[cell] for cell in paired if cell not in served]
    return marks


def _result_step(state: DiaDePlayaState, end: Ending) -> EndStep:
    """The result: every beach, the winners' lit (the winning team's; the shared beach
    when it reached a challenge) and the others dimmed; the caption who won (teams
    play: with each team's points), or the beach reached and the score."""
    t = end.t
    winners = state.winners()
    if state.shared:
        won = {0} if state.won() else set()
    else:
        won = set(winners)
    beaches = [
        beach_section(state, end, b, BeachPicture(sea_label=t("diadeplaya.beach.sea")),
                      "tb-step-on" if b in won else "tb-step-off")
        for b in range(state.beach_count)
    ]  # fmt: skip
    caption = _headline(state, end)
    if state.mode == "teams":
        teams = t("diadeplaya.sep.list").join(
            t("diadeplaya.end.team_total", team=team_name(k, end.seats, t), count=state.score[k])
            for k in (0, 1)
        )
        caption = t("diadeplaya.endstep.teams", result=caption, teams=teams)
    return EndStep(caption, _step_board("result", beaches))
