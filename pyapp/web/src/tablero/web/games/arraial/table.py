"""The Arraial table: what a player sees and clicks during a game.

:func:`render_table` draws the view for its viewer; :func:`on_click` turns a click
into a new selection and, when a move is complete, a move from ``legal_moves()``.

The board is the viewer's street with the central board beside it, turned as the
viewer sees it.  Placing a piece is two engine decisions: ``take <slot>`` (a card of
the octagon) and then its landing, chosen on the street: every drop column holds the
ghost of where the piece comes to rest there (shown under the pointer or the keyboard's
focus, by the stylesheet); clicking a column chooses that drop (when it is legal) and
shows the slides it allows as outlines; a slide can be chosen instead; Confirm plays it.

Clicks (``data-act``):

==================  ==========================================================
``move``            a one-step move (``data-move``): rotate, take, end, back, fill
``column``          a drop column of the street (``data-column``)
``landing``         a slide's landing (``data-move``: its ``land ...`` text)
``confirm-move``    play the chosen landing (after its preview)
``cancel-move``     forget the chosen column and landing
==================  ==========================================================

The selection holds ``column`` (an int) and ``landing`` (a ``land ...`` text).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablero.arraial import ArraialState, Back, End, Fill, Land, Rotate, Take
from tablero.arraial.data import (
    ACTION_POINTS,
    CARD_CODES,
    CARDS,
    COLOURS,
    COLUMNS,
    MIN_PLACEMENTS,
    PAIR_POINTS,
    SHAPE_COLOUR,
    SLOTS,
    VISITOR_POINTS,
)
from tablero.arraial.shapes import cells as shape_cells
from tablero.arraial.shapes import normalise
from tablero.arraial.street import drops, landings, parse_cell, shape_mask, slides
from tablero.core import State

from ... import widgets
from ...plugin import Seat, Selection, Translate, table_renderer
from ...svg import esc, raw_tag, tag
from ...widgets import narrow, seat_colours
from .log import describe
from .look import (
    CELL,
    ROWS,
    CentralPicture,
    Column,
    StreetPicture,
    board_svg,
    central_group,
    mark_icon,
    seat_letter,
    street_group,
    street_svg,
    visitor_icon,
)
from .style import style_tag
from .words import SEAT_KEYS, card_words, cells_words, colour_name, seat_name

Cells = tuple[tuple[int, int], ...]
HINT_KEYS = widgets.FlowKeys("arraial.hint.confirm", "arraial.hint.column", "arraial.hint.take")
#: The strip of seats across the top.
STRIP = widgets.SeatStrip("arl", SEAT_KEYS)
#: The status line, with the news of the others' moves.
STATUS = widgets.TurnStatus("arl", describe)
#: How long (ms) a visitor, a pair, then a score wait: the piece lands, then they come.
APPEAR_DELAY = 300
COUNT_DELAY = 450
LAYOUT_KEYS = widgets.LayoutKeys("arraial.layout.board", "arraial.layout.side", "app.layout.dock")


# --- small helpers shared with the other Arraial modules ---------------------------------


def arraial_state(state: State) -> ArraialState:
    """``state`` as the :class:`ArraialState` it is: the shell gives this plugin the
    states of its own game only (``TypeError`` for any other)."""
    if not isinstance(state, ArraialState):
        raise TypeError(f"not an Arraial state: {type(state).__name__}")
    return state


def piece_colours(view: ArraialState, p: int) -> list[str]:
    return [piece.colour for piece in view.pieces[p]]


def pair_cells(view: ArraialState, p: int) -> dict[str, tuple[int, int]]:
    """Where each pair seat ``p`` holds stands: on the top cell of its largest zone of
    that colour (the zone that took it, or has grown since)."""
    out: dict[str, tuple[int, int]] = {}
    held = [c for c, holder in view.pairs.items() if holder == p]
    if not held:
        return out
    zones = view.zones(p)
    for colour in held:
        mine = [cells for (c, cells, _) in zones if c == colour]
        if mine:
            best = max(mine, key=len)
            out[colour] = max(best, key=lambda c: (c[1], c[0]))  # its top right cell
    return out


def street_picture_parts(
    view: ArraialState, p: int
) -> tuple[Sequence[Sequence[int]], list[str], list[Cells]]:
    """Seat ``p``'s street as the look draws it: rows, piece colours, piece cells."""
    pieces = view.pieces[p]
    return view.streets[p], [x.colour for x in pieces], [tuple(x.cells) for x in pieces]


