"""The Día de Playa table: what a player sees and clicks during a game.

:func:`render_table` draws the view for its viewer; :func:`on_click` turns a click
into a new selection and, when a decision is made, a move from ``legal_moves()``.

The board is the viewer's beach (the shared beach in cooperative and solitaire play),
the sea along its bottom.  A turn is the engine's three decisions: ``take <slot>`` (a
card of the market, in the dock), ``rotate <degrees>`` and ``place <x,y>``.  While the
card is in hand it is turned freely (the Turn button, or the R key: a view setting,
``rot``), and every place it may go in that rotation is a handle on the beach with the
card's ghost as its sibling, shown under the pointer or the keyboard's focus by the
stylesheet (the arrow keys move between the places).  Choosing a place turns the card
for good (``rotate``) and shows the preview of each criterion's change; Confirm lays it
(``place``), Cancel takes the turn back to the card in hand (the shell's undo), turned
as it was.  A
player's first card is a choice of its face (``side``), then of its rotation: it is laid
on the middle of the beach.

Clicks (``data-act``):

==================  ==========================================================
``move``            a one-click move (``data-move``): side, take, rotate (first card)
``turn``            turn the card in hand a quarter clockwise (the R key)
``spot``            a place on the beach (``data-move``: its ``place x,y``)
``confirm-move``    lay the card on the chosen place (after its preview)
``zoom``            the beach's zoom (``data-zoom``: ``in``, ``out``, ``fit``)
==================  ==========================================================

The selection holds ``rot`` (the card's rotation while in hand, kept across the
``rotate`` move and its undo: Cancel keeps the card turned), ``at`` (the chosen place's
move text, kept across the ``rotate`` move) and ``zoom``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablero.core import State
from tablero.diadeplaya import DiaDePlayaState, Place, Rotate, Side
from tablero.diadeplaya.beach import covered, legal_spots
from tablero.diadeplaya.data import FACE_COLS, MARKET_SIZE
from tablero.diadeplaya.scoring import GRID
from tablero.diadeplaya.shapes import (
    ROTATIONS,
    face_name,
    face_of,
    footprint,
    parse_face,
    size,
)

from ... import widgets
from ...plugin import Seat, Selection, Translate, table_renderer
from ...svg import esc, raw_tag, tag
from ...widgets import narrow, seat_colours
from .log import describe
from .look import BeachPicture, Spot, beach_svg, face_icon, mark_icon, seat_letter
from .style import style_tag
from .words import SEAT_KEYS, beach_owner, criterion_name, face_words, seat_name

#: The zoom levels of the beach (1 = a block 40 px wide); no zoom: fit the frame (both
#: ways, within the levels, and with places to choose a block of ``look.MIN_BLOCK_PX``
#: at least), from which the page's measure of the fitted scale makes "+" and "-" go to
#: the next level.
ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.6)
#: The fitted beach, as the page finds it to measure its scale.
FIT_VIEW = ".dp-beach-panel svg.dp-beach.is-fit"
BEACH_ZOOM = widgets.Zoom(ZOOMS, {"in": 3, "out": 1}, fit_view=FIT_VIEW)
ZOOM_KEYS = widgets.ZoomKeys(
    "diadeplaya.zoom.fit",
    "diadeplaya.zoom.fit_label",
    "diadeplaya.zoom.out",
    "diadeplaya.zoom.in",
    "diadeplaya.zoom.label",
)
#: The keyboard's words of the steps the keys help with (hidden on a touch device).
KEY_WORDS = {"first": "diadeplaya.keys.first", "rotate": "diadeplaya.keys.rotate"}
#: The strip of seats across the top.
STRIP = widgets.SeatStrip("dp", SEAT_KEYS)
#: The status line, with the news of the others' moves.
STATUS = widgets.TurnStatus("dp", describe)
LAYOUT_KEYS = widgets.LayoutKeys(
    "diadeplaya.layout.board", "diadeplaya.layout.side", "app.layout.dock"
)
#: A block of a market card, and of its other side, in pixels (the stylesheet makes
#: them smaller on a phone: :mod:`.style`).
MARKET_BLOCK_PX = 32
MARKET_OTHER_PX = 20
#: Selection keys that are kept across a move and its undo: the zoom, and the chosen
#: place and the card's turn across the ``rotate`` move that precedes it.
STICKY = ("zoom", "at", "rot")


# --- small helpers shared with the other modules --------------------------------------


def dp_state(state: State) -> DiaDePlayaState:
    """``state`` as the :class:`DiaDePlayaState` it is (``TypeError`` for any other)."""
    if not isinstance(state, DiaDePlayaState):
        raise TypeError(f"not a Día de Playa state: {type(state).__name__}")
    return state


def own_seat(view: DiaDePlayaState) -> int:
    """Whose beach is the board: the viewer's, else the player to move (or seat A)."""
    if view.viewer is not None:
        return view.viewer
    return view.current_player if view.current_player is not None else 0


