"""Game-neutral pieces of a game's table, as pure functions returning HTML text.

Every game's table has the same frame: a strip of seats with the one to play marked, a
status line with its badges and hint, buttons (``data-act``, ``data-move``), the
confirm/cancel pair of the pick-then-target flow, and a root element carrying
``data-game``.  Each function takes the game's class ``prefix`` (``arr``, ``arb``) so the
markup stays inside the game's own stylesheet; untrusted text (seat names) is escaped
here, with :func:`tablero.web.svg.esc`.

The move builder narrows ``legal_moves()`` by the moves' fields instead of their text:

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Put:
...     value: int
...     x: int
...     y: int
>>> moves = [Put(3, 0, 1), Put(3, 2, 1), Put(4, 0, 1)]
>>> narrow(moves, Put, value=3)
[Put(value=3, x=0, y=1), Put(value=3, x=2, y=1)]
>>> sorted(targets(narrow(moves, Put, value=3), field="x,y"))
['0,1', '2,1']
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple, TypeVar, overload

from tablero.core import State

from .marks import DASHES, colour_class, mark_icon, seat_letter, seat_mark
from .plugin import Seat, Translate
from .svg import esc, num, raw_tag, tag

__all__ = [
    "ChartLabels",
    "Zoom",
    "ZoomKeys",
    "button",
    "confirm_cancel",
    "controls",
    "end_frame",
    "FlowKeys",
    "SeatKeys",
    "flow_hint",
    "narrow",
    "seat_colours",
    "seat_item",
    "is_you",
    "said",
    "seat_name",
    "score_chart",
    "seat_strip",
    "status_line",
    "LayoutKeys",
    "margin_text",
    "news_text",
    "since_last_turn",
    "table_frame",
    "table_layout",
    "targets",
    "winner_line",
]

M = TypeVar("M")


# --- the move builder ------------------------------------------------------------------


@overload
def narrow(moves: Iterable[Any], type: type[M], /, **fields: Any) -> list[M]: ...
@overload
def narrow(moves: Iterable[M], type: None = None, /, **fields: Any) -> list[M]: ...
def narrow(moves: Iterable[Any], type: type[Any] | None = None, /, **fields: Any) -> list[Any]:
    """The ``moves`` of class ``type`` (any class when ``None``) whose fields equal
    ``fields``; a move without one of the fields never matches.

    >>> narrow([1, "a", 2], int)
    [1, 2]
    """
    missing = object()
    return [
        m
        for m in moves
        if (type is None or isinstance(m, type))
        and all(getattr(m, k, missing) == v for k, v in fields.items())
    ]


def targets(moves: Iterable[M], field: str) -> dict[str, M]:
    """``moves`` by the values of their fields ``field`` (names joined by commas), the
    values joined by commas: ``targets(plays, field="x,y")`` -> ``{"1,-2": play, ...}``.
    A move without one of the fields is left out; the last of equal keys wins."""
    names = [f.strip() for f in field.split(",")]
    out: dict[str, M] = {}
    for m in moves:
        if all(hasattr(m, f) for f in names):
            out[",".join(str(getattr(m, f)) for f in names)] = m
    return out


# --- seats -----------------------------------------------------------------------------


def seat_name(seats: Sequence[Seat], p: int | None, t: Translate, default_key: str) -> str:
    """Seat ``p``'s name (plain text, escape before use), or the game's stand-in: the
    message ``default_key`` with the seat's ``letter``."""
    if p is not None and 0 <= p < len(seats) and seats[p].name.strip():
        return seats[p].name
    return t(default_key, letter=seat_letter(p or 0))


def is_you(seats: Sequence[Seat], p: object) -> bool:
    """Whether seat ``p`` is the one person at the device (:attr:`Seat.you`)."""
    return isinstance(p, int) and 0 <= p < len(seats) and seats[p].you


def said(
    t: Translate, key: str, seats: Sequence[Seat], p: object, default_key: str, **params: Any
) -> str:
    """The message ``key`` whose subject is seat ``p``: its second-person form
    ``<key>.you`` ("You take", "Your turn ends": no name) when ``p`` is the person at the
    device, else ``key`` with the seat's ``name`` ("Ana takes")."""
    if is_you(seats, p):
        return t(f"{key}.you", **params)
    seat = p if isinstance(p, int) else None
    return t(key, name=seat_name(seats, seat, t, default_key), **params)