def piece_labels(
    view: ArraialState, p: int, t: Translate, recent: Sequence[Cells] = ()
) -> dict[int, str]:
    """What each piece of a street says to a screen reader: "yellow O on c1 d1 c2 d2"."""
    out = {}
    fresh = {frozenset(c) for c in recent}
    for i, piece in enumerate(view.pieces[p]):
        label = t(
            "arraial.piece.label",
            colour=colour_name(piece.colour, t),
            shape=piece.shape,
            cells=cells_words(piece.cells),
        )
        if frozenset(piece.cells) in fresh:
            label += t("arraial.piece.recent")
        out[i + 1] = label
    return out


def own_seat(view: ArraialState) -> int:
    """Whose street is the board: the viewer's, else the player to move (or seat A)."""
    if view.viewer is not None:
        return view.viewer
    return view.current_player if view.current_player is not None else 0


def seen_cards(view: ArraialState, seat: int) -> list[tuple[Cells, str, str] | None]:
    """The three slots as ``seat`` sees them: (cells, colour, code) or None."""
    out: list[tuple[Cells, str, str] | None] = []
    for slot, c in enumerate(view.slots):
        if c is None:
            out.append(None)
            continue
        shape, turns = view.seen(slot, seat)
        out.append((shape_cells(shape, turns), SHAPE_COLOUR[shape], CARD_CODES[c]))
    return out


def face_up_cards(view: ArraialState) -> list[tuple[Cells, str, str]]:
    """The face-up cards in their printed orientation."""
    out = []
    for c in view.face_up:
        shape, turns = CARDS[c]
        out.append((shape_cells(shape, turns), SHAPE_COLOUR[shape], CARD_CODES[c]))
    return out


# --- the selection ---------------------------------------------------------------------


def _chosen_cells(view: ArraialState, seat: int) -> Cells | None:
    """The cells of the card being placed, as ``seat`` sees it (``land`` only)."""
    if view.decision != "land" or view.chosen is None:
        return None
    shape, turns = view.seen(view.chosen, seat)
    return shape_cells(shape, turns)


def _selection(
    view: ArraialState, selection: Selection, legal: Sequence[Any]
) -> tuple[int | None, Land | None]:
    """The chosen drop column and landing, dropped when no longer possible."""
    if view.decision != "land":
        return None, None
    lands = {str(m): m for m in narrow(legal, Land)}
    column = selection.data.get("column")
    if not isinstance(column, int):
        column = None
    landing = lands.get(str(selection.data.get("landing")))
    return column, landing


def _drop_landing(view: ArraialState, seat: int, column: int, legal: Sequence[Any]) -> Land | None:
    """The legal landing of the straight drop in ``column``, if there is one."""
    cells = _chosen_cells(view, seat)
    if cells is None:
        return None
    rest = drops(view.streets[seat], cells).get(column)
    if rest is None:
        return None
    found = [m for m in narrow(legal, Land) if set(m.cells) == set(rest)]
    return found[0] if found else None


def _slide_landings(view: ArraialState, seat: int, column: int, legal: Sequence[Any]) -> list[Land]:
    """The legal landings a slide reaches from the drop in ``column``."""
    cells = _chosen_cells(view, seat)
    if cells is None:
        return []
    by_cells = {frozenset(m.cells): m for m in narrow(legal, Land)}
    out = []
    for _, _, final in slides(view.streets[seat], cells, column):
        m = by_cells.get(frozenset(final))
        if m is not None and m not in out:
            out.append(m)
    return out


