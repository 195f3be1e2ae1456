"""The Arboretum table: what a player sees and clicks during a game.

:func:`render_table` draws the view for its viewer; :func:`on_click` turns a click
into a new selection and, when a move is complete, a move from ``legal_moves()``.

Clicks (``data-act``):

==================  ==========================================================
``move``            a one-click move (``data-move``): ``draw deck``, ``draw B``
``pick-card``       a hand card (``data-card``): the card to play or discard
``cell``            a highlighted cell of the arboretum (``data-cell``)
``confirm-move``    commit the chosen play (after its preview) or discard
``cancel-move``     forget the chosen cell (or, when discarding, the card)
``zoom``            the garden's zoom (``data-zoom``: ``in``, ``out``, ``fit``)
==================  ==========================================================

The selection holds ``card`` (a card name), ``cell`` (``x,y``) and ``zoom`` (an
index into :data:`ZOOMS`; absent: fit to the width).  Whole discard piles open with
a ``<details>`` element, which needs no click handling at all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tablero.arboretum import ArboretumState, Discard, DrawDeck, DrawPile, Play
from tablero.arboretum.cards import CARD_NAMES, parse_card
from tablero.arboretum.data import CODES
from tablero.arboretum.grid import cell_name
from tablero.arboretum.moves import PLAYERS
from tablero.core import InvalidMoveError, State

from ... import widgets
from ...plugin import Seat, Selection, Translate, table_renderer
from ...svg import esc, raw_tag, tag
from ...widgets import narrow, seat_colours, targets
from .log import describe
from .look import (
    PITCH_Y,
    GardenPicture,
    back_icon,
    card_icon,
    colour_class,
    garden_svg,
    mark_icon,
    seat_letter,
    species_icon,
)
from .style import style_tag
from .words import (
    HIDDEN,
    SEAT_KEYS,
    card_labels,
    card_words,
    cards_words,
    cell_words,
    seat_name,
    species_name,
)

#: The zoom levels of the viewer's garden (1 = a card 44 px wide); no zoom: fit.
ZOOMS = (0.75, 1.0, 1.25, 1.6, 2.0)
ZOOM_FROM_FIT = {"in": 2, "out": 0}
GARDEN_ZOOM = widgets.Zoom(ZOOMS, ZOOM_FROM_FIT)
ZOOM_KEYS = widgets.ZoomKeys(
    "arboretum.zoom.fit",
    "arboretum.zoom.fit_label",
    "arboretum.zoom.out",
    "arboretum.zoom.in",
    "arboretum.zoom.label",
)
HINT_KEYS = widgets.FlowKeys("arboretum.hint.confirm", "arboretum.hint.cell", "arboretum.hint.play")
#: The strip of seats across the top.
STRIP = widgets.SeatStrip("arb", SEAT_KEYS)
#: The status line, with the news of the others' moves.
STATUS = widgets.TurnStatus("arb", describe)
LAYOUT_KEYS = widgets.LayoutKeys(
    "arboretum.layout.board", "arboretum.layout.side", "app.layout.dock"
)


# --- small helpers shared with the other Arboretum modules -----------------------------


def arboretum_state(state: State) -> ArboretumState:
    """``state`` as the :class:`ArboretumState` it is: the shell gives this plugin the
    states of its own game only (``TypeError`` for any other)."""
    if not isinstance(state, ArboretumState):
        raise TypeError(f"not an Arboretum state: {type(state).__name__}")
    return state


def garden_cells(view: ArboretumState, p: int) -> dict[str, int]:
    """Player ``p``'s arboretum as ``{"x,y": card}``."""
    return {cell_name(c): card for c, card in view.arbs[p].items()}


# --- the selection ---------------------------------------------------------------------


def _selection(
    view: ArboretumState, selection: Selection, legal: list[Any]
) -> tuple[int | None, str | None]:
    """The selected hand card and chosen cell, dropped when no longer possible."""
    decision = view.decision
    name = selection.data.get("card")
    if decision not in ("play", "discard") or not isinstance(name, str):
        return None, None
    try:
        c = parse_card(name)
    except InvalidMoveError:
        return None, None
    if decision == "discard":
        return (c, None) if narrow(legal, Discard, card=c) else (None, None)
    plays = targets(narrow(legal, Play, card=c), field="x,y")
    if not plays:
        return None, None
    cell = selection.data.get("cell")
    if not isinstance(cell, str) or cell not in plays:
        cell = None
    return c, cell