def seat_colours(seats: Sequence[Seat], n: int) -> list[int]:
    """The colour of each of ``n`` seats (a seat beyond ``seats`` takes its index)."""
    return [seats[p].colour if p < len(seats) else p for p in range(n)]


def seat_item(
    prefix: str,
    p: int,
    colour: int,
    name: str,
    *,
    turn: bool,
    you: str | None,
    line: str,
    extra: str = "",
) -> str:
    """One seat of the strip: its mark, its ``name`` (escaped), ``you`` (the viewer's
    tag, escaped) when it is the viewer's (unless the name already says it: a tutorial's
    "You" is not followed by "(you)"), then the HTML ``line`` (score...) and ``extra``;
    marked ``is-turn`` and ``aria-current`` when it is to play."""
    head = mark_icon(colour, seat_letter(p)) + tag("span", name, class_=f"{prefix}-seat-name")
    if you is not None and you.strip(" ()（）").casefold() != name.strip().casefold():
        head += tag("span", you, class_=f"{prefix}-seat-you")
    cls = f"{prefix}-seat {colour_class(colour)}" + (" is-turn" if turn else "")
    return raw_tag(
        "li",
        raw_tag("div", head, class_=f"{prefix}-seat-head")
        + raw_tag("div", line, class_=f"{prefix}-seat-line")
        + extra,
        class_=cls,
        data_seat=p,
        aria_current="true" if turn else None,
    )


class SeatKeys(NamedTuple):
    """A game's messages for its seat strip: a nameless seat (``letter``), the viewer's
    tag, the flag of the seat to play."""

    default: str
    you: str
    to_play: str


def _nothing(p: int) -> str:
    return ""


def seat_strip(
    prefix: str,
    view: State,
    seats: Sequence[Seat],
    t: Translate,
    keys: SeatKeys,
    *,
    line: Callable[[int], str],
    after_flag: Callable[[int], str] = _nothing,
    extra: Callable[[int], str] = _nothing,
) -> str:
    """The seats of ``view`` as an ordered list of :func:`seat_item`: each seat's
    ``line(p)`` (HTML), the flag when it is to play, ``after_flag(p)``, then
    ``extra(p)`` below the line."""
    colours = seat_colours(seats, view.num_players)
    items = []
    for p in range(view.num_players):
        turn = p == view.current_player
        flag = tag("span", t(keys.to_play), class_=f"{prefix}-turn-flag") if turn else ""
        items.append(
            seat_item(
                prefix,
                p,
                colours[p],
                seat_name(seats, p, t, keys.default),
                turn=turn,
                you=t(keys.you) if p == view.viewer else None,
                line=line(p) + flag + after_flag(p),
                extra=extra(p),
            )
        )
    return raw_tag("ol", "".join(items), class_=f"{prefix}-seats")


# --- status, buttons, frame ------------------------------------------------------------


class FlowKeys(NamedTuple):
    """A game's hints along the pick-then-target flow: confirm the chosen move, choose
    a target for the picked piece (with its words as parameters), pick a piece."""

    confirm: str
    target: str
    pick: str


def flow_hint(
    t: Translate, keys: FlowKeys, *, chosen: bool, picked: Mapping[str, str] | None
) -> str:
    """The hint of the pick-then-target flow: confirm once a move is ``chosen``, choose
    a target once a piece is ``picked`` (its message's parameters), else pick one."""
    if chosen:
        return t(keys.confirm)
    if picked is not None:
        return t(keys.target, **picked)
    return t(keys.pick)


