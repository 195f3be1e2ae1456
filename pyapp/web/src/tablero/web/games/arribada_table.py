"""The Arribada table: what a player sees and clicks during a game.

:func:`render_table` draws the view for its viewer; :func:`on_click` turns a click
into a new selection and, when a move is complete, a move from ``legal_moves()``.

Clicks (``data-act``):

==================  ======================================================
``pick-value``      a rack tile (``data-value``): choose the value to place
``cell``            a highlighted cell (``data-cell``): choose the target
``confirm-move``    commit the chosen place/claim/capture (after its preview)
``cancel-move``     forget the chosen target
``move``            a one-step move (``data-move``): draw, pick, pass, decline,
                    refresh, confirm, end
==================  ======================================================
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tablero.arribada import ArribadaState, Capture, Claim, Place
from tablero.arribada.data import STRENGTH, WILD
from tablero.core import State

from ..plugin import Seat, Selection, Translate
from ..svg import esc, raw_tag, tag
from .arribada_look import (
    BoardPicture,
    board_svg,
    colour_class,
    mark_icon,
    seashell_icon,
    seat_letter,
    tile_icon,
    turtle_icon,
)
from .arribada_style import style_tag

ACTIONS = (Place, Claim, Capture)


# --- small helpers shared with the other Arribada modules ------------------------------


def arribada_state(state: State) -> ArribadaState:
    """``state`` as the :class:`ArribadaState` it is: the shell gives this plugin the
    states of its own game only (``TypeError`` for any other)."""
    if not isinstance(state, ArribadaState):
        raise TypeError(f"not an Arribada state: {type(state).__name__}")
    return state


def seat_name(seats: Sequence[Seat], p: int | None, t: Translate) -> str:
    """Seat ``p``'s name (plain text, escape before use), or a stand-in."""
    if p is not None and 0 <= p < len(seats) and seats[p].name.strip():
        return seats[p].name
    return t("arribada.seat.default", letter=seat_letter(p or 0))


def seat_colours(seats: Sequence[Seat], n: int) -> list[int]:
    return [seats[p].colour if p < len(seats) else p for p in range(n)]


def score_html(score: int, t: Translate) -> str:
    """A score as seashells (50 each) plus the track position; negative plainly."""
    label = t("arribada.score.points", points=score)
    if score < 0:
        inner = tag("span", score)
    else:
        shells, track = divmod(score, 50)
        inner = ""
        if shells:
            inner += seashell_icon(20) + tag("span", f"×{shells}") + tag("span", "+")
        inner += tag("span", track)
        if shells:
            inner += tag("span", f"({score})", class_="arr-score-total")
    return raw_tag("span", inner, class_="arr-score", title=label, aria_label=label)


def cell_of(view: ArribadaState, move: Any) -> int:
    return view.board.index(move.row, move.col)


def tile_words(value: int | str | None, t: Translate) -> str:
    """``a 4`` / ``an 8`` / ``a wild`` / ``a tile`` in the catalog's language."""
    if value is None or value == 0:
        return t("arribada.tile.hidden")
    if value == WILD or value == "wild":
        return t("arribada.tile.wild")
    return t(f"arribada.tile.{value}")


def move_words(view: ArribadaState, move: Any, seats: Sequence[Seat], t: Translate) -> str:
    """A place/claim/capture in words, for the preview's heading and cell labels."""
    cell = cell_of(view, move)
    name = view.board.cell_name(cell)
    if isinstance(move, Place):
        return t("arribada.target.place", tile=tile_words(move.value, t), cell=name)
    v = view.values[cell]
    if isinstance(move, Claim):
        return t("arribada.target.claim", tile=tile_words(v, t), cell=name)
    owner = view.owners[cell]
    return t(
        "arribada.target.capture",
        tile=tile_words(v, t),
        cell=name,
        owner=seat_name(seats, owner, t),
    )


# --- the selection ---------------------------------------------------------------------


def _selection(
    view: ArribadaState, selection: Selection, by_text: dict[str, Any]
) -> tuple[int | None, Any | None]:
    """The selected rack value and chosen move, dropped when no longer possible."""
    value = selection.data.get("value")
    if view.phase not in ("action", "extra"):
        return None, None
    if not isinstance(value, int) or not any(
        isinstance(m, Place) and m.value == value for m in by_text.values()
    ):
        value = None
    move = by_text.get(str(selection.data.get("move")))
    if not isinstance(move, ACTIONS):
        move = None
    return value, move


