"""The end of an Arribada game: winners, the scoring breakdown, the final board with
the stranded tiles marked where they stood, and a chart of the scores over the game; and
the end as a sequence on the final board (:func:`end_steps`): the stranded tiles leave,
each quadrant's majority scores, the winner."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.arribada import ArribadaState
from tablero.arribada.data import QUADRANTS

from ...gameend import Ending, EndScreen
from ...plugin import EndStep, Seat, Translate
from ...svg import esc, raw_tag, read_only, tag
from .look import BoardPicture, board_svg, mark_icon, seat_letter
from .style import style_tag
from .words import SEAT_KEYS


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


def _value_text(v: object, t: Translate) -> str:
    return t("arribada.tile.wild_short") if v in (9, "wild") else str(v)


def _points(p: int) -> str:
    return f"{p:+d}" if p else "0"


#: The end screen (its messages ``arribada.end.*``).
END = EndScreen("arr", "arribada", style_tag, SEAT_KEYS.default, final_band=True)


def render_end(state: ArribadaState, seats: list[Seat], t: Translate) -> str:
    """HTML of the end of the game (see :class:`tablero.web.plugin.GameUI`): the scoring
    so far, and the word that it is not over, before the end."""
    end = END.ending(state, seats, t)
    n, colours, names = end.n, end.colours, end.names
    events = final_events(state.history)
    stranded = [e for e in events if e.get("type") == "stranded"]
    majorities = [e for e in events if e.get("type") == "majority"]
    final = state.scores()
    stranded_sum = [sum(e["points"] for e in stranded if e["player"] == p) for p in range(n)]
    majority_sum = [sum(e["points"][p] for e in majorities) for p in range(n)]
    in_game = [final[p] - stranded_sum[p] - majority_sum[p] for p in range(n)]

    winners = state.winners() if state.is_terminal() else []
    headline = end.headline(winners, final[winners[0]]) if winners else t("arribada.end.not_over")
    out = [end.winner_line(winners, final, headline)]
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
                raw_tag("th", end.seat(p))
                + tag("td", in_game[p], class_="arr-num")
                + tag("td", _points(stranded_sum[p]), class_="arr-num")
                + tag("td", _points(majority_sum[p]), class_="arr-num")
                + tag("td", final[p], class_="arr-num"),
                data_seat=p,
                class_="is-winner" if p in winners else None,
            )
        )
    head = tag("th", t("arribada.end.col_player")) + head
    out.append(end.table("summary", head, rows, caption=t("arribada.end.summary")))

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
    qhead = tag("th", t("arribada.end.col_quadrant")) + "".join(
        raw_tag("th", end.seat(p)) for p in range(n)
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
    out.append(end.table("majorities", qhead, qrows))

    # the final board, the stranded tiles ghosted where they stood
    pic = BoardPicture(ghosts=_ghosts(state, stranded, colours), bag_count=state.bag_count)
    svg = _final_board(state, colours, pic, t("arribada.end.board_title"), t)
    out.append(tag("h3", t("arribada.end.board_title")))
    out.append(raw_tag("div", svg, class_="arr-board-wrap arr-end-board"))

    # the chart
    series, final_start = score_series(state.history, n)
    out += end.chart(series, final, final_start=final_start)
    return END.frame(t, out)


def _ghosts(
    state: ArribadaState, stranded: Sequence[Mapping[str, Any]], colours: Sequence[int]
) -> dict[int, tuple[int, int, str, int]]:
    """The stranded tiles where they stood: cell -> (value, colour, letter, penalty)."""
    return {
        state.board.parse_cell(e["cell"]): (
            9 if e["value"] in (9, "wild") else e["value"],
            colours[e["player"]],
            seat_letter(e["player"]),
            e["points"],
        )
        for e in stranded
    }


def _final_board(
    state: ArribadaState, colours: Sequence[int], pic: BoardPicture, title: str, t: Translate
) -> str:
    """The final board with ``pic``'s marks, for reading only."""
    with read_only():
        return board_svg(
            state.board,
            state.values,
            state.owners,
            state.display,
            colours,
            pic,
            title=title,
            display_label=t("arribada.board.display"),
            bag_label=t("arribada.bag.title"),
            rock_label=t("arribada.board.rock"),
        )


# --- the end as a sequence -------------------------------------------------------------