def status_line(
    prefix: str,
    text: str,
    badges: Iterable[str] = (),
    hint: str = "",
    news: str = "",
    focus: bool = False,
    keys: str = "",
) -> str:
    """The live status line: what the others just did (``news``, from
    :func:`news_text`), then ``text``, its ``badges``, the ``hint`` and the hint's
    keyboard words (``keys``: "the arrow keys ...", hidden on a touch-only device by
    the class ``tb-keys``), all escaped.
    A screen reader reads it whenever it changes (``role=status``).  With ``focus`` (the
    others' turn: no decision of the viewer's) it holds the keyboard focus, named by
    ``text``."""
    # the parts are separated by spaces: a screen reader reads the text as one line
    parts = [tag("span", news, class_="tb-news")] if news else []
    parts.append(tag("span", text, class_="tb-now"))
    parts.extend(tag("span", b, class_=f"{prefix}-badge") for b in badges)
    if hint:
        parts.append(tag("span", hint, class_=f"{prefix}-hint"))
    if keys:
        parts.append(tag("span", keys, class_=f"{prefix}-hint tb-keys"))
    return raw_tag(
        "p", " ".join(parts), class_=f"{prefix}-status tb-status", role="status",
        aria_live="polite", tabindex="-1" if focus else None,
        data_focus="1" if focus else None, aria_label=text if focus else None,
    )  # fmt: skip


def button(prefix: str, label: str, act: str, primary: bool = False, **data: Any) -> str:
    """A button with ``data-act="<act>"`` and a ``data-<key>`` per keyword (``move=``:
    ``data-move``); the label is escaped."""
    return tag(
        "button",
        label,
        type="button",
        class_=f"{prefix}-btn" + (" is-primary" if primary else ""),
        data_act=act,
        **{f"data_{k}": v for k, v in data.items()},
    )


def controls(prefix: str, buttons: Iterable[str]) -> str:
    """A row of buttons."""
    return raw_tag("div", "".join(buttons), class_=f"{prefix}-controls")


def confirm_cancel(prefix: str, confirm: str, move: str, cancel: str) -> str:
    """The end of the pick-then-target flow: confirm the chosen ``move`` (its text, as
    ``data-move``; ``data-act="confirm-move"``; the keyboard's focus goes there) or
    cancel it (``cancel-move``; Escape presses it)."""
    return controls(
        prefix,
        [
            button(prefix, confirm, "confirm-move", True, move=move, focus="1"),
            button(prefix, cancel, "cancel-move", esc="1"),
        ],
    )


def table_frame(
    prefix: str,
    game: str,
    phase: str,
    viewer: int | None,
    style: str,
    body: str,
    decision: str | None = None,
) -> str:
    """The table's root element: ``data-game`` (its stylesheet's scope), the phase and
    the viewer, holding the game's ``style`` tag and ``body``.  ``decision`` names the
    pending decision (``data-decision``): when it changes after a render, the page moves
    the keyboard focus to the element marked ``data-focus`` (its first target)."""
    # The decision is named on an element of its own: the table's root keeps its
    # attributes, so a render patches inside it (static/boot.js, tableroPatch).
    mark = tag("span", "", hidden="hidden", data_decision=decision) if decision else ""
    return raw_tag(
        "div",
        mark + style + body,
        class_=f"{prefix}-table tb-table",
        data_game=game,
        data_phase=phase,
        data_viewer=viewer,
    )


class LayoutKeys(NamedTuple):
    """Catalog keys of the table layout's landmarks: the board's frame, the side panel
    (and its drawer's open and close buttons on a narrow screen), the player's dock."""

    board: str
    side: str
    dock: str


def table_layout(
    t: Translate,
    keys: LayoutKeys,
    *,
    top: str,
    board: str,
    side: str = "",
    dock: str = "",
    hand: str = "",
    actions: str = "",
) -> str:
    """The body of every game's table, one screen per turn (docs/architecture.md, "The
    table"): ``top`` (seats and status) across the top; the ``board`` in a frame that
    takes the space left and scales or pans its content; the ``side`` panels (supplies,
    the other players) beside it, or in a drawer on a narrow screen (its button is in
    the top strip); along the bottom the dock: the pending decision's panel ``dock``
    (a preview, the piles to draw from), the player's pieces ``hand`` and the decision's
    ``actions``.  Nothing is ever put between the board and the player's pieces.  The
    layout's classes (``tb-*``) are the shell's (``static/app-shell.css``)."""
    toggle = ""
    side_html = ""
    if side:
        toggle = tag(
            "button", t(keys.side), type="button", class_="tb-btn tb-side-open",
            data_act="app.drawer", data_drawer="side", aria_controls="tb-side",
        )  # fmt: skip
        close = tag(
            "button", t("app.drawer.close"), type="button", class_="tb-btn tb-drawer-close",
            data_act="app.drawer", data_drawer="", data_esc="1",
        )  # fmt: skip
        side_html = raw_tag(
            "aside", close + side, class_="tb-side", id="tb-side", aria_label=t(keys.side)
        )
    middle = raw_tag(
        "div",
        raw_tag("div", board, class_="tb-board", role="region", aria_label=t(keys.board))
        + side_html,
        class_="tb-middle" + (" has-side" if side else ""),
    )
    bottom = ""
    if dock or hand or actions:
        bottom = raw_tag(
            "section",
            (raw_tag("div", dock, class_="tb-decision") if dock else "")
            + raw_tag(
                "div",
                (raw_tag("div", hand, class_="tb-hand") if hand else "")
                + (raw_tag("div", actions, class_="tb-actions") if actions else ""),
                class_="tb-dock-row",
            ),
            class_="tb-dock",
            aria_label=t(keys.dock),
        )
    return raw_tag("header", top + toggle, class_="tb-top") + middle + bottom