def on_click(
    view: State, selection: Selection, target: dict[str, str]
) -> tuple[Selection, Any | None]:
    """The new selection and the move to apply (``None`` while one is being built)."""
    view = arribada_state(view)
    data = {k.removeprefix("data-"): v for k, v in target.items()}
    act = data.get("act")
    if view.viewer is None or view.viewer != view.current_player:
        return selection, None
    legal = view.legal_moves()
    by_text = {str(m): m for m in legal}
    value, chosen = _selection(view, selection, by_text)
    if act == "pick-value":
        try:
            v = int(data.get("value", ""))
        except ValueError:
            return selection, None
        if not any(isinstance(m, Place) and m.value == v for m in legal):
            return selection, None
        if v == value:
            return Selection(), None
        return Selection({"value": v}), None
    if act == "cell":
        name = data.get("cell", "")
        move = None
        if value is not None:
            move = by_text.get(f"place {value} {name}")
        move = move or by_text.get(f"claim {name}") or by_text.get(f"capture {name}")
        if move is None:
            return selection, None
        keep = {"value": value} if value is not None else {}
        return Selection({**keep, "move": str(move)}), None
    if act == "confirm-move":
        if chosen is None:
            return selection, None
        return Selection(), chosen
    if act == "cancel-move":
        return Selection({"value": value} if value is not None else {}), None
    if act == "move":
        move = by_text.get(data.get("move", "").strip().lower())
        if move is None:
            return selection, None
        return Selection(), move
    return selection, None


# --- the parts of the table ------------------------------------------------------------


def _seat_cards(view: ArribadaState, seats: Sequence[Seat], t: Translate) -> str:
    items = []
    colours = seat_colours(seats, view.num_players)
    for p in range(view.num_players):
        colour = colours[p]
        turn = p == view.current_player
        name = seat_name(seats, p, t)
        head = mark_icon(colour, seat_letter(p)) + tag("span", name, class_="arr-seat-name")
        if p == view.viewer:
            head += tag("span", t("arribada.seat.you"), class_="arr-seat-you")
        flag = tag("span", t("arribada.seat.to_play"), class_="arr-turn-flag") if turn else ""
        refresh = view.refresh[p]
        stats = (
            raw_tag(
                "span",
                turtle_icon(18) + esc(t("arribada.seat.shells_left", n=view.shells[p])),
                class_="arr-stat",
            )
            + raw_tag(
                "span",
                esc(t("arribada.seat.rack_count", n=len(view.racks[p]))),
                class_="arr-stat",
            )
            + raw_tag(
                "span",
                seashell_icon(18, spent=not refresh)
                + esc(
                    t("arribada.seat.refresh_held" if refresh else "arribada.seat.refresh_spent")
                ),
                class_="arr-stat",
            )
        )
        cls = f"arr-seat {colour_class(colour)}" + (" is-turn" if turn else "")
        items.append(
            raw_tag(
                "li",
                raw_tag("div", head, class_="arr-seat-head")
                + raw_tag("div", score_html(view.score[p], t) + flag, class_="arr-seat-line")
                + raw_tag("div", stats, class_="arr-stats"),
                class_=cls,
                data_seat=p,
                aria_current="true" if turn else None,
            )
        )
    return raw_tag("ol", "".join(items), class_="arr-seats")


def _status(
    view: ArribadaState, seats: Sequence[Seat], t: Translate, value: int | None, chosen: Any | None
) -> str:
    p = view.current_player
    if p is None:
        text, hint = t("arribada.status.over"), ""
    elif p == view.viewer:
        phase = view.phase
        need = 5 - len(view.racks[p])
        picks = len(view.picks_rack) + len(view.picks_display)
        text = t(f"arribada.status.you.{phase}", n=need, picks=picks)
        hint = ""
        if phase in ("action", "extra"):
            if chosen is not None:
                hint = t("arribada.hint.confirm")
            elif value is not None:
                hint = t("arribada.hint.cell", tile=tile_words(value, t))
            else:
                hint = t("arribada.hint.pick")
        elif phase == "draw":
            hint = t("arribada.hint.draw")
        elif phase == "refresh":
            hint = t("arribada.hint.refresh")
    else:
        text = t(f"arribada.status.other.{view.phase}", name=seat_name(seats, p, t))
        hint = ""
    inner = esc(text)
    if view.final_round and p is not None:
        inner += tag("span", t("arribada.status.final_round"), class_="arr-badge")
    if hint:
        inner += tag("span", hint, class_="arr-hint")
    return raw_tag("p", inner, class_="arr-status", role="status", aria_live="polite")


def _targets(
    view: ArribadaState,
    legal: Sequence[Any],
    value: int | None,
    seats: Sequence[Seat],
    t: Translate,
) -> dict[int, tuple[str, str]]:
    out: dict[int, tuple[str, str]] = {}
    for m in legal:
        if isinstance(m, Place):
            if m.value == value:
                out[cell_of(view, m)] = ("place", move_words(view, m, seats, t))
        elif isinstance(m, (Claim, Capture)):
            kind = "claim" if isinstance(m, Claim) else "capture"
            out[cell_of(view, m)] = (kind, move_words(view, m, seats, t))
    return out