def _zoom(selection: Selection) -> int | None:
    return GARDEN_ZOOM.level(selection.data)


def _pickable(legal: list[Any], decision: str, c: int) -> bool:
    """Whether the hand card ``c`` can be discarded or played now."""
    return bool(
        (decision == "discard" and narrow(legal, Discard, card=c))
        or (decision == "play" and narrow(legal, Play, card=c))
    )


def _chosen_move(legal: list[Any], decision: str, c: int, cell: str | None) -> Any | None:
    """The discard of ``c``, or its play on ``cell``, when legal."""
    if decision == "discard":
        found = narrow(legal, Discard, card=c)
        return found[0] if found else None
    return targets(narrow(legal, Play, card=c), field="x,y").get(cell or "")


def _play(
    view: ArboretumState, selection: Selection, click: widgets.Click
) -> tuple[Selection, Any | None]:
    """The clicks of the table above on the viewer's turn: a draw, a hand card picked,
    its cell, Confirm and Cancel (the zoom is kept)."""
    act, data, legal, by_text, keep = click
    c, cell = _selection(view, selection, legal)
    decision = view.decision
    if act == "move":
        move = by_text.get(data.get("move", "").strip())
        if move is None:
            return selection, None
        return Selection(keep), move
    if act == "pick-card":
        try:
            picked = parse_card(data.get("card", ""))
        except InvalidMoveError:
            return selection, None
        if not _pickable(legal, decision, picked):
            return selection, None
        if picked == c:
            return Selection(keep), None
        return Selection({**keep, "card": CARD_NAMES[picked]}), None
    if act == "cell":
        if c is None or decision != "play":
            return selection, None
        where = data.get("cell", "")
        if _chosen_move(legal, decision, c, where) is None:
            return selection, None
        return Selection({**keep, "card": CARD_NAMES[c], "cell": where}), None
    if act == "confirm-move":
        if c is None:
            return selection, None
        move = _chosen_move(legal, decision, c, cell)
        if move is None:
            return selection, None
        return Selection(keep), move
    if act == "cancel-move":
        if c is not None and cell is not None:
            return Selection({**keep, "card": CARD_NAMES[c]}), None
        return Selection(keep), None
    return selection, None


#: What a click does (the zoom at any time, the rest on the viewer's turn).
on_click = widgets.click_handler(_play, zoom=GARDEN_ZOOM)


# --- the parts of the table ------------------------------------------------------------


def _known_chips(cards: Sequence[int], t: Translate, width: int = 32) -> str:
    return "".join(
        raw_tag(
            "span",
            card_icon(c, width),
            class_="arb-chip",
            title=card_words(c, t),
            data_known_card=CARD_NAMES[c],
            role="img",
            aria_label=card_words(c, t),
        )
        for c in cards
    )


def _seat_line(view: ArboretumState, p: int, scores: list[int], t: Translate) -> str:
    hand = view.hands[p]
    return STRIP.score(t("arboretum.seat.score", points=scores[p]), scores[p]) + raw_tag(
        "span",
        back_icon(16) + esc(t("arboretum.seat.hand_count", n=len(hand))),
        class_="arb-backs",
        data_hand_count=len(hand),
    )


def _seat_known(view: ArboretumState, p: int, t: Translate) -> str:
    """The cards of seat ``p``'s hand that everyone has seen (not the viewer's own)."""
    known = view.known[p]
    if p == view.viewer or not known or view.decision == "over":
        return ""
    return raw_tag(
        "span",
        tag("span", t("arboretum.seat.known")) + _known_chips(known, t),
        class_="arb-known",
        data_known_of=p,
    )


def _seat_cards(view: ArboretumState, seats: Sequence[Seat], t: Translate) -> str:
    scores = view.scores()
    line, known = (lambda p: _seat_line(view, p, scores, t)), (lambda p: _seat_known(view, p, t))
    return STRIP(view, seats, t, line=line, after_flag=known)