def recent_cards(view: DiaDePlayaState) -> dict[int, list[tuple[int, int, int, int]]]:
    """The cards the others laid since the viewer's last move, by beach: ``(x, y, w, h)``."""
    out: dict[int, list[tuple[int, int, int, int]]] = {}
    for entry in widgets.since_last_turn(view.history, view.viewer):
        for e in entry.get("events") or ():
            if e.get("type") != "lay":
                continue
            try:
                x, y = GRID.parse_xy(str(e.get("cell", "")))
            except ValueError:
                continue
            w, h = size(int(e.get("rotation", 0)))
            out.setdefault(int(e.get("beach", 0)), []).append((x, y, w, h))
    return out


# --- the recent moves in motion (widgets.motion) ---------------------------------------

#: A market slot's width with the gap to the next, in pixels: where a card that slid
#: along the market comes from when the page cannot measure its old slot's place.
MARKET_SLOT_PX = FACE_COLS * MARKET_BLOCK_PX + 24
#: A score's count starts once the card's blocks have appeared (ms).
COUNT_DELAY = 250
#: The moves that start a turn: taking a card of the market, or a first card's face.
TURN_STARTS = ("take", "side")


@dataclass
class Motions:
    """The animations of the recent moves (``widgets.motion``'s attributes): each block
    laid, by beach and cell; each market card dealt or slid along, by slot index; each
    criterion's points and each beach's total that changed, by ``(beach, criterion)``
    and by beach."""

    blocks: dict[int, dict[tuple[int, int], dict[str, str]]] = field(default_factory=dict)
    market: dict[int, dict[str, str]] = field(default_factory=dict)
    points: dict[tuple[int, str], dict[str, str]] = field(default_factory=dict)
    totals: dict[int, dict[str, str]] = field(default_factory=dict)


def motions(view: DiaDePlayaState) -> Motions:
    """What the recent moves (:func:`widgets.recent_entries`) moved: each card laid appears
    block by block, then the points it changed count from what they were (the beach's
    points at its lay before); the market's last take slides its cards along from their
    old slots and turns the card dealt face up."""
    out = Motions()
    recent = dict(
        widgets.recent_entries(
            view.history, view.viewer, turn_starts=TURN_STARTS, players=view.num_players
        )
    )
    before: dict[int, Mapping[str, int]] = {}  # each beach's points at its last lay
    for moves, entry in enumerate(view.history, 1):
        for e in entry.get("events") or ():
            if e.get("type") == "lay":
                b, points = int(e.get("beach", 0)), dict(e.get("points") or {})
                if moves in recent:
                    _lay_motion(out, moves, e, before.get(b, {}), points)
                before[b] = points
        if moves in recent:
            _market_motion(out, moves, entry, view.market)
    return out


def _lay_motion(
    out: Motions, moves: int, e: Mapping[str, Any], was: Mapping[str, int],
    now: Mapping[str, int],
) -> None:  # fmt: skip
    """The blocks of the card a ``lay`` event laid, and the points it changed (from
    ``was`` to ``now``), into ``out``."""
    b = int(e.get("beach", 0))
    try:
        x, y = GRID.parse_xy(str(e.get("cell", "")))
        face = parse_face(str(e.get("face", "")))
    except ValueError:
        return
    for dx, dy, _ in footprint(face, int(e.get("rotation", 0))):
        key = widgets.move_key(moves, f"lay:{b}:{x + dx},{y + dy}")
        out.blocks.setdefault(b, {})[(x + dx, y + dy)] = widgets.motion("appear", key)
    for c, after in now.items():
        old = int(was.get(c, 0))
        if old != after:
            key = widgets.move_key(moves, f"points:{b}:{c}")
            out.points[(b, c)] = widgets.motion("count", key, dx=old, delay=COUNT_DELAY)
    old_total, total = sum(was.values()), sum(now.values())
    if old_total != total:
        key = widgets.move_key(moves, f"total:{b}")
        out.totals[b] = widgets.motion("count", key, dx=old_total, delay=COUNT_DELAY)