def _play(
    view: ArraialState, selection: Selection, click: widgets.Click
) -> tuple[Selection, Any | None]:
    """The clicks of the table above on the viewer's turn: a one-step move, a drop
    column or a slide's landing, Confirm and Cancel."""
    act, data, legal, by_text, _ = click  # no view setting to keep
    me = view.viewer
    assert me is not None  # the viewer's turn (click_handler)
    column, landing = _selection(view, selection, legal)
    if act == "move":
        move = by_text.get(" ".join(data.get("move", "").split()))
        if move is None or isinstance(move, Land):
            return selection, None
        return Selection(), move
    if act == "column":
        try:
            c = int(data.get("column", ""))
        except ValueError:
            return selection, None
        cells = _chosen_cells(view, me)
        if cells is None or c not in drops(view.streets[me], cells):
            return selection, None
        drop = _drop_landing(view, me, c, legal)
        if drop is None and not _slide_landings(view, me, c, legal):
            return selection, None
        return Selection({"column": c, **({"landing": str(drop)} if drop else {})}), None
    if act == "landing":
        move = by_text.get(" ".join(data.get("move", "").split()))
        if not isinstance(move, Land):
            return selection, None
        keep = {"column": column} if column is not None else {}
        return Selection({**keep, "landing": str(move)}), None
    if act == "confirm-move":
        if landing is None:
            return selection, None
        return Selection(), landing
    if act == "cancel-move":
        return Selection(), None
    return selection, None


#: What a click does (the zoom at any time, the rest on the viewer's turn).
on_click = widgets.click_handler(_play)


# --- the parts of the table ------------------------------------------------------------


def _ap_meter(ap: int, t: Translate, total: int = ACTION_POINTS) -> str:
    dots = "".join(
        tag("span", "", class_="arl-ap-dot" + ("" if i < ap else " is-spent")) for i in range(total)
    )
    label = t("arraial.ap.left", count=ap)
    return raw_tag("span", dots, class_="arl-ap", role="img", aria_label=label, title=label,
                   data_ap=ap)  # fmt: skip


def _seat_stats(view: ArraialState, p: int, t: Translate) -> str:
    bar = view.bar[p]
    bar_text = t("arraial.seat.bar", row=bar) if bar is not None else t("arraial.seat.bar_lost")
    held = [c for c, holder in view.pairs.items() if holder == p]
    stats = [
        tag("span", bar_text, class_="arl-stat", data_seat_bar="" if bar is None else bar),
        tag("span", t("arraial.seat.visitors", n=_visitor_count(view, p)), class_="arl-stat"),
    ]
    if held:
        stats.append(
            tag("span", t("arraial.seat.pairs", colours=", ".join(colour_name(c, t) for c in held)),
                class_="arl-stat")
        )  # fmt: skip
    return raw_tag("div", " ".join(stats), class_="arl-stats")


def _visitor_count(view: ArraialState, p: int) -> int:
    """The visitors in seat ``p``'s street now (colour and white; the bar's wait)."""
    return len(view.visitors[p]) + view.street_whites[p]


def _seat_cards(view: ArraialState, seats: Sequence[Seat], t: Translate) -> str:
    scores = view.scores()
    counts = score_counts(view)

    def line(p: int) -> str:
        """Seat ``p``'s score in words (as :meth:`widgets.SeatStrip.score` writes it), its
        number counting from the old score after a recent move changed it."""
        text = t("arraial.seat.score", count=scores[p])
        number = str(scores[p])
        if p not in counts or number not in text:
            return STRIP.score(text, scores[p])
        old, key = counts[p]
        before, _, after = text.partition(number)
        ticking = tag("span", number, **widgets.motion("count", key, dx=old, delay=COUNT_DELAY))
        return raw_tag("span", esc(before) + ticking + esc(after), class_="arl-score",
                       data_score=scores[p])  # fmt: skip

    return STRIP(view, seats, t, line=line, extra=lambda p: _seat_stats(view, p, t))