def _status(
    view: ArboretumState, seats: Sequence[Seat], t: Translate, c: int | None, cell: str | None
) -> str:
    p = view.current_player
    decision = view.decision
    step = f"draw{view.draws + 1}" if decision == "draw" else decision
    hint = ""
    if p is None:
        text = t("arboretum.status.over")
    elif p == view.viewer:
        text = t(f"arboretum.status.you.{step}")
        if decision == "draw":
            hint = t("arboretum.hint.draw")
        elif decision == "play":
            picked = None if c is None else {"card": card_words(c, t)}
            hint = widgets.flow_hint(t, HINT_KEYS, chosen=cell is not None, picked=picked)
        elif decision == "discard":
            hint = (
                t("arboretum.hint.discard_confirm", card=card_words(c, t))
                if c is not None
                else t("arboretum.hint.discard")
            )
    else:
        text = t(f"arboretum.status.other.{step}", name=seat_name(seats, p, t))
    count = view.deck_count
    badges = []
    if p is not None:
        badges.append(t("arboretum.status.deck", n=count))
        if count == 0:
            badges.append(t("arboretum.status.last_turn"))
    return STATUS(view, seats, t, text, badges, hint)


def recent_plays(view: ArboretumState) -> dict[int, list[str]]:
    """The cells each other player planted since the viewer's last move."""
    out: dict[int, list[str]] = {}
    for entry in widgets.since_last_turn(view.history, view.viewer):
        for e in entry.get("events") or ():
            if e.get("type") == "play":
                out.setdefault(int(e["player"]), []).append(str(e["cell"]))
    return out


# --- the recent moves in motion (widgets.motion) ---------------------------------------

#: Where a card drawn into the hand comes from (the piles, above the hand), in pixels.
DRAWN_FROM = (0, -80)
#: Where a card planted comes from (the hand, below the garden), in garden units.
PLANTED_FROM = (0, PITCH_Y)


@dataclass
class Motions:
    """The animations of the recent moves' cards (``widgets.motion``'s attributes): in
    the gardens by seat and cell, in the viewer's hand by card name, on the discard
    piles by seat (its top card)."""

    gardens: dict[int, dict[str, dict[str, str]]] = field(default_factory=dict)
    hand: dict[str, dict[str, str]] = field(default_factory=dict)
    piles: dict[int, dict[str, str]] = field(default_factory=dict)


def motions(view: ArboretumState) -> Motions:
    """What the recent moves (:func:`widgets.recent_entries`) moved, as the viewer sees it: each
    card planted drops into its garden from below (from the hand), each card the viewer
    drew drops into the hand from the piles, each card discarded appears on its pile
    while it is the top.  Only what the view shows: another's deck draw is masked."""
    me = view.viewer
    out = Motions()
    hand = {CARD_NAMES[x] for x in view.hands[me] if x != HIDDEN} if me is not None else set()
    for moves, entry in widgets.recent_entries(view.history, me):
        for e in entry.get("events") or ():
            kind, p, card = e.get("type"), e.get("player"), e.get("card")
            if not isinstance(p, int) or not isinstance(card, str):
                continue
            if kind == "play":
                cell = str(e.get("cell"))
                key = widgets.move_key(moves, f"play:{p}:{cell}")
                dx, dy = PLANTED_FROM
                out.gardens.setdefault(p, {})[cell] = widgets.motion("drop", key, dx=dx, dy=dy)
            elif kind == "draw" and p == me and card in hand:
                dx, dy = DRAWN_FROM
                key = widgets.move_key(moves, f"draw:{card}")
                out.hand[card] = widgets.motion("drop", key, dx=dx, dy=dy)
            elif kind == "discard":
                pile = view.discards[p]
                if pile and CARD_NAMES[pile[-1]] == card:
                    out.piles[p] = widgets.motion("appear", widgets.move_key(moves, f"discard:{p}"))
    return out


def _zoom_controls(zoom: int | None, t: Translate) -> str:
    return GARDEN_ZOOM.controls("arb", zoom, t, ZOOM_KEYS)


def garden_panel(
    view: ArboretumState,
    p: int,
    seats: Sequence[Seat],
    t: Translate,
    pic: GardenPicture,
    *,
    own: bool,
    zoom: int | None = None,
    controls: bool = False,
    labels: dict[int, str] | None = None,
) -> str:
    """One player's arboretum with its heading, in a scrolling (pan) container."""
    colours = seat_colours(seats, view.num_players)
    name = seat_name(seats, p, t)
    title = t("arboretum.garden.yours") if own else t("arboretum.garden.of", name=name)
    svg, _, _ = garden_svg(
        garden_cells(view, p),
        pic,
        title=title,
        card_label=labels,
        empty_label=t("arboretum.garden.empty"),
        zoom=None if zoom is None else ZOOMS[zoom],
    )
    n = len(view.arbs[p])
    head = raw_tag("h2", mark_icon(colours[p], seat_letter(p), 20) + esc(title)) + tag(
        "span", t("arboretum.garden.count", count=n), class_="arb-note"
    )
    if controls:
        head += _zoom_controls(zoom, t)
    return raw_tag(
        "section",
        raw_tag("div", head, class_="arb-garden-head")
        + raw_tag("div", svg, class_="arb-garden-wrap", tabindex="0",
                  aria_label=t("arboretum.garden.scroll", title=title)),
        class_=f"arb-garden-panel {colour_class(colours[p])}",
        data_garden=p,
    )  # fmt: skip