def _market_motion(
    out: Motions, moves: int, entry: Mapping[str, Any], market: Sequence[int | None]
) -> None:
    """The market after a ``take`` in ``entry`` (when it still shows it): the cards left,
    each turned to its other face, slid away from the deck from their old slots (a
    ``drop`` from there; a ``flip`` for one that stayed in its slot), the card dealt next
    to the deck turned face up (a ``flip``).  The market's cards fill its last slots:
    before the take, the cards left and the one taken."""
    events = entry.get("events") or ()
    take = next((e for e in events if e.get("type") == "take"), None)
    if take is None:
        return
    out.market.clear()  # a later take moved the market again
    rest = [str(f) for f in take.get("flipped") or ()]
    held = len(rest) + 1
    taken = int(take.get("slot", 1)) - 1
    old = [i for i in range(MARKET_SIZE - held, MARKET_SIZE) if i != taken]
    shown = [face_name(f) if f is not None else None for f in market]
    for k, (face, was) in enumerate(zip(rest, old, strict=False)):
        now = MARKET_SIZE - len(rest) + k
        if 0 <= now < len(shown) and shown[now] == face:
            key = widgets.move_key(moves, f"market:{now + 1}")
            # from its old slot, as the page lays the market out (it may wrap)
            slid = widgets.motion("drop", key, dx=(was - now) * MARKET_SLOT_PX,
                                  origin=f'.dp-market [data-slot="{was + 1}"]')  # fmt: skip
            out.market[now] = slid if was != now else widgets.motion("flip", key)
    deal = next((e for e in events if e.get("type") == "deal"), None)
    at = MARKET_SIZE - held
    if deal is not None and 0 <= at < len(shown) and shown[at] == deal.get("face"):
        out.market[at] = widgets.motion("flip", widgets.move_key(moves, f"market:{at + 1}"))


def make_spot(view: DiaDePlayaState, b: int, face: int, rot: int, x: int, y: int,
              t: Translate) -> Spot:  # fmt: skip
    """The place ``x, y`` for ``face`` turned ``rot`` on beach ``b``."""
    grid = view.grids[b]
    hidden = tuple(GRID.xy(c) for c in sorted(covered(grid, face, rot, x, y)))
    label = t("diadeplaya.spot.label", cell=f"{x},{y}", count=len(hidden))
    return Spot(x, y, f"place {x},{y}", label, footprint(face, rot), hidden)


# --- the selection ---------------------------------------------------------------------


def _zoom(selection: Selection) -> int | None:
    return BEACH_ZOOM.level(selection.data)


def _rot(selection: Selection) -> int:
    r = selection.data.get("rot")
    return r if isinstance(r, int) and r in ROTATIONS else 0


def _chosen(view: DiaDePlayaState, selection: Selection, legal: Sequence[Any]) -> Place | None:
    """The chosen place, when the card is turned and the place is legal."""
    if view.decision != "place":
        return None
    places = {str(m): m for m in narrow(legal, Place)}
    return places.get(str(selection.data.get("at")))


def _play(
    view: DiaDePlayaState, selection: Selection, click: widgets.Click
) -> tuple[Selection, Any | None]:
    """The clicks of the table above on the viewer's turn: a face, a market card, the
    card turned, a place chosen, Confirm (the zoom is kept)."""
    act, data, legal, by_text, keep = click
    move_text = " ".join(data.get("move", "").split())
    rot = _rot(selection)
    turned = dict(keep)  # while the card lies turned, its turn is kept (for Cancel)
    if view.decision == "place" and view.rotation is not None:
        turned["rot"] = view.rotation
    if act == "move":
        move = by_text.get(move_text)
        if move is None or isinstance(move, Place):
            return selection, None
        return Selection(keep), move
    if act == "turn":
        if view.decision != "rotate":
            return selection, None
        return Selection({**keep, "rot": (rot + 90) % 360}), None
    if act == "spot":
        if view.decision == "rotate" and view.holding is not None:
            assert view.viewer is not None  # the viewer's turn (click_handler)
            b = view.beach_of(view.viewer)
            try:
                x, y = GRID.parse_xy(move_text.removeprefix("place "))
            except ValueError:
                return selection, None
            if (x, y) not in legal_spots(view.grids[b], view.holding, rot):
                return selection, None
            # the place is chosen: the card is turned for good, its preview shown (the
            # turn stays in the selection: Cancel, the undo, gives the card back so)
            return Selection({**keep, "at": f"place {x},{y}", "rot": rot}), Rotate(rot)
        if view.decision == "place" and isinstance(by_text.get(move_text), Place):
            return Selection({**turned, "at": move_text}), None
        return selection, None
    if act == "confirm-move":
        chosen = _chosen(view, selection, legal)
        if chosen is None:
            return selection, None
        return Selection(keep), chosen
    return selection, None