# --- the moves in motion (widgets.motion) ----------------------------------------------


def _score_changes(entry: Mapping[str, Any], n: int) -> list[int]:
    """What an entry's events added to each of the ``n`` seats' points: a colour visitor,
    a pair taken (and lost), the white visitors who joined a street."""
    out = [0] * n
    seat = range(n)
    for e in entry.get("events") or ():
        kind, p = e.get("type"), e.get("player")
        if p not in seat:
            continue
        if kind == "visitor":
            out[p] += VISITOR_POINTS
        elif kind == "pair":
            out[p] += PAIR_POINTS
            if e.get("from") in seat:
                out[e["from"]] -= PAIR_POINTS
        elif kind == "bar_drop":
            out[p] += VISITOR_POINTS * int(e.get("whites", 0))
    return out


def score_counts(view: ArraialState) -> dict[int, tuple[int, str]]:
    """Each seat whose points a recent move changed: its points before the latest such
    move, and that move's key (its number counts from there)."""
    n = view.num_players
    scores = view.scores()
    out: dict[int, tuple[int, str]] = {}
    for moves, entry in reversed(widgets.recent_entries(view.history, view.viewer)):
        for p, added in enumerate(_score_changes(entry, n)):
            if added and p not in out:
                out[p] = (scores[p] - added, widgets.move_key(moves, f"score{p}"))
    return out


def drop_from(view: ArraialState, p: int, k: int) -> tuple[int, int]:
    """Where seat ``p``'s piece ``k`` comes from as it drops, from its place (street
    units): above the street's top in the column it was dropped in, which is beside its
    place when it slid there at the end."""
    cells = view.pieces[p][k - 1].cells
    before = 0  # the street as it was: the pieces before this one
    for y, row in enumerate(view.streets[p]):
        for x, j in enumerate(row):
            if 0 < j < k:
                before |= shape_mask(((x, y),))
    slide = next(
        (s for _, s, final in landings(before, normalise(cells)) if set(final) == set(cells)), 0
    )
    return -slide * CELL, -(ROWS - min(y for _, y in cells)) * CELL


def street_motions(view: ArraialState) -> dict[int, dict[str, dict[str, str]]]:
    """The recent moves' animations in each seat's street, by part (see
    :attr:`StreetPicture.motion`): the piece landed ``drop``s from above the street, the
    visitor it brought and a pair it took ``appear`` after it."""
    out: dict[int, dict[str, dict[str, str]]] = {}
    for moves, entry in widgets.recent_entries(view.history, view.viewer):
        for e in entry.get("events") or ():
            kind, p = e.get("type"), e.get("player")
            if not isinstance(p, int) or not 0 <= p < view.num_players:
                continue
            mine = out.setdefault(p, {})
            if kind == "place":
                try:
                    cells = {parse_cell(str(c)) for c in e.get("cells") or ()}
                except ValueError:
                    continue
                pieces = view.pieces[p]
                k = next((i + 1 for i, x in enumerate(pieces) if set(x.cells) == cells), 0)
                if k:
                    dx, dy = drop_from(view, p, k)
                    key = widgets.move_key(moves, f"{p}:piece")
                    mine[f"piece:{k}"] = widgets.motion("drop", key, dx=dx, dy=dy)
            elif kind == "visitor" and (e.get("colour"), e.get("piece")) in view.visitors[p]:
                part = f"visitor:{e['colour']}:{e['piece']}"
                key = widgets.move_key(moves, f"{p}:visitor")
                mine[part] = widgets.motion("appear", key, delay=APPEAR_DELAY)
            elif kind == "pair" and view.pairs.get(str(e.get("colour"))) == p:
                key = widgets.move_key(moves, f"{p}:pair:{e['colour']}")
                mine[f"pair:{e['colour']}"] = widgets.motion("appear", key, delay=APPEAR_DELAY)
    return out