def _supply(
    view: ArboretumState,
    seats: Sequence[Seat],
    t: Translate,
    legal: list[Any],
    moved: Mapping[int, Mapping[str, str]],
) -> str:
    """The deck and the discard piles (tops visible, whole piles in a ``<details>``);
    ``moved``: the animation of a pile's top card, by seat (:class:`Motions`)."""
    colours = seat_colours(seats, view.num_players)
    count = view.deck_count
    deck_label = t("arboretum.deck.count", count=count)
    if narrow(legal, DrawDeck):
        deck = raw_tag(
            "button",
            back_icon(44) + tag("span", t("arboretum.deck.take")),
            type="button",
            class_="arb-take",
            data_act="move",
            data_move="draw deck",
            aria_label=t("arboretum.deck.take_label", count=count),
            data_focus="1",
        )
    else:
        deck = back_icon(44) if count else tag("span", "0", class_="arb-pile-empty")
    deck_html = raw_tag(
        "div",
        tag("span", t("arboretum.deck.title"), class_="arb-pile-name")
        + deck
        + tag("span", deck_label),
        class_="arb-pile arb-deck",
        data_deck_count=count,
    )
    piles = []
    for q in range(view.num_players):
        pile = view.discards[q]
        name = seat_name(seats, q, t)
        head = raw_tag(
            "span", mark_icon(colours[q], seat_letter(q), 16) + esc(name), class_="arb-pile-name"
        )
        move = f"draw {PLAYERS[q]}"
        if pile:
            top = pile[-1]
            if narrow(legal, DrawPile, seat=q):
                body = raw_tag(
                    "button",
                    # a space apart: the card's rank and the word read as two words
                    card_icon(top, 44) + " " + tag("span", t("arboretum.pile.take")),
                    type="button",
                    class_="arb-take",
                    data_act="move",
                    data_move=move,
                    aria_label=t("arboretum.pile.take_label", card=card_words(top, t), name=name),
                    data_focus=None if narrow(legal, DrawDeck) else "1",
                    **moved.get(q, {}),
                )
            else:
                body = raw_tag(
                    "span",
                    card_icon(top, 44),
                    role="img",
                    aria_label=t("arboretum.pile.top", card=card_words(top, t)),
                    title=card_words(top, t),
                    **moved.get(q, {}),
                )
            whole = raw_tag(
                "details",
                tag("summary", t("arboretum.pile.see_all", count=len(pile)))
                + raw_tag(
                    "div",
                    _known_chips(pile, t),
                    class_="arb-pile-all",
                    aria_label=t("arboretum.pile.order"),
                ),
                data_pile_all=q,
            )
        else:
            body = tag("span", "—", class_="arb-pile-empty", aria_label=t("arboretum.pile.empty"))
            whole = tag("span", t("arboretum.pile.empty"), class_="arb-note")
        piles.append(
            raw_tag(
                "div",
                head + body + whole,
                class_="arb-pile",
                data_pile=q,
                data_pile_top=CARD_NAMES[pile[-1]] if pile else None,
                data_pile_size=len(pile),
            )
        )
    return raw_tag(
        "section",
        tag("h2", t("arboretum.supply.title"))
        + raw_tag("div", deck_html + "".join(piles), class_="arb-supply", data_rove="line"),
        class_="arb-panel arb-supply-panel",
    )


def improved_paths(pv: dict[str, Any], at: str) -> list[dict[str, Any]]:
    """The species rows of a play's preview whose best path the card improves."""
    return [r for r in pv.get("species", []) if r["after"] > r["before"] and at in r["cells"]]