#: What a click does (the zoom at any time, the rest on the viewer's turn).
on_click = widgets.click_handler(_play, zoom=BEACH_ZOOM)


# --- the parts of the table ------------------------------------------------------------


def _seat_extra(view: DiaDePlayaState, p: int, t: Translate) -> str:
    if view.mode != "teams":
        return ""
    return tag("span", t("diadeplaya.seat.team", team="AB"[view.team_of(p)]), class_="dp-stat")


def _seat_cards(view: DiaDePlayaState, seats: Sequence[Seat], t: Translate) -> str:
    line = STRIP.scores(view.score, lambda x: t("diadeplaya.seat.score", count=x))
    return STRIP(view, seats, t, line=line, extra=lambda p: _seat_extra(view, p, t))


def _status(view: DiaDePlayaState, seats: Sequence[Seat], t: Translate, chosen: bool) -> str:
    p = view.current_player
    badges = []
    hint = keys = ""
    if p is None:
        text = t("diadeplaya.status.over")
    else:
        badges.append(t("diadeplaya.status.left", count=view.cards_left))
        first = not view.grids[view.beach_of(p)]
        if p == view.viewer:
            step = "first" if first and view.decision == "rotate" else view.decision
            text = t(f"diadeplaya.status.you.{step}")
            if view.decision == "place":
                hint = t("diadeplaya.hint.confirm" if chosen else "diadeplaya.hint.place")
            else:
                hint = t(f"diadeplaya.hint.{step}")
                keys = widgets.words_for(t, KEY_WORDS, step)
        else:
            text = t(f"diadeplaya.status.other.{view.decision}", name=seat_name(seats, p, t))
    return STATUS(view, seats, t, text, badges, hint, keys)


def _market(
    view: DiaDePlayaState, t: Translate, active: bool, moved: Mapping[int, Mapping[str, str]]
) -> str:
    """The market's three slots (slot 1 next to the deck), each card's face and a small
    picture of its other face; the deck's count.  ``active``: the cards are buttons;
    ``moved``: the animation of each card dealt or slid along, by slot index."""
    items = []
    first = True
    for slot in range(len(view.market)):
        face = view.market[slot]
        if face is None:
            items.append(
                raw_tag("li", tag("span", t("diadeplaya.market.empty"), class_="dp-note"),
                        class_="dp-slot is-empty", data_slot=slot + 1)
            )  # fmt: skip
            continue
        name, other = face_name(face), face_name(face ^ 1)
        # what each face shows, in words: the pictures say nothing to a screen reader
        label = t("diadeplaya.market.card", slot=slot + 1, card=name, other=other,
                  blocks=face_words(face, t), other_blocks=face_words(face ^ 1, t))  # fmt: skip
        pics = (
            raw_tag("span", face_icon(face, 0, MARKET_BLOCK_PX), class_="dp-slot-face")
            + tag("span", name, class_="dp-slot-name", aria_hidden="true")
            + raw_tag(
                "span",
                tag("span", t("diadeplaya.market.other"), class_="dp-other-label")
                + face_icon(face ^ 1, 0, MARKET_OTHER_PX),
                class_="dp-slot-other",
                aria_hidden="true",
            )
        )
        if active:
            # the button's name is its hidden text: what is drawn is decoration
            body = raw_tag(
                "button", tag("span", label, class_="shell-visually-hidden") + pics,
                type="button", class_="dp-take", data_act="move",
                data_move=f"take {slot + 1}", title=label,
                data_focus="1" if first else None, **moved.get(slot, {}),
            )  # fmt: skip
            first = False
        else:
            body = raw_tag("span", pics, class_="dp-take is-idle", role="img", aria_label=label,
                           title=label, **moved.get(slot, {}))  # fmt: skip
        items.append(raw_tag("li", body, class_="dp-slot", data_slot=slot + 1, data_face=name))
    deck = raw_tag(
        "li",
        tag("span", view.deck_count, class_="dp-deck-back", aria_hidden="true")
        + tag("span", t("diadeplaya.deck.count", n=view.deck_count), class_="dp-note"),
        class_="dp-deck",
        data_deck_count=view.deck_count,
    )
    return raw_tag(
        "section",
        tag("h2", t("diadeplaya.market.title"))
        + raw_tag("ol", deck + "".join(items), class_="dp-market",
                  data_rove="line" if active else None),
        class_="dp-panel dp-market-panel",
    )  # fmt: skip