# --- what the others did -----------------------------------------------------------------


def since_last_turn(
    history: Sequence[Mapping[str, Any]], seat: int | None
) -> list[Mapping[str, Any]]:
    """The entries of ``history`` after ``seat``'s last one: what the others did since
    that player last acted (everything, if they have not acted yet; nothing for
    ``None``).  Pass the history of ``seat``'s own view, so hidden things stay hidden.

    >>> h = [{"player": 0}, {"player": 1}, {"player": 1}, {"player": 0}, {"player": 1}]
    >>> since_last_turn(h, 0)
    [{'player': 1}]
    >>> since_last_turn(h, 1), len(since_last_turn(h[:3], 0))
    ([], 2)
    """
    if seat is None:
        return []
    out: list[Mapping[str, Any]] = []
    for entry in reversed(history):
        if entry.get("player") == seat:
            break
        out.append(entry)
    return out[::-1]


def news_text(
    entries: Sequence[Mapping[str, Any]],
    describe: Callable[[Mapping[str, Any]], str],
    t: Translate,
) -> str:
    """The others' moves of :func:`since_last_turn` in words, one sentence: the
    descriptions joined (plain text, escape before use); empty when nothing happened."""
    said = []
    for entry in entries:
        try:
            text = describe(entry)
        except Exception:  # noqa: BLE001 - a description must never hide the table
            text = str(entry.get("move", ""))
        if text:
            said.append(text)
    return t("app.news", moves=" ".join(said)) if said else ""


# --- the end screen --------------------------------------------------------------------


def winner_line(
    prefix: str, winners: Sequence[int], colours: Sequence[int], text: str, margin: str = ""
) -> str:
    """The end screen's headline: the winners' marks, then ``text`` and the ``margin``
    (:func:`margin_text`; both escaped)."""
    marks = "".join(mark_icon(colours[w], seat_letter(w), 28) for w in winners)
    extra = tag("span", margin, class_="tb-margin") if margin else ""
    return raw_tag("p", marks + esc(text) + extra, class_=f"{prefix}-winner")


def margin_text(
    scores: Sequence[int], winners: Sequence[int], names: Sequence[str], t: Translate
) -> str:
    """By how much the winners won: ``7 points ahead of Ben`` (the best of the others),
    or nothing when nobody else played or everyone shared the win.

    >>> margin_text([54, 47, 50], [0], ["Ana", "Ben", "Cy"], lambda k, **p: f"{p}")
    "{'points': 4, 'name': 'Cy'}"
    """
    others = [p for p in range(len(scores)) if p not in winners]
    if not winners or not others:
        return ""
    runner = max(others, key=lambda p: (scores[p], -p))
    gap = scores[winners[0]] - scores[runner]
    if gap <= 0:  # level on points, won on a tie-break
        return t("app.end.margin-tie", name=names[runner])
    return t("app.end.margin", points=gap, name=names[runner])


def end_frame(prefix: str, game: str, style: str, title: str, parts: Sequence[str]) -> str:
    """The end screen's root element (``data-game``): the game's ``style`` tag, the
    result first (the first of the HTML ``parts``: the :func:`winner_line`), then the
    ``title`` (escaped) as the heading of the rest of ``parts`` (the breakdown)."""
    head, rest = (parts[0], parts[1:]) if parts else ("", ())
    return raw_tag(
        "div",
        style + head + tag("h2", title) + "".join(rest),
        class_=f"{prefix}-end",
        data_game=game,
    )