def _preview(
    view: ArboretumState, me: int, move: Play, t: Translate, labels: dict[int, str]
) -> tuple[str, list[tuple[int, list[str]]]]:
    """The preview panel of ``me``'s chosen play, and the paths to draw on the garden."""
    pv = view.preview(move)
    at = f"{move.x},{move.y}"
    rows = improved_paths(pv, at)
    items = []
    paths = []
    codes = list(CODES)
    for r in rows:
        s = codes.index(r["species"])
        arb = view.arbs[me]
        placed = {cell_name(c): card for c, card in arb.items()}
        placed[at] = move.card
        cards = [placed[x] for x in r["cells"]]
        paths.append((s, r["cells"]))
        items.append(
            raw_tag(
                "li",
                species_icon(s, 22)
                + tag(
                    "span",
                    t(
                        "arboretum.preview.gain",
                        species=species_name(s, t),
                        before=r["before"],
                        after=r["after"],
                    ),
                    class_="arb-scored",
                )
                + tag("span", cards_words(cards, t), class_="arb-note"),
                data_gain_species=r["species"],
                data_gain=r["after"] - r["before"],
            )
        )
    body = (
        raw_tag("ul", "".join(items), class_="arb-gain")
        + tag("p", t("arboretum.preview.if_right"), class_="arb-note")
        if items
        else tag("p", t("arboretum.preview.none"))
    )
    title = t("arboretum.preview.title", card=card_words(move.card, t), cell=cell_words(at, t))
    head = raw_tag("h2", card_icon(move.card, 32) + esc(title))
    html = widgets.preview_panel("arb", head, body, move)
    return html, paths


def drawn_this_turn(view: State) -> list[str]:
    """The cards the viewer drew in the turn in progress (newest last)."""
    me = view.viewer
    out: list[str] = []
    for entry in reversed(view.history):
        if entry.get("player") != me:
            break
        for e in entry.get("events") or ():
            if e.get("type") == "draw" and e.get("card"):
                out.append(e["card"])
        if str(entry.get("move", "")).startswith("discard"):
            break
    return out[::-1]


def _hand(
    view: ArboretumState,
    me: int,
    t: Translate,
    c: int | None,
    legal: list[Any],
    moved: Mapping[str, Mapping[str, str]],
) -> str:
    """The viewer's hand (``moved``: the animation of each card just drawn, by name)."""
    hand = [x for x in view.hands[me] if x != HIDDEN]
    known = set(view.known[me])
    decision = view.decision if me == view.current_player else ""
    drawn = drawn_this_turn(view) if me == view.current_player else []
    fresh, newest = set(drawn), (drawn[-1] if drawn else None)
    cards: list[str] = []
    for x in hand:
        name = CARD_NAMES[x]
        words = card_words(x, t)
        tags = ""
        if x in known:
            tags += tag("span", t("arboretum.hand.known"), class_="arb-tag")
        cls = "arb-hand-card" + (" is-new" if name in fresh else "")
        cls += " is-newest" if name == newest else ""  # turned face up as it comes
        label = words
        if x in known:
            # The name holds the visible tag's own word ("seen"): a label never names
            # another thing than what is shown (axe: label-content-name-mismatch).
            label = t("arboretum.hand.known_label", card=words, tag=t("arboretum.hand.known"))
        if _pickable(legal, decision, x):
            first = c is None and not any("data-focus" in h for h in cards)
            cards.append(
                raw_tag(
                    "button",
                    card_icon(x, 52) + (" " + tags if tags else ""),
                    type="button",
                    class_=cls,
                    data_act="pick-card",
                    data_card=name,
                    data_hand_card=name,
                    aria_pressed="true" if x == c else "false",
                    aria_label=label,
                    title=words,
                    data_focus="1" if first else None,
                    **moved.get(name, {}),
                )
            )
        else:
            cards.append(
                raw_tag(
                    "span",
                    card_icon(x, 52) + tags,
                    class_=cls + " is-idle",
                    data_hand_card=name,
                    role="img",
                    aria_label=label,
                    title=words,
                    **moved.get(name, {}),
                )
            )
    # a card drawn for this seat and not dealt yet (its key comes with another's link)
    pending = widgets.face_down(
        view, me, back_icon(52), "arb-hand-card is-idle is-face-down", t("arboretum.hand.face_down")
    )
    cards += [pending] if pending else []
    if not hand and not cards:
        cards.append(tag("span", t("arboretum.hand.empty")))
    title = t("arboretum.hand.title", n=len(hand))
    return tag("h2", title, class_="arb-hand-label") + raw_tag(
        "div", "".join(cards), class_="arb-hand", data_hand_owner=me, data_rove="line",
        role="group", aria_label=title,
    )  # fmt: skip