def _points_panel(
    view: DiaDePlayaState, seats: Sequence[Seat], t: Translate, moved: Motions
) -> str:
    """Each criterion's points on each beach, as they stand (``moved``: the counts of
    the points the recent cards changed)."""
    colours = seat_colours(seats, view.num_players)
    heads = [tag("th", t("diadeplaya.points.criterion"))]
    for b in range(view.beach_count):
        if view.shared:
            heads.append(tag("th", t("diadeplaya.points.beach"), class_="dp-num"))
        else:
            heads.append(raw_tag("th", mark_icon(colours[b], seat_letter(b), 16)
                                 + esc(seat_name(seats, b, t)), class_="dp-num"))  # fmt: skip
    rows = []
    for c in view.criteria:
        cells = [tag("th", criterion_name(c, t), scope="row")]
        for b in range(view.beach_count):
            x = view.points[b].get(c, 0)
            cells.append(tag("td", x, class_="dp-num", data_points=f"{b}:{c}",
                             **moved.points.get((b, c), {})))  # fmt: skip
        rows.append(raw_tag("tr", "".join(cells), data_criterion=c))
    totals = [tag("th", t("diadeplaya.points.total"), scope="row")] + [
        tag(
            "td",
            sum(view.points[b].values()),
            class_="dp-num",
            data_beach_total=b,
            **moved.totals.get(b, {}),
        )
        for b in range(view.beach_count)
    ]
    table = raw_tag(
        "table",
        raw_tag("thead", raw_tag("tr", "".join(heads)))
        + raw_tag("tbody", "".join(rows))
        + raw_tag("tfoot", raw_tag("tr", "".join(totals))),
        class_="dp-points",
    )
    extra = ""
    if view.shared:
        extra = tag("p", t("diadeplaya.points.goal"), class_="dp-note")
    # focusable: the side panel scrolls when the beaches beside it are many, and may
    # hold nothing else the keyboard reaches (its arrow keys then scroll it)
    title = t("diadeplaya.points.title")
    return raw_tag(
        "section",
        tag("h2", title) + table + extra,
        class_="dp-panel dp-points-panel",
        role="group",
        aria_label=title,
        tabindex="0",
    )


def _other_beach(
    view: DiaDePlayaState, b: int, seats: Sequence[Seat], t: Translate,
    recent: Sequence[tuple[int, int, int, int]], moved: Motions,
) -> str:  # fmt: skip
    colours = seat_colours(seats, view.num_players)
    title = beach_owner(view.mode, b, seats, t)
    total = sum(view.points[b].values())
    pic = BeachPicture(recent=list(recent), sea_label=t("diadeplaya.beach.sea"),
                       motion=moved.blocks.get(b, {}))  # fmt: skip
    head = raw_tag(
        "h3",
        mark_icon(colours[b], seat_letter(b), 18) + esc(title)
        + tag("span", t("diadeplaya.seat.score", count=total), class_="dp-note"),
    )  # fmt: skip
    return raw_tag(
        "section",
        head + beach_svg(view.grids[b], pic, title=title, small=True),
        class_="dp-panel dp-other",
        data_beach=b,
    )