def recent_landings(view: ArraialState) -> dict[int, list[Cells]]:
    """The landings each other player made since the viewer's last move."""
    out: dict[int, list[Cells]] = {}
    for entry in widgets.since_last_turn(view.history, view.viewer):
        words = str(entry.get("move", "")).split()
        if not words or words[0] != "land":
            continue
        cells = []
        for w in words[1:]:
            if len(w) >= 2 and w[0] in COLUMNS and w[1:].isdigit():
                cells.append((COLUMNS.index(w[0]), int(w[1:]) - 1))
        out.setdefault(int(entry.get("player", -1)), []).append(tuple(cells))
    return out


def recent_slots(view: ArraialState) -> list[int]:
    """The octagon slots the others refilled since the viewer's last move."""
    out = []
    for entry in widgets.since_last_turn(view.history, view.viewer):
        words = str(entry.get("move", "")).split()
        if len(words) == 3 and words[0] == "fill" and words[1].isdigit():
            slot = int(words[1]) - 1
            if slot not in out and 0 <= slot < SLOTS and view.slots[slot] is not None:
                out.append(slot)
    return out


def _status(
    view: ArraialState,
    seats: Sequence[Seat],
    t: Translate,
    column: int | None,
    landing: Land | None,
) -> str:
    p = view.current_player
    badges = []
    keys = ""
    if p is None:
        text, hint = t("arraial.status.over"), ""
    else:
        badges.append(t("arraial.status.stage", stage=view.phase_number))
        need = MIN_PLACEMENTS[view.phase_number - 1]
        if p == view.viewer:
            decision = view.decision
            text = t(
                f"arraial.status.you.{decision}",
                ap=t("arraial.status.ap_left", count=view.ap),
                placements=_placements(view.placed, need, t),
            )
            hint = ""
            if decision == "land":
                picked = None
                if column is not None or landing is None:
                    picked = (
                        {"card": card_words(view.slots[view.chosen], t)}
                        if view.chosen is not None
                        else None
                    )
                hint = widgets.flow_hint(t, HINT_KEYS, chosen=landing is not None, picked=picked)
                if picked is not None and landing is None:
                    keys = t("arraial.keys.column")
            elif decision == "act":
                hint = t("arraial.hint.take") if view.ap else t("arraial.hint.end")
            elif decision == "refill":
                hint = t("arraial.hint.refill")
        else:
            text = t(f"arraial.status.other.{view.decision}", name=seat_name(seats, p, t))
            hint = ""
    return STATUS(view, seats, t, text, badges, hint, keys)


def _central_labels(view: ArraialState, seat: int, t: Translate) -> dict[str, str]:
    labels = {
        "face_up": t("arraial.face_up.title"),
        "deck": t("arraial.deck.count", count=view.deck_count),
    }
    for slot, c in enumerate(view.slots):
        if c is not None:
            labels[f"slot{slot}"] = t("arraial.slot.label", slot=slot + 1, card=card_words(c, t))
    for i, c in enumerate(view.face_up):
        labels[f"face{i}"] = t("arraial.face_up.label", card=card_words(c, t))
    return labels


def _preview(view: ArraialState, move: Land, seats: Sequence[Seat], t: Translate) -> str:
    """The preview panel of the chosen landing: what it scores."""
    pv = view.preview(move)
    lines = []
    for colour in pv.get("visitors") or ():
        lines.append(t("arraial.preview.visitor", colour=colour_name(colour, t)))
    pair = pv.get("pair")
    if pair:
        colour = pair.get("colour", "")
        holder = pair.get("from")
        if holder is None:
            lines.append(t("arraial.preview.pair_new", colour=colour_name(colour, t)))
        else:
            lines.append(
                t("arraial.preview.pair_taken", colour=colour_name(colour, t),
                  name=seat_name(seats, holder, t))
            )  # fmt: skip
    rows = pv.get("rows") or 0
    if rows:
        whites = pv.get("whites") or 0
        lines.append(t("arraial.preview.rows", n=rows, count=whites))
    if pv.get("bar_lost"):
        whites = pv.get("whites_lost") or 0
        key = "arraial.preview.bar_lost" if whites else "arraial.preview.bar_lost_none"
        lines.append(t(key, count=whites))
    if move.above_bar and not pv.get("bar_lost"):
        lines.append(t("arraial.preview.above"))
    body = (
        raw_tag("ul", "".join(tag("li", x) for x in lines))
        if lines
        else tag("p", t("arraial.preview.nothing"))
    )
    head = t("arraial.preview.title", cells=cells_words(move.cells))
    return widgets.preview_panel("arl", tag("h2", head), body, move)