def end_steps(state: ArribadaState, seats: list[Seat], t: Translate) -> list[EndStep]:
    """The end of the game step by step on the final board (see
    :class:`tablero.web.plugin.EndStep`), in the rulebook's order: the stranded tiles
    leave the beach, each costing its owner its number; each quadrant's majority scores;
    the winner.  ``[]`` before the end."""
    if not state.is_terminal():
        return []
    end = END.ending(state, seats, t)
    events = final_events(state.history)
    stranded = [e for e in events if e.get("type") == "stranded"]
    steps = [_stranded_step(state, end, stranded)]
    steps += [_majority_step(state, end, e) for e in events if e.get("type") == "majority"]
    winners = state.winners()
    final = state.scores()
    owned = [c for c, o in enumerate(state.owners) if o >= 0]
    won = [c for c in owned if state.owners[c] in winners]
    pic = BoardPicture(
        bag_count=state.bag_count,
        step_on=won,
        step_off=[c for c, v in enumerate(state.values) if v and c not in won],
    )
    caption = end.headline(winners, final[winners[0]])
    steps.append(EndStep(caption, _step_board(state, end, pic)))
    return steps


def _step_board(state: ArribadaState, end: Ending, pic: BoardPicture) -> str:
    """A step's board: the final board with the step's marks, in the game's frame (its
    stylesheet and root, where the end sequence shows it)."""
    t = end.t
    svg = _final_board(state, end.colours, pic, t("arribada.board.title"), t)
    return raw_tag(
        "div",
        style_tag() + raw_tag("div", svg, class_="arr-board-wrap arr-end-board"),
        class_="arr-end arr-end-step",
        data_game="arribada",
    )


def _stranded_step(
    state: ArribadaState, end: Ending, stranded: Sequence[Mapping[str, Any]]
) -> EndStep:
    """The first step: the tiles in no sequence or set leave the beach, each costing its
    owner its number (a wild nothing), lit where they stood; the rest dimmed."""
    t, n = end.t, end.n
    ghosts = _ghosts(state, stranded, end.colours)
    pic = BoardPicture(
        ghosts=ghosts,
        bag_count=state.bag_count,
        step_on=list(ghosts),
        step_off=[c for c, v in enumerate(state.values) if v],
    )
    if stranded:
        caption = t("arribada.endstep.stranded", count=len(stranded))
    else:
        caption = t("arribada.endstep.stranded_none")
    points = tuple(sum(int(e["points"]) for e in stranded if e["player"] == p) for p in range(n))
    return EndStep(caption, _step_board(state, end, pic), points)


def _majority_step(state: ArribadaState, end: Ending, e: Mapping[str, Any]) -> EndStep:
    """A quadrant's majority: who has the most tiles there and what each scores, its
    tiles lit, the others dimmed."""
    t, n = end.t, end.n
    q = QUADRANTS.index(e["quadrant"])
    counts = [int(c) for c in e["counts"]][:n]
    points = tuple(int(x) for x in e["points"][:n])
    quadrant = t(f"arribada.quadrant.{e['quadrant']}")
    here = [c for c, v in enumerate(state.values) if v and state.board.quadrant[c] == q]
    pic = BoardPicture(
        bag_count=state.bag_count,
        step_on=[c for c in here if state.owners[c] >= 0],
        step_off=[
            c for c, v in enumerate(state.values) if v and (c not in here or state.owners[c] < 0)
        ],
        step_quadrant=q,
    )
    most = max(counts, default=0)
    if not most:
        caption = t("arribada.endstep.majority_empty", quadrant=quadrant)
    else:
        leaders = [p for p, c in enumerate(counts) if c == most]
        if len(leaders) == 1:
            first = t(
                "arribada.endstep.majority",
                quadrant=quadrant,
                name=end.names[leaders[0]],
                count=most,
            )
        else:
            names = ", ".join(end.names[p] for p in leaders)
            first = t("arribada.endstep.majority_tie", quadrant=quadrant, names=names, count=most)
        parts = ", ".join(
            t(
                "arribada.log.majority_part",
                name=end.names[p],
                count=counts[p],
                points=_points(points[p]),
            )
            for p in range(n)
        )
        then = t("arribada.endstep.points", parts=parts)
        caption = t("arribada.log.sep", a=first, b=then)
    return EndStep(caption, _step_board(state, end, pic), points)