# --- the score chart ------------------------------------------------------------------


def _nice_step(span: float) -> int:
    raw = max(span / 5, 1)
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * mag:
            return int(m * mag)
    return int(10 * mag)


class ChartLabels(NamedTuple):
    """The texts of a score chart (already translated)."""

    title: str
    final: str  # over the final-scoring steps
    x: str
    y: str


def score_chart(
    series: list[list[int]],
    final_start: int | None,
    colours: Sequence[int],
    names: Sequence[str],
    labels: ChartLabels,
    prefix: str,
) -> str:
    """An SVG line chart of every player's score after each step (``series``), the
    final-scoring steps from ``final_start`` on a shaded band: one polyline per player,
    in the seat's colour, with its own dash pattern and marker shape, labelled axes and
    a legend; classes ``<prefix>-chart*`` and ``<prefix>-legend``."""
    w, h = 640, 300
    grid, text, axis = f"{prefix}-chart-grid", f"{prefix}-chart-text", f"{prefix}-chart-axis"
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

    parts = [tag("title", labels.title)]
    if final_start is not None:
        parts.append(
            tag(
                "rect",
                x=num(x(final_start)),
                y=top,
                width=num(x(last) - x(final_start)),
                height=h - top - bottom,
                class_=f"{prefix}-chart-final",
            )
        )
        parts.append(
            tag(
                "text",
                labels.final,
                x=num(x(last) - 3),
                y=top + 11,
                class_=text,
                text_anchor="end",
            )
        )
    v = lo
    while v <= hi:
        parts.append(
            tag(
                "line",
                x1=left,
                x2=w - right,
                y1=num(y(v)),
                y2=num(y(v)),
                class_=grid,
            )
        )
        parts.append(
            tag(
                "text",
                v,
                x=left - 6,
                y=num(y(v) + 4),
                class_=text,
                text_anchor="end",
            )
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
                class_=text,
                text_anchor="middle",
            )
        )
    parts.append(tag("line", x1=left, x2=left, y1=top, y2=h - bottom, class_=axis))
    parts.append(tag("line", x1=left, x2=w - right, y1=num(y(0)), y2=num(y(0)), class_=axis))
    parts.append(
        tag(
            "text",
            labels.x,
            x=num((left + w - right) / 2),
            y=h - 6,
            class_=text,
            text_anchor="middle",
        )
    )
    parts.append(
        tag(
            "text",
            labels.y,
            x=0,
            y=0,
            class_=text,
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
                class_=f"{prefix}-chart-line {colour_class(colours[p])}",
                stroke_dasharray=DASHES[p % len(DASHES)] or None,
                data_seat=p,
            )
        )
        marks = sorted(set(range(p % every, len(series), every)) | {len(series) - 1})
        parts.append(
            raw_tag(
                "g",
                "".join(seat_mark(x(i), y(series[i][p]), 5, colours[p], "") for i in marks),
                class_=f"{prefix}-chart-marks",
            )
        )
    svg = raw_tag(
        "svg",
        "".join(parts),
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {w} {h}",
        class_=f"{prefix}-chart",
        role="img",
        aria_label=labels.title,
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
                    class_=f"{prefix}-chart-line {colour_class(colours[p])}",
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
    return svg + raw_tag("ul", legend, class_=f"{prefix}-legend")


# --- a zoomable view ------------------------------------------------------------------


#: Two zoom scales closer than this factor count as the same size (a step from fit).
ZOOM_SAME = 1.05


def _positive(text: str | None) -> float | None:
    """A positive finite number written in ``text`` (a page's measure), else ``None``."""
    try:
        x = float(text) if text else math.nan
    except ValueError:
        return None
    return x if math.isfinite(x) and x > 0 else None


class ZoomKeys(NamedTuple):
    """Catalog keys of the zoom controls: the fit button's text and label, out, in, and
    the group's label."""

    fit: str
    fit_label: str
    zoom_out: str
    zoom_in: str
    group: str


class Zoom(NamedTuple):
    """The zoom of a view too large for its box (a growing grid): ``levels`` are scales
    (1 = the drawing's own size), no level means fit to the container; the view's
    wrapper scrolls (pans) when zoomed in.  The level lives in the selection under
    ``key`` (a view setting that survives moves).

    From fitting the box, "in" and "out" go to ``from_fit``'s levels; with ``fit_view``
    (a CSS selector of the fitted drawing: an element with a ``viewBox``) the page
    measures the scale it is fitted at when they are clicked (``data-fit``, the buttons
    carry ``data-fit-of``), and they go to the level next to it, one step either way.

    >>> z = Zoom((0.5, 1.0, 2.0), {"in": 2, "out": 0})
    >>> z.step(None, "in"), z.step(2, "in"), z.step(1, "fit"), z.step(1, "sideways")
    ((True, 2), (True, 2), (True, None), (False, 1))
    >>> z.step(None, "in", "0.7"), z.step(None, "out", "0.7"), z.step(None, "out", "1.0")
    ((True, 1), (True, 0), (True, 0))
    >>> z.step(None, "in", "2.0"), z.step(None, "in", "nan"), z.step(None, "out", "0.4")
    ((True, 2), (True, 2), (True, 0))
    """

    levels: tuple[float, ...]
    from_fit: Mapping[str, int]  # the level "in" and "out" go to from fitting the box
    key: str = "zoom"
    fit_view: str | None = None  # the fitted drawing's selector, measured by the page

    def level(self, data: Mapping[str, Any]) -> int | None:
        """The level a selection's data holds (``None``: fit), ignoring a bad value."""
        z = data.get(self.key)
        return z if isinstance(z, int) and 0 <= z < len(self.levels) else None

    def next_to(self, scale: float, how: str) -> int:
        """The level one step ``in`` (larger) or ``out`` (smaller) from ``scale``: a
        level within :data:`ZOOM_SAME` of it counts as the same size, so a step always
        shows a change (as far as the levels go)."""
        if how == "in":
            bigger = [i for i, z in enumerate(self.levels) if z > scale * ZOOM_SAME]
            return bigger[0] if bigger else len(self.levels) - 1
        smaller = [i for i, z in enumerate(self.levels) if z * ZOOM_SAME < scale]
        return smaller[-1] if smaller else 0

    def step(
        self, current: int | None, how: str | None, fit: str | None = None
    ) -> tuple[bool, int | None]:
        """``(handled, level)`` after a zoom button (``data-zoom``: in, out, fit);
        ``fit``: the scale the page measured the fitted view at (``data-fit``), if any."""
        if how == "fit":
            return True, None
        if how in ("in", "out"):
            if current is None:
                scale = _positive(fit)
                if scale is None:
                    return True, self.from_fit[how]
                return True, self.next_to(scale, how)
            move = 1 if how == "in" else -1
            return True, max(0, min(len(self.levels) - 1, current + move))
        return False, current

    def controls(self, prefix: str, current: int | None, t: Translate, keys: ZoomKeys) -> str:
        """The out / fit (showing the scale) / in buttons (``data-act="zoom"``)."""
        label = t(keys.fit) if current is None else f"{round(self.levels[current] * 100)}%"
        btn = f"{prefix}-btn is-small"
        fit_of = self.fit_view if current is None else None  # measured from fit only
        return raw_tag(
            "div",
            tag("button", "\u2212", type="button", class_=btn, data_act="zoom",
                data_zoom="out", aria_label=t(keys.zoom_out), title=t(keys.zoom_out),
                disabled=current == 0, data_fit_of=fit_of)
            + tag("button", label, type="button", class_=btn, data_act="zoom",
                  data_zoom="fit", title=t(keys.fit_label),
                  # the name holds the text shown (the scale when zoomed)
                  aria_label=t(keys.fit_label) if current is None
                  else f"{label}: {t(keys.fit_label)}",
                  data_zoom_level=label)
            + tag("button", "+", type="button", class_=btn, data_act="zoom",
                  data_zoom="in", aria_label=t(keys.zoom_in), title=t(keys.zoom_in),
                  disabled=current == len(self.levels) - 1, data_fit_of=fit_of),
            class_=f"{prefix}-zoom",
            role="group",
            aria_label=t(keys.group),
        )  # fmt: skip