def _table(view: ArboretumState, seats: list[Seat], selection: Selection, t: Translate) -> str:
    """HTML of the table for ``view.viewer``, ``render_table``'s."""
    me = view.viewer
    n = view.num_players
    my_turn = me is not None and me == view.current_player
    legal = view.legal_moves() if my_turn else []
    c, cell = _selection(view, selection, legal) if my_turn else (None, None)
    zoom = _zoom(selection)
    labels = card_labels(t)
    decision = view.decision

    # the last move's card, softly marked where it went; the others' plays since the
    # viewer's last move, marked until the viewer acts
    fresh: dict[int, str] = {}
    if view.history:
        for e in view.history[-1].get("events") or ():
            if e.get("type") == "play":
                fresh[e["player"]] = e["cell"]
    recent = recent_plays(view)
    moved = motions(view)

    def picture(p: int) -> GardenPicture:
        cells = view.arbs[p]
        where = {cell_name(x): cell_words(cell_name(x), t) for x in cells}
        return GardenPicture(fresh=fresh.get(p), recent=recent.get(p, ()), where=where,
                             motion=moved.gardens.get(p, {}))  # fmt: skip

    preview = ""
    own_pic = picture(me) if me is not None else GardenPicture()
    if me is not None and my_turn and decision == "play" and c is not None:
        plays = targets(narrow(legal, Play, card=c), field="x,y")
        for at in plays:
            own_pic.targets[at] = t(
                "arboretum.target", card=card_words(c, t), cell=cell_words(at, t)
            )
        if cell is not None:
            own_pic.chosen, own_pic.chosen_card = cell, c
            preview, own_pic.paths = _preview(view, me, plays[cell], t, labels)
        elif plays:
            own_pic.focus = next(iter(plays))
    drawing = my_turn and decision == "draw"
    supply = _supply(view, seats, t, legal if drawing else [], moved.piles)

    order = list(range(n)) if me is None else [me] + [p for p in range(n) if p != me]
    gardens = []
    for p in order:
        own = p == me
        panel = garden_panel(
            view,
            p,
            seats,
            t,
            own_pic if own else picture(p),
            own=own,
            zoom=zoom if own else None,
            controls=own and my_turn,
            labels=labels,
        )
        gardens.append(panel)
    if me is not None:
        board = gardens[0]
        others = raw_tag("div", "".join(gardens[1:]), class_="arb-others")
    else:
        board = raw_tag("div", "".join(gardens), class_="arb-others")
        others = ""
    side = others if drawing else supply + others
    top = _seat_cards(view, seats, t) + _status(view, seats, t, c, cell)
    dock = preview or (supply if drawing else "")
    hand = actions = ""
    if me is not None:
        hand = _hand(view, me, t, c, legal, moved.hand)
        chosen = _chosen_move(legal, decision, c, cell) if my_turn and c is not None else None
        if chosen is not None:
            confirm = (
                t("arboretum.button.confirm_play")
                if decision == "play"
                else t("arboretum.button.confirm_discard", card=card_words(c, t))
            )
            actions = widgets.confirm_cancel(
                "arb", confirm, str(chosen), t("arboretum.button.cancel")
            )
    body = widgets.table_layout(
        t, LAYOUT_KEYS, top=top, board=board, side=side, dock=dock, hand=hand, actions=actions
    )
    return widgets.table_frame(
        "arb", "arboretum", decision, me, style_tag(), body, _decision(view, my_turn, c, cell)
    )


#: HTML of the table for ``view.viewer`` (see :class:`tablero.web.plugin.GameUI`),
#: read-only for a replayed position.
render_table = table_renderer(_table)


def _decision(view: ArboretumState, my_turn: bool, c: int | None, cell: str | None) -> str:
    """The pending decision's name (``data-decision``; see :func:`widgets.table_frame`)."""
    if view.current_player is None:
        return "over"
    if not my_turn:
        return f"wait:{view.current_player}"
    stage = "confirm" if cell is not None else "target" if c is not None else "pick"
    if view.decision == "discard" and c is not None:
        stage = "confirm"
    return f"{view.decision}:{view.draws}:{stage}"


__all__ = [
    "ZOOMS",
    "Discard",
    "card_words",
    "garden_panel",
    "on_click",
    "render_table",
    "seat_colours",
    "seat_name",
    "species_name",
]