def _pairs_panel(view: ArraialState, seats: Sequence[Seat], t: Translate) -> str:
    """Each colour's pair: who holds it and the size of the zone it stands on."""
    colours = seat_colours(seats, view.num_players)
    items = []
    for colour in COLOURS:
        holder = view.pairs.get(colour)
        swatch = tag("span", "", class_=f"arl-swatch arl-{colour}")
        if holder is None:
            text = t("arraial.pairs.free", colour=colour_name(colour, t))
            who = ""
        else:
            size = view.largest_zone(holder, colour)
            text = t("arraial.pairs.held", colour=colour_name(colour, t),
                     name=seat_name(seats, holder, t), count=size)  # fmt: skip
            who = mark_icon(colours[holder], seat_letter(holder), 16)
        items.append(
            raw_tag("li", swatch + who + tag("span", text, class_="arl-pair-text"),
                    data_pair_colour=colour,
                    data_pair_holder="" if holder is None else holder)
        )  # fmt: skip
    return raw_tag(
        "section",
        raw_tag("h2", visitor_icon("white", 18) + esc(t("arraial.pairs.title")))
        + raw_tag("ul", "".join(items), class_="arl-pairs"),
        class_="arl-panel arl-pairs-panel",
    )


def street_panel(
    view: ArraialState,
    p: int,
    seats: Sequence[Seat],
    t: Translate,
    recent: Sequence[Cells] = (),
    heading: str = "h2",
    *,
    motion: Mapping[str, Mapping[str, str]] | None = None,
    step_on: Sequence[tuple[int, int]] = (),
    step: Mapping[str, str] | None = None,
) -> str:
    """A street as a small picture with its heading (the others' streets, the end), its
    recent moves' ``motion`` and an end step's marks (``step_on``, ``step``: see
    :class:`StreetPicture`)."""
    colours = seat_colours(seats, view.num_players)
    rows, pcolours, pcells = street_picture_parts(view, p)
    pic = StreetPicture(
        recent=[c for cells in recent for c in cells],
        pairs=pair_cells(view, p),
        labels=piece_labels(view, p, t, recent),
        motion=motion or {},
        step_on=step_on,
        step=step or {},
    )
    title = t("arraial.street.of", name=seat_name(seats, p, t))
    body = street_group(rows, pcolours, view.bar[p], view.bar_whites[p], view.street_whites[p],
                        view.visitors[p], pcells, pic)  # fmt: skip
    head = raw_tag(
        heading, mark_icon(colours[p], seat_letter(p), 18) + tag("span", title, class_="arl-title")
    )
    return raw_tag(
        "section",
        head + street_svg(body, title=title, small=True),
        class_="arl-panel arl-other",
        data_street=p,
    )


def _controls(view: ArraialState, legal: Sequence[Any], t: Translate, chosen: bool) -> str:
    out = []
    decision = view.decision
    if decision == "act":
        rotate = narrow(legal, Rotate)
        alone = rotate and not narrow(legal, Take) and not narrow(legal, End)
        out.append(
            tag("button", t("arraial.button.rotate"), type="button", class_="arl-btn",
                data_act="move", data_move="rotate", disabled=None if rotate else "disabled",
                data_focus="1" if alone else None)  # nothing else to do: the focus is here
        )  # fmt: skip
        if narrow(legal, End):
            takes = narrow(legal, Take)
            out.append(
                tag("button", t("arraial.button.end"), type="button", class_="arl-btn is-primary",
                    data_act="move", data_move="end", data_focus=None if takes else "1")
            )  # fmt: skip
    if decision == "land" and narrow(legal, Back):
        out.append(
            tag("button", t("arraial.button.back"), type="button", class_="arl-btn",
                data_act="move", data_move="back", data_esc=None if chosen else "1")
        )  # fmt: skip
    return widgets.controls("arl", out) if out else ""