def _hand(view: DiaDePlayaState, t: Translate, rot: int) -> tuple[str, str]:
    """The card in hand (or the first card's two faces), and the buttons beside it."""
    me = view.viewer
    assert me is not None
    b = view.beach_of(me)
    if view.decision == "side":
        card = view.firsts[b]
        assert card is not None
        faces = []
        for side in (0, 1):
            face = face_of(card, side)
            label = t("diadeplaya.side.choose", card=face_name(face))
            faces.append(
                raw_tag(
                    "button",
                    tag("span", label, class_="shell-visually-hidden")
                    + face_icon(face, 0, 22)
                    + tag("span", face_name(face), class_="dp-slot-name", aria_hidden="true"),
                    type="button", class_="dp-take", data_act="move", data_move=str(Side(side)),
                    title=label, data_focus="1" if side == 0 else None,
                )
            )  # fmt: skip
        title = t("diadeplaya.side.title")
        return (
            tag("h2", title, class_="dp-hand-label")
            + raw_tag("div", "".join(faces), class_="dp-hand", data_rove="line", role="group",
                      aria_label=title),
            "",
        )  # fmt: skip
    held = view.holding
    assert held is not None
    turned = view.rotation if view.decision == "place" and view.rotation is not None else rot
    label = t("diadeplaya.hand.card", card=face_name(held), degrees=turned)
    pic = raw_tag("div", face_icon(held, turned, 22, label), class_="dp-hand-card",
                  data_hand=face_name(held), data_rotation=turned)  # fmt: skip
    buttons = []
    if view.decision == "rotate":
        buttons.append(
            raw_tag("button", esc(t("diadeplaya.button.turn")) + " "
                    + tag("span", t("diadeplaya.keys.turn"), class_="tb-keys"),
                    type="button", class_="dp-btn", data_act="turn", data_key="r",
                    aria_keyshortcuts="R", title=t("diadeplaya.button.turn_title"))
        )  # fmt: skip
        if not view.grids[b]:  # the first card: laid in the middle, as turned
            buttons.append(
                tag("button", t("diadeplaya.button.lay_first"), type="button",
                    class_="dp-btn is-primary", data_act="move", data_move=str(Rotate(rot)),
                    data_focus="1")
            )  # fmt: skip
    return raw_tag("div", pic, class_="dp-hand"), widgets.controls("dp", buttons)


def _preview(view: DiaDePlayaState, move: Place, t: Translate) -> str:
    """The chosen place's preview: each criterion's change, and the beach's total."""
    pv = view.preview(move)
    items = []
    for row in pv.get("criteria") or ():
        before, after = int(row["before"]), int(row["after"])
        if before == after:
            continue
        items.append(
            tag("li", t("diadeplaya.preview.row", criterion=criterion_name(row["criterion"], t),
                        before=before, after=after, change=_signed(after - before)),
                data_gain=row["criterion"], data_change=after - before)
        )  # fmt: skip
    total = pv.get("total") or {}
    before, after = int(total.get("before", 0)), int(total.get("after", 0))
    body = raw_tag("ul", "".join(items)) if items else tag("p", t("diadeplaya.preview.nothing"))
    body += tag("p", t("diadeplaya.preview.total", before=before, count=after,
                       change=_signed(after - before)), class_="dp-preview-total",
                data_total_change=after - before)  # fmt: skip
    n = len(pv.get("covered") or ())
    head = t("diadeplaya.preview.title", cell=str(pv.get("cell", "")), count=n)
    return widgets.preview_panel("dp", tag("h2", head), body, move)


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else str(x)


def _beach_panel(
    view: DiaDePlayaState, b: int, seats: Sequence[Seat], t: Translate, pic: BeachPicture,
    zoom: int | None, title: str,
) -> str:  # fmt: skip
    """The board: the beach with its heading, its points and the zoom, in a frame that
    scrolls (pans) when the beach is drawn larger than it."""
    colours = seat_colours(seats, view.num_players)
    total = sum(view.points[b].values())
    # the shared beach is everyone's: no seat's mark on it
    mark = "" if view.shared else mark_icon(colours[b], seat_letter(b), 20)
    head = (
        raw_tag("h2", mark + esc(title))
        + tag("span", t("diadeplaya.seat.score", count=total), class_="dp-beach-total",
              data_beach_points=total)
        + BEACH_ZOOM.controls("dp", zoom, t, ZOOM_KEYS)
    )  # fmt: skip
    svg = beach_svg(view.grids[b], pic, title=title, zoom=None if zoom is None else ZOOMS[zoom],
                    fit_range=(ZOOMS[0], ZOOMS[-1]))  # fmt: skip
    return raw_tag(
        "section",
        raw_tag("div", head, class_="dp-beach-head")
        + raw_tag("div", svg, class_="dp-beach-wrap" + (" is-zoomed" if zoom is not None else ""),
                  tabindex="0", aria_label=t("diadeplaya.beach.scroll", title=title)),
        class_="dp-beach-panel",
        data_beach=b,
    )  # fmt: skip


