"""The end of an Arraial game: the winner (and the pairs tie-break when it decided), each
player's points explained (colour visitors, white visitors who joined the street, pairs
at 2 points), the pairs' holders and their zones, each final street, and a chart of the
scores over the game; and the end as a sequence on the final streets (:func:`end_steps`):
each colour's zones with their visitors, the white visitors who joined, each pair, the
winner."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.arraial import ArraialState
from tablero.arraial.data import COLOURS, PAIR_POINTS, VISITOR_POINTS

from ...gameend import Ending, EndScreen
from ...plugin import EndStep, Seat, Translate
from ...svg import esc, raw_tag, read_only, tag
from .log import LOG, pairs_held
from .style import style_tag
from .table import pair_cells, street_panel
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


# --- the end as a sequence -------------------------------------------------------------

ON, OFF = "tb-step-on", "tb-step-off"


def end_steps(state: ArraialState, seats: list[Seat], t: Translate) -> list[EndStep]:
    """The end of the game step by step on the final streets (see
    :class:`tablero.web.plugin.EndStep`), in the rulebook's order of the points: each
    colour's zones with the visitors standing on them, the white visitors who joined the
    streets, each pair with its holder's zone, then the winner.  The steps add up to the
    final scores.  ``[]`` before the end."""
    if not state.is_terminal():
        return []
    end = END.ending(state, seats, t)
    steps = [_visitors_step(state, end, colour) for colour in COLOURS]
    steps.append(_whites_step(state, end))
    steps += [_pair_step(state, end, colour) for colour in COLOURS]
    winners = state.winners()
    # who won, and how a tie on points was broken (the log's words)
    caption = LOG.winners(winners, state.scores(), pairs_held(state.pairs, end.n), end.seats, t)
    lit = {p: ON if p in winners else OFF for p in range(end.n)}
    return [step for step in steps if step is not None] + [
        EndStep(caption, _streets(state, end, {}, lit))
    ]


def _streets(
    state: ArraialState,
    end: Ending,
    marks: Mapping[int, tuple[Sequence[tuple[int, int]], Mapping[str, str]]],
    lit: Mapping[int, str],
) -> str:
    """A step's board: every final street, read only, with its ``marks`` (seat -> cells
    ringed, classes by part) and its panel lit or dimmed (``lit``), in the game's frame
    (its stylesheet and root, where the end sequence shows it)."""
    streets = []
    with read_only():
        for p in range(end.n):
            on, step = marks.get(p, ((), {}))
            panel = street_panel(state, p, end.seats, end.t, heading="h3", step_on=on, step=step)
            cls = "arl-end-street" + (f" {lit[p]}" if p in lit else "")
            streets.append(raw_tag("div", panel, class_=cls, data_step_street=p))
    return raw_tag(
        "div",
        style_tag() + raw_tag("div", "".join(streets), class_="arl-end-streets"),
        class_="arl-end arl-end-step",
        data_game="arraial",
    )


def _dimmed(state: ArraialState, p: int, keep: Sequence[str] = ()) -> dict[str, str]:
    """Every part of seat ``p``'s street dimmed (its pieces, visitors, pairs and crowd)
    but those named in ``keep``, which are lit."""
    parts = [f"piece:{k + 1}" for k in range(len(state.pieces[p]))]
    parts += [f"visitor:{c}:{k}" for c, k in state.visitors[p]]
    parts += [f"pair:{c}" for c, q in state.pairs.items() if q == p]
    parts.append("crowd")
    return {part: ON if part in keep else OFF for part in parts}


def _scored(end: Ending, points: Sequence[int]) -> str:
    """Who scored what in a step: "Ana +2, Ben +1" (plain text)."""
    sep = end.t("arraial.sep.list")
    return sep.join(f"{end.names[p]} +{x}" for p, x in enumerate(points) if x)


def _visitors_step(state: ArraialState, end: Ending, colour: str) -> EndStep | None:
    """The zones of ``colour`` with the visitors standing on them, a point each (none
    when no street has a visitor of that colour)."""
    t, n = end.t, end.n
    counts = [sum(1 for c, _ in state.visitors[p] if c == colour) for p in range(n)]
    points = tuple(VISITOR_POINTS * x for x in counts)
    if not any(points):
        return None
    marks = {}
    for p in range(n):
        cells = [c for z, cs, seen in state.zones(p) if z == colour and seen for c in cs]
        pieces = {state.streets[p][y][x] for x, y in cells}
        keep = [f"piece:{k}" for k in pieces]
        keep += [f"visitor:{c}:{k}" for c, k in state.visitors[p] if c == colour]
        marks[p] = (sorted(cells, key=lambda c: (c[1], c[0])), _dimmed(state, p, keep))
    lit = {p: OFF for p in range(n) if not points[p]}
    each = t("arraial.seat.score", count=VISITOR_POINTS)
    first = t("arraial.endstep.visitors", colour=colour_name(colour, t), count=sum(counts),
              points=each)  # fmt: skip
    then = t("arraial.endstep.scored", parts=_scored(end, points))
    caption = t("arraial.sep.sentence", a=first, b=then)
    return EndStep(caption, _streets(state, end, marks, lit), points)


def _whites_step(state: ArraialState, end: Ending) -> EndStep | None:
    """The white visitors who joined the streets from the level bars, a point each (none
    when no white visitor joined a street)."""
    t, n = end.t, end.n
    points = tuple(VISITOR_POINTS * state.street_whites[p] for p in range(n))
    if not any(points):
        return None
    marks = {p: ((), _dimmed(state, p, ["crowd"])) for p in range(n)}
    lit = {p: OFF for p in range(n) if not points[p]}
    each = t("arraial.seat.score", count=VISITOR_POINTS)
    first = t("arraial.endstep.whites", count=sum(state.street_whites), points=each)
    then = t("arraial.endstep.scored", parts=_scored(end, points))
    caption = t("arraial.sep.sentence", a=first, b=then)
    return EndStep(caption, _streets(state, end, marks, lit), points)


def _pair_step(state: ArraialState, end: Ending, colour: str) -> EndStep | None:
    """The pair of ``colour`` with its holder, on the holder's largest zone of it (none
    when nobody holds it)."""
    t, n = end.t, end.n
    holder = state.pairs.get(colour)
    if holder is None:
        return None
    zones = [cs for z, cs, _ in state.zones(holder) if z == colour]
    stand = pair_cells(state, holder).get(colour)
    cells = max(zones, key=lambda cs: (len(cs), stand in cs), default=frozenset())
    pieces = {state.streets[holder][y][x] for x, y in cells}
    keep = [f"piece:{k}" for k in pieces] + [f"pair:{colour}"]
    marks = {holder: (sorted(cells, key=lambda c: (c[1], c[0])), _dimmed(state, holder, keep))}
    lit = {p: OFF for p in range(n) if p != holder}
    points = tuple(PAIR_POINTS if p == holder else 0 for p in range(n))
    caption = t(
        "arraial.endstep.pair",
        colour=colour_name(colour, t),
        name=end.names[holder],
        count=len(cells),
        points=t("arraial.seat.score", count=PAIR_POINTS),
    )
    return EndStep(caption, _streets(state, end, marks, lit), points)