def _placements(placed: int, need: int, t: Translate) -> str:
    """The placements made this turn: "1 of 2 made" until the minimum is met, then "3
    made (at least 2 needed)", never "3 of 2"."""
    if placed >= need:
        return t("arraial.status.placements.met", count=placed, need=need)
    return t("arraial.status.placements", placed=placed, count=need)


def _turn_panel(view: ArraialState, t: Translate) -> str:
    """The turn at a glance in the dock: action points left, placements made."""
    need = MIN_PLACEMENTS[view.phase_number - 1]
    return raw_tag(
        "div",
        tag("span", t("arraial.turn.ap"), class_="arl-note")
        + _ap_meter(view.ap, t)
        + tag("span", t("arraial.turn.placed.met" if view.placed >= need else
                        "arraial.turn.placed", placed=view.placed, need=need),
              class_="arl-stat", data_placed=view.placed),
        class_="arl-turn",
    )  # fmt: skip


def _octagon_targets(
    view: ArraialState, legal: Sequence[Any], cpic: CentralPicture, t: Translate
) -> None:
    """The cards the player may take (``act``) or put in the empty slot (``refill``)."""
    if view.decision == "act":
        takes = {}
        for take in narrow(legal, Take):
            card = view.slots[take.slot]
            takes[take.slot] = (str(take), t("arraial.slot.take", slot=take.slot + 1,
                                             card=card_words(card, t)))  # fmt: skip
        cpic.takes = takes
        if takes:
            cpic.focus = ("take", min(takes))
        return
    fills = {}
    for fill in narrow(legal, Fill):
        if fill.card in view.face_up:
            i = view.face_up.index(fill.card)
            fills[i] = (str(fill), t("arraial.face_up.fill", slot=fill.slot + 1,
                                     card=card_words(fill.card, t)))  # fmt: skip
    cpic.fills = fills
    if fills:
        cpic.focus = ("fill", min(fills))


def _placing(
    view: ArraialState,
    me: int,
    legal: Sequence[Any],
    column: int | None,
    landing: Land | None,
    spic: StreetPicture,
    t: Translate,
) -> None:
    """The chosen card over the street: each drop column with its ghost, the chosen
    column's slides, the chosen landing, and where the keyboard's focus goes."""
    assert view.chosen is not None
    cells = _chosen_cells(view, me)
    assert cells is not None
    lands = {frozenset(m.cells): m for m in narrow(legal, Land)}
    cols = []
    for c, rest in sorted(drops(view.streets[me], cells).items()):
        if rest is None:
            continue
        drop = lands.get(frozenset(rest))
        letter = COLUMNS[c]
        if drop is not None:
            label = t("arraial.column.drop", column=letter, cells=cells_words(rest))
        elif _slide_landings(view, me, c, legal):
            label = t("arraial.column.slide_only", column=letter)
        else:
            cols.append(Column(c, rest, None, t("arraial.column.blocked", column=letter),
                               clickable=False))  # fmt: skip
            continue
        cols.append(Column(c, rest, str(drop) if drop else None, label))
    spic.colour = SHAPE_COLOUR[view.seen(view.chosen, me)[0]]
    spic.columns = cols
    spic.chosen_column = column
    if landing is not None:
        spic.chosen = tuple(landing.cells)
        spic.chosen_move = str(landing)
    if column is not None:
        spic.slides = [
            (str(m), tuple(m.cells),
             t("arraial.slide.label", cells=cells_words(m.cells), column=COLUMNS[column]))
            for m in _slide_landings(view, me, column, legal)
        ]  # fmt: skip
    if landing is None:
        if spic.slides:
            spic.focus = ("slide", spic.slides[0][0])
        else:
            first = next((x for x in cols if x.move), None) or next(
                (x for x in cols if x.clickable), None
            )
            if first is not None:
                spic.focus = ("column", first.column)