def _decision(view: DiaDePlayaState, my_turn: bool, rot: int, chosen: Place | None) -> str:
    """The pending decision's name (``data-decision``; see :func:`widgets.table_frame`)."""
    if view.current_player is None:
        return "over"
    if not my_turn:
        return f"wait:{view.current_player}"
    stage = "confirm" if chosen is not None else "pick"
    turn = rot if view.decision == "rotate" else view.rotation
    return f"{view.decision}:{view.cards_left}:{turn}:{stage}"


def _table(view: DiaDePlayaState, seats: list[Seat], selection: Selection, t: Translate) -> str:
    """HTML of the table for ``view.viewer``, ``render_table``'s."""
    me = view.viewer
    seat = own_seat(view)
    b = view.beach_of(seat)
    my_turn = me is not None and me == view.current_player
    legal = view.legal_moves() if my_turn else []
    rot = _rot(selection)
    chosen = _chosen(view, selection, legal) if my_turn else None
    zoom = _zoom(selection)
    recent = recent_cards(view)
    moved = motions(view)

    pic = BeachPicture(recent=recent.get(b, []), sea_label=t("diadeplaya.beach.sea"),
                       motion=moved.blocks.get(b, {}))  # fmt: skip
    dock = hand = actions = ""
    if my_turn and view.holding is not None and view.decision in ("rotate", "place"):
        face = view.holding
        if view.decision == "rotate" and view.grids[b]:
            spots = legal_spots(view.grids[b], face, rot)
            pic.spots = [make_spot(view, b, face, rot, x, y, t) for x, y in spots]
        elif view.decision == "rotate":  # the first card, where it will lie
            pic.chosen = make_spot(view, b, face, rot, 0, 0, t)
        else:
            turned = view.rotation or 0
            places = narrow(legal, Place)
            pic.spots = [make_spot(view, b, face, turned, m.x, m.y, t) for m in places]
            if chosen is not None:
                pic.chosen = next((s for s in pic.spots if s.move == str(chosen)), None)
        if pic.spots:
            # after Cancel the focus is back on the place that was chosen, if still there
            before = selection.data.get("at")
            moves = [spot.move for spot in pic.spots]
            pic.focus = (
                pic.chosen.move if pic.chosen is not None
                else before if before in moves else moves[0]
            )  # fmt: skip
    if my_turn and me is not None:
        if view.decision == "take":
            dock = _market(view, t, True, moved.market)
        else:
            hand, actions = _hand(view, t, rot)
        if view.decision == "place":
            buttons = []
            if chosen is not None:
                dock = _preview(view, chosen, t)
                buttons.append(
                    tag("button", t("diadeplaya.button.confirm"), type="button",
                        class_="dp-btn is-primary", data_act="confirm-move",
                        data_move=str(chosen), data_focus="1")
                )  # fmt: skip
            buttons.append(
                tag("button", t("diadeplaya.button.cancel"), type="button", class_="dp-btn",
                    data_act="app.undo", data_esc="1", title=t("diadeplaya.button.cancel_title"))
            )  # fmt: skip
            actions = widgets.controls("dp", buttons)

    title = (
        t("diadeplaya.board.yours")
        if me is not None and not view.shared
        else beach_owner(view.mode, b, seats, t)
    )
    board = _beach_panel(view, b, seats, t, pic, zoom, title)
    side = _points_panel(view, seats, t, moved)
    if not (my_turn and view.decision == "take"):
        side = _market(view, t, False, moved.market) + side
    others = [
        _other_beach(view, q, seats, t, recent.get(q, []), moved)
        for q in range(view.beach_count) if q != b
    ]  # fmt: skip
    if others:
        side += raw_tag("div", "".join(others), class_="dp-others")
    top = _seat_cards(view, seats, t) + _status(view, seats, t, chosen is not None)
    body = widgets.table_layout(
        t, LAYOUT_KEYS, top=top, board=board, side=side, dock=dock, hand=hand, actions=actions
    )
    decision = _decision(view, my_turn, rot, chosen)
    return widgets.table_frame("dp", "diadeplaya", view.decision, me, style_tag(), body, decision)


#: HTML of the table for ``view.viewer`` (see :class:`tablero.web.plugin.GameUI`),
#: read-only for a replayed position.
render_table = table_renderer(_table)


__all__ = ["STICKY", "ZOOMS", "dp_state", "on_click", "recent_cards", "render_table"]