def _preview(
    view: ArribadaState, move: Any, seats: Sequence[Seat], colours: Sequence[int], t: Translate
) -> tuple[str, list[int]]:
    """The preview panel of a chosen move, and the nidos it would fill."""
    pv = view.preview(move)
    me = view.current_player
    cell = cell_of(view, move)
    name = view.board.cell_name(cell)
    strengths = pv["strengths"]
    best = max(strengths)
    rows = []
    for p, s in enumerate(strengths):
        cls = "is-best" if s == best and s > 0 else None
        rows.append(
            raw_tag(
                "tr",
                raw_tag("td", mark_icon(colours[p], seat_letter(p), 18))
                + tag("td", seat_name(seats, p, t))
                + tag("td", s, class_="arr-num"),
                class_=cls,
                data_strength_seat=p,
            )
        )
    table = raw_tag(
        "table",
        tag("caption", t("arribada.preview.strengths", cell=name)) + "".join(rows),
        class_="arr-strengths",
    )
    lines = []
    if isinstance(move, Capture):
        owner = view.owners[cell]
        lines.append(
            t(
                "arribada.preview.capture",
                attack=strengths[me],
                defence=pv["defence"],
                tile=STRENGTH[view.values[cell]],
                owner=seat_name(seats, owner, t),
            )
        )
        lines.append(t("arribada.preview.capture_no_score"))
    else:
        seq, st = pv["sequence"], pv["set"]
        if seq and st:
            lines.append(t("arribada.preview.points_both", total=seq + st, sequence=seq, set=st))
        elif seq:
            lines.append(t("arribada.preview.points_sequence", total=seq))
        elif st:
            lines.append(t("arribada.preview.points_set", total=st))
        else:
            lines.append(t("arribada.preview.no_points"))
        if pv["extra_action"]:
            lines.append(t("arribada.preview.extra_action"))
        if pv["spawns"]:
            lines.append(t("arribada.preview.spawns", cells=", ".join(pv["spawns"])))
        if view.variant != "beginner":
            v = move.value if isinstance(move, Place) else view.values[cell]
            lines.append(t("arribada.preview.defence", defence=STRENGTH[v] + strengths[me]))
    buttons = raw_tag(
        "div",
        tag(
            "button",
            t("arribada.button.confirm_move"),
            type="button",
            class_="arr-btn is-primary",
            data_act="confirm-move",
            data_move=str(move),
        )
        + tag(
            "button",
            t("arribada.button.cancel"),
            type="button",
            class_="arr-btn",
            data_act="cancel-move",
        ),
        class_="arr-controls",
    )
    html = raw_tag(
        "section",
        tag("h3", move_words(view, move, seats, t))
        + table
        + "".join(tag("p", line) for line in lines)
        + buttons,
        class_="arr-panel arr-preview",
        aria_live="polite",
        data_preview=str(move),
    )
    spawns = [view.board.parse_cell(c) for c in pv["spawns"]]
    return html, spawns


def _button(label: str, move: str, primary: bool = False) -> str:
    return tag(
        "button",
        label,
        type="button",
        class_="arr-btn" + (" is-primary" if primary else ""),
        data_act="move",
        data_move=move,
    )


def _rack(
    view: ArribadaState, me: int, t: Translate, value: int | None, legal_texts: set[str]
) -> str:
    rack = view.racks[me]
    phase = view.phase if me == view.current_player else ""
    picked_left = list(view.picks_rack) if phase == "refresh" else []
    tiles = []
    pressed_done = False
    for v in rack:
        icon = tile_icon(v, size=50)
        label = t("arribada.rack.tile", tile=tile_words(v, t))
        if phase == "refresh" and v in picked_left:
            picked_left.remove(v)
            tiles.append(
                raw_tag(
                    "span",
                    icon,
                    class_="arr-rack-tile is-picked",
                    data_rack_value=v,
                    aria_label=t("arribada.rack.picked", tile=tile_words(v, t)),
                    role="img",
                )
            )
        elif phase == "refresh" and f"pick rack {v}" in legal_texts:
            tiles.append(
                raw_tag(
                    "button",
                    icon,
                    type="button",
                    class_="arr-rack-tile",
                    data_act="move",
                    data_move=f"pick rack {v}",
                    data_rack_value=v,
                    aria_label=label,
                )
            )
        elif phase in ("action", "extra") and any(x.startswith(f"place {v} ") for x in legal_texts):
            pressed = v == value and not pressed_done
            pressed_done = pressed_done or pressed
            tiles.append(
                raw_tag(
                    "button",
                    icon,
                    type="button",
                    class_="arr-rack-tile",
                    data_act="pick-value",
                    data_value=v,
                    data_rack_value=v,
                    aria_pressed="true" if pressed else "false",
                    aria_label=label,
                )
            )
        else:
            tiles.append(
                raw_tag(
                    "span",
                    icon,
                    class_="arr-rack-tile is-idle",
                    data_rack_value=v,
                    role="img",
                    aria_label=label,
                )
            )
    if not rack:
        tiles.append(tag("span", t("arribada.rack.empty")))
    return tag("h2", t("arribada.rack.title"), class_="arr-rack-label") + raw_tag(
        "div", "".join(tiles), class_="arr-rack", data_rack_owner=me
    )