def _decision(view: ArraialState, my_turn: bool, column: int | None, landing: Land | None) -> str:
    """The pending decision's name (``data-decision``; see :func:`widgets.table_frame`)."""
    if view.current_player is None:
        return "over"
    if not my_turn:
        return f"wait:{view.current_player}"
    stage = "confirm" if landing is not None else "slide" if column is not None else "pick"
    empty = sum(1 for s in view.slots if s is None)
    return f"{view.decision}:{stage}:{view.ap}:{view.placed}:{empty}"


def _table(view: ArraialState, seats: list[Seat], selection: Selection, t: Translate) -> str:
    """HTML of the table for ``view.viewer``, ``render_table``'s."""
    me = view.viewer
    seat = own_seat(view)
    n = view.num_players
    my_turn = me is not None and me == view.current_player
    legal = view.legal_moves() if my_turn else []
    column, landing = _selection(view, selection, legal) if my_turn else (None, None)
    recent = recent_landings(view)
    motions = street_motions(view)

    # the viewer's street, with the card being placed over it
    rows, pcolours, pcells = street_picture_parts(view, seat)
    spic = StreetPicture(
        pairs=pair_cells(view, seat),
        labels=piece_labels(view, seat, t),
        motion=motions.get(seat, {}),
    )
    cpic = CentralPicture(
        angle=(view.rotation - view.side(seat)) % 4,
        slots=seen_cards(view, seat),
        face_up=face_up_cards(view),
        deck_count=view.deck_count,
        recent=recent_slots(view),
        chosen=view.chosen if view.decision == "land" else None,
        labels=_central_labels(view, seat, t),
    )
    dock = ""
    actions = ""
    if my_turn and me is not None:
        if view.decision in ("act", "refill"):
            _octagon_targets(view, legal, cpic, t)
        elif view.decision == "land" and view.chosen is not None:
            _placing(view, me, legal, column, landing, spic, t)
            if landing is not None:
                dock = _preview(view, landing, seats, t)
                actions = widgets.confirm_cancel(
                    "arl", t("arraial.button.confirm"), str(landing), t("arraial.button.cancel")
                )
        actions = _controls(view, legal, t, landing is not None) + actions

    street = street_group(rows, pcolours, view.bar[seat], view.bar_whites[seat],
                          view.street_whites[seat], view.visitors[seat], pcells, spic)  # fmt: skip
    title = (
        t("arraial.board.yours")
        if me is not None
        else t("arraial.street.of", name=seat_name(seats, seat, t))
    )
    board = board_svg(street, central_group(cpic), title=title)

    others = [
        street_panel(view, p, seats, t, recent.get(p, ()), motion=motions.get(p))
        for p in range(n) if p != seat
    ]  # fmt: skip
    side = _pairs_panel(view, seats, t) + raw_tag("div", "".join(others), class_="arl-others")
    top = _seat_cards(view, seats, t) + _status(view, seats, t, column, landing)
    hand = _turn_panel(view, t) if my_turn else ""
    body = widgets.table_layout(
        t, LAYOUT_KEYS, top=top, board=board, side=side, dock=dock, hand=hand, actions=actions
    )
    decision = _decision(view, my_turn, column, landing)
    return widgets.table_frame("arl", "arraial", view.decision, me, style_tag(), body, decision)


#: HTML of the table for ``view.viewer`` (see :class:`tablero.web.plugin.GameUI`),
#: read-only for a replayed position.
render_table = table_renderer(_table)


__all__ = [
    "arraial_state",
    "on_click",
    "pair_cells",
    "render_table",
    "street_panel",
]