def _controls(view: ArribadaState, legal_texts: set[str], t: Translate) -> str:
    phase = view.phase
    out = []
    if phase in ("action", "extra", "end") and "refresh" in legal_texts:
        out.append(_button(t("arribada.button.refresh"), "refresh"))
    if "pass" in legal_texts:
        out.append(_button(t("arribada.button.pass"), "pass", primary=True))
    if "decline" in legal_texts:
        out.append(_button(t("arribada.button.decline"), "decline"))
    if "draw bag" in legal_texts:
        out.append(_button(t("arribada.button.draw_bag"), "draw bag", primary=True))
    if phase == "end":
        out.append(_button(t("arribada.button.end_turn"), "end", primary=True))
    if phase == "refresh" and "confirm" in legal_texts:
        n = len(view.picks_rack) + len(view.picks_display)
        out.append(_button(t("arribada.button.confirm_refresh", n=n), "confirm", primary=True))
    return raw_tag("div", "".join(out), class_="arr-controls")


def render_table(view: State, seats: list[Seat], selection: Selection, t: Translate) -> str:
    """HTML of the table for ``view.viewer`` (see :class:`tablero.web.plugin.GameUI`)."""
    view = arribada_state(view)
    me = view.viewer
    my_turn = me is not None and me == view.current_player
    legal = view.legal_moves() if my_turn else []
    by_text = {str(m): m for m in legal}
    legal_texts = set(by_text)
    value, chosen = _selection(view, selection, by_text)
    colours = seat_colours(seats, view.num_players)
    pic = BoardPicture(bag_count=view.bag_count)
    side = [
        raw_tag(
            "div",
            tag("h3", t("arribada.bag.title"))
            + tag("p", t("arribada.bag.count", n=view.bag_count), data_bag_count=view.bag_count),
            class_="arr-panel arr-bagpanel",
        )
    ]
    if my_turn and me is not None:
        phase = view.phase
        if phase in ("action", "extra"):
            pic.targets = _targets(view, legal, value, seats, t)
        if chosen is not None:
            cell = cell_of(view, chosen)
            pic.chosen = cell
            if isinstance(chosen, Place):
                pic.chosen_tile = (chosen.value, colours[me], seat_letter(me))
            elif isinstance(chosen, Claim):
                pic.chosen_tile = (view.values[cell], colours[me], seat_letter(me))
            else:
                pic.chosen_tile = (WILD, colours[me], seat_letter(me))
            panel, pic.spawns = _preview(view, chosen, seats, colours, t)
            side.insert(0, panel)
        if phase == "draw":
            pic.display_moves = {
                slot: f"draw {v}"
                for slot, v in enumerate(view.display)
                if f"draw {v}" in legal_texts
            }
            if "draw bag" in legal_texts:
                pic.bag_move = "draw bag"
        if phase == "refresh":
            pic.display_moves = {
                slot: f"pick display {v}"
                for slot, v in enumerate(view.display)
                if slot not in view.picks_display and f"pick display {v}" in legal_texts
            }
    if view.phase == "refresh":
        pic.display_picked = list(view.picks_display)
    svg = board_svg(
        view.board,
        view.values,
        view.owners,
        view.display,
        colours,
        pic,
        title=t("arribada.board.title"),
        display_label=t("arribada.board.display"),
        bag_label=t("arribada.bag.title"),
        rock_label=t("arribada.board.rock"),
    )
    top = raw_tag(
        "header",
        _seat_cards(view, seats, t) + _status(view, seats, t, value, chosen),
        class_="arr-top",
    )
    main = raw_tag(
        "div",
        raw_tag("div", svg, class_="arr-board-wrap")
        + raw_tag("aside", "".join(side), class_="arr-side"),
        class_="arr-main",
    )
    bottom = ""
    if me is not None:
        bottom = _rack(view, me, t, value, legal_texts)
        if my_turn:
            bottom += _controls(view, legal_texts, t)
        bottom = raw_tag("section", bottom, class_="arr-bottom")
    return raw_tag(
        "div",
        style_tag() + top + main + bottom,
        class_="arr-table",
        data_game="arribada",
        data_phase=view.phase,
        data_viewer=me if me is not None else None,
    )
